#include "cpu/object_cull.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "cpu/jobs.h"

/* The SIMD passes and their scalar twin must round identically: no fused multiply-add in
 * either, even where the target has one. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

#define SET_ARRAYS 26u /* 4 sphere + 6 box + 16 matrix */

/* --- culling set --- */

static float **set_array(lc_object_cull_set *s, uint32_t k)
{
    float **fixed[10] = {&s->sphere_x, &s->sphere_y, &s->sphere_z, &s->sphere_r,
                         &s->min_x, &s->min_y, &s->min_z, &s->max_x, &s->max_y, &s->max_z};
    return k < 10 ? fixed[k] : &s->world[k - 10];
}

static void *aligned_or_die(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!p) {
        lc_error("out of memory (%zu bytes)", bytes);
        abort();
    }
    return p;
}

void lc_object_cull_set_reserve(lc_object_cull_set *set, uint32_t capacity)
{
    /* Whole cache lines per array, which is also a whole number of SIMD steps. */
    uint64_t cap = ((uint64_t)capacity + 15u) & ~(uint64_t)15u;
    if (cap <= set->capacity) return;
    float *block = aligned_or_die((size_t)cap * SET_ARRAYS * sizeof(float));
    memset(block, 0, (size_t)cap * SET_ARRAYS * sizeof(float)); /* padding lanes read zeros */
    for (uint32_t k = 0; k < SET_ARRAYS; k++) {
        float **a = set_array(set, k);
        float *dst = block + (size_t)k * cap;
        if (set->count) memcpy(dst, *a, (size_t)set->count * sizeof(float));
        *a = dst;
    }
    free(set->block);
    set->block = block;
    set->capacity = (uint32_t)cap;
}

uint32_t lc_object_cull_set_add(lc_object_cull_set *set, const float world[16], const float aabb_min[3], const float aabb_max[3])
{
    if (set->count + 1 > set->capacity) lc_object_cull_set_reserve(set, LC_MAX(set->count + 1, set->capacity * 2));
    uint32_t i = set->count++;
    lc_object_cull_set_update(set, i, world, aabb_min, aabb_max);
    return i;
}

void lc_object_cull_set_update(lc_object_cull_set *set, uint32_t i, const float world[16], const float aabb_min[3],
                               const float aabb_max[3])
{
    float c[3], h[3];
    for (int k = 0; k < 3; k++) {
        c[k] = 0.5f * (aabb_min[k] + aabb_max[k]);
        h[k] = 0.5f * (aabb_max[k] - aabb_min[k]);
    }
    float scale = 0.0f;
    for (int col = 0; col < 3; col++) {
        const float *m = world + col * 4;
        scale = fmaxf(scale, sqrtf(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]));
    }
    /* A relative hair more than the exact bound: the sphere test must never be the one
     * that drops a box grazing a plane because of rounding. */
    float x = world[0] * c[0] + world[4] * c[1] + world[8] * c[2] + world[12];
    float y = world[1] * c[0] + world[5] * c[1] + world[9] * c[2] + world[13];
    float z = world[2] * c[0] + world[6] * c[1] + world[10] * c[2] + world[14];
    /* The centre is rounded by a few ulps of the largest term: grow r by that much too. */
    float big = fmaxf(fmaxf(fabsf(x), fabsf(y)), fmaxf(fabsf(z), fabsf(world[12]) + fabsf(world[13]) + fabsf(world[14])));
    float r = sqrtf(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]) * scale * (1.0f + 1e-5f) + big * 0x1p-20f;
    set->sphere_x[i] = x, set->sphere_y[i] = y, set->sphere_z[i] = z;
    set->sphere_r[i] = r;
    set->min_x[i] = aabb_min[0], set->min_y[i] = aabb_min[1], set->min_z[i] = aabb_min[2];
    set->max_x[i] = aabb_max[0], set->max_y[i] = aabb_max[1], set->max_z[i] = aabb_max[2];
    for (int k = 0; k < 16; k++) set->world[k][i] = world[k];
}

