/* Per-frame light build: frustum cull (SoA, four lights per step, with a scalar twin that
 * gives bit-identical answers), stable sort by view depth, pack into lc_gpu_light.
 *
 * The cull follows the sphere-then-tighter-volume scheme: pass 1 tests every light's
 * bounding sphere against the six planes, four lights at a time, transposing position and
 * radius straight out of lc_light; pass 2 gathers the surviving spots narrower than a
 * hemisphere into SoA arrays and tests their cones. Both passes compute exactly what the
 * scalar twin computes, in the same order, so the answers agree bit for bit.
 *
 * All of it runs on the jobs (src/cpu/jobs.h): each chunk of lights culls into its own
 * range of the scratch arrays, prefix sums over the chunk counts gather the survivors in
 * light order, the radix sort counts digits per chunk and scatters each chunk from its own
 * offsets (digit-major, chunk-minor: the one-thread stable order), and the pack writes the
 * sorted places in ranges. Nothing depends on which thread ran what, so any thread count
 * packs the same bytes (tests/test_light_threads.c). */
#include "lights/lights.h"

#include "cpu/jobs.h"

#include <immintrin.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The SIMD and scalar culls must round identically: no fused multiply-add in either, even
 * where the target has one. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

_Static_assert(offsetof(lc_light, radius) == offsetof(lc_light, position) + 3 * sizeof(float),
               "position and radius load as one vec4");

#define RADIUS_SCALE ((float)LC_CULL_RADIUS_SCALE)
#define RADIUS_BIAS ((float)LC_CULL_RADIUS_BIAS)
#define DEG_TO_RAD 0.017453292519943295f

/* cos of an angle in [0, 180] degrees. A polynomial of our own rather than cosf: the same
 * bits on every platform, and cheap enough to run per light and frame. Error < 1e-7. */
static inline float cos_deg(float deg)
{
    float a = LC_CLAMP(deg, 0.0f, 180.0f);
    bool flip = a > 90.0f;
    if (flip) a = 180.0f - a; /* exact */
    float y = a * DEG_TO_RAD, y2 = y * y;
    float c = 1.0f + y2 * (-1.0f / 2 + y2 * (1.0f / 24 + y2 * (-1.0f / 720 + y2 * (1.0f / 40320 +
              y2 * (-1.0f / 3628800 + y2 * (1.0f / 479001600))))));
    return flip ? -c : c;
}

/* The tight cone test is used for spots narrower than a hemisphere; near 90 degrees the cone
 * is no tighter than the sphere and tan(outer) blows up. */
static inline bool spot_has_cone(const lc_light *l, float cos_outer)
{
    return l->type == LC_LIGHT_SPOT && l->outer_deg < 90.0f && cos_outer > 1e-3f;
}

static inline float tan_from_cos(float c) { return sqrtf(LC_MAX(1.0f - c * c, 0.0f)) / c; }

/* --- cull data shared by both culls --- */

typedef struct cull_item {
    float x, y, z, r;    /* sphere, radius inflated */
    float dx, dy, dz, R; /* cone: apex at the centre, axis d, height r, base radius R (< 0: none) */
} cull_item;

static inline float inflate(float radius) { return radius * RADIUS_SCALE + RADIUS_BIAS; }

/* The cone of a spot with spot_has_cone(): base radius r tan(outer), inflated like r. */
static inline cull_item cull_prepare(const lc_light *l)
{
    cull_item c = {l->position[0], l->position[1], l->position[2], inflate(l->radius), 0.0f, 0.0f, 0.0f, -1.0f};
    if (l->type == LC_LIGHT_SPOT) {
        float cos_outer = cos_deg(l->outer_deg);
        if (spot_has_cone(l, cos_outer)) {
            c.dx = l->direction[0], c.dy = l->direction[1], c.dz = l->direction[2];
            c.R = c.r * tan_from_cos(cos_outer) * RADIUS_SCALE + RADIUS_BIAS;
        }
    }
    return c;
}

/* Outside a plane (n, w): the sphere is when dist < -r. The cone is when its apex and its
 * base disc both are: the disc's farthest point along n lies at
 * dist + r dot(n, d) + R sqrt(1 - dot(n, d)^2). Both SIMD passes follow this exact
 * operation order. */
