/* Environment probes as data: local reflection and irradiance probes, each an axis-aligned box
 * (position, the capture point, at its centre; extents, its half sizes). They come from a file
 * (--probes-file) or a grid over the scene's bounds (--probes auto|N), and are kept in blending
 * order: smaller volume first, as ezEngine blends them (a probe inside a larger one wins where
 * both reach), ties by position, so the order never depends on the file's. Their capture is
 * views/probe_capture.c; their prefilter, the environment's (lights/environment.c); their
 * shading, shaders/shading/probes.glsl. docs/PROBES.md has the schema and the blend. */
#ifndef LC_PROBES_H
#define LC_PROBES_H

#include "common.h"
#include "lc_shared.h"

#define LC_PROBES_MAX 256u       /* a file's or a grid's most probes (a capture each at load) */
#define LC_PROBES_AUTO 16u       /* --probes auto: a grid of at most this many */
#define LC_PROBE_FADE 0.25f      /* the fade outside a box: this fraction of its smallest half size */
#define LC_PROBE_GRID_OVERLAP 1.1f /* a grid's boxes: their cell's half sizes times this, so neighbours' fades overlap */

typedef struct lc_probe {
    float position[3]; /* the capture point and the box's centre */
    float extents[3];  /* the box's half sizes, > 0 */
} lc_probe;

typedef struct lc_probe_set {
    lc_probe *probes; /* blending order (lc_probes_sort) */
    uint32_t count;
} lc_probe_set;

/* {"probes": [{"position": [x, y, z], "extents": [hx, hy, hz]}, ...]} (other keys ignored).
 * One lc_error line naming the file and the probe, and LC_ERR_INPUT, on anything else. Sorted. */
lc_status lc_probes_parse_json(lc_probe_set *out, const char *text, size_t size, const char *what);
lc_status lc_probes_load_json(lc_probe_set *out, const char *path);
/* At most count probes in an nx x ny x nz grid over [bmin, bmax], the grid whose cells are
 * nearest to cubes among those with the most cells; each box its cell grown by
 * LC_PROBE_GRID_OVERLAP. Sorted. An empty or degenerate box: one probe of 1 x 1 x 1 about its centre. */
void lc_probes_grid(lc_probe_set *out, uint32_t count, const float bmin[3], const float bmax[3]);
/* Blending order: volume ascending, then x, y, z. */
void lc_probes_sort(lc_probe_set *set);
/* A probe's fade distance outside its box (lc_gpu_probe.extents.w). */
float lc_probe_fade(const lc_probe *p);
/* The frame's probe range of the entity array: each probe whose influence box (the box grown by
 * its fade) reaches into the frustum of planes, in blending order, as a culling proxy as a
 * decal's (lc_gpu_light: its bounding sphere, type LC_ENTITY_PROBE, its view-space AABB half
 * sizes in direction_cos.xyz and view depth range in spot_depth.zw, the probe's index in
 * color_type.x). Returns how many were written. */
uint32_t lc_probes_build(const lc_gpu_probe *probes, uint32_t count, const lc_m4 *view, const float planes[6][4], lc_gpu_light *proxies);
void lc_probe_set_destroy(lc_probe_set *set);

#endif
