/* Light list: generation, the JSON file, animation, the weight and packing. */
#include "lights/lights.h"
#include "test_util.h"

#include <math.h>
#include <stddef.h>

#include "lights/exposure.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- helpers --- */


static float deg_rad(float d) { return d * 0.017453292519943295f; }

/* A point inside the light's volume (the ball, or the spherical sector for spots). */
static void sample_volume(const lc_light *l, float out[3])
{
    float r = l->radius * cbrtf(lc_test_rnd(0.0f, 1.0f));
    float dir[3];
    if (l->type == LC_LIGHT_SPOT) {
        float co = cosf(deg_rad(l->outer_deg));
        float c = lc_test_rnd(co, 1.0f), s = sqrtf(LC_MAX(0.0f, 1.0f - c * c)), phi = lc_test_rnd(0.0f, 6.2831853f);
        const float *a = l->direction;
        float t[3] = {1, 0, 0};
        if (fabsf(a[0]) > 0.9f) t[0] = 0, t[1] = 1;
        float u[3] = {a[1] * t[2] - a[2] * t[1], a[2] * t[0] - a[0] * t[2], a[0] * t[1] - a[1] * t[0]};
        float ul = sqrtf(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        for (int k = 0; k < 3; k++) u[k] /= ul;
        float v[3] = {a[1] * u[2] - a[2] * u[1], a[2] * u[0] - a[0] * u[2], a[0] * u[1] - a[1] * u[0]};
        for (int k = 0; k < 3; k++) dir[k] = c * a[k] + s * (cosf(phi) * u[k] + sinf(phi) * v[k]);
    } else {
        float len;
        do {
            for (int k = 0; k < 3; k++) dir[k] = lc_test_rnd(-1.0f, 1.0f);
            len = sqrtf(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        } while (len > 1.0f || len < 1e-3f);
        for (int k = 0; k < 3; k++) dir[k] /= len;
    }
    for (int k = 0; k < 3; k++) out[k] = l->position[k] + r * dir[k];
}

static float view_depth(const lc_m4 *view, const float p[3])
{
    const float *m = view->m;
    return -(m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]);
}

static uint64_t fnv1a(const void *data, size_t size)
{
    const unsigned char *p = data;
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < size; i++) h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

/* Runs fn with stderr captured; returns how many lines it printed, the text in buf. */
static int capture_stderr(lc_status (*fn)(void *), void *arg, lc_status *st, char *buf, size_t size)
{
    char path[] = "/tmp/lc_test_lights_XXXXXX";
    int fd = mkstemp(path);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    *st = fn(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, buf, size - 1);
    buf[n > 0 ? n : 0] = 0;
    close(fd);
    unlink(path);
    int lines = 0;
    for (char *c = buf; *c; c++) lines += *c == '\n';
    return lines;
}

/* --- generation --- */

static const float hall_min[3] = {-8.0f, 0.0f, -30.0f}, hall_max[3] = {8.0f, 12.0f, 30.0f};

static void test_generate(void)
{
    lc_light_set a, b, c;
    CHECK(lc_lights_generate(&a, 5000, 42, hall_min, hall_max) == LC_OK);
    CHECK(lc_lights_generate(&b, 5000, 42, hall_min, hall_max) == LC_OK);
    CHECK(lc_lights_generate(&c, 5000, 43, hall_min, hall_max) == LC_OK);
    CHECK(a.count == 5000 && a.animated);
    CHECK(memcmp(a.lights, b.lights, 5000 * sizeof(lc_light)) == 0);
    CHECK(memcmp(a.lights, c.lights, 5000 * sizeof(lc_light)) != 0);

    lc_light_set small, large;
    CHECK(lc_lights_generate(&small, 1024, 7, hall_min, hall_max) == LC_OK);
    CHECK(lc_lights_generate(&large, 8192, 7, hall_min, hall_max) == LC_OK);
    double mean_small = 0.0, mean_large = 0.0;
    for (uint32_t i = 0; i < small.count; i++) mean_small += small.lights[i].radius / small.count;
    for (uint32_t i = 0; i < large.count; i++) mean_large += large.lights[i].radius / large.count;
    CHECK_MSG(fabs(mean_large / mean_small - 0.5) < 0.05, "8x the lights: radii %.3f of 1024's, expected 0.5", mean_large / mean_small);
    lc_light_set_destroy(&small);
    lc_light_set_destroy(&large);

    uint32_t spots = 0, wide = 0;
    float radii[5000];
    for (uint32_t i = 0; i < a.count; i++) {
        const lc_light *l = &a.lights[i];
        for (int k = 0; k < 3; k++) CHECK(l->position[k] >= hall_min[k] && l->position[k] <= hall_max[k]);
        /* Radii shrink with the cube root of the count past 1024 lights. */
        const float k = (float)cbrt(1024.0 / 5000.0);
        CHECK(l->radius > 0.5f * k && l->radius < 6.0f * k);
        radii[i] = l->radius;
        /* Candela growing with the radius squared: 12.5..50 lux at half the radius. */
        float unit = LC_LIGHTS_GENERATED_LUX * 0.25f * l->radius * l->radius;
        CHECK(l->intensity >= unit * 0.999f && l->intensity <= 4.0f * unit * 1.001f);
        float cmax = LC_MAX(l->color[0], LC_MAX(l->color[1], l->color[2]));
        float cmin = LC_MIN(l->color[0], LC_MIN(l->color[1], l->color[2]));
        CHECK(cmin >= 0.0f && cmax <= 1.0f && cmax - cmin > 0.5f); /* saturated */
        if (l->type == LC_LIGHT_SPOT) {
            spots++;
            const float *d = l->direction;
            CHECK(fabsf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - 1.0f) < 1e-5f);
            CHECK(l->outer_deg >= 15.0f && l->outer_deg <= 120.0f);
            CHECK(l->inner_deg >= 0.4f * l->outer_deg - 1e-4f && l->inner_deg <= 0.9f * l->outer_deg + 1e-4f);
            wide += l->outer_deg > 90.0f;
        } else {
            CHECK(l->type == LC_LIGHT_POINT);
        }
    }
    CHECK_MSG(spots > 1000 && spots < 1500, "%u spots of 5000", spots); /* about 3:1 */
    CHECK_MSG(wide > 100, "%u spots wider than 90 degrees", wide);
    float median = 0;
    uint32_t below = 0;
    for (median = 0.5f; median < 6.0f; median += 0.01f) {
        below = 0;
        for (uint32_t i = 0; i < a.count; i++) below += radii[i] < median;
        if (below >= a.count / 2) break;
    }
    CHECK_MSG(median > 1.5f * (float)cbrt(1024.0 / 5000.0) && median < 3.0f * (float)cbrt(1024.0 / 5000.0), "median radius %.2f m", median);

    /* The same bytes on every platform: only IEEE basic operations feed the generator. */
    lc_light_set g;
    CHECK(lc_lights_generate(&g, 64, 7, hall_min, hall_max) == LC_OK);
    /* The generated fields of each light, up to the shadow flag (not generated), in order. */
    unsigned char bytes[64 * offsetof(lc_light, shadow)];
    for (uint32_t i = 0; i < 64; i++) memcpy(bytes + i * offsetof(lc_light, shadow), &g.lights[i], offsetof(lc_light, shadow));
    uint64_t h = fnv1a(bytes, sizeof bytes);
    CHECK_MSG(h == 0xb7e6a109c522ac8eull, "generation changed: hash %016llx", (unsigned long long)h);
    lc_light_set_destroy(&g);

    lc_light_set bad;
    CHECK(lc_lights_generate(&bad, 0, 1, hall_min, hall_max) == LC_ERR_INPUT);
    CHECK(lc_lights_generate(&bad, LC_LIGHTS_MAX + 1, 1, hall_min, hall_max) == LC_ERR_INPUT);
    CHECK(bad.lights == NULL && bad.count == 0);
    CHECK(lc_lights_generate(&bad, 1, 1, hall_min, hall_max) == LC_OK && bad.count == 1);
    lc_light_set_destroy(&bad);

    lc_light_set_destroy(&a);
    lc_light_set_destroy(&b);
    lc_light_set_destroy(&c);
}

