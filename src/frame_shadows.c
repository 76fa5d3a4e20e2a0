/* The frame's shadows (lights/shadows.h): the atlas the shadow views render into, each
 * frame's shadowed lights, their records and the views to render, culled on the host, and
 * the buffer of the views' GPU cull. frame.c calls these; the views' passes are
 * passes/shadow_views.c and passes/shadow_cull.c. */
#include <cglm/cglm.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/jobs.h"
#include "frame_state.h"
#include "passes/passes.h"

/* A depth image made and cleared to the far plane, left in layout `to` for the stage and
 * access that use it first. */
static lc_status far_image(lc_context *ctx, const lc_image_desc *d, lc_image *img, VkImageLayout to, VkPipelineStageFlags2 stage,
                           VkAccessFlags2 access)
{
    lc_status s = lc_image_create(ctx, d, img);
    if (s != LC_OK) return s;
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    VkImageMemoryBarrier2 b = lc_image_barrier(img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_NONE,
                                               0, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &b};
    vkCmdPipelineBarrier2(cmd, &di);
    VkClearDepthStencilValue far = {1.0f, 0};
    VkImageSubresourceRange range = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};
    vkCmdClearDepthStencilImage(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &far, 1, &range);
    b = lc_image_barrier(img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                         stage, access);
    vkCmdPipelineBarrier2(cmd, &di);
    lc_vk_end_once(ctx, cmd);
    return LC_OK;
}

bool lc_frame_shadow_overlay(const lc_renderer *r) { return r->dev.shadow_static.image != VK_NULL_HANDLE; }

/* The shadow atlas with room for `tiles` blocks (1, or LC_SHADOW_BLOCKS once a frame has a
 * shadowed light or the sun's cascades), and with the full atlas the cascades' band below the
 * lights' blocks (lights/cascades.h: dev.shadows.cascades says its layout), cleared to the far
 * plane so that --view shadow-atlas shows unused tiles empty, and left where the shading
 * passes sample it. One image for both: the cascades are more rectangles of the atlas, drawn,
 * sampled and filtered by the lights' code. What its tiles held is forgotten. */
