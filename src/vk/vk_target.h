/* Where frames go: a GLFW window's swapchain or a headless offscreen image, behind one API,
 * so the same frame code records both. Handles resize, minimise (0x0) and out-of-date or
 * suboptimal swapchains. */
#ifndef LC_VK_TARGET_H
#define LC_VK_TARGET_H

#include "vk/gpu_resources.h"

#define LC_FRAMES_IN_FLIGHT 2
#define LC_MAX_SWAPCHAIN_IMAGES 8

struct GLFWwindow;

typedef struct lc_target {
    bool headless;
    bool vsync;
    VkFormat format;
    uint32_t width, height;
    uint32_t image_count;
    lc_image images[LC_MAX_SWAPCHAIN_IMAGES]; /* swapchain images (no memory) or the offscreen one */
    VkImageLayout layouts[LC_MAX_SWAPCHAIN_IMAGES];
    struct GLFWwindow *window;
    VkSurfaceKHR surface;
    VkSwapchainKHR swapchain;
    VkSemaphore acquired[LC_FRAMES_IN_FLIGHT];        /* per frame in flight */
    VkSemaphore rendered[LC_MAX_SWAPCHAIN_IMAGES];    /* per swapchain image */
    /* The images also have a UNORM storage_view the compute tonemap writes (encoding sRGB
     * itself): headless where the device can store to R8G8B8A8_UNORM, windows where the
     * surface offers storage usage and VK_KHR_swapchain_mutable_format is enabled. */
    bool storage_output;
    bool needs_rebuild;
    bool zero_extent; /* treat the window as 0x0 (script `zero-size`: what Windows and Wayland
                         report for a minimised window, which X11 never does) */
} lc_target;

typedef enum lc_acquire_result {
    LC_ACQUIRE_OK,
    LC_ACQUIRE_SKIP, /* minimised or out of date: rebuild was attempted, skip this frame */
} lc_acquire_result;

typedef struct lc_target_frame {
    uint32_t index;          /* image index */
    lc_image *image;
    VkSemaphore wait;        /* signalled when the image may be written (window) */
    VkSemaphore signal;      /* to signal when rendering finished (window) */
} lc_target_frame;

lc_status lc_target_create_headless(lc_context *ctx, uint32_t width, uint32_t height, lc_target *t);
lc_status lc_target_create_window(lc_context *ctx, struct GLFWwindow *window, bool vsync, lc_target *t);
void lc_target_destroy(lc_context *ctx, lc_target *t);

/* Headless targets are resized by the caller; windows follow the framebuffer size. */
lc_status lc_target_resize(lc_context *ctx, lc_target *t, uint32_t width, uint32_t height);
lc_acquire_result lc_target_acquire(lc_context *ctx, lc_target *t, uint32_t frame_slot, lc_target_frame *out);
/* Presents (window) after the queue submit that signals out->signal. */
void lc_target_present(lc_context *ctx, lc_target *t, const lc_target_frame *frame);

#endif
