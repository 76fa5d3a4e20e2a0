/* CPU reference culler: the conventions (pixel centres, y down, depth), exact sets against
 * a hand-computed case and a brute-force loop, bound sets containing the exact ones,
 * clusters and z-bins. */
#include "lights/cull_ref.h"
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


#define CLUSTER_TILE 32u
#define SLICES 12u
#define ZBINS 48u

static void make_ubo(lc_frame_ubo *u, const lc_camera *cam, uint32_t w, uint32_t h, uint32_t tile, uint32_t count)
{
    memset(u, 0, sizeof *u);
    lc_camera_matrices(cam, (float)w / (float)h, &u->view, &u->proj);
    lc_m4_mul(&u->proj, &u->view, &u->view_proj);
    lc_m4_inverse(&u->proj, &u->inv_proj);
    u->camera_pos = (lc_f4){cam->position[0], cam->position[1], cam->position[2], 0.0f};
    u->screen_inv = (lc_f4){1.0f / (float)w, 1.0f / (float)h, cam->near_z, cam->far_z};
    u->screen = (lc_u4){w, h, LC_DIV_UP(w, tile), LC_DIV_UP(h, tile)};
    u->light_info = (lc_u4){count, LC_DIV_UP(count, 32u), tile, 256};
    u->zbin_info = (lc_u4){ZBINS, LC_DIV_UP(w, CLUSTER_TILE), LC_DIV_UP(h, CLUSTER_TILE), SLICES};
    u->zbin_params = (lc_f4){cam->near_z, (float)ZBINS / (cam->far_z - cam->near_z),
                             (float)SLICES / logf(cam->far_z / cam->near_z), (float)CLUSTER_TILE};
}

/* Depth-buffer value of a positive view depth. */
static float depth_of(const lc_frame_ubo *u, float d)
{
    const float *m = u->proj.m;
    return (m[10] * -d + m[14]) / (m[11] * -d + m[15]);
}

static bool bit(const uint32_t *bits, uint32_t buckets, uint32_t cell, uint32_t light)
{
    return (bits[(size_t)cell * buckets + (light >> 5)] >> (light & 31u)) & 1u;
}

/* a is a subset of b; returns how many of a's bits b lacks. */
static uint64_t not_subset(const uint32_t *a, const uint32_t *b, size_t words)
{
    uint64_t n = 0;
    for (size_t i = 0; i < words; i++) n += (uint64_t)__builtin_popcount(a[i] & ~b[i]);
    return n;
}

static uint64_t popcount(const uint32_t *a, size_t words)
{
    uint64_t n = 0;
    for (size_t i = 0; i < words; i++) n += (uint64_t)__builtin_popcount(a[i]);
    return n;
}

static void pixel_world(const lc_frame_ubo *u, uint32_t x, uint32_t y, float d, float world[3], float *vd)
{
    float v[3];
    lc_light_cull_ref_unproject(u, (float)x, (float)y, d, v);
    lc_light_cull_ref_view_to_world(u, v, world);
    if (vd) *vd = -v[2];
}

/* --- a single light on a flat wall facing the camera --- */

