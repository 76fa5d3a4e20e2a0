/* The light list on the host: generation from a seed, an explicit JSON file, animation,
 * and the per-frame build that every culling mode consumes: frustum cull (SIMD, with a
 * scalar twin), sort by view depth, pack into lc_gpu_light. The packed order is the light
 * index order every mode iterates in. */
#ifndef LC_LIGHTS_H
#define LC_LIGHTS_H

#include "camera.h"
#include "common.h"

#define LC_LIGHTS_MAX (1u << 20) /* absurd counts are rejected before any allocation */

typedef struct lc_light {
    uint32_t type;        /* LC_LIGHT_POINT or LC_LIGHT_SPOT */
    float position[3];
    float radius;         /* > 0; contribution is exactly zero at and beyond it */
    float direction[3];   /* unit axis (spots) */
    float inner_deg;      /* half-angles from the axis, 0 <= inner <= outer < 180 */
    float outer_deg;
    float color[3];       /* linear */
    float intensity;
} lc_light;

typedef struct lc_light_set {
    lc_light *lights;     /* base state, world space */
    uint32_t count;
    bool animated;        /* generated sets move; files stay static */
} lc_light_set;

/* count point and spot lights (about 3:1), deterministic for a seed, inside [bmin, bmax],
 * with varied radii and colours. count must be in [1, LC_LIGHTS_MAX]. */
lc_status lc_lights_generate(lc_light_set *out, uint32_t count, uint64_t seed,
                             const float bmin[3], const float bmax[3]);
/* Parses the lights-file schema (README). Any malformed entry: one lc_error line naming
 * the entry and the problem, LC_ERR_INPUT. */
lc_status lc_lights_load_json(lc_light_set *out, const char *path);
lc_status lc_lights_parse_json(lc_light_set *out, const char *text, size_t size, const char *what);
void lc_light_set_destroy(lc_light_set *set);

/* Lights at time t (seconds): generated lights bob and orbit around their base position. */
void lc_lights_animate(const lc_light_set *set, float time, lc_light *out);

/* Scratch memory for the per-frame build, reused across frames. */
typedef struct lc_light_builder {
    uint32_t capacity;
    float *x, *y, *z, *r;         /* SoA bounding spheres */
    float *cone;                  /* SoA cone data for the tight spot test (helper-defined) */
    uint32_t *visible;            /* indices surviving the frustum cull */
    float *keys;                  /* sort keys (view depth) */
    uint32_t *order, *tmp;        /* sort scratch */
} lc_light_builder;

void lc_light_builder_destroy(lc_light_builder *b);

/* Frustum cull, sort by view depth (ascending), pack. out must hold count entries.
 * Returns the number of lights packed. view is the world-to-view matrix (looking along -Z),
 * planes from lc_frustum_planes. */
uint32_t lc_lights_build(lc_light_builder *b, const lc_light *lights, uint32_t count,
                         const lc_m4 *view, const float planes[6][4], lc_gpu_light *out);

/* Frustum tests, exposed for tests: bit i of the result set if light i may be visible.
 * The SIMD and scalar versions must agree exactly. */
void lc_lights_frustum_cull_scalar(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible);
void lc_lights_frustum_cull_simd(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible);

/* Packs one light (used by lc_lights_build): spot scale/bias, view depth range. */
void lc_light_pack(const lc_light *l, const lc_m4 *view, lc_gpu_light *out);

/* The light's weight at a world position: attenuation * spot factor, exactly 0 outside its
 * volume. Identical to the GLSL in shaders/lighting.glsl; used by the CPU reference culler. */
float lc_light_weight(const lc_gpu_light *l, const float p[3]);

#endif
