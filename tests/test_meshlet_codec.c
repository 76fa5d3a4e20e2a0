/* Meshlet build, codec and scene on the CPU: the CPU decoder reproduces the quantized mesh exactly
 * and it lies within a quantization step of the input; every non-degenerate input triangle
 * comes out exactly once (winding kept); the format's limits hold (32/32 sublets, 8 per
 * meshlet, no 13..15-bit three-component streams); bounds contain their triangles; back-face
 * cones are conservative; appending meshes decodes as the meshes one after another; bad
 * input is refused with LC_ERR_INPUT; the default hall as a meshlet scene keeps every mesh's
 * triangles, material and bounds. */
#include "geometry/meshlet_build.h"
#include "geometry/meshlet_scene.h"
#include "meshlet_test_mesh.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decoded tangents against the input: the octahedral grid of 1/127 with the second component
 * at 2/127 (its lowest bit is the sign) moved them by at most 1.4 degrees on the test meshes. */
#define TANGENT_DEG 2.0

typedef struct tri { uint32_t v[3]; } tri;

/* Rotation that puts the smallest vertex first: the same triangle, the same winding. */
static tri canonical(uint32_t a, uint32_t b, uint32_t c)
{
    if (b < a && b < c) return (tri){{b, c, a}};
    if (c < a && c < b) return (tri){{c, a, b}};
    return (tri){{a, b, c}};
}

static int tri_cmp(const void *pa, const void *pb)
{
    const tri *a = pa, *b = pb;
    for (int k = 0; k < 3; k++)
        if (a->v[k] != b->v[k]) return a->v[k] < b->v[k] ? -1 : 1;
    return 0;
}

/* Zero area in double precision on the quantized positions (independent of the builder's
 * integer test). */
static bool zero_area(const lc_vertex *q, const uint32_t *t)
{
    double e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = (double)q[t[1]].position[k] - q[t[0]].position[k];
        e2[k] = (double)q[t[2]].position[k] - q[t[0]].position[k];
    }
    return e1[1] * e2[2] - e1[2] * e2[1] == 0.0 && e1[2] * e2[0] - e1[0] * e2[2] == 0.0 &&
           e1[0] * e2[1] - e1[1] * e2[0] == 0.0;
}

static void sub3(const float *a, const float *b, double *o)
{
    for (int k = 0; k < 3; k++) o[k] = (double)a[k] - b[k];
}

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double *a, const double *b, double *o)
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

/* Sphere contains every vertex of triangles [t0, t1) (decoded, so quantized positions). */
static void check_sphere(const char *name, const lc_meshlet_bounds *b, const lc_vertex *dv, const uint32_t *di,
                         uint32_t t0, uint32_t t1)
{
    double worst = 0.0;
    for (uint32_t t = t0; t < t1; t++)
        for (int k = 0; k < 3; k++) {
            const float *p = dv[di[t * 3 + k]].position;
            double d[3] = {p[0] - (double)b->sphere.x, p[1] - (double)b->sphere.y, p[2] - (double)b->sphere.z};
            worst = fmax(worst, sqrt(dot3(d, d)) - b->sphere.w);
        }
    CHECK_MSG(worst <= 0.0, "%s: a vertex lies %g outside its bounding sphere", name, worst);
}

