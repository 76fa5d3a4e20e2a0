/* The host's half of shadows (src/lights/shadows.c), no GPU: which lights are shadowed (marked
 * ones, then by importance with stable ties), their records by sorted index, the cache (a
 * static light renders its views once), the update budget (most important first; lights that
 * keep moving all rendered within ceil(views / budget) frames), a moved
 * light rendered again, tiles freed when a light drops out, and the view matrices (a face's
 * centre direction lands in the middle of its clip space). */
#include "lights/shadows.h"
#include "test_util.h"

#include <math.h>
#include <string.h>

static lc_light point(float x, float intensity)
{
    lc_light l = {.type = LC_LIGHT_POINT, .position = {x, 2, 0}, .radius = 5, .direction = {0, -1, 0}, .color = {1, 1, 1},
                  .intensity = intensity};
    return l;
}

static const float camera[3] = {0, 2, 10};

static void run(lc_shadows *s, const lc_light *lights, uint32_t n, uint32_t shadowed, uint32_t updates, uint32_t *rec)
{
    uint32_t order[16];
    for (uint32_t i = 0; i < n; i++) order[i] = n - 1 - i; /* sorted order differs from light order */
    lc_shadow_frame_desc d = {.lights = lights, .count = n, .order = order, .visible = n, .camera = camera,
                              .shadowed_lights = shadowed, .updates = updates};
    lc_shadows_update(s, &d, rec);
}

static void test_selection(void)
{
    lc_shadows s;
    lc_shadows_init(&s);
    lc_light l[6] = {point(0, 1), point(1, 5), point(2, 3), point(3, 5), point(-1, 2), point(-2, 1)};
    l[5].shadow = true; /* the least important, but marked */
    l[2].type = LC_LIGHT_SPOT, l[2].outer_deg = 30, l[2].inner_deg = 20;
    uint32_t rec[6];
    run(&s, l, 6, 2, 64, rec);
    /* The marked light 5, then the two most important others: 1 and 3 (5 cd, the nearest of
     * them first), not the spot 2 (3 cd). */
    CHECK(s.stats.lights == 3);
    uint32_t shadowed = 0;
    for (uint32_t i = 0; i < 6; i++) {
        uint32_t li = 5 - i; /* order[i] */
        if (rec[i]) {
            shadowed |= 1u << li;
            CHECK(s.records[rec[i] - 1].info.x == (l[li].type == LC_LIGHT_SPOT ? 1u : 6u));
        }
    }
    CHECK(lc_shadow_importance(&l[1], camera) > lc_shadow_importance(&l[3], camera));
    CHECK_MSG(shadowed == ((1u << 5) | (1u << 1) | (1u << 3)), "shadowed lights mask %#x", shadowed);
    CHECK(s.stats.views == 18);
    /* Equal importance: the lower light index wins. */
    lc_light t[3] = {point(0, 4), point(0, 4), point(0, 4)};
    run(&s, t, 3, 1, 64, rec);
    CHECK(s.stats.lights == 1 && rec[2] != 0 && rec[0] == 0 && rec[1] == 0); /* sorted 2 is light 0 */
    /* None asked for, none marked: nothing. */
    run(&s, t, 3, 0, 64, rec);
    CHECK(s.stats.lights == 0 && s.stats.views == 0 && rec[0] == 0 && rec[1] == 0 && rec[2] == 0);
    CHECK(!lc_shadows_wanted(t, 3, 0) && lc_shadows_wanted(t, 3, 1) && lc_shadows_wanted(l, 6, 0));
    lc_shadows_destroy(&s);
}

