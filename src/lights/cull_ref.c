/* CPU reference culler: exact and bound light sets for tiles, clusters and z-bins, from the
 * same frame constants, light list and depth buffer the GPU passes read. Slow and simple on
 * purpose; the only shortcut is a generous per-block sphere prefilter before the per-pixel
 * weight tests, which cannot drop a light whose weight is non-zero at a pixel. */
#include "lights/cull_ref.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PREFILTER_BLOCK 16u      /* pixels per side of a prefilter block */
#define PREFILTER_SLACK 0.01f    /* relative growth of radius and depth range */
#define PREFILTER_ABS 1e-4f      /* plus this much per metre of distance, for rounding */

typedef struct ref {
    const lc_frame_ubo *u;
    uint32_t width, height, count, buckets;
    lc_m4 inv_view;
    float (*centre)[3]; /* light centres in view space */
} ref;

static void mul_point(const lc_m4 *m, const float v[4], float out[4])
{
    for (int r = 0; r < 4; r++)
        out[r] = m->m[r] * v[0] + m->m[4 + r] * v[1] + m->m[8 + r] * v[2] + m->m[12 + r] * v[3];
}

static ref ref_begin(const lc_frame_ubo *u, const lc_gpu_light *lights)
{
    ref R = {u, u->screen.x, u->screen.y, u->light_info.x, u->light_info.y, {{0}}, NULL};
    lc_m4_inverse(&u->view, &R.inv_view);
    R.centre = lc_alloc((R.count ? R.count : 1) * sizeof *R.centre);
    for (uint32_t i = 0; i < R.count; i++) {
        float p[4] = {lights[i].position_radius.x, lights[i].position_radius.y, lights[i].position_radius.z, 1.0f}, v[4];
        mul_point(&u->view, p, v);
        memcpy(R.centre[i], v, sizeof R.centre[i]);
    }
    return R;
}

static void ref_end(ref *R) { free(R->centre); }

static void set_bit(uint32_t *bits, uint32_t buckets, uint32_t cell, uint32_t light)
{
    bits[(size_t)cell * buckets + (light >> 5)] |= 1u << (light & 31u);
}

static bool get_bit(const uint32_t *bits, uint32_t buckets, uint32_t cell, uint32_t light)
{
    return (bits[(size_t)cell * buckets + (light >> 5)] >> (light & 31u)) & 1u;
}

/* --- positions --- */

/* Screen position (pixel edges on integers, row 0 at the top) and depth to view space. */
static void unproject_screen(const lc_frame_ubo *u, float sx, float sy, float depth, float out[3])
{
    float ndc[4] = {2.0f * sx * u->screen_inv.x - 1.0f, 2.0f * sy * u->screen_inv.y - 1.0f, depth, 1.0f}, v[4];
    mul_point(&u->inv_proj, ndc, v);
    for (int a = 0; a < 3; a++) out[a] = v[a] / v[3];
}

void lc_light_cull_ref_unproject(const lc_frame_ubo *u, float px, float py, float depth, float view_out[3])
{
    unproject_screen(u, px + 0.5f, py + 0.5f, depth, view_out);
}

void lc_light_cull_ref_view_to_world(const lc_frame_ubo *u, const float view_pos[3], float world_out[3])
{
    lc_m4 inv;
    lc_m4_inverse(&u->view, &inv);
    float v[4] = {view_pos[0], view_pos[1], view_pos[2], 1.0f}, w[4];
    mul_point(&inv, v, w);
    memcpy(world_out, w, 3 * sizeof(float));
}

/* World position of pixel (x, y) with depth d (< 1). */
static void pixel_world(const ref *R, uint32_t x, uint32_t y, float d, float world[3], float *view_depth)
{
    float v[3];
    lc_light_cull_ref_unproject(R->u, (float)x, (float)y, d, v);
    float v4[4] = {v[0], v[1], v[2], 1.0f}, w[4];
    mul_point(&R->inv_view, v4, w);
    memcpy(world, w, 3 * sizeof(float));
    if (view_depth) *view_depth = -v[2];
}

/* The view-space AABB of the screen rectangle [sx0, sx1] x [sy0, sy1] between positive view
 * depths dlo and dhi: its 4 corner rays cut at both depths. */
