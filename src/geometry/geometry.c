#include "geometry/geometry.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geometry/meshlet_gpu.h"
#include "scene/animation.h"

_Static_assert(sizeof(lc_gpu_meshlet) == 80 && offsetof(lc_gpu_meshlet, info) == 48 && offsetof(lc_gpu_meshlet, sublets) == 64,
               "lc_gpu_meshlet: std430 layout");
_Static_assert(LC_MESH_MAX_TRIANGLES == LC_MESHLET_SUBLET_SIZE && LC_MESH_MAX_VERTICES == LC_MESHLET_SUBLET_SIZE &&
                   (1u << LC_MESH_SUBLET_SHIFT) == LC_MESHLET_SUBLETS,
               "the mesh path draws one sublet per mesh workgroup");
_Static_assert(sizeof(lc_gpu_cull_object) == 32 && offsetof(lc_gpu_cull_object, info) == 16, "lc_gpu_cull_object: std430 layout");
_Static_assert(sizeof(lc_gpu_geometry_stats) == 48, "lc_gpu_geometry_stats: three uvec4");
_Static_assert(sizeof(lc_geometry_cull_push) == 32 && sizeof(lc_hiz_push) == 16, "push constants fit the frame layout's 64 bytes");
_Static_assert(sizeof(VkDrawIndexedIndirectCommand) == 20, "the cull shader writes 5 uints per command");

const char *const lc_geometry_names[LC_GEOMETRY_COUNT] = {"direct", "mdi", "mesh"};
const char *const lc_mesh_dispatch_names[LC_MESH_DISPATCH_COUNT] = {"task", "indirect"};

uint32_t lc_geometry_raster(const lc_scene *scene, const lc_object *o)
{
    if (o->material < scene->material_count && scene->materials[o->material].two_sided) return LC_RASTER_NONE;
    return (o->flags & LC_OBJECT_MIRRORED) ? LC_RASTER_BACK_CW : LC_RASTER_BACK_CCW;
}

static lc_status buffer(lc_context *ctx, lc_buffer *b, const void *data, VkDeviceSize size, VkBufferUsageFlags usage,
                        const char *name)
{
    lc_buffer_desc d = {.size = size ? size : 16,
                        .usage = usage | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, .name = name};
    lc_status s = lc_buffer_create(ctx, &d, b);
    if (s == LC_OK && data && size) s = lc_buffer_upload(ctx, b, data, size);
    return s;
}

/* Largest axis scale and whether the upper 3x3 is a similarity (uniform scale times a
 * rotation, possibly mirrored): then angles, and so the back-face cones, survive it. */
static float axis_scale(const lc_m4 *w, bool *similarity)
{
    float len[3], dot[3];
    for (int c = 0; c < 3; c++) len[c] = sqrtf(w->m[c * 4] * w->m[c * 4] + w->m[c * 4 + 1] * w->m[c * 4 + 1] + w->m[c * 4 + 2] * w->m[c * 4 + 2]);
    for (int c = 0; c < 3; c++) {
        int d = (c + 1) % 3;
        dot[c] = w->m[c * 4] * w->m[d * 4] + w->m[c * 4 + 1] * w->m[d * 4 + 1] + w->m[c * 4 + 2] * w->m[d * 4 + 2];
    }
    float hi = fmaxf(len[0], fmaxf(len[1], len[2])), lo = fminf(len[0], fminf(len[1], len[2]));
    *similarity = hi > 0.0f && (hi - lo) <= 1e-4f * hi && fabsf(dot[0]) + fabsf(dot[1]) + fabsf(dot[2]) <= 1e-4f * hi * hi;
    return hi;
}

void lc_geometry_cull_object_pose(const lc_object *o, lc_gpu_cull_object *out)
{
    bool similarity;
    float scale = axis_scale(&o->world, &similarity);
    out->sphere = (lc_f4){o->sphere[0], o->sphere[1], o->sphere[2], o->sphere[3]};
    memcpy(&out->info.z, &scale, 4);
    out->info.y = (out->info.y & ~LC_GEOMETRY_CULL_CONE) | (similarity ? LC_GEOMETRY_CULL_CONE : 0u);
}

