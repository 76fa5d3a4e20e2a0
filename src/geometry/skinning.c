/* GPU skinning (skinning.h). */
#include "geometry/skinning.h"

#include "cpu/sort_key.h"
#include "scene/camera.h"
#include "vk/pipelines.h"

#include <stdlib.h>
#include <string.h>

/* A vertex's four heaviest joints, renormalised; none: joint 0 (the identity) at weight 1. */
typedef struct influence {
    uint32_t joint[4];
    float weight[4];
} influence;

static void add_influence(influence *f, uint32_t joint, float w)
{
    int k = 3;
    if (!(w > f->weight[3])) return;
    while (k > 0 && w > f->weight[k - 1]) {
        f->weight[k] = f->weight[k - 1], f->joint[k] = f->joint[k - 1];
        k--;
    }
    f->weight[k] = w, f->joint[k] = joint;
}

lc_status lc_skinning_create(lc_context *ctx, const lc_scene *scene, const lc_geometry *g, lc_skinning *sk)
{
    memset(sk, 0, sizeof *sk);
    const lc_scene_anim *a = scene->anim;
    if (!a || !a->skin_count) return LC_OK;
    sk->ranges = lc_calloc(a->skin_count, sizeof *sk->ranges);
    uint32_t sources = 0;
    sk->joint_count = 1;
    for (uint32_t k = 0; k < a->skin_count; k++) {
        const lc_meshlet_range *rg = &g->ms.ranges[a->skins[k].mesh];
        sk->ranges[k] = (lc_skin_range){k, sources, rg->first_vertex, rg->vertex_count, rg->first_meshlet, rg->meshlet_count, sk->joint_count};
        sources += rg->vertex_count;
        sk->joint_count += a->skins[k].bone_count;
    }
    sk->range_count = a->skin_count;
    lc_vertex *src = lc_calloc(LC_MAX(sources, 1u), sizeof *src);
    lc_u4 *wt = lc_calloc((size_t)LC_MAX(sources, 1u) * 2, sizeof *wt);
    uint32_t over = 0;
    for (uint32_t k = 0; k < a->skin_count; k++) {
        const lc_skin *s = &a->skins[k];
        const lc_mesh *mesh = &scene->meshes[s->mesh];
        const lc_skin_range *r = &sk->ranges[k];
        influence *inf = lc_calloc(LC_MAX(mesh->vertex_count, 1u), sizeof *inf);
        uint8_t *n = lc_calloc(LC_MAX(mesh->vertex_count, 1u), 1);
        for (uint32_t b = 0; b < s->bone_count; b++)
            for (uint32_t w = 0; w < s->bones[b].weight_count; w++) {
                uint32_t v = s->bones[b].vertex[w];
                add_influence(&inf[v], r->joint_first + b, s->bones[b].weight[w]);
                if (n[v] < 255) n[v]++;
            }
        for (uint32_t i = 0; i < r->count; i++) {
            uint32_t local = g->ms.vertex_remap[r->runtime_first + i] - mesh->first_vertex;
            src[r->source_first + i] = s->bind[local];
            influence f = inf[local];
            over += n[local] > 4;
            float sum = f.weight[0] + f.weight[1] + f.weight[2] + f.weight[3];
            if (!(sum > 0.0f)) f = (influence){{0, 0, 0, 0}, {1, 0, 0, 0}};
            else
                for (int c = 0; c < 4; c++) f.weight[c] /= sum;
            lc_u4 *o = &wt[(size_t)(r->source_first + i) * 2];
            o[0] = (lc_u4){f.joint[0], f.joint[1], f.joint[2], f.joint[3]};
            memcpy(&o[1], f.weight, sizeof f.weight);
        }
        free(inf);
        free(n);
    }
    if (over)
        lc_warn("%s: %u skinned vertices have more than four joints: the GPU skinning takes the four heaviest", scene->name, over);
    lc_buffer_desc d = {.size = (VkDeviceSize)LC_MAX(sources, 1u) * sizeof *src,
                        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, .name = "skin bind vertices"};
    lc_status st = lc_buffer_create(ctx, &d, &sk->source);
    if (st == LC_OK) st = lc_buffer_upload(ctx, &sk->source, src, d.size);
    d.size = (VkDeviceSize)LC_MAX(sources, 1u) * 2 * sizeof *wt;
    d.name = "skin joints and weights";
    if (st == LC_OK) st = lc_buffer_create(ctx, &d, &sk->weights);
    if (st == LC_OK) st = lc_buffer_upload(ctx, &sk->weights, wt, d.size);
    free(src);
    free(wt);
    for (int i = 0; i < 2 && st == LC_OK; i++) {
        lc_buffer_desc jd = {.size = (VkDeviceSize)sk->joint_count * sizeof(lc_m4), .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             .host_visible = true, .gpu_reads = true, .name = "skin joint matrices"};
        st = lc_buffer_create(ctx, &jd, &sk->joints[i]);
    }
    if (st != LC_OK) return st;

    VkDescriptorSetLayoutBinding b[LC_SKIN_BIND_COUNT];
    for (uint32_t i = 0; i < LC_SKIN_BIND_COUNT; i++)
        b[i] = (VkDescriptorSetLayoutBinding){.binding = i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 1,
                                              .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
    VkDescriptorSetLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = LC_SKIN_BIND_COUNT,
                                          .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(ctx->device, &li, NULL, &sk->set_layout));
    /* VK_SHADER_STAGE_ALL: the render contexts push constants for every stage. */
    VkPushConstantRange pc = {.stageFlags = VK_SHADER_STAGE_ALL, .size = sizeof(lc_skin_push)};
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
                                      .pSetLayouts = &sk->set_layout, .pushConstantRangeCount = 1, .pPushConstantRanges = &pc};
    VK_CHECK(vkCreatePipelineLayout(ctx->device, &pli, NULL, &sk->layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, sk->layout, "skinning layout");
    sk->skin = lc_pipeline_compute(ctx, sk->layout, "skin.comp", NULL, "skin");
    sk->bounds = lc_pipeline_compute(ctx, sk->layout, "skin_bounds.comp", NULL, "skin bounds");
    if (!sk->skin || !sk->bounds) return LC_ERR_RUNTIME;
    VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * LC_SKIN_BIND_COUNT};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 2, .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
    VK_CHECK(vkCreateDescriptorPool(ctx->device, &pi, NULL, &sk->pool));
    sk->sublets = g->sublet_bounds.buffer != VK_NULL_HANDLE;
    for (int i = 0; i < 2; i++) {
        VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = sk->pool,
                                          .descriptorSetCount = 1, .pSetLayouts = &sk->set_layout};
        VK_CHECK(vkAllocateDescriptorSets(ctx->device, &ai, &sk->sets[i]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET, sk->sets[i], "skinning set %d", i);
        VkDescriptorBufferInfo bi[LC_SKIN_BIND_COUNT] = {
            [LC_SKIN_BIND_SOURCE] = {sk->source.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_WEIGHTS] = {sk->weights.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_JOINTS] = {sk->joints[i].buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_VERTICES] = {g->vertices.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_MESHLETS] = {g->meshlets.buffer, 0, VK_WHOLE_SIZE},
            /* Without sublet bounds on the GPU the kernel writes none (push constant); any buffer binds. */
            [LC_SKIN_BIND_SUBLETS] = {sk->sublets ? g->sublet_bounds.buffer : g->meshlets.buffer, 0, VK_WHOLE_SIZE},
        };
        VkWriteDescriptorSet w[LC_SKIN_BIND_COUNT];
        for (uint32_t k = 0; k < LC_SKIN_BIND_COUNT; k++)
            w[k] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sk->sets[i], .dstBinding = k,
                                          .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &bi[k]};
        vkUpdateDescriptorSets(ctx->device, LC_SKIN_BIND_COUNT, w, 0, NULL);
    }
    return LC_OK;
}