lc_status lc_frame_shadow_atlas(lc_renderer *r, uint32_t tiles)
{
    lc_context *ctx = r->ctx;
    lc_image_destroy(ctx, &r->dev.shadow_atlas);
    lc_image_destroy(ctx, &r->dev.shadow_static);
    uint32_t cols = LC_MIN(tiles, LC_SHADOW_ATLAS_COLS), rows = LC_DIV_UP(tiles, LC_SHADOW_ATLAS_COLS);
    const lc_cascades *cs = &r->dev.shadows.cascades;
    uint32_t band = tiles >= LC_SHADOW_BLOCKS ? lc_cascades_band_height(cs->count, cs->size, NULL) : 0;
    lc_image_desc d = {.width = cols * LC_SHADOW_TILE, .height = rows * LC_SHADOW_TILE + band, .format = VK_FORMAT_D32_SFLOAT,
                       .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                       .name = "shadow atlas"};
    lc_status s = far_image(ctx, &d, &r->dev.shadow_atlas, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                            VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    if (s != LC_OK) return s;
    r->frame.res[LC_RES_SHADOW_ATLAS] = (lc_res_state){.layout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    r->frame.res_image[LC_RES_SHADOW_ATLAS] = &r->dev.shadow_atlas;
    /* --shadow-dynamic overlay's static atlas: the lights' blocks (no cascade band), where the
     * overlay's copies expect it. */
    bool overlay = tiles >= LC_SHADOW_BLOCKS && r->settings.shadow_dynamic == LC_SHADOW_DYNAMIC_OVERLAY;
    if (overlay && !r->dev.geo.movable_count)
        lc_info("--shadow-dynamic overlay: no animation of the scene moves a caster; the shadow views cache everything (shadows.dynamic redraw)");
    else if (overlay) {
        lc_image_desc sd = {.width = cols * LC_SHADOW_TILE, .height = rows * LC_SHADOW_TILE, .format = VK_FORMAT_D32_SFLOAT,
                            .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                            .name = "shadow static atlas"};
        s = far_image(ctx, &sd, &r->dev.shadow_static, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT);
        if (s != LC_OK) return s;
        r->frame.res[LC_RES_SHADOW_STATIC] = (lc_res_state){.layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL};
        r->frame.res_image[LC_RES_SHADOW_STATIC] = &r->dev.shadow_static;
    }
    lc_shadows_invalidate(&r->dev.shadows);
    return LC_OK;
}

uint32_t lc_frame_cascades_wanted(const lc_renderer *r, const lc_frame_settings *s)
{
    return r->desc.environment.sun_lux > 0.0f ? LC_MIN(s->cascades.count, LC_SHADOW_CASCADES_MAX) : 0u;
}

static uint32_t cascade_size_asked(const lc_frame_settings *s) { return s->cascades.size ? s->cascades.size : LC_CASCADE_SIZE_DEFAULT; }

bool lc_frame_shadow_atlas_stale(const lc_renderer *r, const lc_frame_settings *s, const lc_light *lights, uint32_t count)
{
    uint32_t n = lc_frame_cascades_wanted(r, s);
    if (!lc_frame_shadows_on(r)) return n || lc_shadows_wanted(lights, count, s->shadowed_lights);
    const lc_cascades *cs = &r->dev.shadows.cascades;
    return n > cs->count || (n && cascade_size_asked(s) != cs->asked);
}

/* Whether shading has the shadow lookup: from the first frame with a shadowed light on, when
 * the atlas has grown from its one-tile placeholder (before it, no light has a record). */
bool lc_frame_shadows_on(const lc_renderer *r) { return r->dev.shadow_atlas.width >= LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE; }

const char *lc_shadow_filter_name(uint32_t shadow_filter) { return shadow_filter == LC_SHADOW_FILTER_BILINEAR ? "bilinear" : "tent"; }

/* The shade variants' shadow constant (shadow.glsl SHADOW_FILTER): 0 without the lookup. */
uint32_t lc_frame_shadow_filter(const lc_renderer *r)
{
    if (!lc_frame_shadows_on(r)) return 0;
    return r->settings.shadow_filter ? r->settings.shadow_filter : LC_SHADOW_FILTER_TENT;
}

/* The full atlas on the first frame with a shadowed light; the frame sets see it. */
lc_status lc_frame_grow_shadow_atlas(lc_renderer *r)
{
    lc_renderer_finish(r);
    vkDeviceWaitIdle(r->ctx->device);
    /* The cascades' band: as asked, or halved until the atlas fits the device's largest image. */
    uint32_t n = lc_frame_cascades_wanted(r, &r->settings), asked = cascade_size_asked(&r->settings), size = asked;
    uint32_t limit = r->ctx->props.limits.maxImageDimension2D;
    while (n && size > LC_CASCADE_SIZE_MIN && LC_CASCADE_BAND_Y + lc_cascades_band_height(n, size, NULL) > limit) size /= 2;
    if (size != asked) lc_info("--cascade-size %u: %u cascades do not fit the device's largest image (%u texels): %u texels", asked, n, limit, size);
    lc_cascades_reset(&r->dev.shadows.cascades, n, size);
    r->dev.shadows.cascades.asked = asked;
    lc_status s = lc_frame_shadow_atlas(r, LC_SHADOW_BLOCKS);
    if (s == LC_OK) s = lc_shadow_cull_create(r);
    if (s != LC_OK) return s;
    /* Both frame sets of every slot: the opaque passes' and the transparent pass's. */
    for (int i = 0; i < 2 * LC_FRAMES_IN_FLIGHT; i++) {
        const lc_frame_slot *slot = &r->frame.slots[i / 2];
        VkDescriptorSet set = i % 2 ? slot->set_transparent : slot->set;
        if (!set) continue;
        /* The view's point sampler and the lookup's comparison sampler (lc_shared.h). */
        VkDescriptorImageInfo atlas[2] = {{r->dev.point_sampler, r->dev.shadow_atlas.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL},
                                          {r->dev.shadow_sampler, r->dev.shadow_atlas.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL}};
        VkWriteDescriptorSet w[3];
        for (int k = 0; k < 2; k++)
            w[k] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                                          .dstBinding = k ? LC_BIND_SHADOW_COMPARE : LC_BIND_SHADOW_ATLAS, .descriptorCount = 1,
                                          .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &atlas[k]};
        /* The GPU shadow cull's buffer, where the views are culled there, else its placeholder. */
        VkBuffer cb = r->dev.shadow_cull.buffer.buffer ? r->dev.shadow_cull.buffer.buffer : r->dev.shadow_cull_placeholder.buffer;
        VkDescriptorBufferInfo cull = {cb, 0, VK_WHOLE_SIZE};
        w[2] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = LC_BIND_SHADOW_CULL,
                                      .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &cull};
        vkUpdateDescriptorSets(r->ctx->device, 3, w, 0, NULL);
    }
    return LC_OK;
}

