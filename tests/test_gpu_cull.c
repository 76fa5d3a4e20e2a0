/* The real culling shaders against the CPU reference culler (cull_ref.c), headless on the
 * device with validation on. For each frame the depth buffer and the mode's structure are
 * read back and compared with what cull_ref derives from the same frame constants and
 * packed lights:
 *   tiles, zbin's tile bits, clusters: exact subset of GPU subset of bound;
 *   lists: sorted, no duplicates, within list_max, no overflow, the same set as the tiles
 *          mode computes for the same frame, and also exact subset of list subset of bound;
 *   zbins: the GPU range contains the reference range without slack and lies within the
 *          reference range with twice the shader's widening.
 * Light binning (--binning lights, lights-nodepth): tiles, zbin's and clusters' bits contain
 * the exact sets and lie within an outer bound (lights: the depth-bounded bound above;
 * lights-nodepth and clusters: the light's screen rectangle, from its view-space box, and for
 * clusters its depth range), bucket masks agree; tightness (bits per exact bit) is printed
 * beside the tile-parallel cull's. The light-parallel kernel's bits equal the block-parallel
 * kernel's (--bin-kernel blocks) without depth bounds and are a subset with them.
 * Every mode and binning, scalarized or not, must also miss no light-pixel pair and count as
 * many exact pairs as brute force (the shade pass's own counts). */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "lights/cull_ref.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOUND_SLACK 0.01f

typedef struct cam_case {
    const char *name;
    bool scene_default; /* the scene's own camera */
    float c[5];         /* x, y, z, yaw, pitch */
    float time;
} cam_case;

static const cam_case cams[] = {
    {"default camera", true, {0}, 0.0f},
    {"high corner looking down", false, {6.0f, 9.0f, 10.0f, 40.0f, -30.0f}, 0.7f},
    {"looking back down the nave", false, {-4.0f, 1.0f, -20.0f, 200.0f, 5.0f}, 1.3f},
};

static uint32_t bitcount(const uint32_t *a, size_t words)
{
    uint32_t n = 0;
    for (size_t i = 0; i < words; i++) n += (uint32_t)__builtin_popcount(a[i]);
    return n;
}

/* Bits of a that b lacks. */
static uint32_t missing(const uint32_t *a, const uint32_t *b, size_t words)
{
    uint32_t n = 0;
    for (size_t i = 0; i < words; i++) n += (uint32_t)__builtin_popcount(a[i] & ~b[i]);
    return n;
}

/* Renders one frame of mode for camera cc with app->opt.binning; returns the depth buffer
 * read back. */
static float *render(lc_app *app, uint32_t mode, const cam_case *cc)
{
    lc_frame_settings s = lc_app_settings(app);
    s.mode = mode;
    if (!cc->scene_default) {
        memcpy(s.camera.position, cc->c, sizeof(float) * 3);
        s.camera.yaw_deg = cc->c[3];
        s.camera.pitch_deg = cc->c[4];
    }
    CHECK(lc_app_frame(app, &s, cc->time) == LC_OK);
    lc_renderer_finish(app->renderer);
    return lc_renderer_read(app->renderer, LC_RES_DEPTH, NULL);
}

typedef struct ref_sets {
    uint32_t *exact, *bound;
    size_t words;
} ref_sets;

static void ref_free(ref_sets *r)
{
    free(r->exact);
    free(r->bound);
}

static ref_sets ref_tiles(const lc_renderer *r, const float *depth)
{
    const lc_frame_ubo *u = &r->frame.ubo;
    ref_sets s = {.words = (size_t)u->screen.z * u->screen.w * u->light_info.y};
    s.exact = lc_calloc(s.words + 1, 4);
    s.bound = lc_calloc(s.words + 1, 4);
    lc_light_cull_ref_tiles_exact(u, r->frame.packed, depth, s.exact);
    lc_light_cull_ref_tiles_bound(u, r->frame.packed, depth, BOUND_SLACK, s.bound);
    return s;
}

