/* Object culling (src/cpu/object_cull.c): on random boxes and cameras (boxes straddling the
 * planes, behind the camera, enclosing it, flat ones) the SIMD passes equal the scalar twin,
 * at every SIMD width (SSE, and AVX2 where the CPU has it), the box test equals a
 * brute-force clip-space test in double precision, no box that
 * intersects the frustum is culled (an exact separating-axis oracle in double), the sphere
 * holds the box, and the answer is the same for every thread count and work size. */
#include "cpu/jobs.h"
#include "cpu/object_cull.h"
#include "common.h"
#include "scene/camera.h"
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- random scenes --- */

typedef struct cam_case {
    lc_camera cam;
    float aspect;
    lc_m4 vp;
    float planes[6][4];
    double inv[16]; /* clip to world, in double */
} cam_case;

/* Gauss-Jordan inverse of a column-major 4x4 in double; false when singular. */
static bool invert4(const double *m, double *out)
{
    double a[4][8];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            a[r][c] = m[c * 4 + r];
            a[r][c + 4] = r == c;
        }
    for (int c = 0; c < 4; c++) {
        int p = c;
        for (int r = c + 1; r < 4; r++)
            if (fabs(a[r][c]) > fabs(a[p][c])) p = r;
        if (fabs(a[p][c]) < 1e-300) return false;
        for (int k = 0; k < 8; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k];
            a[p][k] = t;
        }
        double d = a[c][c];
        for (int k = 0; k < 8; k++) a[c][k] /= d;
        for (int r = 0; r < 4; r++) {
            if (r == c) continue;
            double f = a[r][c];
            for (int k = 0; k < 8; k++) a[r][k] -= f * a[c][k];
        }
    }
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) out[c * 4 + r] = a[r][c + 4];
    return true;
}

static void make_camera(cam_case *cc)
{
    cc->cam = (lc_camera){
        .position = {lc_test_rnd(-50, 50), lc_test_rnd(-10, 10), lc_test_rnd(-50, 50)},
        .yaw_deg = lc_test_rnd(-180, 180),
        .pitch_deg = lc_test_rnd(-89, 89),
        .fov_y_deg = lc_test_rnd(20, 120),
        .near_z = lc_test_rnd(0.01f, 1.0f),
        .far_z = lc_test_rnd(20, 300),
    };
    cc->aspect = lc_test_rnd(0.5f, 2.5f);
    lc_m4 view, proj;
    lc_camera_matrices(&cc->cam, cc->aspect, &view, &proj);
    lc_m4_mul(&proj, &view, &cc->vp);
    lc_frustum_planes(&cc->vp, cc->planes);
    double vp[16];
    for (int k = 0; k < 16; k++) vp[k] = cc->vp.m[k];
    CHECK(invert4(vp, cc->inv));
}

/* World point of a clip-space point with w = 1 after division (x, y in -1..1, z in 0..1). */
static void unproject(const cam_case *cc, const double ndc[3], double out[3])
{
    double h[4];
    for (int r = 0; r < 4; r++)
        h[r] = cc->inv[r] * ndc[0] + cc->inv[4 + r] * ndc[1] + cc->inv[8 + r] * ndc[2] + cc->inv[12 + r];
    for (int k = 0; k < 3; k++) out[k] = h[k] / h[3];
}

/* A random rotation (unit quaternion), per-axis scale and a placement putting the local box
 * centre at `centre`. */