static void test_flat_plane(void)
{
    const uint32_t W = 128, H = 96, T = 16;
    const float D = 10.0f, fov = 60.0f;
    lc_camera cam = {{0, 0, 0}, 0, 0, fov, 0.1f, 100.0f};
    lc_frame_ubo u;
    make_ubo(&u, &cam, W, H, T, 1);
    float *depth = malloc(W * H * sizeof *depth);
    for (uint32_t i = 0; i < W * H; i++) depth[i] = depth_of(&u, D);

    /* Conventions: pixel centres, row 0 at the top (+y), -z forward. */
    float th = tanf(fov * 0.5f * 0.017453292f), aspect = (float)W / (float)H;
    float worst = 0.0f;
    for (uint32_t y = 0; y < H; y += 7)
        for (uint32_t x = 0; x < W; x += 5) {
            float v[3];
            lc_light_cull_ref_unproject(&u, (float)x, (float)y, depth[y * W + x], v);
            float ex = (2.0f * ((float)x + 0.5f) / (float)W - 1.0f) * D * th * aspect;
            float ey = -(2.0f * ((float)y + 0.5f) / (float)H - 1.0f) * D * th;
            worst = LC_MAX(worst, fabsf(v[0] - ex) + fabsf(v[1] - ey) + fabsf(v[2] + D));
        }
    CHECK_MSG(worst < 1e-3f, "unproject off by %g", worst);

    /* A point light on the wall, and a spot 3 m in front of it pointing at it: lit discs of
     * radius 2.5 m and 3 tan(30) = 1.73 m. */
    const float cx = 1.3f, cy = -0.7f;
    lc_light lights[2] = {
        {LC_LIGHT_POINT, {cx, cy, -D}, 2.5f, {0, 0, -1}, 0, 0, {1, 1, 1}, 1, false},
        {LC_LIGHT_SPOT, {cx, cy, -D + 3.0f}, 5.0f, {0, 0, -1}, 10.0f, 30.0f, {1, 1, 1}, 1, false},
    };
    const float disc[2] = {2.5f, 3.0f * tanf(30.0f * 0.017453292f)};
    uint32_t tiles = u.screen.z * u.screen.w;
    uint32_t *exact = calloc(tiles, sizeof *exact), *bound = calloc(tiles, sizeof *bound);
    for (int li = 0; li < 2; li++) {
        lc_gpu_light g;
        lc_light_pack(&lights[li], &u.view, &g);
        lc_light_cull_ref_tiles_exact(&u, &g, depth, exact);
        lc_light_cull_ref_tiles_bound(&u, &g, depth, 0.0f, bound);
        uint32_t wrong = 0, set = 0;
        for (uint32_t ty = 0; ty < u.screen.w; ty++)
            for (uint32_t tx = 0; tx < u.screen.z; tx++) {
                /* The nearest pixel centre of the tile to the disc centre. */
                float best = INFINITY;
                for (uint32_t y = ty * T; y < LC_MIN((ty + 1) * T, H); y++)
                    for (uint32_t x = tx * T; x < LC_MIN((tx + 1) * T, W); x++) {
                        float px = (2.0f * ((float)x + 0.5f) / (float)W - 1.0f) * D * th * aspect;
                        float py = -(2.0f * ((float)y + 0.5f) / (float)H - 1.0f) * D * th;
                        best = LC_MIN(best, sqrtf((px - cx) * (px - cx) + (py - cy) * (py - cy)));
                    }
                bool got = bit(exact, 1, ty * u.screen.z + tx, 0);
                set += got;
                if (best < disc[li] * 0.999f && !got) wrong++;
                if (best > disc[li] * 1.001f && got) wrong++;
                if (got && !bit(bound, 1, ty * u.screen.z + tx, 0)) wrong++;
            }
        CHECK_MSG(wrong == 0, "light %d: %u tiles wrong", li, wrong);
        /* The disc centre's tile is set, the far corner's is not, in both sets. */
        uint32_t px = (uint32_t)((cx / (D * th * aspect) + 1.0f) * 0.5f * (float)W);
        uint32_t py = (uint32_t)((-cy / (D * th) + 1.0f) * 0.5f * (float)H);
        uint32_t centre = (py / T) * u.screen.z + px / T;
        CHECK(bit(exact, 1, centre, 0) && bit(bound, 1, centre, 0));
        CHECK(!bit(exact, 1, 0, 0) && !bit(bound, 1, 0, 0));
        CHECK_MSG(set >= 4 && set < tiles / 2, "light %d lights %u tiles", li, set);
        printf("flat wall, light %d: %u of %u tiles exact, %llu bound\n", li, set, tiles,
               (unsigned long long)popcount(bound, tiles));
    }
    /* Background pixels make a tile empty. */
    for (uint32_t i = 0; i < W * H; i++) depth[i] = 1.0f;
    lc_gpu_light g;
    lc_light_pack(&lights[0], &u.view, &g);
    lc_light_cull_ref_tiles_bound(&u, &g, depth, 0.5f, bound);
    CHECK(popcount(bound, tiles) == 0);
    CHECK(lc_light_cull_ref_exact_pairs(&u, &g, depth) == 0);
    free(exact);
    free(bound);
    free(depth);
}

