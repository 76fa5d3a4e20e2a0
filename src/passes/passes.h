/* The passes of a frame. Each returns its description (name, timer, uses) with its record
 * function; frame.c lists them in order and derives the barriers. */
#ifndef LC_PASSES_H
#define LC_PASSES_H

#include "frame.h"

#define LC_STAGE_FRAG VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT
#define LC_STAGE_COMPUTE VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT
#define LC_STAGE_TRANSFER VK_PIPELINE_STAGE_2_TRANSFER_BIT
#define LC_READ VK_ACCESS_2_SHADER_STORAGE_READ_BIT
#define LC_WRITE VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT
#define LC_RW (VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT)

lc_pass lc_pass_depth_prepass(void);
/* Light culling for a mode and r->settings.binning: appends its passes (up to 5), returns how many. */
uint32_t lc_passes_light_cull(const lc_renderer *r, uint32_t mode, lc_pass *out);
lc_pass lc_pass_analysis_clear(void);
lc_pass lc_pass_shade(const lc_renderer *r);
lc_pass lc_pass_tonemap(void);
lc_pass lc_pass_hud(void);
lc_pass lc_pass_readback(void);

/* Dynamic rendering into the frame's attachments: colour and/or depth, full target, viewport
 * and scissor set. A zero view means no such attachment. */
typedef struct lc_rendering {
    VkImageView color;
    VkAttachmentLoadOp color_load;
    VkClearColorValue clear_color;
    VkImageView depth;
    VkImageLayout depth_layout;
    VkAttachmentLoadOp depth_load;
    VkAttachmentStoreOp depth_store;
} lc_rendering;
void lc_begin_rendering(lc_renderer *r, VkCommandBuffer cmd, const lc_rendering *desc);

/* Shared by the scene-drawing passes. */
void lc_draw_scene(lc_renderer *r, VkCommandBuffer cmd, bool materials);
void lc_set_viewport(lc_renderer *r, VkCommandBuffer cmd);

#endif