static void check_between(const char *what, const char *cam, const ref_sets *ref, const uint32_t *gpu)
{
    uint32_t n_exact = bitcount(ref->exact, ref->words), n_gpu = bitcount(gpu, ref->words);
    uint32_t n_bound = bitcount(ref->bound, ref->words);
    uint32_t lost = missing(ref->exact, gpu, ref->words), extra = missing(gpu, ref->bound, ref->words);
    printf("  %-9s %-28s exact %6u  gpu %6u  bound %6u\n", what, cam, n_exact, n_gpu, n_bound);
    CHECK_MSG(lost == 0, "%s, %s: the GPU dropped %u of %u exact (cell, light) pairs", what, cam, lost, n_exact);
    CHECK_MSG(extra == 0, "%s, %s: the GPU has %u pairs outside the bound", what, cam, extra);
    /* A vacuous comparison would hide a broken test setup. */
    CHECK_MSG(n_exact > 0, "%s, %s: no light touches any cell (test setup)", what, cam);
}

/* Renders with the shade pass's own pair counts (a brute-force loop per pixel beside the
 * mode's walk); returns evaluated, exact, missed. */
static void count_pairs(lc_app *app, uint32_t mode, bool scalarize, const cam_case *cc, uint64_t pairs[LC_PAIRS_WORDS])
{
    app->opt.mode = (int)mode;
    app->opt.scalarize = scalarize;
    if (!cc->scene_default) {
        memcpy(app->camera.position, cc->c, sizeof(float) * 3);
        app->camera.yaw_deg = cc->c[3];
        app->camera.pitch_deg = cc->c[4];
    }
    memset(pairs, 0, LC_PAIRS_WORDS * sizeof *pairs);
    CHECK(lc_app_count_pairs(app, NULL, cc->time, pairs) == LC_OK);
}

/* Every mode, scalarized or not, misses no pair, and counts the same exact pairs as brute
 * force (the count must not depend on the mode's loop before it). zbin's scalarized loop
 * shares only the bucket walk across the subgroup: each lane evaluates exactly the lights
 * the unscalarized loop does. */
static void check_pairs(lc_app *app, const cam_case *cc)
{
    uint64_t brute[LC_PAIRS_WORDS], p[LC_PAIRS_WORDS], zbin_unscalarized = 0;
    count_pairs(app, LC_MODE_BRUTE, false, cc, brute);
    CHECK_MSG(brute[1] > 0 && brute[2] == 0, "brute, %s: exact %llu, missed %llu", cc->name,
              (unsigned long long)brute[1], (unsigned long long)brute[2]);
    for (uint32_t m = LC_MODE_LISTS; m < LC_MODE_GPU_COUNT; m++) /* objects: tests/test_objects_mode.sh */
        for (uint32_t b = 0; b < (m == LC_MODE_LISTS ? 1u : (uint32_t)LC_BINNING_COUNT); b++)
            for (int s = b == LC_BINNING_TILES ? 0 : 1; s < 2; s++) { /* binning does not touch the shading loop */
                app->opt.binning = b;
                count_pairs(app, m, s == 1, cc, p);
                app->opt.binning = LC_BINNING_TILES;
                const char *bn = lc_binning_names[b];
                printf("  pairs     %-8s %-14s scalarize %-3s evaluated %8llu  exact %7llu  missed %llu\n", lc_mode_names[m],
                       bn, s ? "on" : "off", (unsigned long long)p[0], (unsigned long long)p[1], (unsigned long long)p[2]);
                CHECK_MSG(p[2] == 0, "%s/%s/%d, %s: %llu light-pixel pairs missed", lc_mode_names[m], bn, s, cc->name,
                          (unsigned long long)p[2]);
                CHECK_MSG(p[1] == brute[1], "%s/%s/%d, %s: exact pairs %llu, brute force %llu", lc_mode_names[m], bn, s,
                          cc->name, (unsigned long long)p[1], (unsigned long long)brute[1]);
                CHECK_MSG(p[0] >= p[1], "%s/%s/%d, %s: evaluated %llu < exact %llu", lc_mode_names[m], bn, s, cc->name,
                          (unsigned long long)p[0], (unsigned long long)p[1]);
                if (m == LC_MODE_ZBIN && b == LC_BINNING_TILES && s == 0) zbin_unscalarized = p[0];
                if (m == LC_MODE_ZBIN && b == LC_BINNING_TILES && s == 1)
                    CHECK_MSG(p[0] == zbin_unscalarized, "zbin, %s: scalarized evaluates %llu pairs, unscalarized %llu", cc->name,
                              (unsigned long long)p[0], (unsigned long long)zbin_unscalarized);
            }
}

/* The second level: bit b of cell c's mask words is set exactly when bucket b of c is not
 * empty (shading skips buckets whose bit is clear, so a missing bit loses lights). */
