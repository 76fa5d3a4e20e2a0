#version 460
#extension GL_GOOGLE_include_directive : require
// tonemap (fragment): the output is an sRGB attachment, the hardware encodes sRGB. Where the
// output can be a storage image, tonemap.comp does the same work.
#include "tonemap.glsl"

layout(location = 0) in vec2 in_uv;
layout(location = 0) out vec4 out_color;

void main() { out_color = vec4(lc_tonemap(ivec2(gl_FragCoord.xy)), 1.0); }