static bool cull_test_scalar(const cull_item *c, const float planes[6][4])
{
    const float eps = RADIUS_BIAS;
    for (int p = 0; p < 6; p++) {
        float nx = planes[p][0], ny = planes[p][1], nz = planes[p][2], nw = planes[p][3];
        float dist = nx * c->x + ny * c->y + nz * c->z + nw;
        if (dist < -c->r) return false;
        if (c->R >= 0.0f) {
            float nd = nx * c->dx + ny * c->dy + nz * c->dz;
            float s2 = 1.0f - nd * nd;
            s2 = s2 > 0.0f ? s2 : 0.0f; /* as maxps(s2, 0) */
            float e = dist + c->r * nd + c->R * sqrtf(s2);
            if (dist < -eps && e < -eps) return false;
        }
    }
    return true;
}

void lc_lights_frustum_cull_scalar(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible)
{
    for (uint32_t i = 0; i < count; i++) {
        cull_item c = cull_prepare(&lights[i]);
        visible[i] = cull_test_scalar(&c, planes);
    }
}

/* --- SIMD cull --- */

typedef struct plane4 {
    v4f nx, ny, nz, nw;
} plane4;

static inline v4f splat(float f) { return (v4f){f, f, f, f}; }

static void splat_planes(const float planes[6][4], plane4 out[6])
{
    for (int p = 0; p < 6; p++)
        out[p] = (plane4){splat(planes[p][0]), splat(planes[p][1]), splat(planes[p][2]), splat(planes[p][3])};
}