/* A view's draws: each object the object cull kept, whole where its sphere lies inside the
 * frustum, else the runs of its meshlets, and of their sublets (up to 32 triangles), whose
 * spheres reach into it (the GPU cull's test, geometry_cull.glsl: the mesh-local sphere moved
 * by the object's matrix, its radius times the largest axis scale). Sublets matter: on Sponza
 * the views draw 2.5x fewer triangles than their objects hold, 1.6x with meshlets alone. No
 * back-face cone test: shadow views draw both faces (the GPU cull skips the cone for
 * two-sided draws too). */
/* Whether a mesh-local sphere, moved by the object's matrix w and its radius times scale,
 * reaches into the frustum. */
static bool sphere_reaches(const float planes[6][4], const float *w, float scale, const lc_f4 *s)
{
    float x = w[0] * s->x + w[4] * s->y + w[8] * s->z + w[12], y = w[1] * s->x + w[5] * s->y + w[9] * s->z + w[13],
          z = w[2] * s->x + w[6] * s->y + w[10] * s->z + w[14];
    for (int p = 0; p < 6; p++)
        if (planes[p][0] * x + planes[p][1] * y + planes[p][2] * z + planes[p][3] < -s->w * scale) return false;
    return true;
}

static void cull_meshlets(const lc_renderer *r, const lc_shadow_render *view, const lc_object_cull_result *c, lc_shadow_draws *out)
{
    const lc_geometry *g = &r->dev.geo;
    bool statics = lc_frame_shadow_overlay(r) && !view->cascade; /* the movable casters left out */
    out->count = 0;
    out->triangles = out->triangles_unculled = out->meshlets = 0;
    for (uint32_t i = 0; i < c->visible; i++) {
        uint32_t object = c->indices[i];
        if (!lc_scene_object_casts(r->scene, object)) continue;
        if (statics && g->object_movable && g->object_movable[object]) continue; /* drawn over the view (overlay) */
        const lc_object *o = &r->scene->objects[object];
        const lc_meshlet_range *range = &g->ms.ranges[o->mesh];
        out->triangles_unculled += range->triangle_count;
        if (out->count + range->meshlet_count + 1 > out->capacity) {
            out->capacity = LC_MAX(2 * out->capacity, out->count + range->meshlet_count + 1);
            out->draws = lc_realloc(out->draws, (size_t)out->capacity * sizeof *out->draws);
        }
        bool inside = true;
        for (int p = 0; p < 6 && inside; p++)
            inside = view->planes[p][0] * o->sphere[0] + view->planes[p][1] * o->sphere[1] + view->planes[p][2] * o->sphere[2] +
                         view->planes[p][3] >= o->sphere[3];
        if (inside || !g->meshlets_host) {
            out->draws[out->count++] = (lc_shadow_draw){object, range->first_triangle * 3, range->triangle_count * 3};
            out->triangles += range->triangle_count;
            out->meshlets += g->meshlets_host ? range->meshlet_count : 0;
            continue;
        }
        const float *w = o->world.m;
        float scale = 0.0f;
        for (int col = 0; col < 3; col++)
            scale = fmaxf(scale, sqrtf(w[col * 4] * w[col * 4] + w[col * 4 + 1] * w[col * 4 + 1] + w[col * 4 + 2] * w[col * 4 + 2]));
        lc_shadow_draw *run = NULL;
        for (uint32_t m = range->first_meshlet; m < range->first_meshlet + range->meshlet_count; m++) {
            const lc_gpu_meshlet *ml = &g->meshlets_host[m];
            if (!sphere_reaches(view->planes, w, scale, &ml->sphere)) {
                run = NULL;
                continue;
            }
            /* Its sublets (up to 32 triangles each, consecutive in the meshlet). */
            uint32_t first = ml->info.x;
            uint64_t before = out->triangles;
            for (uint32_t k = 0; k < LC_MESHLET_SUBLETS; k++) {
                uint32_t tris = lc_sublet_counts(ml->sublets, k) & 0xffu;
                if (!tris) break;
                if (sphere_reaches(view->planes, w, scale, &g->sublet_bounds_host[(size_t)m * LC_MESHLET_SUBLETS + k].sphere)) {
                    out->triangles += tris;
                    if (run && run->first_index + run->index_count == first) {
                        run->index_count += 3 * tris;
                    } else {
                        if (out->count == out->capacity) {
                            out->capacity *= 2;
                            out->draws = lc_realloc(out->draws, (size_t)out->capacity * sizeof *out->draws);
                        }
                        run = &out->draws[out->count++];
                        *run = (lc_shadow_draw){object, first, 3 * tris};
                    }
                } else {
                    run = NULL;
                }
                first += 3 * tris;
            }
            out->meshlets += out->triangles != before;
        }
    }
}

