#include "vk/vk_target.h"

#include <stdio.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

static const VkImageUsageFlags k_usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;

/* Whether an sRGB output image can also be written through a UNORM storage view: the
 * shader's format-less stores, the UNORM format's storage feature, and the mutable-format
 * image itself (what a swapchain with VK_KHR_swapchain_mutable_format implies). */
static bool storage_possible(lc_context *ctx, VkFormat srgb)
{
    VkFormat unorm = lc_format_unorm_of(srgb);
    if (!ctx->storage_write_without_format || unorm == VK_FORMAT_UNDEFINED || !lc_format_storage(ctx, unorm)) return false;
    VkImageFormatProperties props;
    return vkGetPhysicalDeviceImageFormatProperties(ctx->physical, srgb, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                                                    k_usage | VK_IMAGE_USAGE_STORAGE_BIT,
                                                    VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT,
                                                    &props) == VK_SUCCESS;
}

lc_status lc_target_create_headless(lc_context *ctx, uint32_t width, uint32_t height, lc_target *t)
{
    memset(t, 0, sizeof *t);
    t->headless = true;
    t->format = VK_FORMAT_R8G8B8A8_SRGB;
    t->storage_output = storage_possible(ctx, t->format);
    return lc_target_resize(ctx, t, width, height);
}

static void destroy_swapchain_images(lc_context *ctx, lc_target *t)
{
    for (uint32_t i = 0; i < t->image_count; i++) {
        if (t->images[i].view) vkDestroyImageView(ctx->device, t->images[i].view, NULL);
        if (t->images[i].storage_view) vkDestroyImageView(ctx->device, t->images[i].storage_view, NULL);
        if (t->rendered[i]) vkDestroySemaphore(ctx->device, t->rendered[i], NULL);
        t->rendered[i] = VK_NULL_HANDLE;
        memset(&t->images[i], 0, sizeof t->images[i]);
    }
    t->image_count = 0;
}

