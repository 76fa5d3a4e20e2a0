/* The material textures' samplers: one VkSampler per LC_SAMPLER_* key (scene.h) that the
 * scene's materials use, shared by the forward pass's material sets and the visibility
 * shade's texture array (each of its entries an image with its sampler). */
#ifndef LC_MATERIAL_SAMPLERS_H
#define LC_MATERIAL_SAMPLERS_H

#include "scene/scene.h"
#include "vk/vk_context.h"

/* The sampler a key stands for (glTF wrap modes and filters; mips as the key says). */
VkSamplerCreateInfo lc_material_sampler_info(uint8_t key);

/* Creates out[key] for key 0 (white and default textures) and every key the scene's materials
 * use; the others stay VK_NULL_HANDLE. */
void lc_material_samplers_create(lc_context *ctx, const lc_scene *scene, VkSampler out[LC_SAMPLER_KEYS]);
void lc_material_samplers_destroy(lc_context *ctx, VkSampler samplers[LC_SAMPLER_KEYS]);

#endif
