/* Decals on the host (src/lights/decals.c): the file's schema and its refusals, the generated
 * set (deterministic, on the scene's surfaces), and the per-frame pack into the entity array:
 * reverse file order, frustum culling, the box map, and proxies that bound the box. */
#include "lights/decals.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <stb/stb_image_write.h>

#include "scene/camera.h"

static lc_status parse(const char *text, lc_decal_set *out) { return lc_decals_parse_json(out, text, strlen(text), "test"); }

static void test_json(void)
{
    lc_decal_set s;
    CHECK(parse("{\"decals\": [{\"position\": [1, 2, 3], \"size\": [2, 0.4, 4]},"
                " {\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"rotation\": [0, 0, 0, 2], \"color\": [1, 0, 0, 0.5],"
                "  \"opacity\": 0.5, \"pattern\": \"ring\", \"roughness\": 0.25, \"metallic\": 1, \"extra\": true}]}", &s) == LC_OK);
    CHECK(s.count == 2);
    CHECK(s.decals[0].half[0] == 1.0f && s.decals[0].half[1] == 0.2f && s.decals[0].half[2] == 2.0f);
    CHECK(s.decals[0].rotation[3] == 1.0f && s.decals[0].color[3] == 1.0f);
    CHECK(s.decals[0].pattern == LC_DECAL_PATTERN_NONE);
    CHECK(s.decals[1].rotation[3] == 1.0f); /* normalised */
    CHECK(s.decals[1].color[3] == 0.25f && s.decals[1].pattern == 1u);
    CHECK(s.decals[0].roughness < 0.0f && s.decals[0].metallic < 0.0f); /* not set: the surface's own */
    CHECK(s.decals[1].roughness == 0.25f && s.decals[1].metallic == 1.0f);
    lc_decal_set_destroy(&s);
    CHECK(parse("{\"decals\": []}", &s) == LC_OK && s.count == 0);
    lc_decal_set_destroy(&s);
    static const char *const bad[] = {
        "{\"decals\": [{\"position\": [0, 0], \"size\": \"big\"}]}",
        "{\"decals\": [{\"position\": [0, 0, 0]}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, -1, 1]}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"color\": [1, 1, 1, 1.5]}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"rotation\": [0, 0, 0, 0]}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"pattern\": 3}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"roughness\": 2}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"metallic\": \"yes\"}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"no-such-file.png\"}]}",
        "{\"decals\": {}}", "[]", "{\"decals\": [",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_MSG(parse(bad[i], &s) == LC_ERR_INPUT, "accepted: %s", bad[i]);
        CHECK(s.decals == NULL && s.count == 0);
    }
}

/* Texture files: taken from the decals file's directory, each file once however many decals
 * name it, the images of a kind scaled to one size, the layer in the packed decal; a missing or
 * corrupt file refused. */
