/* Moving objects through the frame (scene/animation.h): each frame the objects the animation
 * moved are set again in every place that holds a world transform or bounds: the CPU object
 * culling set (the camera's and the shadow views' object cull, seed 000), the GPU's per-object
 * transforms (LC_BIND_OBJECTS: every geometry path and the visibility shade read them) and cull
 * records (LC_BIND_GEO_OBJECTS: world sphere, axis scale, cone flag for the mdi, mesh and shadow
 * culls; meshlet bounds are mesh-local and follow the object's matrix there). The render
 * contexts read the scene's objects as they stand. The GPU buffers are updated by a copy from
 * the frame slot's staging (the range that holds the moved objects) at the start of the frame
 * (the "object motion" pass), so frames in flight keep what they were recorded with.
 *
 * Skinned meshes (default: skinned on the GPU, geometry/skinning.h): the same pass runs the
 * skinning kernels over each skin's range of the runtime mesh (the runtime mesh keeps each mesh's
 * vertices in a range, vertex_remap naming each one's scene vertex), which also pose its
 * meshlets' and sublets' spheres (back-face cone off, as a pose bends it); the host's copies of
 * those bounds (the shadow views' CPU cull) reach everywhere (geometry/skinning.h). With
 * --skinning cpu the scene poses the vertices, they go up with the objects and the bounds are
 * refit here, on the host arrays and, through the staging, on the GPU. Either way no cull drops
 * a posed triangle; the posed vertices are floats, not the codec's quantized ones, from the first
 * frame on, and every path reads them from the runtime mesh: the mesh path's inline decode of
 * the compressed stream is off for scenes with skins (it would draw the load-time pose). */
#include "frame_state.h"

#include "cpu/jobs.h"
#include "passes/passes.h"
#include "scene/animation.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The meshes the CPU deforms and this pass uploads: the skinned ones where the GPU does not skin
 * (--skinning cpu), then the morph-target meshes. */
static uint32_t cpu_mesh_count(const lc_scene *scene, const lc_frame_motion *m)
{
    const lc_scene_anim *a = scene->anim;
    return (m->gpu.range_count ? 0 : a->skin_count) + a->morph_count;
}

static uint32_t cpu_mesh(const lc_scene *scene, const lc_frame_motion *m, uint32_t k)
{
    const lc_scene_anim *a = scene->anim;
    uint32_t skins = m->gpu.range_count ? 0 : a->skin_count;
    return k < skins ? a->skins[k].mesh : a->morphs[k - skins].mesh;
}

lc_status lc_frame_motion_create(lc_renderer *r)
{
    lc_frame_motion *m = &r->dev.motion;
    memset(m, 0, sizeof *m);
    const lc_scene *s = r->scene;
    if (!s->anim || !s->object_count) return LC_OK;
    /* Room for any animation the viewer may pick: every object that follows a node. */
    m->objects = lc_calloc(s->object_count, sizeof *m->objects);
    m->cull = lc_calloc(s->object_count, sizeof *m->cull);
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        m->objects[i].world = o->world;
        lc_object_normal_matrix(&o->world, &m->objects[i].normal);
        m->objects[i].info = (lc_u4){o->mesh, o->material, o->flags, r->dev.geo.ms.ranges[o->mesh].first_triangle};
        /* Bucket (material x winding), flags and raster state as uploaded: an animation that
         * mirrors an object keeps them. */
        m->cull[i] = lc_geometry_cull_object(&r->dev.geo, s, i);
    }
    VkDeviceSize size = (VkDeviceSize)s->object_count * (sizeof *m->objects + sizeof *m->cull);
    m->skinned = s->anim->skin_count + s->anim->morph_count > 0;
    if (s->anim->skin_count && !r->desc.skinning_cpu) {
        lc_status st = lc_skinning_create(r->ctx, s, &r->dev.geo, &m->gpu);
        if (st != LC_OK) return st;
    }
    /* The meshes the CPU deforms: their runtime vertices, meshlets and sublet bounds after the objects. */
    m->skin_bytes = size;
    for (uint32_t k = 0; k < cpu_mesh_count(r->scene, &r->dev.motion); k++) {
        const lc_meshlet_range *rg = &r->dev.geo.ms.ranges[cpu_mesh(r->scene, &r->dev.motion, k)];
        size += (VkDeviceSize)rg->vertex_count * sizeof(lc_vertex) + (VkDeviceSize)rg->meshlet_count * sizeof(lc_gpu_meshlet) +
                (VkDeviceSize)rg->meshlet_count * LC_MESHLET_SUBLETS * sizeof(lc_meshlet_bounds);
    }
    /* The first frame uploads the pose too: skinned vertices are then the same floats on every
     * frame (not the codec's quantized load-time ones first), so a frame at a given time is the
     * same image however many frames led to it. */
    m->pose_serial = s->anim->pose_serial - 1u;
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        lc_buffer_desc d = {.size = size, .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT, .host_visible = true, .name = "object motion staging"};
        lc_status st = lc_buffer_create(r->ctx, &d, &m->staging[i]);
        if (st != LC_OK) return st;
    }
    return LC_OK;
}