/* --- random scenes against brute force --- */

typedef struct scene {
    lc_frame_ubo u;
    float *depth;
    lc_gpu_light *lights;
    uint32_t w, h, count;
} scene;

static void random_scene(scene *s, uint32_t w, uint32_t h, uint32_t tile, uint32_t count)
{
    lc_camera cam = {{lc_test_rnd(-3, 3), lc_test_rnd(0, 3), lc_test_rnd(-3, 3)}, lc_test_rnd(-180, 180), lc_test_rnd(-60, 60), lc_test_rnd(45, 80), 0.1f, 60.0f};
    s->w = w, s->h = h, s->count = count;
    make_ubo(&s->u, &cam, w, h, tile, count);
    s->depth = malloc(w * h * sizeof *s->depth);
    float f1 = lc_test_rnd(0.02f, 0.1f), f2 = lc_test_rnd(0.02f, 0.1f), base = lc_test_rnd(3, 12);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            float d = base + 4.0f * sinf((float)x * f1) * cosf((float)y * f2);
            if (((x / 9 + y / 13) % 7) == 0) d *= 0.5f;          /* depth discontinuities */
            bool sky = ((x / 20) + (y / 15)) % 5 == 0 || lc_test_rnd(0, 1) < 0.02f; /* and holes */
            s->depth[y * w + x] = sky ? 1.0f : depth_of(&s->u, LC_MAX(d, 0.2f));
        }
    /* Lights around the visible surfaces: a random pixel, a random depth near it. */
    lc_light *l = calloc(count, sizeof *l);
    for (uint32_t i = 0; i < count; i++) {
        float v[3];
        lc_light_cull_ref_unproject(&s->u, lc_test_rnd(-10, (float)w + 10), lc_test_rnd(-10, (float)h + 10), depth_of(&s->u, lc_test_rnd(0.5f, 20)), v);
        lc_light_cull_ref_view_to_world(&s->u, v, l[i].position);
        l[i].type = lc_test_rnd64() & 1 ? LC_LIGHT_SPOT : LC_LIGHT_POINT;
        l[i].radius = lc_test_rnd(0.2f, 4.0f);
        float d[3] = {lc_test_rnd(-1, 1), lc_test_rnd(-1, 1) - 0.3f, lc_test_rnd(-1, 1)};
        float len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int k = 0; k < 3; k++) l[i].direction[k] = d[k] / len;
        l[i].outer_deg = lc_test_rnd(5, 150);
        l[i].inner_deg = l[i].outer_deg * lc_test_rnd(0, 1);
        l[i].color[0] = l[i].color[1] = l[i].color[2] = 1.0f;
        l[i].intensity = 1.0f;
    }
    s->lights = malloc(count * sizeof *s->lights);
    for (uint32_t i = 0; i < count; i++) lc_light_pack(&l[i], &s->u.view, &s->lights[i]);
    free(l);
}

static void scene_free(scene *s)
{
    free(s->depth);
    free(s->lights);
}

