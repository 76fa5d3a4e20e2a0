#include "geometry/meshlet_gpu.h"

#include <float.h>
#include <string.h>

#include "vk/pipelines.h"

lc_status lc_meshlet_gpu_create(lc_context *ctx, const lc_meshlet_gpu_desc *desc, lc_meshlet_gpu *g)
{
    memset(g, 0, sizeof *g);
    g->int64 = ctx->shader_int64 && !(desc && desc->no_int64);
    g->batch = LC_MIN(ctx->props.limits.maxComputeWorkGroupCount[1], 65535u);
    if (desc && desc->batch_meshlets) g->batch = LC_MIN(g->batch, desc->batch_meshlets);
    VkDescriptorSetLayoutBinding b[LC_MESHLET_BIND_COUNT];
    for (uint32_t i = 0; i < LC_MESHLET_BIND_COUNT; i++)
        b[i] = (VkDescriptorSetLayoutBinding){.binding = i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                              .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
    VkDescriptorSetLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = LC_MESHLET_BIND_COUNT, .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(ctx->device, &li, NULL, &g->set_layout));
    VkPushConstantRange pc = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = sizeof(lc_meshlet_decode_push)};
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
                                      .pSetLayouts = &g->set_layout, .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &pc};
    VK_CHECK(vkCreatePipelineLayout(ctx->device, &pli, NULL, &g->layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, g->layout, "meshlet decode layout");
    const char *shader = g->int64 ? "meshlet_decode.comp" : "meshlet_decode_u32.comp";
    g->pipeline = lc_pipeline_compute(ctx, g->layout, shader, NULL, "meshlet decode");
    if (!g->pipeline) {
        lc_meshlet_gpu_destroy(ctx, g);
        return LC_ERR_RUNTIME;
    }
    VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, LC_MESHLET_BIND_COUNT};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                     .poolSizeCount = 1, .pPoolSizes = &ps};
    VK_CHECK(vkCreateDescriptorPool(ctx->device, &pi, NULL, &g->pool));
    VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = g->pool,
                                      .descriptorSetCount = 1, .pSetLayouts = &g->set_layout};
    VK_CHECK(vkAllocateDescriptorSets(ctx->device, &ai, &g->set));
    VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                .queryCount = 2};
    VK_CHECK(vkCreateQueryPool(ctx->device, &qi, NULL, &g->queries));
    LC_NAME(ctx, VK_OBJECT_TYPE_QUERY_POOL, g->queries, "meshlet decode timestamps");
    return LC_OK;
}

static void release_buffers(lc_context *ctx, lc_meshlet_gpu *g)
{
    lc_buffer_destroy(ctx, &g->headers);
    lc_buffer_destroy(ctx, &g->streams);
    lc_buffer_destroy(ctx, &g->payload);
    lc_buffer_destroy(ctx, &g->vertices);
    lc_buffer_destroy(ctx, &g->indices);
    lc_buffer_destroy(ctx, &g->indices8);
    g->vertex_count = g->triangle_count = 0;
}

void lc_meshlet_gpu_destroy(lc_context *ctx, lc_meshlet_gpu *g)
{
    release_buffers(ctx, g);
    if (g->queries) vkDestroyQueryPool(ctx->device, g->queries, NULL);
    if (g->pool) vkDestroyDescriptorPool(ctx->device, g->pool, NULL);
    if (g->pipeline) vkDestroyPipeline(ctx->device, g->pipeline, NULL);
    if (g->layout) vkDestroyPipelineLayout(ctx->device, g->layout, NULL);
    if (g->set_layout) vkDestroyDescriptorSetLayout(ctx->device, g->set_layout, NULL);
    memset(g, 0, sizeof *g);
}

static lc_status upload(lc_context *ctx, lc_buffer *b, const void *data, VkDeviceSize size, const char *name)
{
    lc_buffer_desc d = {.size = size ? size : 16, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                        .name = name};
    lc_status s = lc_buffer_create(ctx, &d, b);
    if (s == LC_OK && size) s = lc_buffer_upload(ctx, b, data, size);
    return s;
}

static void record_decode(lc_meshlet_gpu *g, VkCommandBuffer cmd, const lc_meshlet_encoded *e)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->layout, 0, 1, &g->set, 0, NULL);
    /* The y dimension holds the meshlets: batches of at most the device's limit. */
    uint32_t batch = g->batch;
    for (uint32_t first = 0; first < e->meshlet_count; first += batch) {
        lc_meshlet_decode_push push = {.meshlet_base = first, .meshlet_count = e->meshlet_count};
        vkCmdPushConstants(cmd, g->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        vkCmdDispatch(cmd, LC_MESHLET_SUBLETS, LC_MIN(batch, e->meshlet_count - first), 1);
    }
}

