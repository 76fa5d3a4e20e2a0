/* Per-frame light build: frustum cull (SoA, four lights per step, with a scalar twin that
 * gives bit-identical answers), stable sort by view depth, pack into lc_gpu_light.
 *
 * The cull follows the sphere-then-tighter-volume scheme: pass 1 tests every light's
 * bounding sphere against the six planes, four lights at a time, transposing position and
 * radius straight out of lc_light; pass 2 gathers the surviving spots narrower than a
 * hemisphere into SoA arrays and tests their cones. Both passes compute exactly what the
 * scalar twin computes, in the same order, so the answers agree bit for bit.
 *
 * All of it runs as one team of job threads (src/cpu/jobs.h), five phases apart by barriers
 * (see "the build" below): cull chunks, gather the survivors in light order, bucket them by
 * depth, sort each bucket and pack. Nothing depends on which thread ran what, so any thread
 * count packs the same bytes (tests/test_light_threads.c). */
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

#define RADIUS_SCALE ((float)LC_LIGHT_CULL_RADIUS_SCALE)
#define RADIUS_BIAS ((float)LC_LIGHT_CULL_RADIUS_BIAS)
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
    free(b->pairs), free(b->sorted);
    free(b->chunk_count), free(b->chunk_lo), free(b->chunk_hi), free(b->hist);
}

