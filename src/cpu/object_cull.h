/* Object frustum culling as Stingray does it ("The Implementation of Frustum Culling in
 * Stingray", shared/seeds/stingray-frustum-culling.txt): brute force over a culling set in
 * two SIMD passes, both run by each job over its chunk of objects (one fork-join), then the
 * chunks' visible objects gathered in chunk order (prefix sums over the chunk counts).
 *
 *   pass 1  every object's world bounding sphere against the six planes, one plane against
 *           4 spheres per instruction (8 with AVX2, chosen at run time), into visibility
 *           flags; the chunk's survivors are compacted into an indirection array;
 *   pass 2  the survivors' oriented boxes: the 8 local AABB corners go to clip space through
 *           view_proj * world ("Method 2"; the min corner and the 3 edge vectors are
 *           transformed once and the corners built by additions, "Method 2b"), and a box is
 *           culled when all 8 corners lie outside one clip plane: x < -w, x > w, y < -w,
 *           y > w, z < 0 (Vulkan near), z > w (far; as w - z < 0, from its own matrix row,
 *           since z - w of two large rounded values would misplace the far plane).
 *
 * A scalar twin runs the same operations in the same order and gives identical answers. A
 * set can be culled against any camera (the viewer's, a light's). */
#ifndef LC_OBJECT_CULL_H
#define LC_OBJECT_CULL_H

#include <stdbool.h>

#include "lc_shared.h"

#define LC_OBJECT_CULL_LANES 8u        /* arrays are padded to this (room for 8-wide AVX) */
#define LC_OBJECT_CULL_WORK_SIZE 512u  /* objects per job chunk (tests/bench measure the others) */

/* Structure of arrays, each 64-byte aligned and padded with zeros to capacity. */
typedef struct lc_object_cull_set {
    uint32_t count, capacity;
    float *sphere_x, *sphere_y, *sphere_z, *sphere_r; /* world bounding sphere */
    float *min_x, *min_y, *min_z, *max_x, *max_y, *max_z; /* local AABB */
    float *world[16];                                 /* world[c * 4 + r]: column c, row r (lc_m4) */
    float *block;                                     /* the one allocation holding them all */
} lc_object_cull_set;

void lc_object_cull_set_reserve(lc_object_cull_set *set, uint32_t capacity);
/* Adds an object: world is column-major (lc_m4.m), the box is in the object's local space.
 * Its world sphere is derived: centre = world * box centre, radius = half diagonal times the
 * largest column length of world's 3x3 (so it holds the box under any scale or shear).
 * Returns the object's index. */
uint32_t lc_object_cull_set_add(lc_object_cull_set *set, const float world[16], const float aabb_min[3], const float aabb_max[3]);
/* Sets object i's world and box again (an object that moved), as lc_object_cull_set_add derives them. */
void lc_object_cull_set_update(lc_object_cull_set *set, uint32_t i, const float world[16], const float aabb_min[3],
                               const float aabb_max[3]);
void lc_object_cull_set_clear(lc_object_cull_set *set);
void lc_object_cull_set_destroy(lc_object_cull_set *set);

/* Settings (zero-initialise for the defaults), results and reused scratch of a cull. */
typedef struct lc_object_cull_result {
    bool scalar;          /* run the scalar twin (tests, benchmark); default: SIMD */
    uint32_t max_lanes;   /* 4: SSE only; 0: the widest the CPU has (8 with AVX2, else 4) */
    uint32_t work_size;   /* objects per chunk, rounded up to LC_OBJECT_CULL_LANES; 0: LC_OBJECT_CULL_WORK_SIZE */

    uint32_t *indices;    /* visible objects in ascending index order */
    uint32_t visible;     /* how many: count - culled_sphere - culled_oobb */
    uint32_t culled_sphere, culled_oobb;
    uint32_t lanes;       /* what ran: 1 (scalar twin), 4 (SSE) or 8 (AVX2) */

    uint32_t capacity, chunk_capacity;
    uint32_t *flags, *local; /* per object: visibility, chunk-compacted survivors */
    uint32_t *chunk_count, *chunk_spheres; /* per chunk: visible objects, sphere survivors */
} lc_object_cull_result;

/* Culls the set against a camera: view_proj maps world to Vulkan clip space, planes are its
 * lc_frustum_planes (normalised, inward). Runs on the jobs (src/cpu/jobs.h); the answer does
 * not depend on the thread count or the work size. */
void lc_object_cull_run(const lc_object_cull_set *set, const lc_m4 *view_proj, const float planes[6][4], lc_object_cull_result *out);
void lc_object_cull_result_destroy(lc_object_cull_result *r);

/* One object's answers, for tests: the sphere test (pass 1) and the box test (pass 2) of the
 * scalar twin; true = may be visible. */
bool lc_object_cull_sphere_visible(const lc_object_cull_set *set, uint32_t index, const float planes[6][4]);
bool lc_object_cull_oobb_visible(const lc_object_cull_set *set, uint32_t index, const lc_m4 *view_proj);

#endif