static void frustum_box(const lc_frame_ubo *u, float sx0, float sy0, float sx1, float sy1, float dlo, float dhi,
                        float bmin[3], float bmax[3])
{
    const float sx[4] = {sx0, sx1, sx0, sx1}, sy[4] = {sy0, sy0, sy1, sy1}, d[2] = {dlo, dhi};
    for (int a = 0; a < 3; a++) bmin[a] = INFINITY, bmax[a] = -INFINITY;
    for (int c = 0; c < 4; c++) {
        float ray[3];
        unproject_screen(u, sx[c], sy[c], 0.5f, ray);
        float s = 1.0f / -ray[2]; /* the ray's point at view depth 1 */
        for (int k = 0; k < 2; k++)
            for (int a = 0; a < 3; a++) {
                float p = ray[a] * s * d[k];
                bmin[a] = LC_MIN(bmin[a], p);
                bmax[a] = LC_MAX(bmax[a], p);
            }
    }
}

static bool sphere_meets_box(const float c[3], float r, const float bmin[3], const float bmax[3])
{
    float d2 = 0.0f;
    for (int a = 0; a < 3; a++) {
        float e = c[a] < bmin[a] ? bmin[a] - c[a] : c[a] > bmax[a] ? c[a] - bmax[a] : 0.0f;
        d2 += e * e;
    }
    return d2 <= r * r;
}

/* Min and max view depth of the covered pixels (depth < 1) in a pixel rectangle. */
static bool rect_depth_range(const ref *R, const float *depth, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                             float *dmin, float *dmax)
{
    bool any = false;
    *dmin = INFINITY, *dmax = -INFINITY;
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = x0; x < x1; x++) {
            float d = depth[(size_t)y * R->width + x];
            if (!(d < 1.0f)) continue;
            float v[3];
            lc_light_cull_ref_unproject(R->u, (float)x, (float)y, d, v);
            *dmin = LC_MIN(*dmin, -v[2]);
            *dmax = LC_MAX(*dmax, -v[2]);
            any = true;
        }
    return any;
}

/* Lights that may have a non-zero weight at a covered pixel of the rectangle: the sphere,
 * generously grown, meets the rectangle's box. Returns how many went into list. */
static uint32_t prefilter(const ref *R, const lc_gpu_light *lights, const float *depth,
                          uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1, uint32_t *list)
{
    float dmin, dmax, bmin[3], bmax[3];
    if (!rect_depth_range(R, depth, x0, y0, x1, y1, &dmin, &dmax)) return 0;
    frustum_box(R->u, (float)x0, (float)y0, (float)x1, (float)y1, dmin * (1.0f - PREFILTER_SLACK),
                dmax * (1.0f + PREFILTER_SLACK), bmin, bmax);
    uint32_t n = 0;
    for (uint32_t i = 0; i < R->count; i++) {
        const float *c = R->centre[i];
        float reach = fabsf(c[0]) + fabsf(c[1]) + fabsf(c[2]) + dmax;
        float r = lights[i].position_radius.w * (1.0f + PREFILTER_SLACK) + (float)LC_LIGHT_CULL_RADIUS_BIAS + PREFILTER_ABS * reach;
        if (sphere_meets_box(c, r, bmin, bmax)) list[n++] = i;
    }
    return n;
}

/* --- tiles --- */

static uint32_t tile_cells(const lc_frame_ubo *u) { return u->screen.z * u->screen.w; }

void lc_light_cull_ref_tiles_exact(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth, uint32_t *bits)
{
    ref R = ref_begin(u, lights);
    uint32_t tile = u->light_info.z;
    memset(bits, 0, (size_t)tile_cells(u) * R.buckets * sizeof *bits);
    uint32_t *list = lc_alloc((R.count ? R.count : 1) * sizeof *list);
    for (uint32_t ty = 0; ty < u->screen.w; ty++)
        for (uint32_t tx = 0; tx < u->screen.z; tx++) {
            uint32_t x0 = tx * tile, y0 = ty * tile;
            if (x0 >= R.width || y0 >= R.height) continue;
            uint32_t x1 = LC_MIN(x0 + tile, R.width), y1 = LC_MIN(y0 + tile, R.height);
            uint32_t n = prefilter(&R, lights, depth, x0, y0, x1, y1, list);
            uint32_t cell = ty * u->screen.z + tx;
            for (uint32_t y = y0; y < y1 && n; y++)
                for (uint32_t x = x0; x < x1 && n; x++) {
                    float d = depth[(size_t)y * R.width + x];
                    if (!(d < 1.0f)) continue;
                    float p[3];
                    pixel_world(&R, x, y, d, p, NULL);
                    for (uint32_t k = 0; k < n;) {
                        if (lc_light_weight(&lights[list[k]], p) > 0.0f) {
                            set_bit(bits, R.buckets, cell, list[k]);
                            list[k] = list[--n]; /* found for this tile: stop testing it */
                        } else {
                            k++;
                        }
                    }
                }
        }
    free(list);
    ref_end(&R);
}

