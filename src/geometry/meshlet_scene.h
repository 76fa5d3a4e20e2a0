/* A whole scene's meshlets: every mesh built (meshlet_build.h) and appended into one encoded
 * stream (one upload, one decode), with the bounds of every sublet and meshlet, the range of
 * each scene mesh (lc_mesh, mesh-local indices) and the figures of `lightcull bench --meshlets`. */
#ifndef LC_MESHLET_SCENE_H
#define LC_MESHLET_SCENE_H

#include "geometry/meshlet_build.h"

typedef struct lc_meshlet_stats {
    uint32_t meshes, meshlets, sublets;
    uint64_t input_triangles, triangles, degenerate, source_degenerate, vertices; /* vertices: decoded (per sublet) */
    uint64_t plain_bytes;      /* the input as drawn today: lc_vertex array + 32-bit indices */
    uint64_t compressed_bytes; /* headers + streams + payload */
    uint64_t stream_bits[LC_MESHLET_STREAM_COUNT];
} lc_meshlet_stats;

/* One mesh's part of the scene's encoded stream and of its decoded buffers. */
typedef struct lc_meshlet_range {
    uint32_t first_meshlet, meshlet_count;
    uint32_t first_triangle, triangle_count; /* decoded triangles */
    uint32_t first_vertex, vertex_count;     /* decoded vertices */
    uint32_t material;
    lc_meshlet_quant quant; /* the position exponent is the scene's, the UV exponent the mesh's */
} lc_meshlet_range;

typedef struct lc_meshlet_scene {
    lc_meshlet_encoded enc;
    /* Sublet k of meshlet m: bounds[enc.headers[m].stream_offset / LC_MESHLET_STREAM_COUNT + k]. */
    lc_meshlet_bounds *bounds;     /* [enc.sublet_count] */
    lc_meshlet_bounds *bounds_256; /* [enc.meshlet_count] */
    uint32_t *vertex_remap;        /* [enc.vertex_count]: decoded vertex -> scene vertex (mesh first_vertex + local) */
    lc_meshlet_range *ranges;      /* [range_count], one per scene mesh, in mesh order */
    uint32_t range_count;
    lc_meshlet_stats stats;
} lc_meshlet_scene;

/* One position exponent for every mesh (each in its own local space). Degenerate triangles are dropped with one warning for the scene. */
lc_status lc_meshlet_scene_build(const lc_scene *scene, lc_meshlet_scene *out);
void lc_meshlet_scene_destroy(lc_meshlet_scene *ms);

#endif