void lc_frame_motion_destroy(lc_renderer *r)
{
    lc_frame_motion *m = &r->dev.motion;
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) lc_buffer_destroy(r->ctx, &m->staging[i]);
    lc_skinning_destroy(r->ctx, &m->gpu);
    free(m->objects);
    free(m->cull);
    memset(m, 0, sizeof *m);
}

/* A sphere around points (the centre of their box, the farthest one's distance). */
static lc_f4 sphere_of(const lc_vertex *v, uint32_t first, uint32_t count)
{
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (uint32_t i = first; i < first + count; i++)
        for (int c = 0; c < 3; c++) lo[c] = fminf(lo[c], v[i].position[c]), hi[c] = fmaxf(hi[c], v[i].position[c]);
    if (!count) return (lc_f4){0, 0, 0, 0};
    float ctr[3] = {0.5f * (lo[0] + hi[0]), 0.5f * (lo[1] + hi[1]), 0.5f * (lo[2] + hi[2])}, r2 = 0.0f;
    for (uint32_t i = first; i < first + count; i++) {
        float d = 0.0f;
        for (int c = 0; c < 3; c++) d += (v[i].position[c] - ctr[c]) * (v[i].position[c] - ctr[c]);
        r2 = fmaxf(r2, d);
    }
    /* A relative hair more: rounding must not leave a vertex outside. */
    return (lc_f4){ctr[0], ctr[1], ctr[2], sqrtf(r2) * (1.0f + 1e-5f) + 1e-6f};
}

/* The posed skins into the slot's staging: runtime vertices, and their meshlets and sublets
 * refit (host arrays too). */
static void update_skins(lc_renderer *r, uint8_t *staging)
{
    const lc_scene *s = r->scene;
    lc_geometry *g = &r->dev.geo;
    size_t at = r->dev.motion.skin_bytes;
    for (uint32_t k = 0; k < cpu_mesh_count(r->scene, &r->dev.motion); k++) {
        const lc_meshlet_range *rg = &g->ms.ranges[cpu_mesh(r->scene, &r->dev.motion, k)];
        lc_vertex *v = (lc_vertex *)(staging + at);
        for (uint32_t i = 0; i < rg->vertex_count; i++) v[i] = s->vertices[g->ms.vertex_remap[rg->first_vertex + i]];
        at += (size_t)rg->vertex_count * sizeof(lc_vertex);
        for (uint32_t j = 0; j < rg->meshlet_count; j++) {
            uint32_t mi = rg->first_meshlet + j;
            lc_gpu_meshlet *ml = &g->meshlets_host[mi];
            uint32_t first = ml->info.z - rg->first_vertex, total = 0;
            for (uint32_t q = 0; q < LC_MESHLET_SUBLETS; q++) {
                uint32_t c = lc_sublet_counts(ml->sublets, q);
                lc_meshlet_bounds *b = &g->sublet_bounds_host[(size_t)mi * LC_MESHLET_SUBLETS + q];
                if (!c) continue;
                b->sphere = sphere_of(v, first + total, c >> 8);
                b->cone_apex.w = 1.0f; /* no back-face cone for a posed mesh */
                total += c >> 8;
            }
            ml->sphere = sphere_of(v, first, total);
            ml->cone_apex.w = 1.0f;
        }
        memcpy(staging + at, g->meshlets_host + rg->first_meshlet, (size_t)rg->meshlet_count * sizeof(lc_gpu_meshlet));
        at += (size_t)rg->meshlet_count * sizeof(lc_gpu_meshlet);
        memcpy(staging + at, g->sublet_bounds_host + (size_t)rg->first_meshlet * LC_MESHLET_SUBLETS,
               (size_t)rg->meshlet_count * LC_MESHLET_SUBLETS * sizeof(lc_meshlet_bounds));
        at += (size_t)rg->meshlet_count * LC_MESHLET_SUBLETS * sizeof(lc_meshlet_bounds);
    }
}

