// Light evaluation. lc_light_weight is the single definition of a light's footprint and
// falloff, as KHR_lights_punctual defines them (lc_shared.h LC_LIGHT_NEAR2): the light's colour
// (rgb * candela) times the weight is the illuminance (lux) at p facing the light. It is
// exactly 0 at and beyond the radius (the range) and outside a spot's outer cone, so a culled
// light contributes exactly nothing. src/lights/lights.c has the same function for the CPU
// reference and src/lights/light_ref.c shades one pixel with it. The surface's response is
// glTF 2.0's metallic-roughness BRDF (the specification's appendix B): Lambert diffuse, GGX
// specular with the height-correlated Smith visibility and Schlick's Fresnel.
#ifndef LC_LIGHTING_GLSL
#define LC_LIGHTING_GLSL

#include "environment.glsl" // the sun and the environment (lc_shaded_colour); defines LC_PI
#include "shadow.glsl"

float lc_light_weight(lc_gpu_light l, vec3 p)
{
    vec3 L = l.position_radius.xyz - p;
    float d2 = dot(L, L);
    float r = l.position_radius.w;
    float r2 = r * r;
    float x = d2 / r2;
    float win = clamp(1.0 - x * x, 0.0, 1.0);
    win = win * win;
    float w = win / max(d2, float(LC_LIGHT_NEAR2) * r2);
    if (l.color_type.w == float(LC_LIGHT_SPOT)) {
        float c = dot(-L, l.direction_cos.xyz) / sqrt(max(d2, 1e-12));
        float t = clamp((c - l.direction_cos.w) * l.spot_depth.x, 0.0, 1.0);
        w *= t * t;
    }
    return w;
}

// The shading surface, as every shading path fills it (surface.glsl from a glTF material):
// diffuse = base colour * (1 - metallic), f0 = mix(0.04, base colour, metallic), roughness
// perceptual in [0, 1]; occlusion scales the ambient term only; emissive is added as is.
struct lc_surface {
    vec3 position, normal, view_dir;
    vec3 diffuse;
    vec3 f0;
    float roughness;
    float occlusion;
    vec3 emissive;
    float alpha;
};

#include "probes.glsl" // the environment probes' blend (lc_ambient_light)

// Two-sided surfaces: the shading normal n turned to the side of its triangle the viewer
// sees, `seen` (lc_seen_normal). Decided by the triangle's plane, not by the sign of n . view:
// at a smooth surface's silhouette n is nearly perpendicular to the view and that sign flips
// from pixel to pixel (and between the forward pass's interpolation and the visibility
// shade's reconstruction), flipping the lighting with it (H100, forward vs visibility: up to
// 142/255 on such pixels before, 5/255 since).
vec3 lc_two_sided(vec3 n, vec3 seen) { return dot(n, seen) < 0.0 ? -n : n; }

// The normal of a triangle's plane on the viewer's side: `face` is any normal of the plane,
// `to_eye` points from any point of the plane to the eye (the side is the same for all).
vec3 lc_seen_normal(vec3 face, vec3 to_eye) { return dot(face, to_eye) < 0.0 ? -face : face; }

// The smallest perceptual roughness shaded: below it GGX's peak (1 / (pi alpha^2)) outgrows
// what a half-float HDR image holds under a bright light, and a mirror's highlight of a point
// light is a single pixel that flickers (Filament's MIN_PERCEPTUAL_ROUGHNESS).
const float LC_MIN_ROUGHNESS = 0.045;

// glTF's BRDF times the cosine: (Lambert + GGX specular) * max(n . l, 0) for unit n, v, l.
// Multiplied by a light's illuminance (colour * lc_light_weight) it gives radiance. Appendix
// B's implementation: F = f0 + (1 - f0)(1 - v.h)^5, diffuse (1 - F) diffuse / pi, specular
// F D V with V the height-correlated Smith term G / (4 |n.l| |n.v|). |n.v| is held above 1e-4
// (a normal-mapped or interpolated normal may face away from the eye at a silhouette).
vec3 lc_brdf(vec3 n, vec3 v, vec3 l, vec3 diffuse, vec3 f0, float roughness)
{
    float ndl = max(dot(n, l), 0.0);
    if (ndl <= 0.0) return vec3(0.0);
    float ndv = max(abs(dot(n, v)), 1e-4);
    vec3 h = normalize(l + v);
    float ndh = max(dot(n, h), 0.0), vdh = max(dot(v, h), 0.0);
    float r = clamp(roughness, LC_MIN_ROUGHNESS, 1.0);
    float a2 = (r * r) * (r * r);
    float q = ndh * ndh * (a2 - 1.0) + 1.0;
    float d = a2 / (LC_PI * q * q);
    float vis = 0.5 / (ndl * sqrt(ndv * ndv * (1.0 - a2) + a2) + ndv * sqrt(ndl * ndl * (1.0 - a2) + a2));
    float s = 1.0 - vdh, s2 = s * s;
    vec3 f = f0 + (1.0 - f0) * (s2 * s2 * s);
    return ((1.0 - f) * diffuse * (1.0 / LC_PI) + f * (d * vis)) * ndl;
}

// The pixel's HDR colour from its summed light: the lights, the sun (--sun, through the same
// BRDF), the environment where one is on (shaders/shading/environment.glsl, prefiltered for
// this BRDF), else a faint ambient (constant on screen at any exposure, lc_shared.h
// LC_EXPOSURE_REF) on the diffuse and specular colour, both scaled by the occlusion, plus the
// emission, held to what the HDR image stores. Emission
// is given at the reference exposure as the ambient is (glTF leaves its units open): an
// emissive factor of 1 shows as bright whatever the lights' units and the camera's exposure.
vec3 lc_shaded_colour(lc_surface s, vec3 lit)
{
    float k = float(LC_EXPOSURE_REF) / frame.exposure.x;
    vec3 sun_l, sun_e;
    lc_sun(sun_l, sun_e);
    // The sun's cascades scale what it gives (shadow.glsl), as a light's shadow does.
    if (environment.sun_dir.w != 0.0)
        lit += sun_e * (lc_sun_shadow(s.position, s.normal, sun_l) * lc_brdf(s.normal, s.view_dir, sun_l, s.diffuse, s.f0, s.roughness));
    uint top_probe;
    vec3 ambient = lc_ambient_light(s, k, top_probe) * s.occlusion;
    vec3 colour = min(ambient + lit + s.emissive * k, vec3(float(LC_HDR_MAX)));
    if (frame.options.y == LC_VIEW_CASCADES) colour *= lc_cascade_tint(s.position);
    if (frame.options.y == LC_VIEW_PROBES) colour *= lc_probe_tint(top_probe);
    return colour;
}

// The background's HDR colour (what the forward pass clears to, src/passes/shade.c).
vec3 lc_background_colour() { return vec3(0.01, 0.012, 0.02) * (float(LC_EXPOSURE_REF) / frame.exposure.x); }

// Adds one light's radiance; returns false when the light contributes nothing.
bool lc_shade_light(lc_gpu_light l, lc_surface s, inout vec3 color)
{
    float w = lc_light_weight(l, s.position);
    if (w <= 0.0) return false;
    vec3 L = normalize(l.position_radius.xyz - s.position);
    // Shadows scale what the light gives, never whether it was evaluated (shadow.glsl).
    color += l.color_type.rgb * (w * lc_shadow(l, s.position, s.normal)) * lc_brdf(s.normal, s.view_dir, L, s.diffuse, s.f0, s.roughness);
    return true;
}

#endif