static void check_bucket_masks(const char *what, const char *cam, const uint32_t *bits, const uint32_t *masks,
                               uint32_t cells, uint32_t buckets)
{
    uint32_t mask_words = (buckets + 31) / 32, wrong = 0, set = 0;
    for (uint32_t c = 0; c < cells; c++) {
        for (uint32_t b = 0; b < buckets; b++) {
            bool bit = (masks[(size_t)c * mask_words + b / 32] >> (b % 32)) & 1u;
            wrong += bit != (bits[(size_t)c * buckets + b] != 0);
            set += bit;
        }
        for (uint32_t b = buckets; b < mask_words * 32; b++) wrong += (masks[(size_t)c * mask_words + b / 32] >> (b % 32)) & 1u;
    }
    CHECK_MSG(wrong == 0, "%s, %s: %u bucket mask bits disagree with the buckets", what, cam, wrong);
    CHECK_MSG(set > 0, "%s, %s: no bucket mask bit set: the check tests nothing", what, cam);
}

static void test_tiles_and_lists(lc_app *app, const cam_case *cc)
{
    lc_renderer *r = app->renderer;
    float *depth = render(app, LC_MODE_TILES, cc);
    uint32_t *tiles = lc_renderer_read(r, LC_RES_TILE_BITS, NULL);
    CHECK(depth && tiles);
    if (!depth || !tiles) return;
    ref_sets ref = ref_tiles(r, depth);
    check_between("tiles", cc->name, &ref, tiles);
    uint32_t *tile_mask = lc_renderer_read(r, LC_RES_TILE_MASK, NULL);
    CHECK(tile_mask);
    if (tile_mask) check_bucket_masks("tile mask", cc->name, tiles, tile_mask, r->frame.ubo.screen.z * r->frame.ubo.screen.w, r->frame.ubo.light_info.y);
    free(tile_mask);
    lc_frame_ubo tiles_ubo = r->frame.ubo;
    uint32_t tiles_count = r->frame.light_count;

    /* Lists: the same lights, camera and time, so the same packed list and depth. */
    float *depth2 = render(app, LC_MODE_LISTS, cc);
    uint32_t *lists = lc_renderer_read(r, LC_RES_TILE_LISTS, NULL);
    lc_gpu_counters *counters = lc_renderer_read(r, LC_RES_COUNTERS, NULL);
    CHECK(depth2 && lists && counters);
    if (depth2 && lists && counters) {
        const lc_frame_ubo *u = &r->frame.ubo;
        CHECK_MSG(r->frame.light_count == tiles_count && !memcmp(&u->view, &tiles_ubo.view, sizeof u->view),
                  "lists frame differs from the tiles frame");
        CHECK_MSG(!memcmp(depth, depth2, (size_t)r->sized.width * r->sized.height * 4), "depth differs between frames");
        CHECK_MSG(counters->lists.x == 0 && counters->lists.y == 0, "%s: lists overflowed: %u tiles, %u lights",
                  cc->name, counters->lists.x, counters->lists.y);
        uint32_t list_max = u->light_info.w, buckets = u->light_info.y, cells = u->screen.z * u->screen.w;
        CHECK(list_max == r->desc.list_max);
        uint32_t *as_bits = lc_calloc(ref.words + 1, 4);
        uint32_t unsorted = 0, out_of_range = 0, longest = 0, differ = 0;
        for (uint32_t c = 0; c < cells; c++) {
            const uint32_t *l = &lists[(size_t)c * (list_max + 1)];
            CHECK_MSG(l[0] <= list_max, "tile %u: list count %u > list_max %u", c, l[0], list_max);
            uint32_t n = LC_MIN(l[0], list_max);
            longest = LC_MAX(longest, n);
            for (uint32_t k = 0; k < n; k++) {
                if (k > 0 && l[1 + k] <= l[k]) unsorted++; /* ascending, hence no duplicates */
                if (l[1 + k] >= r->frame.light_count) {
                    out_of_range++;
                    continue;
                }
                as_bits[(size_t)c * buckets + (l[1 + k] >> 5)] |= 1u << (l[1 + k] & 31u);
            }
        }
        for (size_t w = 0; w < ref.words; w++) differ += (uint32_t)__builtin_popcount(as_bits[w] ^ tiles[w]);
        printf("  lists     %-28s longest list %u of %u\n", cc->name, longest, list_max);
        CHECK_MSG(unsorted == 0, "%s: %u list entries not strictly ascending", cc->name, unsorted);
        CHECK_MSG(out_of_range == 0, "%s: %u list entries beyond the light count", cc->name, out_of_range);
        CHECK_MSG(differ == 0, "%s: lists and tile bits differ in %u (tile, light) pairs", cc->name, differ);
        check_between("lists", cc->name, &ref, as_bits);
        free(as_bits);
    }
    free(depth2);
    free(lists);
    free(counters);
    ref_free(&ref);
    free(tiles);
    free(depth);
}

