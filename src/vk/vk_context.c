#include "vk/vk_context.h"

#include "lc_geometry.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static atomic_uint g_validation_messages;

uint32_t lc_validation_message_count(void) { return atomic_load(&g_validation_messages); }

const char *lc_vk_result_name(VkResult r)
{
    switch (r) {
#define CASE(x) case x: return #x
        CASE(VK_SUCCESS); CASE(VK_NOT_READY); CASE(VK_TIMEOUT); CASE(VK_INCOMPLETE);
        CASE(VK_SUBOPTIMAL_KHR); CASE(VK_ERROR_OUT_OF_HOST_MEMORY); CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY);
        CASE(VK_ERROR_INITIALIZATION_FAILED); CASE(VK_ERROR_DEVICE_LOST); CASE(VK_ERROR_MEMORY_MAP_FAILED);
        CASE(VK_ERROR_LAYER_NOT_PRESENT); CASE(VK_ERROR_EXTENSION_NOT_PRESENT); CASE(VK_ERROR_FEATURE_NOT_PRESENT);
        CASE(VK_ERROR_INCOMPATIBLE_DRIVER); CASE(VK_ERROR_TOO_MANY_OBJECTS); CASE(VK_ERROR_FORMAT_NOT_SUPPORTED);
        CASE(VK_ERROR_SURFACE_LOST_KHR); CASE(VK_ERROR_OUT_OF_DATE_KHR); CASE(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR);
        CASE(VK_ERROR_OUT_OF_POOL_MEMORY); CASE(VK_ERROR_FRAGMENTED_POOL); CASE(VK_ERROR_UNKNOWN);
#undef CASE
    default: return "VkResult(?)";
    }
}

_Noreturn void lc_vk_fatal(const char *what, VkResult result, const char *file, int line)
{
    const char *base = lc_base_name(file);
    if (result == VK_ERROR_DEVICE_LOST)
        fprintf(stderr, "lightcull: the GPU device was lost (%s in %s:%d)\n", what, base, line);
    else
        fprintf(stderr, "lightcull: %s failed: %s (%s:%d)\n", what, lc_vk_result_name(result), base, line);
    fflush(stdout);
    fflush(stderr);
    /* _exit: atexit handlers and the leak checker would walk objects of a device that is gone;
     * outputs are written to temporary names and renamed, so no partial file is left. */
    _exit(lc_status_exit_code(LC_ERR_RUNTIME));
}

bool lc_fault_device_lost(void)
{
    static long fail_at = -1, serial;
    if (fail_at < 0) {
        const char *e = getenv("LC_FAIL_DEVICE_LOST");
        fail_at = e ? atol(e) : 0;
    }
    return fail_at > 0 && ++serial == fail_at;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL messenger_cb(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                   VkDebugUtilsMessageTypeFlagsEXT type,
                                                   const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)user;
    (void)type;
    if (severity < VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) return VK_FALSE;
    atomic_fetch_add(&g_validation_messages, 1);
    fprintf(stderr, "lightcull: Validation %s: %s\n",
            severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "Error" : "Warning",
            data->pMessage ? data->pMessage : "(no message)");
    fflush(stderr);
    return VK_FALSE;
}

static bool has_layer(const char *name)
{
    uint32_t n = 0;
    vkEnumerateInstanceLayerProperties(&n, NULL);
    VkLayerProperties *props = lc_calloc(n, sizeof *props);
    vkEnumerateInstanceLayerProperties(&n, props);
    bool found = false;
    for (uint32_t i = 0; i < n && !found; i++) found = strcmp(props[i].layerName, name) == 0;
    free(props);
    return found;
}

static bool has_instance_ext(const char *name)
{
    uint32_t n = 0;
    vkEnumerateInstanceExtensionProperties(NULL, &n, NULL);
    VkExtensionProperties *props = lc_calloc(n, sizeof *props);
    vkEnumerateInstanceExtensionProperties(NULL, &n, props);
    bool found = false;
    for (uint32_t i = 0; i < n && !found; i++) found = strcmp(props[i].extensionName, name) == 0;
    free(props);
    return found;
}