void lc_object_cull_set_clear(lc_object_cull_set *set)
{
    if (set->block) memset(set->block, 0, (size_t)set->capacity * SET_ARRAYS * sizeof(float));
    set->count = 0;
}

void lc_object_cull_set_destroy(lc_object_cull_set *set)
{
    free(set->block);
    memset(set, 0, sizeof *set);
}

/* --- the scalar twin --- */

/* Outside a plane (n, w) when n.p + w < -r. */
static bool sphere_scalar(const lc_object_cull_set *s, uint32_t i, const float pl[6][4])
{
    float x = s->sphere_x[i], y = s->sphere_y[i], z = s->sphere_z[i], neg_r = -s->sphere_r[i];
    for (int p = 0; p < 6; p++) {
        float dist = pl[p][0] * x + pl[p][1] * y + pl[p][2] * z + pl[p][3];
        if (dist < neg_r) return false;
    }
    return true;
}

/* clip = view_proj * world, then the corners from the min corner and the edge vectors.
 * Five rows: x, y, z, w and f = w - z. The far test z > w is f < 0 with f from its own row
 * (view_proj's row 3 - row 2, formed once per camera): near the far plane z and w are large
 * and nearly equal, and their rounded difference would misplace the plane by metres. */
static bool oobb_scalar(const lc_object_cull_set *s, uint32_t i, const float *vp)
{
    float w[16], m[20];
    for (int k = 0; k < 16; k++) w[k] = s->world[k][i];
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 5; r++)
            m[c * 5 + r] = vp[r] * w[c * 4] + vp[5 + r] * w[c * 4 + 1] + vp[10 + r] * w[c * 4 + 2] + vp[15 + r] * w[c * 4 + 3];
    float mnx = s->min_x[i], mny = s->min_y[i], mnz = s->min_z[i];
    float dx = s->max_x[i] - mnx, dy = s->max_y[i] - mny, dz = s->max_z[i] - mnz;
    float corner[8][5];
    for (int r = 0; r < 5; r++) {
        float c0 = m[r] * mnx + m[5 + r] * mny + m[10 + r] * mnz + m[15 + r];
        float ex = m[r] * dx, ey = m[5 + r] * dy, ez = m[10 + r] * dz;
        corner[0][r] = c0;
        corner[1][r] = c0 + ex;
        corner[2][r] = c0 + ey;
        corner[3][r] = corner[1][r] + ey;
        corner[4][r] = c0 + ez;
        corner[5][r] = corner[1][r] + ez;
        corner[6][r] = corner[2][r] + ez;
        corner[7][r] = corner[3][r] + ez;
    }
    /* Bit p set: every corner so far is outside clip plane p. */
    unsigned all_out = 63u;
    for (int k = 0; k < 8; k++) {
        float x = corner[k][0], y = corner[k][1], z = corner[k][2], cw = corner[k][3], f = corner[k][4], neg_w = -cw;
        unsigned out = (unsigned)(x < neg_w) | (unsigned)(x > cw) << 1 | (unsigned)(y < neg_w) << 2 |
                       (unsigned)(y > cw) << 3 | (unsigned)(z < 0.0f) << 4 | (unsigned)(f < 0.0f) << 5;
        all_out &= out;
    }
    return all_out == 0;
}

/* view_proj as 4 columns of the five rows x, y, z, w, w - z. */
static void clip_rows(const lc_m4 *view_proj, float out[20])
{
    const float *m = view_proj->m;
    for (int c = 0; c < 4; c++) {
        for (int r = 0; r < 4; r++) out[c * 5 + r] = m[c * 4 + r];
        out[c * 5 + 4] = m[c * 4 + 3] - m[c * 4 + 2];
    }
}

bool lc_object_cull_sphere_visible(const lc_object_cull_set *set, uint32_t index, const float planes[6][4])
{
    return sphere_scalar(set, index, planes);
}