/* One Z-bin kernel (LC_ZBIN_KERNEL_*); the bins read back are left in *zb_out. */
static void test_zbin_kernel(lc_app *app, const cam_case *cc, uint32_t kernel, uint32_t **zb_out)
{
    lc_renderer *r = app->renderer;
    app->opt.zbin_kernel = kernel;
    float *depth = render(app, LC_MODE_ZBIN, cc);
    CHECK_MSG(lc_zbin_per_bin(r) == (kernel == LC_ZBIN_KERNEL_BINS), "zbin kernel %s not used", lc_zbin_kernel_names[kernel]);
    uint32_t *tiles = lc_renderer_read(r, LC_RES_TILE_BITS, NULL);
    uint32_t *zb = lc_renderer_read(r, LC_RES_ZBINS, NULL);
    CHECK(depth && tiles && zb);
    if (depth && tiles && zb) {
        ref_sets ref = ref_tiles(r, depth);
        check_between("zbin bits", cc->name, &ref, tiles);
        ref_free(&ref);

        const lc_frame_ubo *u = &r->frame.ubo;
        uint32_t bins = u->zbin_info.x;
        CHECK(bins == r->desc.zbin_count);
        uint32_t *f0 = lc_alloc(bins * 4), *l0 = lc_alloc(bins * 4), *f2 = lc_alloc(bins * 4), *l2 = lc_alloc(bins * 4);
        lc_light_cull_ref_zbins(u, r->frame.packed, 0.0f, f0, l0);
        lc_light_cull_ref_zbins(u, r->frame.packed, 2.0f * (float)LC_LIGHT_CULL_DEPTH_EPS, f2, l2);
        uint32_t too_tight = 0, too_loose = 0, nonempty = 0;
        for (uint32_t b = 0; b < bins; b++) {
            uint32_t first = zb[2 * b], last = ~zb[2 * b + 1];
            bool gpu_empty = first > last, ref_empty = f0[b] > l0[b], loose_empty = f2[b] > l2[b];
            nonempty += !gpu_empty;
            if (!ref_empty && (gpu_empty || first > f0[b] || last < l0[b])) {
                if (too_tight++ < 5)
                    fprintf(stderr, "  bin %u: gpu [%u, %u] misses reference [%u, %u]\n", b, first, last, f0[b], l0[b]);
            }
            if (!gpu_empty && (loose_empty || first < f2[b] || last > l2[b])) {
                if (too_loose++ < 5)
                    fprintf(stderr, "  bin %u: gpu [%u, %u] exceeds widened reference [%u, %u]\n", b, first, last, f2[b],
                            l2[b]);
            }
        }
        printf("  zbins %-6s %-27s %u of %u bins hold lights\n", lc_zbin_kernel_names[kernel], cc->name, nonempty, bins);
        CHECK_MSG(too_tight == 0, "%s: %u z-bins miss lights of the reference range", cc->name, too_tight);
        CHECK_MSG(too_loose == 0, "%s: %u z-bins reach beyond the widened reference range", cc->name, too_loose);
        CHECK_MSG(nonempty > 0, "%s: every z-bin is empty (test setup)", cc->name);

        /* Every covered pixel's bin range must hold each light that lights the pixel, and
         * the pixel's tile bits must have it: the two halves of the zbin mode together. */
        uint32_t lost = 0;
        for (uint32_t y = 0; y < r->sized.height; y += 3)
            for (uint32_t x = 0; x < r->sized.width; x += 3) {
                float d = depth[(size_t)y * r->sized.width + x];
                if (!(d < 1.0f)) continue;
                float v[3], w[3];
                lc_light_cull_ref_unproject(u, (float)x, (float)y, d, v);
                lc_light_cull_ref_view_to_world(u, v, w);
                float bin = floorf((-v[2] - u->zbin_params.x) * u->zbin_params.y);
                uint32_t tile = (y / u->light_info.z) * u->screen.z + x / u->light_info.z;
                for (uint32_t i = 0; i < r->frame.light_count; i++) {
                    if (!(lc_light_weight(&r->frame.packed[i], w) > 0.0f)) continue;
                    bool in_bin = bin >= 0.0f && bin < (float)bins && zb[2 * (uint32_t)bin] <= i &&
                                  i <= ~zb[2 * (uint32_t)bin + 1];
                    bool in_tile = (tiles[(size_t)tile * u->light_info.y + (i >> 5)] >> (i & 31u)) & 1u;
                    if (!in_bin || !in_tile) {
                        if (lost++ < 5)
                            fprintf(stderr, "  pixel %u,%u light %u: in bin %d, in tile %d\n", x, y, i, in_bin, in_tile);
                    }
                }
            }
        CHECK_MSG(lost == 0, "%s: %u lit (pixel, light) pairs outside the zbin range or tile bits", cc->name, lost);
        free(f0), free(l0), free(f2), free(l2);
    }
    *zb_out = zb;
    free(tiles);
    free(depth);
}

