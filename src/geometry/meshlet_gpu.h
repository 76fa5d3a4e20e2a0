/* The GPU half of the meshlet codec: uploads an encoded mesh (only the compressed bytes cross
 * to the device) and expands it in a compute pass (shaders/geometry/meshlet_decode.comp) into
 * plain vertex (lc_vertex) and 32-bit and 8-bit index buffers, usable as vertex/index buffers or read
 * back. Independent of the frame: the draw paths build on it. */
#ifndef LC_MESHLET_GPU_H
#define LC_MESHLET_GPU_H

#include "geometry/meshlet_codec.h"
#include "vk/gpu_resources.h"

typedef struct lc_meshlet_gpu_desc {
    bool no_int64;          /* the two-word 32-bit decoder even where shaderInt64 exists (tests); default false */
    uint32_t batch_meshlets; /* meshlets per dispatch; 0: the device's workgroup-count limit (tests use less) */
} lc_meshlet_gpu_desc;

typedef struct lc_meshlet_gpu {
    bool int64; /* which decoder runs */
    uint32_t batch;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkQueryPool queries;
    /* Of the last decode: the compressed input and the plain output. */
    lc_buffer headers, streams, payload;
    lc_buffer vertices, indices, indices8; /* indices8: meshlet-local bytes (lc_meshlet.h) */
    uint32_t vertex_count, triangle_count;
} lc_meshlet_gpu;

lc_status lc_meshlet_gpu_create(lc_context *ctx, const lc_meshlet_gpu_desc *desc, lc_meshlet_gpu *g);
void lc_meshlet_gpu_destroy(lc_context *ctx, lc_meshlet_gpu *g);

/* Uploads e and decodes it `repeat` times (>= 1; more for steady timings), waiting for the
 * GPU. gpu_ms (may be NULL) gets the fastest decode dispatch's GPU time. */
lc_status lc_meshlet_gpu_decode(lc_context *ctx, lc_meshlet_gpu *g, const lc_meshlet_encoded *e, uint32_t repeat,
                                double *gpu_ms);
/* Reads the last decode back: vertices[vertex_count], indices[3 * triangle_count] and, unless
 * NULL, indices8[3 * triangle_count]. */
lc_status lc_meshlet_gpu_read(lc_context *ctx, lc_meshlet_gpu *g, lc_vertex *vertices, uint32_t *indices,
                              uint8_t *indices8);

#endif