void lc_light_cull_ref_tiles_bound(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth, float slack, uint32_t *bits)
{
    ref R = ref_begin(u, lights);
    uint32_t tile = u->light_info.z;
    memset(bits, 0, (size_t)tile_cells(u) * R.buckets * sizeof *bits);
    for (uint32_t ty = 0; ty < u->screen.w; ty++)
        for (uint32_t tx = 0; tx < u->screen.z; tx++) {
            uint32_t x0 = tx * tile, y0 = ty * tile;
            if (x0 >= R.width || y0 >= R.height) continue;
            uint32_t x1 = LC_MIN(x0 + tile, R.width), y1 = LC_MIN(y0 + tile, R.height);
            float dmin, dmax, bmin[3], bmax[3];
            if (!rect_depth_range(&R, depth, x0, y0, x1, y1, &dmin, &dmax)) continue;
            frustum_box(u, (float)x0, (float)y0, (float)x1, (float)y1, dmin - slack * dmin, dmax + slack * dmax,
                        bmin, bmax);
            uint32_t cell = ty * u->screen.z + tx;
            for (uint32_t i = 0; i < R.count; i++) {
                float r = lights[i].position_radius.w * (1.0f + slack) + (float)LC_LIGHT_CULL_RADIUS_BIAS;
                if (sphere_meets_box(R.centre[i], r, bmin, bmax)) set_bit(bits, R.buckets, cell, i);
            }
        }
    ref_end(&R);
}

/* --- clusters --- */

static uint32_t cluster_cells(const lc_frame_ubo *u) { return u->zbin_info.y * u->zbin_info.z * u->zbin_info.w; }

static uint32_t cluster_slice(const lc_frame_ubo *u, float view_depth)
{
    uint32_t slices = u->zbin_info.w;
    float f = floorf(logf(view_depth / u->screen_inv.z) * u->zbin_params.z);
    if (!(f > 0.0f)) return 0; /* also depth <= 0 and NaN */
    if (f >= (float)(slices - 1)) return slices - 1;
    return (uint32_t)f;
}

uint32_t lc_light_cull_ref_cluster_index(const lc_frame_ubo *u, uint32_t px, uint32_t py, float view_depth)
{
    uint32_t ct = (uint32_t)u->zbin_params.w;
    uint32_t tx = LC_MIN(px / ct, u->zbin_info.y - 1), ty = LC_MIN(py / ct, u->zbin_info.z - 1);
    return (cluster_slice(u, view_depth) * u->zbin_info.z + ty) * u->zbin_info.y + tx;
}

void lc_light_cull_ref_clusters_exact(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth, uint32_t *bits)
{
    ref R = ref_begin(u, lights);
    uint32_t ct = (uint32_t)u->zbin_params.w;
    memset(bits, 0, (size_t)cluster_cells(u) * R.buckets * sizeof *bits);
    uint32_t *list = lc_alloc((R.count ? R.count : 1) * sizeof *list);
    for (uint32_t y0 = 0; y0 < R.height; y0 += ct)
        for (uint32_t x0 = 0; x0 < R.width; x0 += ct) {
            uint32_t x1 = LC_MIN(x0 + ct, R.width), y1 = LC_MIN(y0 + ct, R.height);
            uint32_t n = prefilter(&R, lights, depth, x0, y0, x1, y1, list);
            for (uint32_t y = y0; y < y1 && n; y++)
                for (uint32_t x = x0; x < x1; x++) {
                    float d = depth[(size_t)y * R.width + x];
                    if (!(d < 1.0f)) continue;
                    float p[3], vd;
                    pixel_world(&R, x, y, d, p, &vd);
                    uint32_t cell = lc_light_cull_ref_cluster_index(u, x, y, vd);
                    for (uint32_t k = 0; k < n; k++)
                        if (!get_bit(bits, R.buckets, cell, list[k]) && lc_light_weight(&lights[list[k]], p) > 0.0f)
                            set_bit(bits, R.buckets, cell, list[k]);
                }
        }
    free(list);
    ref_end(&R);
}