/* Both Z-bin kernels against the reference, and against each other: the same bins, bit for
 * bit (they share lc_light_zbins). */
static void test_zbin(lc_app *app, const cam_case *cc)
{
    uint32_t *per_light = NULL, *per_bin = NULL;
    uint32_t saved = app->opt.zbin_kernel;
    test_zbin_kernel(app, cc, LC_ZBIN_KERNEL_LIGHTS, &per_light);
    test_zbin_kernel(app, cc, LC_ZBIN_KERNEL_BINS, &per_bin);
    app->opt.zbin_kernel = saved;
    if (per_light && per_bin) {
        uint32_t bins = app->renderer->desc.zbin_count, differ = 0;
        for (uint32_t b = 0; b < 2 * bins; b++) differ += per_light[b] != per_bin[b];
        CHECK_MSG(differ == 0, "%s: the per-bin and per-light Z-bin kernels differ in %u words", cc->name, differ);
    }
    free(per_light);
    free(per_bin);
}

static void test_clusters(lc_app *app, const cam_case *cc)
{
    lc_renderer *r = app->renderer;
    float *depth = render(app, LC_MODE_CLUSTERS, cc);
    uint32_t *bits = lc_renderer_read(r, LC_RES_CLUSTER_BITS, NULL);
    CHECK(depth && bits);
    if (depth && bits) {
        const lc_frame_ubo *u = &r->frame.ubo;
        ref_sets ref = {.words = (size_t)u->zbin_info.y * u->zbin_info.z * u->zbin_info.w * u->light_info.y};
        ref.exact = lc_calloc(ref.words + 1, 4);
        ref.bound = lc_calloc(ref.words + 1, 4);
        lc_light_cull_ref_clusters_exact(u, r->frame.packed, depth, ref.exact);
        lc_light_cull_ref_clusters_bound(u, r->frame.packed, BOUND_SLACK, ref.bound);
        check_between("clusters", cc->name, &ref, bits);
        /* The masks follow every cluster's bucket words (shaders/cull_clusters.comp). */
        uint32_t cells = u->zbin_info.y * u->zbin_info.z * u->zbin_info.w;
        check_bucket_masks("cluster mask", cc->name, bits, bits + (size_t)cells * u->light_info.y, cells, u->light_info.y);
        ref_free(&ref);
    }
    free(bits);
    free(depth);
}

/* An outer bound for footprint binning, independent of the shader's math: cell (x, y, slice)
 * may hold light i only if the cell's pixel rectangle meets the screen rectangle of the
 * light's view-space box (radius grown by slack, cut at the near plane) and, with slices,
 * the slice meets the light's view depth range grown by slack. Cells: cells_x * cells_y of
 * cell_px pixels, tiles whole (not clipped to the screen). */
