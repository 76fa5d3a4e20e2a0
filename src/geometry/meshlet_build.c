#include "geometry/meshlet_build.h"

#include <math.h>
#include <meshoptimizer.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(struct meshopt_Meshlet) == sizeof(lc_meshlet_sublet), "lc_meshlet_sublet mirrors meshopt_Meshlet");

static bool finite_vertex(const lc_vertex *v)
{
    for (int c = 0; c < 3; c++)
        if (!isfinite(v->position[c]) || !isfinite(v->normal[c]) || !isfinite(v->tangent[c])) return false;
    return isfinite(v->uv[0]) && isfinite(v->uv[1]) && isfinite(v->tangent[3]);
}

/* Whether the cross product of two edges is zero; exact for the integer grid (edges below
 * 2^17, products below 2^34, all exact in double) and for float inputs up to rounding. */
static bool zero_cross(const double e1[3], const double e2[3])
{
    return e1[1] * e2[2] - e1[2] * e2[1] == 0.0 && e1[2] * e2[0] - e1[0] * e2[2] == 0.0 &&
           e1[0] * e2[1] - e1[1] * e2[0] == 0.0;
}

bool lc_meshlet_degenerate(const lc_meshlet_qvertex *a, const lc_meshlet_qvertex *b, const lc_meshlet_qvertex *c)
{
    double e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = (double)b->position[k] - a->position[k];
        e2[k] = (double)c->position[k] - a->position[k];
    }
    return zero_cross(e1, e2);
}

/* Zero area in the input's float positions (cross product exactly zero, in double). */
static bool source_degenerate(const lc_vertex *a, const lc_vertex *b, const lc_vertex *c)
{
    return lc_triangle_zero_area(a->position, b->position, c->position);
}

/* meshopt's sphere is computed in float and may miss a vertex by a rounding error far from
 * the origin; the radius is made to cover every vertex in double precision, rounded up. */
