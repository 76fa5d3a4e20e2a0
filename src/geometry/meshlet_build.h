/* Meshlets at import: one mesh (plain vertex and index arrays) quantized, cut into 32/32
 * sublets with meshoptimizer, grouped 8 to a 256-meshlet, bounded (sphere and back-face cone
 * per sublet and per meshlet) and encoded into the compressed runtime format
 * (meshlet_codec.h). Degenerate triangles (zero area once quantized) are dropped; a mesh with
 * a non-finite attribute or an index out of range is refused with one error line. */
#ifndef LC_MESHLET_BUILD_H
#define LC_MESHLET_BUILD_H

#include "geometry/meshlet_codec.h"

typedef struct lc_meshlet_desc {
    const lc_vertex *vertices;
    uint32_t vertex_count;
    const uint32_t *indices; /* into vertices; a multiple of 3 */
    uint32_t index_count;
    float position_extent; /* 0: the mesh's own largest |coordinate|; larger: one exponent for many meshes */
    float cone_weight;     /* meshopt's cluster shape vs cone tightness; 0: 0.25, < 0: 0 */
    bool quiet;            /* no warning for dropped triangles (the caller sums degenerate_count) */
    const char *name;      /* for messages; NULL: "mesh" */
} lc_meshlet_desc;

typedef struct lc_meshlet_mesh {
    lc_meshlet_encoded enc;
    lc_meshlet_bounds *bounds;     /* [enc.sublet_count] */
    lc_meshlet_bounds *bounds_256; /* [enc.meshlet_count] */
    uint32_t *vertex_remap;        /* [enc.vertex_count]: decoded vertex -> input vertex */
    uint32_t degenerate_count;     /* triangles dropped: zero area once quantized */
    uint32_t source_degenerate_count; /* of those, zero area in the input already (warned about) */
} lc_meshlet_mesh;

/* LC_ERR_INPUT (one lc_error line) for NaN/infinite attributes, indices out of range or a
 * partial triangle. A mesh left with no triangles gives zero meshlets. */
lc_status lc_meshlet_build(const lc_meshlet_desc *desc, lc_meshlet_mesh *out);
void lc_meshlet_mesh_destroy(lc_meshlet_mesh *m);

/* Whether triangle (a, b, c) has zero area once quantized (the builder drops those). */
bool lc_meshlet_degenerate(const lc_meshlet_qvertex *a, const lc_meshlet_qvertex *b, const lc_meshlet_qvertex *c);

#endif