/* --- JSON --- */

static const char *valid_json =
    "{\"lights\": [\n"
    "  {\"type\": \"point\", \"position\": [1.5, 2, -3.25], \"radius\": 4, \"color\": [1, 0.5, 0.25], \"intensity\": 3},\n"
    "  {\"type\": \"spot\", \"position\": [0, 5, 0], \"direction\": [0, -2, 0], \"radius\": 6.5,\n"
    "   \"inner_deg\": 20, \"outer_deg\": 35.5},\n"
    "  {\"type\": \"point\", \"position\": [-1e3, 0, 1e-3], \"radius\": 0.125}\n"
    "]}\n";

static void test_json_valid(void)
{
    lc_light_set s;
    CHECK(lc_lights_parse_json(&s, valid_json, strlen(valid_json), "valid") == LC_OK);
    CHECK(s.count == 3 && !s.animated);
    if (s.count != 3) return;
    const lc_light *p = &s.lights[0], *sp = &s.lights[1], *q = &s.lights[2];
    CHECK(p->type == LC_LIGHT_POINT);
    CHECK(p->position[0] == 1.5f && p->position[1] == 2.0f && p->position[2] == -3.25f);
    CHECK(p->radius == 4.0f && p->intensity == 3.0f);
    CHECK(p->color[0] == 1.0f && p->color[1] == 0.5f && p->color[2] == 0.25f);
    CHECK(sp->type == LC_LIGHT_SPOT);
    CHECK(sp->position[0] == 0.0f && sp->position[1] == 5.0f && sp->position[2] == 0.0f);
    CHECK(sp->direction[0] == 0.0f && sp->direction[1] == -1.0f && sp->direction[2] == 0.0f); /* normalised */
    CHECK(sp->radius == 6.5f && sp->inner_deg == 20.0f && sp->outer_deg == 35.5f);
    CHECK(sp->color[0] == 1.0f && sp->color[1] == 1.0f && sp->color[2] == 1.0f && sp->intensity == 1.0f); /* defaults */
    CHECK(q->position[0] == -1000.0f && q->position[2] == 1e-3f && q->radius == 0.125f);

    /* The same through a file. */
    char path[] = "/tmp/lc_test_lights_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, valid_json, strlen(valid_json)) == (ssize_t)strlen(valid_json));
    close(fd);
    lc_light_set f;
    CHECK(lc_lights_load_json(&f, path) == LC_OK);
    CHECK(f.count == 3 && memcmp(f.lights, s.lights, 3 * sizeof(lc_light)) == 0);
    unlink(path);
    lc_light_set_destroy(&f);
    lc_light_set_destroy(&s);

    CHECK(lc_lights_load_json(&f, "/nonexistent/lights.json") == LC_ERR_INPUT);
}