static inline v4f load4(const float *p)
{
    v4f v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* View depth (positive in front) of a world point: -(row 2 of the view matrix) . (p, 1). */
typedef struct view_axis {
    float x, y, z, w;
} view_axis;

static view_axis view_axis_of(const lc_m4 *view)
{
    return (view_axis){-view->m[2], -view->m[6], -view->m[10], -view->m[14]};
}

static inline float view_depth(const view_axis *a, const float p[3])
{
    return a->x * p[0] + a->y * p[1] + a->z * p[2] + a->w;
}

/* Pass 1 on four lights: bit k set when light k's sphere is inside or crosses all planes.
 * Also their view depths (the sort keys). */
static inline unsigned sphere_test4(const lc_light *l, const plane4 pl[6], const view_axis *a, float depth[4])
{
    __m128 r0 = _mm_loadu_ps(l[0].position), r1 = _mm_loadu_ps(l[1].position);
    __m128 r2 = _mm_loadu_ps(l[2].position), r3 = _mm_loadu_ps(l[3].position);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    const v4f x = (v4f)r0, y = (v4f)r1, z = (v4f)r2;
    const v4f r = (v4f)r3 * RADIUS_SCALE + RADIUS_BIAS, neg_r = -r;
    v4i out = {0};
    for (int p = 0; p < 6; p++) {
        v4f dist = pl[p].nx * x + pl[p].ny * y + pl[p].nz * z + pl[p].nw;
        out |= dist < neg_r;
    }
    v4f d = splat(a->x) * x + splat(a->y) * y + splat(a->z) * z + splat(a->w);
    memcpy(depth, &d, sizeof d);
    return ~(unsigned)_mm_movemask_ps((__m128)out) & 15u;
}

/* One chunk's slice of the scratch arrays: the chunk writes only here, from its start. */
typedef struct cull_span {
    uint32_t *visible;            /* surviving light indices (absolute) */
    float *keys;                  /* their view depths */
    uint32_t *cand;               /* pass 2 candidates: places in visible */
    float *x, *y, *z, *r, *cone[4];
} cull_span;

/* Pass 2 on four gathered cones: bit k set when cone k is outside some plane. */
static inline unsigned cone_test4(const cull_span *sp, uint32_t i, const plane4 pl[6])
{
    const v4f x = load4(sp->x + i), y = load4(sp->y + i), z = load4(sp->z + i), r = load4(sp->r + i);
    const v4f dx = load4(sp->cone[0] + i), dy = load4(sp->cone[1] + i), dz = load4(sp->cone[2] + i);
    const v4f R = load4(sp->cone[3] + i);
    const v4f zero = {0}, one = splat(1.0f), neg_eps = splat(-RADIUS_BIAS);
    v4i out = {0};
    for (int p = 0; p < 6; p++) {
        v4f dist = pl[p].nx * x + pl[p].ny * y + pl[p].nz * z + pl[p].nw;
        v4f nd = pl[p].nx * dx + pl[p].ny * dy + pl[p].nz * dz;
        v4f s2 = (v4f)_mm_max_ps((__m128)(one - nd * nd), (__m128)zero);
        v4f e = dist + r * nd + R * (v4f)_mm_sqrt_ps((__m128)s2);
        out |= (dist < neg_eps) & (e < neg_eps);
    }
    return (unsigned)_mm_movemask_ps((__m128)out);
}

static void free_arrays(lc_light_builder *b)
{
    free(b->x), free(b->y), free(b->z), free(b->r), free(b->cone);
    free(b->local), free(b->local_keys), free(b->visible), free(b->order), free(b->tmp);
    free(b->pairs), free(b->pairs_tmp);
    free(b->chunk_count), free(b->chunk_start), free(b->hist);
}

static void builder_reserve(lc_light_builder *b, uint32_t count, uint32_t chunks, uint32_t sort_chunks)
{
    if (count > b->capacity) {
        uint64_t cap = LC_MAX((uint64_t)count, (uint64_t)b->capacity * 3 / 2);
        cap = (cap + 3) & ~(uint64_t)3; /* whole SIMD steps */
        size_t f = (size_t)cap * sizeof(float), u = (size_t)cap * sizeof(uint32_t);
        free(b->x), free(b->y), free(b->z), free(b->r), free(b->cone);
        free(b->local), free(b->local_keys), free(b->visible), free(b->order), free(b->tmp);
        free(b->pairs), free(b->pairs_tmp);
        b->capacity = (uint32_t)cap;
        b->x = lc_alloc(f), b->y = lc_alloc(f), b->z = lc_alloc(f), b->r = lc_alloc(f);
        b->cone = lc_alloc(4 * f);
        b->local = lc_alloc(u), b->local_keys = lc_alloc(f), b->visible = lc_alloc(u);
        b->order = lc_alloc(u), b->tmp = lc_alloc(u);
        b->pairs = lc_alloc((size_t)cap * sizeof(uint64_t)), b->pairs_tmp = lc_alloc((size_t)cap * sizeof(uint64_t));
    }
    if (chunks > b->chunk_capacity) {
        free(b->chunk_count), free(b->chunk_start);
        b->chunk_count = lc_alloc((size_t)chunks * sizeof(uint32_t));
        b->chunk_start = lc_alloc((size_t)chunks * sizeof(uint32_t));
        b->chunk_capacity = chunks;
    }
    if (sort_chunks > b->hist_capacity) {
        free(b->hist);
        b->hist = lc_alloc((size_t)sort_chunks * 2048 * sizeof(uint32_t));
        b->hist_capacity = sort_chunks;
    }
}

void lc_light_builder_destroy(lc_light_builder *b)
{
    free_arrays(b);
    memset(b, 0, sizeof *b);
}

/* Pass 1 over lights [base, base + count): survivors into sp->visible/keys (branch-free
 * compaction), and the places in visible of the narrow spots among them into sp->cand (the
 * pass 2 candidates). count is a multiple of 4 but for the last chunk. */
static uint32_t cull_spheres(const cull_span *sp, const lc_light *lights, uint32_t base, uint32_t count,
                             const plane4 pl[6], const view_axis *a, uint32_t *candidates)
{
    uint32_t n = 0, c = 0;
    float depth[4];
    for (uint32_t i = 0; i < count; i += 4) {
        const lc_light *l = lights + base + i;
        unsigned m;
        lc_light tail[4];
        if (i + 4 <= count) {
            m = sphere_test4(l, pl, a, depth);
        } else {
            memset(tail, 0, sizeof tail);
            memcpy(tail, l, (count - i) * sizeof *tail);
            l = tail;
            m = sphere_test4(l, pl, a, depth) & ((1u << (count - i)) - 1u);
        }
        for (unsigned k = 0; k < 4; k++) {
            sp->visible[n] = base + i + k;
            sp->keys[n] = depth[k];
            sp->cand[c] = n;
            unsigned keep = (m >> k) & 1u;
            c += keep & (l[k].type == LC_LIGHT_SPOT) & (l[k].outer_deg < 90.0f);
            n += keep;
        }
    }
    *candidates = c;
    return n;
}

/* Pass 2 over the candidates: gather their cones, test four at a time, drop the culled. */
static uint32_t cull_cones(const cull_span *sp, const lc_light *lights, uint32_t n, uint32_t candidates,
                           const plane4 pl[6])
{
    uint32_t c = 0;
    for (uint32_t k = 0; k < candidates; k++) {
        uint32_t j = sp->cand[k];
        if (k + 8 < candidates) __builtin_prefetch(&lights[sp->visible[sp->cand[k + 8]]]); /* sparse: no HW prefetch */
        cull_item it = cull_prepare(&lights[sp->visible[j]]);
        if (it.R < 0.0f) continue; /* within a hair of 90 degrees */
        sp->x[c] = it.x, sp->y[c] = it.y, sp->z[c] = it.z, sp->r[c] = it.r;
        sp->cone[0][c] = it.dx, sp->cone[1][c] = it.dy, sp->cone[2][c] = it.dz, sp->cone[3][c] = it.R;
        sp->cand[c++] = j;
    }
    if (c == 0) return n;
    for (uint32_t k = c; k & 3u; k++) { /* pad the last step (inside the chunk); its results are ignored */
        sp->x[k] = sp->y[k] = sp->z[k] = sp->r[k] = 0.0f;
        sp->cone[0][k] = sp->cone[1][k] = sp->cone[2][k] = sp->cone[3][k] = 0.0f;
    }
    bool any = false;
    for (uint32_t k = 0; k < c; k += 4) {
        unsigned m = cone_test4(sp, k, pl);
        if (c - k < 4) m &= (1u << (c - k)) - 1u;
        while (m) {
            sp->visible[sp->cand[k + (unsigned)__builtin_ctz(m)]] = UINT32_MAX;
            m &= m - 1u;
            any = true;
        }
    }
    if (!any) return n;
    uint32_t w = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint32_t v = sp->visible[j];
        sp->visible[w] = v;
        sp->keys[w] = sp->keys[j];
        w += v != UINT32_MAX;
    }
    return w;
}

