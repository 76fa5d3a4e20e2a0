// The shadow lookup of a light's evaluation (src/lights/shadows.h): 1 for a light without a
// shadow record, else the fraction of a PCF kernel (hardware comparison) that sees the light.
// Read by lc_shade_light only: shadows change what a light contributes, never which lights
// are culled or evaluated. The light loops set lc_shadow_light to the index of the light they
// evaluate (the sorted index the records are kept by).
#ifndef LC_SHADOW_GLSL
#define LC_SHADOW_GLSL

layout(std430, set = 0, binding = LC_BIND_SHADOW_LIGHTS) readonly buffer ShadowLightBlock { uint shadow_of[]; };
#include "shadow_block.glsl"
// The atlas through a comparison sampler (bilinear, LESS_OR_EQUAL): one fetch compares four
// texels with the reference and filters the results (hardware PCF).
layout(set = 0, binding = LC_BIND_SHADOW_COMPARE) uniform sampler2DShadow shadow_compare;

// The filter (src/frame_shadows.c lc_frame_shadow_filter): 0 while no light may have a shadow
// record, so the shade variants before the first shadowed light leave the lookup out and
// shadows cost nothing until used (H100, Sponza 4K, 4096 lights, forward, no light shadowed:
// the shade took 48.7 ms with the lookup in the loop against 24.6 ms without it, before glTF's
// BRDF); else LC_SHADOW_FILTER_BILINEAR or LC_SHADOW_FILTER_TENT (--shadow-filter).
layout(constant_id = 7) const uint SHADOW_FILTER = 0u;
const bool SHADOWS = SHADOW_FILTER != 0u;

uint lc_shadow_light = 0xffffffffu; // the light being evaluated; none: unshadowed

// The cube face (+X -X +Y -Y +Z -Z) whose view holds direction d from a point light.
uint lc_shadow_face(vec3 d)
{
    vec3 a = abs(d);
    if (a.x >= a.y && a.x >= a.z) return d.x >= 0.0 ? 0u : 1u;
    if (a.y >= a.z) return d.y >= 0.0 ? 2u : 3u;
    return d.z >= 0.0 ? 4u : 5u;
}

// One bilinear comparison at atlas texel position t (texel i spans [i, i + 1)), held inside
// the view's rectangle [lo, hi] so that no tap reads a neighbour's tile.
float lc_shadow_tap(vec2 t, vec2 lo, vec2 hi, vec2 inv_size, float ref)
{
    return texture(shadow_compare, vec3(clamp(t, lo, hi) * inv_size, ref));
}

// Light visibility in [0, 1] at surface point p with normal n (on the side being lit).
// Bias: the point moves along its normal by 1.5 texels' world size at its distance, more where
// the surface grazes the light (normal offset: a texel's depth step grows with the slope), and
// is compared to the stored depth with a further half texel of slack; both are a few
// millimetres at the distances of a room, so contact shadows start where the geometry meets.
// The record's fields are read where they lie (a local copy of the whole record, indexed by
// face, would be one in registers or scratch per evaluation).
float lc_shadow(lc_gpu_light l, vec3 p, vec3 n)
{
    if (!SHADOWS || lc_shadow_light == 0xffffffffu) return 1.0;
    uint s = shadow_of[lc_shadow_light];
    if (s == 0u) return 1.0;
    s -= 1u;
    vec3 to_light = l.position_radius.xyz - p;
    uint face = shadows[s].info.x == 6u ? lc_shadow_face(-to_light) : 0u;
    vec4 rect = shadows[s].rect[face];
    if (rect.z <= 0.0) return 1.0; // not rendered yet
    float dist = length(to_light);
    float cos_l = dot(n, to_light / max(dist, 1e-20));
    if (cos_l <= 0.0) return 1.0; // facing away: the light gives nothing here anyway
    vec4 params = shadows[s].params;
    float texel = params.z * dist; // world size of a texel at this distance (about)
    vec3 q = p + n * (texel * (1.5 + 2.0 * (1.0 - cos_l)));
    vec4 clip = shadows[s].view_proj[face] * vec4(q, 1.0);
    if (clip.w <= params.x) return 1.0; // behind the light or before its near plane
    vec2 ndc = clip.xy / clip.w;
    if (any(greaterThan(abs(ndc), vec2(1.0)))) return 1.0; // outside the view (a spot's cone is inside)
    float n_z = params.x, f_z = params.y;
    // The view depth of q, less half a texel, as the atlas stores depth (Vulkan perspective:
    // 0 at near, 1 at far): lit where it is at or before the stored depth.
    float depth = clip.w - texel * 0.5;
    float ref = f_z * (depth - n_z) / (depth * (f_z - n_z));
    vec2 t = rect.xy + (ndc * 0.5 + 0.5) * rect.z;
    vec2 lo = rect.xy + 0.5, hi = rect.xy + rect.z - 0.5; // the rectangle's outer texel centres
    vec2 inv_size = 1.0 / vec2(textureSize(shadow_compare, 0));
    if (SHADOW_FILTER == LC_SHADOW_FILTER_BILINEAR) return lc_shadow_tap(t, lo, hi, inv_size, ref);
    // Four bilinear taps half a texel from t: a 3 x 3 tent (weights 1 2 1 by 1 2 1) at texel
    // centres, 4 fetches where the same kernel by single texels takes 9.
    return 0.25 * (lc_shadow_tap(t + vec2(-0.5, -0.5), lo, hi, inv_size, ref) + lc_shadow_tap(t + vec2(0.5, -0.5), lo, hi, inv_size, ref) +
                   lc_shadow_tap(t + vec2(-0.5, 0.5), lo, hi, inv_size, ref) + lc_shadow_tap(t + vec2(0.5, 0.5), lo, hi, inv_size, ref));
}