static void make_object(const float centre[3], float size, bool enclose, float world[16], float mn[3], float mx[3])
{
    float q[4], len = 0;
    do {
        len = 0;
        for (int k = 0; k < 4; k++) q[k] = lc_test_rnd(-1, 1), len += q[k] * q[k];
    } while (len < 1e-3f || len > 1.0f);
    len = sqrtf(len);
    for (int k = 0; k < 4; k++) q[k] /= len;
    float x = q[0], y = q[1], z = q[2], w = q[3];
    float rot[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),     2 * (x * z - w * y),
                    2 * (x * y - w * z),     1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                    2 * (x * z + w * y),     2 * (y * z - w * x),     1 - 2 * (x * x + y * y)}; /* columns */
    float scale[3];
    for (int k = 0; k < 3; k++) scale[k] = enclose ? lc_test_rnd(1.0f, 3.0f) : lc_test_rnd(0.2f, 3.0f);
    for (int k = 0; k < 3; k++) {
        /* Enclosing: half sides >= 2 m around a centre within 0.87 m of the camera, so the
         * box holds the camera and the frustum's first metre. */
        float c = lc_test_rnd(-2, 2), h = enclose ? size : size * lc_test_rnd(0.05f, 1.0f);
        if (!enclose && lc_test_rnd64() % 16 == 0) h = 0.0f; /* flat: a quad, or a line, or a point */
        mn[k] = c - h, mx[k] = c + h;
    }
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++) world[c * 4 + r] = rot[c * 3 + r] * scale[c];
    world[3] = world[7] = world[11] = 0.0f, world[15] = 1.0f;
    float lc[3] = {0.5f * (mn[0] + mx[0]), 0.5f * (mn[1] + mx[1]), 0.5f * (mn[2] + mx[2])};
    for (int r = 0; r < 3; r++)
        world[12 + r] = centre[r] - (world[r] * lc[0] + world[4 + r] * lc[1] + world[8 + r] * lc[2]);
}

enum { KIND_ANYWHERE, KIND_STRADDLE, KIND_BEHIND, KIND_ENCLOSE, KIND_COUNT };

static int add_random_object(lc_object_cull_set *set, const cam_case *cc)
{
    int kind = (int)(lc_test_rnd64() % KIND_COUNT);
    float centre[3], size;
    const float *p = cc->cam.position;
    float fwd[3];
    lc_camera_forward(&cc->cam, fwd);
    if (kind == KIND_ANYWHERE) {
        float d = cc->cam.far_z * 1.3f;
        for (int k = 0; k < 3; k++) centre[k] = p[k] + lc_test_rnd(-d, d);
        size = lc_test_rnd(0.1f, 8.0f);
    } else if (kind == KIND_STRADDLE) {
        /* A point of a frustum face: one NDC coordinate pinned to its bound. */
        double ndc[3] = {lc_test_rnd(-1, 1), lc_test_rnd(-1, 1), lc_test_rnd(0, 1)}, w[3];
        int face = (int)(lc_test_rnd64() % 6);
        if (face < 4) ndc[face / 2] = face & 1 ? 1.0 : -1.0;
        else ndc[2] = face == 4 ? 0.0 : 1.0;
        ndc[2] = ndc[2] * ndc[2] * ndc[2]; /* nearer the camera: perspective depth crowds at 1 */
        unproject(cc, ndc, w);
        for (int k = 0; k < 3; k++) centre[k] = (float)w[k];
        size = lc_test_rnd(0.01f, 2.0f);
    } else if (kind == KIND_BEHIND) {
        float d = lc_test_rnd(0.0f, 30.0f);
        for (int k = 0; k < 3; k++) centre[k] = p[k] - fwd[k] * d + lc_test_rnd(-3, 3);
        size = lc_test_rnd(0.05f, 4.0f);
    } else {
        for (int k = 0; k < 3; k++) centre[k] = p[k] + lc_test_rnd(-0.5f, 0.5f);
        size = lc_test_rnd(2.0f, 10.0f);
    }
    float world[16], mn[3], mx[3];
    make_object(centre, size, kind == KIND_ENCLOSE, world, mn, mx);
    lc_object_cull_set_add(set, world, mn, mx);
    return kind;
}

/* --- oracles, in double --- */

static void box_corners(const lc_object_cull_set *s, uint32_t i, double out[8][4])
{
    double mn[3] = {s->min_x[i], s->min_y[i], s->min_z[i]}, mx[3] = {s->max_x[i], s->max_y[i], s->max_z[i]};
    for (int k = 0; k < 8; k++) {
        double l[3] = {k & 1 ? mx[0] : mn[0], k & 2 ? mx[1] : mn[1], k & 4 ? mx[2] : mn[2]};
        for (int r = 0; r < 3; r++)
            out[k][r] = s->world[r][i] * l[0] + s->world[4 + r][i] * l[1] + s->world[8 + r][i] * l[2] + s->world[12 + r][i];
        out[k][3] = 1.0;
    }
}

