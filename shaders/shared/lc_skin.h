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
#define LC_SKIN_BIND_COUNT 6

/* skin.comp: a workgroup per meshlet (LC_MESHLET_SUBLETS sublets of LC_MESHLET_SUBLET_SIZE
 * vertices), a lane per vertex. */
#define LC_SKIN_LANES 256u
/* A copy's joint matrices held in shared memory where it has at most this many (more: read from
 * the buffer); with the staged meshlet (256 x 13 floats) it stays within the 16 KiB every device has. */
#define LC_SKIN_SHARED_JOINTS 32u

/* skin.comp, one dispatch per run of copies of one skin (their meshlets, runtime vertices and
 * joint matrices following each other; workgroup w = y * groups.x + x is the run's meshlet w):
 * range   x the run's first meshlet, y its meshlet count, z 1 where the sublet bounds are bound,
 *         w meshlets a copy;
 * copies  x the first copy's first runtime vertex, y runtime vertices a copy, z the first source
 *         (bind) vertex, shared by the copies;
 * joints  x the first copy's first joint matrix, y joint matrices a copy. */
struct lc_skin_push {
    LC_U4 range;
    LC_U4 copies;
    LC_U4 joints;
};

#ifndef LC_GLSL
typedef struct lc_skin_push lc_skin_push;
#endif

#endif