void lc_skinning_destroy(lc_context *ctx, lc_skinning *sk)
{
    VkDevice dev = ctx->device;
    if (sk->pool) vkDestroyDescriptorPool(dev, sk->pool, NULL);
    if (sk->skin) vkDestroyPipeline(dev, sk->skin, NULL);
    if (sk->bounds) vkDestroyPipeline(dev, sk->bounds, NULL);
    if (sk->layout) vkDestroyPipelineLayout(dev, sk->layout, NULL);
    if (sk->set_layout) vkDestroyDescriptorSetLayout(dev, sk->set_layout, NULL);
    lc_buffer_destroy(ctx, &sk->source);
    lc_buffer_destroy(ctx, &sk->weights);
    for (int i = 0; i < 2; i++) lc_buffer_destroy(ctx, &sk->joints[i]);
    free(sk->ranges);
    memset(sk, 0, sizeof *sk);
}

void lc_skinning_joints(const lc_skinning *sk, const lc_scene *scene, uint32_t slot)
{
    lc_m4 *j = sk->joints[slot].mapped;
    j[0] = (lc_m4){{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    const lc_scene_anim *a = scene->anim;
    for (uint32_t r = 0; r < sk->range_count; r++) {
        const lc_skin *s = &a->skins[sk->ranges[r].skin];
        for (uint32_t b = 0; b < s->bone_count; b++)
            lc_m4_mul(&a->nodes[s->bones[b].node].world, &s->bones[b].offset, &j[sk->ranges[r].joint_first + b]);
    }
}

#define BATCH 65535u

void lc_skinning_record(const lc_skinning *sk, lc_render_context *rc, uint32_t pass, uint32_t seq, uint32_t slot)
{
    uint64_t key = lc_sort_key(pass, seq);
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, sk->skin);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, sk->layout, 0, sk->sets[slot]);
    /* Ranges that follow each other in both buffers go as one (--grid's per-copy skins: thousands). */
    for (uint32_t r = 0; r < sk->range_count;) {
        uint32_t src = sk->ranges[r].source_first, dst = sk->ranges[r].runtime_first, count = 0;
        while (r < sk->range_count && sk->ranges[r].source_first == src + count && sk->ranges[r].runtime_first == dst + count)
            count += sk->ranges[r++].count;
        /* Batches within the 65,535 workgroups a dimension every device allows. */
        for (uint32_t first = 0; first < count; first += BATCH * LC_SKIN_GROUP) {
            uint32_t n = LC_MIN(count - first, BATCH * LC_SKIN_GROUP);
            lc_skin_push push = {{src + first, dst + first, n, 0}};
            lc_rc_push_constants(rc, key, sk->layout, 0, sizeof push, &push);
            lc_rc_dispatch(rc, key, LC_DIV_UP(n, LC_SKIN_GROUP), 1, 1);
        }
    }
    /* The posed vertices before the refit reads them. */
    VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2, .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                           .srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, .dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                           .dstAccessMask = VK_ACCESS_2_SHADER_STORAGE_READ_BIT};
    lc_rc_barrier(rc, lc_sort_key(pass, seq + 1), &mb, 1, NULL, 0);
    key = lc_sort_key(pass, seq + 2);
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, sk->bounds);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, sk->layout, 0, sk->sets[slot]);
    for (uint32_t r = 0; r < sk->range_count;) {
        uint32_t at = sk->ranges[r].meshlet_first, count = 0;
        while (r < sk->range_count && sk->ranges[r].meshlet_first == at + count) count += sk->ranges[r++].meshlet_count;
        for (uint32_t first = 0; first < count; first += BATCH) {
            uint32_t n = LC_MIN(count - first, BATCH);
            lc_skin_push push = {{at + first, n, sk->sublets ? 1u : 0u, 0}};
            lc_rc_push_constants(rc, key, sk->layout, 0, sizeof push, &push);
            lc_rc_dispatch(rc, key, n, 1, 1);
        }
    }
}