/* The brute-force clip-space test: every corner through view_proj on its own, in double.
 * Returns the signed margin: > 0 culled (by that much: every corner outside one plane), < 0
 * kept. */
static double clip_margin(const lc_object_cull_set *s, uint32_t i, const lc_m4 *vp)
{
    double c[8][4], clip[8][4];
    box_corners(s, i, c);
    for (int k = 0; k < 8; k++)
        for (int r = 0; r < 4; r++)
            clip[k][r] = vp->m[r] * c[k][0] + vp->m[4 + r] * c[k][1] + vp->m[8 + r] * c[k][2] + vp->m[12 + r];
    double best = -INFINITY;
    for (int p = 0; p < 6; p++) {
        double worst = INFINITY; /* how far the least-outside corner is outside plane p */
        for (int k = 0; k < 8; k++) {
            double x = clip[k][0], y = clip[k][1], z = clip[k][2], w = clip[k][3];
            double out = p == 0 ? -w - x : p == 1 ? x - w : p == 2 ? -w - y : p == 3 ? y - w : p == 4 ? -z : z - w;
            worst = fmin(worst, out);
        }
        best = fmax(best, worst);
    }
    return best;
}

static void sub3(const double a[3], const double b[3], double o[3]) { o[0] = a[0] - b[0], o[1] = a[1] - b[1], o[2] = a[2] - b[2]; }
static void cross3(const double a[3], const double b[3], double o[3])
{
    o[0] = a[1] * b[2] - a[2] * b[1], o[1] = a[2] * b[0] - a[0] * b[2], o[2] = a[0] * b[1] - a[1] * b[0];
}

/* Exact intersection of the box with the frustum (convex polyhedra) by separating axes: the
 * face normals of both and the cross products of their edges. Returns the smallest overlap
 * over all axes relative to the axis length: < 0 separated, > 0 intersecting (by that depth
 * at least along every axis). */
static double sat_overlap(const lc_object_cull_set *s, uint32_t i, const cam_case *cc)
{
    double bc[8][4], fc[8][3];
    box_corners(s, i, bc);
    for (int k = 0; k < 8; k++) {
        double ndc[3] = {k & 1 ? 1.0 : -1.0, k & 2 ? 1.0 : -1.0, k & 4 ? 1.0 : 0.0};
        unproject(cc, ndc, fc[k]);
    }
    double be[3][3], fe[6][3];
    sub3(bc[1], bc[0], be[0]), sub3(bc[2], bc[0], be[1]), sub3(bc[4], bc[0], be[2]);
    sub3(fc[1], fc[0], fe[0]), sub3(fc[2], fc[0], fe[1]); /* near rectangle edges */
    for (int k = 0; k < 4; k++) sub3(fc[k + 4], fc[k], fe[2 + k]); /* side edges */
    /* Flat boxes have zero edges; any unit vector stands in (the cross products with the
     * other edges then still cover the faces). */
    double axes[3 + 6 + 18 + 3][3];
    int n = 0;
    static const double unit[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int k = 0; k < 3; k++) memcpy(axes[n++], unit[k], sizeof unit[k]);
    for (int a = 0; a < 3; a++) cross3(be[a], be[(a + 1) % 3], axes[n++]);
    for (int p = 0; p < 6; p++) {
        for (int k = 0; k < 3; k++) axes[n][k] = cc->planes[p][k];
        n++;
    }
    for (int a = 0; a < 3; a++)
        for (int e = 0; e < 6; e++) cross3(be[a], fe[e], axes[n++]);
    double least = INFINITY;
    for (int a = 0; a < n; a++) {
        double len = sqrt(axes[a][0] * axes[a][0] + axes[a][1] * axes[a][1] + axes[a][2] * axes[a][2]);
        if (len < 1e-9) continue;
        double lo_b = INFINITY, hi_b = -INFINITY, lo_f = INFINITY, hi_f = -INFINITY;
        for (int k = 0; k < 8; k++) {
            double pb = (bc[k][0] * axes[a][0] + bc[k][1] * axes[a][1] + bc[k][2] * axes[a][2]) / len;
            double pf = (fc[k][0] * axes[a][0] + fc[k][1] * axes[a][1] + fc[k][2] * axes[a][2]) / len;
            lo_b = fmin(lo_b, pb), hi_b = fmax(hi_b, pb), lo_f = fmin(lo_f, pf), hi_f = fmax(hi_f, pf);
        }
        least = fmin(least, fmin(hi_b, hi_f) - fmax(lo_b, lo_f));
    }
    return least;
}