/* Moved objects a chunk of the jobs, and a thread is worth waking for. */
#define MOVED_CHUNK 256u
#define MOVED_PER_THREAD 2048u

/* The moved objects [first, first + count) of the list into the culling set and the GPU records' host copies. */
static void update_moved(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    lc_renderer *r = user;
    lc_frame_motion *m = &r->dev.motion;
    const lc_scene *s = r->scene;
    for (uint32_t k = first; k < first + count; k++) {
        uint32_t i = s->anim->moved[k];
        const lc_object *o = &s->objects[i];
        const lc_mesh *mesh = &s->meshes[o->mesh];
        lc_object_cull_set_update(&r->dev.object_cull_set, i, o->world.m, mesh->aabb_min, mesh->aabb_max);
        m->objects[i].world = o->world;
        lc_object_normal_matrix(&o->world, &m->objects[i].normal);
        m->objects[i].info.z = o->flags;
        lc_geometry_cull_object_pose(o, &m->cull[i]);
    }
}

/* Timed as the animation's host side (cpu_ms animation, which the app adds its evaluation to). */
static void motion_update(lc_renderer *r, lc_frame_slot *slot);

void lc_frame_motion_update(lc_renderer *r, lc_frame_slot *slot)
{
    double t0 = lc_time_seconds();
    motion_update(r, slot);
    r->frame.cpu_ms[LC_CPU_ANIMATION] = (lc_time_seconds() - t0) * 1e3;
}

static void motion_update(lc_renderer *r, lc_frame_slot *slot)
{
    lc_frame_motion *m = &r->dev.motion;
    m->first = m->count = 0;
    m->skins_pending = false;
    const lc_scene *s = r->scene;
    if (!s->anim || !m->objects) return;
    if (m->skinned && s->anim->pose_serial != m->pose_serial && r->dev.geo.meshlets_host && r->dev.geo.sublet_bounds_host) {
        if (m->gpu.range_count) lc_skinning_joints(&m->gpu, s, (uint32_t)(slot - r->frame.slots));
        update_skins(r, m->staging[slot - r->frame.slots].mapped); /* the meshes the CPU deforms, if any */
        m->pose_serial = s->anim->pose_serial;
        m->skins_pending = true;
    }
    if (!s->anim->moved_count) return;
    const lc_scene_anim *a = s->anim;
    /* On the jobs: each object is listed once (animation.h), so chunks write disjoint records. */
    lc_jobs_run_on(lc_jobs_threads_for(0, a->moved_count, MOVED_PER_THREAD), a->moved_count, MOVED_CHUNK, update_moved, r);
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t k = 0; k < a->moved_count; k++) lo = LC_MIN(lo, a->moved[k]), hi = LC_MAX(hi, a->moved[k]);
    m->first = lo;
    m->count = hi - lo + 1;
    /* This slot's staging: the moved range of both arrays (the objects, then the cull records,
     * each at its place in a full-size layout). */
    uint8_t *dst = m->staging[slot - r->frame.slots].mapped;
    size_t objects_bytes = (size_t)s->object_count * sizeof *m->objects;
    memcpy(dst + (size_t)lo * sizeof *m->objects, m->objects + lo, (size_t)m->count * sizeof *m->objects);
    memcpy(dst + objects_bytes + (size_t)lo * sizeof *m->cull, m->cull + lo, (size_t)m->count * sizeof *m->cull);
}

/* Whatever moved, also where nothing plays now (the viewer switched to none: objects and skins
 * go back to their rest pose once). */
bool lc_frame_motion_pending(const lc_renderer *r) { return r->dev.motion.objects && (r->dev.motion.count || r->dev.motion.skins_pending); }

