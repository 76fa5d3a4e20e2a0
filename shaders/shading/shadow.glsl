// The shadow lookup of a light's evaluation (src/lights/shadows.h): 1 for a light without a
// shadow record, else the fraction of a 3x3 PCF kernel that sees the light from the surface.
// Read by lc_shade_light only: shadows change what a light contributes, never which lights
// are culled or evaluated. The light loops set lc_shadow_light to the index of the light they
// evaluate (the sorted index the records are kept by).
#ifndef LC_SHADOW_GLSL
#define LC_SHADOW_GLSL

layout(std430, set = 0, binding = LC_BIND_SHADOW_LIGHTS) readonly buffer ShadowLightBlock { uint shadow_of[]; };
layout(std430, set = 0, binding = LC_BIND_SHADOWS) readonly buffer ShadowBlock { lc_gpu_shadow shadows[]; };
layout(set = 0, binding = LC_BIND_SHADOW_ATLAS) uniform sampler2D shadow_atlas;

// Whether any light may have a shadow record (src/frame_shadows.c lc_frame_shadows_on): the
// shade variants before the first shadowed light leave the lookup out, so shadows cost nothing
// until used (H100, Sponza 4K, 4096 lights, forward, no light shadowed: the shade took 48.7 ms
// with the lookup in the loop against 24.6 ms without it, before glTF's BRDF).
layout(constant_id = 7) const bool SHADOWS = false;

uint lc_shadow_light = 0xffffffffu; // the light being evaluated; none: unshadowed

// The cube face (+X -X +Y -Y +Z -Z) whose view holds direction d from a point light.
uint lc_shadow_face(vec3 d)
{
    vec3 a = abs(d);
    if (a.x >= a.y && a.x >= a.z) return d.x >= 0.0 ? 0u : 1u;
    if (a.y >= a.z) return d.y >= 0.0 ? 2u : 3u;
    return d.z >= 0.0 ? 4u : 5u;
}

// Light visibility in [0, 1] at surface point p with normal n (on the side being lit).
// Bias: the point moves along its normal by 1.5 texels' world size at its distance, more where
// the surface grazes the light (normal offset: a texel's depth step grows with the slope), and
// is compared to the stored depth with a further half texel of slack; both are a few
// millimetres at the distances of a room, so contact shadows start where the geometry meets.
float lc_shadow(lc_gpu_light l, vec3 p, vec3 n)
{
    if (!SHADOWS || lc_shadow_light == 0xffffffffu) return 1.0;
    uint s = shadow_of[lc_shadow_light];
    if (s == 0u) return 1.0;
    lc_gpu_shadow sh = shadows[s - 1u];
    vec3 to_light = l.position_radius.xyz - p;
    uint face = sh.info.x == 6u ? lc_shadow_face(-to_light) : 0u;
    vec4 rect = sh.rect[face];
    if (rect.z <= 0.0) return 1.0; // not rendered yet
    float dist = length(to_light);
    float cos_l = dot(n, to_light / max(dist, 1e-20));
    if (cos_l <= 0.0) return 1.0; // facing away: the light gives nothing here anyway
    float texel = sh.params.z * dist; // world size of a texel at this distance (about)
    vec3 q = p + n * (texel * (1.5 + 2.0 * (1.0 - cos_l)));
    vec4 clip = sh.view_proj[face] * vec4(q, 1.0);
    if (clip.w <= sh.params.x) return 1.0; // behind the light or before its near plane
    vec2 ndc = clip.xy / clip.w;
    if (any(greaterThan(abs(ndc), vec2(1.0)))) return 1.0; // outside the view (a spot's cone is inside)
    float n_z = sh.params.x, f_z = sh.params.y;
    float depth = clip.w - texel * 0.5; // view depth of q, less half a texel
    vec2 t = rect.xy + (ndc * 0.5 + 0.5) * rect.z;
    ivec2 base = ivec2(floor(t));
    ivec2 lo = ivec2(rect.xy), hi = ivec2(rect.xy + rect.z) - 1;
    float lit = 0.0;
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++) {
            float d = texelFetch(shadow_atlas, clamp(base + ivec2(x, y), lo, hi), 0).r;
            // The stored depth (Vulkan perspective, 0 at near, 1 at far) as a view depth.
            float z = n_z * f_z / (f_z - d * (f_z - n_z));
            lit += depth <= z ? 1.0 : 0.0;
        }
    return lit / 9.0;
}

#endif
