/* depth prepass (direct path): the scene's object draws at depth only, front to back; the
 * draws themselves come from the frame's jobs (passes/scene_draws.c). */
#include "passes/passes.h"

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    lc_begin_depth_rendering(f, rc, pass, false);
    lc_bind_scene(f, rc, pass, f->dev->pipes.depth_pipeline, true);
    lc_bind_depth_mask(f, rc, pass, f->dev->pipes.depth_mask_pipeline);
    /* The draws come from lc_scene_draws_record jobs. */
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// depth prepass: feeds tile depth bounds and lets the forward pass shade each pixel once.
lc_pass lc_pass_depth_prepass(void)
{
    return (lc_pass){
        .name = "depth prepass",
        .timer = LC_TIMER_DEPTH,
        .uses = {{LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT,
                  VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL}},
        .use_count = 1,
        .record = record,
        .scene_draws = LC_SCENE_DRAWS_DEPTH,
    };
}