lc_gpu_cull_object lc_geometry_cull_object(const lc_geometry *g, const lc_scene *scene, uint32_t i)
{
    const lc_object *o = &scene->objects[i];
    uint32_t materials = LC_MAX(scene->material_count, 1u);
    uint32_t bucket = LC_MIN(o->material, materials - 1) * 2 + ((o->flags & LC_OBJECT_MIRRORED) ? 1u : 0u);
    bool movable = g->object_movable && g->object_movable[i];
    lc_gpu_cull_object c = {.info = {bucket, movable ? LC_GEOMETRY_CULL_MOVABLE : 0u, 0u, g->object_raster ? g->object_raster[i] : 0u}};
    lc_geometry_cull_object_pose(o, &c);
    return c;
}

/* The runtime mesh into g->vertices / g->indices: decoded on the GPU from the compressed
 * stream, or decoded on the CPU and uploaded plain. */
static lc_status upload_mesh(lc_context *ctx, lc_geometry *g, bool codec_off)
{
    const lc_meshlet_encoded *e = &g->ms.enc;
    VkBufferUsageFlags vu = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    VkBufferUsageFlags iu = VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    if (codec_off || !e->meshlet_count) {
        lc_vertex *v = lc_calloc((size_t)e->vertex_count + 1, sizeof *v);
        uint32_t *ix = lc_calloc((size_t)e->triangle_count * 3 + 1, sizeof *ix);
        lc_meshlet_decode_cpu(e, v, ix, NULL);
        lc_status s = buffer(ctx, &g->vertices, v, (VkDeviceSize)e->vertex_count * sizeof *v, vu, "runtime vertices");
        if (s == LC_OK) s = buffer(ctx, &g->indices, ix, (VkDeviceSize)e->triangle_count * 12, iu, "runtime indices");
        free(v);
        free(ix);
        return s;
    }
    lc_meshlet_gpu mg;
    lc_status s = lc_meshlet_gpu_create(ctx, NULL, &mg);
    if (s == LC_OK) s = lc_meshlet_gpu_decode(ctx, &mg, e, 1, &g->decode_ms);
    if (s == LC_OK) {
        /* Keep the decoder's outputs as the runtime buffers. */
        g->vertices = mg.vertices;
        g->indices = mg.indices;
        memset(&mg.vertices, 0, sizeof mg.vertices);
        memset(&mg.indices, 0, sizeof mg.indices);
    }
    lc_meshlet_gpu_destroy(ctx, &mg);
    return s;
}

