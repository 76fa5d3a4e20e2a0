/* GPU skinning (src/geometry/skinning.c, shaders/geometry/skin.comp, skin_bounds.comp), shared by
 * C and GLSL: the bindings of its own descriptor set and the push constants of both kernels. */
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

#define LC_SKIN_GROUP 64u /* skin.comp: vertices a workgroup */

/* skin.comp: range x first source vertex, y the first runtime vertex, z vertex count, w vertices
 * a copy (the run is copies of one skin sharing its source vertices, runtime vertices one copy
 * after the other); joints x the first copy's first joint matrix, y joint matrices a copy.
 * skin_bounds.comp: range x first meshlet, y meshlet count, z 1 where the sublet bounds are bound. */
struct lc_skin_push {
    LC_U4 range;
    LC_U4 joints;
};

#ifndef LC_GLSL
typedef struct lc_skin_push lc_skin_push;
#endif

#endif
