#include "geometry/visibility_scene.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(lc_vertex) == LC_VERTEX_FLOATS * sizeof(float), "visibility.glsl reads lc_vertex as LC_VERTEX_FLOATS floats");
_Static_assert(offsetof(lc_vertex, normal) == 3 * sizeof(float), "lc_vertex.normal");
_Static_assert(offsetof(lc_vertex, uv) == 6 * sizeof(float), "lc_vertex.uv");
_Static_assert(sizeof(lc_gpu_draw) == 16, "lc_gpu_draw is one uvec4");
_Static_assert(sizeof(lc_gpu_material) == 16, "lc_gpu_material is one vec4");

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

lc_status lc_visibility_scene_create(lc_context *ctx, const lc_visibility_scene_desc *desc, lc_visibility_scene *vs)
{
    memset(vs, 0, sizeof *vs);
    const lc_scene *s = desc->scene;
    VkDevice dev = ctx->device;
    vs->material_count = LC_MAX(s->material_count, 1u);

    VkDescriptorSetLayoutBinding b[LC_VIS_BIND_COUNT];
    for (uint32_t i = 0; i < LC_VIS_BIND_COUNT; i++)
        b[i] = (VkDescriptorSetLayoutBinding){i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    b[LC_VIS_BIND_TEXTURES].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    b[LC_VIS_BIND_TEXTURES].descriptorCount = vs->material_count;
    VkDescriptorSetLayoutCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = LC_VIS_BIND_COUNT, .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(dev, &ci, NULL, &vs->set_layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, vs->set_layout, "visibility scene set layout");
    VkDescriptorSetLayout sets[2] = {desc->frame_layout, vs->set_layout};
    VkPipelineLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 2, .pSetLayouts = sets};
    VK_CHECK(vkCreatePipelineLayout(dev, &li, NULL, &vs->layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, vs->layout, "pipeline layout (frame set, visibility scene set)");

    VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, LC_VIS_BIND_COUNT - 1},
                                    {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, vs->material_count}};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1, .poolSizeCount = 2,
                                     .pPoolSizes = sizes};
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
        memcpy(&mats[i].base_color, s->materials[i].base_color, sizeof mats[i].base_color);
    if (!s->material_count) mats[0].base_color = (lc_f4){1.0f, 1.0f, 1.0f, 1.0f};
    lc_status st = upload_table(ctx, &vs->draws, draws, (size_t)LC_MAX(s->object_count, 1u) * sizeof *draws, "visibility draws");
    if (st == LC_OK) st = upload_table(ctx, &vs->materials, mats, (size_t)vs->material_count * sizeof *mats, "visibility materials");
    free(draws);
    free(mats);
    if (st != LC_OK) return st;

    VkDescriptorImageInfo *tex = lc_calloc(vs->material_count, sizeof *tex);
    for (uint32_t i = 0; i < vs->material_count; i++) {
        int32_t img = i < s->material_count ? s->materials[i].image : -1;
        const lc_image *t = (img >= 0 && (uint32_t)img < s->image_count) ? &desc->textures[img] : desc->white;
        tex[i] = (VkDescriptorImageInfo){desc->sampler, t->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    }
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
    w[LC_VIS_BIND_TEXTURES].descriptorCount = vs->material_count;
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