static lc_meshlet_bounds to_bounds(struct meshopt_Bounds b, const uint32_t *vertices, uint32_t count, const float *pos)
{
    double r = b.radius;
    for (uint32_t i = 0; i < count; i++) {
        const float *p = &pos[vertices[i] * 3];
        double d[3] = {(double)p[0] - b.center[0], (double)p[1] - b.center[1], (double)p[2] - b.center[2]};
        r = fmax(r, sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
    }
    b.radius = (float)r;
    if ((double)b.radius < r) b.radius = nextafterf(b.radius, INFINITY);
    return (lc_meshlet_bounds){
        .sphere = {b.center[0], b.center[1], b.center[2], b.radius},
        .cone_apex = {b.cone_apex[0], b.cone_apex[1], b.cone_apex[2], b.cone_cutoff},
        .cone_axis = {b.cone_axis[0], b.cone_axis[1], b.cone_axis[2], 0.0f},
    };
}

lc_status lc_meshlet_build(const lc_meshlet_desc *desc, lc_meshlet_mesh *out)
{
    memset(out, 0, sizeof *out);
    const char *name = desc->name ? desc->name : "mesh";
    const lc_vertex *v = desc->vertices;
    uint32_t nv = desc->vertex_count, ni = desc->index_count;
    if ((nv && !v) || (ni && !desc->indices)) {
        lc_error("%s: a count is set but its array is missing", name);
        return LC_ERR_INPUT;
    }
    if (ni % 3 != 0) {
        lc_error("%s: %u indices, not a whole number of triangles", name, ni);
        return LC_ERR_INPUT;
    }
    for (uint32_t i = 0; i < ni; i++)
        if (desc->indices[i] >= nv) {
            lc_error("%s: index %u is %u but there are only %u vertices", name, i, desc->indices[i], nv);
            return LC_ERR_INPUT;
        }
    for (uint32_t i = 0; i < nv; i++)
        if (!finite_vertex(&v[i])) {
            lc_error("%s: vertex %u has a NaN or infinite position, normal, UV or tangent; the mesh is refused", name, i);
            return LC_ERR_INPUT;
        }

    /* Clusters and bounds are made from the quantized positions: those are what is drawn. */
    lc_meshlet_quant q = lc_meshlet_quant_choose(v, nv, desc->position_extent);
    lc_meshlet_qvertex *qv = lc_alloc((size_t)(nv ? nv : 1) * sizeof *qv);
    float *pos = lc_alloc((size_t)(nv ? nv : 1) * 3 * sizeof *pos);
    for (uint32_t i = 0; i < nv; i++) {
        lc_vertex d;
        lc_meshlet_quantize(&q, &v[i], &qv[i]);
        lc_meshlet_dequantize(&q, &qv[i], &d);
        memcpy(&pos[i * 3], d.position, sizeof d.position);
    }

    uint32_t *kept = lc_alloc((size_t)(ni ? ni : 3) * sizeof *kept), nk = 0;
    for (uint32_t t = 0; t < ni; t += 3) {
        const uint32_t *tri = &desc->indices[t];
        if (lc_meshlet_degenerate(&qv[tri[0]], &qv[tri[1]], &qv[tri[2]])) {
            out->degenerate_count++;
            if (source_degenerate(&v[tri[0]], &v[tri[1]], &v[tri[2]])) out->source_degenerate_count++;
            continue;
        }
        memcpy(&kept[nk], tri, 3 * sizeof *tri);
        nk += 3;
    }
    /* Triangles of zero area in the input are bad data (a warning); the ones that only collapse
     * once quantized are too small for the position grid and are counted, not warned about. */
    if (out->source_degenerate_count && !desc->quiet)
        lc_warn("%s: dropped %u degenerate triangles (zero area)", name, out->source_degenerate_count);

    size_t max_sublets = nk ? meshopt_buildMeshletsBound(nk, LC_MESHLET_SUBLET_SIZE, LC_MESHLET_SUBLET_SIZE) : 0;
    lc_meshlet_sublet *sublets = lc_alloc((max_sublets ? max_sublets : 1) * sizeof *sublets);
    uint32_t *sublet_vertices = lc_alloc((max_sublets ? max_sublets : 1) * LC_MESHLET_SUBLET_SIZE * sizeof(uint32_t));
    uint8_t *sublet_triangles = lc_alloc((max_sublets ? max_sublets : 1) * LC_MESHLET_SUBLET_SIZE * 3);
    float cone_weight = desc->cone_weight == 0.0f ? 0.25f : LC_MAX(desc->cone_weight, 0.0f);
    size_t ns = nk ? meshopt_buildMeshlets((struct meshopt_Meshlet *)sublets, sublet_vertices, sublet_triangles, kept, nk,
                                           pos, nv, 3 * sizeof(float), LC_MESHLET_SUBLET_SIZE, LC_MESHLET_SUBLET_SIZE,
                                           cone_weight)
                   : 0;

    lc_meshlet_encode(&q, qv, sublets, (uint32_t)ns, sublet_vertices, sublet_triangles, &out->enc);

    out->bounds = lc_alloc((ns ? ns : 1) * sizeof *out->bounds);
    out->bounds_256 = lc_alloc((out->enc.meshlet_count ? out->enc.meshlet_count : 1) * sizeof *out->bounds_256);
    out->vertex_remap = lc_alloc((out->enc.vertex_count ? out->enc.vertex_count : 1) * sizeof *out->vertex_remap);
    uint32_t mv[LC_MESHLET_SIZE], done = 0;
    uint8_t mt[LC_MESHLET_SIZE * 3];
    for (uint32_t m = 0; m < out->enc.meshlet_count; m++) {
        /* A meshlet's vertex list is its sublets' lists one after another (at most 256, so
         * meshlet-local numbers fit meshopt's bytes). */
        uint32_t vc = 0, tc = 0;
        for (uint32_t k = 0; k < out->enc.headers[m].sublet_count; k++) {
            uint32_t s = m * LC_MESHLET_SUBLETS + k;
            const lc_meshlet_sublet *sl = &sublets[s];
            const uint32_t *svl = &sublet_vertices[sl->vertex_offset];
            out->bounds[s] = to_bounds(meshopt_computeMeshletBounds(svl, &sublet_triangles[sl->triangle_offset],
                                                                    sl->triangle_count, pos, nv, 3 * sizeof(float)),
                                       svl, sl->vertex_count, pos);
            for (uint32_t t = 0; t < sl->triangle_count * 3; t++)
                mt[tc++] = (uint8_t)(vc + sublet_triangles[sl->triangle_offset + t]);
            memcpy(&mv[vc], &sublet_vertices[sl->vertex_offset], sl->vertex_count * sizeof *mv);
            memcpy(&out->vertex_remap[done], &sublet_vertices[sl->vertex_offset], sl->vertex_count * sizeof *mv);
            vc += sl->vertex_count;
            done += sl->vertex_count;
        }
        out->bounds_256[m] = to_bounds(meshopt_computeMeshletBounds(mv, mt, tc / 3, pos, nv, 3 * sizeof(float)), mv, vc, pos);
    }

    free(qv);
    free(pos);
    free(kept);
    free(sublets);
    free(sublet_vertices);
    free(sublet_triangles);
    return LC_OK;
}

void lc_meshlet_mesh_destroy(lc_meshlet_mesh *m)
{
    lc_meshlet_encoded_destroy(&m->enc);
    free(m->bounds);
    free(m->bounds_256);
    free(m->vertex_remap);
    memset(m, 0, sizeof *m);
}