typedef struct parse_arg {
    const char *text;
    size_t size;
} parse_arg;

static lc_status parse_fn(void *p)
{
    parse_arg *a = p;
    lc_light_set s;
    lc_status st = lc_lights_parse_json(&s, a->text, a->size, "bad.json");
    if (st == LC_OK) lc_light_set_destroy(&s);
    else if (s.lights || s.count) st = LC_ERR_RUNTIME; /* must leave the set empty */
    return st;
}

#define P "{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1}"
#define S_(extra) "{\"type\":\"spot\",\"position\":[0,0,0],\"radius\":1" extra "}"

static void test_json_malformed(void)
{
    static const struct {
        const char *name, *text;
    } cases[] = {
        {"unparsable", "{\"lights\": [" P ","},
        {"not JSON at all", "lights"},
        {"top level array", "[" P "]"},
        {"missing lights", "{\"light\": [" P "]}"},
        {"lights not an array", "{\"lights\": {\"a\": 1}}"},
        {"empty", "{\"lights\": []}"},
        {"entry not an object", "{\"lights\": [" P ", 5]}"},
        {"missing type", "{\"lights\": [" P ", {\"position\":[0,0,0],\"radius\":1}]}"},
        {"type not a string", "{\"lights\": [{\"type\":1,\"position\":[0,0,0],\"radius\":1}]}"},
        {"unknown type", "{\"lights\": [" P ", {\"type\":\"area\",\"position\":[0,0,0],\"radius\":1}]}"},
        {"missing position", "{\"lights\": [{\"type\":\"point\",\"radius\":1}]}"},
        {"position too short", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0],\"radius\":1}]}"},
        {"position too long", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0,0],\"radius\":1}]}"},
        {"position not numbers", "{\"lights\": [{\"type\":\"point\",\"position\":[0,\"1\",0],\"radius\":1}]}"},
        {"position not an array", "{\"lights\": [{\"type\":\"point\",\"position\":3,\"radius\":1}]}"},
        {"position overflows to inf", "{\"lights\": [{\"type\":\"point\",\"position\":[1e999,0,0],\"radius\":1}]}"},
        {"missing radius", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0]}]}"},
        {"radius a string", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":\"1\"}]}"},
        {"radius zero", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":0}]}"},
        {"radius negative", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":-2}]}"},
        {"radius too big", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":2e6}]}"},
        {"radius inf", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1e999}]}"},
        {"negative colour", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"color\":[1,-0.1,1]}]}"},
        {"colour wrong length", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"color\":[1,1]}]}"},
        {"colour inf", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"color\":[1,1,-1e999]}]}"},
        {"units watts", "{\"units\": \"watt\", \"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1}]}"},
        {"units a number", "{\"units\": 1, \"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1}]}"},
        {"negative intensity", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"intensity\":-1}]}"},
        {"intensity not a number", "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"intensity\":true}]}"},
        {"spot missing direction", "{\"lights\": [" S_(",\"inner_deg\":10,\"outer_deg\":20") "]}"},
        {"spot zero direction", "{\"lights\": [" S_(",\"direction\":[0,0,0],\"inner_deg\":10,\"outer_deg\":20") "]}"},
        {"spot tiny direction", "{\"lights\": [" S_(",\"direction\":[1e-13,0,0],\"inner_deg\":10,\"outer_deg\":20") "]}"},
        {"spot missing inner", "{\"lights\": [" S_(",\"direction\":[0,-1,0],\"outer_deg\":20") "]}"},
        {"spot missing outer", "{\"lights\": [" S_(",\"direction\":[0,-1,0],\"inner_deg\":10") "]}"},
        {"spot inner negative", "{\"lights\": [" S_(",\"direction\":[0,-1,0],\"inner_deg\":-1,\"outer_deg\":20") "]}"},
        {"spot outer < inner", "{\"lights\": [" S_(",\"direction\":[0,-1,0],\"inner_deg\":30,\"outer_deg\":20") "]}"},
        {"spot outer 180", "{\"lights\": [" S_(",\"direction\":[0,-1,0],\"inner_deg\":10,\"outer_deg\":180") "]}"},
        {"spot outer inf", "{\"lights\": [" S_(",\"direction\":[0,-1,0],\"inner_deg\":10,\"outer_deg\":1e999") "]}"},
    };
    char buf[4096];
    for (size_t c = 0; c < LC_ARRAY_COUNT(cases); c++) {
        parse_arg a = {cases[c].text, strlen(cases[c].text)};
        lc_status st;
        int lines = capture_stderr(parse_fn, &a, &st, buf, sizeof buf);
        CHECK_MSG(st == LC_ERR_INPUT, "case '%s' gave status %d", cases[c].name, (int)st);
        CHECK_MSG(lines == 1, "case '%s' printed %d lines: %s", cases[c].name, lines, buf);
        CHECK_MSG(strstr(buf, "bad.json") != NULL, "case '%s' does not name the file: %s", cases[c].name, buf);
    }

    /* The message names the entry and the problem. */
    const char *second = "{\"lights\": [" P ", {\"type\":\"point\",\"position\":[0,0,0],\"radius\":-2}]}";
    parse_arg a = {second, strlen(second)};
    lc_status st;
    capture_stderr(parse_fn, &a, &st, buf, sizeof buf);
    CHECK_MSG(strstr(buf, "light 1") && strstr(buf, "radius"), "message: %s", buf);

    /* More than LC_LIGHTS_MAX entries: rejected on the count, before looking at them. */
    size_t n = (size_t)LC_LIGHTS_MAX + 1, size = 16 + 2 * n;
    char *big = malloc(size);
    size_t o = (size_t)sprintf(big, "{\"lights\":[");
    for (size_t i = 0; i < n; i++) big[o++] = '0', big[o++] = i + 1 < n ? ',' : ']';
    big[o++] = '}';
    parse_arg ab = {big, o};
    capture_stderr(parse_fn, &ab, &st, buf, sizeof buf);
    CHECK_MSG(st == LC_ERR_INPUT && strstr(buf, "maximum"), "too many lights: %s", buf);
    free(big);
}

