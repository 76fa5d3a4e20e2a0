#include "passes/passes.h"

static void record(lc_renderer *r, lc_render_context *rc, uint32_t pass)
{
    lc_rendering rd = {
        .color = &r->sized.visibility,
        .color_load = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .clear_color = {.uint32 = {LC_VIS_BACKGROUND, LC_VIS_BACKGROUND, 0, 0}},
        .depth = &r->sized.depth,
        .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .depth_load = VK_ATTACHMENT_LOAD_OP_LOAD,
        .depth_store = VK_ATTACHMENT_STORE_OP_STORE,
    };
    lc_begin_rendering(r, rc, pass, &rd);
    lc_bind_scene(r, rc, pass, r->dev.visibility_pipeline, true);
    /* The object draws come from lc_scene_draws_record jobs, in the forward shade's order. */
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// visibility: after the depth pre-pass, each pixel's triangle id with depth EQUAL (the
// fragment shader runs once per covered pixel, not once per layer of overdraw); the scene's
// second pass, where the forward path shades.
lc_pass lc_pass_visibility(void)
{
    lc_pass p = {.name = "visibility", .timer = LC_TIMER_DEPTH, .record = record, .scene_draws = LC_SCENE_DRAWS_EQUAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_VISIBILITY, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    return p;
}
