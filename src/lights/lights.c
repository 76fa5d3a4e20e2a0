/* Light list: deterministic generation, the JSON lights file, animation and the light weight
 * the shaders share. The per-frame cull/sort/pack lives in light_build.c. */
#include "lights/lights.h"

#include "lights/json_fields.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Generation must give the same bytes on every platform: only IEEE +, *, / and sqrt are used
 * there, and a fused multiply-add would round differently, so contraction stays off. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include "rng.h" /* after the pragma: its lc_rng_range is generation arithmetic too */

#define JSON_LIMIT 1e6       /* largest accepted radius, |coordinate|, colour and intensity */
#define JSON_MIN_RADIUS 1e-6 /* smaller radii underflow r * r in the weight */

/* 2^x for x in [0, 8) from a polynomial (no libm, so identical everywhere). */
static float exp2_det(float x)
{
    int k = (int)x;
    float f = (x - (float)k) * 0.69314718f; /* 2^frac = e^(frac ln 2), frac ln 2 < 0.7 */
    float e = 1.0f + f * (1.0f + f * (0.5f + f * (1.0f / 6 + f * (1.0f / 24 + f * (1.0f / 120 + f * (1.0f / 720))))));
    return e * (float)(1u << k);
}

static void hsv_to_rgb(float h, float s, float v, float rgb[3])
{
    float h6 = h * 6.0f;
    int i = (int)h6;
    float f = h6 - (float)i;
    float p = v * (1.0f - s), q = v * (1.0f - s * f), t = v * (1.0f - s * (1.0f - f));
    switch (i % 6) {
    case 0: rgb[0] = v, rgb[1] = t, rgb[2] = p; break;
    case 1: rgb[0] = q, rgb[1] = v, rgb[2] = p; break;
    case 2: rgb[0] = p, rgb[1] = v, rgb[2] = t; break;
    case 3: rgb[0] = p, rgb[1] = q, rgb[2] = v; break;
    case 4: rgb[0] = t, rgb[1] = p, rgb[2] = v; break;
    default: rgb[0] = v, rgb[1] = p, rgb[2] = q; break;
    }
}

static float median3(float a, float b, float c)
{
    if (a > b) { float t = a; a = b; b = t; }
    if (b > c) b = c;
    return a > b ? a : b;
}

/* The generated lights' length unit: the bounds' median side / 11 (a line's length / 11; 1 for
 * a point). Any scale counts: a model in millimetres gets millimetre lights. */
static float lights_unit(const float size[3])
{
    float s = median3(size[0], size[1], size[2]) / 11.0f;
    if (!(s > 0.0f)) s = fmaxf(size[0], fmaxf(size[1], size[2])) / 11.0f;
    return s > 0.0f && isfinite(s) ? s : 1.0f;
}

