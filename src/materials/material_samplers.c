/* The material textures' samplers (material_samplers.h). */
#include "materials/material_samplers.h"

#include "materials/gpu_material.h"

static VkSamplerAddressMode address_mode(uint32_t wrap)
{
    return wrap == LC_SAMPLER_WRAP_CLAMP    ? VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
           : wrap == LC_SAMPLER_WRAP_MIRROR ? VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT
                                            : VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

VkSamplerCreateInfo lc_material_sampler_info(uint8_t key)
{
    return (VkSamplerCreateInfo){
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = key & LC_SAMPLER_MAG_NEAREST ? VK_FILTER_NEAREST : VK_FILTER_LINEAR,
        .minFilter = key & LC_SAMPLER_MIN_NEAREST ? VK_FILTER_NEAREST : VK_FILTER_LINEAR,
        .mipmapMode = key & LC_SAMPLER_MIP_NEAREST ? VK_SAMPLER_MIPMAP_MODE_NEAREST : VK_SAMPLER_MIPMAP_MODE_LINEAR,
        .addressModeU = address_mode(key & 3u),
        .addressModeV = address_mode((key >> 2) & 3u),
        .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
        /* glTF's NEAREST and LINEAR minification read the base level only. */
        .maxLod = key & LC_SAMPLER_MIP_NONE ? 0.0f : VK_LOD_CLAMP_NONE,
        .anisotropyEnable = VK_FALSE,
    };
}

void lc_material_samplers_create(lc_context *ctx, const lc_scene *s, VkSampler out[LC_SAMPLER_KEYS])
{
    bool used[LC_SAMPLER_KEYS] = {[0] = true};
    for (uint32_t i = 0; i < s->material_count; i++)
        for (uint32_t t = 0; t < LC_TEX_SLOTS; t++)
            if (lc_material_image(&s->materials[i], t, s->image_count) >= 0) used[s->materials[i].sampler[t]] = true;
    for (uint32_t k = 0; k < LC_SAMPLER_KEYS; k++) {
        out[k] = VK_NULL_HANDLE;
        if (!used[k]) continue;
        VkSamplerCreateInfo si = lc_material_sampler_info((uint8_t)k);
        VK_CHECK(vkCreateSampler(ctx->device, &si, NULL, &out[k]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_SAMPLER, out[k], "material sampler %02x", k);
    }
}

void lc_material_samplers_destroy(lc_context *ctx, VkSampler samplers[LC_SAMPLER_KEYS])
{
    for (uint32_t k = 0; k < LC_SAMPLER_KEYS; k++) {
        if (samplers[k]) vkDestroySampler(ctx->device, samplers[k], NULL);
        samplers[k] = VK_NULL_HANDLE;
    }
}
