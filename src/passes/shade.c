#include "passes/passes.h"

static void record_clear(lc_renderer *r, VkCommandBuffer cmd)
{
    vkCmdFillBuffer(cmd, r->analysis.buffer, 0, VK_WHOLE_SIZE, 0);
}

// analysis clear: per-pixel counters start at zero (background pixels are never shaded).
lc_pass lc_pass_analysis_clear(void)
{
    return (lc_pass){.name = "analysis clear", .timer = LC_TIMER_SHADE, .record = record_clear, .use_count = 1,
                     .uses = {{LC_RES_ANALYSIS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
}

static void record(lc_renderer *r, VkCommandBuffer cmd)
{
    const lc_frame_settings *s = &r->settings;
    lc_frame_slot *slot = &r->slots[r->frame_index % LC_FRAMES_IN_FLIGHT];
    lc_rendering rd = {
        .color = r->hdr.view,
        .color_load = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .clear_color = {{0.01f, 0.012f, 0.02f, 1.0f}},
        .depth = r->depth.view,
        .depth_layout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        .depth_load = VK_ATTACHMENT_LOAD_OP_LOAD,
        .depth_store = VK_ATTACHMENT_STORE_OP_NONE,
    };
    lc_begin_rendering(r, cmd, &rd);
    bool scalarize = s->scalarize && r->ctx->subgroup_fragment;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->shade[s->mode][scalarize][s->analysis]);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1, &slot->set, 0, NULL);
    lc_draw_scene(r, cmd, true);
    vkCmdEndRendering(cmd);
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
lc_pass lc_pass_shade(const lc_renderer *r)
{
    lc_pass p = {.name = "forward shade", .timer = LC_TIMER_SHADE, .record = record};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_HDR, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    lc_pass_read_cull(&p, r->settings.mode, LC_STAGE_FRAG);
    /* Every variant references the counters statically, so the use is always declared. */
    p.uses[p.use_count++] = (lc_use){LC_RES_ANALYSIS, LC_STAGE_FRAG, LC_WRITE, 0};
    return p;
}
