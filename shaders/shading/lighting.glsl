// Light evaluation. lc_light_weight is the single definition of a light's footprint: it is
// exactly 0 at and beyond the radius and outside a spot's outer cone, so a culled light
// contributes exactly nothing. src/lights.c has the same function for the CPU reference.
#ifndef LC_LIGHTING_GLSL
#define LC_LIGHTING_GLSL

float lc_light_weight(lc_gpu_light l, vec3 p)
{
    vec3 L = l.position_radius.xyz - p;
    float d2 = dot(L, L);
    float r = l.position_radius.w;
    float x = d2 / (r * r);
    float win = clamp(1.0 - x * x, 0.0, 1.0);
    win = win * win;
    float w = win / (1.0 + d2);
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

// Lambert plus a little Blinn-Phong; returns false when the light contributes nothing.
bool lc_shade_light(lc_gpu_light l, lc_surface s, inout vec3 color)
{
    float w = lc_light_weight(l, s.position);
    if (w <= 0.0) return false;
    vec3 L = normalize(l.position_radius.xyz - s.position);
    float ndl = max(dot(s.normal, L), 0.0);
    vec3 H = normalize(L + s.view_dir);
    float spec = pow(max(dot(s.normal, H), 0.0), 32.0) * 0.3;
    color += l.color_type.rgb * (w * ndl) * (s.albedo + vec3(spec));
    return true;
}

#endif