const float (*lc_frame_motion_bounds(const lc_renderer *r, uint32_t *count))[4]
{
    const lc_scene_anim *a = r->scene->anim;
    *count = a ? a->moved_count * 2 : 0;
    return a ? (const float (*)[4])a->moved_bounds : NULL;
}

static void record_motion(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_frame_motion *m = &f->dev->motion;
    const lc_buffer *staging = &m->staging[f->slot_index];
    /* The previous frames' reads of both buffers (any stage) before the copies write them. */
    VkMemoryBarrier2 before = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2, .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                               .srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                               .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                               .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};
    lc_rc_barrier(rc, lc_sort_key(pass, LC_SEQ_STATE), &before, 1, NULL, 0);
    size_t objects_bytes = (size_t)f->scene->object_count * sizeof(lc_gpu_object);
    if (m->skins_pending && m->gpu.range_count) {
        /* After this pass's copies (the CPU-deformed meshes share the buffers the kernels bind whole). */
        VkMemoryBarrier2 copies = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2, .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                                   .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT, .dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                                   .dstAccessMask = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};
        lc_rc_barrier(rc, lc_sort_key(pass, LC_SEQ_WORK + 1), &copies, 1, NULL, 0);
        lc_skinning_record(&m->gpu, rc, pass, LC_SEQ_WORK + 2, f->slot_index);
    }
    if (m->skins_pending) {
        /* Each CPU-deformed mesh's runtime vertices, meshlets and sublet bounds, as update_skins laid them out. */
        const lc_geometry *g = &f->dev->geo;
        VkDeviceSize at = m->skin_bytes;
        for (uint32_t k = 0; k < cpu_mesh_count(f->scene, m); k++) {
            const lc_meshlet_range *rg = &g->ms.ranges[cpu_mesh(f->scene, m, k)];
            VkBufferCopy v = {at, (VkDeviceSize)rg->first_vertex * sizeof(lc_vertex), (VkDeviceSize)rg->vertex_count * sizeof(lc_vertex)};
            at += v.size;
            VkBufferCopy ml = {at, (VkDeviceSize)rg->first_meshlet * sizeof(lc_gpu_meshlet), (VkDeviceSize)rg->meshlet_count * sizeof(lc_gpu_meshlet)};
            at += ml.size;
            VkBufferCopy sb = {at, (VkDeviceSize)rg->first_meshlet * LC_MESHLET_SUBLETS * sizeof(lc_meshlet_bounds),
                               (VkDeviceSize)rg->meshlet_count * LC_MESHLET_SUBLETS * sizeof(lc_meshlet_bounds)};
            at += sb.size;
            if (v.size) lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), staging->buffer, g->vertices.buffer, &v);
            if (ml.size && g->meshlets.buffer) lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), staging->buffer, g->meshlets.buffer, &ml);
            if (sb.size && g->sublet_bounds.buffer) lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), staging->buffer, g->sublet_bounds.buffer, &sb);
        }
    }
    if (m->count) {
    VkBufferCopy objects = {.srcOffset = (VkDeviceSize)m->first * sizeof(lc_gpu_object), .dstOffset = (VkDeviceSize)m->first * sizeof(lc_gpu_object),
                            .size = (VkDeviceSize)m->count * sizeof(lc_gpu_object)};
    lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), staging->buffer, f->dev->objects.buffer, &objects);
    if (f->dev->geo.cull_objects.buffer) {
        VkBufferCopy cull = {.srcOffset = objects_bytes + (VkDeviceSize)m->first * sizeof(lc_gpu_cull_object),
                             .dstOffset = (VkDeviceSize)m->first * sizeof(lc_gpu_cull_object),
                             .size = (VkDeviceSize)m->count * sizeof(lc_gpu_cull_object)};
        lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), staging->buffer, f->dev->geo.cull_objects.buffer, &cull);
    }
    }
    VkMemoryBarrier2 after = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstAccessMask = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT |
                                               VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT};
    lc_rc_barrier(rc, lc_sort_key(pass, LC_SEQ_WORK + 5), &after, 1, NULL, 0);
}

// object motion: the moved objects' transforms and cull records, before every pass that reads them
/* Timed with the geometry (the depth timer, as the geometry culls are), not the light cull. */
lc_pass lc_pass_object_motion(void) { return (lc_pass){.name = "object motion", .timer = LC_TIMER_DEPTH, .record = record_motion}; }