static void test_random_tiles_and_clusters(void)
{
    for (int round = 0; round < 3; round++) {
        scene s;
        random_scene(&s, round == 0 ? 128 : 120, round == 0 ? 96 : 90, round == 2 ? 8 : 16, 256);
        const lc_frame_ubo *u = &s.u;
        uint32_t buckets = u->light_info.y, tiles = u->screen.z * u->screen.w;
        uint32_t clusters = u->zbin_info.y * u->zbin_info.z * u->zbin_info.w;
        size_t tw = (size_t)tiles * buckets, cw = (size_t)clusters * buckets;
        uint32_t *brute_t = calloc(tw, 4), *exact_t = calloc(tw, 4), *bound0 = calloc(tw, 4), *bound1 = calloc(tw, 4);
        uint32_t *brute_c = calloc(cw, 4), *exact_c = calloc(cw, 4), *bound_c = calloc(cw, 4);
        uint64_t pairs = 0;
        uint32_t tile = u->light_info.z;
        for (uint32_t y = 0; y < s.h; y++)
            for (uint32_t x = 0; x < s.w; x++) {
                float d = s.depth[y * s.w + x];
                if (!(d < 1.0f)) continue;
                float p[3], vd;
                pixel_world(u, x, y, d, p, &vd);
                uint32_t t = (y / tile) * u->screen.z + x / tile, c = lc_light_cull_ref_cluster_index(u, x, y, vd);
                for (uint32_t i = 0; i < s.count; i++)
                    if (lc_light_weight(&s.lights[i], p) > 0.0f) {
                        brute_t[(size_t)t * buckets + (i >> 5)] |= 1u << (i & 31);
                        brute_c[(size_t)c * buckets + (i >> 5)] |= 1u << (i & 31);
                        pairs++;
                    }
            }
        lc_light_cull_ref_tiles_exact(u, s.lights, s.depth, exact_t);
        lc_light_cull_ref_tiles_bound(u, s.lights, s.depth, 0.0f, bound0);
        lc_light_cull_ref_tiles_bound(u, s.lights, s.depth, 0.05f, bound1);
        lc_light_cull_ref_clusters_exact(u, s.lights, s.depth, exact_c);
        lc_light_cull_ref_clusters_bound(u, s.lights, 0.0f, bound_c);
        CHECK_MSG(memcmp(brute_t, exact_t, tw * 4) == 0, "round %d: tile exact sets differ from brute force", round);
        CHECK_MSG(memcmp(brute_c, exact_c, cw * 4) == 0, "round %d: cluster exact sets differ from brute force", round);
        CHECK(lc_light_cull_ref_exact_pairs(u, s.lights, s.depth) == pairs);
        CHECK_MSG(not_subset(exact_t, bound0, tw) == 0, "round %d: tile exact not in bound", round);
        CHECK(not_subset(bound0, bound1, tw) == 0);
        CHECK_MSG(not_subset(exact_c, bound_c, cw) == 0, "round %d: cluster exact not in bound", round);
        uint64_t ne = popcount(exact_t, tw), nb = popcount(bound0, tw), nce = popcount(exact_c, cw), ncb = popcount(bound_c, cw);
        printf("round %d: %llu pairs; tiles exact %llu bound %llu; clusters exact %llu bound %llu\n", round,
               (unsigned long long)pairs, (unsigned long long)ne, (unsigned long long)nb, (unsigned long long)nce,
               (unsigned long long)ncb);
        CHECK(ne > 50 && nb > ne && nce > 50 && ncb > nce);
        free(brute_t), free(exact_t), free(bound0), free(bound1), free(brute_c), free(exact_c), free(bound_c);
        scene_free(&s);
    }
}

static void test_cluster_index(void)
{
    lc_camera cam = {{0, 0, 0}, 0, 0, 60, 0.1f, 100.0f};
    lc_frame_ubo u;
    make_ubo(&u, &cam, 200, 100, 16, 1);
    uint32_t tx = u.zbin_info.y, ty = u.zbin_info.z; /* 7 x 4 */
    CHECK(tx == 7 && ty == 4);
    CHECK(lc_light_cull_ref_cluster_index(&u, 0, 0, 0.1f) == 0);
    CHECK(lc_light_cull_ref_cluster_index(&u, 0, 0, 0.05f) == 0); /* before near: slice 0 */
    CHECK(lc_light_cull_ref_cluster_index(&u, 199, 99, 100.0f) == SLICES * tx * ty - 1);
    CHECK(lc_light_cull_ref_cluster_index(&u, 199, 99, 1e9f) == SLICES * tx * ty - 1);
    CHECK(lc_light_cull_ref_cluster_index(&u, 40, 70, 0.1f) == 2 * tx + 1);
    /* Slice k starts at near * exp(k / scale). */
    for (uint32_t k = 0; k < SLICES; k++) {
        float start = 0.1f * expf((float)k / u.zbin_params.z), end = 0.1f * expf((float)(k + 1) / u.zbin_params.z);
        CHECK(lc_light_cull_ref_cluster_index(&u, 0, 0, start * 1.001f) == k * tx * ty);
        CHECK(lc_light_cull_ref_cluster_index(&u, 0, 0, end * 0.999f) == k * tx * ty);
    }
}