/* A cascade after the first leaves out the objects an earlier one encloses (seed 000,
 * lights/cascades.h); returns how many. */
static uint32_t leave_enclosed(const lc_renderer *r, const lc_shadow_render *view, lc_object_cull_result *c)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < c->visible; i++)
        if (!lc_cascades_enclosed(&r->dev.shadows.cascades, r->scene->objects[c->indices[i]].sphere, view->face))
            c->indices[kept++] = c->indices[i];
    uint32_t enclosed = c->visible - kept;
    c->visible = kept;
    return enclosed;
}

/* One job item a view: its object cull (the camera's, inline on this thread) and its
 * meshlet cull; views write only their own results. */
static void cull_views(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    lc_renderer *r = user;
    for (uint32_t v = offset; v < offset + count; v++) {
        const lc_shadow_render *view = &r->dev.shadows.render[v];
        lc_object_cull_result *c = &r->frame.shadow_cull[v];
        lc_object_cull_run(&r->dev.object_cull_set, &view->view_proj, view->planes, c);
        uint32_t objects = c->visible, enclosed = view->cascade ? leave_enclosed(r, view, c) : 0;
        cull_meshlets(r, view, c, &r->frame.shadow_draws[v]);
        r->frame.shadow_draws[v].objects = objects;
        r->frame.shadow_draws[v].objects_enclosed = enclosed;
    }
}

/* The GPU-culled cascades' objects for --stats (the cull counts meshlets): those whose sphere
 * reaches into the cascade's box, and of them those an earlier cascade encloses. */
static void count_cascade_objects(const lc_renderer *r, uint32_t k, uint32_t *objects, uint32_t *enclosed)
{
    const lc_cascades *cs = &r->dev.shadows.cascades;
    *objects = *enclosed = 0;
    for (uint32_t i = 0; i < r->scene->object_count; i++) {
        const float *sp = r->scene->objects[i].sphere;
        bool in = true;
        for (int p = 0; p < 6 && in; p++)
            in = cs->planes[k][p][0] * sp[0] + cs->planes[k][p][1] * sp[1] + cs->planes[k][p][2] * sp[2] + cs->planes[k][p][3] >= -sp[3];
        if (!in) continue;
        (*objects)++;
        *enclosed += lc_cascades_enclosed(cs, sp, k);
    }
}

/* The sun's cascades this frame (lights/cascades.h): their fit and block for the slot, and
 * those to render appended to the views after the lights' (record LC_SHADOW_SUN_RECORD, face
 * the cascade, always fresh: no HiZ of their own). */