lc_status lc_lights_generate(lc_light_set *out, uint32_t count, uint64_t seed,
                             const float bmin[3], const float bmax[3])
{
    memset(out, 0, sizeof *out);
    if (count < 1 || count > LC_LIGHTS_MAX) {
        lc_error("light count %u is out of range (1..%u)", count, LC_LIGHTS_MAX);
        return LC_ERR_INPUT;
    }
    float size[3];
    for (int a = 0; a < 3; a++) {
        if (!isfinite(bmin[a]) || !isfinite(bmax[a]) || bmin[a] > bmax[a]) {
            lc_error("light bounds are empty or not finite");
            return LC_ERR_INPUT;
        }
        size[a] = bmax[a] - bmin[a];
    }
    /* Radii follow the room: a 16 x 12 x 60 m hall gets 0.7..5.8 m, typically about 2 m. */
    float scale = lights_unit(size);
    /* Past 1024 lights radii shrink with the cube root of the count, so a point stays inside
     * about as many light volumes as with 1024: denser lights are smaller lights. */
    if (count > 1024) scale *= (float)cbrt(1024.0 / (double)count);

    lc_light *lights = lc_calloc(count, sizeof *lights);
    lc_rng r = {lc_rng_mix64(seed ^ 0x6C69676874637531ull)};
    for (uint32_t i = 0; i < count; i++) {
        lc_light *l = &lights[i];
        l->type = lc_rng_unit(&r) < 0.25f ? LC_LIGHT_SPOT : LC_LIGHT_POINT;
        for (int a = 0; a < 3; a++) {
            float p = bmin[a] + size[a] * lc_rng_unit(&r);
            l->position[a] = p > bmax[a] ? bmax[a] : p;
        }
        l->radius = 0.5f * exp2_det(3.0f * lc_rng_unit(&r)) * scale; /* log-uniform 0.5..4 */
        float hue = lc_rng_unit(&r); /* one draw per statement: argument order is unspecified */
        float saturation = lc_rng_range(&r, 0.55f, 1.0f);
        hsv_to_rgb(hue, saturation, 1.0f, l->color);
        l->intensity = lc_rng_range(&r, 1.0f, 4.0f) * LC_LIGHTS_GENERATED_LUX * 0.25f * l->radius * l->radius;
        if (l->type == LC_LIGHT_SPOT) {
            /* Uniform direction from the unit ball, pushed down: most spots light the floor. */
            float d[3], len2;
            do {
                for (int a = 0; a < 3; a++) d[a] = lc_rng_range(&r, -1.0f, 1.0f);
                len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            } while (len2 > 1.0f || len2 < 1e-4f);
            d[1] -= 0.6f;
            float len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            for (int a = 0; a < 3; a++) l->direction[a] = d[a] / len;
            l->outer_deg = lc_rng_range(&r, 15.0f, 120.0f); /* about a quarter wider than 90 */
            l->inner_deg = l->outer_deg * lc_rng_range(&r, 0.4f, 0.9f);
        } else {
            l->direction[1] = -1.0f;
        }
    }
    out->lights = lights;
    out->count = count;
    out->animated = true;
    out->motion_scale = lights_unit(size);
    return LC_OK;
}

lc_status lc_lights_generate_model(lc_light_set *out, uint64_t seed, const float bmin[3], const float bmax[3])
{
    lc_status s = lc_lights_generate(out, LC_LIGHTS_MODEL_COUNT, seed, bmin, bmax);
    for (uint32_t i = 0; s == LC_OK && i < out->count; i++) {
        lc_light *l = &out->lights[i];
        for (int c = 0; c < 3; c++) l->color[c] += LC_LIGHTS_MODEL_WHITE * (1.0f - l->color[c]);
    }
    return s;
}

void lc_light_set_destroy(lc_light_set *set)
{
    free(set->lights);
    memset(set, 0, sizeof *set);
}

/* --- JSON lights file --- */

