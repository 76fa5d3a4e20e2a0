#include "passes/passes.h"

static void record(lc_renderer *r, VkCommandBuffer cmd)
{
    lc_frame_slot *slot = &r->slots[r->frame_index % LC_FRAMES_IN_FLIGHT];
    lc_image *out = r->res_image[LC_RES_OUTPUT];
    lc_begin_rendering(r, cmd, &(lc_rendering){.color = out->view, .color_load = VK_ATTACHMENT_LOAD_OP_DONT_CARE});
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->tonemap_pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1, &slot->set, 0, NULL);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
}

// tonemap: HDR to the sRGB output, or the heatmap / tightness views.
lc_pass lc_pass_tonemap(void)
{
    lc_pass p = {.name = "tonemap", .timer = LC_TIMER_TONEMAP, .record = record};
    p.uses[p.use_count++] = (lc_use){LC_RES_HDR, LC_STAGE_FRAG, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_OUTPUT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_ANALYSIS, LC_STAGE_FRAG, LC_READ, 0};
    return p;
}

static void record_hud(lc_renderer *r, VkCommandBuffer cmd)
{
    lc_frame_slot *slot = &r->slots[r->frame_index % LC_FRAMES_IN_FLIGHT];
    lc_image *out = r->res_image[LC_RES_OUTPUT];
    lc_begin_rendering(r, cmd, &(lc_rendering){.color = out->view, .color_load = VK_ATTACHMENT_LOAD_OP_LOAD});
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->hud_pipeline);
    float scale[4] = {2.0f / (float)r->width, 2.0f / (float)r->height, 0.0f, 0.0f};
    vkCmdPushConstants(cmd, r->layout, VK_SHADER_STAGE_ALL, 0, sizeof scale, scale);
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &slot->hud.buffer, &offset);
    vkCmdDraw(cmd, r->hud_vertex_count, 1, 0, 0);
    vkCmdEndRendering(cmd);
}

// HUD: on-screen text over the final image (viewer only).
lc_pass lc_pass_hud(void)
{
    return (lc_pass){.name = "HUD", .timer = LC_TIMER_HUD, .record = record_hud, .use_count = 1,
                     .uses = {{LC_RES_OUTPUT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                               VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT,
                               VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL}}};
}

static void record_readback(lc_renderer *r, VkCommandBuffer cmd)
{
    lc_frame_slot *slot = &r->slots[r->frame_index % LC_FRAMES_IN_FLIGHT];
    lc_image *out = r->res_image[LC_RES_OUTPUT];
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {out->width, out->height, 1},
    };
    vkCmdCopyImageToBuffer(cmd, out->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, slot->readback.buffer, 1, &region);
}

// readback: copies the final image for --out and screenshots.
lc_pass lc_pass_readback(void)
{
    return (lc_pass){.name = "readback", .timer = LC_TIMER_READBACK, .record = record_readback, .use_count = 1,
                     .uses = {{LC_RES_OUTPUT, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL}}};
}
