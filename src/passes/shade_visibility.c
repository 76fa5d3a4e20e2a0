#include "passes/passes.h"

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_frame_settings *s = f->settings;
    uint64_t key = lc_sort_key(pass, LC_SEQ_WORK);
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE,
                        f->dev->shades.shade_visibility[s->mode][f->loop][s->analysis][f->tonemap_path == LC_TONEMAP_FUSED]);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->vis_scene.layout, 0, f->slot->set);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->vis_scene.layout, 1, f->dev->vis_scene.set);
    // 8x4 pixels a workgroup (shade_visibility.glsl).
    lc_rc_dispatch(rc, key, LC_DIV_UP(f->sized->width, 8u), LC_DIV_UP(f->sized->height, 4u), 1);
}

// visibility shade: per pixel, rebuild the surface from its triangle id and walk the mode's
// culling structure with the forward pass's light loop; writes the HDR image, or with the
// fused tonemap the output image (then no tonemap pass follows).
lc_pass lc_pass_shade_visibility(const lc_frame *f)
{
    lc_pass p = {.name = "visibility shade", .timer = LC_TIMER_SHADE, .record = record};
    p.uses[p.use_count++] = (lc_use){LC_RES_VISIBILITY, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                                     VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    if (f->tonemap_path == LC_TONEMAP_FUSED)
        p.uses[p.use_count++] = (lc_use){LC_RES_OUTPUT, LC_STAGE_COMPUTE, LC_WRITE, VK_IMAGE_LAYOUT_GENERAL};
    else
        p.uses[p.use_count++] = (lc_use){LC_RES_HDR, LC_STAGE_COMPUTE, LC_WRITE, VK_IMAGE_LAYOUT_GENERAL};
    lc_pass_read_cull(&p, f->settings->mode, LC_STAGE_COMPUTE);
    p.uses[p.use_count++] = (lc_use){LC_RES_ANALYSIS, LC_STAGE_COMPUTE, LC_WRITE, 0};
    return p;
}