/* --- the build as jobs --- */

typedef struct build_job {
    lc_light_builder *b;
    const lc_light *lights;
    lc_gpu_light *out;
    plane4 pl[6];
    view_axis a;
    uint32_t work_size, sort_size, shift, chunks, sort_chunks;
    const uint64_t *src;
    uint64_t *dst;
    bool stream;
} build_job;

/* Floats to unsigned integers with the same order (no NaNs here; -0 counts as +0). */
static inline uint32_t float_order_bits(float f)
{
    f += 0.0f;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    uint32_t mask = (uint32_t)-(int32_t)(u >> 31) | 0x80000000u;
    return u ^ mask;
}

static void cull_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    build_job *j = user;
    lc_light_builder *b = j->b;
    size_t cap = b->capacity;
    cull_span sp = {b->local + offset, b->local_keys + offset, b->tmp + offset, b->x + offset, b->y + offset,
                    b->z + offset, b->r + offset,
                    {b->cone + offset, b->cone + cap + offset, b->cone + 2 * cap + offset, b->cone + 3 * cap + offset}};
    uint32_t candidates;
    uint32_t n = cull_spheres(&sp, j->lights, offset, count, j->pl, &j->a, &candidates);
    b->chunk_count[offset / j->work_size] = cull_cones(&sp, j->lights, n, candidates, j->pl);
}

