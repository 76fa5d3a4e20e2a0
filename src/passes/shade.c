#include "passes/passes.h"

static void record_clear(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    lc_rc_fill_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), f->sized->analysis.buffer, 0, VK_WHOLE_SIZE, 0);
}

// analysis clear: per-pixel counters start at zero (background pixels are never shaded).
lc_pass lc_pass_analysis_clear(void)
{
    return (lc_pass){.name = "analysis clear", .timer = LC_TIMER_SHADE, .record = record_clear, .use_count = 1,
                     .uses = {{LC_RES_ANALYSIS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
}

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_frame_settings *s = f->settings;
    /* The background as shaders/shading/lighting.glsl lc_background_colour gives it. */
    float bg = (float)LC_EXPOSURE_REF / f->ubo->exposure.x;
    lc_rendering rd = {
        .color = &f->sized->hdr,
        .color_load = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .clear_color = {{0.01f * bg, 0.012f * bg, 0.02f * bg, 1.0f}},
        .depth = &f->sized->depth,
        .depth_layout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        .depth_load = VK_ATTACHMENT_LOAD_OP_LOAD,
        .depth_store = VK_ATTACHMENT_STORE_OP_NONE,
    };
    lc_begin_rendering(f, rc, pass, &rd);
    uint32_t loop = f->loop;
    uint32_t shade_id = lc_shade_pipeline_id(f);
    if (s->geometry == LC_GEOMETRY_MESH) {
        /* mesh: replay both phases' drawn flags (the depth passes' set) through the task and
         * mesh shaders; nothing is culled again. */
        lc_bind_scene(f, rc, pass, f->dev->shades.shade_mesh[s->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT][s->mode][loop][s->analysis], false);
        lc_geometry_record_mesh_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, shade_id,
                                      s->occlusion ? LC_GEOMETRY_CULL_PHASE_1 : LC_GEOMETRY_CULL_PHASE_ALL, true);
        if (s->occlusion) lc_geometry_record_mesh_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, shade_id, LC_GEOMETRY_CULL_PHASE_2, true);
        lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
        return;
    }
    lc_bind_scene(f, rc, pass, f->dev->shades.shade[s->mode][loop][s->analysis], true);
    /* direct: the draws (with their materials) come from lc_scene_draws_record jobs. mdi:
     * replay the surviving draws of both phases, exactly the depth pre-pass's set. */
    if (s->geometry == LC_GEOMETRY_MDI) {
        lc_geometry_record_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, shade_id, 0);
        if (s->occlusion) lc_geometry_record_draws(f, rc, pass, LC_SHADER_PASS_MATERIAL, shade_id, 1);
    }
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

void lc_pass_read_cull(lc_pass *p, uint32_t mode, VkPipelineStageFlags2 stage)
{
    switch (mode) {
    case LC_MODE_LISTS: p->uses[p->use_count++] = (lc_use){LC_RES_TILE_LISTS, stage, LC_READ, 0}; break;
    case LC_MODE_TILES:
        p->uses[p->use_count++] = (lc_use){LC_RES_TILE_BITS, stage, LC_READ, 0};
        p->uses[p->use_count++] = (lc_use){LC_RES_TILE_MASK, stage, LC_READ, 0};
        break;
    case LC_MODE_CLUSTERS: p->uses[p->use_count++] = (lc_use){LC_RES_CLUSTER_BITS, stage, LC_READ, 0}; break;
    case LC_MODE_ZBIN:
        p->uses[p->use_count++] = (lc_use){LC_RES_TILE_BITS, stage, LC_READ, 0};
        p->uses[p->use_count++] = (lc_use){LC_RES_ZBINS, stage, LC_READ, 0};
        p->uses[p->use_count++] = (lc_use){LC_RES_TILE_MASK, stage, LC_READ, 0};
        break;
    default: break;
    }
}

// forward shade: walks the mode's culling structure per pixel.
lc_pass lc_pass_shade(const lc_frame *f)
{
    lc_pass p = {.name = "forward shade", .timer = LC_TIMER_SHADE, .record = record, .scene_draws = LC_SCENE_DRAWS_EQUAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_HDR, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    lc_pass_read_cull(&p, f->settings->mode, LC_STAGE_FRAG);
    lc_pass_read_geometry_replay(&p, lc_raster_path(f->settings));
    /* Every variant references the counters statically, so the use is always declared. */
    p.uses[p.use_count++] = (lc_use){LC_RES_ANALYSIS, LC_STAGE_FRAG, LC_WRITE, 0};
    return p;
}