lc_status lc_meshlet_gpu_decode(lc_context *ctx, lc_meshlet_gpu *g, const lc_meshlet_encoded *e, uint32_t repeat,
                                double *gpu_ms)
{
    release_buffers(ctx, g);
    lc_status s = upload(ctx, &g->headers, e->headers, (VkDeviceSize)e->meshlet_count * sizeof *e->headers, "meshlet headers");
    if (s == LC_OK)
        s = upload(ctx, &g->streams, e->streams,
                   (VkDeviceSize)e->sublet_count * LC_MESHLET_STREAM_COUNT * sizeof *e->streams, "meshlet streams");
    if (s == LC_OK) s = upload(ctx, &g->payload, e->payload, (VkDeviceSize)e->payload_words * 4, "meshlet payload");
    VkBufferUsageFlags out_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
    if (s == LC_OK) {
        lc_buffer_desc d = {.size = LC_MAX((VkDeviceSize)e->vertex_count * sizeof(lc_vertex), 16),
                            /* TRANSFER_DST: skinned meshes' posed vertices are copied over their range (src/frame_motion.c). */
                            .usage = out_usage | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            .name = "decoded meshlet vertices"};
        s = lc_buffer_create(ctx, &d, &g->vertices);
    }
    if (s == LC_OK) {
        lc_buffer_desc d = {.size = LC_MAX((VkDeviceSize)e->triangle_count * 12, 16),
                            .usage = out_usage | VK_BUFFER_USAGE_INDEX_BUFFER_BIT, .name = "decoded meshlet indices"};
        s = lc_buffer_create(ctx, &d, &g->indices);
    }
    if (s == LC_OK) {
        lc_buffer_desc d = {.size = LC_MAX(LC_DIV_UP((VkDeviceSize)e->triangle_count * 3, 4) * 4, 16),
                            .usage = out_usage | VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            .name = "decoded meshlet 8-bit indices"};
        s = lc_buffer_create(ctx, &d, &g->indices8);
    }
    if (s != LC_OK) {
        release_buffers(ctx, g);
        return s;
    }
    g->vertex_count = e->vertex_count;
    g->triangle_count = e->triangle_count;

    VkDescriptorBufferInfo bi[LC_MESHLET_BIND_COUNT] = {
        [LC_MESHLET_BIND_HEADERS] = {g->headers.buffer, 0, VK_WHOLE_SIZE},
        [LC_MESHLET_BIND_STREAMS] = {g->streams.buffer, 0, VK_WHOLE_SIZE},
        [LC_MESHLET_BIND_PAYLOAD] = {g->payload.buffer, 0, VK_WHOLE_SIZE},
        [LC_MESHLET_BIND_VERTICES] = {g->vertices.buffer, 0, VK_WHOLE_SIZE},
        [LC_MESHLET_BIND_INDICES] = {g->indices.buffer, 0, VK_WHOLE_SIZE},
        [LC_MESHLET_BIND_INDICES8] = {g->indices8.buffer, 0, VK_WHOLE_SIZE},
    };
    VkWriteDescriptorSet w[LC_MESHLET_BIND_COUNT];
    for (uint32_t i = 0; i < LC_MESHLET_BIND_COUNT; i++)
        w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = g->set, .dstBinding = i,
                                      .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                      .pBufferInfo = &bi[i]};
    vkUpdateDescriptorSets(ctx->device, LC_MESHLET_BIND_COUNT, w, 0, NULL);

    double best = DBL_MAX;
    for (uint32_t r = 0; r < LC_MAX(repeat, 1u); r++) {
        VkCommandBuffer cmd = lc_vk_begin_once(ctx);
        lc_vk_label_begin(ctx, cmd, "meshlet decode");
        vkCmdResetQueryPool(cmd, g->queries, 0, 2);
        /* The 8-bit indices are ORed into zeros; repeats rewrite what the last one wrote. */
        lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
        vkCmdFillBuffer(cmd, g->indices8.buffer, 0, VK_WHOLE_SIZE, 0);
        lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, g->queries, 0);
        record_decode(g, cmd, e);
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, g->queries, 1);
        /* The outputs feed vertex input, index fetch and read-backs. */
        lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_2_TRANSFER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT |
                              VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
        lc_vk_label_end(ctx, cmd);
        lc_vk_end_once(ctx, cmd);
        uint64_t ts[2];
        if (vkGetQueryPoolResults(ctx->device, g->queries, 0, 2, sizeof ts, ts, sizeof ts[0],
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS)
            best = LC_MIN(best, (double)(ts[1] - ts[0]) * ctx->timestamp_period * 1e-6);
    }
    if (gpu_ms) *gpu_ms = best == DBL_MAX ? 0.0 : best;
    return LC_OK;
}

lc_status lc_meshlet_gpu_read(lc_context *ctx, lc_meshlet_gpu *g, lc_vertex *vertices, uint32_t *indices,
                              uint8_t *indices8)
{
    lc_status s = lc_buffer_read(ctx, &g->vertices, vertices, (VkDeviceSize)g->vertex_count * sizeof(lc_vertex));
    if (s == LC_OK) s = lc_buffer_read(ctx, &g->indices, indices, (VkDeviceSize)g->triangle_count * 12);
    if (s == LC_OK && indices8) s = lc_buffer_read(ctx, &g->indices8, indices8, (VkDeviceSize)g->triangle_count * 3);
    return s;
}