/* Whether the surface offers format with the sRGB colour space. */
static bool surface_offers(const lc_context *ctx, VkSurfaceKHR surface, VkFormat format)
{
    VkSurfaceFormatKHR formats[64];
    uint32_t n = 0;
    vkGetPhysicalDeviceSurfaceFormatsKHR(ctx->physical, surface, &n, NULL);
    n = LC_MIN(n, 64u);
    vkGetPhysicalDeviceSurfaceFormatsKHR(ctx->physical, surface, &n, formats);
    for (uint32_t i = 0; i < n; i++)
        if (formats[i].format == format && formats[i].colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return true;
    return false;
}

static lc_status build_swapchain(lc_context *ctx, lc_target *t)
{
    VkSurfaceCapabilitiesKHR caps;
    VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(ctx->physical, t->surface, &caps));
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(t->window, &fw, &fh);
    VkExtent2D extent = caps.currentExtent;
    if (t->zero_extent) fw = fh = 0, extent = (VkExtent2D){0, 0};
    if (extent.width == UINT32_MAX) extent = (VkExtent2D){(uint32_t)fw, (uint32_t)fh};
    extent.width = LC_CLAMP(extent.width, caps.minImageExtent.width, caps.maxImageExtent.width);
    extent.height = LC_CLAMP(extent.height, caps.minImageExtent.height, caps.maxImageExtent.height);
    if (extent.width == 0 || extent.height == 0 || fw == 0 || fh == 0) {
        t->needs_rebuild = true; /* minimised: try again when restored */
        return LC_OK;
    }
    if ((caps.supportedUsageFlags & k_usage) != k_usage) {
        lc_error("the window's swapchain cannot be rendered to and copied from");
        return LC_ERR_RUNTIME;
    }
    /* Storage views of the sRGB swapchain images need a mutable-format swapchain, and one whose
     * own format is the UNORM twin (the surface must offer it): VK_KHR_swapchain_mutable_format
     * allows storage usage on an sRGB swapchain that only a view format supports, but Debian 12's
     * validation layer reports it (VUID-VkSwapchainCreateInfoKHR-imageFormat-01778). The images
     * are the same bytes either way: the attachments still go through the sRGB view. */
    t->storage_output = ctx->swapchain_mutable_format && (caps.supportedUsageFlags & VK_IMAGE_USAGE_STORAGE_BIT) &&
                        storage_possible(ctx, t->format) && surface_offers(ctx, t->surface, lc_format_unorm_of(t->format));
    VkFormat view_formats[2] = {t->format, lc_format_unorm_of(t->format)};
    VkImageFormatListCreateInfo format_list = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO, .viewFormatCount = 2,
                                               .pViewFormats = view_formats};

    uint32_t mode_count = 0;
    vkGetPhysicalDeviceSurfacePresentModesKHR(ctx->physical, t->surface, &mode_count, NULL);
    VkPresentModeKHR modes[16];
    mode_count = LC_MIN(mode_count, 16u);
    vkGetPhysicalDeviceSurfacePresentModesKHR(ctx->physical, t->surface, &mode_count, modes);
    VkPresentModeKHR mode = VK_PRESENT_MODE_FIFO_KHR;
    if (!t->vsync) {
        for (uint32_t i = 0; i < mode_count; i++)
            if (modes[i] == VK_PRESENT_MODE_IMMEDIATE_KHR) mode = modes[i];
        for (uint32_t i = 0; i < mode_count && mode == VK_PRESENT_MODE_FIFO_KHR; i++)
            if (modes[i] == VK_PRESENT_MODE_MAILBOX_KHR) mode = modes[i];
    }

    uint32_t image_count = LC_MAX(caps.minImageCount + 1, 3u);
    if (caps.maxImageCount) image_count = LC_MIN(image_count, caps.maxImageCount);
    image_count = LC_MIN(image_count, (uint32_t)LC_MAX_SWAPCHAIN_IMAGES);
    VkSwapchainKHR old = t->swapchain;
    VkSwapchainCreateInfoKHR ci = {
        .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
        .pNext = t->storage_output ? &format_list : NULL,
        .flags = t->storage_output ? VK_SWAPCHAIN_CREATE_MUTABLE_FORMAT_BIT_KHR : 0,
        .surface = t->surface,
        .minImageCount = image_count,
        .imageFormat = t->storage_output ? lc_format_unorm_of(t->format) : t->format,
        .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
        .imageExtent = extent,
        .imageArrayLayers = 1,
        .imageUsage = k_usage | (t->storage_output ? VK_IMAGE_USAGE_STORAGE_BIT : 0),
        .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .preTransform = caps.currentTransform,
        .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
        .presentMode = mode,
        .clipped = VK_TRUE,
        .oldSwapchain = old,
    };
    if (!(caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR))
        ci.compositeAlpha = VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR;
    VK_CHECK(vkDeviceWaitIdle(ctx->device));
    VK_CHECK(vkCreateSwapchainKHR(ctx->device, &ci, NULL, &t->swapchain));
    LC_NAME(ctx, VK_OBJECT_TYPE_SWAPCHAIN_KHR, t->swapchain, "swapchain");
    destroy_swapchain_images(ctx, t);
    if (old) vkDestroySwapchainKHR(ctx->device, old, NULL);

    VkImage imgs[LC_MAX_SWAPCHAIN_IMAGES];
    uint32_t n = LC_MAX_SWAPCHAIN_IMAGES;
    VK_CHECK(vkGetSwapchainImagesKHR(ctx->device, t->swapchain, &n, imgs));
    t->image_count = n;
    t->width = extent.width;
    t->height = extent.height;
    for (uint32_t i = 0; i < n; i++) {
        lc_image *img = &t->images[i];
        img->image = imgs[i];
        img->format = t->format;
        img->width = extent.width;
        img->height = extent.height;
        img->mip_levels = 1;
        img->aspect = VK_IMAGE_ASPECT_COLOR_BIT;
        char name[64];
        snprintf(name, sizeof name, "swapchain image %u", i);
        LC_NAME(ctx, VK_OBJECT_TYPE_IMAGE, img->image, name);
        /* The sRGB view attaches (no storage on sRGB); the UNORM one is the compute tonemap's. */
        img->view = lc_image_view_create(ctx, imgs[i], t->format, k_usage, name);
        if (t->storage_output) {
            snprintf(name, sizeof name, "swapchain image %u (storage)", i);
            img->storage_view = lc_image_view_create(ctx, imgs[i], lc_format_unorm_of(t->format), VK_IMAGE_USAGE_STORAGE_BIT, name);
        }
        t->layouts[i] = VK_IMAGE_LAYOUT_UNDEFINED;
        VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
        VK_CHECK(vkCreateSemaphore(ctx->device, &sci, NULL, &t->rendered[i]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_SEMAPHORE, t->rendered[i], "swapchain image %u rendered", i);
    }
    t->needs_rebuild = false;
    return LC_OK;
}

