/* The light list on the host: generation from a seed, an explicit JSON file, animation,
 * and the per-frame build that every culling mode consumes: frustum cull (SIMD, with a
 * scalar twin), sort by view depth, pack into lc_gpu_light. The packed order is the light
 * index order every mode iterates in. */
#ifndef LC_LIGHTS_H
#define LC_LIGHTS_H

#include "scene/camera.h"
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
    float intensity;      /* candela (KHR_lights_punctual): the illuminance at distance d is
                           * intensity * colour / d^2 inside the range's window */
    bool shadow;          /* casts shadows (the lights file's "shadow": true; src/lights/shadows.h) */
} lc_light;

typedef struct lc_light_set {
    lc_light *lights;     /* base state, world space */
    uint32_t count;
    bool animated;        /* generated sets move; files stay static */
    float motion_scale;   /* generated: the length their orbits and bobbing are given in */
} lc_light_set;

/* count point and spot lights (about 3:1), deterministic for a seed, inside [bmin, bmax],
 * with varied radii and colours. Everything scales with the bounds' size s (their median side
 * / 11, a 16 x 12 x 60 m hall's 1.45 m): radii, motion, and intensities with s^2, so the
 * illuminance at a given fraction of a light's radius, and so the picture, is the same in any
 * unit (an intensity of LC_LIGHTS_GENERATED_LUX * radius^2 / 4 times 1..4: 12.5 to 50 lux at
 * half the radius, where the window is 0.88). count must be in [1, LC_LIGHTS_MAX]. */
#define LC_LIGHTS_GENERATED_LUX 12.5f
lc_status lc_lights_generate(lc_light_set *out, uint32_t count, uint64_t seed,
                             const float bmin[3], const float bmax[3]);
/* The generated lights of a model seen from outside (docs/MATERIALS.md, "A model's first
 * look"): LC_LIGHTS_MODEL_COUNT lights as lc_lights_generate makes them, their colours mixed
 * LC_LIGHTS_MODEL_WHITE of the way to white, so that materials show their own colours, and read
 * at half the metered brightness (LC_LIGHTS_MODEL_EV_BIAS, applied by the app's exposure); the
 * environment beside them is brighter than beside the 1,024 (LC_ENVIRONMENT_LEVEL_MODEL), so
 * metals reflect it. */
#define LC_LIGHTS_MODEL_COUNT 16u
#define LC_LIGHTS_MODEL_WHITE 0.9f
#define LC_LIGHTS_MODEL_EV_BIAS 1.0f /* the automatic exposure plus this: the lights at half the metered brightness */
lc_status lc_lights_generate_model(lc_light_set *out, uint64_t seed, const float bmin[3], const float bmax[3]);
/* Parses the lights-file schema (docs/SHADING.md, "Lights file"). Any malformed entry: one lc_error line naming
 * the entry and the problem, LC_ERR_INPUT. */
lc_status lc_lights_load_json(lc_light_set *out, const char *path);
lc_status lc_lights_parse_json(lc_light_set *out, const char *text, size_t size, const char *what);
void lc_light_set_destroy(lc_light_set *set);

/* Lights at time t (seconds): generated lights bob and orbit around their base position. */
void lc_lights_animate(const lc_light_set *set, float time, lc_light *out);

/* Scratch memory for the per-frame build, reused across frames. Zero-initialise;
 * lc_lights_build grows the arrays as needed. The build runs as one team of job threads
 * (src/cpu/jobs.h): each chunk of lights is culled in two SIMD passes (spheres, read
 * straight from lc_light, then cones of the narrow spots that survived) into its own range
 * of the chunk-local arrays; prefix sums over the chunk counts gather the survivors in light
 * order; they are bucketed by depth (even cuts of the depth range, per-thread counts), each
 * bucket sorted, and packed. The packed lights are the same, byte for byte, with any thread
 * count. */
#define LC_LIGHT_WORK_SIZE 1024u /* lights per cull chunk (lightcull bench --cpu measures others) */

typedef struct lc_light_builder {
    uint32_t work_size;           /* setting: lights per cull chunk, rounded up to 4; 0: LC_LIGHT_WORK_SIZE */
    uint32_t capacity;
    float *x, *y, *z, *r;         /* SoA bounding spheres of the cone candidates (radius inflated) */
    float *cone;                  /* SoA cones of the candidates, 4 rows of capacity: axis x, y, z,
                                   * base radius (inflated) */
    uint32_t *local;              /* per chunk: surviving light indices, from the chunk's start */
    float *local_keys;            /* ... and their view depths */
    uint32_t *visible;            /* indices surviving the frustum cull, ascending */
    uint32_t *order, *tmp;        /* light index of each packed light; scratch (cone candidates) */
    uint64_t *pairs, *sorted;     /* sort pairs (order-preserving depth bits << 32 | place in
                                   * visible): in place order, bucketed per thread, sorted */
    uint32_t chunk_capacity, hist_capacity;
    uint32_t *chunk_count;        /* per cull chunk: survivors, */
    float *chunk_lo, *chunk_hi;   /* ... and their depth range */
    uint32_t *hist;               /* per thread: where each depth bucket begins in its region of
                                   * sorted (and the region's size), write cursors */
} lc_light_builder;

void lc_light_builder_destroy(lc_light_builder *b);

/* Frustum cull, sort by view depth (ascending), pack, on the jobs. out must hold count
 * entries; when it is 64-byte aligned (as mapped GPU memory is) it is written with streaming
 * stores.
 * Returns the number of lights packed. view is the world-to-view matrix (looking along -Z),
 * planes from lc_frustum_planes. */
uint32_t lc_lights_build(lc_light_builder *b, const lc_light *lights, uint32_t count,
                         const lc_m4 *view, const float planes[6][4], lc_gpu_light *out);

/* Frustum tests, exposed for tests: visible[i] = 1 if light i may be visible, else 0.
 * Spheres grow by LC_LIGHT_CULL_RADIUS_SCALE/BIAS; spots narrower than 90 degrees must also have
 * their cone (apex p, axis d, height r, base radius r tan(outer), grown likewise) cross all
 * planes. The SIMD and scalar versions agree exactly (same operations, same order). */
void lc_lights_frustum_cull_scalar(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible);
void lc_lights_frustum_cull_simd(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible);

/* Packs one light (used by lc_lights_build): position_radius = (world position, radius);
 * color_type = (color * intensity, type); spots: direction_cos = (axis, cos outer),
 * spot_depth = (1 / max(cos inner - cos outer, 1e-4), cos inner, ...); points: zeros there.
 * spot_depth.zw = view depth range of the lit volume: centre -/+ r, for spots narrower than
 * 90 degrees narrowed to their cone's extent (may be negative behind the camera). Cosines come
 * from a polynomial of our own, identical on every platform. */
void lc_light_pack(const lc_light *l, const lc_m4 *view, lc_gpu_light *out);

/* The light's weight at a world position: attenuation * spot factor, exactly 0 outside its
 * volume. Identical to the GLSL in shaders/lighting.glsl; used by the CPU reference culler and the
 * CPU reference of one pixel's lighting (light_ref.c). */
float lc_light_weight(const lc_gpu_light *l, const float p[3]);

#endif