static void footprint_bound(const lc_frame_ubo *u, const lc_gpu_light *lights, uint32_t cells_x, uint32_t cells_y,
                            float cell_px, uint32_t slices, float slack, uint32_t *bits)
{
    uint32_t buckets = u->light_info.y;
    float near = u->screen_inv.z;
    memset(bits, 0, (size_t)cells_x * cells_y * slices * buckets * 4);
    lc_m4 vp = u->proj;
    for (uint32_t i = 0; i < u->light_info.x; i++) {
        const lc_gpu_light *l = &lights[i];
        const float *m = u->view.m;
        float p[3] = {l->position_radius.x, l->position_radius.y, l->position_radius.z}, c[3];
        for (int a = 0; a < 3; a++) c[a] = m[a] * p[0] + m[4 + a] * p[1] + m[8 + a] * p[2] + m[12 + a];
        float r = l->position_radius.w * (1.0f + slack) + (float)LC_LIGHT_CULL_RADIUS_BIAS;
        float zhi = fminf(c[2] + r, -near * (1.0f - slack)); /* nearest view z that can be seen */
        if (c[2] - r > zhi) continue;
        float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
        for (int k = 0; k < 8; k++) {
            float v[4] = {c[0] + (k & 1 ? r : -r), c[1] + (k & 2 ? r : -r), k & 4 ? zhi : c[2] - r, 1.0f}, clip[4];
            for (int a = 0; a < 4; a++)
                clip[a] = vp.m[a] * v[0] + vp.m[4 + a] * v[1] + vp.m[8 + a] * v[2] + vp.m[12 + a] * v[3];
            float px = (clip[0] / clip[3] * 0.5f + 0.5f) * (float)u->screen.x;
            float py = (clip[1] / clip[3] * 0.5f + 0.5f) * (float)u->screen.y;
            x0 = fminf(x0, px), x1 = fmaxf(x1, px), y0 = fminf(y0, py), y1 = fmaxf(y1, py);
        }
        float zmin = l->spot_depth.z, zmax = l->spot_depth.w;
        zmin -= slack * fabsf(zmin) + (float)LC_LIGHT_CULL_RADIUS_BIAS;
        zmax += slack * fabsf(zmax) + (float)LC_LIGHT_CULL_RADIUS_BIAS;
        for (uint32_t s = 0; s < slices; s++) {
            if (slices > 1) {
                float lo = near * expf((float)s / u->zbin_params.z), hi = near * expf((float)(s + 1) / u->zbin_params.z);
                if (s == 0) lo = 0.0f;
                if (s == slices - 1) hi = INFINITY;
                if (zmax < lo * (1.0f - slack) || zmin > hi * (1.0f + slack)) continue;
            }
            for (uint32_t cy = 0; cy < cells_y; cy++)
                for (uint32_t cx = 0; cx < cells_x; cx++) {
                    float px0 = (float)cx * cell_px, py0 = (float)cy * cell_px;
                    if (px0 > x1 + 1.0f || px0 + cell_px < x0 - 1.0f || py0 > y1 + 1.0f || py0 + cell_px < y0 - 1.0f) continue;
                    size_t cell = ((size_t)s * cells_y + cy) * cells_x + cx;
                    bits[cell * buckets + (i >> 5)] |= 1u << (i & 31u);
                }
        }
    }
}

/* The same frame binned by the block-parallel kernel (--bin-kernel blocks): its bits (tile
 * bits, or cluster bits then masks), read back. */
static uint32_t *blocks_bits(lc_app *app, uint32_t mode, uint32_t binning, const cam_case *cc)
{
    lc_renderer *r = app->renderer;
    app->opt.bin_kernel = LC_BIN_KERNEL_BLOCKS;
    app->opt.binning = binning;
    free(render(app, mode, cc));
    app->opt.binning = LC_BINNING_TILES;
    app->opt.bin_kernel = LC_BIN_KERNEL_LIGHTS;
    return lc_renderer_read(r, mode == LC_MODE_CLUSTERS ? LC_RES_CLUSTER_BITS : LC_RES_TILE_BITS, NULL);
}

/* The light-parallel kernel (bits) against the block-parallel one (blocks): the same per-cell
 * tests, so without depth bounds the same bits, whatever order the atomics ran in; with them
 * each tile's depth range replaces the block's, which only removes bits. */
static void check_kernels(const char *what, const char *cam, const uint32_t *bits, const uint32_t *blocks, size_t words,
                          bool same)
{
    CHECK(blocks != NULL);
    if (!blocks) return;
    uint32_t extra = missing(bits, blocks, words), fewer = missing(blocks, bits, words);
    printf("  kernels   %-20s %-28s lights %6u  blocks %6u\n", what, cam, bitcount(bits, words), bitcount(blocks, words));
    CHECK_MSG(extra == 0, "%s, %s: %u bits the block-parallel kernel does not set", what, cam, extra);
    if (same) CHECK_MSG(fewer == 0, "%s, %s: %u bits of the block-parallel kernel missing", what, cam, fewer);
}

/* Light binning for tiles (with depth bounds), zbin (footprint alone) and clusters, by the
 * light-parallel kernel, then against the block-parallel one. */