static void frame_cascades(lc_renderer *r, lc_frame_slot *slot, const lc_shadow_frame_desc *lights)
{
    const lc_frame_settings *s = &r->settings;
    lc_shadows *sh = &r->dev.shadows;
    lc_cascades *cs = &sh->cascades;
    lc_cascade_frame_desc cd = {.camera = &s->camera, .aspect = (float)r->sized.width / (float)r->sized.height,
                                .sun = r->desc.environment.sun_dir, .bounds_min = r->scene->bounds_min,
                                .bounds_max = r->scene->bounds_max, .settings = s->cascades, .moved = lights->moved,
                                .moved_count = lights->moved_count};
    cd.settings.count = lc_frame_shadows_on(r) ? lc_frame_cascades_wanted(r, s) : 0;
    lc_cascades_update(cs, &cd);
    uint32_t n = cs->gpu.info.x;
    memcpy((char *)slot->shadows.mapped + LC_SHADOW_RECORDS * sizeof(lc_gpu_shadow) + LC_SHADOW_VIEW_SLOTS * sizeof(lc_gpu_view), &cs->gpu,
           sizeof cs->gpu);
    for (uint32_t k = 0; k < n; k++) {
        if (!cs->render[k] || sh->render_count >= LC_SHADOW_VIEW_SLOTS) continue;
        lc_shadow_render *rv = &sh->render[sh->render_count++];
        const lc_f4 *rect = &cs->gpu.rect[k];
        *rv = (lc_shadow_render){.light = UINT32_MAX, .face = k, .type = LC_LIGHT_POINT, .x = (uint32_t)rect->x, .y = (uint32_t)rect->y,
                                 .size = (uint32_t)rect->z, .record = LC_SHADOW_SUN_RECORD, .owner = LC_SHADOW_RECORDS, .fresh = true,
                                 .cascade = true, .view_proj = cs->gpu.view_proj[k]};
        memcpy(rv->planes, cs->planes[k], sizeof rv->planes);
        memcpy(rv->eye, cs->eye, sizeof rv->eye);
    }
}

/* The frame's shadowed lights (lights/shadows.h): their records for the slot, kept by the
 * sorted light index the loops see, and the views to render this frame, culled against their
 * frustums on the GPU (passes/shadow_cull.c: nothing here) or, with --shadow-cull cpu, here
 * (the same object cull as the camera's, then per meshlet), the views spread over the job
 * threads. The stats go with the slot (its GPU cull's triangles are read when it completes). */
void lc_frame_shadows(lc_renderer *r, lc_frame_slot *slot, const lc_light *lights, uint32_t count)
{
    const lc_frame_settings *s = &r->settings;
    lc_shadow_frame_desc d = {.lights = lights, .count = count, .order = r->dev.builder.order, .visible = r->frame.lights_visible,
                              .camera = s->camera.position, .shadowed_lights = s->shadowed_lights, .updates = s->shadow_updates,
                              .screen_scale = (float)r->sized.height / (2.0f * tanf(glm_rad(0.5f * s->camera.fov_y_deg)))};
    d.moved = lc_frame_motion_bounds(r, &d.moved_count);
    d.overlay = lc_frame_shadow_overlay(r);
    lc_shadows *sh = &r->dev.shadows;
    lc_shadows_update(sh, &d, slot->shadow_lights.mapped);
    memcpy(slot->shadows.mapped, sh->records, (size_t)sh->record_count * sizeof(lc_gpu_shadow));
    frame_cascades(r, slot, &d);
    /* The views to render, for their GPU cull (lc_shared.h LC_SHADOW_VIEW_SLOTS): matrix and
     * frustum, atlas tile, record and face, and the identity of their occlusion bits, which
     * say nothing on a fresh view. The near plane: the light's (a cascade has no HiZ). */
    lc_gpu_view *views = (lc_gpu_view *)((char *)slot->shadows.mapped + LC_SHADOW_RECORDS * sizeof(lc_gpu_shadow));
    for (uint32_t v = 0; v < sh->render_count; v++) {
        const lc_shadow_render *rv = &sh->render[v];
        float near_z = rv->cascade ? 0.0f : sh->records[rv->record].params.x;
        uint32_t flags = LC_VIEW_CASTERS | LC_VIEW_SUBLET_SPANS | (rv->cascade ? LC_VIEW_CASCADE : 0u) | (rv->fresh ? LC_VIEW_FRESH : 0u) |
                         (d.overlay && !rv->cascade ? LC_VIEW_STATIC : 0u);
        lc_gpu_view gv = {.view_proj = rv->view_proj, .eye = {rv->eye[0], rv->eye[1], rv->eye[2], near_z},
                          .rect = {(float)rv->x, (float)rv->y, (float)rv->size, (float)rv->size},
                          .info = {flags, rv->record, rv->face, rv->owner * 6 + rv->face}};
        lc_gpu_view_frustum(&gv);
        memcpy(&views[v], &gv, sizeof gv);
    }
    slot->shadow_frame = sh->stats;
    slot->shadow_views_culled = 0;
    const lc_cascades *cs = &sh->cascades;
    slot->shadow_frame.cascades = cs->gpu.info.x;
    for (uint32_t k = 0; k < cs->gpu.info.x; k++)
        slot->shadow_frame.cascade[k] = (lc_cascade_stats){.near_z = cs->near_z[k], .far_z = cs->far_z[k],
                                                           .texel_m = cs->gpu.select[k].w, .rendered = cs->render[k]};
    if (lc_frame_shadow_cull_gpu(r)) {
        slot->shadow_views_culled = sh->render_count;
        slot->shadow_frame.occlusion = lc_frame_shadow_occlusion(r);
        for (uint32_t v = 0; v < sh->render_count; v++) {
            const lc_shadow_render *rv = &sh->render[v];
            if (!rv->cascade) continue;
            lc_cascade_stats *c = &slot->shadow_frame.cascade[rv->face];
            count_cascade_objects(r, rv->face, &c->objects, &c->objects_enclosed);
        }
        return;
    }
    /* Four views a job: on the H100's host a job a view on 16 threads took 1.37 ms where one
     * thread took 0.62 (waking a thread costs more than a view's cull); docs/BENCHMARKS.md. */
    lc_jobs_run(sh->render_count, 4, cull_views, r);
    for (uint32_t v = 0; v < sh->render_count; v++) {
        const lc_shadow_draws *dr = &r->frame.shadow_draws[v];
        slot->shadow_frame.triangles += dr->triangles;
        slot->shadow_frame.triangles_unculled += dr->triangles_unculled;
        if (!sh->render[v].cascade) continue;
        lc_cascade_stats *c = &slot->shadow_frame.cascade[sh->render[v].face];
        c->objects = dr->objects;
        c->objects_enclosed = dr->objects_enclosed;
        c->meshlets_drawn = dr->meshlets;
        c->triangles = dr->triangles;
    }
}

