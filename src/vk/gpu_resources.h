/* Buffers, images and samplers, each with its own allocation (lightcull has few, large
 * resources), debug names, and the barrier helpers the frame's pass list uses. */
#ifndef LC_GPU_RESOURCES_H
#define LC_GPU_RESOURCES_H

#include "vk/vk_context.h"

typedef struct lc_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    VkDeviceSize allocated; /* bytes of device memory, for the --memory-limit cap */
    void *mapped; /* host-visible buffers stay mapped */
} lc_buffer;

typedef struct lc_buffer_desc {
    VkDeviceSize size;        /* bytes, > 0 */
    VkBufferUsageFlags usage;
    bool host_visible;        /* false (default): device local */
    bool gpu_reads;           /* host_visible, written by the CPU and read by shaders every frame:
                               * device-local host-visible memory where the device has it, so
                               * shader reads stay off the bus */
    const char *name;
} lc_buffer_desc;

typedef struct lc_image {
    VkImage image;
    VkImageView view;
    VkImageView storage_view; /* with lc_image_desc.storage_format: the storage (UNORM) view */
    VkDeviceMemory memory;
    VkFormat format;
    uint32_t width, height, mip_levels;
    uint32_t layers;          /* array layers (1 unless lc_image_desc.layers) */
    VkImageAspectFlags aspect;
    VkDeviceSize allocated;
} lc_image;

typedef struct lc_image_desc {
    uint32_t width, height;
    uint32_t mip_levels;      /* 0: 1 */
    uint32_t layers;          /* 0: one layer and a 2D view; n: n layers and a 2D_ARRAY view */
    VkFormat format;
    VkImageUsageFlags usage;
    /* Not UNDEFINED: the image (an sRGB format) is also written as a storage image of this
     * compatible format (its UNORM twin): created mutable-format with extended usage, view
     * without STORAGE, storage_view with it. usage should include STORAGE. */
    VkFormat storage_format;
    const char *name;
} lc_image_desc;

/* Fail with LC_ERR_RUNTIME and one message when memory runs out (or the --memory-limit cap
 * is reached); never abort. */
lc_status lc_buffer_create(lc_context *ctx, const lc_buffer_desc *desc, lc_buffer *out);
void lc_buffer_destroy(lc_context *ctx, lc_buffer *buf);
lc_status lc_image_create(lc_context *ctx, const lc_image_desc *desc, lc_image *out);
void lc_image_destroy(lc_context *ctx, lc_image *img);
/* A 2D view of level 0 as format, its usage limited to usage (0: the image's). */
VkImageView lc_image_view_create(lc_context *ctx, VkImage image, VkFormat format, VkImageUsageFlags usage, const char *name);
/* The UNORM format with an sRGB format's layout (R8G8B8A8, B8G8R8A8); UNDEFINED for others. */
VkFormat lc_format_unorm_of(VkFormat srgb);
/* Whether format (optimal tiling) can be a storage image on this device. */
bool lc_format_storage(const lc_context *ctx, VkFormat format);

/* Copies data into a device-local buffer through a staging buffer (waits). */
lc_status lc_buffer_upload(lc_context *ctx, lc_buffer *dst, const void *data, VkDeviceSize size);
/* Copies size bytes of src (created with TRANSFER_SRC) to dst through a staging buffer and
 * waits (tests and load-time read-backs, not frames). */
lc_status lc_buffer_read(lc_context *ctx, const lc_buffer *src, void *dst, VkDeviceSize size);
/* Uploads RGBA8 level 0 (of every layer, one after another) and generates the mip chain with
 * blits; leaves SHADER_READ_ONLY. */
lc_status lc_image_upload_mipmapped(lc_context *ctx, lc_image *img, const void *rgba);

/* Barriers (synchronization2): as a struct (for a render-context barrier package) or recorded. */
VkImageMemoryBarrier2 lc_image_barrier(const lc_image *img, VkImageLayout old_layout, VkImageLayout new_layout,
                                       VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                                       VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access);
void lc_barrier_image(VkCommandBuffer cmd, const lc_image *img, VkImageLayout old_layout, VkImageLayout new_layout,
                      VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                      VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access);
void lc_barrier_memory(VkCommandBuffer cmd, VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                       VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access);

uint32_t lc_mip_count(uint32_t width, uint32_t height);

#endif