static void test_light_binning(lc_app *app, const cam_case *cc)
{
    lc_renderer *r = app->renderer;
    /* The tile-parallel cull of the same frame, for the tightness figures. */
    float *depth = render(app, LC_MODE_TILES, cc);
    uint32_t *tile_parallel = lc_renderer_read(r, LC_RES_TILE_BITS, NULL);
    CHECK(depth && tile_parallel);
    if (!depth || !tile_parallel) {
        free(depth);
        free(tile_parallel);
        return;
    }
    ref_sets ref = ref_tiles(r, depth);
    uint32_t n_exact = bitcount(ref.exact, ref.words), n_parallel = bitcount(tile_parallel, ref.words);
    static const struct { uint32_t mode, binning; } runs[] = {
        {LC_MODE_TILES, LC_BINNING_LIGHTS}, {LC_MODE_ZBIN, LC_BINNING_LIGHTS}, {LC_MODE_ZBIN, LC_BINNING_LIGHTS_NODEPTH}};
    for (size_t k = 0; k < LC_ARRAY_COUNT(runs); k++) {
        app->opt.binning = runs[k].binning;
        float *depth2 = render(app, runs[k].mode, cc);
        app->opt.binning = LC_BINNING_TILES;
        uint32_t *bits = lc_renderer_read(r, LC_RES_TILE_BITS, NULL);
        uint32_t *mask = lc_renderer_read(r, LC_RES_TILE_MASK, NULL);
        CHECK(depth2 && bits && mask);
        if (depth2 && bits && mask) {
            CHECK_MSG(!memcmp(depth, depth2, (size_t)r->sized.width * r->sized.height * 4), "depth differs between frames");
            char what[64];
            snprintf(what, sizeof what, "%s/%s", lc_mode_names[runs[k].mode], lc_binning_names[runs[k].binning]);
            ref_sets outer = ref;
            uint32_t *fp = NULL;
            if (runs[k].binning == LC_BINNING_LIGHTS_NODEPTH) {
                /* No depth bounds: the screen-rectangle bound instead of the depth-bounded one. */
                fp = lc_calloc(ref.words + 1, 4);
                footprint_bound(&r->frame.ubo, r->frame.packed, r->frame.ubo.screen.z, r->frame.ubo.screen.w, (float)r->frame.ubo.light_info.z, 1,
                                BOUND_SLACK, fp);
                outer.bound = fp;
            }
            check_between(what, cc->name, &outer, bits);
            check_bucket_masks(what, cc->name, bits, mask, r->frame.ubo.screen.z * r->frame.ubo.screen.w, r->frame.ubo.light_info.y);
            uint32_t n = bitcount(bits, ref.words);
            printf("  tightness %-20s %-28s bits/exact %.3f (tile-parallel %.3f)\n", what, cc->name,
                   (double)n / LC_MAX(n_exact, 1u), (double)n_parallel / LC_MAX(n_exact, 1u));
            /* With depth bounds the footprint only removes lights from the tile-parallel test. */
            if (runs[k].binning == LC_BINNING_LIGHTS)
                CHECK_MSG(n <= n_parallel, "%s, %s: %u bits, more than the tile-parallel cull's %u", what, cc->name, n,
                          n_parallel);
            uint32_t *blocks = blocks_bits(app, runs[k].mode, runs[k].binning, cc);
            check_kernels(what, cc->name, bits, blocks, ref.words, runs[k].binning == LC_BINNING_LIGHTS_NODEPTH);
            free(blocks);
            free(fp);
        }
        free(depth2);
        free(bits);
        free(mask);
    }
    ref_free(&ref);
    free(tile_parallel);

    /* Clusters: the footprint x the light's depth slices. */
    app->opt.binning = LC_BINNING_LIGHTS;
    float *depth3 = render(app, LC_MODE_CLUSTERS, cc);
    app->opt.binning = LC_BINNING_TILES;
    uint32_t *bits = lc_renderer_read(r, LC_RES_CLUSTER_BITS, NULL);
    CHECK(depth3 && bits);
    if (depth3 && bits) {
        const lc_frame_ubo *u = &r->frame.ubo;
        uint32_t cells = u->zbin_info.y * u->zbin_info.z * u->zbin_info.w;
        ref_sets cref = {.words = (size_t)cells * u->light_info.y};
        cref.exact = lc_calloc(cref.words + 1, 4);
        cref.bound = lc_calloc(cref.words + 1, 4);
        lc_light_cull_ref_clusters_exact(u, r->frame.packed, depth3, cref.exact);
        footprint_bound(u, r->frame.packed, u->zbin_info.y, u->zbin_info.z, u->zbin_params.w, u->zbin_info.w, BOUND_SLACK,
                        cref.bound);
        check_between("clusters/lights", cc->name, &cref, bits);
        check_bucket_masks("clusters/lights", cc->name, bits, bits + cref.words, cells, u->light_info.y);
        uint32_t *blocks = blocks_bits(app, LC_MODE_CLUSTERS, LC_BINNING_LIGHTS, cc);
        check_kernels("clusters/lights", cc->name, bits, blocks, cref.words, true);
        free(blocks);
        printf("  tightness %-20s %-28s bits/exact %.3f\n", "clusters/lights", cc->name,
               (double)bitcount(bits, cref.words) / LC_MAX(bitcount(cref.exact, cref.words), 1u));
        ref_free(&cref);
    }
    free(bits);
    free(depth3);
    free(depth);
}

