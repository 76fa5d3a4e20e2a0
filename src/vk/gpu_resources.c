#include "vk/gpu_resources.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find_memory_type(const lc_context *ctx, uint32_t bits, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < ctx->memory.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (ctx->memory.memoryTypes[i].propertyFlags & want) == want) return (int)i;
    return -1;
}

/* Fault injection for tests (docs/RELIABILITY.md): LC_FAIL_ALLOCATION=N makes the process's
 * N-th device allocation fail the way a driver out of memory does, so a test can walk every
 * allocation's error path. */
static VkResult allocate_memory(lc_context *ctx, const VkMemoryAllocateInfo *ai, VkDeviceMemory *out)
{
    static long fail_at = -1, serial;
    if (fail_at < 0) {
        const char *e = getenv("LC_FAIL_ALLOCATION");
        fail_at = e ? atol(e) : 0;
    }
    if (fail_at > 0 && ++serial == fail_at) return VK_ERROR_OUT_OF_DEVICE_MEMORY;
    return vkAllocateMemory(ctx->device, ai, NULL, out);
}

static lc_status allocate(lc_context *ctx, VkMemoryRequirements req, bool host_visible, bool gpu_reads, const char *name,
                          VkDeviceMemory *out)
{
    if (ctx->memory_limit && ctx->memory_allocated + req.size > ctx->memory_limit) {
        lc_error("out of GPU memory for '%s': %.1f MiB more would pass the %.1f MiB limit", name,
                 req.size / 1048576.0, ctx->memory_limit / 1048576.0);
        return LC_ERR_RUNTIME;
    }
    VkMemoryPropertyFlags want = host_visible ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                                              : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    int plain = find_memory_type(ctx, req.memoryTypeBits, want);
    int type = host_visible && gpu_reads ? find_memory_type(ctx, req.memoryTypeBits, want | VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) : -1;
    if (type < 0) type = plain;
    if (type < 0 && !host_visible) type = find_memory_type(ctx, req.memoryTypeBits, 0);
    if (type < 0) {
        lc_error("no suitable memory type for '%s'", name);
        return LC_ERR_RUNTIME;
    }
    VkMemoryAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = (uint32_t)type,
    };
    VkResult r = allocate_memory(ctx, &ai, out);
    if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY && plain >= 0 && plain != type) {
        /* The small device-local host-visible heap (no resizable BAR) is full: host memory. */
        ai.memoryTypeIndex = (uint32_t)plain;
        r = allocate_memory(ctx, &ai, out);
    }
    if (r != VK_SUCCESS) {
        lc_error("cannot allocate %.1f MiB of GPU memory for '%s': %s", req.size / 1048576.0, name, lc_vk_result_name(r));
        return LC_ERR_RUNTIME;
    }
    ctx->memory_allocated += req.size;
    ctx->memory_allocations++;
    return LC_OK;
}

static void release(lc_context *ctx, VkDeviceMemory mem, VkDeviceSize size)
{
    if (!mem) return;
    ctx->memory_allocated -= LC_MIN(ctx->memory_allocated, size);
    if (ctx->memory_allocations) ctx->memory_allocations--;
    vkFreeMemory(ctx->device, mem, NULL);
}

