/* Per-vertex tangents for normal mapping: the clean-up every source goes through (files' and
 * assimp's tangents may be unnormalized, skewed against the normal or non-finite), and a
 * UV-derived tangent frame for the procedural meshes. */
#include "scene/scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double dot3d(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Any unit vector perpendicular to the unit n: the cross product with the axis n is least
 * aligned with. */
static void any_perpendicular(const double n[3], double t[3])
{
    double ax = fabs(n[0]), ay = fabs(n[1]), az = fabs(n[2]);
    double a[3] = {0.0, 0.0, 0.0};
    a[ax <= ay && ax <= az ? 0 : (ay <= az ? 1 : 2)] = 1.0;
    t[0] = a[1] * n[2] - a[2] * n[1];
    t[1] = a[2] * n[0] - a[0] * n[2];
    t[2] = a[0] * n[1] - a[1] * n[0];
    double l = sqrt(dot3d(t, t));
    for (int c = 0; c < 3; c++) t[c] /= l;
}

void lc_vertex_fix_tangent(lc_vertex *v)
{
    double n[3] = {v->normal[0], v->normal[1], v->normal[2]};
    double nl = sqrt(dot3d(n, n));
    if (!(nl > 1e-30) || !isfinite(nl)) {
        n[0] = 0.0, n[1] = 1.0, n[2] = 0.0; /* the importer's default normal */
    } else {
        for (int c = 0; c < 3; c++) n[c] /= nl;
    }
    double t[3] = {v->tangent[0], v->tangent[1], v->tangent[2]};
    bool ok = isfinite(t[0]) && isfinite(t[1]) && isfinite(t[2]);
    if (ok) {
        double d = dot3d(t, n);
        for (int c = 0; c < 3; c++) t[c] -= d * n[c];
        double tl = sqrt(dot3d(t, t));
        ok = tl > 1e-12 && isfinite(tl);
        if (ok)
            for (int c = 0; c < 3; c++) t[c] /= tl;
    }
    if (!ok) any_perpendicular(n, t);
    for (int c = 0; c < 3; c++) v->tangent[c] = (float)t[c];
    v->tangent[3] = ok && v->tangent[3] < 0.0f ? -1.0f : 1.0f;
}

void lc_mesh_compute_tangents(lc_vertex *vertices, uint32_t vertex_count, const uint32_t *indices, uint32_t index_count)
{
    /* Per vertex, the sum of its triangles' dP/du (the tangent) and dP/dv (only its side of
     * cross(n, t) matters: the sign). Unweighted sums, as smooth UV mappings need no more. */
    double *acc = lc_calloc((size_t)vertex_count * 6 + 1, sizeof *acc); /* dP/du, dP/dv */
    for (uint32_t i = 0; i + 2 < index_count; i += 3) {
        const uint32_t k[3] = {indices[i], indices[i + 1], indices[i + 2]};
        if (k[0] >= vertex_count || k[1] >= vertex_count || k[2] >= vertex_count) continue;
        const lc_vertex *a = &vertices[k[0]], *b = &vertices[k[1]], *c = &vertices[k[2]];
        double e1[3], e2[3];
        for (int j = 0; j < 3; j++) {
            e1[j] = (double)b->position[j] - a->position[j];
            e2[j] = (double)c->position[j] - a->position[j];
        }
        double du1 = (double)b->uv[0] - a->uv[0], dv1 = (double)b->uv[1] - a->uv[1];
        double du2 = (double)c->uv[0] - a->uv[0], dv2 = (double)c->uv[1] - a->uv[1];
        double det = du1 * dv2 - du2 * dv1;
        if (!(fabs(det) > 1e-20) || !isfinite(det)) continue; /* no UV area: no direction */
        double r = 1.0 / det, su[3], sv[3];
        for (int j = 0; j < 3; j++) {
            su[j] = (e1[j] * dv2 - e2[j] * dv1) * r;
            sv[j] = (e2[j] * du1 - e1[j] * du2) * r;
        }
        for (int q = 0; q < 3; q++)
            for (int j = 0; j < 3; j++) {
                acc[(size_t)k[q] * 6 + j] += su[j];
                acc[(size_t)k[q] * 6 + 3 + j] += sv[j];
            }
    }
    for (uint32_t i = 0; i < vertex_count; i++) {
        lc_vertex *v = &vertices[i];
        const double *su = &acc[(size_t)i * 6], *sv = su + 3;
        for (int j = 0; j < 3; j++) v->tangent[j] = (float)su[j];
        /* The bitangent points to decreasing v (a normal map's +Y is up in the image):
         * w = -1 when cross(n, t) runs along +v. */
        double n[3] = {v->normal[0], v->normal[1], v->normal[2]};
        double b[3] = {n[1] * su[2] - n[2] * su[1], n[2] * su[0] - n[0] * su[2], n[0] * su[1] - n[1] * su[0]};
        v->tangent[3] = dot3d(b, sv) > 0.0 ? -1.0f : 1.0f;
        lc_vertex_fix_tangent(v);
    }
    free(acc);
}