/* Cone test from eyes around the sphere: when it culls, every triangle must face away. */
static uint32_t check_cone(const char *name, const lc_meshlet_bounds *b, const lc_vertex *dv, const uint32_t *di,
                           uint32_t t0, uint32_t t1)
{
    uint32_t culled = 0;
    for (int e = 0; e < 64; e++) {
        double dir[3] = {lc_test_rnd(-1, 1), lc_test_rnd(-1, 1), lc_test_rnd(-1, 1)};
        double dist = b->sphere.w * lc_test_rnd(1.05f, 6.0f) / fmax(sqrt(dot3(dir, dir)), 1e-3);
        float eye[3] = {b->sphere.x + (float)(dir[0] * dist), b->sphere.y + (float)(dir[1] * dist),
                        b->sphere.z + (float)(dir[2] * dist)};
        double to_apex[3] = {b->cone_apex.x - (double)eye[0], b->cone_apex.y - (double)eye[1], b->cone_apex.z - (double)eye[2]};
        double axis[3] = {b->cone_axis.x, b->cone_axis.y, b->cone_axis.z};
        if (dot3(to_apex, axis) < b->cone_apex.w * sqrt(dot3(to_apex, to_apex))) continue;
        culled++;
        for (uint32_t t = t0; t < t1; t++) {
            const float *p0 = dv[di[t * 3]].position, *p1 = dv[di[t * 3 + 1]].position, *p2 = dv[di[t * 3 + 2]].position;
            double e1[3], e2[3], n[3], view[3];
            sub3(p1, p0, e1);
            sub3(p2, p0, e2);
            cross3(e1, e2, n);
            sub3(p0, eye, view);
            double facing = dot3(view, n) / (sqrt(dot3(n, n)) * sqrt(dot3(view, view)));
            CHECK_MSG(facing >= -1e-3, "%s: the cone culls triangle %u, which faces the eye (cos %g)", name, t, facing);
        }
    }
    return culled;
}

typedef struct case_result { uint32_t triangles, meshlets, sublets, cone_culls; } case_result;

