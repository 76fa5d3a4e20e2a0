/* Vulkan instance, device and queue through volk; the validation messenger that counts
 * messages; debug names and labels. One graphics+compute queue does all the work. */
#ifndef LC_VK_CONTEXT_H
#define LC_VK_CONTEXT_H

#include <volk.h>

#include "common.h"
#include "vk/device_hide.h"

/* For calls that only fail on out-of-memory or device loss: one line naming the call and the
 * result, then exit 1 in every build (no abort: a lost device is the machine's trouble, not a
 * bug of ours, and nothing can be cleaned up through it). */
#define VK_CHECK(call)                                                             \
    do {                                                                           \
        VkResult vk_check_result_ = (call);                                        \
        if (vk_check_result_ < 0) lc_vk_fatal(#call, vk_check_result_, __FILE__, __LINE__); \
    } while (0)

typedef struct lc_context_desc {
    int device_index;       /* -1 (or 0 in a zeroed desc with pick_device false): pick automatically */
    bool pick_device;       /* true: use device_index */
    bool validate;          /* Khronos validation layer + synchronization validation */
    const char **instance_extensions; /* e.g. from glfwGetRequiredInstanceExtensions */
    uint32_t instance_extension_count;
    bool swapchain;         /* enable VK_KHR_swapchain */
    uint64_t memory_limit;  /* bytes of device memory lightcull may allocate; 0: no limit */
} lc_context_desc;

typedef struct lc_context {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
    char driver_info[600];
    uint32_t subgroup_size;
    bool subgroup_fragment;   /* arithmetic + ballot available in fragment shaders */
    bool subgroup_compute;    /* arithmetic + ballot available in compute shaders */
    bool shader_int64;        /* enabled when present: the meshlet decoder's 64-bit shifts */
    bool buffer_int64_atomics; /* shaderInt64 and shaderBufferInt64Atomics (enabled when present): --raster compute */
    /* --shading visibility needs gl_PrimitiveID in fragment shaders (geometryShader): NULL
     * when the device has it, else the missing feature's name. */
    const char *visibility_missing;
    /* shaderSampledImageArrayDynamicIndexing (Debian 12's lavapipe lacked it): without it and
     * without descriptor_indexing the visibility shade selects its texture with constant
     * indices (LC_VIS_MAX_TEXTURES at most). */
    bool sampled_array_dynamic_indexing;
    /* shaderSampledImageArrayNonUniformIndexing and descriptorBindingSampledImageUpdateAfterBind
     * (both enabled when present): the visibility shade's textures are one bindless array
     * under the update-after-bind limits (src/geometry/visibility_scene.c). */
    bool descriptor_indexing;
    uint32_t uab_samplers_per_stage, uab_samplers_per_set; /* update-after-bind limits (samplers and sampled images) */
    bool indirect;            /* multiDrawIndirect, drawIndirectFirstInstance, drawIndirectCount: the mdi path */
    bool mesh_indirect;       /* mesh shaders, indirect, shaderDrawParameters: --mesh-dispatch indirect */
    /* The mesh path (--geometry mesh): VK_EXT_mesh_shader enabled with taskShader and
     * meshShader, subgroup ballot/arithmetic in task shaders and the limits of one sublet
     * per mesh workgroup (32 vertices, 32 triangles, 32 invocations). mesh_missing: NULL
     * when the device has it all, else what it lacks (one error line names it). */
    bool mesh_shader;
    const char *mesh_missing;
    /* The compute tonemap writes the output through a UNORM view without a format qualifier
     * (shaderStorageImageWriteWithoutFormat, enabled when present); a window's swapchain can
     * have that view with VK_KHR_swapchain_mutable_format (enabled when present). */
    bool storage_write_without_format;
    bool swapchain_mutable_format;
    bool debug_utils;
    bool validation;
    /* LC_DEVICE_HIDE (tests): what is treated as absent; props.limits already carry its
     * max_samplers. */
    lc_device_hide hide;
    float timestamp_period;   /* ns per tick */
    uint64_t memory_limit, memory_allocated;
    uint32_t memory_allocations;  /* live vkAllocateMemory allocations (leak checks in the soak test) */
    VkCommandPool upload_pool;
} lc_context;

lc_status lc_context_create(const lc_context_desc *desc, lc_context *ctx);
void lc_context_destroy(lc_context *ctx);

/* Validation messages (warnings and errors) seen so far, across contexts. */
uint32_t lc_validation_message_count(void);

_Noreturn void lc_vk_fatal(const char *what, VkResult result, const char *file, int line);
/* Fault injection for tests (docs/RELIABILITY.md): with LC_FAIL_DEVICE_LOST=N the N-th
 * device-loss checkpoint of the process (a frame's queue submission, the wait for its fence, a
 * swapchain acquire or present) reports VK_ERROR_DEVICE_LOST. Returns true at that one. */
bool lc_fault_device_lost(void);
const char *lc_vk_result_name(VkResult result);

/* Debug names (VK_EXT_debug_utils); no-ops without the extension. */
void lc_vk_name(const lc_context *ctx, VkObjectType type, uint64_t handle, const char *name);
#define LC_NAME(ctx, type, handle, name) lc_vk_name(ctx, type, (uint64_t)(handle), name)
void lc_vk_namef(const lc_context *ctx, VkObjectType type, uint64_t handle, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define LC_NAMEF(ctx, type, handle, ...) lc_vk_namef(ctx, type, (uint64_t)(handle), __VA_ARGS__)
void lc_vk_label_begin(const lc_context *ctx, VkCommandBuffer cmd, const char *name);
void lc_vk_label_end(const lc_context *ctx, VkCommandBuffer cmd);

/* One-shot command buffer on the upload pool, submitted and waited for. */
VkCommandBuffer lc_vk_begin_once(lc_context *ctx);
void lc_vk_end_once(lc_context *ctx, VkCommandBuffer cmd);

#endif