lc_status lc_geometry_create(lc_context *ctx, const lc_scene *scene, const lc_geometry_desc *desc, lc_geometry *g)
{
    memset(g, 0, sizeof *g);
    lc_status s = lc_meshlet_scene_build(scene, &g->ms);
    if (s != LC_OK) return s;
    const lc_meshlet_encoded *e = &g->ms.enc;
    /* --grid's per-copy poses (scene/anim_instance.c): every copy's posed vertices in the one
     * runtime vertex buffer, a usage error (not a failed upload) where they pass the device's
     * storage buffer. */
    VkDeviceSize vertex_bytes = (VkDeviceSize)e->vertex_count * sizeof(lc_vertex);
    if (scene->anim && scene->anim->instance_count > 1 && vertex_bytes > ctx->props.limits.maxStorageBufferRange) {
        lc_error("%s: %u copies each posed on its own need %.0f MiB of runtime vertices, more than device '%s' holds in one "
                 "storage buffer (%.0f MiB): a smaller --grid or --figure-count, or --grid-phase same",
                 scene->name, scene->anim->instance_count, vertex_bytes / 1048576.0, ctx->props.deviceName,
                 ctx->props.limits.maxStorageBufferRange / 1048576.0);
        return LC_ERR_USAGE;
    }
    if (s == LC_OK) s = upload_mesh(ctx, g, desc && desc->codec_off);
    if (s != LC_OK) return s;

    /* Meshlets: mesh-local bounds and their index ranges in the runtime mesh. */
    lc_gpu_meshlet *meshlets = lc_calloc((size_t)e->meshlet_count + 1, sizeof *meshlets);
    uint32_t *vertex_meshlet = lc_calloc((size_t)e->vertex_count + 1, sizeof *vertex_meshlet);
    lc_meshlet_bounds *sublet_bounds = lc_calloc((size_t)e->meshlet_count * LC_MESHLET_SUBLETS + 1, sizeof *sublet_bounds);
    for (uint32_t m = 0; m < e->meshlet_count; m++) {
        const lc_meshlet_header *h = &e->headers[m];
        uint32_t tris = 0, verts = 0, sublets[4] = {0};
        for (uint32_t k = 0; k < h->sublet_count; k++) {
            const uint32_t *counts = e->streams[h->stream_offset + k * LC_MESHLET_STREAM_COUNT].base_value;
            tris += counts[0];
            verts += counts[1];
            sublets[k / 2] |= (counts[0] | counts[1] << 8) << (16 * (k % 2));
            sublet_bounds[m * LC_MESHLET_SUBLETS + k] = g->ms.bounds[h->stream_offset / LC_MESHLET_STREAM_COUNT + k];
        }
        const lc_meshlet_bounds *b = &g->ms.bounds_256[m];
        meshlets[m] = (lc_gpu_meshlet){b->sphere, b->cone_apex, b->cone_axis, {h->primitive_offset * 3, tris * 3, h->vertex_offset, tris},
                                       {sublets[0], sublets[1], sublets[2], sublets[3]}};
        for (uint32_t v = 0; v < verts && h->vertex_offset + v < e->vertex_count; v++) vertex_meshlet[h->vertex_offset + v] = m;
    }
    s = buffer(ctx, &g->meshlets, meshlets, (VkDeviceSize)e->meshlet_count * sizeof *meshlets,
               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "geometry meshlets");
    if (s == LC_OK)
        s = buffer(ctx, &g->vertex_meshlet, vertex_meshlet, (VkDeviceSize)e->vertex_count * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                   "vertex meshlet");
    /* The mesh path's task shader and the shadow views' cull (view_cull.comp) read them. */
    if (s == LC_OK)
        s = buffer(ctx, &g->sublet_bounds, sublet_bounds, (VkDeviceSize)e->meshlet_count * LC_MESHLET_SUBLETS * sizeof *sublet_bounds,
                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "sublet bounds");
    g->meshlets_host = meshlets; /* the shadow views' meshlet cull (src/frame_shadows.c) */
    free(vertex_meshlet);
    g->sublet_bounds_host = sublet_bounds;
    if (s != LC_OK) return s;

    /* Buckets: material x winding (mirrored objects wind the other way), so each bucket is
     * one indirect draw with one material set and one raster state. */
    uint32_t materials = LC_MAX(scene->material_count, 1u);
    g->bucket_count = materials * 2;
    g->bucket_first = lc_calloc(g->bucket_count, sizeof *g->bucket_first);
    g->bucket_tasks = lc_calloc(g->bucket_count, sizeof *g->bucket_tasks);
    g->bucket_raster = lc_calloc(g->bucket_count, sizeof *g->bucket_raster);
    g->object_raster = lc_calloc(LC_MAX(scene->object_count, 1u), sizeof *g->object_raster);
    g->object_movable = lc_scene_movable_objects(scene);
    for (uint32_t i = 0; g->object_movable && i < scene->object_count; i++) g->movable_count += g->object_movable[i];
    if (g->movable_count) g->movable_objects = lc_alloc(g->movable_count * sizeof *g->movable_objects);
    for (uint32_t i = 0, n = 0; n < g->movable_count; i++)
        if (g->object_movable[i]) g->movable_objects[n++] = i;
    lc_gpu_cull_object *objs = lc_calloc(LC_MAX(scene->object_count, 1u), sizeof *objs);
    uint64_t tasks = 0, blend_tasks = 0;
    for (uint32_t i = 0; i < scene->object_count; i++) {
        const lc_object *o = &scene->objects[i];
        const lc_meshlet_range *r = &g->ms.ranges[o->mesh];
        g->object_raster[i] = lc_geometry_raster(scene, o);
        objs[i] = lc_geometry_cull_object(g, scene, i);
        uint32_t bucket = objs[i].info.x;
        g->bucket_raster[bucket] = g->object_raster[i];
        /* Blended objects are the transparent pass's (direct draws, back to front): no tasks. */
        bool blends = lc_scene_object_blends(scene, i);
        g->bucket_tasks[bucket] += blends ? 0 : r->meshlet_count;
        tasks += blends ? 0 : r->meshlet_count;
        blend_tasks += blends && lc_scene_object_casts(scene, i) ? r->meshlet_count : 0;
        g->meshlets_total += r->meshlet_count;
        g->triangles_total += r->triangle_count;
    }
    /* Commands of a phase: 20 bytes each; lavapipe's storage buffers stop at 128 MiB. */
    const uint64_t task_max = (100u << 20) / 20 / 2;
    if (tasks + blend_tasks > task_max) {
        /* The direct path still draws every object; the GPU-culled paths have no buffers. */
        lc_info("%s: %llu meshlet draws are more than the GPU culling buffers hold (%llu): the direct path only",
                scene->name, (unsigned long long)tasks, (unsigned long long)task_max);
        g->cull_unavailable = true;
        tasks = blend_tasks = 0;
        memset(g->bucket_tasks, 0, g->bucket_count * sizeof *g->bucket_tasks);
    }
    g->task_count = (uint32_t)tasks;
    g->shadow_task_count = (uint32_t)(tasks + blend_tasks);
    uint32_t first = 0;
    for (uint32_t b = 0; b < g->bucket_count; b++) {
        g->bucket_first[b] = first;
        first += g->bucket_tasks[b];
    }
    g->command_capacity = first;
    /* Tasks in bucket order, so a bucket's draws read neighbouring tasks; then the blended
     * objects that cast (shadow casters only: the shadow cull's, past task_count). */
    uint32_t *task_data = lc_calloc((size_t)g->shadow_task_count * 2 + 2, sizeof *task_data);
    uint32_t *fill = lc_calloc(g->bucket_count, sizeof *fill);
    uint32_t blend_next = g->task_count;
    for (uint32_t i = 0; i < scene->object_count && !g->cull_unavailable; i++) {
        const lc_meshlet_range *r = &g->ms.ranges[scene->objects[i].mesh];
        uint32_t b = objs[i].info.x;
        bool blends = lc_scene_object_blends(scene, i);
        if (blends && !lc_scene_object_casts(scene, i)) continue; /* neither drawn opaque nor a caster */
        for (uint32_t m = 0; m < r->meshlet_count; m++) {
            uint32_t t = blends ? blend_next++ : g->bucket_first[b] + fill[b]++;
            task_data[t * 2] = i;
            task_data[t * 2 + 1] = r->first_meshlet + m;
        }
    }
    free(fill);
    s = buffer(ctx, &g->cull_objects, objs, (VkDeviceSize)scene->object_count * sizeof *objs, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
               "cull objects");
    if (s == LC_OK)
        s = buffer(ctx, &g->tasks, task_data, (VkDeviceSize)g->shadow_task_count * 8, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "cull tasks");
    free(objs);
    free(task_data);
    if (s != LC_OK) return s;
    /* Visibility starts all zero: the first frame's phase 1 draws nothing, phase 2 the rest. A
     * bit per task for mdi, a byte per task (one bit per sublet) where the mesh path can run. */
    uint32_t words = (desc && desc->keep_encoded ? LC_DIV_UP(g->task_count, 4u) : LC_DIV_UP(g->task_count, 32u)) + 1;
    uint32_t *zeros = lc_calloc(words, 4);
    s = buffer(ctx, &g->visibility, zeros, (VkDeviceSize)words * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "visibility bits");
    free(zeros);
    /* The same buffer holds the mesh path's drawn flags and, for --mesh-dispatch indirect, its
     * sublet list and mesh-tasks commands (lc_geometry.h's LC_MESH_LIST_*): as large as the
     * larger, where the device's storage buffers reach that far. */
    VkDeviceSize command_bytes = (VkDeviceSize)g->command_capacity * 2 * sizeof(VkDrawIndexedIndirectCommand);
    if (desc && desc->keep_encoded && g->task_count) {
        VkDeviceSize list_bytes = (VkDeviceSize)LC_MESH_LIST_WORDS((uint64_t)g->task_count, (uint64_t)g->bucket_count) * 4;
        g->mesh_list_unavailable = list_bytes > ctx->props.limits.maxStorageBufferRange;
        if (!g->mesh_list_unavailable && list_bytes > command_bytes) command_bytes = list_bytes;
    }
    if (s == LC_OK)
        s = buffer(ctx, &g->commands, NULL, command_bytes,
                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "indirect draws");
    if (s == LC_OK)
        s = buffer(ctx, &g->counts, NULL, (VkDeviceSize)(LC_GEO_COUNTS_HEADER + 2 * g->bucket_count) * 4,
                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "indirect draw counts");
    if (s == LC_OK)
        s = buffer(ctx, &g->buckets, g->bucket_first, (VkDeviceSize)g->bucket_count * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                   "draw buckets");
    for (int i = 0; i < 2 && s == LC_OK; i++) {
        lc_buffer_desc d = {.size = sizeof(lc_gpu_geometry_stats),
                            .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT, .host_visible = true, .name = "geometry stats"};
        s = lc_buffer_create(ctx, &d, &g->stats[i]);
        if (s == LC_OK) memset(g->stats[i].mapped, 0, sizeof(lc_gpu_geometry_stats));
    }
    /* The mesh path's inline decode reads the compressed stream itself. */
    if (s == LC_OK && desc && desc->keep_encoded && !desc->codec_off && e->meshlet_count) {
        s = buffer(ctx, &g->enc_headers, e->headers, (VkDeviceSize)e->meshlet_count * sizeof *e->headers,
                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "meshlet headers (inline decode)");
        if (s == LC_OK)
            s = buffer(ctx, &g->enc_streams, e->streams, (VkDeviceSize)e->sublet_count * LC_MESHLET_STREAM_COUNT * sizeof *e->streams,
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "meshlet streams (inline decode)");
        if (s == LC_OK)
            s = buffer(ctx, &g->enc_payload, e->payload, (VkDeviceSize)e->payload_words * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                       "meshlet payload (inline decode)");
    }
    /* Only ranges and bounds are needed from here on. */
    lc_meshlet_encoded_destroy(&g->ms.enc);
    return s;
}

