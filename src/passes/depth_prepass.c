#include "passes/passes.h"

void lc_set_viewport(lc_renderer *r, VkCommandBuffer cmd)
{
    VkViewport vp = {0.0f, 0.0f, (float)r->width, (float)r->height, 0.0f, 1.0f};
    VkRect2D sc = {{0, 0}, {r->width, r->height}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
}

void lc_begin_rendering(lc_renderer *r, VkCommandBuffer cmd, const lc_rendering *d)
{
    VkRenderingAttachmentInfo color = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = d->color,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = d->color_load,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue.color = d->clear_color,
    };
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = d->depth,
        .imageLayout = d->depth_layout,
        .loadOp = d->depth_load,
        .storeOp = d->depth_store,
        .clearValue.depthStencil = {1.0f, 0},
    };
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {r->width, r->height}},
        .layerCount = 1,
        .colorAttachmentCount = d->color ? 1 : 0,
        .pColorAttachments = d->color ? &color : NULL,
        .pDepthAttachment = d->depth ? &depth : NULL,
    };
    vkCmdBeginRendering(cmd, &ri);
    lc_set_viewport(r, cmd);
}

void lc_draw_scene(lc_renderer *r, VkCommandBuffer cmd, bool materials)
{
    const lc_scene *s = r->scene;
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(cmd, 0, 1, &r->vertices.buffer, &offset);
    vkCmdBindIndexBuffer(cmd, r->indices.buffer, 0, VK_INDEX_TYPE_UINT32);
    uint32_t bound = UINT32_MAX;
    for (uint32_t i = 0; i < s->draw_count; i++) {
        const lc_draw *d = &s->draws[i];
        if (materials && d->material != bound) {
            bound = d->material;
            vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 1, 1, &r->material_sets[bound], 0, NULL);
            vkCmdPushConstants(cmd, r->layout, VK_SHADER_STAGE_ALL, 0, 16, s->materials[bound].base_color);
        }
        vkCmdDrawIndexed(cmd, d->index_count, 1, d->first_index, 0, i);
    }
}

static void record(lc_renderer *r, VkCommandBuffer cmd)
{
    lc_rendering rd = {.depth = r->depth.view, .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                       .depth_load = VK_ATTACHMENT_LOAD_OP_CLEAR, .depth_store = VK_ATTACHMENT_STORE_OP_STORE};
    lc_begin_rendering(r, cmd, &rd);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->depth_pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1,
                            &r->slots[r->frame_index % LC_FRAMES_IN_FLIGHT].set, 0, NULL);
    lc_draw_scene(r, cmd, false);
    vkCmdEndRendering(cmd);
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
    };
}
