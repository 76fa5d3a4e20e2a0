#include "vk/device_hide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const lc_device_hide_names[LC_HIDE_COUNT] = {
    [LC_HIDE_MESH_SHADER] = "mesh_shader",
    [LC_HIDE_DESCRIPTOR_INDEXING] = "descriptor_indexing",
    [LC_HIDE_DYNAMIC_INDEXING] = "dynamic_indexing",
    [LC_HIDE_MULTI_DRAW_INDIRECT] = "multi_draw_indirect",
    [LC_HIDE_GEOMETRY_SHADER] = "geometry_shader",
    [LC_HIDE_STORAGE_WRITE_WITHOUT_FORMAT] = "storage_write_without_format",
    [LC_HIDE_SUBGROUP_FRAGMENT] = "subgroup_fragment",
    [LC_HIDE_INT64] = "int64",
};

/* 0: taken, 1: unknown name, 2: max_samplers with a bad value. */
static int item(const char *s, size_t n, lc_device_hide *out)
{
    static const char max_samplers[] = "max_samplers=";
    size_t m = sizeof max_samplers - 1;
    if (n >= m && strncmp(s, max_samplers, m) == 0) {
        /* 16 (Vulkan's least maxPerStageDescriptorSamplers: the forward pass's layout
         * assumes it) to 65535; digits only, no sign or suffix. */
        unsigned long v = 0;
        for (size_t i = m; i < n; i++) {
            if (s[i] < '0' || s[i] > '9' || v > 65535) return 2;
            v = v * 10 + (unsigned long)(s[i] - '0');
        }
        if (v < 16 || v > 65535) return 2;
        out->max_samplers = (uint32_t)v;
        return 0;
    }
    for (uint32_t f = 0; f < LC_HIDE_COUNT; f++) {
        if (strlen(lc_device_hide_names[f]) == n && strncmp(s, lc_device_hide_names[f], n) == 0) {
            out->features |= 1u << f;
            return 0;
        }
    }
    return 1;
}

bool lc_device_hide_parse(const char *spec, lc_device_hide *out, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    if (!spec) return true;
    for (const char *p = spec; *p;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        int bad = n ? item(p, n, out) : 0;
        if (bad) {
            char known[512];
            size_t k = 0;
            known[0] = '\0';
            for (uint32_t f = 0; f < LC_HIDE_COUNT && k < sizeof known; f++)
                k += (size_t)snprintf(known + k, sizeof known - k, "%s, ", lc_device_hide_names[f]);
            snprintf(err, err_size, "LC_DEVICE_HIDE: %s '%.*s' (known: %smax_samplers=N with N 16..65535)",
                     bad == 1 ? "unknown name" : "bad value in", (int)n, p, known);
            return false;
        }
        p += n;
        if (*p == ',') p++;
    }
    return true;
}