void lc_geometry_destroy(lc_context *ctx, lc_geometry *g)
{
    lc_buffer *all[] = {&g->vertices, &g->indices, &g->meshlets, &g->cull_objects, &g->tasks, &g->visibility, &g->commands,
                        &g->counts, &g->buckets, &g->vertex_meshlet, &g->sublet_bounds, &g->stats[0], &g->stats[1], &g->enc_headers,
                        &g->enc_streams, &g->enc_payload};
    for (size_t i = 0; i < LC_ARRAY_COUNT(all); i++) lc_buffer_destroy(ctx, all[i]);
    lc_meshlet_scene_destroy(&g->ms);
    free(g->bucket_first);
    free(g->bucket_tasks);
    free(g->bucket_raster);
    free(g->object_raster);
    free(g->object_movable);
    free(g->movable_objects);
    free(g->meshlets_host);
    free(g->sublet_bounds_host);
    memset(g, 0, sizeof *g);
}

void lc_gpu_view_frustum(lc_gpu_view *v)
{
    /* The rows of the column-major matrix: clip = rows . p; a plane row3 +- rowN (Vulkan: near at 0). */
    const float *m = v->view_proj.m;
    lc_f4 row[4];
    for (int r = 0; r < 4; r++) row[r] = (lc_f4){m[0 + r], m[4 + r], m[8 + r], m[12 + r]};
    lc_f4 w = row[3];
    v->planes[0] = (lc_f4){w.x + row[0].x, w.y + row[0].y, w.z + row[0].z, w.w + row[0].w};
    v->planes[1] = (lc_f4){w.x - row[0].x, w.y - row[0].y, w.z - row[0].z, w.w - row[0].w};
    v->planes[2] = (lc_f4){w.x + row[1].x, w.y + row[1].y, w.z + row[1].z, w.w + row[1].w};
    v->planes[3] = (lc_f4){w.x - row[1].x, w.y - row[1].y, w.z - row[1].z, w.w - row[1].w};
    v->planes[4] = row[2];
    v->planes[5] = (lc_f4){w.x - row[2].x, w.y - row[2].y, w.z - row[2].z, w.w - row[2].w};
}

