// Light evaluation. lc_light_weight is the single definition of a light's footprint and
// falloff, as KHR_lights_punctual defines them (lc_shared.h LC_LIGHT_NEAR2): the light's colour
// (rgb * candela) times the weight is the illuminance (lux) at p facing the light. It is
// exactly 0 at and beyond the radius (the range) and outside a spot's outer cone, so a culled
// light contributes exactly nothing. src/lights/lights.c has the same function for the CPU
// reference and src/lights/light_ref.c shades one pixel with it.
#ifndef LC_LIGHTING_GLSL
#define LC_LIGHTING_GLSL

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

struct lc_surface {
    vec3 position, normal, view_dir, albedo;
};

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

// The pixel's HDR colour from its summed light: a faint ambient (constant on screen at any
// exposure, lc_shared.h LC_EXPOSURE_REF) plus the lights, held to what the HDR image stores.
vec3 lc_shaded_colour(vec3 albedo, vec3 lit)
{
    vec3 ambient = albedo * (0.02 * float(LC_EXPOSURE_REF) / frame.exposure.x);
    return min(ambient + lit, vec3(float(LC_HDR_MAX)));
}

// The background's HDR colour (what the forward pass clears to, src/passes/shade.c).
vec3 lc_background_colour() { return vec3(0.01, 0.012, 0.02) * (float(LC_EXPOSURE_REF) / frame.exposure.x); }

// Lambert plus a little Blinn-Phong; returns false when the light contributes nothing.
bool lc_shade_light(lc_gpu_light l, lc_surface s, inout vec3 color)
{
    float w = lc_light_weight(l, s.position);
    if (w <= 0.0) return false;
    vec3 L = normalize(l.position_radius.xyz - s.position);
    float ndl = max(dot(s.normal, L), 0.0);
    vec3 H = normalize(L + s.view_dir);
    float spec = pow(max(dot(s.normal, H), 0.0), 32.0) * 0.3;
    // Shadows scale what the light gives, never whether it was evaluated (shadow.glsl).
    color += l.color_type.rgb * (w * ndl * lc_shadow(l, s.position, s.normal)) * (s.albedo + vec3(spec));
    return true;
}

#endif
