#version 460
#extension GL_GOOGLE_include_directive : require
// tonemap: HDR to the sRGB output (the hardware encodes sRGB), or one of the analysis views:
// heatmap (lights evaluated per pixel) and tightness (green: evaluated and contributing,
// red: evaluated for nothing). The heatmap legend bar sits at the bottom left.
#include "common.glsl"

layout(location = 0) in vec2 in_uv;
layout(location = 0) out vec4 out_color;

layout(set = 0, binding = LC_BIND_HDR) uniform sampler2D hdr_tex;
layout(std430, set = 0, binding = LC_BIND_ANALYSIS) readonly buffer AnalysisBlock { uint analysis[]; };

vec3 aces(vec3 x)
{
    // Narkowicz's fit of the ACES filmic curve.
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

// Blue - cyan - green - yellow - red.
vec3 ramp(float t)
{
    t = clamp(t, 0.0, 1.0);
    vec3 c = clamp(vec3(4.0 * t - 2.0, t < 0.5 ? 4.0 * t : 4.0 - 4.0 * t, 2.0 - 4.0 * t), 0.0, 1.0);
    return t <= 0.0 ? vec3(0.0, 0.0, 0.15) : c;
}

void main()
{
    ivec2 px = ivec2(gl_FragCoord.xy);
    vec3 hdr = texelFetch(hdr_tex, px, 0).rgb;
    vec3 shaded = aces(hdr * 1.2);
    uint view = frame.options.y;
    if (view == LC_VIEW_SHADED || view == LC_VIEW_MESHLETS) {
        out_color = vec4(shaded, 1.0);
        return;
    }
    float scale = float(max(frame.options.w, 1u));
    // Legend: a 256x12 bar, 0 on the left, the scale on the right.
    if (view == LC_VIEW_HEATMAP && px.x >= 8 && px.x < 264 && px.y >= int(frame.screen.y) - 20 && px.y < int(frame.screen.y) - 8) {
        out_color = vec4(ramp(float(px.x - 8) / 255.0 + 1e-3), 1.0);
        return;
    }
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
    out_color = vec4(mix(c, vec3(luma), 0.25), 1.0);
}
