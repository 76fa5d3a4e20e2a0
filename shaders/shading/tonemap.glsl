// The tonemap, once for both of its passes (tonemap.frag, where the hardware encodes sRGB on
// the output, and tonemap.comp, which encodes it itself): HDR through ACES, or one of the
// analysis views: heatmap (lights evaluated per pixel) and tightness (green: evaluated and
// contributing, red: evaluated for nothing). The heatmap legend bar sits at the bottom left.
// Linear colour out; the meshlets view went through the shade pass and tonemaps as shaded, the
// material views (base colour, normals, roughness-metallic) through it untouched.
#ifndef LC_TONEMAP_GLSL
#define LC_TONEMAP_GLSL

#include "common.glsl"
#include "tonemap_curve.glsl"

layout(set = 0, binding = LC_BIND_HDR) uniform sampler2D hdr_tex;
layout(std430, set = 0, binding = LC_BIND_ANALYSIS) readonly buffer AnalysisBlock { uint analysis[]; };

// Blue - cyan - green - yellow - red.
vec3 ramp(float t)
{
    t = clamp(t, 0.0, 1.0);
    vec3 c = clamp(vec3(4.0 * t - 2.0, t < 0.5 ? 4.0 * t : 4.0 - 4.0 * t, 2.0 - 4.0 * t), 0.0, 1.0);
    return t <= 0.0 ? vec3(0.0, 0.0, 0.15) : c;
}

// The linear colour of pixel px (inside the screen).
vec3 lc_tonemap(ivec2 px)
{
    vec3 hdr = texelFetch(hdr_tex, px, 0).rgb;
    vec3 shaded = lc_tonemap_shaded(hdr);
    uint view = frame.options.y;
    if (view == LC_VIEW_SHADED || view == LC_VIEW_MESHLETS) return shaded;
    // The material views: the shade wrote their linear colour.
    if (view >= LC_VIEW_BASE_COLOR) return hdr;
    float scale = float(max(frame.options.w, 1u));
    // Legend: a 256x12 bar, 0 on the left, the scale on the right.
    if (view == LC_VIEW_HEATMAP && px.x >= 8 && px.x < 264 && px.y >= int(frame.screen.y) - 20 && px.y < int(frame.screen.y) - 8)
        return ramp(float(px.x - 8) / 255.0 + 1e-3);
    uint idx = (uint(px.y) * frame.screen.x + uint(px.x)) * LC_ANALYSIS_WORDS;
    uint evaluated = analysis[idx], contributing = analysis[idx + 1u];
    float luma = dot(shaded, vec3(0.2126, 0.7152, 0.0722));
    vec3 c;
    if (view == LC_VIEW_HEATMAP) {
        c = ramp(float(evaluated) / scale);
    } else {
        float wasted = float(evaluated - contributing);
        c = vec3(wasted / scale, float(contributing) / scale, 0.0);
        c = clamp(c, 0.0, 1.0);
    }
    return mix(c, vec3(luma), 0.25);
}

#endif