lc_status lc_hiz_create(lc_context *ctx, uint32_t width, uint32_t height, lc_image *hiz, VkImageView views[LC_HIZ_MAX_LEVELS])
{
    /* Sizes round down level by level, as Vulkan's; the shader folds the truncated edges in. */
    lc_image_desc d = {.width = width, .height = height, .mip_levels = LC_MIN(lc_mip_count(width, height), LC_HIZ_MAX_LEVELS),
                       .format = VK_FORMAT_R32_SFLOAT,
                       .usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                       .name = "hiz"};
    lc_status s = lc_image_create(ctx, &d, hiz);
    if (s != LC_OK) return s;
    for (uint32_t m = 0; m < hiz->mip_levels; m++) {
        VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = hiz->image,
                                    .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R32_SFLOAT,
                                    .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, m, 1, 0, 1}};
        VK_CHECK(vkCreateImageView(ctx->device, &vi, NULL, &views[m]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_IMAGE_VIEW, views[m], "hiz level %u", m);
    }
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    lc_barrier_image(cmd, hiz, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_NONE, 0,
                     VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    lc_vk_end_once(ctx, cmd);
    return LC_OK;
}

void lc_hiz_destroy(lc_context *ctx, lc_image *hiz, VkImageView views[LC_HIZ_MAX_LEVELS])
{
    for (uint32_t i = 0; i < LC_HIZ_MAX_LEVELS; i++)
        if (views[i]) vkDestroyImageView(ctx->device, views[i], NULL);
    memset(views, 0, LC_HIZ_MAX_LEVELS * sizeof *views);
    lc_image_destroy(ctx, hiz);
}

lc_status lc_geometry_read_mesh(lc_context *ctx, const lc_geometry *g, lc_vertex *vertices, uint32_t *indices)
{
    uint32_t nv = 0, nt = 0;
    for (uint32_t i = 0; i < g->ms.range_count; i++) {
        nv = LC_MAX(nv, g->ms.ranges[i].first_vertex + g->ms.ranges[i].vertex_count);
        nt = LC_MAX(nt, g->ms.ranges[i].first_triangle + g->ms.ranges[i].triangle_count);
    }
    lc_status s = lc_buffer_read(ctx, &g->vertices, vertices, (VkDeviceSize)nv * sizeof(lc_vertex));
    if (s == LC_OK) s = lc_buffer_read(ctx, &g->indices, indices, (VkDeviceSize)nt * 12);
    return s;
}