static bool has_device_ext(VkPhysicalDevice pd, const char *name)
{
    uint32_t n = 0;
    vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL);
    VkExtensionProperties *props = lc_calloc(n, sizeof *props);
    vkEnumerateDeviceExtensionProperties(pd, NULL, &n, props);
    bool found = false;
    for (uint32_t i = 0; i < n && !found; i++) found = strcmp(props[i].extensionName, name) == 0;
    free(props);
    return found;
}

static int device_rank(VkPhysicalDeviceType t)
{
    switch (t) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 1;
    default: return 0;
    }
}

static lc_status create_instance(const lc_context_desc *desc, lc_context *ctx)
{
    const char *exts[16];
    uint32_t ext_count = 0;
    for (uint32_t i = 0; i < desc->instance_extension_count && ext_count < 14; i++)
        exts[ext_count++] = desc->instance_extensions[i];
    ctx->debug_utils = has_instance_ext(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    if (ctx->debug_utils) exts[ext_count++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;

    const char *layers[1];
    uint32_t layer_count = 0;
    if (desc->validate) {
        if (!has_layer("VK_LAYER_KHRONOS_validation")) {
            lc_error("--validate needs the Khronos validation layer (Debian: vulkan-validationlayers)");
            return LC_ERR_RUNTIME;
        }
        layers[layer_count++] = "VK_LAYER_KHRONOS_validation";
        ctx->validation = true;
    }
    VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features = {
        .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
        .enabledValidationFeatureCount = LC_ARRAY_COUNT(enables),
        .pEnabledValidationFeatures = enables,
    };
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "lightcull",
        .applicationVersion = VK_MAKE_VERSION(0, 1, 0),
        .pEngineName = "lightcull",
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = desc->validate ? &features : NULL,
        .pApplicationInfo = &app,
        .enabledLayerCount = layer_count,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = ext_count,
        .ppEnabledExtensionNames = exts,
    };
    VkResult r = vkCreateInstance(&ci, NULL, &ctx->instance);
    if (r != VK_SUCCESS) {
        lc_error("cannot create a Vulkan 1.3 instance: %s", lc_vk_result_name(r));
        return LC_ERR_RUNTIME;
    }
    volkLoadInstanceOnly(ctx->instance);

    if (ctx->debug_utils) {
        VkDebugUtilsMessengerCreateInfoEXT mi = {
            .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
            .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
            .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT,
            .pfnUserCallback = messenger_cb,
        };
        VK_CHECK(vkCreateDebugUtilsMessengerEXT(ctx->instance, &mi, NULL, &ctx->messenger));
    }
    return LC_OK;
}

static lc_status pick_device(const lc_context_desc *desc, lc_context *ctx)
{
    uint32_t n = 0;
    vkEnumeratePhysicalDevices(ctx->instance, &n, NULL);
    if (n == 0) {
        lc_error("no Vulkan device found (install a driver, e.g. Debian's mesa-vulkan-drivers)");
        return LC_ERR_RUNTIME;
    }
    VkPhysicalDevice *devs = lc_calloc(n, sizeof *devs);
    vkEnumeratePhysicalDevices(ctx->instance, &n, devs);
    int chosen = -1;
    if (desc->pick_device) {
        if (desc->device_index < 0 || (uint32_t)desc->device_index >= n) {
            lc_error("--device %d: only %u Vulkan device(s) present (0..%u)", desc->device_index, n, n - 1);
            free(devs);
            return LC_ERR_USAGE;
        }
        chosen = desc->device_index;
    } else {
        int best = -1;
        for (uint32_t i = 0; i < n; i++) {
            VkPhysicalDeviceProperties p;
            vkGetPhysicalDeviceProperties(devs[i], &p);
            if (p.apiVersion < VK_API_VERSION_1_2) continue;
            int rank = device_rank(p.deviceType);
            if (rank > best) best = rank, chosen = (int)i;
        }
        if (chosen < 0) chosen = 0;
    }
    ctx->physical = devs[chosen];
    free(devs);
    vkGetPhysicalDeviceProperties(ctx->physical, &ctx->props);
    vkGetPhysicalDeviceMemoryProperties(ctx->physical, &ctx->memory);
    if (ctx->props.apiVersion < VK_API_VERSION_1_2) {
        lc_error("device '%s' supports Vulkan %u.%u; lightcull needs 1.3", ctx->props.deviceName,
                 VK_API_VERSION_MAJOR(ctx->props.apiVersion), VK_API_VERSION_MINOR(ctx->props.apiVersion));
        return LC_ERR_RUNTIME;
    }
    return LC_OK;
}

lc_status lc_context_create(const lc_context_desc *desc, lc_context *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    char hide_err[600];
    if (!lc_device_hide_parse(getenv("LC_DEVICE_HIDE"), &ctx->hide, hide_err, sizeof hide_err)) {
        lc_error("%s", hide_err);
        return LC_ERR_USAGE;
    }
    const lc_device_hide *hide = &ctx->hide;
    if (volkInitialize() != VK_SUCCESS) {
        lc_error("no Vulkan loader found (Debian: libvulkan1)");
        return LC_ERR_RUNTIME;
    }
    lc_status s = create_instance(desc, ctx);
    if (s == LC_OK) s = pick_device(desc, ctx);
    if (s != LC_OK) {
        lc_context_destroy(ctx);
        return s;
    }
    ctx->memory_limit = desc->memory_limit;
    ctx->timestamp_period = ctx->props.limits.timestampPeriod;
    if (hide->max_samplers) {
        /* A small per-stage sampler limit (Debian 12's lavapipe had 32): combined image
         * samplers count as samplers and as sampled images. */
        VkPhysicalDeviceLimits *l = &ctx->props.limits;
        l->maxPerStageDescriptorSamplers = LC_MIN(l->maxPerStageDescriptorSamplers, hide->max_samplers);
        l->maxPerStageDescriptorSampledImages = LC_MIN(l->maxPerStageDescriptorSampledImages, hide->max_samplers);
    }

    /* Vulkan 1.3 core features, or 1.2 with their KHR extensions (RenderDoc 1.24 presents
     * devices as 1.2): dynamic rendering and synchronization2; fragment stores for the
     * per-pixel analysis counters. */
    bool api13 = ctx->props.apiVersion >= VK_API_VERSION_1_3;
    if (!api13 && !(has_device_ext(ctx->physical, VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME) &&
                    has_device_ext(ctx->physical, VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME))) {
        lc_error("device '%s' supports Vulkan %u.%u; lightcull needs 1.3 (or 1.2 with dynamic rendering and synchronization2)",
                 ctx->props.deviceName, VK_API_VERSION_MAJOR(ctx->props.apiVersion), VK_API_VERSION_MINOR(ctx->props.apiVersion));
        lc_context_destroy(ctx);
        return LC_ERR_RUNTIME;
    }
    VkPhysicalDeviceSynchronization2Features fs2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES};
    VkPhysicalDeviceDynamicRenderingFeatures fdr = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES, .pNext = &fs2};
    VkPhysicalDeviceVulkan11Features f11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &fdr};
    VkPhysicalDeviceVulkan12Features f12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &f11};
    VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f12};
    vkGetPhysicalDeviceFeatures2(ctx->physical, &f2);
    const char *missing = NULL;
    if (!fdr.dynamicRendering) missing = "dynamicRendering";
    else if (!fs2.synchronization2) missing = "synchronization2";
    else if (!f2.features.fragmentStoresAndAtomics) missing = "fragmentStoresAndAtomics";
    /* LC_DEVICE_HIDE: a hidden feature reads as absent from here on. */
    if (lc_device_hidden(hide, LC_HIDE_GEOMETRY_SHADER)) f2.features.geometryShader = VK_FALSE;
    if (lc_device_hidden(hide, LC_HIDE_DYNAMIC_INDEXING)) f2.features.shaderSampledImageArrayDynamicIndexing = VK_FALSE;
    if (lc_device_hidden(hide, LC_HIDE_STORAGE_WRITE_WITHOUT_FORMAT)) f2.features.shaderStorageImageWriteWithoutFormat = VK_FALSE;
    if (lc_device_hidden(hide, LC_HIDE_INT64)) f2.features.shaderInt64 = VK_FALSE, f12.shaderBufferInt64Atomics = VK_FALSE;
    if (lc_device_hidden(hide, LC_HIDE_MULTI_DRAW_INDIRECT)) f2.features.multiDrawIndirect = VK_FALSE;
    if (!f2.features.geometryShader)
        ctx->visibility_missing = lc_device_hidden(hide, LC_HIDE_GEOMETRY_SHADER) ? "geometryShader (hidden by LC_DEVICE_HIDE)"
                                                                                  : "geometryShader";
    ctx->sampled_array_dynamic_indexing = f2.features.shaderSampledImageArrayDynamicIndexing;
    ctx->storage_write_without_format = f2.features.shaderStorageImageWriteWithoutFormat;
    /* The visibility shade's bindless textures: one array of the scene's textures indexed
     * non-uniformly, in an update-after-bind set (whose limits are the large ones). The
     * array is sized by a specialization constant: no runtime arrays, nothing partially bound
     * (Vulkan 1.2 core features, so no extension). */
    ctx->descriptor_indexing = f12.shaderSampledImageArrayNonUniformIndexing && f12.descriptorBindingSampledImageUpdateAfterBind &&
                               !lc_device_hidden(hide, LC_HIDE_DESCRIPTOR_INDEXING);
    if (missing) {
        lc_error("device '%s' lacks the Vulkan feature %s", ctx->props.deviceName, missing);
        lc_context_destroy(ctx);
        return LC_ERR_RUNTIME;
    }

    VkPhysicalDeviceDescriptorIndexingProperties pdi = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES};
    VkPhysicalDeviceSubgroupProperties sg = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES, .pNext = &pdi};
    VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES, .pNext = &sg};
    VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &drv};
    vkGetPhysicalDeviceProperties2(ctx->physical, &p2);
    snprintf(ctx->driver_info, sizeof ctx->driver_info, "%s %s", drv.driverName, drv.driverInfo);
    ctx->subgroup_size = sg.subgroupSize;
    /* Combined image samplers count as samplers and as sampled images. */
    ctx->uab_samplers_per_stage = LC_MIN(pdi.maxPerStageDescriptorUpdateAfterBindSamplers,
                                         pdi.maxPerStageDescriptorUpdateAfterBindSampledImages);
    ctx->uab_samplers_per_set = LC_MIN(pdi.maxDescriptorSetUpdateAfterBindSamplers, pdi.maxDescriptorSetUpdateAfterBindSampledImages);
    VkSubgroupFeatureFlags need = VK_SUBGROUP_FEATURE_ARITHMETIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT | VK_SUBGROUP_FEATURE_BASIC_BIT;
    bool ops = (sg.supportedOperations & need) == need;
    ctx->subgroup_fragment = ops && (sg.supportedStages & VK_SHADER_STAGE_FRAGMENT_BIT) && !lc_device_hidden(hide, LC_HIDE_SUBGROUP_FRAGMENT);
    ctx->subgroup_compute = ops && (sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT);
    if (!ctx->subgroup_compute) {
        lc_error("device '%s' lacks subgroup arithmetic/ballot in compute shaders", ctx->props.deviceName);
        lc_context_destroy(ctx);
        return LC_ERR_RUNTIME;
    }

    uint32_t qn = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical, &qn, NULL);
    VkQueueFamilyProperties *qf = lc_calloc(qn, sizeof *qf);
    vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical, &qn, qf);
    ctx->queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < qn; i++) {
        VkQueueFlags want = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
        if ((qf[i].queueFlags & want) == want && qf[i].timestampValidBits > 0) {
            ctx->queue_family = i;
            break;
        }
    }
    free(qf);
    if (ctx->queue_family == UINT32_MAX) {
        lc_error("device '%s' has no graphics+compute queue with timestamps", ctx->props.deviceName);
        lc_context_destroy(ctx);
        return LC_ERR_RUNTIME;
    }

    const char *dev_exts[8];
    uint32_t dev_ext_count = 0;
    if (!api13) {
        dev_exts[dev_ext_count++] = VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME;
        dev_exts[dev_ext_count++] = VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME;
        /* Scene draws set cull mode and front face dynamically (core in 1.3). */
        if (!has_device_ext(ctx->physical, VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME)) {
            lc_error("device '%s' supports Vulkan 1.2 without VK_EXT_extended_dynamic_state", ctx->props.deviceName);
            lc_context_destroy(ctx);
            return LC_ERR_RUNTIME;
        }
        dev_exts[dev_ext_count++] = VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME;
    }
    /* The mdi path: one indirect-count draw per material bucket, firstInstance = object. */
    ctx->indirect = f2.features.multiDrawIndirect && f2.features.drawIndirectFirstInstance && f12.drawIndirectCount;
    /* The mesh path: the extension, both shader stages, subgroup operations in task shaders
     * (the cull's counters and the survivors' compaction) and room for one 256-meshlet. */
    VkPhysicalDeviceMeshShaderFeaturesEXT fmesh = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT};
    VkPhysicalDeviceMeshShaderPropertiesEXT pmesh = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_PROPERTIES_EXT};
    ctx->mesh_missing = NULL;
    if (lc_device_hidden(hide, LC_HIDE_MESH_SHADER)) {
        ctx->mesh_missing = "the extension VK_EXT_mesh_shader (hidden by LC_DEVICE_HIDE)";
    } else if (!has_device_ext(ctx->physical, VK_EXT_MESH_SHADER_EXTENSION_NAME) || !vkGetPhysicalDeviceFeatures2) {
        ctx->mesh_missing = "the extension VK_EXT_mesh_shader";
    } else {
        VkPhysicalDeviceFeatures2 fm2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &fmesh};
        vkGetPhysicalDeviceFeatures2(ctx->physical, &fm2);
        VkPhysicalDeviceProperties2 pm2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &pmesh};
        vkGetPhysicalDeviceProperties2(ctx->physical, &pm2);
        if (!fmesh.taskShader) ctx->mesh_missing = "the VK_EXT_mesh_shader feature taskShader";
        else if (!fmesh.meshShader) ctx->mesh_missing = "the VK_EXT_mesh_shader feature meshShader";
        else if (!ops || !(sg.supportedStages & VK_SHADER_STAGE_TASK_BIT_EXT))
            ctx->mesh_missing = "subgroup arithmetic/ballot in task shaders";
        else if (pmesh.maxMeshOutputVertices < LC_MESH_MAX_VERTICES || pmesh.maxMeshOutputPrimitives < LC_MESH_MAX_TRIANGLES)
            ctx->mesh_missing = "maxMeshOutputVertices and maxMeshOutputPrimitives of 32";
        else if (pmesh.maxMeshWorkGroupInvocations < LC_MESH_GROUP || pmesh.maxTaskWorkGroupInvocations < LC_MESH_TASK_GROUP)
            ctx->mesh_missing = "32 mesh and 32 task workgroup invocations";
    }
    ctx->mesh_shader = ctx->mesh_missing == NULL;
    /* --mesh-dispatch indirect: indirect-count mesh-tasks draws, gl_DrawID in the mesh shader. */
    ctx->mesh_indirect = ctx->mesh_shader && ctx->indirect && f11.shaderDrawParameters;
    if (ctx->mesh_shader) dev_exts[dev_ext_count++] = VK_EXT_MESH_SHADER_EXTENSION_NAME;
    if (desc->swapchain) {
        if (!has_device_ext(ctx->physical, VK_KHR_SWAPCHAIN_EXTENSION_NAME)) {
            lc_error("device '%s' cannot present to a window (no VK_KHR_swapchain); use --headless", ctx->props.deviceName);
            lc_context_destroy(ctx);
            return LC_ERR_RUNTIME;
        }
        dev_exts[dev_ext_count++] = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
        /* Its needs (image format lists, view usage) are core in 1.2. */
        ctx->swapchain_mutable_format = has_device_ext(ctx->physical, VK_KHR_SWAPCHAIN_MUTABLE_FORMAT_EXTENSION_NAME);
        if (ctx->swapchain_mutable_format) dev_exts[dev_ext_count++] = VK_KHR_SWAPCHAIN_MUTABLE_FORMAT_EXTENSION_NAME;
    }

    VkPhysicalDeviceMeshShaderFeaturesEXT en_mesh = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT,
        .taskShader = VK_TRUE,
        .meshShader = VK_TRUE,
    };
    VkPhysicalDeviceSynchronization2Features en_s2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
        .pNext = ctx->mesh_shader ? &en_mesh : NULL,
        .synchronization2 = VK_TRUE,
    };
    VkPhysicalDeviceDynamicRenderingFeatures en_dr = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
        .pNext = &en_s2,
        .dynamicRendering = VK_TRUE,
    };
    VkPhysicalDeviceVulkan11Features en11 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
        .pNext = &en_dr,
        .shaderDrawParameters = ctx->mesh_indirect,
    };
    VkPhysicalDeviceVulkan12Features en12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .pNext = &en11,
        .drawIndirectCount = ctx->indirect,
        .shaderBufferInt64Atomics = f2.features.shaderInt64 && f12.shaderBufferInt64Atomics,
        .shaderSampledImageArrayNonUniformIndexing = ctx->descriptor_indexing,
        .descriptorBindingSampledImageUpdateAfterBind = ctx->descriptor_indexing,
    };
    VkPhysicalDeviceFeatures2 en = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = &en12,
        .features = {
            .multiDrawIndirect = ctx->indirect,
            .drawIndirectFirstInstance = ctx->indirect,
            .fragmentStoresAndAtomics = VK_TRUE,
            .samplerAnisotropy = f2.features.samplerAnisotropy,
            .shaderInt64 = f2.features.shaderInt64,
            /* The visibility path: gl_PrimitiveID in the fragment shader, material arrays. */
            .geometryShader = f2.features.geometryShader,
            .shaderSampledImageArrayDynamicIndexing = f2.features.shaderSampledImageArrayDynamicIndexing,
            .shaderStorageImageWriteWithoutFormat = f2.features.shaderStorageImageWriteWithoutFormat,
        },
    };
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = ctx->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &prio,
    };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &en,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
        .enabledExtensionCount = dev_ext_count,
        .ppEnabledExtensionNames = dev_exts,
    };
    VkResult r = vkCreateDevice(ctx->physical, &dci, NULL, &ctx->device);
    if (r != VK_SUCCESS) {
        lc_error("cannot create a device on '%s': %s", ctx->props.deviceName, lc_vk_result_name(r));
        lc_context_destroy(ctx);
        return LC_ERR_RUNTIME;
    }
    volkLoadDevice(ctx->device);
    if (!api13) {
        /* Same functions under their extension names. */
        vkCmdBeginRendering = vkCmdBeginRenderingKHR;
        vkCmdEndRendering = vkCmdEndRenderingKHR;
        vkCmdPipelineBarrier2 = vkCmdPipelineBarrier2KHR;
        vkCmdWriteTimestamp2 = vkCmdWriteTimestamp2KHR;
        vkQueueSubmit2 = vkQueueSubmit2KHR;
        vkCmdSetCullMode = vkCmdSetCullModeEXT;
        vkCmdSetFrontFace = vkCmdSetFrontFaceEXT;
    }
    ctx->shader_int64 = f2.features.shaderInt64;
    ctx->buffer_int64_atomics = f2.features.shaderInt64 && f12.shaderBufferInt64Atomics;
    vkGetDeviceQueue(ctx->device, ctx->queue_family, 0, &ctx->queue);
    LC_NAME(ctx, VK_OBJECT_TYPE_DEVICE, ctx->device, "lightcull device");
    LC_NAME(ctx, VK_OBJECT_TYPE_QUEUE, ctx->queue, "graphics and compute queue");

    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = ctx->queue_family,
    };
    VK_CHECK(vkCreateCommandPool(ctx->device, &pci, NULL, &ctx->upload_pool));
    LC_NAME(ctx, VK_OBJECT_TYPE_COMMAND_POOL, ctx->upload_pool, "upload command pool");
    return LC_OK;
}

