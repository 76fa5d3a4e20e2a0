/* shadow view: one pass per shadow view rendered this frame (src/lights/shadows.h chooses
 * the lights' views, src/lights/cascades.h the sun's cascades, which are rectangles of the same
 * atlas below the lights' tiles, drawn by this same code with an orthographic matrix): what the GPU cull left in the view's region (shadow_cull.c: one indirect-count draw
 * per list), or with --shadow-cull cpu the runs of meshlets the CPU cull kept in the view's
 * frustum (front to back from the light), at depth only, into the view's atlas tile. Each view is its own pass, so it gets its own
 * render context (the frame's jobs record them in parallel), its own debug label and
 * timestamps, and goes through the same draw packages as the camera's depth pre-pass: alpha
 * MASK casters after the opaque ones, their material bound, under a pipeline that cuts their
 * holes (depth_mask.frag), so light goes through the cut-out texels of leaves and chains. */
#include "passes/passes.h"

#include <math.h>
#include <stdio.h>

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    bool phase2 = self->data.phase == LC_GEOMETRY_CULL_PHASE_2;
    uint32_t v = self->data.view;
    const lc_shadow_render *view = &f->dev->shadows.render[v];
    const lc_shadow_draws *draws = &f->shadow_draws[v];
    int32_t x = (int32_t)view->x, y = (int32_t)view->y;
    /* The tile alone is cleared: the others keep what earlier frames rendered. Phase 2 adds to
     * what phase 1 drew. */
    lc_pkg_rendering p = {.width = view->size, .height = view->size, .x = x, .y = y, .depth = f->dev->shadow_atlas.view,
                          .depth_format = f->dev->shadow_atlas.format, .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                          .depth_load = phase2 ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR, .depth_store = VK_ATTACHMENT_STORE_OP_STORE};
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_begin_rendering(rc, lc_sort_key(pass, LC_SEQ_BEGIN), &p);
    lc_rc_viewport_at(rc, state, x, y, view->size, view->size);
    lc_bind_scene(f, rc, pass, f->dev->pipes.shadow_pipeline, true);
    lc_bind_depth_mask(f, rc, pass, f->dev->pipes.shadow_mask_pipeline);
    /* The view's record and face (the material's constants go before them). */
    uint32_t which[2] = {view->record, view->face};
    lc_rc_push_constants(rc, state, f->dev->layout, LC_SHADOW_PUSH_OFFSET, sizeof which, which);
    if (f->shadow_cull_gpu) {
        /* What the GPU cull left in the view's region (shadow_cull.c). */
        lc_shadow_cull_record_draws(f, rc, pass, v, phase2 ? LC_GEOMETRY_CULL_PHASE_2 : LC_GEOMETRY_CULL_PHASE_1);
        lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
        return;
    }
    for (uint32_t i = 0; i < draws->count; i++) {
        uint32_t object = draws->draws[i].object;
        lc_pkg_draw_indexed *d = lc_rc_alloc(rc, sizeof *d);
        lc_scene_draw_package(f, object, d);
        d->first_index = draws->draws[i].first_index; /* its meshlets in the view (frame_shadows.c) */
        d->index_count = draws->draws[i].index_count;
        d->mat.raster = LC_RASTER_NONE; /* both faces: closed shapes cast from inside as well */
        const float *c = f->scene->objects[object].sphere;
        float dx = c[0] - view->eye[0], dy = c[1] - view->eye[1], dz = c[2] - view->eye[2];
        uint32_t depth = lc_sort_depth(fmaxf(sqrtf(dx * dx + dy * dy + dz * dz) - c[3], 0.0f), 1e-3f, 1e4f);
        lc_rc_command(rc, lc_depth_draw_key(f, pass, f->scene->objects[object].material, depth), d, LC_PKG_DRAW_INDEXED);
    }
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

lc_pass lc_pass_shadow_view(const lc_frame *f, uint32_t v, uint32_t phase, char *name, size_t name_size)
{
    const lc_shadow_render *view = &f->dev->shadows.render[v];
    static const char *const faces[6] = {"+x", "-x", "+y", "-y", "+z", "-z"};
    bool point = view->type == LC_LIGHT_POINT, phase2 = phase == LC_GEOMETRY_CULL_PHASE_2;
    if (view->cascade)
        snprintf(name, name_size, "shadow view / sun cascade %u%s", view->face, phase2 ? " / phase 2" : "");
    else
        snprintf(name, name_size, "shadow view / light %u%s%s%s", view->light, point ? " " : "",
                 point ? faces[view->face] : "", phase2 ? " / phase 2" : "");
    return (lc_pass){
        .name = name,
        .timer = LC_TIMER_SHADOWS,
        .uses = {{LC_RES_SHADOW_ATLAS, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT,
                  VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL}},
        .uses[1] = {LC_RES_SHADOW_CULL, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, 0},
        .use_count = f->shadow_cull_gpu ? 2 : 1,
        .record = record,
        .data = {.phase = phase, .view = v},
    };
}

void lc_pass_read_shadow_atlas(lc_pass *p)
{
    p->uses[p->use_count++] = (lc_use){LC_RES_SHADOW_ATLAS, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                                       VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
}