static bool contains(const uint32_t *v, uint32_t n, uint32_t x)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t m = (lo + hi) / 2;
        if (v[m] < x) lo = m + 1;
        else hi = m;
    }
    return lo < n && v[lo] == x;
}

/* --- tests --- */

static void test_random_scenes(void)
{
    const int cameras = 40;
    const uint32_t per_camera = 5000;
    uint64_t kept_but_separated = 0, separated = 0, mismatch_twin = 0, mismatch_clip = 0, near_boundary = 0;
    uint64_t culled_intersecting = 0, sphere_misses = 0, by_kind[KIND_COUNT][2] = {{0}}, culled_oobb = 0, visible = 0;
    uint64_t unsorted = 0;
    for (int ci = 0; ci < cameras; ci++) {
        cam_case cc;
        make_camera(&cc);
        lc_object_cull_set set = {0};
        int *kinds = malloc(per_camera * sizeof *kinds);
        for (uint32_t i = 0; i < per_camera; i++) kinds[i] = add_random_object(&set, &cc);
        lc_object_cull_result simd = {0}, sse = {.max_lanes = 4}, scalar = {.scalar = true};
        lc_object_cull_run(&set, &cc.vp, cc.planes, &simd);
        lc_object_cull_run(&set, &cc.vp, cc.planes, &sse);
        lc_object_cull_run(&set, &cc.vp, cc.planes, &scalar);
        if (ci == 0) printf("SIMD lanes: %u (widest), %u (SSE), %u (twin)\n", simd.lanes, sse.lanes, scalar.lanes);
        CHECK(sse.lanes == 4 && scalar.lanes == 1 && (simd.lanes == 4 || simd.lanes == 8));
        for (int k = 0; k < 2; k++) {
            const lc_object_cull_result *o = k ? &sse : &scalar;
            mismatch_twin += simd.visible != o->visible || simd.culled_sphere != o->culled_sphere ||
                             simd.culled_oobb != o->culled_oobb ||
                             memcmp(simd.indices, o->indices, simd.visible * sizeof(uint32_t)) != 0;
        }
        CHECK(simd.visible + simd.culled_sphere + simd.culled_oobb == per_camera);
        culled_oobb += simd.culled_oobb;
        visible += simd.visible;
        for (uint32_t k = 1; k < simd.visible; k++) unsorted += simd.indices[k] <= simd.indices[k - 1];
        uint32_t count_sphere = 0;
        for (uint32_t i = 0; i < per_camera; i++) {
            bool sphere = lc_object_cull_sphere_visible(&set, i, cc.planes);
            bool box = lc_object_cull_oobb_visible(&set, i, &cc.vp);
            bool kept = contains(simd.indices, simd.visible, i);
            count_sphere += !sphere;
            mismatch_twin += kept != (sphere && box);
            /* The box test against every corner transformed on its own, in double: equal
             * but within rounding of a plane. */
            double m = clip_margin(&set, i, &cc.vp);
            double scale = fabs(cc.cam.far_z) * 1e-5;
            if (fabs(m) <= scale) near_boundary++;
            else mismatch_clip += box != (m < 0.0);
            /* The sphere holds the box: every corner within the radius (and a hair). */
            double c[8][4];
            box_corners(&set, i, c);
            for (int k = 0; k < 8; k++) {
                double dx = c[k][0] - set.sphere_x[i], dy = c[k][1] - set.sphere_y[i], dz = c[k][2] - set.sphere_z[i];
                sphere_misses += sqrt(dx * dx + dy * dy + dz * dz) > set.sphere_r[i];
            }
            /* Conservative: a box that truly intersects the frustum is never culled. */
            double o = sat_overlap(&set, i, &cc);
            double tol = 1e-4 * (1.0 + fabs(cc.cam.far_z));
            if (!kept && o > tol) {
                if (culled_intersecting++ < 5)
                    fprintf(stderr, "camera %d object %u (kind %d) culled but overlaps the frustum by %g (clip margin %g, sphere %d near %g far %g fov %g)\n", ci, i,
                            kinds[i], o, m, sphere, cc.cam.near_z, cc.cam.far_z, cc.cam.fov_y_deg);
            }
            if (o < -tol) {
                separated++;
                kept_but_separated += kept;
            }
            by_kind[kinds[i]][kept]++;
        }
        CHECK(count_sphere == simd.culled_sphere);
        lc_object_cull_result_destroy(&simd);
        lc_object_cull_result_destroy(&sse);
        lc_object_cull_result_destroy(&scalar);
        lc_object_cull_set_destroy(&set);
        free(kinds);
    }
    printf("objects: %llu visible, %llu culled by the box test after the sphere test; %llu separated, of which "
           "%llu kept (no plane separates them); %llu within rounding of a clip plane\n",
           (unsigned long long)visible, (unsigned long long)culled_oobb, (unsigned long long)separated,
           (unsigned long long)kept_but_separated, (unsigned long long)near_boundary);
    for (int k = 0; k < KIND_COUNT; k++)
        printf("  kind %d: %llu culled, %llu kept\n", k, (unsigned long long)by_kind[k][0], (unsigned long long)by_kind[k][1]);
    CHECK_MSG(mismatch_twin == 0, "SIMD and scalar twin (or the per-object tests) differ on %llu", (unsigned long long)mismatch_twin);
    CHECK_MSG(mismatch_clip == 0, "the box test and the brute-force clip-space test differ on %llu boxes",
              (unsigned long long)mismatch_clip);
    CHECK_MSG(culled_intersecting == 0, "%llu boxes that intersect the frustum were culled", (unsigned long long)culled_intersecting);
    CHECK_MSG(sphere_misses == 0, "%llu box corners outside their sphere", (unsigned long long)sphere_misses);
    CHECK(unsorted == 0);
    /* Every kind of box shows up both ways (enclosing boxes are always kept), the box pass
     * does cull what spheres let through, and the planes catch most separated boxes. */
    CHECK(by_kind[KIND_ENCLOSE][1] > 1000 && by_kind[KIND_ENCLOSE][0] == 0);
    CHECK(by_kind[KIND_STRADDLE][0] > 0 && by_kind[KIND_STRADDLE][1] > 10000);
    CHECK(by_kind[KIND_BEHIND][0] > 1000 && by_kind[KIND_ANYWHERE][0] > 1000 && by_kind[KIND_ANYWHERE][1] > 1000);
    CHECK(culled_oobb > 1000);
    CHECK(separated > 10000 && kept_but_separated * 10 < separated);
}