static void test_textures(void)
{
    char dir[] = "/tmp/lc_test_decal_tex_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256], a[256], b[256], bad[256];
    snprintf(path, sizeof path, "%s/decals.json", dir);
    snprintf(a, sizeof a, "%s/a.png", dir);
    snprintf(b, sizeof b, "%s/b.png", dir);
    snprintf(bad, sizeof bad, "%s/bad.png", dir);
    const uint8_t pa[2 * 2 * 4] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0};
    uint8_t pb[4 * 4 * 4];
    for (int i = 0; i < 64; i++) pb[i] = (uint8_t)(i * 4);
    CHECK(stbi_write_png(a, 2, 2, 4, pa, 8) != 0);
    CHECK(stbi_write_png(b, 4, 4, 4, pb, 16) != 0);
    FILE *f = fopen(bad, "wb");
    if (f) fputs("\x89PNG\r\n\x1a\nnot really", f), fclose(f);
    const char *text = "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"a.png\"},"
                       " {\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"normal_texture\": \"a.png\", \"opacity\": 0.5},"
                       " {\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"b.png\"},"
                       " {\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"a.png\"}]}";
    lc_decal_set s;
    CHECK(lc_decals_parse_json(&s, text, strlen(text), path) == LC_OK);
    const uint32_t k = LC_DECAL_TEXTURE_BASE_COLOR;
    const uint32_t nk = LC_DECAL_TEXTURE_NORMAL;
    CHECK(s.count == 4 && s.image_count[k] == 2 && s.image_count[nk] == 1);
    CHECK(s.decals[1].texture[nk] == 1 && s.decals[0].texture[nk] == 0 && s.decals[1].normal_opacity == 0.5f);
    /* A kind's own size: the normal map stays 2 x 2, as data (linear). */
    if (s.image_count[nk] == 1) CHECK(s.images[nk][0].width == 2 && s.images[nk][0].linear && memcmp(s.images[nk][0].rgba, pa, sizeof pa) == 0);
    CHECK(s.decals[0].texture[k] == 1 && s.decals[1].texture[k] == 0 && s.decals[2].texture[k] == 2 && s.decals[3].texture[k] == 1);
    if (s.image_count[k] == 2) {
        /* Both 4 x 4 (b's size), b as it was, a scaled: its corners keep their texels. */
        CHECK(s.images[k][0].width == 4 && s.images[k][0].height == 4 && s.images[k][1].width == 4 && !s.images[k][0].linear);
        CHECK(memcmp(s.images[k][1].rgba, pb, sizeof pb) == 0);
        CHECK(memcmp(s.images[k][0].rgba, pa, 4) == 0 && memcmp(s.images[k][0].rgba + 4 * 15, pa + 12, 4) == 0);
        /* The pack: the decal's layer, none for the plain one. */
        lc_m4 view = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -5, 1}};
        float planes[6][4] = {{0}};
        for (int p = 0; p < 6; p++) planes[p][3] = 1.0f;
        lc_gpu_light proxies[4];
        lc_gpu_decal out[4];
        CHECK(lc_decals_build(s.decals, 4, &view, planes, proxies, out) == 4);
        /* Reverse file order: entity 0 is decal 3. */
        CHECK(out[0].textures.x == 0 && out[1].textures.x == 1 && out[2].textures.x == LC_NO_TEXTURE && out[3].textures.x == 0);
        CHECK(out[0].textures.y == LC_NO_TEXTURE && out[2].textures.y == 0);
        float op;
        memcpy(&op, &out[2].textures.z, sizeof op);
        CHECK(op == 0.5f);
    }
    lc_decal_set_destroy(&s);
    static const char *const refused[] = {
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"missing.png\"}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"bad.png\"}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": \"\"}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"base_color_texture\": [1]}]}",
        "{\"decals\": [{\"position\": [0, 0, 0], \"size\": [1, 1, 1], \"normal_texture\": \"missing.png\"}]}",
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        CHECK_MSG(lc_decals_parse_json(&s, refused[i], strlen(refused[i]), path) == LC_ERR_INPUT, "accepted: %s", refused[i]);
        CHECK(s.decals == NULL && s.count == 0 && s.images[k] == NULL && s.image_count[k] == 0 && s.images[nk] == NULL);
    }
    unlink(a), unlink(b), unlink(bad);
    rmdir(dir);
}

/* Generated decals: the same for a seed, different for another, each centred on a surface of the
 * hall and its box's y axis a unit vector. */
static void test_generate(void)
{
    lc_scene scene;
    CHECK(lc_scene_load_default(&scene) == LC_OK);
    lc_decal_set a, b, c;
    CHECK(lc_decals_generate(&a, 200, 5, &scene) == LC_OK);
    CHECK(lc_decals_generate(&b, 200, 5, &scene) == LC_OK);
    CHECK(lc_decals_generate(&c, 200, 6, &scene) == LC_OK);
    CHECK(a.count == 200 && b.count == 200);
    CHECK(memcmp(a.decals, b.decals, a.count * sizeof *a.decals) == 0);
    CHECK(memcmp(a.decals, c.decals, a.count * sizeof *a.decals) != 0);
    for (uint32_t i = 0; i < a.count; i++) {
        const lc_decal *d = &a.decals[i];
        float q = d->rotation[0] * d->rotation[0] + d->rotation[1] * d->rotation[1] + d->rotation[2] * d->rotation[2] +
                  d->rotation[3] * d->rotation[3];
        CHECK(fabsf(q - 1.0f) < 1e-4f);
        for (int k = 0; k < 3; k++) {
            CHECK(d->position[k] >= scene.bounds_min[k] - 1e-3f && d->position[k] <= scene.bounds_max[k] + 1e-3f);
            CHECK(d->half[k] > 0.0f);
        }
        CHECK(d->pattern < LC_DECAL_PATTERNS && d->color[3] > 0.0f && d->color[3] <= 1.0f);
        CHECK(d->roughness < 0.0f && d->metallic < 0.0f);
    }
    lc_decal_set_destroy(&c); /* before the refused call, which clears c */
    CHECK(lc_decals_generate(&c, 0, 1, &scene) == LC_ERR_INPUT);
    lc_decal_set_destroy(&a), lc_decal_set_destroy(&b), lc_decal_set_destroy(&c);
    lc_scene_destroy(&scene);
}