lc_status lc_buffer_create(lc_context *ctx, const lc_buffer_desc *desc, lc_buffer *out)
{
    memset(out, 0, sizeof *out);
    const char *name = desc->name ? desc->name : "buffer";
    if (desc->size > ctx->props.limits.maxStorageBufferRange && (desc->usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)) {
        lc_error("'%s' needs %.1f MiB, more than this device's storage buffer limit (%.1f MiB)", name,
                 desc->size / 1048576.0, ctx->props.limits.maxStorageBufferRange / 1048576.0);
        return LC_ERR_INPUT;
    }
    VkBufferCreateInfo bi = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = desc->size ? desc->size : 16,
        .usage = desc->usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VK_CHECK(vkCreateBuffer(ctx->device, &bi, NULL, &out->buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(ctx->device, out->buffer, &req);
    lc_status s = allocate(ctx, req, desc->host_visible, desc->gpu_reads, name, &out->memory);
    if (s != LC_OK) {
        vkDestroyBuffer(ctx->device, out->buffer, NULL);
        memset(out, 0, sizeof *out);
        return s;
    }
    out->size = bi.size;
    out->allocated = req.size;
    VK_CHECK(vkBindBufferMemory(ctx->device, out->buffer, out->memory, 0));
    if (desc->host_visible) VK_CHECK(vkMapMemory(ctx->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped));
    LC_NAME(ctx, VK_OBJECT_TYPE_BUFFER, out->buffer, name);
    LC_NAMEF(ctx, VK_OBJECT_TYPE_DEVICE_MEMORY, out->memory, "%s memory", name);
    return LC_OK;
}

void lc_buffer_destroy(lc_context *ctx, lc_buffer *buf)
{
    if (buf->buffer) vkDestroyBuffer(ctx->device, buf->buffer, NULL);
    release(ctx, buf->memory, buf->allocated);
    memset(buf, 0, sizeof *buf);
}

uint32_t lc_mip_count(uint32_t w, uint32_t h)
{
    uint32_t n = 1;
    while ((w | h) >> n) n++;
    return n;
}

lc_status lc_image_create(lc_context *ctx, const lc_image_desc *desc, lc_image *out)
{
    memset(out, 0, sizeof *out);
    const char *name = desc->name ? desc->name : "image";
    uint32_t max_dim = ctx->props.limits.maxImageDimension2D;
    if (desc->width == 0 || desc->height == 0 || desc->width > max_dim || desc->height > max_dim) {
        lc_error("'%s': size %ux%u is outside this device's limits (1..%u)", name, desc->width, desc->height, max_dim);
        return LC_ERR_INPUT;
    }
    bool depth = desc->format == VK_FORMAT_D32_SFLOAT;
    out->aspect = depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    out->format = desc->format;
    out->width = desc->width;
    out->height = desc->height;
    out->mip_levels = desc->mip_levels ? desc->mip_levels : 1;
    out->layers = desc->layers ? desc->layers : 1;
    VkFormat formats[2] = {desc->format, desc->storage_format};
    VkImageFormatListCreateInfo list = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO, .viewFormatCount = 2,
                                        .pViewFormats = formats};
    bool mutable_format = desc->storage_format != VK_FORMAT_UNDEFINED;
    VkImageCreateInfo ii = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .pNext = mutable_format ? &list : NULL,
        .flags = mutable_format ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT : 0,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = desc->format,
        .extent = {desc->width, desc->height, 1},
        .mipLevels = out->mip_levels,
        .arrayLayers = out->layers,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = desc->usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VK_CHECK(vkCreateImage(ctx->device, &ii, NULL, &out->image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(ctx->device, out->image, &req);
    lc_status s = allocate(ctx, req, false, false, name, &out->memory);
    if (s != LC_OK) {
        vkDestroyImage(ctx->device, out->image, NULL);
        memset(out, 0, sizeof *out);
        return s;
    }
    out->allocated = req.size;
    VK_CHECK(vkBindImageMemory(ctx->device, out->image, out->memory, 0));
    /* The sRGB view of a mutable-format image cannot be a storage view: its usage leaves STORAGE out. */
    VkImageViewUsageCreateInfo view_usage = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
                                             .usage = desc->usage & ~(VkImageUsageFlags)VK_IMAGE_USAGE_STORAGE_BIT};
    VkImageViewCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .pNext = mutable_format ? &view_usage : NULL,
        .image = out->image,
        .viewType = desc->layers ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
        .format = desc->format,
        .subresourceRange = {out->aspect, 0, out->mip_levels, 0, out->layers},
    };
    VK_CHECK(vkCreateImageView(ctx->device, &vi, NULL, &out->view));
    LC_NAME(ctx, VK_OBJECT_TYPE_IMAGE, out->image, name);
    LC_NAME(ctx, VK_OBJECT_TYPE_IMAGE_VIEW, out->view, name);
    if (mutable_format) {
        char storage_name[96];
        snprintf(storage_name, sizeof storage_name, "%s (storage)", name);
        out->storage_view = lc_image_view_create(ctx, out->image, desc->storage_format, VK_IMAGE_USAGE_STORAGE_BIT, storage_name);
    }
    LC_NAMEF(ctx, VK_OBJECT_TYPE_DEVICE_MEMORY, out->memory, "%s memory", name);
    return LC_OK;
}

void lc_image_destroy(lc_context *ctx, lc_image *img)
{
    if (img->view) vkDestroyImageView(ctx->device, img->view, NULL);
    if (img->storage_view) vkDestroyImageView(ctx->device, img->storage_view, NULL);
    if (img->image) vkDestroyImage(ctx->device, img->image, NULL);
    release(ctx, img->memory, img->allocated);
    memset(img, 0, sizeof *img);
}

VkImageView lc_image_view_create(lc_context *ctx, VkImage image, VkFormat format, VkImageUsageFlags usage, const char *name)
{
    VkImageViewUsageCreateInfo vu = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO, .usage = usage};
    VkImageViewCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .pNext = usage ? &vu : NULL,
        .image = image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VkImageView view;
    VK_CHECK(vkCreateImageView(ctx->device, &vi, NULL, &view));
    LC_NAME(ctx, VK_OBJECT_TYPE_IMAGE_VIEW, view, name);
    return view;
}

VkFormat lc_format_unorm_of(VkFormat srgb)
{
    if (srgb == VK_FORMAT_R8G8B8A8_SRGB) return VK_FORMAT_R8G8B8A8_UNORM;
    if (srgb == VK_FORMAT_B8G8R8A8_SRGB) return VK_FORMAT_B8G8R8A8_UNORM;
    return VK_FORMAT_UNDEFINED;
}

bool lc_format_storage(const lc_context *ctx, VkFormat format)
{
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(ctx->physical, format, &fp);
    return (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) != 0;
}

