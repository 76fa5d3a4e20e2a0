#include "geometry/visibility_scene.h"

#include "materials/gpu_material.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(lc_vertex) == LC_VERTEX_FLOATS * sizeof(float), "visibility.glsl reads lc_vertex as LC_VERTEX_FLOATS floats");
_Static_assert(offsetof(lc_vertex, normal) == 3 * sizeof(float), "lc_vertex.normal");
_Static_assert(offsetof(lc_vertex, uv) == 6 * sizeof(float), "lc_vertex.uv");
_Static_assert(offsetof(lc_vertex, tangent) == 8 * sizeof(float), "lc_vertex.tangent");
_Static_assert(offsetof(lc_vertex, color) == 12 * sizeof(float), "lc_vertex.color");
_Static_assert(sizeof(lc_gpu_draw) == 16, "lc_gpu_draw is one uvec4");

static lc_status upload_table(lc_context *ctx, lc_buffer *b, const void *data, size_t bytes, const char *name)
{
    lc_buffer_desc d = {.size = LC_MAX(bytes, (size_t)16), .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                        .name = name};
    lc_status s = lc_buffer_create(ctx, &d, b);
    if (s == LC_OK && bytes) s = lc_buffer_upload(ctx, b, data, bytes);
    return s;
}

uint32_t lc_vis_id_prim_bits(uint32_t draws, uint32_t max_triangles)
{
    uint32_t bits = 1;
    while (bits < 32 && (1ull << bits) < max_triangles) bits++;
    /* The largest id is (draws << bits) - 1: below the background's all ones. */
    return bits < 32 && ((uint64_t)draws << bits) <= 0xffffffffull ? bits : 0;
}

/* Rank of key among the keys set in bits (256 bits as 8 words): the number of set keys below it. */
static uint32_t key_rank(const uint32_t bits[8], uint32_t key)
{
    uint32_t n = 0;
    for (uint32_t w = 0; w < key / 32; w++) n += (uint32_t)__builtin_popcount(bits[w]);
    return n + (uint32_t)__builtin_popcount(bits[key / 32] & ((1u << (key % 32)) - 1u));
}

uint32_t lc_vis_textures(const lc_scene *s, lc_vis_texture *textures, uint32_t *material_texture)
{
    /* Per image, the sampler keys its materials read it with (a bit each) and its first texture. */
    uint32_t(*keys)[8] = lc_calloc(LC_MAX(s->image_count, 1u), sizeof *keys);
    uint32_t *first = lc_calloc(LC_MAX(s->image_count, 1u), sizeof *first);
    bool white = s->material_count == 0;
    for (uint32_t i = 0; i < s->material_count; i++)
        for (uint32_t t = 0; t < LC_TEX_SLOTS; t++) {
            int32_t img = lc_material_image(&s->materials[i], t, s->image_count);
            uint32_t key = s->materials[i].sampler[t];
            if (img >= 0) keys[img][key / 32] |= 1u << (key % 32);
            else if (t == LC_TEX_BASE_COLOR) white = true;
        }
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->image_count; i++) {
        first[i] = n;
        for (uint32_t k = 0; k < LC_SAMPLER_KEYS; k++) {
            if (!(keys[i][k / 32] >> (k % 32) & 1u)) continue;
            if (textures) textures[n] = (lc_vis_texture){(int32_t)i, (uint8_t)k};
            n++;
        }
    }
    uint32_t white_slot = n;
    if (white) {
        if (textures) textures[n] = (lc_vis_texture){-1, 0};
        n++;
    }
    for (uint32_t i = 0; material_texture && i < s->material_count; i++)
        for (uint32_t t = 0; t < LC_TEX_SLOTS; t++) {
            int32_t img = lc_material_image(&s->materials[i], t, s->image_count);
            material_texture[i * LC_TEX_SLOTS + t] = img >= 0                  ? first[img] + key_rank(keys[img], s->materials[i].sampler[t])
                                                     : t == LC_TEX_BASE_COLOR ? white_slot
                                                                              : LC_NO_TEXTURE;
        }
    free(keys);
    free(first);
    return n;
}