/* --- weight --- */

static void test_weight(void)
{
    lc_m4 view = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    lc_light pl = {LC_LIGHT_POINT, {1, 2, 3}, 2.0f, {0, -1, 0}, 0, 0, {1, 1, 1}, 1, false};
    lc_gpu_light g;
    lc_light_pack(&pl, &view, &g);
    float at[3] = {1, 2, 3};
    /* d = 0: window 1, the inverse square held at r / 100: 1 / (1e-4 * 4). */
    CHECK(fabsf(lc_light_weight(&g, at) - 2500.0f) < 0.01f);
    /* Inverse square inside the range, times the glTF window (1 - (d/r)^4)^2. */
    for (float d = 0.05f; d < 1.95f; d += 0.1f) {
        float p[3] = {1, 2 + d, 3}, x = d / 2.0f, win = (1.0f - x * x * x * x) * (1.0f - x * x * x * x);
        CHECK_MSG(fabsf(lc_light_weight(&g, p) - win / (d * d)) <= 1e-4f * win / (d * d), "d %g", d);
    }
    for (float d = 0.05f; d < 4.0f; d += 0.05f) {
        float p[3] = {1 + d, 2, 3}, q[3] = {1, 2 - d * 0.6f, 3 + d * 0.8f};
        if (d < 1.99f) CHECK_MSG(lc_light_weight(&g, p) > 0.0f && lc_light_weight(&g, q) > 0.0f, "d %g", d);
        if (d >= 2.0f) CHECK_MSG(lc_light_weight(&g, p) == 0.0f && lc_light_weight(&g, q) == 0.0f, "d %g", d);
    }
    float edge[3] = {3, 2, 3};
    CHECK(lc_light_weight(&g, edge) == 0.0f); /* exactly at the radius */

    /* Spot down the -y axis, inner 20, outer 30 degrees. */
    lc_light sl = {LC_LIGHT_SPOT, {0, 0, 0}, 10.0f, {0, -1, 0}, 20.0f, 30.0f, {1, 1, 1}, 1, false};
    lc_light_pack(&sl, &view, &g);
    lc_gpu_light gp;
    lc_light_pack(&(lc_light){LC_LIGHT_POINT, {0, 0, 0}, 10.0f, {0, -1, 0}, 0, 0, {1, 1, 1}, 1, false}, &view, &gp);
    for (float a = 0.0f; a <= 180.0f; a += 0.5f) {
        float p[3] = {5.0f * sinf(deg_rad(a)), -5.0f * cosf(deg_rad(a)), 0.0f};
        float w = lc_light_weight(&g, p);
        if (a < 19.5f) CHECK_MSG(w == lc_light_weight(&gp, p), "inside inner at %g deg", a); /* spot factor 1 */
        if (a < 29.5f) CHECK_MSG(w > 0.0f, "inside outer at %g deg", a);
        if (a >= 30.0f) CHECK_MSG(w == 0.0f, "outside outer at %g deg: %g", a, w);
    }
    float beyond[3] = {0, -10.5f, 0};
    CHECK(lc_light_weight(&g, beyond) == 0.0f);
}