static float box_coord(const lc_gpu_decal *g, int a, const float p[3])
{
    return g->to_box[a].x * p[0] + g->to_box[a].y * p[1] + g->to_box[a].z * p[2] + g->to_box[a].w;
}

/* The pack: visible decals in reverse file order, the box map sending the box's corners to +-1,
 * the proxy's sphere and depth range holding every corner. */
static void test_build(void)
{
    lc_camera cam = {.position = {0, 2, 5}, .yaw_deg = 0, .pitch_deg = -10, .fov_y_deg = 60, .near_z = 0.1f, .far_z = 100};
    lc_m4 view, proj, vp;
    lc_camera_matrices(&cam, 16.0f / 9.0f, &view, &proj);
    lc_m4_mul(&proj, &view, &vp);
    float planes[6][4];
    lc_frustum_planes(&vp, planes);
    lc_decal d[4];
    memset(d, 0, sizeof d);
    for (int i = 0; i < 4; i++) {
        d[i] = (lc_decal){.position = {lc_test_rnd(-2, 2), lc_test_rnd(0, 1), lc_test_rnd(-3, 0)},
                          .half = {lc_test_rnd(0.2f, 1), lc_test_rnd(0.2f, 1), lc_test_rnd(0.2f, 1)},
                          .color = {1, 1, 1, 1}, .pattern = LC_DECAL_PATTERN_NONE};
        float ang = lc_test_rnd(-3, 3), ax[3] = {lc_test_rnd(-1, 1), lc_test_rnd(-1, 1), lc_test_rnd(-1, 1)};
        float l = sqrtf(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
        for (int k = 0; k < 3; k++) d[i].rotation[k] = ax[k] / l * sinf(ang / 2);
        d[i].rotation[3] = cosf(ang / 2);
    }
    d[2].position[2] = 50.0f; /* behind the camera */
    lc_gpu_light proxies[4];
    lc_gpu_decal out[4];
    uint32_t n = lc_decals_build(d, 4, &view, planes, proxies, out);
    CHECK(n == 3);
    static const uint32_t order[3] = {3, 1, 0};
    for (uint32_t e = 0; e < n && e < 3; e++) {
        const lc_decal *src = &d[order[e]];
        CHECK(out[e].info.y == order[e]);
        CHECK(proxies[e].color_type.w == (float)LC_ENTITY_DECAL);
        CHECK(lc_decal_covers(&out[e], src->position));
        for (int corner = 0; corner < 8; corner++) {
            /* The corner in world space: the box's axes (from its map's rows) times +-half. */
            float p[3] = {src->position[0], src->position[1], src->position[2]};
            for (int a = 0; a < 3; a++) {
                float s = (corner >> a) & 1 ? 1.0f : -1.0f, h2 = src->half[a] * src->half[a];
                p[0] += s * out[e].to_box[a].x * h2, p[1] += s * out[e].to_box[a].y * h2, p[2] += s * out[e].to_box[a].z * h2;
            }
            for (int a = 0; a < 3; a++) CHECK(fabsf(fabsf(box_coord(&out[e], a, p)) - 1.0f) < 1e-4f);
            float dx = p[0] - proxies[e].position_radius.x, dy = p[1] - proxies[e].position_radius.y,
                  dz = p[2] - proxies[e].position_radius.z;
            CHECK(sqrtf(dx * dx + dy * dy + dz * dz) <= proxies[e].position_radius.w * 1.0001f);
            float depth = -(view.m[2] * p[0] + view.m[6] * p[1] + view.m[10] * p[2] + view.m[14]);
            CHECK(depth >= proxies[e].spot_depth.z && depth <= proxies[e].spot_depth.w);
        }
    }
}

int main(void)
{
    lc_test_seed(0x5eed33ull);
    test_json();
    test_generate();
    test_textures();
    test_build();
    return lc_test_finish("test_decals_cpu");
}