/* A chunk's survivors to their place in light order, with their sort pairs. */
static void gather_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)count, (void)thread;
    build_job *j = user;
    lc_light_builder *b = j->b;
    uint32_t c = offset / j->work_size, at = b->chunk_start[c], n = b->chunk_count[c];
    memcpy(b->visible + at, b->local + offset, (size_t)n * sizeof(uint32_t));
    for (uint32_t k = 0; k < n; k++) b->pairs[at + k] = (uint64_t)float_order_bits(b->local_keys[offset + k]) << 32 | (at + k);
}

/* --- sort: stable LSD radix sort of (key << 32 | place) on the key, three 11-bit digits --- */

static void histogram_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    build_job *j = user;
    uint32_t *h = j->b->hist + (size_t)(offset / j->sort_size) * 2048;
    memset(h, 0, 2048 * sizeof *h);
    for (uint32_t i = offset; i < offset + count; i++) h[(j->src[i] >> j->shift) & 2047u]++;
}

/* Each chunk scatters its items in order from its own start within every digit, so the
 * result is the one-thread stable order whatever ran where. */
static void scatter_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    build_job *j = user;
    uint32_t *h = j->b->hist + (size_t)(offset / j->sort_size) * 2048;
    for (uint32_t i = offset; i < offset + count; i++) {
        uint64_t v = j->src[i];
        j->dst[h[(v >> j->shift) & 2047u]++] = v;
    }
}

/* Passes where every key has the same digit are skipped. Returns the array with the result. */
static uint64_t *radix_sort(build_job *j, uint32_t n)
{
    lc_light_builder *b = j->b;
    uint64_t *a = b->pairs, *tmp = b->pairs_tmp;
    for (int pass = 0; pass < 3; pass++) {
        j->shift = 32u + 11u * (unsigned)pass;
        j->src = a;
        lc_jobs_run(n, j->sort_size, histogram_job, j);
        /* Start of each (digit, chunk) run: digits in order, chunks in order within a digit. */
        uint32_t sum = 0, first = (uint32_t)((a[0] >> j->shift) & 2047u), same = 0;
        for (uint32_t c = 0; c < j->sort_chunks; c++) same += b->hist[(size_t)c * 2048 + first];
        if (same == n) continue;
        for (uint32_t d = 0; d < 2048; d++) {
            for (uint32_t c = 0; c < j->sort_chunks; c++) {
                uint32_t *h = &b->hist[(size_t)c * 2048 + d];
                uint32_t cnt = *h;
                *h = sum;
                sum += cnt;
            }
        }
        j->dst = tmp;
        lc_jobs_run(n, j->sort_size, scatter_job, j);
        uint64_t *t = a;
        a = tmp;
        tmp = t;
    }
    return a;
}

/* --- pack --- */

static void pack_light(const lc_light *l, const view_axis *a, lc_gpu_light *o)
{
    float r = l->radius;
    float dc = view_depth(a, l->position);
    float zmin = dc - r, zmax = dc + r;
    o->position_radius = (lc_f4){l->position[0], l->position[1], l->position[2], r};
    o->color_type = (lc_f4){l->color[0] * l->intensity, l->color[1] * l->intensity, l->color[2] * l->intensity,
                            (float)l->type};
    if (l->type == LC_LIGHT_SPOT) {
        float cos_outer = cos_deg(l->outer_deg), cos_inner = cos_deg(l->inner_deg);
        o->direction_cos = (lc_f4){l->direction[0], l->direction[1], l->direction[2], cos_outer};
        o->spot_depth.x = 1.0f / LC_MAX(cos_inner - cos_outer, 1e-4f);
        o->spot_depth.y = cos_inner;
        if (spot_has_cone(l, cos_outer)) {
            /* The lit volume lies in the cone of apex p, axis d, height r, base radius
             * r tan(outer): its depth extent spans the apex and the base disc. */
            float base_r = r * tan_from_cos(cos_outer);
            float fd = a->x * l->direction[0] + a->y * l->direction[1] + a->z * l->direction[2];
            float ext = base_r * sqrtf(LC_MAX(1.0f - fd * fd, 0.0f));
            float base = dc + r * fd;
            zmin = LC_MAX(zmin, LC_MIN(dc, base - ext));
            zmax = LC_MIN(zmax, LC_MAX(dc, base + ext));
        }
    } else {
        o->direction_cos = (lc_f4){0.0f, 0.0f, 0.0f, 0.0f};
        o->spot_depth.x = o->spot_depth.y = 0.0f;
    }
    o->spot_depth.z = zmin;
    o->spot_depth.w = zmax;
}