bool lc_object_cull_oobb_visible(const lc_object_cull_set *set, uint32_t index, const lc_m4 *view_proj)
{
    float rows[20];
    clip_rows(view_proj, rows);
    return oobb_scalar(set, index, rows);
}

/* --- SIMD: 4 lanes (SSE), and 8 (AVX2) where the CPU has it --- */

#define LANES 4u
#define VF v4f
#define VI v4i
#define SFX(name) name##_4
#define TARGET
#include "cpu/object_cull_simd.h"
#undef LANES
#undef VF
#undef VI
#undef SFX
#undef TARGET

typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));
#define LANES 8u
#define VF v8f
#define VI v8i
#define SFX(name) name##_8
#define TARGET __attribute__((target("avx2")))
#include "cpu/object_cull_simd.h"
#undef LANES
#undef VF
#undef VI
#undef SFX
#undef TARGET

static bool cpu_has_avx2(void) { return __builtin_cpu_supports("avx2"); }

/* --- the passes as jobs --- */

typedef struct cull_job {
    const lc_object_cull_set *set;
    lc_object_cull_result *out;
    uint32_t work_size;
    const float (*planes)[4];
    float vp[20];             /* clip_rows */
    uint32_t lanes;           /* 1 (the scalar twin), 4 or 8 */
    uint32_t count, chunks;   /* objects, chunks of work_size */
} cull_job;

/* Compacts the chunk's flagged items into local[offset..], items[] naming them (NULL: the
 * index itself; local itself compacts in place), and records the chunk's count. */
static void compact_chunk(cull_job *j, uint32_t offset, uint32_t count, const uint32_t *items)
{
    lc_object_cull_result *o = j->out;
    uint32_t n = 0;
    for (uint32_t i = offset; i < offset + count; i++) {
        o->local[offset + n] = items ? items[i] : i;
        n += o->flags[i] & 1u;
    }
    o->chunk_count[offset / j->work_size] = n;
}

/* Both passes over one chunk, so a cull is one round of chunk jobs (and the gather): the chunk's
 * spheres, its survivors compacted in place (in object order, padded with the last one to
 * whole lanes), then their boxes through that indirection, compacted again. The chunk's
 * sphere survivors go to chunk_spheres[c], for the totals. */
static void cull_chunk_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    cull_job *j = user;
    lc_object_cull_result *o = j->out;
    uint32_t *flags = o->flags, c = offset / j->work_size;
    if (j->lanes == 8) sphere_range_8(j->set, offset, offset + count, j->planes, flags);
    else if (j->lanes == 4) sphere_range_4(j->set, offset, offset + count, j->planes, flags);
    else
        for (uint32_t i = offset; i < offset + count; i++) flags[i] = sphere_scalar(j->set, i, j->planes) ? ~0u : 0u;
    compact_chunk(j, offset, count, NULL);
    uint32_t n1 = o->chunk_count[c];
    o->chunk_spheres[c] = n1;
    if (n1 == 0) return;
    /* Whole lanes stay inside the chunk (its size is a multiple of the lanes) or, for the
     * last chunk, inside the padded arrays. */
    uint32_t padded = (n1 + LC_OBJECT_CULL_LANES - 1) & ~(LC_OBJECT_CULL_LANES - 1);
    for (uint32_t i = offset + n1; i < offset + padded; i++) o->local[i] = o->local[offset + n1 - 1];
    const uint32_t *idx = o->local;
    if (j->lanes == 8) oobb_range_8(j->set, idx, offset, offset + n1, j->vp, flags);
    else if (j->lanes == 4) oobb_range_4(j->set, idx, offset, offset + n1, j->vp, flags);
    else
        for (uint32_t i = offset; i < offset + n1; i++) flags[i] = oobb_scalar(j->set, idx[i], j->vp) ? ~0u : 0u;
    /* In place: entry offset + n is written only after entry offset + n was read. */
    compact_chunk(j, offset, n1, idx);
}

