/* GPU skinning (src/geometry/skinning.c, shaders/geometry/skin.comp), shared by C and GLSL: the
 * bindings of its own descriptor set and the kernel's push constants. */
#ifndef LC_SKIN_H
#define LC_SKIN_H

#include "lc_shared.h"

#define LC_SKIN_BIND_SOURCE 0   /* float[]: the skinned meshes' bind-pose lc_vertex (LC_VERTEX_FLOATS), runtime order */
#define LC_SKIN_BIND_WEIGHTS 1  /* uvec4[2 per source vertex]: four joints (numbered within the skin: 0 its identity, 1 + its bones), four weights (float bits, summing to 1) */
#define LC_SKIN_BIND_JOINTS 2   /* mat4[]: this frame's joint matrices (joint world x inverse bind) */
#define LC_SKIN_BIND_VERTICES 3 /* float[]: the runtime mesh's lc_vertex (written) */
#define LC_SKIN_BIND_MESHLETS 4 /* lc_gpu_meshlet[] (spheres and cone cutoffs written) */
#define LC_SKIN_BIND_SUBLETS 5  /* lc_meshlet_bounds[LC_MESHLET_SUBLETS per meshlet] (spheres and cone cutoffs written) */
#define LC_SKIN_BIND_SPHERES 6  /* lc_skin_sphere[]: per sublet of a source meshlet, a bind-space sphere per joint that moves its vertices */
#define LC_SKIN_BIND_SPHERE_RANGES 7 /* uvec4 per source meshlet: x its first lc_skin_sphere, y and z sublet k's sphere count in bits 8 * (k % 4) of component 1 + k / 4 */
#define LC_SKIN_BIND_COUNT 8

/* skin.comp: a lane per vertex, a workgroup LC_SKIN_LANES consecutive vertices of a skin for
 * LC_SKIN_COPIES of its copies (the bind vertex and weights loaded once, posed for each). */
#define LC_SKIN_LANES 256u
#define LC_SKIN_COPIES 2u
/* A copy's joint matrices held in shared memory where it has at most this many (more: read from
 * the buffer); with the staged vertices (LC_SKIN_LANES x 13 floats) it stays within the 16 KiB
 * every device has. */
#define LC_SKIN_SHARED_JOINTS 32u
/* skin_bounds.comp: a lane per meshlet. */
#define LC_SKIN_BOUNDS_LANES 64u

/* Both kernels, one dispatch each per run of copies of one skin (their meshlets, runtime vertices
 * and joint matrices following each other):
 * run       x copies, y workgroups (w = y * groups.x + x), z 1 where the sublet bounds are bound
 * vertices  x the first copy's first runtime vertex, y runtime vertices a copy, z the first
 *           source (bind) vertex, shared by the copies
 * meshlets  x the first copy's first meshlet, y meshlets a copy, z the first source meshlet (its
 *           sphere range), shared by the copies
 * joints    x the first copy's first joint matrix, y joint matrices a copy. */
struct lc_skin_push {
    LC_U4 run;
    LC_U4 vertices;
    LC_U4 meshlets;
    LC_U4 joints;
};

/* A bind-space sphere around the vertices of one sublet that one joint moves (weight > 0). */
struct lc_skin_sphere {
    LC_F4 sphere; /* centre, radius */
    LC_U4 joint;  /* x: the joint, within the skin; y..w: 0 */
};

#ifdef LC_GLSL
uint lc_skin_sphere_count(uvec4 range, uint k) { return (range[1u + k / 4u] >> (8u * (k % 4u))) & 0xffu; }
#endif

#ifndef LC_GLSL
typedef struct lc_skin_push lc_skin_push;
typedef struct lc_skin_sphere lc_skin_sphere;
#endif

#endif