void lc_context_destroy(lc_context *ctx)
{
    if (ctx->device) {
        vkDeviceWaitIdle(ctx->device);
        if (ctx->upload_pool) vkDestroyCommandPool(ctx->device, ctx->upload_pool, NULL);
        vkDestroyDevice(ctx->device, NULL);
    }
    if (ctx->messenger) vkDestroyDebugUtilsMessengerEXT(ctx->instance, ctx->messenger, NULL);
    if (ctx->instance) vkDestroyInstance(ctx->instance, NULL);
    memset(ctx, 0, sizeof *ctx);
}

void lc_vk_name(const lc_context *ctx, VkObjectType type, uint64_t handle, const char *name)
{
    if (!ctx->debug_utils || !handle) return;
    VkDebugUtilsObjectNameInfoEXT ni = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
        .objectType = type,
        .objectHandle = handle,
        .pObjectName = name,
    };
    vkSetDebugUtilsObjectNameEXT(ctx->device, &ni);
}

void lc_vk_namef(const lc_context *ctx, VkObjectType type, uint64_t handle, const char *fmt, ...)
{
    char name[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    lc_vk_name(ctx, type, handle, name);
}

void lc_vk_label_begin(const lc_context *ctx, VkCommandBuffer cmd, const char *name)
{
    if (!ctx->debug_utils) return;
    VkDebugUtilsLabelEXT label = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT, .pLabelName = name};
    vkCmdBeginDebugUtilsLabelEXT(cmd, &label);
}

void lc_vk_label_end(const lc_context *ctx, VkCommandBuffer cmd)
{
    if (ctx->debug_utils) vkCmdEndDebugUtilsLabelEXT(cmd);
}

VkCommandBuffer lc_vk_begin_once(lc_context *ctx)
{
    VkCommandBufferAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = ctx->upload_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd;
    VK_CHECK(vkAllocateCommandBuffers(ctx->device, &ai, &cmd));
    LC_NAME(ctx, VK_OBJECT_TYPE_COMMAND_BUFFER, cmd, "one-shot commands (uploads, read-backs)");
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
    return cmd;
}

void lc_vk_end_once(lc_context *ctx, VkCommandBuffer cmd)
{
    VK_CHECK(vkEndCommandBuffer(cmd));
    VkCommandBufferSubmitInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
    VkSubmitInfo2 si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2, .commandBufferInfoCount = 1, .pCommandBufferInfos = &cbi};
    VK_CHECK(vkQueueSubmit2(ctx->queue, 1, &si, VK_NULL_HANDLE));
    VK_CHECK(vkQueueWaitIdle(ctx->queue));
    vkFreeCommandBuffers(ctx->device, ctx->upload_pool, 1, &cmd);
}