lc_status lc_target_create_window(lc_context *ctx, GLFWwindow *window, bool vsync, lc_target *t)
{
    memset(t, 0, sizeof *t);
    t->window = window;
    t->vsync = vsync;
    VkResult r = glfwCreateWindowSurface(ctx->instance, window, NULL, &t->surface);
    if (r != VK_SUCCESS) {
        lc_error("cannot create a Vulkan surface for the window: %s", lc_vk_result_name(r));
        return LC_ERR_RUNTIME;
    }
    VkBool32 supported = VK_FALSE;
    vkGetPhysicalDeviceSurfaceSupportKHR(ctx->physical, ctx->queue_family, t->surface, &supported);
    if (!supported) {
        lc_error("device '%s' cannot present to this window; use --headless", ctx->props.deviceName);
        return LC_ERR_RUNTIME;
    }
    uint32_t n = 0;
    vkGetPhysicalDeviceSurfaceFormatsKHR(ctx->physical, t->surface, &n, NULL);
    VkSurfaceFormatKHR formats[64];
    n = LC_MIN(n, 64u);
    vkGetPhysicalDeviceSurfaceFormatsKHR(ctx->physical, t->surface, &n, formats);
    t->format = VK_FORMAT_UNDEFINED;
    for (uint32_t i = 0; i < n; i++) {
        if (formats[i].colorSpace != VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) continue;
        if (formats[i].format == VK_FORMAT_B8G8R8A8_SRGB || formats[i].format == VK_FORMAT_R8G8B8A8_SRGB) {
            t->format = formats[i].format;
            break;
        }
    }
    if (t->format == VK_FORMAT_UNDEFINED) {
        lc_error("the window offers no 8-bit sRGB swapchain format");
        return LC_ERR_RUNTIME;
    }
    VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        VK_CHECK(vkCreateSemaphore(ctx->device, &sci, NULL, &t->acquired[i]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_SEMAPHORE, t->acquired[i], "frame %d image acquired", i);
    }
    return build_swapchain(ctx, t);
}

void lc_target_destroy(lc_context *ctx, lc_target *t)
{
    if (!ctx->device) return;
    vkDeviceWaitIdle(ctx->device);
    if (t->headless) {
        lc_image_destroy(ctx, &t->images[0]);
    } else {
        destroy_swapchain_images(ctx, t);
        if (t->swapchain) vkDestroySwapchainKHR(ctx->device, t->swapchain, NULL);
        for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++)
            if (t->acquired[i]) vkDestroySemaphore(ctx->device, t->acquired[i], NULL);
        if (t->surface) vkDestroySurfaceKHR(ctx->instance, t->surface, NULL);
    }
    memset(t, 0, sizeof *t);
}

lc_status lc_target_resize(lc_context *ctx, lc_target *t, uint32_t width, uint32_t height)
{
    if (!t->headless) return build_swapchain(ctx, t);
    vkDeviceWaitIdle(ctx->device);
    lc_image_destroy(ctx, &t->images[0]);
    lc_image_desc d = {.width = width, .height = height, .format = t->format, .usage = k_usage, .name = "output"};
    if (t->storage_output) {
        d.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
        d.storage_format = lc_format_unorm_of(t->format);
    }
    lc_status s = lc_image_create(ctx, &d, &t->images[0]);
    if (s != LC_OK) return s;
    t->image_count = 1;
    t->layouts[0] = VK_IMAGE_LAYOUT_UNDEFINED;
    t->width = width;
    t->height = height;
    return LC_OK;
}

lc_acquire_result lc_target_acquire(lc_context *ctx, lc_target *t, uint32_t slot, lc_target_frame *out)
{
    memset(out, 0, sizeof *out);
    if (t->headless) {
        out->index = 0;
        out->image = &t->images[0];
        return LC_ACQUIRE_OK;
    }
    if (t->needs_rebuild || !t->swapchain) {
        if (build_swapchain(ctx, t) != LC_OK || t->needs_rebuild) return LC_ACQUIRE_SKIP;
    }
    uint32_t index = 0;
    VkResult r = vkAcquireNextImageKHR(ctx->device, t->swapchain, UINT64_MAX, t->acquired[slot], VK_NULL_HANDLE, &index);
    if (r >= 0 && lc_fault_device_lost()) r = VK_ERROR_DEVICE_LOST;
    if (r == VK_ERROR_OUT_OF_DATE_KHR) {
        t->needs_rebuild = true;
        return LC_ACQUIRE_SKIP;
    }
    if (r == VK_SUBOPTIMAL_KHR) t->needs_rebuild = true; /* still usable: render, then rebuild */
    else if (r < 0) lc_vk_fatal("vkAcquireNextImageKHR", r, __FILE__, __LINE__);
    out->index = index;
    out->image = &t->images[index];
    out->wait = t->acquired[slot];
    out->signal = t->rendered[index];
    return LC_ACQUIRE_OK;
}

void lc_target_present(lc_context *ctx, lc_target *t, const lc_target_frame *f)
{
    if (t->headless) return;
    VkPresentInfoKHR pi = {
        .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &f->signal,
        .swapchainCount = 1,
        .pSwapchains = &t->swapchain,
        .pImageIndices = &f->index,
    };
    VkResult r = vkQueuePresentKHR(ctx->queue, &pi);
    if (r >= 0 && lc_fault_device_lost()) r = VK_ERROR_DEVICE_LOST;
    if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) t->needs_rebuild = true;
    else if (r < 0) lc_vk_fatal("vkQueuePresentKHR", r, __FILE__, __LINE__);
}