bool lc_vis_textures_fit(const lc_context *ctx, uint32_t textures, uint32_t other_samplers, char *why, size_t why_size)
{
    const VkPhysicalDeviceLimits *l = &ctx->props.limits;
    uint64_t need = (uint64_t)textures + other_samplers;
    if (ctx->descriptor_indexing) {
        /* Bindless: the update-after-bind limits count every set's descriptors. */
        if (need <= ctx->uab_samplers_per_stage && need <= ctx->uab_samplers_per_set) return true;
        snprintf(why, why_size, "the scene's %u textures and the frame's %u samplers exceed the update-after-bind sampler "
                 "limit of %u on device '%s'", textures, other_samplers, LC_MIN(ctx->uab_samplers_per_stage, ctx->uab_samplers_per_set),
                 ctx->props.deviceName);
        return false;
    }
    const char *di = lc_device_hidden(&ctx->hide, LC_HIDE_DESCRIPTOR_INDEXING) ? "descriptor indexing hidden by LC_DEVICE_HIDE"
                                                                                : "no descriptor indexing";
    uint32_t per_stage = LC_MIN(l->maxPerStageDescriptorSamplers, l->maxPerStageDescriptorSampledImages);
    uint32_t per_set = LC_MIN(l->maxDescriptorSetSamplers, l->maxDescriptorSetSampledImages);
    if (need > per_stage || need > per_set) {
        snprintf(why, why_size, "the scene's %u textures and the frame's %u samplers exceed %s of %u on device '%s' (%s)", textures,
                 other_samplers, need > per_stage ? "maxPerStageDescriptorSamplers" : "maxDescriptorSetSamplers",
                 need > per_stage ? per_stage : per_set, ctx->props.deviceName, di);
        return false;
    }
    if (!ctx->sampled_array_dynamic_indexing && textures > LC_VIS_MAX_TEXTURES) {
        snprintf(why, why_size, "the scene has %u textures; without shaderSampledImageArrayDynamicIndexing%s (and %s) device '%s' "
                 "can select at most %u", textures, lc_device_hide_note(&ctx->hide, LC_HIDE_DYNAMIC_INDEXING), di,
                 ctx->props.deviceName, LC_VIS_MAX_TEXTURES);
        return false;
    }
    return true;
}