/* --- animation --- */

static void test_animate(void)
{
    lc_light_set s;
    CHECK(lc_lights_generate(&s, 2000, 9, hall_min, hall_max) == LC_OK);
    lc_light *a = malloc(s.count * sizeof *a), *b = malloc(s.count * sizeof *b);
    const float times[] = {0.0f, 0.5f, 1.0f, 100.0f, 12345.678f, 1e7f, -3.0f, NAN, INFINITY};
    for (size_t t = 0; t < LC_ARRAY_COUNT(times); t++) {
        lc_lights_animate(&s, times[t], a);
        lc_lights_animate(&s, times[t], b);
        CHECK(memcmp(a, b, s.count * sizeof *a) == 0);
        float max_move = 0.0f;
        bool finite = true;
        for (uint32_t i = 0; i < s.count; i++) {
            float m2 = 0;
            for (int k = 0; k < 3; k++) {
                finite = finite && isfinite(a[i].position[k]) && isfinite(a[i].direction[k]);
                float d = a[i].position[k] - s.lights[i].position[k];
                m2 += d * d;
            }
            max_move = LC_MAX(max_move, sqrtf(m2));
            const float *d = a[i].direction;
            if (a[i].type == LC_LIGHT_SPOT) CHECK(fabsf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - 1.0f) < 1e-5f);
            CHECK(a[i].radius == s.lights[i].radius && a[i].type == s.lights[i].type);
        }
        CHECK_MSG(finite, "non-finite at t = %g", times[t]);
        CHECK_MSG(max_move <= 1.2f, "moved %g m at t = %g", max_move, times[t]);
    }
    /* Smooth: a small step in time moves lights a little. */
    lc_lights_animate(&s, 10.0f, a);
    lc_lights_animate(&s, 10.01f, b);
    float max_step = 0.0f, moved = 0.0f;
    for (uint32_t i = 0; i < s.count; i++)
        for (int k = 0; k < 3; k++) max_step = LC_MAX(max_step, fabsf(a[i].position[k] - b[i].position[k]));
    lc_lights_animate(&s, 3.0f, b);
    for (uint32_t i = 0; i < s.count; i++)
        for (int k = 0; k < 3; k++) moved = LC_MAX(moved, fabsf(a[i].position[k] - b[i].position[k]));
    CHECK_MSG(max_step < 0.05f, "step %g", max_step);
    CHECK_MSG(moved > 0.2f, "lights barely move: %g", moved);

    /* Files stay where they were put. */
    lc_light_set f;
    CHECK(lc_lights_parse_json(&f, valid_json, strlen(valid_json), "valid") == LC_OK);
    lc_lights_animate(&f, 5.0f, a);
    CHECK(memcmp(a, f.lights, f.count * sizeof *a) == 0);
    lc_light_set_destroy(&f);
    free(a);
    free(b);
    lc_light_set_destroy(&s);
}