static case_result check_mesh(const char *name, const test_mesh *m, uint32_t expect_degenerate)
{
    case_result res = {0};
    lc_meshlet_mesh mm;
    lc_meshlet_desc d = {.vertices = m->v, .vertex_count = m->vertex_count, .indices = m->idx,
                         .index_count = m->index_count, .name = name, .quiet = true};
    CHECK(lc_meshlet_build(&d, &mm) == LC_OK);
    const lc_meshlet_encoded *e = &mm.enc;
    printf("  %-22s %6u tris -> %4u meshlets %5u sublets %6u vertices, %u dropped, %.1f bytes/tri\n", name,
           m->index_count / 3, e->meshlet_count, e->sublet_count, e->vertex_count, mm.degenerate_count,
           e->triangle_count ? (double)lc_meshlet_encoded_bytes(e) / e->triangle_count : 0.0);
    res.triangles = e->triangle_count;
    res.meshlets = e->meshlet_count;
    res.sublets = e->sublet_count;

    /* The quantized input and the triangles that must survive. */
    lc_vertex *qin = lc_calloc(m->vertex_count + 1, sizeof *qin);
    lc_meshlet_quant q = e->quant;
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        lc_meshlet_qvertex qv;
        lc_meshlet_quantize(&q, &m->v[i], &qv);
        lc_meshlet_dequantize(&q, &qv, &qin[i]);
    }
    uint32_t nin = 0, ndeg = 0;
    tri *want = lc_calloc(m->index_count / 3 + 1, sizeof *want);
    for (uint32_t t = 0; t < m->index_count / 3; t++) {
        if (zero_area(qin, &m->idx[t * 3])) {
            ndeg++;
            continue;
        }
        want[nin++] = canonical(m->idx[t * 3], m->idx[t * 3 + 1], m->idx[t * 3 + 2]);
    }
    CHECK_MSG(mm.degenerate_count == ndeg, "%s: %u dropped, %u have zero area", name, mm.degenerate_count, ndeg);
    if (expect_degenerate != UINT32_MAX)
        CHECK_MSG(mm.degenerate_count == expect_degenerate, "%s: %u dropped, %u degenerate made", name,
                  mm.degenerate_count, expect_degenerate);
    CHECK_MSG(e->triangle_count == nin, "%s: %u triangles encoded, %u wanted", name, e->triangle_count, nin);

    /* Format limits. */
    for (uint32_t mi = 0; mi < e->meshlet_count; mi++) {
        const lc_meshlet_header *h = &e->headers[mi];
        CHECK(h->sublet_count >= 1 && h->sublet_count <= LC_MESHLET_SUBLETS);
        CHECK(mi + 1 == e->meshlet_count || h->sublet_count == LC_MESHLET_SUBLETS);
        uint32_t mv = 0, mt = 0;
        for (uint32_t k = 0; k < h->sublet_count; k++) {
            const lc_meshlet_stream *st = &e->streams[h->stream_offset + k * LC_MESHLET_STREAM_COUNT];
            CHECK(st[0].base_value[0] >= 1 && st[0].base_value[0] <= 32 && st[0].base_value[1] <= 32);
            uint32_t pb = st[LC_MESHLET_STREAM_POSITION].bits & LC_MESHLET_BITS_MASK;
            CHECK_MSG(pb <= 12 || pb == 16, "%s: a position stream of %u bits", name, pb);
            CHECK((st[LC_MESHLET_STREAM_NORMAL].bits & LC_MESHLET_BITS_MASK) <= 8);
            CHECK((st[LC_MESHLET_STREAM_UV].bits & LC_MESHLET_BITS_MASK) <= 16);
            mt += st[0].base_value[0];
            mv += st[0].base_value[1];
        }
        CHECK(mv <= LC_MESHLET_SIZE && mt <= LC_MESHLET_SIZE);
    }

    /* Decode: exactly the quantized mesh, within a step of the input. */
    lc_vertex *dv = lc_calloc(e->vertex_count + 1, sizeof *dv);
    uint32_t *di = lc_calloc((size_t)e->triangle_count * 3 + 1, sizeof *di);
    uint8_t *d8 = lc_calloc((size_t)e->triangle_count * 3 + 1, 1);
    lc_meshlet_decode_cpu(e, dv, di, d8);
    /* 8-bit indices: the 32-bit ones less their meshlet's first vertex, inside the meshlet. */
    uint32_t bad8 = 0;
    for (uint32_t mi = 0; mi < e->meshlet_count; mi++) {
        const lc_meshlet_header *h = &e->headers[mi];
        uint32_t t_end = mi + 1 < e->meshlet_count ? e->headers[mi + 1].primitive_offset : e->triangle_count;
        uint32_t v_end = mi + 1 < e->meshlet_count ? e->headers[mi + 1].vertex_offset : e->vertex_count;
        for (uint32_t j = h->primitive_offset * 3; j < t_end * 3; j++)
            bad8 += d8[j] + h->vertex_offset != di[j] || di[j] >= v_end;
    }
    CHECK_MSG(bad8 == 0, "%s: %u 8-bit indices disagree with the 32-bit ones", name, bad8);
    double pos_step = ldexp(1.0, q.position_exponent), uv_step = ldexp(1.0, q.uv_exponent - 1);
    uint32_t inexact = 0, far = 0, bent = 0, tbent = 0, flipped = 0;
    double tangent_worst = 0.0;
    for (uint32_t j = 0; j < e->vertex_count; j++) {
        uint32_t src = mm.vertex_remap[j];
        if (memcmp(&dv[j], &qin[src], sizeof dv[j]) != 0) inexact++;
        const lc_vertex *in = &m->v[src];
        for (int c = 0; c < 3; c++)
            if (fabs((double)dv[j].position[c] - in->position[c]) > pos_step * 0.5) far++;
        for (int c = 0; c < 2; c++)
            if (fabs((double)dv[j].uv[c] - in->uv[c]) > uv_step * 0.5 + fabs(in->uv[c]) * 1.2e-7) far++;
        double a[3] = {dv[j].normal[0], dv[j].normal[1], dv[j].normal[2]}, b[3] = {in->normal[0], in->normal[1], in->normal[2]};
        if (dot3(a, b) / sqrt(dot3(a, a) * dot3(b, b)) < cos(2.0 * 3.14159265 / 180.0)) bent++;
        double ta[3] = {dv[j].tangent[0], dv[j].tangent[1], dv[j].tangent[2]};
        double tb[3] = {in->tangent[0], in->tangent[1], in->tangent[2]};
        double tcos = dot3(ta, tb) / sqrt(dot3(ta, ta) * dot3(tb, tb));
        tangent_worst = fmax(tangent_worst, acos(fmin(tcos, 1.0)) * 180.0 / 3.14159265);
        if (tcos < cos(TANGENT_DEG * 3.14159265 / 180.0)) tbent++;
        if (dv[j].tangent[3] != in->tangent[3]) flipped++;
    }
    CHECK_MSG(tbent == 0, "%s: %u tangents more than %.1f degrees off (worst %.2f)", name, tbent, TANGENT_DEG, tangent_worst);
    CHECK_MSG(flipped == 0, "%s: %u bitangent signs lost", name, flipped);
    printf("  %-22s tangents within %.2f degrees, signs exact\n", name, tangent_worst);
    CHECK_MSG(inexact == 0, "%s: %u decoded vertices differ from the quantized mesh", name, inexact);
    CHECK_MSG(far == 0, "%s: %u components beyond half a quantization step", name, far);
    CHECK_MSG(bent == 0, "%s: %u normals more than 2 degrees off", name, bent);
    /* Vertex colours are lossless; a mesh of one colour costs no colour bits. */
    uint32_t recoloured = 0, white = 1;
    for (uint32_t j = 0; j < e->vertex_count; j++) {
        recoloured += dv[j].color != m->v[mm.vertex_remap[j]].color;
        white &= dv[j].color == LC_VERTEX_WHITE;
    }
    CHECK_MSG(recoloured == 0, "%s: %u vertex colours changed", name, recoloured);
    if (white) CHECK_MSG(e->stream_bits[LC_MESHLET_STREAM_COLOR] == 0, "%s: white vertices cost %llu colour bits", name,
                         (unsigned long long)e->stream_bits[LC_MESHLET_STREAM_COLOR]);
    else CHECK_MSG(e->stream_bits[LC_MESHLET_STREAM_COLOR] > 0, "%s: coloured vertices cost no colour bits", name);

    /* Every surviving triangle exactly once, winding kept. */
    tri *got = lc_calloc(e->triangle_count + 1, sizeof *got);
    for (uint32_t t = 0; t < e->triangle_count; t++) {
        uint32_t a = di[t * 3], b = di[t * 3 + 1], c = di[t * 3 + 2];
        CHECK(a < e->vertex_count && b < e->vertex_count && c < e->vertex_count);
        got[t] = canonical(mm.vertex_remap[a % e->vertex_count], mm.vertex_remap[b % e->vertex_count],
                           mm.vertex_remap[c % e->vertex_count]);
    }
    qsort(want, nin, sizeof *want, tri_cmp);
    qsort(got, e->triangle_count, sizeof *got, tri_cmp);
    CHECK_MSG(nin == e->triangle_count && memcmp(want, got, nin * sizeof *want) == 0,
              "%s: the decoded triangles are not the input's", name);

    /* Bounds and cones, per sublet and per meshlet. */
    uint32_t t0 = 0;
    for (uint32_t mi = 0; mi < e->meshlet_count; mi++) {
        const lc_meshlet_header *h = &e->headers[mi];
        uint32_t mt0 = t0;
        for (uint32_t k = 0; k < h->sublet_count; k++) {
            uint32_t nt = e->streams[h->stream_offset + k * LC_MESHLET_STREAM_COUNT].base_value[0];
            check_sphere(name, &mm.bounds[mi * LC_MESHLET_SUBLETS + k], dv, di, t0, t0 + nt);
            res.cone_culls += check_cone(name, &mm.bounds[mi * LC_MESHLET_SUBLETS + k], dv, di, t0, t0 + nt);
            t0 += nt;
        }
        check_sphere(name, &mm.bounds_256[mi], dv, di, mt0, t0);
        res.cone_culls += check_cone(name, &mm.bounds_256[mi], dv, di, mt0, t0);
    }

    free(qin);
    free(want);
    free(got);
    free(dv);
    free(di);
    free(d8);
    lc_meshlet_mesh_destroy(&mm);
    return res;
}