void lc_light_pack(const lc_light *l, const lc_m4 *view, lc_gpu_light *out)
{
    view_axis a = view_axis_of(view);
    pack_light(l, &a, out);
}

/* The lights of sorted places [offset, offset + count), in order: sequential stores, which
 * stream whole lines without reading them first when out is line-aligned. */
static void pack_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    build_job *j = user;
    lc_light_builder *b = j->b;
    for (uint32_t k = offset; k < offset + count; k++) {
        if (k + 8 < offset + count) __builtin_prefetch(&j->lights[b->visible[(uint32_t)j->src[k + 8]]]);
        uint32_t i = b->visible[(uint32_t)j->src[k]];
        b->order[k] = i;
        if (j->stream) {
            lc_gpu_light g;
            pack_light(&j->lights[i], &j->a, &g);
            float *dst = &j->out[k].position_radius.x;
            _mm_stream_ps(dst, _mm_loadu_ps(&g.position_radius.x));
            _mm_stream_ps(dst + 4, _mm_loadu_ps(&g.color_type.x));
            _mm_stream_ps(dst + 8, _mm_loadu_ps(&g.direction_cos.x));
            _mm_stream_ps(dst + 12, _mm_loadu_ps(&g.spot_depth.x));
        } else {
            pack_light(&j->lights[i], &j->a, &j->out[k]);
        }
    }
    if (j->stream) _mm_sfence(); /* this thread's streamed lines land before the job ends */
}

#define PACK_WORK_SIZE 1024u

/* Frustum cull on the jobs into b->visible (ascending light indices) and b->pairs (depth
 * bits << 32 | place); returns how many survive. */
static uint32_t cull_into(build_job *j, const lc_light *lights, uint32_t count, const float planes[6][4])
{
    lc_light_builder *b = j->b;
    uint32_t ws = b->work_size ? b->work_size : LC_LIGHT_WORK_SIZE;
    ws = (ws + 3u) & ~3u;
    uint32_t chunks = lc_jobs_chunks(count, ws);
    /* Sort chunks: about one per thread (fewer histograms to sum), none tiny. */
    uint32_t sort_size = LC_MAX(2048u, (LC_DIV_UP(count, lc_jobs_threads()) + 63u) & ~63u);
    builder_reserve(b, count, chunks, lc_jobs_chunks(count, sort_size));
    j->lights = lights;
    j->work_size = ws;
    j->sort_size = sort_size;
    j->chunks = chunks;
    splat_planes(planes, j->pl);
    lc_jobs_run(count, ws, cull_job, j);
    uint32_t n = 0;
    for (uint32_t c = 0; c < chunks; c++) {
        b->chunk_start[c] = n;
        n += b->chunk_count[c];
    }
    lc_jobs_run(count, ws, gather_job, j);
    return n;
}

void lc_lights_frustum_cull_simd(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible)
{
    lc_light_builder b = {0};
    build_job j = {.b = &b};
    uint32_t n = count ? cull_into(&j, lights, count, planes) : 0;
    memset(visible, 0, count);
    for (uint32_t k = 0; k < n; k++) visible[b.visible[k]] = 1;
    lc_light_builder_destroy(&b);
}

uint32_t lc_lights_build(lc_light_builder *b, const lc_light *lights, uint32_t count,
                         const lc_m4 *view, const float planes[6][4], lc_gpu_light *out)
{
    if (count == 0) return 0;
    build_job j = {.b = b, .a = view_axis_of(view), .out = out};
    uint32_t n = cull_into(&j, lights, count, planes);
    if (n == 0) return 0;
    /* visible is ascending, so the stable sort leaves equal depths in index order. */
    j.sort_chunks = lc_jobs_chunks(n, j.sort_size);
    j.src = radix_sort(&j, n);
    j.stream = ((uintptr_t)out & 63u) == 0;
    lc_jobs_run(n, PACK_WORK_SIZE, pack_job, &j);
    return n;
}