// The sun's cascade that shadows a receiver at p (src/lights/cascades.h): the first whose
// selection square in light space (x and y alone) holds it; LC_SHADOW_CASCADES_MAX: none (past
// the last, unshadowed). The squares lie LC_CASCADE_REACH texels inside what each cascade
// rendered, so the lookup's offset and filter never read past it, and that is what lets a
// later cascade leave out what an earlier one encloses (docs/SHADOWS.md).
uint lc_cascade_of(vec3 p)
{
    vec2 l = vec2(dot(p, cascades.axis_x.xyz), dot(p, cascades.axis_y.xyz));
    for (uint k = 0u; k < cascades.info.x; k++) {
        vec4 sel = cascades.select[k];
        if (sel.z > 0.0 && all(lessThanEqual(abs(l - sel.xy), vec2(sel.z)))) return k;
    }
    return LC_SHADOW_CASCADES_MAX;
}

// The sun's visibility in [0, 1] at p with normal n, l towards the sun: its cascade's depth
// through the lights' PCF, with their normal offset and slack in the cascade's texels (an
// orthographic texel is the same size at every depth). 1 without cascades or past the last.
float lc_sun_shadow(vec3 p, vec3 n, vec3 l)
{
    if (!SHADOWS || cascades.info.x == 0u) return 1.0;
    uint k = lc_cascade_of(p);
    if (k >= LC_SHADOW_CASCADES_MAX) return 1.0;
    float cos_l = dot(n, l);
    if (cos_l <= 0.0) return 1.0; // facing away: the sun gives nothing here anyway
    float texel = cascades.select[k].w;
    vec3 q = p + n * (texel * (1.5 + 2.0 * (1.0 - cos_l)));
    vec4 clip = cascades.view_proj[k] * vec4(q, 1.0);
    float ref = clip.z - 0.5 * texel * cascades.depth.x;
    vec4 rect = cascades.rect[k];
    vec2 t = rect.xy + (clip.xy * 0.5 + 0.5) * rect.z;
    vec2 lo = rect.xy + 0.5, hi = rect.xy + rect.z - 0.5;
    vec2 inv_size = 1.0 / vec2(textureSize(shadow_compare, 0));
    if (SHADOW_FILTER == LC_SHADOW_FILTER_BILINEAR) return lc_shadow_tap(t, lo, hi, inv_size, ref);
    return 0.25 * (lc_shadow_tap(t + vec2(-0.5, -0.5), lo, hi, inv_size, ref) + lc_shadow_tap(t + vec2(0.5, -0.5), lo, hi, inv_size, ref) +
                   lc_shadow_tap(t + vec2(-0.5, 0.5), lo, hi, inv_size, ref) + lc_shadow_tap(t + vec2(0.5, 0.5), lo, hi, inv_size, ref));
}

// --view cascades: a colour per cascade (white past the last), multiplied into the shaded colour.
vec3 lc_cascade_tint(vec3 p)
{
    const vec3 tints[8] = vec3[](vec3(1.0, 0.35, 0.35), vec3(0.35, 1.0, 0.35), vec3(0.4, 0.5, 1.0), vec3(1.0, 1.0, 0.3),
                                 vec3(1.0, 0.35, 1.0), vec3(0.3, 1.0, 1.0), vec3(1.0, 0.65, 0.25), vec3(0.65, 0.45, 1.0));
    uint k = lc_cascade_of(p);
    return k < LC_SHADOW_CASCADES_MAX ? tints[k] : vec3(1.0);
}

#endif