static void test_cache_and_budget(void)
{
    lc_shadows s;
    lc_shadows_init(&s);
    lc_light l[2] = {point(0, 8), point(3, 1)};
    l[0].shadow = l[1].shadow = true;
    uint32_t rec[2];
    /* 12 views, 5 a frame: 5, 5, 2, then none; the brighter light's six first. */
    uint32_t want[4] = {5, 5, 2, 0};
    for (int f = 0; f < 4; f++) {
        run(&s, l, 2, 0, 5, rec);
        CHECK_MSG(s.render_count == want[f], "frame %d: %u views rendered, want %u", f, s.render_count, want[f]);
        if (f == 0) CHECK(s.render[0].light == 0 && s.render[4].light == 0);
        if (f == 1) CHECK(s.render[0].light == 0 && s.render[1].light == 1);
    }
    CHECK(s.stats.views_cached == 12 && s.stats.views_rendered == 0);
    /* Not rendered yet: a zero rectangle (no shadow). */
    lc_shadows_invalidate(&s);
    run(&s, l, 2, 0, 1, rec);
    CHECK(s.render_count == 1);
    const lc_gpu_shadow *r1 = &s.records[rec[0] - 1]; /* sorted 0 is light 1 */
    CHECK(r1->rect[0].z == 0.0f);
    for (int f = 0; f < 12; f++) run(&s, l, 2, 0, 1, rec);
    CHECK(s.render_count == 0);
    /* A moved light renders its six views again; the other stays cached. */
    l[1].position[1] += 0.5f;
    run(&s, l, 2, 0, 16, rec);
    CHECK(s.render_count == 6 && s.render[0].light == 1 && s.stats.views_cached == 6);
    /* A light that drops out gives its tiles back: another takes them. */
    l[0].shadow = false;
    run(&s, l, 2, 0, 16, rec);
    uint32_t owned = 0, blocks = 0;
    for (uint32_t o = 0; o < LC_SHADOW_LIGHTS_MAX; o++) owned += s.owners[o].light != UINT32_MAX ? s.owners[o].views : 0;
    for (uint32_t b = 0; b < LC_SHADOW_BLOCKS; b++) blocks += s.block_level[b] != 0xff;
    CHECK(owned == 6);
    CHECK_MSG(blocks == 6, "%u atlas blocks in use for six 256-texel views", blocks); /* no screen scale: the largest */
    lc_shadows_destroy(&s);
}

/* Lights that move every frame: the views that waited longest go first, the most important
 * first among equals, so every view is rendered within ceil(N/K) frames (N views waiting, K a
 * frame), and again every ceil(N/K) frames while its light keeps moving; however much brighter
 * the others are. Once the lights stop, each view is rendered once more and then never. */