static void run_app(const char *label, int argc, char **argv)
{
    printf("%s\n", label);
    lc_app *app = lc_test_app_start(argc, argv);
    CHECK_MSG(app != NULL, "%s: cannot start", label);
    if (!app) return;
    CHECK_MSG(app->ctx.validation, "%s: validation layer not enabled", label);
    /* The tile-parallel cull unless a test says otherwise (light binning is the app's default). */
    app->opt.binning = LC_BINNING_TILES;
    CHECK(app->renderer->sized.width == app->opt.width && app->renderer->sized.height == app->opt.height);
    for (size_t c = 0; c < LC_ARRAY_COUNT(cams); c++) {
        test_tiles_and_lists(app, &cams[c]);
        test_zbin(app, &cams[c]);
        test_clusters(app, &cams[c]);
        test_light_binning(app, &cams[c]);
        CHECK_MSG(app->renderer->frame.light_count > 16, "%s: only %u lights visible (test setup)", cams[c].name,
                  app->renderer->frame.light_count);
    }
    /* The shade pass walking each structure misses no pair (one camera: the counts add a
     * brute-force loop per pixel). */
    check_pairs(app, &cams[1]);
    lc_test_app_stop(app);
}

/* Many lights: past the per-bin Z-bin kernel's automatic range (LC_ZBIN_BINS_MAX_LIGHTS), both
 * Z-bin kernels against the reference and each other; and light binning with more work-list
 * items than the light-parallel kernel has workgroups (LC_BIN_GROUPS: each takes several),
 * against the tile-parallel bits and the block-parallel kernel. */
static void run_many_lights(void)
{
    char *many[] = {"--headless", "--quiet", "--validate", "--size", "200x120", "--lights", "40000", "--seed", "5"};
    printf("200x120, 40000 lights: Z-bins and light binning of many lights\n");
    lc_app *app = lc_test_app_start((int)LC_ARRAY_COUNT(many), many);
    CHECK_MSG(app != NULL, "40000 lights: cannot start");
    if (!app) return;
    app->opt.binning = LC_BINNING_TILES;
    /* One camera (the default sees the most lights): the CPU references take most of the time. */
    test_zbin(app, &cams[0]);
    test_light_binning(app, &cams[0]);
    CHECK_MSG(app->renderer->frame.light_count > LC_BIN_GROUPS, "%s: only %u lights visible (test setup)", cams[0].name,
              app->renderer->frame.light_count);
    lc_test_app_stop(app);
}

int main(void)
{
    /* Explicit tile sizes: lists then share the bit-array modes' grid, so they can be compared. */
    char *square[] = {"--headless", "--quiet", "--validate", "--size", "256x144", "--lights", "200", "--seed", "7",
                      "--tile-size", "8"};
    run_app("256x144, 8 px tiles", (int)LC_ARRAY_COUNT(square), square);
    /* Partial tiles and clusters on the right and bottom edges, other structure sizes. */
    char *odd[] = {"--headless", "--quiet", "--validate", "--size", "250x130", "--lights", "200", "--seed", "11",
                   "--tile-size", "32", "--cluster-size", "48", "--cluster-slices", "16", "--zbins", "1000",
                   "--list-max", "256"};
    run_app("250x130, 32 px tiles, 48 px clusters", (int)LC_ARRAY_COUNT(odd), odd);
    run_many_lights();
    uint32_t msgs = lc_validation_message_count();
    CHECK_MSG(msgs == 0, "%u validation message(s)", msgs);
    return lc_test_finish("test_gpu_cull");
}