/* After the chunk jobs, on every thread of the team: the visible objects of a fixed run of
 * chunks to their place in chunk order (each thread sums the counts before its run), padded
 * with the last one to whole lanes by the thread with the last run, which also sets the totals. */
static void gather_run(cull_job *j, uint32_t t, uint32_t threads)
{
    lc_object_cull_result *o = j->out;
    uint32_t c0 = lc_jobs_team_split(j->chunks, t, threads), c1 = lc_jobs_team_split(j->chunks, t + 1, threads);
    uint32_t at = 0, n = 0, n1 = 0;
    for (uint32_t c = 0; c < j->chunks; c++) {
        if (c == c0) at = n;
        n += o->chunk_count[c];
        n1 += o->chunk_spheres[c];
    }
    for (uint32_t c = c0; c < c1; c++) {
        memcpy(o->indices + at, o->local + (size_t)c * j->work_size, (size_t)o->chunk_count[c] * sizeof(uint32_t));
        at += o->chunk_count[c];
    }
    if (t + 1 < threads) return;
    uint32_t last = n ? o->indices[n - 1] : 0u;
    for (uint32_t i = n; i < ((n + LC_OBJECT_CULL_LANES - 1) & ~(LC_OBJECT_CULL_LANES - 1)); i++) o->indices[i] = last;
    o->culled_sphere = j->count - n1;
    o->culled_oobb = n1 - n;
    o->visible = n;
}

/* The whole cull, one team: both passes per chunk, a barrier, the gather. */
static void cull_team(void *user, uint32_t t, uint32_t threads)
{
    cull_job *j = user;
    lc_jobs_team_for(j->count, j->work_size, cull_chunk_job, j);
    gather_run(j, t, threads);
}

static void result_reserve(lc_object_cull_result *o, uint32_t capacity, uint32_t chunks)
{
    if (capacity > o->capacity) {
        free(o->indices), free(o->flags), free(o->local);
        size_t bytes = (size_t)capacity * sizeof(uint32_t);
        o->indices = aligned_or_die(bytes), o->flags = aligned_or_die(bytes);
        o->local = aligned_or_die(bytes);
        o->capacity = capacity;
    }
    if (chunks > o->chunk_capacity) {
        free(o->chunk_count), free(o->chunk_spheres);
        o->chunk_count = lc_alloc((size_t)chunks * sizeof(uint32_t));
        o->chunk_spheres = lc_alloc((size_t)chunks * sizeof(uint32_t));
        o->chunk_capacity = chunks;
    }
}

void lc_object_cull_run(const lc_object_cull_set *set, const lc_m4 *view_proj, const float planes[6][4], lc_object_cull_result *out)
{
    uint32_t n = set->count;
    uint32_t ws = out->work_size ? out->work_size : LC_OBJECT_CULL_WORK_SIZE;
    ws = (ws + LC_OBJECT_CULL_LANES - 1) & ~(LC_OBJECT_CULL_LANES - 1);
    uint32_t padded = (n + LC_OBJECT_CULL_LANES - 1) & ~(LC_OBJECT_CULL_LANES - 1);
    result_reserve(out, LC_MAX(padded, LC_OBJECT_CULL_LANES), lc_jobs_chunks(n, ws) + 1);
    out->visible = out->culled_sphere = out->culled_oobb = 0;
    if (n == 0) return;

    cull_job j = {.set = set, .out = out, .work_size = ws, .planes = planes};
    clip_rows(view_proj, j.vp);
    j.lanes = out->scalar ? 1u : out->max_lanes == 4 || !cpu_has_avx2() ? 4u : 8u;
    out->lanes = j.lanes;

    j.count = n;
    j.chunks = lc_jobs_chunks(n, ws);
    lc_jobs_team(j.chunks, cull_team, &j);
}

void lc_object_cull_result_destroy(lc_object_cull_result *r)
{
    free(r->indices), free(r->flags), free(r->local);
    free(r->chunk_count), free(r->chunk_spheres);
    memset(r, 0, sizeof *r);
}