/* Counts around the lane width and the chunk size, thread counts and work sizes: the same
 * indices every time, equal to the per-object scalar tests. */
static void test_counts_threads_work_sizes(void)
{
    cam_case cc;
    make_camera(&cc);
    cc.cam.far_z = 100.0f;
    lc_object_cull_set set = {0};
    lc_object_cull_set_reserve(&set, 3); /* grows from a small capacity */
    const uint32_t total = 6007;
    for (uint32_t i = 0; i < total; i++) add_random_object(&set, &cc);
    CHECK(set.capacity % LC_OBJECT_CULL_LANES == 0 && ((uintptr_t)set.sphere_x & 63u) == 0 && ((uintptr_t)set.world[15] & 63u) == 0);
    uint8_t *expect = malloc(total);
    for (uint32_t i = 0; i < total; i++)
        expect[i] = lc_object_cull_sphere_visible(&set, i, cc.planes) && lc_object_cull_oobb_visible(&set, i, &cc.vp);
    static const uint32_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 17, 511, 512, 513, 1025, 6007};
    static const uint32_t threads[] = {1, 2, 3, 8};
    static const uint32_t work[] = {1, 8, 100, 512, 2048};
    uint64_t bad = 0, runs = 0;
    lc_object_cull_result r = {0};
    for (size_t ni = 0; ni < LC_ARRAY_COUNT(counts); ni++) {
        uint32_t n = counts[ni];
        lc_object_cull_set part = set;
        part.count = n; /* a prefix of the set: its padding lanes hold real objects, ignored */
        for (size_t ti = 0; ti < LC_ARRAY_COUNT(threads); ti++) {
            lc_jobs_init(threads[ti]);
            for (size_t wi = 0; wi < LC_ARRAY_COUNT(work); wi++) {
                for (int path = 0; path < 3; path++) { /* widest SIMD, SSE, scalar twin */
                    r.scalar = path == 2;
                    r.max_lanes = path == 1 ? 4 : 0;
                    r.work_size = work[wi];
                    lc_object_cull_run(&part, &cc.vp, cc.planes, &r);
                    uint32_t k = 0;
                    for (uint32_t i = 0; i < n; i++) {
                        if (!expect[i]) continue;
                        bad += k >= r.visible || r.indices[k] != i;
                        k++;
                    }
                    bad += k != r.visible || r.visible + r.culled_sphere + r.culled_oobb != n;
                    runs++;
                }
            }
        }
    }
    lc_jobs_init(0);
    printf("counts x threads x work sizes: %llu runs\n", (unsigned long long)runs);
    CHECK_MSG(bad == 0, "%llu differences from the one-object tests", (unsigned long long)bad);
    lc_object_cull_result_destroy(&r);
    CHECK(r.indices == NULL && r.capacity == 0);
    lc_object_cull_set_clear(&set);
    CHECK(set.count == 0);
    lc_object_cull_set_destroy(&set);
    CHECK(set.block == NULL && set.capacity == 0);
    free(expect);
}

