#include "vk/pipelines.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scene/scene.h"

/* The build directory's shaders/, or shaders/ beside the executable when installed. */
static void shader_path(const char *name, char *out, size_t size)
{
    const char *dir = getenv("LIGHTCULL_SHADER_DIR");
    if (dir && *dir) {
        snprintf(out, size, "%s/%s.spv", dir, name);
        return;
    }
    snprintf(out, size, "%s/%s.spv", LC_SHADER_DIR, name);
    if (access(out, R_OK) == 0) return;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        snprintf(out, size, "%s/shaders/%s.spv", exe, name);
    }
}

VkShaderModule lc_shader_load(lc_context *ctx, const char *name)
{
    char path[PATH_MAX + 64], err[512];
    shader_path(name, path, sizeof path);
    size_t size = 0;
    char *code = lc_read_file(path, &size, err, sizeof err);
    if (!code || size % 4 != 0 || size == 0) {
        lc_error("shader %s: %s", name, code ? "not a SPIR-V file" : err);
        free(code);
        return VK_NULL_HANDLE;
    }
    VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = (uint32_t *)code};
    VkShaderModule mod;
    VK_CHECK(vkCreateShaderModule(ctx->device, &ci, NULL, &mod));
    free(code);
    LC_NAME(ctx, VK_OBJECT_TYPE_SHADER_MODULE, mod, name);
    return mod;
}

static void fill_spec(const lc_spec *spec, VkSpecializationMapEntry *entries, VkSpecializationInfo *info)
{
    memset(info, 0, sizeof *info);
    if (!spec || !spec->count) return;
    assert(spec->count <= LC_SPEC_MAX);
    for (uint32_t i = 0; i < spec->count; i++)
        entries[i] = (VkSpecializationMapEntry){.constantID = i, .offset = i * 4, .size = 4};
    info->mapEntryCount = spec->count;
    info->pMapEntries = entries;
    info->dataSize = spec->count * 4;
    info->pData = spec->values;
}

VkPipeline lc_pipeline_compute(lc_context *ctx, VkPipelineLayout layout, const char *shader, const lc_spec *spec,
                               const char *name)
{
    VkShaderModule mod = lc_shader_load(ctx, shader);
    if (!mod) return VK_NULL_HANDLE;
    VkSpecializationMapEntry entries[LC_SPEC_MAX];
    VkSpecializationInfo si;
    fill_spec(spec, entries, &si);
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = mod,
            .pName = "main",
            .pSpecializationInfo = si.mapEntryCount ? &si : NULL,
        },
        .layout = layout,
    };
    VkPipeline p;
    VK_CHECK(vkCreateComputePipelines(ctx->device, VK_NULL_HANDLE, 1, &ci, NULL, &p));
    vkDestroyShaderModule(ctx->device, mod, NULL);
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE, p, name);
    return p;
}