/* ---- the shadow views' GPU cull: its buffer (passes/shadow_cull.c records it) ---- */

void lc_shadow_cull_destroy(lc_renderer *r)
{
    lc_shadow_cull *c = &r->dev.shadow_cull;
    lc_buffer_destroy(r->ctx, &c->buffer);
    free(c->list_bucket);
    free(c->list_first);
    free(c->list_tasks);
    memset(c, 0, sizeof *c);
}

bool lc_frame_shadow_cull_gpu(const lc_renderer *r)
{
    return r->dev.shadow_cull.buffer.buffer != VK_NULL_HANDLE && r->settings.shadow_cull == LC_SHADOW_CULL_GPU;
}

bool lc_frame_shadow_occlusion(const lc_renderer *r)
{
    return lc_frame_shadow_cull_gpu(r) && r->dev.shadow_cull.bits_first && r->settings.shadow_occlusion == LC_SHADOW_OCCLUSION_ON;
}

const char *lc_shadow_dynamic_name(const lc_renderer *r)
{
    if (!lc_frame_shadows_on(r)) return "none";
    return lc_frame_shadow_overlay(r) ? "overlay" : "redraw";
}

const char *lc_shadow_cull_name(const lc_renderer *r)
{
    if (!lc_frame_shadows_on(r)) return "none";
    return lc_frame_shadow_cull_gpu(r) ? "gpu" : "cpu";
}