static bool parse_light(const lc_json_ctx *c, const cJSON *item, lc_light *l)
{
    if (!cJSON_IsObject(item)) {
        lc_json_fail(c, "must be an object");
        return false;
    }
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(item, "type");
    if (!type) {
        lc_json_fail(c, "missing \"type\"");
        return false;
    }
    if (!cJSON_IsString(type)) {
        lc_json_fail(c, "\"type\" must be a string (\"point\" or \"spot\")");
        return false;
    }
    if (strcmp(type->valuestring, "point") == 0) {
        l->type = LC_LIGHT_POINT;
    } else if (strcmp(type->valuestring, "spot") == 0) {
        l->type = LC_LIGHT_SPOT;
    } else {
        lc_json_fail(c, "unknown type \"%.64s\" (expected \"point\" or \"spot\")", type->valuestring);
        return false;
    }

    static const double white[3] = {1.0, 1.0, 1.0};
    double pos[3], radius, color[3], intensity;
    if (!lc_json_numbers(c, item, "position", 3, true, NULL, (lc_json_range){-JSON_LIMIT, JSON_LIMIT, false}, pos)) return false;
    if (!lc_json_number(c, item, "radius", true, 0.0, (lc_json_range){-INFINITY, INFINITY, false}, &radius)) return false;
    if (!(radius >= JSON_MIN_RADIUS && radius <= JSON_LIMIT)) {
        lc_json_fail(c, "\"radius\" = %g must be in [%g, %g]", radius, JSON_MIN_RADIUS, JSON_LIMIT);
        return false;
    }
    if (!lc_json_numbers(c, item, "color", 3, false, white, (lc_json_range){0.0, JSON_LIMIT, false}, color)) return false;
    if (!lc_json_number(c, item, "intensity", false, 1.0, (lc_json_range){0.0, JSON_LIMIT, false}, &intensity)) return false;
    for (int a = 0; a < 3; a++) {
        l->position[a] = (float)pos[a];
        l->color[a] = (float)color[a];
    }
    l->radius = (float)radius;
    l->intensity = (float)intensity;
    l->direction[0] = 0.0f, l->direction[1] = -1.0f, l->direction[2] = 0.0f;
    const cJSON *shadow = cJSON_GetObjectItemCaseSensitive(item, "shadow");
    if (shadow && !cJSON_IsBool(shadow)) {
        lc_json_fail(c, "\"shadow\" must be true or false");
        return false;
    }
    l->shadow = shadow && cJSON_IsTrue(shadow);
    if (l->type == LC_LIGHT_POINT) return true;

    double dir[3], inner, outer;
    if (!lc_json_numbers(c, item, "direction", 3, true, NULL, (lc_json_range){-INFINITY, INFINITY, false}, dir)) return false;
    /* Normalise without overflow: scale by the largest component first. */
    double m = fmax(fabs(dir[0]), fmax(fabs(dir[1]), fabs(dir[2])));
    double s[3] = {0, 0, 0}, len = 0.0;
    if (m > 0.0) {
        for (int a = 0; a < 3; a++) s[a] = dir[a] / m;
        len = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    }
    if (!(m * len >= 1e-12)) {
        lc_json_fail(c, "\"direction\" has (near) zero length");
        return false;
    }
    for (int a = 0; a < 3; a++) l->direction[a] = (float)(s[a] / len);
    if (!lc_json_number(c, item, "inner_deg", true, 0.0, (lc_json_range){-INFINITY, INFINITY, false}, &inner)) return false;
    if (!lc_json_number(c, item, "outer_deg", true, 0.0, (lc_json_range){-INFINITY, INFINITY, false}, &outer)) return false;
    if (inner < 0.0) {
        lc_json_fail(c, "\"inner_deg\" = %g must be >= 0", inner);
        return false;
    }
    if (outer < inner) {
        lc_json_fail(c, "\"outer_deg\" = %g must be >= \"inner_deg\" = %g", outer, inner);
        return false;
    }
    if (outer >= 180.0) {
        lc_json_fail(c, "\"outer_deg\" = %g must be < 180", outer);
        return false;
    }
    l->inner_deg = (float)inner;
    l->outer_deg = (float)outer;
    if (l->outer_deg >= 180.0f) l->outer_deg = nextafterf(180.0f, 0.0f); /* 179.99999999 rounds up */
    if (l->inner_deg > l->outer_deg) l->inner_deg = l->outer_deg;
    return true;
}

lc_status lc_lights_parse_json(lc_light_set *out, const char *text, size_t size, const char *what)
{
    memset(out, 0, sizeof *out);
    lc_json_ctx c = {.file_kind = "lights", .entry_kind = "light", .what = what ? what : "(lights)"};
    cJSON *root = lc_json_parse(&c, text, size);
    if (!root) return LC_ERR_INPUT;
    lc_status st = LC_ERR_INPUT;
    lc_light *lights = NULL;
    const cJSON *arr = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "lights") : NULL;
    /* "units": intensities in candela, the only unit; files from before the field read the same. */
    const cJSON *units = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "units") : NULL;
    if (units && !(cJSON_IsString(units) && strcmp(units->valuestring, "candela") == 0)) {
        lc_json_fail(&c, "\"units\" must be \"candela\" (intensities in candela, docs/SHADING.md, \"Lights file\")");
        goto done;
    }
    if (!arr) {
        lc_json_fail(&c, "expected an object with a \"lights\" array");
        goto done;
    }
    if (!cJSON_IsArray(arr)) {
        lc_json_fail(&c, "\"lights\" must be an array");
        goto done;
    }
    int n = cJSON_GetArraySize(arr);
    if (n <= 0) {
        lc_json_fail(&c, "\"lights\" is empty");
        goto done;
    }
    if ((uint64_t)n > LC_LIGHTS_MAX) {
        lc_json_fail(&c, "%d lights is more than the maximum %u", n, LC_LIGHTS_MAX);
        goto done;
    }
    lights = lc_calloc((size_t)n, sizeof *lights);
    c.in_entry = true;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (!parse_light(&c, item, &lights[c.index])) goto done;
        c.index++;
    }
    out->lights = lights;
    out->count = (uint32_t)n;
    out->animated = false;
    lights = NULL;
    st = LC_OK;
