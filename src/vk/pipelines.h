/* SPIR-V loading and pipeline creation. Shaders are compiled at build time into
 * <build>/shaders/NAME.spv; LIGHTCULL_SHADER_DIR overrides the location. Variants of one
 * shader (culling mode, scalarization, analysis) are specialization constants. */
#ifndef LC_PIPELINES_H
#define LC_PIPELINES_H

#include "vk/vk_context.h"

/* Loads shaders/NAME.spv; VK_NULL_HANDLE and one error line when missing. */
VkShaderModule lc_shader_load(lc_context *ctx, const char *name);

#define LC_SPEC_MAX 12u /* specialization constants a pipeline takes at most */
typedef struct lc_spec {
    uint32_t values[LC_SPEC_MAX]; /* constant_id 0..count-1 */
    uint32_t count;
} lc_spec;

VkPipeline lc_pipeline_compute(lc_context *ctx, VkPipelineLayout layout, const char *shader, const lc_spec *spec,
                               const char *name);

typedef struct lc_graphics_desc {
    const char *vertex, *fragment;    /* fragment may be NULL (depth only) */
    /* Mesh shading (VK_EXT_mesh_shader, only on devices with ctx->mesh_shader): task and
     * mesh replace vertex; no vertex input. */
    const char *task, *mesh;
    const lc_spec *spec;              /* applied to every stage */
    VkPipelineLayout layout;
    VkFormat color_format;            /* VK_FORMAT_UNDEFINED: no colour attachment */
    VkFormat depth_format;            /* VK_FORMAT_UNDEFINED: no depth */
    VkCompareOp depth_compare;        /* with depth */
    bool depth_write;
    bool blend;                       /* alpha blending (HUD) */
    bool scene_vertices;              /* lc_vertex input at binding 0; else no vertex input */
    bool hud_vertices;                /* vec2 position + vec4 colour at binding 0 */
    bool dynamic_cull;                /* cull mode and front face are dynamic state (scene draws) */
    const char *name;
} lc_graphics_desc;

VkPipeline lc_pipeline_graphics(lc_context *ctx, const lc_graphics_desc *desc);

#endif