/* A grid with degenerate triangles mixed in: repeated indices, a coincident vertex, three
 * collinear points. */
static void test_degenerates(void)
{
    test_mesh m = test_mesh_grid(9, 7, 2.0f, 0.0f, 0);
    uint32_t nv = m.vertex_count, ni = m.index_count;
    m.v = lc_realloc(m.v, (nv + 4) * sizeof *m.v);
    m.idx = lc_realloc(m.idx, (ni + 5 * 3) * sizeof *m.idx);
    m.v[nv] = m.v[5]; /* coincident with vertex 5 */
    for (int k = 0; k < 3; k++) {
        m.v[nv + 1 + k] = m.v[0];
        m.v[nv + 1 + k].position[0] = 0.5f * (float)k; /* (0,y,z) (0.5,y,z) (1,y,z) */
        m.v[nv + 1 + k].position[1] = 0.25f;
        m.v[nv + 1 + k].position[2] = 0.75f;
    }
    uint32_t extra[15] = {3, 3, 4, 7, 8, 8, 5, nv, 9, nv + 1, nv + 2, nv + 3, 10, 10, 10};
    memcpy(m.idx + ni, extra, sizeof extra);
    m.vertex_count = nv + 4;
    m.index_count = ni + 15;
    case_result r = check_mesh("grid with 5 degenerate", &m, 5);
    CHECK(r.triangles == ni / 3);
    test_mesh_free(&m);
}

