#include "passes/passes.h"

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_frame_settings *s = f->settings;
    lc_rendering rd = {
        .color = &f->sized->visibility,
        .color_load = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .clear_color = {.uint32 = {LC_VIS_BACKGROUND, LC_VIS_BACKGROUND, 0, 0}},
        .depth = &f->sized->depth,
        .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .depth_load = VK_ATTACHMENT_LOAD_OP_LOAD,
        .depth_store = VK_ATTACHMENT_STORE_OP_STORE,
    };
    lc_begin_rendering(f, rc, pass, &rd);
    bool mesh = s->geometry == LC_GEOMETRY_MESH;
    lc_bind_scene(f, rc, pass, f->dev->pipes.visibility_pipeline[lc_raster_path(s)], !mesh);
    /* direct: the object draws come from lc_scene_draws_record jobs, in the forward shade's
     * order. mdi and mesh: the depth passes' draws again, in the forward shade's order (by
     * bucket, phase, then task), so coplanar ties resolve as there: mdi replays both phases'
     * indirect draws, mesh the task shader's drawn flags of both phases. Alpha MASK
     * materials' draws go after the opaque ones (as in the one-pass raster, which needs
     * another pipeline for them); each draw binds its material (the alpha test's texture and
     * cutoff) and raster state. */
    uint32_t first = s->occlusion ? LC_GEOMETRY_CULL_PHASE_1 : LC_GEOMETRY_CULL_PHASE_ALL;
    if (s->geometry == LC_GEOMETRY_MDI) {
        lc_geometry_record_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH, 0);
        if (s->occlusion) lc_geometry_record_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH, 1);
    } else if (mesh) {
        lc_geometry_record_mesh_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH, first, true);
        if (s->occlusion) lc_geometry_record_mesh_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH, LC_GEOMETRY_CULL_PHASE_2, true);
    }
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// visibility (--visibility-pass prepass): after the depth pre-pass, each pixel's triangle id with depth EQUAL (the
// fragment shader runs once per covered pixel, not once per layer of overdraw); the scene's
// second pass, where the forward path shades. Every geometry path writes the same ids
// (object, primitive within the object's mesh: shaders/shading/visibility_id.glsl).
lc_pass lc_pass_visibility(const lc_frame *f)
{
    lc_pass p = {.name = "visibility", .timer = LC_TIMER_DEPTH, .record = record, .scene_draws = LC_SCENE_DRAWS_EQUAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_VISIBILITY, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    lc_pass_read_geometry_replay(&p, lc_raster_path(f->settings));
    return p;
}

/* ---- one raster pass: depth and ids together (--visibility-pass single, the default) ---- */

static void record_single(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    const lc_frame_settings *s = f->settings;
    bool load = phase == LC_GEOMETRY_CULL_PHASE_2;
    lc_rendering rd = {
        .color = &f->sized->visibility,
        .color_load = load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR,
        .clear_color = {.uint32 = {LC_VIS_BACKGROUND, LC_VIS_BACKGROUND, 0, 0}},
        .depth = &f->sized->depth,
        .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .depth_load = load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR,
        .depth_store = VK_ATTACHMENT_STORE_OP_STORE,
    };
    lc_begin_rendering(f, rc, pass, &rd);
    bool mesh = s->geometry == LC_GEOMETRY_MESH;
    lc_bind_scene(f, rc, pass, f->dev->pipes.visibility_single_pipeline[lc_raster_path(s)][0], !mesh);
    lc_bind_depth_mask(f, rc, pass, f->dev->pipes.visibility_single_pipeline[lc_raster_path(s)][1]);
    /* The depth pre-pass's culling and draws, in the EQUAL pass's order (direct: by material,
     * then object, from lc_scene_draws_record; mdi and mesh: by bucket, then task; alpha MASK
     * materials after the opaque ones, under the pipeline that tests alpha), each with its
     * material bound. The HiZ between the phases reads this depth. */
    if (s->geometry == LC_GEOMETRY_MDI)
        lc_geometry_record_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH, load ? 1 : 0);
    else if (mesh)
        lc_geometry_record_mesh_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH, phase, false);
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// visibility (one pass): depth LESS_OR_EQUAL written with the ids, in place of the depth
// pre-pass (/ phase) and the EQUAL pass after it: the scene rasterized once. The tile depth
// bounds and the HiZ read its depth as the pre-pass's; ties resolve as there (the pipeline).
lc_pass lc_pass_visibility_single(const lc_frame *f, uint32_t phase)
{
    static const char *const names[3] = {"visibility", "visibility / phase 1", "visibility / phase 2"};
    uint32_t geometry = f->settings->geometry;
    lc_pass p = {.name = names[phase], .timer = LC_TIMER_DEPTH,
                 .record = record_single, .data.phase = phase,
                 .scene_draws = geometry == LC_GEOMETRY_DIRECT ? LC_SCENE_DRAWS_EQUAL : LC_SCENE_DRAWS_NONE};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT,
                                     VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_VISIBILITY, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT,
                                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    if (geometry == LC_GEOMETRY_MDI)
        p.uses[p.use_count++] = (lc_use){LC_RES_GEO_COMMANDS, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, 0};
    if (geometry == LC_GEOMETRY_MESH) lc_pass_mesh_culls(&p, f->settings); /* the task shader culls here, or the list is drawn */
    return p;
}