void lc_light_cull_ref_clusters_bound(const lc_frame_ubo *u, const lc_gpu_light *lights, float slack, uint32_t *bits)
{
    ref R = ref_begin(u, lights);
    uint32_t tiles_x = u->zbin_info.y, tiles_y = u->zbin_info.z, slices = u->zbin_info.w;
    float ct = (float)(uint32_t)u->zbin_params.w, near = u->screen_inv.z, scale = u->zbin_params.z;
    memset(bits, 0, (size_t)cluster_cells(u) * R.buckets * sizeof *bits);
    for (uint32_t s = 0; s < slices; s++) {
        float lo = near * expf((float)s / scale), hi = near * expf((float)(s + 1) / scale);
        if (s == 0) lo = near;
        /* The last slice takes everything beyond it; nothing visible lies past far. */
        if (s == slices - 1) hi = 2.0f * LC_MAX(hi, u->screen_inv.w);
        for (uint32_t ty = 0; ty < tiles_y; ty++)
            for (uint32_t tx = 0; tx < tiles_x; tx++) {
                /* Tiles are not clipped to the screen: a culler may treat them whole. */
                float bmin[3], bmax[3];
                frustum_box(u, (float)tx * ct, (float)ty * ct, (float)(tx + 1) * ct, (float)(ty + 1) * ct,
                            lo - slack * lo, hi + slack * hi, bmin, bmax);
                uint32_t cell = (s * tiles_y + ty) * tiles_x + tx;
                for (uint32_t i = 0; i < R.count; i++) {
                    float r = lights[i].position_radius.w * (1.0f + slack) + (float)LC_LIGHT_CULL_RADIUS_BIAS;
                    if (sphere_meets_box(R.centre[i], r, bmin, bmax)) set_bit(bits, R.buckets, cell, i);
                }
            }
    }
    ref_end(&R);
}

/* --- z-bins --- */

uint32_t lc_light_cull_ref_zbin_index(const lc_frame_ubo *u, float view_depth)
{
    uint32_t bins = u->zbin_info.x;
    float f = floorf((view_depth - u->zbin_params.x) * u->zbin_params.y);
    if (!(f > 0.0f) || bins == 0) return 0;
    if (f >= (float)(bins - 1)) return bins - 1;
    return (uint32_t)f;
}

void lc_light_cull_ref_zbins(const lc_frame_ubo *u, const lc_gpu_light *lights, float slack, uint32_t *first, uint32_t *last)
{
    uint32_t bins = u->zbin_info.x;
    for (uint32_t b = 0; b < bins; b++) first[b] = UINT32_MAX, last[b] = 0;
    if (bins == 0) return;
    const float bias = (float)LC_LIGHT_CULL_RADIUS_BIAS;
    for (uint32_t i = 0; i < u->light_info.x; i++) {
        float zmin = lights[i].spot_depth.z, zmax = lights[i].spot_depth.w;
        uint32_t b0 = lc_light_cull_ref_zbin_index(u, zmin - slack * fabsf(zmin) - bias);
        uint32_t b1 = lc_light_cull_ref_zbin_index(u, zmax + slack * fabsf(zmax) + bias);
        for (uint32_t b = b0; b <= b1; b++) {
            first[b] = LC_MIN(first[b], i);
            last[b] = LC_MAX(last[b], i);
        }
    }
}

/* --- pairs --- */

uint64_t lc_light_cull_ref_exact_pairs(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth)
{
    ref R = ref_begin(u, lights);
    uint32_t *list = lc_alloc((R.count ? R.count : 1) * sizeof *list);
    uint64_t pairs = 0;
    for (uint32_t y0 = 0; y0 < R.height; y0 += PREFILTER_BLOCK)
        for (uint32_t x0 = 0; x0 < R.width; x0 += PREFILTER_BLOCK) {
            uint32_t x1 = LC_MIN(x0 + PREFILTER_BLOCK, R.width), y1 = LC_MIN(y0 + PREFILTER_BLOCK, R.height);
            uint32_t n = prefilter(&R, lights, depth, x0, y0, x1, y1, list);
            for (uint32_t y = y0; y < y1 && n; y++)
                for (uint32_t x = x0; x < x1; x++) {
                    float d = depth[(size_t)y * R.width + x];
                    if (!(d < 1.0f)) continue;
                    float p[3];
                    pixel_world(&R, x, y, d, p, NULL);
                    for (uint32_t k = 0; k < n; k++) pairs += lc_light_weight(&lights[list[k]], p) > 0.0f;
                }
        }
    free(list);
    ref_end(&R);
    return pairs;
}