lc_status lc_visibility_scene_create(lc_context *ctx, const lc_visibility_scene_desc *desc, lc_visibility_scene *vs)
{
    memset(vs, 0, sizeof *vs);
    const lc_scene *s = desc->scene;
    VkDevice dev = ctx->device;
    vs->material_count = LC_MAX(s->material_count, 1u);
    lc_vis_texture *slot_texture = lc_calloc((size_t)vs->material_count * LC_TEX_SLOTS + 1, sizeof *slot_texture);
    uint32_t *material_texture = lc_calloc((size_t)vs->material_count * LC_TEX_SLOTS, sizeof *material_texture);
    vs->texture_count = lc_vis_textures(s, slot_texture, material_texture);
    if (!lc_vis_textures_fit(ctx, vs->texture_count, desc->frame_samplers, vs->refusal, sizeof vs->refusal)) {
        free(slot_texture);
        free(material_texture);
        return LC_OK;
    }
    vs->bindless = ctx->descriptor_indexing;

    VkDescriptorSetLayoutBinding b[LC_VIS_BIND_COUNT];
    VkDescriptorBindingFlags flags[LC_VIS_BIND_COUNT] = {0};
    for (uint32_t i = 0; i < LC_VIS_BIND_COUNT; i++)
        b[i] = (VkDescriptorSetLayoutBinding){i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    b[LC_VIS_BIND_TEXTURES].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    b[LC_VIS_BIND_TEXTURES].descriptorCount = vs->texture_count;
    /* Bindless: the textures in an update-after-bind binding, which puts them under those
     * limits (the set is written once, before any use). */
    flags[LC_VIS_BIND_TEXTURES] = VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT;
    VkDescriptorSetLayoutBindingFlagsCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
                                                      .bindingCount = LC_VIS_BIND_COUNT, .pBindingFlags = flags};
    VkDescriptorSetLayoutCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .pNext = vs->bindless ? &fi : NULL,
                                          .flags = vs->bindless ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT : 0,
                                          .bindingCount = LC_VIS_BIND_COUNT, .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(dev, &ci, NULL, &vs->set_layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, vs->set_layout, "visibility scene set layout");
    VkDescriptorSetLayout sets[2] = {desc->frame_layout, vs->set_layout};
    VkPipelineLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 2, .pSetLayouts = sets};
    VK_CHECK(vkCreatePipelineLayout(dev, &li, NULL, &vs->layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, vs->layout, "pipeline layout (frame set, visibility scene set)");

    VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, LC_VIS_BIND_COUNT - 1},
                                    {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, vs->texture_count}};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .flags = vs->bindless ? VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT : 0,
                                     .maxSets = 1, .poolSizeCount = 2, .pPoolSizes = sizes};
    VK_CHECK(vkCreateDescriptorPool(dev, &pi, NULL, &vs->pool));
    LC_NAME(ctx, VK_OBJECT_TYPE_DESCRIPTOR_POOL, vs->pool, "visibility scene pool");
    VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = vs->pool,
                                      .descriptorSetCount = 1, .pSetLayouts = &vs->set_layout};
    VK_CHECK(vkAllocateDescriptorSets(dev, &ai, &vs->set));
    LC_NAME(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET, vs->set, "visibility scene set");

    /* One entry per object: its mesh's index range in the runtime mesh (global vertex numbers:
     * first vertex 0), its material. */
    lc_gpu_draw *draws = lc_calloc(LC_MAX(s->object_count, 1u), sizeof *draws);
    uint32_t max_triangles = 0;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_meshlet_range *m = &desc->ranges[s->objects[i].mesh];
        draws[i].info = (lc_u4){m->first_triangle * 3, m->triangle_count * 3, s->objects[i].material, 0};
        max_triangles = LC_MAX(max_triangles, m->triangle_count);
    }
    vs->id_prim_bits = lc_vis_id_prim_bits(s->object_count, max_triangles);
    lc_gpu_material *mats = lc_calloc(vs->material_count, sizeof *mats);
    for (uint32_t i = 0; i < s->material_count; i++)
        mats[i] = lc_gpu_material_make(&s->materials[i], s->image_count, &material_texture[i * LC_TEX_SLOTS]);
    if (!s->material_count) { /* texture 0: white */
        lc_material white = lc_material_make(1.0f, 1.0f, 1.0f, -1, false);
        const uint32_t none[LC_TEX_SLOTS] = {0, LC_NO_TEXTURE, LC_NO_TEXTURE, LC_NO_TEXTURE, LC_NO_TEXTURE};
        mats[0] = lc_gpu_material_make(&white, 0, none);
    }
    free(material_texture);
    lc_status st = upload_table(ctx, &vs->draws, draws, (size_t)LC_MAX(s->object_count, 1u) * sizeof *draws, "visibility draws");
    if (st == LC_OK) st = upload_table(ctx, &vs->materials, mats, (size_t)vs->material_count * sizeof *mats, "visibility materials");
    free(draws);
    free(mats);
    if (st != LC_OK) {
        free(slot_texture);
        return st;
    }

    VkDescriptorImageInfo *tex = lc_calloc(vs->texture_count, sizeof *tex);
    for (uint32_t i = 0; i < vs->texture_count; i++) {
        const lc_image *t = slot_texture[i].image >= 0 ? &desc->textures[slot_texture[i].image] : desc->white;
        tex[i] = (VkDescriptorImageInfo){desc->samplers[slot_texture[i].sampler], t->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    }
    free(slot_texture);
    VkDescriptorBufferInfo bufs[LC_VIS_BIND_COUNT] = {
        [LC_VIS_BIND_VERTICES] = {desc->vertices->buffer, 0, VK_WHOLE_SIZE},
        [LC_VIS_BIND_INDICES] = {desc->indices->buffer, 0, VK_WHOLE_SIZE},
        [LC_VIS_BIND_DRAWS] = {vs->draws.buffer, 0, VK_WHOLE_SIZE},
        [LC_VIS_BIND_MATERIALS] = {vs->materials.buffer, 0, VK_WHOLE_SIZE},
    };
    VkWriteDescriptorSet w[LC_VIS_BIND_COUNT];
    for (uint32_t i = 0; i < LC_VIS_BIND_COUNT; i++)
        w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = vs->set, .dstBinding = i,
                                      .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                      .pBufferInfo = &bufs[i]};
    w[LC_VIS_BIND_TEXTURES].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    w[LC_VIS_BIND_TEXTURES].descriptorCount = vs->texture_count;
    w[LC_VIS_BIND_TEXTURES].pBufferInfo = NULL;
    w[LC_VIS_BIND_TEXTURES].pImageInfo = tex;
    vkUpdateDescriptorSets(dev, LC_VIS_BIND_COUNT, w, 0, NULL);
    free(tex);
    return LC_OK;
}

void lc_visibility_scene_destroy(lc_context *ctx, lc_visibility_scene *vs)
{
    if (!ctx->device) return;
    lc_buffer_destroy(ctx, &vs->draws);
    lc_buffer_destroy(ctx, &vs->materials);
    if (vs->pool) vkDestroyDescriptorPool(ctx->device, vs->pool, NULL);
    if (vs->layout) vkDestroyPipelineLayout(ctx->device, vs->layout, NULL);
    if (vs->set_layout) vkDestroyDescriptorSetLayout(ctx->device, vs->set_layout, NULL);
    memset(vs, 0, sizeof *vs);
}