static void test_shapes(void)
{
    struct { const char *name; uint32_t nx, ny; float scale, offset; int sphere; } cases[] = {
        {"grid 3x2 (12 tris)", 3, 2, 1.0f, 0.0f, 0},
        {"grid 16x8 (256 tris)", 16, 8, 4.0f, -1.0f, 0},
        {"grid 37x23", 37, 23, 30.0f, 0.0f, 0},
        {"grid far from origin", 20, 20, 3.0f, 1000.0f, 0},
        {"tiny grid", 11, 5, 1e-3f, 0.0f, 0},
        {"sphere 24x12", 24, 12, 2.0f, 0.5f, 1},
        {"sphere 61x33", 61, 33, 50.0f, -20.0f, 1},
    };
    uint32_t culls = 0;
    for (size_t i = 0; i < LC_ARRAY_COUNT(cases); i++) {
        test_mesh m = test_mesh_grid(cases[i].nx, cases[i].ny, cases[i].scale, cases[i].offset, cases[i].sphere);
        case_result r = check_mesh(cases[i].name, &m, cases[i].sphere ? UINT32_MAX : 0);
        if (!cases[i].sphere) CHECK(r.triangles == m.index_count / 3);
        if (i == 0) CHECK(r.meshlets == 1 && r.sublets == 1);
        culls += r.cone_culls;
        test_mesh_free(&m);
    }
    /* The cone test must have culled something, or its check above proved nothing. */
    printf("  cone culls checked: %u\n", culls);
    CHECK(culls > 100);
}