done:
    free(lights);
    cJSON_Delete(root);
    return st;
}

static lc_status parse_file(void *out, const char *text, size_t size, const char *what)
{
    return lc_lights_parse_json(out, text, size, what);
}

lc_status lc_lights_load_json(lc_light_set *out, const char *path)
{
    memset(out, 0, sizeof *out);
    return lc_json_load("lights", path, parse_file, out);
}

/* --- animation --- */

void lc_lights_animate(const lc_light_set *set, float time, lc_light *out)
{
    if (set->count) memcpy(out, set->lights, (size_t)set->count * sizeof *out);
    if (!set->animated) return;
    double t = isfinite(time) ? (double)time : 0.0;
    const double two_pi = 6.283185307179586;
    for (uint32_t i = 0; i < set->count; i++) {
        /* Per-light phases, speeds and amplitudes from a hash of the index. */
        uint64_t h = lc_rng_mix64((uint64_t)i * 0x9E3779B97F4A7C15ull + 0x51ED27u);
        double u0 = (double)(h & 0xFFFF) / 65536.0, u1 = (double)((h >> 16) & 0xFFFF) / 65536.0;
        double u2 = (double)((h >> 32) & 0xFFFF) / 65536.0, u3 = (double)(h >> 48) / 65536.0;
        double amp = (0.2 + 0.5 * u0) * (double)set->motion_scale; /* the hall's: 0.3 .. 1 m */
        double w_orbit = (0.2 + 0.5 * u1) * (u3 < 0.5 ? -1.0 : 1.0); /* rad/s, either way round */
        double w_bob = 0.5 + 1.0 * u2;
        double a = fmod(w_orbit * t + two_pi * u3, two_pi);
        double b = fmod(w_bob * t + two_pi * u0, two_pi);
        const lc_light *src = &set->lights[i];
        lc_light *l = &out[i];
        l->position[0] = src->position[0] + (float)(amp * cos(a));
        l->position[1] = src->position[1] + (float)(0.5 * amp * sin(b));
        l->position[2] = src->position[2] + (float)(amp * sin(a));
        if (src->type == LC_LIGHT_SPOT) {
            /* Sweep the axis slowly about the vertical, up to about 25 degrees each way. */
            double s = 0.45 * sin(fmod((0.15 + 0.3 * u1) * t + two_pi * u2, two_pi));
            double cs = cos(s), sn = sin(s);
            double dx = src->direction[0], dz = src->direction[2];
            l->direction[0] = (float)(cs * dx + sn * dz);
            l->direction[2] = (float)(-sn * dx + cs * dz);
        }
    }
}

/* --- the light weight, identical to shaders/lighting.glsl --- */

float lc_light_weight(const lc_gpu_light *l, const float p[3])
{
    float Lx = l->position_radius.x - p[0];
    float Ly = l->position_radius.y - p[1];
    float Lz = l->position_radius.z - p[2];
    float d2 = Lx * Lx + Ly * Ly + Lz * Lz;
    float r = l->position_radius.w;
    float r2 = r * r;
    float x = d2 / r2;
    float win = LC_CLAMP(1.0f - x * x, 0.0f, 1.0f);
    win = win * win;
    float w = win / LC_MAX(d2, (float)LC_LIGHT_NEAR2 * r2);
    if (l->color_type.w == (float)LC_LIGHT_SPOT) {
        float c = (-Lx * l->direction_cos.x + -Ly * l->direction_cos.y + -Lz * l->direction_cos.z) /
                  sqrtf(LC_MAX(d2, 1e-12f));
        float t = LC_CLAMP((c - l->direction_cos.w) * l->spot_depth.x, 0.0f, 1.0f);
        w *= t * t;
    }
    return w;
}