/* --- z-bins --- */

static lc_gpu_light ranged(float zmin, float zmax)
{
    lc_gpu_light g = {{0, 0, 0, 1}, {1, 1, 1, 0}, {0, 0, 0, 0}, {0, 0, zmin, zmax}};
    return g;
}

static void test_zbins(void)
{
    lc_camera cam = {{0, 0, 0}, 0, 0, 60, 0.1f, 100.0f};
    lc_frame_ubo u;
    make_ubo(&u, &cam, 64, 64, 16, 5);
    u.zbin_info.x = 32;
    u.zbin_params.x = 0.0f, u.zbin_params.y = 2.0f; /* bins of 0.5 m from 0 to 16 m */
    CHECK(lc_light_cull_ref_zbin_index(&u, 0.0f) == 0 && lc_light_cull_ref_zbin_index(&u, 0.49f) == 0);
    CHECK(lc_light_cull_ref_zbin_index(&u, 0.5f) == 1 && lc_light_cull_ref_zbin_index(&u, 5.2f) == 10);
    CHECK(lc_light_cull_ref_zbin_index(&u, -7.0f) == 0 && lc_light_cull_ref_zbin_index(&u, 1e30f) == 31);
    CHECK(lc_light_cull_ref_zbin_index(&u, -1e30f) == 0 && lc_light_cull_ref_zbin_index(&u, NAN) == 0);

    lc_gpu_light l[5] = {ranged(5, 7), ranged(2, 3), ranged(6, 20), ranged(-3, 1), ranged(30, 40)};
    uint32_t first[32], last[32];
    lc_light_cull_ref_zbins(&u, l, 0.0f, first, last);
    /* Light 0 (5..7 m, widened by the 1 mm bias) is exactly in bins 9..14. */
    for (uint32_t b = 0; b < 32; b++) CHECK_MSG((first[b] == 0) == (b >= 9 && b <= 14), "bin %u first %u", b, first[b]);
    /* Light 1: 3..6; light 2: 11..31; light 3: 0..2; light 4 clamps into the last bin. */
    for (uint32_t b = 0; b < 32; b++) {
        uint32_t lo = UINT32_MAX, hi = 0;
        const uint32_t range[5][2] = {{9, 14}, {3, 6}, {11, 31}, {0, 2}, {31, 31}};
        for (uint32_t i = 0; i < 5; i++)
            if (b >= range[i][0] && b <= range[i][1]) lo = LC_MIN(lo, i), hi = LC_MAX(hi, i);
        CHECK_MSG(first[b] == lo && last[b] == hi, "bin %u: %u..%u, expected %u..%u", b, first[b], last[b], lo, hi);
    }
    CHECK(first[7] == UINT32_MAX && last[7] == 0 && first[8] > last[8]); /* empty */
    /* Slack widens by a fraction of the depth: 5 - 0.5 and 7 + 0.7. */
    lc_light_cull_ref_zbins(&u, l, 0.1f, first, last);
    for (uint32_t b = 0; b < 32; b++) CHECK_MSG((first[b] == 0) == (b >= 8 && b <= 15), "slack: bin %u first %u", b, first[b]);
}

int main(void)
{
    lc_test_seed(0xABCDEFull);
    test_flat_plane();
    test_random_tiles_and_clusters();
    test_cluster_index();
    test_zbins();
    return lc_test_finish("test_cull_ref");
}