/* Two meshes appended decode as the first then the second, vertex numbers shifted. */
static void test_append(void)
{
    test_mesh a = test_mesh_grid(13, 9, 1.0f, 0.0f, 0), b = test_mesh_grid(7, 30, 5.0f, 2.0f, 1);
    lc_meshlet_mesh ma, mb;
    lc_meshlet_desc da = {.vertices = a.v, .vertex_count = a.vertex_count, .indices = a.idx, .index_count = a.index_count};
    lc_meshlet_desc db = {.vertices = b.v, .vertex_count = b.vertex_count, .indices = b.idx, .index_count = b.index_count,
                          .quiet = true};
    CHECK(lc_meshlet_build(&da, &ma) == LC_OK && lc_meshlet_build(&db, &mb) == LC_OK);
    lc_meshlet_encoded all = {0};
    lc_meshlet_encoded_append(&all, &ma.enc);
    lc_meshlet_encoded_append(&all, &mb.enc);
    lc_vertex *v = lc_calloc(all.vertex_count, sizeof *v), *va = lc_calloc(ma.enc.vertex_count, sizeof *va),
              *vb = lc_calloc(mb.enc.vertex_count, sizeof *vb);
    uint32_t *i = lc_calloc(all.triangle_count * 3, 4), *ia = lc_calloc(ma.enc.triangle_count * 3, 4),
             *ib = lc_calloc(mb.enc.triangle_count * 3, 4);
    lc_meshlet_decode_cpu(&all, v, i, NULL);
    lc_meshlet_decode_cpu(&ma.enc, va, ia, NULL);
    lc_meshlet_decode_cpu(&mb.enc, vb, ib, NULL);
    CHECK(memcmp(v, va, ma.enc.vertex_count * sizeof *v) == 0);
    CHECK(memcmp(v + ma.enc.vertex_count, vb, mb.enc.vertex_count * sizeof *v) == 0);
    CHECK(memcmp(i, ia, ma.enc.triangle_count * 12) == 0);
    uint32_t shifted = 0;
    for (uint32_t k = 0; k < mb.enc.triangle_count * 3; k++)
        shifted += i[ma.enc.triangle_count * 3 + k] == ib[k] + ma.enc.vertex_count;
    CHECK(shifted == mb.enc.triangle_count * 3);
    CHECK(all.meshlet_count == ma.enc.meshlet_count + mb.enc.meshlet_count);
    CHECK(lc_meshlet_encoded_bytes(&all) == lc_meshlet_encoded_bytes(&ma.enc) + lc_meshlet_encoded_bytes(&mb.enc));
    free(v), free(va), free(vb), free(i), free(ia), free(ib);
    lc_meshlet_encoded_destroy(&all);
    lc_meshlet_mesh_destroy(&ma);
    lc_meshlet_mesh_destroy(&mb);
    test_mesh_free(&a);
    test_mesh_free(&b);
}

static void test_bad_input(void)
{
    test_mesh m = test_mesh_grid(4, 4, 1.0f, 0.0f, 0);
    lc_meshlet_mesh mm;
    lc_meshlet_desc d = {.vertices = m.v, .vertex_count = m.vertex_count, .indices = m.idx, .index_count = m.index_count,
                         .name = "bad mesh (expected error)"};
    m.v[7].position[1] = NAN;
    CHECK(lc_meshlet_build(&d, &mm) == LC_ERR_INPUT);
    m.v[7].position[1] = 0.0f;
    m.v[3].uv[0] = INFINITY;
    CHECK(lc_meshlet_build(&d, &mm) == LC_ERR_INPUT);
    m.v[3].uv[0] = 0.0f;
    m.idx[10] = m.vertex_count;
    CHECK(lc_meshlet_build(&d, &mm) == LC_ERR_INPUT);
    m.idx[10] = 0;
    d.index_count = m.index_count - 1;
    CHECK(lc_meshlet_build(&d, &mm) == LC_ERR_INPUT);
    /* No triangles, or only degenerate ones: an empty, valid result. */
    d.index_count = 0;
    CHECK(lc_meshlet_build(&d, &mm) == LC_OK && mm.enc.meshlet_count == 0 && mm.enc.triangle_count == 0);
    lc_meshlet_mesh_destroy(&mm);
    uint32_t flat[6] = {0, 0, 1, 2, 2, 2};
    d.indices = flat;
    d.index_count = 6;
    d.quiet = true;
    CHECK(lc_meshlet_build(&d, &mm) == LC_OK && mm.enc.meshlet_count == 0 && mm.degenerate_count == 2);
    lc_meshlet_mesh_destroy(&mm);
    test_mesh_free(&m);
}