VkPipeline lc_pipeline_graphics(lc_context *ctx, const lc_graphics_desc *d)
{
    /* The stages: vertex, or task + mesh; then the fragment shader when there is one. */
    typedef struct stage_want { const char *name; VkShaderStageFlagBits stage; } stage_want;
    stage_want want[3];
    uint32_t want_count = 0;
    if (d->mesh) {
        if (!ctx->mesh_shader) {
            lc_error("pipeline %s: device '%s' has no mesh shaders", d->name, ctx->props.deviceName);
            return VK_NULL_HANDLE;
        }
        if (d->task) want[want_count++] = (stage_want){d->task, VK_SHADER_STAGE_TASK_BIT_EXT};
        want[want_count++] = (stage_want){d->mesh, VK_SHADER_STAGE_MESH_BIT_EXT};
    } else {
        want[want_count++] = (stage_want){d->vertex, VK_SHADER_STAGE_VERTEX_BIT};
    }
    if (d->fragment) want[want_count++] = (stage_want){d->fragment, VK_SHADER_STAGE_FRAGMENT_BIT};
    VkSpecializationMapEntry entries[LC_SPEC_MAX];
    VkSpecializationInfo si;
    fill_spec(d->spec, entries, &si);
    VkPipelineShaderStageCreateInfo stages[3];
    VkShaderModule modules[3] = {VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};
    for (uint32_t i = 0; i < want_count; i++) {
        modules[i] = lc_shader_load(ctx, want[i].name);
        if (!modules[i]) {
            for (uint32_t k = 0; k < i; k++) vkDestroyShaderModule(ctx->device, modules[k], NULL);
            return VK_NULL_HANDLE;
        }
        stages[i] = (VkPipelineShaderStageCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                                      .stage = want[i].stage, .module = modules[i], .pName = "main",
                                                      .pSpecializationInfo = si.mapEntryCount ? &si : NULL};
    }
    VkVertexInputBindingDescription binding = {0};
    VkVertexInputAttributeDescription attrs[5];
    uint32_t attr_count = 0;
    if (d->scene_vertices) {
        binding = (VkVertexInputBindingDescription){0, sizeof(lc_vertex), VK_VERTEX_INPUT_RATE_VERTEX};
        attrs[attr_count++] = (VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(lc_vertex, position)};
        attrs[attr_count++] = (VkVertexInputAttributeDescription){1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(lc_vertex, normal)};
        attrs[attr_count++] = (VkVertexInputAttributeDescription){2, 0, VK_FORMAT_R32G32_SFLOAT, offsetof(lc_vertex, uv)};
        attrs[attr_count++] =
            (VkVertexInputAttributeDescription){3, 0, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(lc_vertex, tangent)};
        attrs[attr_count++] = (VkVertexInputAttributeDescription){4, 0, VK_FORMAT_R8G8B8A8_UNORM, offsetof(lc_vertex, color)};
    } else if (d->hud_vertices) {
        binding = (VkVertexInputBindingDescription){0, 6 * sizeof(float), VK_VERTEX_INPUT_RATE_VERTEX};
        attrs[attr_count++] = (VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32_SFLOAT, 0};
        attrs[attr_count++] = (VkVertexInputAttributeDescription){1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 2 * sizeof(float)};
    }
    bool has_vertices = d->scene_vertices || d->hud_vertices;
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .vertexBindingDescriptionCount = has_vertices ? 1 : 0,
        .pVertexBindingDescriptions = &binding,
        .vertexAttributeDescriptionCount = attr_count,
        .pVertexAttributeDescriptions = attrs,
    };
    VkPipelineInputAssemblyStateCreateInfo ia = {.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
                                                 .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
    VkPipelineViewportStateCreateInfo vp = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                            .viewportCount = 1, .scissorCount = 1};
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE, /* imported scenes have two-sided foliage and curtains */
        .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo ms = {.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                                               .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkPipelineDepthStencilStateCreateInfo ds = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = d->depth_format != VK_FORMAT_UNDEFINED,
        .depthWriteEnable = d->depth_write,
        .depthCompareOp = d->depth_compare,
    };
    VkPipelineColorBlendAttachmentState att = {
        .blendEnable = d->blend,
        .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
        .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
        .colorBlendOp = VK_BLEND_OP_ADD,
        .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
        .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
        .alphaBlendOp = VK_BLEND_OP_ADD,
        .colorWriteMask = 0xf,
    };
    bool has_color = d->color_format != VK_FORMAT_UNDEFINED;
    VkPipelineColorBlendStateCreateInfo cb = {.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                                              .attachmentCount = has_color ? 1 : 0, .pAttachments = &att};
    /* Scene draws set cull mode and front face per draw (single- or two-sided material,
     * mirrored object): one pipeline for every object and indirect bucket. */
    VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR, VK_DYNAMIC_STATE_CULL_MODE,
                            VK_DYNAMIC_STATE_FRONT_FACE};
    VkPipelineDynamicStateCreateInfo dy = {.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                           .dynamicStateCount = d->dynamic_cull ? 4 : 2, .pDynamicStates = dyn};
    VkPipelineRenderingCreateInfo ri = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .colorAttachmentCount = has_color ? 1 : 0,
        .pColorAttachmentFormats = &d->color_format,
        .depthAttachmentFormat = d->depth_format,
    };
    VkGraphicsPipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .pNext = &ri,
        .stageCount = want_count,
        .pStages = stages,
        .pVertexInputState = d->mesh ? NULL : &vi,
        .pInputAssemblyState = d->mesh ? NULL : &ia,
        .pViewportState = &vp,
        .pRasterizationState = &rs,
        .pMultisampleState = &ms,
        .pDepthStencilState = &ds,
        .pColorBlendState = &cb,
        .pDynamicState = &dy,
        .layout = d->layout,
    };
    VkPipeline p;
    VK_CHECK(vkCreateGraphicsPipelines(ctx->device, VK_NULL_HANDLE, 1, &ci, NULL, &p));
    for (uint32_t i = 0; i < want_count; i++) vkDestroyShaderModule(ctx->device, modules[i], NULL);
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE, p, d->name);
    return p;
}
