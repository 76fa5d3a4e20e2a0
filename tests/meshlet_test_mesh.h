/* Generated meshes for the meshlet tests (test_meshlet_codec.c, test_gpu_meshlet_decode.c):
 * a bumpy grid of nx * ny quads (2 * nx * ny triangles, (nx + 1) * (ny + 1) vertices) with
 * UVs beyond [0, 1], optionally wrapped into a closed sphere-like shape (normals in every
 * direction, for the cone tests); random unit tangents with mixed bitangent signs. Grids get
 * vertex colours of every byte value (a hash of the vertex, so the random sequence the other
 * attributes draw stays as it was); spheres stay white, the usual mesh, whose colour stream
 * is empty. */
#ifndef LC_MESHLET_TEST_MESH_H
#define LC_MESHLET_TEST_MESH_H

#include <math.h>
#include <stdlib.h>

#include "common.h"
#include "scene/scene.h"
#include "test_util.h"

typedef struct test_mesh {
    lc_vertex *v;
    uint32_t *idx;
    uint32_t vertex_count, index_count;
} test_mesh;

static inline test_mesh test_mesh_grid(uint32_t nx, uint32_t ny, float scale, float offset, int sphere)
{
    test_mesh m;
    m.vertex_count = (nx + 1) * (ny + 1);
    m.index_count = nx * ny * 6;
    m.v = lc_calloc(m.vertex_count, sizeof *m.v);
    m.idx = lc_calloc(m.index_count ? m.index_count : 1, sizeof *m.idx);
    for (uint32_t y = 0; y <= ny; y++)
        for (uint32_t x = 0; x <= nx; x++) {
            lc_vertex *v = &m.v[y * (nx + 1) + x];
            float u = (float)x / (float)nx, w = (float)y / (float)ny;
            if (sphere) {
                float th = u * 6.2831853f, ph = w * 3.1415926f;
                float n[3] = {sinf(ph) * cosf(th), cosf(ph), sinf(ph) * sinf(th)};
                for (int c = 0; c < 3; c++) {
                    v->position[c] = offset + scale * n[c] * (1.0f + 0.05f * sinf(7.0f * u + 3.0f * w));
                    v->normal[c] = n[c];
                }
            } else {
                v->position[0] = offset + scale * u;
                v->position[1] = offset + scale * 0.1f * sinf(9.0f * u) * cosf(5.0f * w);
                v->position[2] = offset + scale * w;
                v->normal[0] = lc_test_rnd(-0.3f, 0.3f);
                v->normal[1] = 1.0f;
                v->normal[2] = lc_test_rnd(-0.3f, 0.3f);
            }
            v->uv[0] = -3.0f + 7.5f * u;
            v->uv[1] = 0.25f + 2.0f * w * w;
            /* Tangents in every direction around the normal, both bitangent signs mixed in
             * every sublet (the sign bit's per-vertex path). */
            for (int c = 0; c < 3; c++) v->tangent[c] = lc_test_rnd(-1.0f, 1.0f);
            v->tangent[3] = lc_test_rnd(-1.0f, 1.0f) < 0.0f ? -1.0f : 1.0f;
            lc_vertex_fix_tangent(v);
            uint32_t h = (x * 0x9e3779b1u) ^ (y * 0x85ebca77u) ^ (nx << 20) ^ ny;
            h ^= h >> 15;
            h *= 0x2c1b3c6du;
            h ^= h >> 13;
            v->color = sphere ? LC_VERTEX_WHITE : h;
        }
    uint32_t *o = m.idx;
    for (uint32_t y = 0; y < ny; y++)
        for (uint32_t x = 0; x < nx; x++) {
            uint32_t a = y * (nx + 1) + x, b = a + 1, c = a + nx + 1, d = c + 1;
            /* Counter-clockwise seen from the normals' side. */
            if (sphere) {
                *o++ = a; *o++ = b; *o++ = c;
                *o++ = b; *o++ = d; *o++ = c;
            } else {
                *o++ = a; *o++ = c; *o++ = b;
                *o++ = b; *o++ = c; *o++ = d;
            }
        }
    return m;
}

static inline void test_mesh_free(test_mesh *m)
{
    free(m->v);
    free(m->idx);
}

#endif