lc_status lc_shadow_cull_create(lc_renderer *r)
{
    lc_shadow_cull *c = &r->dev.shadow_cull;
    const lc_geometry *g = &r->dev.geo;
    lc_shadow_cull_destroy(r);
    if (r->settings.shadow_cull != LC_SHADOW_CULL_GPU) return LC_OK;
    if (!g->shadow_task_count) {
        lc_info("--shadow-cull gpu: the scene has no GPU culling buffers (%s): the shadow views are culled on the CPU",
                g->cull_unavailable ? "too many meshlet draws" : "no meshlets");
        return LC_OK;
    }
    /* Lists: each masked bucket's, laid out first, then the opaque casters' (list 0; blended
     * objects cast as opaque, from their tasks past the camera's), which takes the rest. */
    c->list_bucket = lc_calloc(g->bucket_count + 1, sizeof *c->list_bucket);
    c->list_first = lc_calloc(g->bucket_count + 1, sizeof *c->list_first);
    c->list_tasks = lc_calloc(g->bucket_count + 1, sizeof *c->list_tasks);
    c->lists = 1;
    uint32_t first = 0;
    for (uint32_t b = 0; b < g->bucket_count; b++) {
        if (!g->bucket_tasks[b] || !lc_material_masked(r->scene, b / 2)) continue;
        uint32_t l = c->lists++;
        c->list_bucket[l] = b;
        c->list_first[l] = first;
        c->list_tasks[l] = g->bucket_tasks[b];
        first += g->bucket_tasks[b];
    }
    c->list_bucket[0] = UINT32_MAX;
    c->list_first[0] = first;
    c->list_tasks[0] = g->shadow_task_count - first;
    /* The buffer: the stats, 2 x views x lists counts (phase 1 or all, phase 2), the bucket
     * map, then a region a view; with occlusion the bits and the HiZ pyramids. */
    /* View slots: the lights' budget, then the sun's cascades (more views of the same dispatch). */
    uint32_t views = (r->settings.shadow_updates ? r->settings.shadow_updates : LC_SHADOW_UPDATES_DEFAULT) + r->dev.shadows.cascades.count;
    c->views = views;
    c->map_first = LC_SHADOW_CULL_COUNTS + 2 * views * c->lists;
    c->commands_first = c->map_first + 2 * g->bucket_count;
    c->region = g->shadow_task_count;
    uint32_t *head = lc_calloc(c->commands_first, sizeof *head);
    for (uint32_t b = 0; b < g->bucket_count; b++) head[c->map_first + 2 * b] = c->list_first[0]; /* list 0 */
    for (uint32_t l = 1; l < c->lists; l++) {
        head[c->map_first + 2 * c->list_bucket[l]] = c->list_first[l];
        head[c->map_first + 2 * c->list_bucket[l] + 1] = l;
    }
    VkDeviceSize bytes = ((VkDeviceSize)c->commands_first + (VkDeviceSize)views * c->region * 5) * 4;
    /* With occlusion: the bits of every view identity, then a HiZ pyramid per view slot. */
    VkDeviceSize range = r->ctx->props.limits.maxStorageBufferRange;
    if (r->settings.shadow_occlusion == LC_SHADOW_OCCLUSION_ON && bytes <= range) {
        uint32_t words = LC_DIV_UP(g->shadow_task_count, 32u);
        VkDeviceSize bits = (VkDeviceSize)LC_SHADOW_OCCLUSION_VIEWS * words, hiz = (VkDeviceSize)views * LC_SHADOW_HIZ_WORDS;
        VkDeviceSize with = bytes + (bits + hiz) * 4;
        if (with > range) {
            lc_info("--shadow-occlusion on: the visibility bits of %u shadow views of %u meshlet draws and %u HiZ pyramids need "
                    "%.0f MiB, more than the device's storage buffers reach: the shadow views run without occlusion culling",
                    LC_SHADOW_OCCLUSION_VIEWS, c->region, views, (double)with / 1048576.0);
        } else {
            c->bits_words = words;
            c->bits_first = (uint32_t)(bytes / 4);
            c->hiz_first = (uint32_t)(c->bits_first + bits);
            bytes = with;
        }
    }
    lc_status s = LC_OK;
    if (bytes > range) {
        lc_info("--shadow-cull gpu: %u views of %u meshlet draws need %.0f MiB, more than the device's storage buffers reach: "
                "the shadow views are culled on the CPU", views, c->region, (double)bytes / 1048576.0);
    } else {
        lc_buffer_desc d = {.size = bytes,
                            .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                            .name = "shadow cull"};
        s = lc_buffer_create(r->ctx, &d, &c->buffer);
        if (s == LC_OK) s = lc_buffer_upload(r->ctx, &c->buffer, head, (VkDeviceSize)c->commands_first * 4);
        if (s == LC_OK && c->bits_first) {
            /* No view has been rendered yet: every bit 0 (the views' first renders draw all in
             * phase 2 and say so with lc_shadow_render.fresh anyway). */
            VkCommandBuffer cmd = lc_vk_begin_once(r->ctx);
            vkCmdFillBuffer(cmd, c->buffer.buffer, (VkDeviceSize)c->bits_first * 4, (VkDeviceSize)LC_SHADOW_OCCLUSION_VIEWS * c->bits_words * 4, 0);
            lc_vk_end_once(r->ctx, cmd);
        }
    }
    free(head);
    if (s != LC_OK || !c->buffer.buffer) {
        lc_shadow_cull_destroy(r);
        return s;
    }
    r->frame.res[LC_RES_SHADOW_CULL] = (lc_res_state){0};
    return LC_OK;
}
