/* CPU reference of one pixel's lighting (light_ref.h): the shaders' per-pixel arithmetic in
 * the same order, in single precision. GLSL's normalize, pow and the like may round
 * differently from libm by an ulp or two; the 8-bit output hides that. */
#include "lights/light_ref.h"

#include <math.h>

static float dot3(const float a[3], const float b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void normalize3(const float v[3], float out[3])
{
    float inv = 1.0f / sqrtf(dot3(v, v));
    for (int i = 0; i < 3; i++) out[i] = v[i] * inv;
}

float lc_light_ref_exposure_scale(float ev100) { return 1.0f / (1.2f * exp2f(ev100)); }

/* lighting.glsl lc_shade_light: false when the light contributes nothing. */
static bool shade_light(const lc_gpu_light *l, const float p[3], const float n[3], const float view_dir[3],
                        const float albedo[3], float color[3])
{
    float w = lc_light_weight(l, p);
    if (w <= 0.0f) return false;
    float to_light[3] = {l->position_radius.x - p[0], l->position_radius.y - p[1], l->position_radius.z - p[2]}, L[3];
    normalize3(to_light, L);
    float ndl = fmaxf(dot3(n, L), 0.0f);
    float half_vec[3] = {L[0] + view_dir[0], L[1] + view_dir[1], L[2] + view_dir[2]}, H[3];
    normalize3(half_vec, H);
    float spec = powf(fmaxf(dot3(n, H), 0.0f), 32.0f) * 0.3f;
    const float rgb[3] = {l->color_type.x, l->color_type.y, l->color_type.z};
    for (int i = 0; i < 3; i++) color[i] += rgb[i] * (w * ndl) * (albedo[i] + spec);
    return true;
}

void lc_light_ref_lit(const lc_gpu_light *lights, uint32_t count, const lc_light_ref_surface *s, const float eye[3],
                      float lit_out[3])
{
    float to_eye[3] = {eye[0] - s->position[0], eye[1] - s->position[1], eye[2] - s->position[2]}, view_dir[3];
    normalize3(to_eye, view_dir);
    /* lc_seen_normal, then lc_two_sided: the normal on the side of the plane the eye sees. */
    float seen[3], n[3];
    float side = dot3(s->face, view_dir) < 0.0f ? -1.0f : 1.0f;
    for (int i = 0; i < 3; i++) seen[i] = side * s->face[i];
    normalize3(s->normal, n);
    if (dot3(n, seen) < 0.0f)
        for (int i = 0; i < 3; i++) n[i] = -n[i];
    lit_out[0] = lit_out[1] = lit_out[2] = 0.0f;
    for (uint32_t i = 0; i < count; i++) shade_light(&lights[i], s->position, n, view_dir, s->albedo, lit_out);
}

void lc_light_ref_hdr(const lc_gpu_light *lights, uint32_t count, const lc_light_ref_surface *s, const float eye[3],
                      float exposure, float hdr_out[3])
{
    float lit[3];
    lc_light_ref_lit(lights, count, s, eye, lit);
    /* lc_shaded_colour */
    float k = 0.02f * (float)LC_EXPOSURE_REF / exposure;
    for (int i = 0; i < 3; i++) hdr_out[i] = fminf(s->albedo[i] * k + lit[i], (float)LC_HDR_MAX);
}

void lc_light_ref_background(float exposure, float hdr_out[3])
{
    /* lc_background_colour (and src/passes/shade.c's clear colour) */
    float k = (float)LC_EXPOSURE_REF / exposure;
    hdr_out[0] = 0.01f * k;
    hdr_out[1] = 0.012f * k;
    hdr_out[2] = 0.02f * k;
}

float lc_light_ref_half(float x)
{
    float a = fabsf(x);
    if (a == 0.0f || !isfinite(a)) return x;
    /* Half floats keep 11 significant bits down to 2^-14, then steps of 2^-24. */
    int e;
    frexpf(a, &e); /* a = m 2^e, m in [0.5, 1) */
    float step = e - 1 >= -14 ? ldexpf(1.0f, e - 11) : ldexpf(1.0f, -24);
    return nearbyintf(x / step) * step; /* the default rounding: to nearest, ties to even */
}

/* tonemap_curve.glsl aces */
static float aces(float x)
{
    float y = (x * (2.51f * x + 0.03f)) / (x * (2.43f * x + 0.59f) + 0.14f);
    return fminf(fmaxf(y, 0.0f), 1.0f);
}

/* tonemap_curve.glsl lc_srgb_encode, as the 8-bit code it stores */
static uint8_t srgb_code(float linear)
{
    float c = fminf(fmaxf(linear, 0.0f), 1.0f);
    float s = c <= 0.0031308f ? c * 12.92f : 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
    return (uint8_t)floorf(s * 255.0f + 0.5f);
}

void lc_light_ref_output(const float hdr[3], float exposure, bool half_hdr, uint8_t out[3])
{
    for (int i = 0; i < 3; i++) {
        float h = half_hdr ? lc_light_ref_half(hdr[i]) : hdr[i];
        out[i] = srgb_code(aces(h * exposure));
    }
}
