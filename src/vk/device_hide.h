/* LC_DEVICE_HIDE, a test knob: device features lightcull treats as absent, so its fallbacks
 * and refusals run (and stay tested) on a device that has everything. A hidden feature is
 * handled exactly as a missing one: its flag is false, it is not enabled at device creation,
 * and the messages that name it as missing add "(hidden by LC_DEVICE_HIDE)". */
#ifndef LC_DEVICE_HIDE_H
#define LC_DEVICE_HIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    LC_HIDE_MESH_SHADER,          /* VK_EXT_mesh_shader: --geometry mesh */
    LC_HIDE_DESCRIPTOR_INDEXING,  /* non-uniform indexing, update-after-bind: the visibility shade's bindless textures */
    LC_HIDE_DYNAMIC_INDEXING,     /* shaderSampledImageArrayDynamicIndexing: its texture switch */
    LC_HIDE_MULTI_DRAW_INDIRECT,  /* multiDrawIndirect, drawIndirectFirstInstance, drawIndirectCount: --geometry mdi */
    LC_HIDE_GEOMETRY_SHADER,      /* geometryShader (gl_PrimitiveID in fragments): --shading visibility */
    LC_HIDE_STORAGE_WRITE_WITHOUT_FORMAT, /* the compute and fused tonemaps */
    LC_HIDE_SUBGROUP_FRAGMENT,    /* subgroup arithmetic/ballot in fragment shaders: forward scalarization */
    LC_HIDE_INT64,                /* shaderInt64: the meshlet decoder's 64-bit shifts */
    LC_HIDE_COUNT
};

typedef struct lc_device_hide {
    uint32_t features;     /* bit (1u << LC_HIDE_*) per hidden feature */
    uint32_t max_samplers; /* 0, or the per-stage sampler and sampled-image limits to report (max_samplers=N, 16..65535) */
} lc_device_hide;

/* Parses a comma-separated list of names (lc_device_hide_names) and max_samplers=N; NULL or
 * empty hides nothing. On a bad item writes one line (naming it and the known names) to err
 * and returns false. */
bool lc_device_hide_parse(const char *spec, lc_device_hide *out, char *err, size_t err_size);

extern const char *const lc_device_hide_names[LC_HIDE_COUNT];

static inline bool lc_device_hidden(const lc_device_hide *h, uint32_t feature) { return (h->features >> feature) & 1u; }

/* " (hidden by LC_DEVICE_HIDE)" where the feature is hidden, else "": for missing-feature messages. */
static inline const char *lc_device_hide_note(const lc_device_hide *h, uint32_t feature)
{
    return lc_device_hidden(h, feature) ? " (hidden by LC_DEVICE_HIDE)" : "";
}

#endif