/* Hand-made cases: a unit cube ahead, behind, beside, around the camera, past the far plane. */
static void test_simple_cases(void)
{
    lc_camera cam = {.position = {0, 0, 0}, .yaw_deg = 0, .pitch_deg = 0, .fov_y_deg = 90, .near_z = 0.1f, .far_z = 50};
    lc_m4 view, proj, vp;
    lc_camera_matrices(&cam, 1.0f, &view, &proj);
    lc_m4_mul(&proj, &view, &vp);
    float planes[6][4];
    lc_frustum_planes(&vp, planes);
    const float at[][3] = {{0, 0, -5}, {0, 0, 5}, {20, 0, -5}, {0, 0, 0}, {0, 0, -60}, {0, 7, -5}, {5.2f, 0, -5}};
    const bool visible[] = {true, false, false, true, false, false, true};
    lc_object_cull_set set = {0};
    float mn[3] = {-0.5f, -0.5f, -0.5f}, mx[3] = {0.5f, 0.5f, 0.5f};
    for (size_t k = 0; k < LC_ARRAY_COUNT(at); k++) {
        float w[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, at[k][0], at[k][1], at[k][2], 1};
        lc_object_cull_set_add(&set, w, mn, mx);
    }
    /* A long thin box left of the view, lying along the left plane 2.8 m outside it: its
     * sphere (radius 5) crosses the plane, its box does not. */
    const float c = 0.70710678f;
    float w[16] = {c, 0, c, 0, 0, 1, 0, 0, -c, 0, c, 0, -10, 0, -6, 1};
    float tmn[3] = {-5, -0.1f, -0.1f}, tmx[3] = {5, 0.1f, 0.1f};
    lc_object_cull_set_add(&set, w, tmn, tmx);
    lc_object_cull_result r = {0};
    lc_object_cull_run(&set, &vp, planes, &r);
    for (uint32_t i = 0; i < LC_ARRAY_COUNT(at); i++) CHECK_MSG(contains(r.indices, r.visible, i) == visible[i], "case %u", i);
    uint32_t thin = (uint32_t)LC_ARRAY_COUNT(at);
    CHECK(lc_object_cull_sphere_visible(&set, thin, planes) && !lc_object_cull_oobb_visible(&set, thin, &vp));
    CHECK(!contains(r.indices, r.visible, thin));
    CHECK(r.visible == 3 && r.culled_oobb == 1 && r.culled_sphere == 4);
    lc_object_cull_result_destroy(&r);
    lc_object_cull_set_destroy(&set);
}

int main(void)
{
    lc_test_seed(0x0B1EC75ull);
    test_simple_cases();
    test_random_scenes();
    test_counts_threads_work_sizes();
    return lc_test_finish("test_object_cull");
}
