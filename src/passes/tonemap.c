#include "passes/passes.h"

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    lc_begin_rendering(f, rc, pass, &(lc_rendering){.color = f->output, .color_load = VK_ATTACHMENT_LOAD_OP_DONT_CARE});
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, f->dev->pipes.tonemap_pipeline);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, f->dev->layout, 0, f->slot->set);
    lc_rc_draw(rc, lc_sort_key(pass, LC_SEQ_WORK), 3, 0);
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

static void record_compute(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    uint64_t key = lc_sort_key(pass, LC_SEQ_WORK);
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->pipes.tonemap_compute);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    lc_rc_dispatch(rc, key, LC_DIV_UP(f->sized->width, LC_TONEMAP_GROUP), LC_DIV_UP(f->sized->height, LC_TONEMAP_GROUP), 1);
}

// tonemap: HDR to the sRGB output, or the heatmap / tightness views. Compute where the output
// has a storage view (raster throughput is the scarce part on big compute GPUs): it writes
// the UNORM view in GENERAL and encodes sRGB; else a fullscreen triangle into the attachment.
lc_pass lc_pass_tonemap(const lc_frame *f)
{
    bool compute = f->tonemap_path == LC_TONEMAP_COMPUTE;
    VkPipelineStageFlags2 stage = compute ? LC_STAGE_COMPUTE : LC_STAGE_FRAG;
    lc_pass p = {.name = "tonemap", .timer = LC_TIMER_TONEMAP, .record = compute ? record_compute : record};
    p.uses[p.use_count++] = (lc_use){LC_RES_HDR, stage, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    if (compute)
        p.uses[p.use_count++] = (lc_use){LC_RES_OUTPUT, LC_STAGE_COMPUTE, LC_WRITE, VK_IMAGE_LAYOUT_GENERAL};
    else
        p.uses[p.use_count++] = (lc_use){LC_RES_OUTPUT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                         VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_ANALYSIS, stage, LC_READ, 0};
    return p;
}

static void record_hud(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    lc_begin_rendering(f, rc, pass, &(lc_rendering){.color = f->output, .color_load = VK_ATTACHMENT_LOAD_OP_LOAD});
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, f->dev->pipes.hud_pipeline);
    float scale[4] = {2.0f / (float)f->sized->width, 2.0f / (float)f->sized->height, 0.0f, 0.0f};
    lc_rc_push_constants(rc, state, f->dev->layout, 0, sizeof scale, scale);
    lc_rc_bind_vertex_buffer(rc, state, f->slot->hud.buffer, 0);
    lc_rc_draw(rc, lc_sort_key(pass, LC_SEQ_WORK), f->hud_vertex_count, 0);
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// HUD: on-screen text over the final image (viewer only).
lc_pass lc_pass_hud(void)
{
    return (lc_pass){.name = "HUD", .timer = LC_TIMER_HUD, .record = record_hud, .use_count = 1,
                     .uses = {{LC_RES_OUTPUT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                               VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT,
                               VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL}}};
}

static void record_readback(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_image *out = f->output;
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {out->width, out->height, 1},
    };
    lc_rc_copy_image_to_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), out->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                               f->slot->readback.buffer, &region);
}

// readback: copies the final image for --out and screenshots.
lc_pass lc_pass_readback(void)
{
    return (lc_pass){.name = "readback", .timer = LC_TIMER_READBACK, .record = record_readback, .use_count = 1,
                     .uses = {{LC_RES_OUTPUT, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL}}};
}