/* --- packing --- */

static void random_view(lc_m4 *view)
{
    lc_camera cam = {{lc_test_rnd(-5, 5), lc_test_rnd(-5, 5), lc_test_rnd(-5, 5)}, lc_test_rnd(-180, 180), lc_test_rnd(-89, 89), 60.0f, 0.1f, 100.0f};
    lc_m4 proj;
    lc_camera_matrices(&cam, 1.5f, view, &proj);
}

static void test_pack(void)
{
    lc_m4 view;
    random_view(&view);
    lc_light sl = {LC_LIGHT_SPOT, {1, 2, 3}, 5.0f, {0.6f, -0.8f, 0.0f}, 20.0f, 40.0f, {0.5f, 0.25f, 1.0f}, 4.0f, false};
    lc_gpu_light g;
    lc_light_pack(&sl, &view, &g);
    float co = cosf(deg_rad(40.0f)), ci = cosf(deg_rad(20.0f));
    CHECK(g.position_radius.x == 1 && g.position_radius.y == 2 && g.position_radius.z == 3 && g.position_radius.w == 5);
    CHECK(g.color_type.x == 2.0f && g.color_type.y == 1.0f && g.color_type.z == 4.0f && g.color_type.w == 1.0f);
    CHECK(g.direction_cos.x == 0.6f && g.direction_cos.y == -0.8f && g.direction_cos.z == 0.0f);
    CHECK(fabsf(g.direction_cos.w - co) < 1e-6f && fabsf(g.spot_depth.y - ci) < 1e-6f);
    CHECK(fabsf(g.spot_depth.x - 1.0f / (ci - co)) < 1e-3f);
    lc_light same = sl;
    same.inner_deg = same.outer_deg;
    lc_light_pack(&same, &view, &g);
    CHECK(g.spot_depth.x == 1e4f); /* inner == outer: clamped, no division by zero */

    lc_light pl = {LC_LIGHT_POINT, {1, 2, 3}, 5.0f, {0, -1, 0}, 0, 0, {1, 1, 1}, 2.0f, false};
    lc_light_pack(&pl, &view, &g);
    float dc = view_depth(&view, pl.position);
    CHECK(g.color_type.w == 0.0f && g.color_type.x == 2.0f);
    CHECK(g.direction_cos.x == 0 && g.direction_cos.y == 0 && g.direction_cos.z == 0 && g.direction_cos.w == 0);
    CHECK(fabsf(g.spot_depth.z - (dc - 5.0f)) < 1e-5f && fabsf(g.spot_depth.w - (dc + 5.0f)) < 1e-5f);

    /* A narrow spot pointing away from the camera starts at its apex: half the sphere's range. */
    lc_m4 ident = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    lc_light away = {LC_LIGHT_SPOT, {0, 0, -10}, 4.0f, {0, 0, -1}, 5.0f, 20.0f, {1, 1, 1}, 1, false};
    lc_light_pack(&away, &ident, &g);
    CHECK_MSG(fabsf(g.spot_depth.z - 10.0f) < 1e-5f && fabsf(g.spot_depth.w - 14.0f) < 1e-5f, "%g..%g", g.spot_depth.z,
              g.spot_depth.w);
    /* Sideways: the cone's base disc, r tan(outer) * 1 either side... capped by the sphere. */
    lc_light side = {LC_LIGHT_SPOT, {0, 0, -10}, 4.0f, {1, 0, 0}, 5.0f, 20.0f, {1, 1, 1}, 1, false};
    lc_light_pack(&side, &ident, &g);
    float ext = 4.0f * tanf(deg_rad(20.0f));
    CHECK_MSG(fabsf(g.spot_depth.z - (10.0f - ext)) < 1e-4f && fabsf(g.spot_depth.w - (10.0f + ext)) < 1e-4f,
              "%g..%g", g.spot_depth.z, g.spot_depth.w);

    /* The depth range holds every point with a non-zero weight. */
    int outside = 0, samples = 0, tighter = 0;
    for (int t = 0; t < 2000; t++) {
        if (t % 100 == 0) random_view(&view);
        lc_light l = {lc_test_rnd(0, 1) < 0.5f ? LC_LIGHT_SPOT : LC_LIGHT_POINT, {lc_test_rnd(-20, 20), lc_test_rnd(-20, 20), lc_test_rnd(-20, 20)},
                      lc_test_rnd(0.1f, 10.0f), {lc_test_rnd(-1, 1), lc_test_rnd(-1, 1), lc_test_rnd(-1, 1)}, 0, 0, {1, 1, 1}, 1, false};
        float dl = sqrtf(l.direction[0] * l.direction[0] + l.direction[1] * l.direction[1] + l.direction[2] * l.direction[2]);
        for (int k = 0; k < 3; k++) l.direction[k] /= dl;
        l.outer_deg = t % 3 == 0 ? lc_test_rnd(90, 179) : lc_test_rnd(1, 89.9f);
        l.inner_deg = l.outer_deg * lc_test_rnd(0, 1);
        lc_light_pack(&l, &view, &g);
        CHECK(g.spot_depth.z <= g.spot_depth.w);
        float tol = 1e-5f * (fabsf(g.spot_depth.z) + fabsf(g.spot_depth.w) + l.radius);
        tighter += g.spot_depth.w - g.spot_depth.z < 1.9f * l.radius;
        for (int s = 0; s < 200; s++) {
            float p[3];
            sample_volume(&l, p);
            if (!(lc_light_weight(&g, p) > 0.0f)) continue;
            float d = view_depth(&view, p);
            samples++;
            if (d < g.spot_depth.z - tol || d > g.spot_depth.w + tol) {
                if (outside++ < 5)
                    fprintf(stderr, "light %d: depth %g outside [%g, %g]\n", t, d, g.spot_depth.z, g.spot_depth.w);
            }
        }
    }
    CHECK_MSG(outside == 0, "%d of %d samples outside the packed depth range", outside, samples);
    CHECK_MSG(samples > 100000, "only %d samples", samples);
    CHECK_MSG(tighter > 300, "only %d spot ranges tighter than the sphere", tighter);
}