static void test_age_schedule(void)
{
    enum { LIGHTS = 24, K = 5 };
    lc_shadows s;
    lc_shadows_init(&s);
    lc_light l[LIGHTS];
    uint32_t order[LIGHTS], rec[LIGHTS], n = 0;
    for (uint32_t i = 0; i < LIGHTS; i++) {
        /* Four point lights (six views each), the rest spots; intensity over six decades. */
        l[i] = point((float)(i % 5) * 0.1f, powf(10.0f, -3.0f + 6.0f * (float)((i * 7) % LIGHTS) / (LIGHTS - 1)));
        if (i >= 4) l[i].type = LC_LIGHT_SPOT, l[i].outer_deg = 30, l[i].inner_deg = 20;
        l[i].shadow = true;
        n += i < 4 ? 6 : 1;
        order[i] = LIGHTS - 1 - i;
    }
    uint32_t bound = (n + K - 1) / K;
    /* Views by (light, face): the frame each was last rendered (-1: never). */
    int last[LIGHTS][6], worst_first = 0, worst_gap = 0;
    memset(last, 0xff, sizeof last);
    for (int f = 0; f < 8 * (int)bound; f++) {
        for (uint32_t i = 0; i < LIGHTS; i++) l[i].position[0] += 0.01f; /* every view is stale every frame */
        lc_shadow_frame_desc d = {.lights = l, .count = LIGHTS, .order = order, .visible = LIGHTS, .camera = camera, .updates = K};
        lc_shadows_update(&s, &d, rec);
        CHECK(s.render_count == K && s.stats.views == n);
        if (f == 0) {
            /* The first frame: the K most important views (a point light's faces count as its). */
            float least = INFINITY;
            for (uint32_t v = 0; v < K; v++) least = fminf(least, lc_shadow_importance(&l[s.render[v].light], camera));
            for (uint32_t i = 0; i < LIGHTS; i++) {
                bool drawn = false;
                for (uint32_t v = 0; v < K; v++) drawn |= s.render[v].light == i;
                CHECK_MSG(drawn || lc_shadow_importance(&l[i], camera) <= least, "frame 0 skipped the brighter light %u", i);
            }
            for (uint32_t v = 1; v < K; v++)
                CHECK(lc_shadow_importance(&l[s.render[v - 1].light], camera) >= lc_shadow_importance(&l[s.render[v].light], camera));
        }
        for (uint32_t v = 0; v < s.render_count; v++) {
            int *at = &last[s.render[v].light][s.render[v].face];
            if (*at < 0) worst_first = LC_MAX(worst_first, f + 1);
            else worst_gap = LC_MAX(worst_gap, f - *at);
            *at = f;
        }
    }
    for (uint32_t i = 0; i < LIGHTS; i++)
        for (uint32_t face = 0; face < (i < 4 ? 6u : 1u); face++) CHECK_MSG(last[i][face] >= 0, "light %u face %u never rendered", i, face);
    CHECK_MSG(worst_first <= (int)bound, "a view first rendered after %d frames (%u views, %u a frame: %u)", worst_first, n, K, bound);
    CHECK_MSG(worst_gap <= (int)bound, "a moving view waited %d frames between renders (bound %u)", worst_gap, bound);
    /* The lights stop: each view is rendered once more (within the bound), then none. */
    uint32_t rendered = 0;
    for (uint32_t f = 0; f < 2 * bound; f++) {
        lc_shadow_frame_desc d = {.lights = l, .count = LIGHTS, .order = order, .visible = LIGHTS, .camera = camera, .updates = K};
        lc_shadows_update(&s, &d, rec);
        rendered += s.render_count;
        if (f >= bound) CHECK(s.render_count == 0 && s.stats.views_cached == n);
    }
    CHECK_MSG(rendered <= n, "%u renders after the lights stopped, %u views", rendered, n);
    lc_shadows_destroy(&s);
}