static void builder_reserve(lc_light_builder *b, uint32_t count, uint32_t chunks, uint32_t threads, uint32_t per_thread)
{
    if (count > b->capacity) {
        uint64_t cap = LC_MAX((uint64_t)count, (uint64_t)b->capacity * 3 / 2);
        cap = (cap + 3) & ~(uint64_t)3; /* whole SIMD steps */
        size_t f = (size_t)cap * sizeof(float), u = (size_t)cap * sizeof(uint32_t);
        free(b->x), free(b->y), free(b->z), free(b->r), free(b->cone);
        free(b->local), free(b->local_keys), free(b->visible), free(b->order), free(b->tmp);
        free(b->pairs), free(b->sorted);
        b->capacity = (uint32_t)cap;
        b->x = lc_alloc(f), b->y = lc_alloc(f), b->z = lc_alloc(f), b->r = lc_alloc(f);
        b->cone = lc_alloc(4 * f);
        b->local = lc_alloc(u), b->local_keys = lc_alloc(f), b->visible = lc_alloc(u);
        b->order = lc_alloc(u), b->tmp = lc_alloc(u);
        b->pairs = lc_alloc((size_t)cap * sizeof(uint64_t)), b->sorted = lc_alloc((size_t)cap * sizeof(uint64_t));
    }
    if (chunks > b->chunk_capacity) {
        free(b->chunk_count), free(b->chunk_lo), free(b->chunk_hi);
        b->chunk_count = lc_alloc((size_t)chunks * sizeof(uint32_t));
        b->chunk_lo = lc_alloc((size_t)chunks * sizeof(float));
        b->chunk_hi = lc_alloc((size_t)chunks * sizeof(float));
        b->chunk_capacity = chunks;
    }
    if ((uint64_t)threads * per_thread > b->hist_capacity) {
        free(b->hist);
        b->hist = lc_alloc((size_t)threads * per_thread * sizeof(uint32_t));
        b->hist_capacity = threads * per_thread;
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

/* --- the build: one team, three phases ---
 *
 * 1. cull: chunks of lights (dynamic) into their ranges of local/local_keys, with each
 *    chunk's survivor count and depth range;
 * 2. gather and bucket: each thread takes a fixed run of chunks, moves their survivors to
 *    their place in light order (visible) with their sort pairs (order-preserving depth bits
 *    << 32 | place), counts them per depth bucket (the depth range cut evenly), and moves
 *    the pairs into its own region of `sorted`, bucket by bucket: a counting sort that
 *    writes only the thread's lines;
 * 3. sort and pack: groups of buckets (dynamic) collect their pairs from every thread's
 *    region, sort each bucket and pack it.
 *
 * A pair is unique (its place is), and the buckets are a monotonic function of depth, so the
 * sorted pairs are the one stable depth order whatever thread moved which pair where: any
 * thread count packs the same bytes. Barriers, not new jobs, separate the phases. */

#define PACK_BUCKETS 64u     /* buckets per sort-and-pack chunk (about 1,000 lights) */
#define RANK_MAX 64u         /* larger buckets (crowded depths) use qsort */

/* Depth buckets: the survivors' depth range cut evenly. */
typedef struct bucketing {
    double depth_min, scale;
    uint32_t last;
} bucketing;

typedef struct build_job {
    lc_light_builder *b;
    const lc_light *lights;
    lc_gpu_light *out;      /* NULL: cull and gather only */
    plane4 pl[6];
    view_axis a;
    uint32_t count, work_size, chunks, buckets, n, threads;
    bool stream;
    bucketing bk;
    uint32_t region[LC_JOBS_MAX_THREADS]; /* where each thread's places begin */
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

static inline float float_from_order_bits(uint32_t u)
{
    u ^= (u >> 31) ? 0x80000000u : 0xffffffffu;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Non-decreasing in depth (double arithmetic: no overflow, and rounding keeps the order). */
static inline uint32_t bucket_of(const bucketing *bk, float depth)
{
    double b = ((double)depth - bk->depth_min) * bk->scale;
    return (uint32_t)LC_MIN(b, (double)bk->last);
}

static inline uint32_t pair_bucket(const bucketing *bk, uint64_t pair)
{
    return bucket_of(bk, float_from_order_bits((uint32_t)(pair >> 32)));
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
    uint32_t candidates, c = offset / j->work_size;
    uint32_t n = cull_spheres(&sp, j->lights, offset, count, j->pl, &j->a, &candidates);
    n = cull_cones(&sp, j->lights, n, candidates, j->pl);
    float lo = INFINITY, hi = -INFINITY;
    for (uint32_t k = 0; k < n; k++) lo = LC_MIN(lo, sp.keys[k]), hi = LC_MAX(hi, sp.keys[k]);
    b->chunk_count[c] = n, b->chunk_lo[c] = lo, b->chunk_hi[c] = hi;
}

/* Phase 2 for chunks [c0, c1), whose survivors go to places [at, ...): survivors to
 * visible and, when hist is given, pairs counted per bucket into hist. Returns the end. */
static uint32_t gather_chunks(build_job *j, uint32_t c0, uint32_t c1, uint32_t at, uint32_t *hist)
{
    lc_light_builder *b = j->b;
    for (uint32_t c = c0; c < c1; c++) {
        const uint32_t *src = b->local + (size_t)c * j->work_size;
        const float *keys = b->local_keys + (size_t)c * j->work_size;
        uint32_t n = b->chunk_count[c];
        memcpy(b->visible + at, src, (size_t)n * sizeof(uint32_t));
        if (hist) {
            for (uint32_t k = 0; k < n; k++) {
                b->pairs[at + k] = (uint64_t)float_order_bits(keys[k]) << 32 | (at + k);
                hist[bucket_of(&j->bk, keys[k])]++;
            }
        }
        at += n;
    }
    return at;
}

/* Phase 2, the thread's counting sort of its places [at, end) into sorted[at, end): hist
 * holds the counts of buckets [0, buckets) and becomes where each bucket begins in the
 * region, from 0, with the region's size after them; cursor is scratch of as many. */
static void bucket_region(build_job *j, uint32_t at, uint32_t end, uint32_t *hist, uint32_t *cursor)
{
    lc_light_builder *b = j->b;
    uint32_t sum = 0;
    for (uint32_t k = 0; k < j->buckets; k++) {
        uint32_t cnt = hist[k];
        cursor[k] = hist[k] = sum;
        sum += cnt;
    }
    hist[j->buckets] = sum;
    uint64_t *dst = b->sorted + at;
    for (uint32_t k = at; k < end; k++) {
        uint64_t v = b->pairs[k];
        dst[cursor[pair_bucket(&j->bk, v)]++] = v;
    }
}

static int pair_cmp(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return (a > b) - (a < b);
}

/* A bucket's pairs in ascending order. They come in place order (each thread's region in
 * place order, regions in thread order), so this is a stable sort by depth bits: each pair's
 * rank is the number of pairs before it with depth bits <= its own plus the number after it
 * with smaller ones. Counted without branches (a bucket holds about 16), where an insertion
 * sort would mispredict on every other compare. Crowded buckets use qsort. */
static void sort_bucket(uint64_t *v, uint32_t n)
{
    if (n > RANK_MAX) {
        qsort(v, n, sizeof *v, pair_cmp);
        return;
    }
    uint64_t copy[RANK_MAX];
    int32_t key[RANK_MAX]; /* depth bits in signed order: the top bit flipped */
    for (uint32_t i = 0; i < n; i++) copy[i] = v[i], key[i] = (int32_t)((uint32_t)(v[i] >> 32) ^ 0x80000000u);
    for (uint32_t i = 0; i < n; i++) {
        int32_t ki = key[i];
        uint32_t rank = 0;
        for (uint32_t k = 0; k < i; k++) rank += key[k] <= ki;
        for (uint32_t k = i + 1; k < n; k++) rank += key[k] < ki;
        v[rank] = copy[i];
    }
}

/* Each thread's part of hist: buckets + 1 region offsets, then buckets + 1 write cursors. */
static inline uint32_t hist_stride(uint32_t buckets) { return 2 * (buckets + 1); }

static inline uint32_t *thread_hist(const build_job *j, uint32_t t)
{
    return j->b->hist + (size_t)t * hist_stride(j->buckets);
}

/* Phase 3 for buckets [offset, offset + count): their pairs from every thread's region into
 * `pairs` at their sorted places (in bucket order, place order within a bucket), each
 * bucket sorted, then packed in order: sequential stores, which stream whole lines without
 * reading them first when out is line-aligned. */
static void sort_pack_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    build_job *j = user;
    lc_light_builder *b = j->b;
    uint32_t b0 = offset, b1 = offset + count, start[PACK_BUCKETS + 1], cursor[PACK_BUCKETS];
    memset(start, 0, sizeof start);
    uint32_t first = 0;
    for (uint32_t t = 0; t < j->threads; t++) {
        const uint32_t *h = thread_hist(j, t);
        first += h[b0];
        for (uint32_t k = b0; k < b1; k++) start[k - b0 + 1] += h[k + 1] - h[k];
    }
    start[0] = first;
    for (uint32_t k = 0; k < count; k++) start[k + 1] += start[k], cursor[k] = start[k];
    for (uint32_t t = 0; t < j->threads; t++) {
        const uint32_t *h = thread_hist(j, t);
        const uint64_t *src = b->sorted + j->region[t];
        for (uint32_t k = h[b0]; k < h[b1]; k++) b->pairs[cursor[pair_bucket(&j->bk, src[k]) - b0]++] = src[k];
    }
    for (uint32_t k = 0; k < count; k++) sort_bucket(b->pairs + start[k], start[k + 1] - start[k]);
    uint32_t end = start[count];
    for (uint32_t k = first; k < end; k++) {
        if (k + 16 < end) __builtin_prefetch(&j->lights[b->visible[(uint32_t)b->pairs[k + 16]]]);
        uint32_t i = b->visible[(uint32_t)b->pairs[k]];
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

static void build_team(void *user, uint32_t t, uint32_t threads)
{
    build_job *j = user;
    lc_light_builder *b = j->b;
    lc_jobs_team_for(j->count, j->work_size, cull_job, j);

    /* Every thread reads the chunk results alike: the survivors before its run of chunks,
     * the total, the depth range. */
    uint32_t c0 = lc_jobs_team_split(j->chunks, t, threads), c1 = lc_jobs_team_split(j->chunks, t + 1, threads), at = 0, n = 0;
    float lo = INFINITY, hi = -INFINITY;
    for (uint32_t c = 0; c < j->chunks; c++) {
        if (c == c0) at = n;
        n += b->chunk_count[c];
        if (b->chunk_count[c]) lo = LC_MIN(lo, b->chunk_lo[c]), hi = LC_MAX(hi, b->chunk_hi[c]);
    }
    if (!j->out || n == 0) { /* cull only */
        gather_chunks(j, c0, c1, at, NULL);
        if (t == 0) j->n = n;
        return;
    }
    if (t == 0) {
        double range = (double)hi - (double)lo;
        j->n = n, j->threads = threads;
        j->bk = (bucketing){lo, range > 0.0 ? j->buckets / range : 0.0, j->buckets - 1};
    }
    lc_jobs_team_barrier(); /* j->bk */
    uint32_t *hist = thread_hist(j, t);
    memset(hist, 0, j->buckets * sizeof *hist);
    j->region[t] = at;
    uint32_t end = gather_chunks(j, c0, c1, at, hist);
    bucket_region(j, at, end, hist, hist + j->buckets + 1);
    lc_jobs_team_barrier();

    lc_jobs_team_for(j->buckets, PACK_BUCKETS, sort_pack_job, j);
}

/* Buckets: about 16 survivors each for the counts seen, a power of two in [64, 8192]. */
static uint32_t bucket_count(uint32_t count)
{
    uint32_t nb = 64;
    while (nb < 8192 && nb * 16 < count) nb *= 2;
    return nb;
}

/* Runs the team; returns how many lights survive the cull (in b->visible, ascending). */
static uint32_t run_build(build_job *j, const lc_light *lights, uint32_t count, const float planes[6][4])
{
    lc_light_builder *b = j->b;
    uint32_t ws = b->work_size ? b->work_size : LC_LIGHT_WORK_SIZE;
    ws = (ws + 3u) & ~3u;
    j->lights = lights;
    j->count = count;
    j->work_size = ws;
    j->chunks = lc_jobs_chunks(count, ws);
    j->buckets = bucket_count(count);
    uint32_t threads = LC_MIN(lc_jobs_threads(), j->chunks);
    builder_reserve(b, count, j->chunks, threads, hist_stride(j->buckets));
    splat_planes(planes, j->pl);
    lc_jobs_team(threads, build_team, j);
    return j->n;
}

void lc_lights_frustum_cull_simd(const lc_light *lights, uint32_t count, const float planes[6][4], uint8_t *visible)
{
    lc_light_builder b = {0};
    build_job j = {.b = &b};
    uint32_t n = count ? run_build(&j, lights, count, planes) : 0;
    memset(visible, 0, count);
    for (uint32_t k = 0; k < n; k++) visible[b.visible[k]] = 1;
    lc_light_builder_destroy(&b);
}

uint32_t lc_lights_build(lc_light_builder *b, const lc_light *lights, uint32_t count,
                         const lc_m4 *view, const float planes[6][4], lc_gpu_light *out)
{
    if (count == 0) return 0;
    build_job j = {.b = b, .a = view_axis_of(view), .out = out, .stream = ((uintptr_t)out & 63u) == 0};
    return run_build(&j, lights, count, planes);
}