/* --- units: generated lights and the automatic exposure scale with the scene --- */

static void test_units(void)
{
    const float scales[] = {0.01f, 100.0f, 0.0003f};
    lc_light_set ref;
    CHECK(lc_lights_generate(&ref, 512, 9, hall_min, hall_max) == LC_OK);
    float ev_ref = lc_exposure_auto(ref.lights, ref.count, hall_min, hall_max);
    CHECK(ev_ref > 0.0f && ev_ref < 12.0f); /* a dim interior's EV100, not the no-light 0 */
    for (size_t k = 0; k < LC_ARRAY_COUNT(scales); k++) {
        float s = scales[k], lo[3], hi[3];
        for (int a = 0; a < 3; a++) lo[a] = hall_min[a] * s, hi[a] = hall_max[a] * s;
        lc_light_set set;
        CHECK(lc_lights_generate(&set, 512, 9, lo, hi) == LC_OK);
        CHECK(set.count == ref.count);
        for (uint32_t i = 0; i < set.count && i < ref.count; i++) {
            const lc_light *a = &set.lights[i], *b = &ref.lights[i];
            CHECK_MSG(fabsf(a->radius - b->radius * s) <= 1e-5f * b->radius * s, "scale %g light %u radius", s, i);
            CHECK_MSG(fabsf(a->intensity - b->intensity * s * s) <= 1e-4f * b->intensity * s * s, "scale %g light %u intensity", s, i);
        }
        CHECK_MSG(fabsf(set.motion_scale - ref.motion_scale * s) <= 1e-5f * ref.motion_scale * s, "scale %g motion", s);
        float ev = lc_exposure_auto(set.lights, set.count, lo, hi);
        CHECK_MSG(fabsf(ev - ev_ref) < 0.01f, "scale %g: EV100 %g, at 1 %g", s, ev, ev_ref);
        lc_light_set_destroy(&set);
    }
    /* The lights file's "units": candela, the same reading as a file without the field. */
    const char *with = "{\"units\": \"candela\", \"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"intensity\":7}]}";
    const char *without = "{\"lights\": [{\"type\":\"point\",\"position\":[0,0,0],\"radius\":1,\"intensity\":7}]}";
    lc_light_set fa, fb;
    CHECK(lc_lights_parse_json(&fa, with, strlen(with), "with") == LC_OK);
    CHECK(lc_lights_parse_json(&fb, without, strlen(without), "without") == LC_OK);
    CHECK(fa.count == 1 && fb.count == 1 && memcmp(fa.lights, fb.lights, sizeof *fa.lights) == 0 && fa.lights[0].intensity == 7.0f);
    lc_light_set_destroy(&fa);
    lc_light_set_destroy(&fb);

    /* Four times the intensity: two stops more. No lights: 0. */
    for (uint32_t i = 0; i < ref.count; i++) ref.lights[i].intensity *= 4.0f;
    CHECK(fabsf(lc_exposure_auto(ref.lights, ref.count, hall_min, hall_max) - (ev_ref + 2.0f)) < 1e-3f);
    CHECK(lc_exposure_auto(ref.lights, 0, hall_min, hall_max) == 0.0f);
    CHECK(fabsf(lc_exposure_scale(0.0f) - 1.0f / 1.2f) < 1e-6f);
    lc_light_set_destroy(&ref);
}

int main(void)
{
    lc_test_seed(0x1234567ull);
    test_generate();
    test_json_valid();
    test_json_malformed();
    test_weight();
    test_units();
    test_animate();
    test_pack();
    return lc_test_finish("test_lights");
}