static void test_matrices(void)
{
    lc_light l = point(1, 1);
    for (uint32_t f = 0; f < 6; f++) {
        static const float dir[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        lc_m4 vp;
        float n, fz, texel;
        lc_shadow_view_matrix(&l, f, LC_SHADOW_TILE, &vp, &n, &fz, &texel);
        float p[4] = {l.position[0] + 2 * dir[f][0], l.position[1] + 2 * dir[f][1], l.position[2] + 2 * dir[f][2], 1}, c[4];
        for (int r = 0; r < 4; r++) c[r] = vp.m[r] * p[0] + vp.m[4 + r] * p[1] + vp.m[8 + r] * p[2] + vp.m[12 + r] * p[3];
        CHECK_MSG(fabsf(c[0] / c[3]) < 1e-4f && fabsf(c[1] / c[3]) < 1e-4f && c[2] / c[3] > 0.0f && c[2] / c[3] < 1.0f,
                  "face %u: (%g %g %g)", f, c[0] / c[3], c[1] / c[3], c[2] / c[3]);
        CHECK(fabsf(c[3] - 2.0f) < 1e-4f); /* w: view depth */
        CHECK(n > 0.0f && fz == l.radius && texel > 2.0f / LC_SHADOW_TILE);
    }
}

/* Per-light resolution: 256 point lights (1,536 views) fit the atlas, the sizes follow the
 * lights' size on screen and importance, no two views overlap, and a static frame settles. */
static void test_sizes(void)
{
    enum { N = 256 };
    static lc_light l[N];
    static uint32_t order[N], rec[N];
    lc_shadows s;
    lc_shadows_init(&s);
    /* A row of lights going away from the camera (at z = 10): the nearest contain it. */
    for (uint32_t i = 0; i < N; i++) {
        l[i] = point(0, 1);
        l[i].position[2] = 10.0f - 0.5f * (float)i;
        order[i] = i;
    }
    lc_shadow_frame_desc d = {.lights = l, .count = N, .order = order, .visible = N, .camera = camera, .shadowed_lights = N,
                              .updates = LC_SHADOW_UPDATES_MAX, .screen_scale = 540.0f};
    for (int f = 0; f < 30; f++) lc_shadows_update(&s, &d, rec);
    CHECK_MSG(s.stats.lights == N && s.stats.views == 6 * N && s.stats.lights_unplaced == 0, "%u lights, %u views, %u unplaced",
              s.stats.lights, s.stats.views, s.stats.lights_unplaced);
    CHECK_MSG(s.render_count == 0 && s.stats.views_cached == 6 * N, "a static frame renders %u views", s.render_count);
    /* Every size used; the importance order keeps the larger sizes in front. */
    CHECK_MSG(s.stats.views_by_size[0] > 0 && s.stats.views_by_size[1] > 0 && s.stats.views_by_size[2] > 0, "views by size %u %u %u",
              s.stats.views_by_size[0], s.stats.views_by_size[1], s.stats.views_by_size[2]);
    float last = 1e9f;
    for (uint32_t k = 0; k < s.record_count; k++) {
        CHECK(s.records[k].rect[0].z <= last);
        last = s.records[k].rect[0].z;
    }
    /* No two views share a texel, and all lie in the atlas. */
    uint32_t texels = 0;
    static uint8_t used[LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE / 64][LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE / 64];
    memset(used, 0, sizeof used);
    uint32_t overlaps = 0;
    for (uint32_t k = 0; k < s.record_count; k++)
        for (uint32_t f = 0; f < 6; f++) {
            lc_f4 r = s.records[k].rect[f];
            CHECK(r.z == 64.0f || r.z == 128.0f || r.z == 256.0f);
            CHECK(r.x + r.z <= LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE && r.y + r.z <= LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE);
            for (uint32_t y = (uint32_t)r.y / 64; y < (uint32_t)(r.y + r.z) / 64; y++)
                for (uint32_t x = (uint32_t)r.x / 64; x < (uint32_t)(r.x + r.z) / 64; x++) overlaps += used[y][x]++ != 0;
            texels += (uint32_t)(r.z * r.z);
        }
    CHECK_MSG(overlaps == 0, "%u 64-texel cells shared by two views", overlaps);
    CHECK(texels == s.stats.texels);
    /* The sizes as the screen asks: the nearest light (the camera inside) 256, the farthest 64. */
    CHECK(lc_shadow_level(&l[0], camera, 540.0f, LC_SHADOW_LEVELS) == 0);
    CHECK(lc_shadow_level(&l[N - 1], camera, 540.0f, LC_SHADOW_LEVELS) == 2);
    /* The margin: a light just past a boundary keeps its size; well past it, changes. */
    lc_light m = point(0, 1);
    m.position[2] = 10.0f - sqrtf(powf(5.0f * 540.0f / (128.0f / 1.1f), 2.0f) + 25.0f); /* 128 / 1.1 pixels of radius */
    CHECK(lc_shadow_level(&m, camera, 540.0f, LC_SHADOW_LEVELS) == 1);
    CHECK(lc_shadow_level(&m, camera, 540.0f, 0) == 0);
    m.position[2] = 10.0f - sqrtf(powf(5.0f * 540.0f / (128.0f / 1.5f), 2.0f) + 25.0f);
    CHECK(lc_shadow_level(&m, camera, 540.0f, 0) == 1);
    /* Everything asks for 256: the least important step down until the views fit. */
    for (uint32_t i = 0; i < N; i++) l[i].position[2] = 10.0f, l[i].intensity = (float)(N - i);
    lc_shadows_update(&s, &d, rec);
    CHECK(s.stats.lights == N && s.stats.lights_unplaced == 0);
    CHECK(s.records[0].rect[0].z >= s.records[s.record_count - 1].rect[0].z);
    lc_shadows_destroy(&s);
}

int main(void)
{
    test_selection();
    test_cache_and_budget();
    test_age_schedule();
    test_matrices();
    test_sizes();
    return lc_test_finish("test_shadow_select");
}
