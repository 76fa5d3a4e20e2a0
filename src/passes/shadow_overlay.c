/* shadow overlay (--shadow-dynamic overlay; lights/shadows.h): the casters an animation can move
 * drawn over the lights' cached shadow views, each frame one of them moves in a view. The views
 * render their static casters only (the GPU cull's LC_VIEW_STATIC, the CPU cull alike), and
 * the static atlas keeps each tile as they left it. Three steps, after the shadow view passes:
 *  - save: the tiles rendered this frame (static casters only so far) into the static atlas;
 *  - restore: the other overlay views' static maps copied back over their tiles (the casters
 *    drawn there last time, wherever they were, are gone);
 *  - draw: each overlay view's movable casters whose spheres reach its frustum, whole objects,
 *    with the matrix of its light's record (the one its tile was rendered with), both faces,
 *    alpha MASK cut out as the shadow views do. One rendering over the atlas, a viewport and a
 *    step of the sort key a view, LC_SHADOW_OVERLAY_PASS_VIEWS views a pass.
 * Against re-rendering the view (--shadow-dynamic redraw): a tile copy and the few movable
 * casters for the static casters' draw, outside the update budget, so every view a caster
 * moves in is up to date each frame (docs/ANIMATION.md weighs the two). */
#include "passes/passes.h"

#include "scene/camera.h"

#define STEP_FIRST LC_SEQ_STATE /* a view's step: its state, then its draws (sort_key.h) */

static VkImageCopy tile_copy(const lc_shadow_overlay *v)
{
    VkImageSubresourceLayers depth = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
    VkOffset3D at = {(int32_t)v->x, (int32_t)v->y, 0};
    return (VkImageCopy){.srcSubresource = depth, .srcOffset = at, .dstSubresource = depth, .dstOffset = at, .extent = {v->size, v->size, 1}};
}

/* data.phase 1: save (atlas to static atlas), 0: restore (the other way). */
static void record_copies(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    bool save = self->data.phase == 1;
    const lc_shadows *sh = &f->dev->shadows;
    VkImage atlas = f->dev->shadow_atlas.image, statics = f->dev->shadow_static.image;
    for (uint32_t i = 0; i < sh->overlay_count; i++) {
        if (sh->overlay[i].save != save) continue;
        VkImageCopy region = tile_copy(&sh->overlay[i]);
        lc_rc_copy_image(rc, lc_sort_key(pass, LC_SEQ_WORK), save ? atlas : statics, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         save ? statics : atlas, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &region);
    }
}

static void record_draws(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    const lc_shadows *sh = &f->dev->shadows;
    const lc_image *atlas = &f->dev->shadow_atlas;
    const lc_geometry *g = &f->dev->geo;
    uint32_t first = self->data.view, end = LC_MIN(sh->overlay_count, first + LC_SHADOW_OVERLAY_PASS_VIEWS);
    lc_pkg_rendering p = {.width = atlas->width, .height = atlas->height, .depth = atlas->view, .depth_format = atlas->format,
                          .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, .depth_load = VK_ATTACHMENT_LOAD_OP_LOAD,
                          .depth_store = VK_ATTACHMENT_STORE_OP_STORE};
    lc_rc_begin_rendering(rc, lc_sort_key(pass, LC_SEQ_BEGIN), &p);
    for (uint32_t i = first; i < end; i++) {
        const lc_shadow_overlay *v = &sh->overlay[i];
        uint32_t step = STEP_FIRST + (i - first);
        uint64_t state = lc_sort_key(pass, step);
        lc_rc_viewport_at(rc, state, (int32_t)v->x, (int32_t)v->y, v->size, v->size);
        lc_bind_scene_at(f, rc, state, f->dev->pipes.shadow_pipeline, true);
        lc_bind_depth_mask_at(f, rc, pass, step, f->dev->pipes.shadow_mask_pipeline);
        uint32_t which[2] = {v->record, v->face};
        lc_rc_push_constants(rc, state, f->dev->layout, LC_SHADOW_PUSH_OFFSET, sizeof which, which);
        for (uint32_t k = 0; k < g->movable_count; k++) {
            uint32_t o = g->movable_objects[k];
            if (!lc_scene_object_casts(f->scene, o)) continue;
            if (!lc_frustum_touches_spheres((const float (*)[4])v->planes, (const float (*)[4])f->scene->objects[o].sphere, 1)) continue;
            lc_pkg_draw_indexed *d = lc_rc_alloc(rc, sizeof *d);
            lc_scene_draw_package(f, o, d);
            d->mat.raster = LC_RASTER_NONE; /* both faces, as the shadow views draw */
            lc_rc_command(rc, lc_depth_draw_key_at(f, pass, step, f->scene->objects[o].material, 0), d, LC_PKG_DRAW_INDEXED);
        }
    }
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

static lc_pass copy_pass(bool save)
{
    VkImageLayout src = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    return (lc_pass){.name = save ? "shadow overlay / save" : "shadow overlay / restore", .timer = LC_TIMER_SHADOWS,
                     .record = record_copies, .data.phase = save ? 1u : 0u, .use_count = 2,
                     .uses = {{save ? LC_RES_SHADOW_ATLAS : LC_RES_SHADOW_STATIC, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, src},
                              {save ? LC_RES_SHADOW_STATIC : LC_RES_SHADOW_ATLAS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, dst}}};
}

uint32_t lc_passes_shadow_overlay(const lc_frame *f, lc_pass *passes)
{
    const lc_shadows *sh = &f->dev->shadows;
    uint32_t n = 0, saves = 0;
    for (uint32_t i = 0; i < sh->overlay_count; i++) saves += sh->overlay[i].save;
    if (saves) passes[n++] = copy_pass(true);
    if (saves < sh->overlay_count) passes[n++] = copy_pass(false);
    for (uint32_t first = 0; first < sh->overlay_count; first += LC_SHADOW_OVERLAY_PASS_VIEWS)
        passes[n++] = (lc_pass){
            .name = "shadow overlay",
            .timer = LC_TIMER_SHADOWS,
            .record = record_draws,
            .data.view = first,
            .use_count = 1,
            .uses = {{LC_RES_SHADOW_ATLAS, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT,
                      VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL}},
        };
    return n;
}