/* Quantization: the exponent fits the extent (and a shared, larger extent), UVs beyond [0, 1]. */
static void test_quant(void)
{
    lc_vertex v[2] = {{.position = {-3.0f, 0.5f, 1.0f}, .uv = {-7.0f, 0.5f}}, {.position = {2.0f, 0.0f, 0.0f}, .uv = {9.0f, 1.0f}}};
    lc_meshlet_quant q = lc_meshlet_quant_choose(v, 2, 0.0f);
    /* |x| <= 3: 3 / 2^e <= 32767 first holds at e = -13 (3 * 8192 = 24576; e = -14 gives 49152). */
    CHECK(q.position_exponent == -13);
    /* 2 * |uv - 0.5| <= 17: e = -10 (17 * 1024 = 17408). */
    CHECK(q.uv_exponent == -10);
    lc_meshlet_quant shared = lc_meshlet_quant_choose(v, 2, 100.0f);
    CHECK(shared.position_exponent == -8); /* 100 * 256 = 25600 */
    for (int i = 0; i < 2; i++) {
        lc_meshlet_qvertex qv;
        lc_vertex out;
        lc_meshlet_quantize(&q, &v[i], &qv);
        lc_meshlet_dequantize(&q, &qv, &out);
        CHECK(memcmp(out.position, v[i].position, sizeof out.position) == 0); /* on the grid already */
        CHECK(out.uv[0] == v[i].uv[0] && out.uv[1] == v[i].uv[1]);
    }
}

/* The default hall as one meshlet scene: each mesh's range decodes to exactly its
 * non-degenerate triangles (scene vertex numbers through vertex_remap, winding kept) with its
 * material; every sublet's and meshlet's sphere holds its triangles; one exponent throughout. */
