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
layout(set = 0, binding = LC_BIND_SHADOW_ATLAS) uniform sampler2D shadow_atlas;

// --view shadow-atlas: the whole atlas over the screen, each texel's view depth as a fraction
// of its light's range (every view's near plane is LC_SHADOW_NEAR of it): near white, far black.
vec3 lc_shadow_atlas_view(ivec2 px)
{
    ivec2 size = textureSize(shadow_atlas, 0);
    ivec2 at = min(ivec2(vec2(px) * vec2(size) / vec2(frame.screen.xy)), size - 1);
    float d = texelFetch(shadow_atlas, at, 0).r, k = float(LC_SHADOW_NEAR);
    float z = k / (1.0 - d * (1.0 - k));
    return vec3(1.0 - clamp(z, 0.0, 1.0));
}

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
    if (view == LC_VIEW_SHADED || view == LC_VIEW_MESHLETS || view == LC_VIEW_CASCADES || view == LC_VIEW_PROBES) return shaded;
    if (view == LC_VIEW_SHADOW_ATLAS) return lc_shadow_atlas_view(px);
    // The material views: the shade wrote their linear colour.
    if (view >= LC_VIEW_BASE_COLOR) return hdr;
    float scale = float(max(frame.options.w, 1u));
    // Legend: a 256x12 bar, 0 on the left, the scale on the right.
    if (view == LC_VIEW_HEATMAP && px.x >= 8 && px.x < 264 && px.y >= int(frame.screen.y) - 20 && px.y < int(frame.screen.y) - 8)
        return ramp(float(px.x - 8) / 255.0 + 1e-3);
    uint idx = (uint(px.y) * frame.screen.x + uint(px.x)) * LC_ANALYSIS_WORDS;
    // --heatmap-kind (pass_info.z): the words are (evaluated, contributing, exact) of every
    // kind, then of the decals, then of the probes; the lights' are what the others leave.
    uint kind = frame.pass_info.z;
    uint evaluated = analysis[idx], contributing = analysis[idx + 1u];
    if (kind == LC_HEATMAP_KIND_DECALS || kind == LC_HEATMAP_KIND_PROBES) {
        uint k = kind == LC_HEATMAP_KIND_DECALS ? 3u : 6u;
        evaluated = analysis[idx + k];
        contributing = analysis[idx + k + 1u];
    } else if (kind == LC_HEATMAP_KIND_LIGHTS) {
        evaluated -= analysis[idx + 3u] + analysis[idx + 6u];
        contributing -= analysis[idx + 4u] + analysis[idx + 7u];
    }
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
