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

/* surface.glsl lc_surface_of: diffuse = base (1 - metallic), f0 = mix(0.04, base, metallic). */
static void surface_colours(const lc_light_ref_surface *s, float diffuse[3], float f0[3])
{
    for (int i = 0; i < 3; i++) {
        diffuse[i] = s->albedo[i] * (1.0f - s->metallic);
        f0[i] = 0.04f * (1.0f - s->metallic) + s->albedo[i] * s->metallic; /* GLSL's mix */
    }
}

void lc_light_ref_brdf(const float n[3], const float v[3], const float l[3], const float diffuse[3], const float f0[3],
                       float roughness, float out[3])
{
    out[0] = out[1] = out[2] = 0.0f;
    float ndl = fmaxf(dot3(n, l), 0.0f);
    if (ndl <= 0.0f) return;
    float ndv = fmaxf(fabsf(dot3(n, v)), 1e-4f);
    float half_vec[3] = {l[0] + v[0], l[1] + v[1], l[2] + v[2]}, h[3];
    normalize3(half_vec, h);
    float ndh = fmaxf(dot3(n, h), 0.0f), vdh = fmaxf(dot3(v, h), 0.0f);
    float r = fminf(fmaxf(roughness, 0.045f), 1.0f); /* LC_MIN_ROUGHNESS */
    float a2 = (r * r) * (r * r);
    float q = ndh * ndh * (a2 - 1.0f) + 1.0f;
    const float pi = 3.14159265358979f;
    float d = a2 / (pi * q * q);
    float vis = 0.5f / (ndl * sqrtf(ndv * ndv * (1.0f - a2) + a2) + ndv * sqrtf(ndl * ndl * (1.0f - a2) + a2));
    float sc = 1.0f - vdh, s2 = sc * sc;
    for (int i = 0; i < 3; i++) {
        float f = f0[i] + (1.0f - f0[i]) * (s2 * s2 * sc);
        out[i] = ((1.0f - f) * diffuse[i] * (1.0f / pi) + f * (d * vis)) * ndl;
    }
}

/* lighting.glsl lc_shade_light: false when the light contributes nothing. */
static bool shade_light(const lc_gpu_light *l, const float p[3], const float n[3], const float view_dir[3],
                        const float diffuse[3], const float f0[3], float roughness, float color[3])
{
    float w = lc_light_weight(l, p);
    if (w <= 0.0f) return false;
    float to_light[3] = {l->position_radius.x - p[0], l->position_radius.y - p[1], l->position_radius.z - p[2]}, L[3], b[3];
    normalize3(to_light, L);
    lc_light_ref_brdf(n, view_dir, L, diffuse, f0, roughness, b);
    const float rgb[3] = {l->color_type.x, l->color_type.y, l->color_type.z};
    for (int i = 0; i < 3; i++) color[i] += rgb[i] * w * b[i];
    return true;
}

void lc_light_ref_lit(const lc_gpu_light *lights, uint32_t count, const lc_light_ref_surface *s, const float eye[3],
                      float lit_out[3])
{
    float to_eye[3] = {eye[0] - s->position[0], eye[1] - s->position[1], eye[2] - s->position[2]}, view_dir[3];
    normalize3(to_eye, view_dir);
    /* lc_seen_normal, then the normal turned to that side. */
    float seen[3], n[3];
    float side = dot3(s->face, view_dir) < 0.0f ? -1.0f : 1.0f;
    for (int i = 0; i < 3; i++) seen[i] = side * s->face[i];
    normalize3(s->normal, n);
    if (dot3(n, seen) < 0.0f)
        for (int i = 0; i < 3; i++) n[i] = -n[i];
    float diffuse[3], f0[3];
    surface_colours(s, diffuse, f0);
    lit_out[0] = lit_out[1] = lit_out[2] = 0.0f;
    for (uint32_t i = 0; i < count; i++) shade_light(&lights[i], s->position, n, view_dir, diffuse, f0, s->roughness, lit_out);
}

void lc_light_ref_hdr(const lc_gpu_light *lights, uint32_t count, const lc_light_ref_surface *s, const float eye[3],
                      float exposure, float hdr_out[3])
{
    float lit[3], diffuse[3], f0[3];
    lc_light_ref_lit(lights, count, s, eye, lit);
    surface_colours(s, diffuse, f0);
    /* lc_shaded_colour */
    float k = (float)LC_EXPOSURE_REF / exposure;
    for (int i = 0; i < 3; i++) {
        float ambient = (diffuse[i] + f0[i]) * (0.02f * s->occlusion * k);
        hdr_out[i] = fminf(ambient + lit[i] + s->emissive[i] * k, (float)LC_HDR_MAX);
    }
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