static void test_scene(void)
{
    lc_scene scene;
    CHECK(lc_scene_load_default(&scene) == LC_OK);
    lc_meshlet_scene ms;
    CHECK(lc_meshlet_scene_build(&scene, &ms) == LC_OK);
    const lc_meshlet_encoded *e = &ms.enc;
    CHECK(ms.range_count == scene.mesh_count && ms.stats.meshes == scene.mesh_count);
    lc_vertex *dv = lc_calloc(e->vertex_count + 1, sizeof *dv);
    uint32_t *di = lc_calloc((size_t)e->triangle_count * 3 + 1, sizeof *di);
    lc_meshlet_decode_cpu(e, dv, di, NULL);
    uint32_t dropped = 0, next_meshlet = 0, next_triangle = 0, next_vertex = 0;
    for (uint32_t d = 0; d < scene.mesh_count; d++) {
        const lc_mesh *dr = &scene.meshes[d];
        const uint32_t base = dr->first_vertex; /* mesh indices are mesh-local */
        const lc_meshlet_range *r = &ms.ranges[d];
        CHECK(r->material == dr->material);
        CHECK(r->first_meshlet == next_meshlet && r->first_triangle == next_triangle && r->first_vertex == next_vertex);
        next_meshlet += r->meshlet_count, next_triangle += r->triangle_count, next_vertex += r->vertex_count;
        tri *want = lc_calloc(dr->index_count / 3 + 1, sizeof *want), *got = lc_calloc(r->triangle_count + 1, sizeof *got);
        uint32_t nw = 0;
        for (uint32_t t = 0; t < dr->index_count / 3; t++) {
            const uint32_t *loc = &scene.indices[dr->first_index + t * 3];
            uint32_t ix[3] = {loc[0], loc[1], loc[2]};
            lc_meshlet_qvertex q[3];
            for (int k = 0; k < 3; k++) lc_meshlet_quantize(&r->quant, &scene.vertices[base + ix[k]], &q[k]);
            lc_vertex qv[3];
            for (int k = 0; k < 3; k++) lc_meshlet_dequantize(&r->quant, &q[k], &qv[k]);
            uint32_t local[3] = {0, 1, 2};
            if (zero_area(qv, local)) {
                dropped++;
                continue;
            }
            want[nw++] = canonical(base + ix[0], base + ix[1], base + ix[2]);
        }
        for (uint32_t t = 0; t < r->triangle_count; t++) {
            const uint32_t *ix = &di[(r->first_triangle + t) * 3];
            bool inside = true;
            for (int k = 0; k < 3; k++) inside &= ix[k] >= r->first_vertex && ix[k] < r->first_vertex + r->vertex_count;
            CHECK_MSG(inside, "mesh %u: triangle %u uses a vertex outside its range", d, t);
            got[t] = canonical(ms.vertex_remap[ix[0] % e->vertex_count], ms.vertex_remap[ix[1] % e->vertex_count],
                               ms.vertex_remap[ix[2] % e->vertex_count]);
        }
        qsort(want, nw, sizeof *want, tri_cmp);
        qsort(got, r->triangle_count, sizeof *got, tri_cmp);
        CHECK_MSG(nw == r->triangle_count && memcmp(want, got, nw * sizeof *want) == 0,
                  "mesh %u: %u triangles decoded, %u wanted, or not the same ones", d, r->triangle_count, nw);
        free(want);
        free(got);
    }
    CHECK(next_meshlet == e->meshlet_count && next_triangle == e->triangle_count && next_vertex == e->vertex_count);
    CHECK(dropped == ms.stats.degenerate);
    /* Vertices decode to the scene's quantized vertices (UV exponent per mesh), one position
     * exponent for every stream. */
    uint32_t inexact = 0, other_exponent = 0;
    for (uint32_t d = 0; d < ms.range_count; d++) {
        const lc_meshlet_range *r = &ms.ranges[d];
        CHECK(r->quant.position_exponent == e->quant.position_exponent);
        for (uint32_t j = r->first_vertex; j < r->first_vertex + r->vertex_count; j++) {
            lc_meshlet_qvertex q;
            lc_vertex qv;
            lc_meshlet_quantize(&r->quant, &scene.vertices[ms.vertex_remap[j]], &q);
            lc_meshlet_dequantize(&r->quant, &q, &qv);
            inexact += memcmp(&qv, &dv[j], sizeof qv) != 0;
        }
    }
    for (uint32_t k = 0; k < e->sublet_count; k++)
        other_exponent += (int16_t)(e->streams[k * LC_MESHLET_STREAM_COUNT + LC_MESHLET_STREAM_POSITION].bits >> 16) !=
                          e->quant.position_exponent;
    CHECK_MSG(inexact == 0, "default scene: %u decoded vertices differ from the quantized scene", inexact);
    CHECK_MSG(other_exponent == 0, "default scene: %u sublets with another position exponent", other_exponent);
    for (uint32_t m = 0; m < e->meshlet_count; m++) {
        const lc_meshlet_header *h = &e->headers[m];
        uint32_t t0 = h->primitive_offset;
        for (uint32_t k = 0; k < h->sublet_count; k++) {
            uint32_t nt = e->streams[h->stream_offset + k * LC_MESHLET_STREAM_COUNT].base_value[0];
            check_sphere("default scene", &ms.bounds[h->stream_offset / LC_MESHLET_STREAM_COUNT + k], dv, di, t0, t0 + nt);
            t0 += nt;
        }
        check_sphere("default scene (256)", &ms.bounds_256[m], dv, di, h->primitive_offset, t0);
    }
    printf("  default scene: %u meshes, %u meshlets, %u triangles, %u dropped\n", ms.range_count, e->meshlet_count,
           e->triangle_count, dropped);
    free(dv);
    free(di);
    lc_meshlet_scene_destroy(&ms);
    lc_scene_destroy(&scene);
}

int main(void)
{
    lc_test_seed(0x5EED11ull);
    test_quant();
    test_shapes();
    test_degenerates();
    test_append();
    test_bad_input();
    test_scene();
    return lc_test_finish("test_meshlet_codec");
}