lc_status lc_buffer_upload(lc_context *ctx, lc_buffer *dst, const void *data, VkDeviceSize size)
{
    lc_buffer staging;
    lc_buffer_desc sd = {.size = size, .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT, .host_visible = true, .name = "staging"};
    lc_status s = lc_buffer_create(ctx, &sd, &staging);
    if (s != LC_OK) return s;
    memcpy(staging.mapped, data, size);
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    VkBufferCopy region = {.size = size};
    vkCmdCopyBuffer(cmd, staging.buffer, dst->buffer, 1, &region);
    lc_vk_end_once(ctx, cmd);
    lc_buffer_destroy(ctx, &staging);
    return LC_OK;
}

static void mip_barrier(VkCommandBuffer cmd, const lc_image *img, uint32_t level, VkImageLayout from, VkImageLayout to,
                        VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                        VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access)
{
    VkImageMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = src_stage, .srcAccessMask = src_access,
        .dstStageMask = dst_stage, .dstAccessMask = dst_access,
        .oldLayout = from, .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = img->image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1, 0, LC_MAX(img->layers, 1u)},
    };
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &b};
    vkCmdPipelineBarrier2(cmd, &di);
}

lc_status lc_image_upload_mipmapped(lc_context *ctx, lc_image *img, const void *rgba)
{
    uint32_t layers = LC_MAX(img->layers, 1u);
    VkDeviceSize size = (VkDeviceSize)img->width * img->height * 4 * layers;
    lc_buffer staging;
    lc_buffer_desc sd = {.size = size, .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT, .host_visible = true, .name = "texture staging"};
    lc_status s = lc_buffer_create(ctx, &sd, &staging);
    if (s != LC_OK) return s;
    memcpy(staging.mapped, rgba, size);
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    const VkPipelineStageFlags2 T = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
    for (uint32_t m = 0; m < img->mip_levels; m++)
        mip_barrier(cmd, img, m, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    VK_PIPELINE_STAGE_2_NONE, 0, T, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, layers},
        .imageExtent = {img->width, img->height, 1},
    };
    vkCmdCopyBufferToImage(cmd, staging.buffer, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    int32_t w = (int32_t)img->width, h = (int32_t)img->height;
    for (uint32_t m = 1; m < img->mip_levels; m++) {
        mip_barrier(cmd, img, m - 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    T, VK_ACCESS_2_TRANSFER_WRITE_BIT, T, VK_ACCESS_2_TRANSFER_READ_BIT);
        int32_t nw = w > 1 ? w / 2 : 1, nh = h > 1 ? h / 2 : 1;
        VkImageBlit blit = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, m - 1, 0, layers},
            .srcOffsets = {{0, 0, 0}, {w, h, 1}},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, m, 0, layers},
            .dstOffsets = {{0, 0, 0}, {nw, nh, 1}},
        };
        vkCmdBlitImage(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img->image,
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
        mip_barrier(cmd, img, m - 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                    T, VK_ACCESS_2_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
        w = nw, h = nh;
    }
    mip_barrier(cmd, img, img->mip_levels - 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                T, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    lc_vk_end_once(ctx, cmd);
    lc_buffer_destroy(ctx, &staging);
    return LC_OK;
}

VkImageMemoryBarrier2 lc_image_barrier(const lc_image *img, VkImageLayout old_layout, VkImageLayout new_layout,
                                       VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                                       VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access)
{
    return (VkImageMemoryBarrier2){
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = src_stage, .srcAccessMask = src_access,
        .dstStageMask = dst_stage, .dstAccessMask = dst_access,
        .oldLayout = old_layout, .newLayout = new_layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = img->image,
        .subresourceRange = {img->aspect, 0, img->mip_levels, 0, LC_MAX(img->layers, 1u)},
    };
}

void lc_barrier_image(VkCommandBuffer cmd, const lc_image *img, VkImageLayout old_layout, VkImageLayout new_layout,
                      VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                      VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access)
{
    VkImageMemoryBarrier2 b = lc_image_barrier(img, old_layout, new_layout, src_stage, src_access, dst_stage, dst_access);
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &b};
    vkCmdPipelineBarrier2(cmd, &di);
}

void lc_barrier_memory(VkCommandBuffer cmd, VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                       VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access)
{
    VkMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = src_stage, .srcAccessMask = src_access,
        .dstStageMask = dst_stage, .dstAccessMask = dst_access,
    };
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1, .pMemoryBarriers = &b};
    vkCmdPipelineBarrier2(cmd, &di);
}

lc_status lc_buffer_read(lc_context *ctx, const lc_buffer *src, void *dst, VkDeviceSize size)
{
    if (!size) return LC_OK;
    lc_buffer staging;
    lc_buffer_desc d = {.size = size, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT, .host_visible = true, .name = "read-back"};
    lc_status s = lc_buffer_create(ctx, &d, &staging);
    if (s != LC_OK) return s;
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    VkBufferCopy region = {.size = size};
    vkCmdCopyBuffer(cmd, src->buffer, staging.buffer, 1, &region);
    lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                      VK_ACCESS_2_HOST_READ_BIT);
    lc_vk_end_once(ctx, cmd);
    memcpy(dst, staging.mapped, size);
    lc_buffer_destroy(ctx, &staging);
    return LC_OK;
}
