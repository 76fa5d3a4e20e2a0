#version 460
#extension GL_GOOGLE_include_directive : require
// Shared by the depth pre-pass, the forward pass and the visibility pass: the same code on
// the same inputs, so the forward pass's EQUAL depth test sees exactly the pre-pass depth
// and the visibility pass covers exactly the forward pass's pixels.
#include "common.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;

layout(location = 0) out vec3 out_world;
layout(location = 1) out vec3 out_normal;
layout(location = 2) out vec2 out_uv;
layout(location = 3) out float out_depth;
layout(location = 4) flat out uint out_draw; // firstInstance: the draw index (visibility ids)

void main()
{
    out_world = in_position;
    out_normal = in_normal;
    out_uv = in_uv;
    out_depth = lc_view_depth(in_position);
    out_draw = uint(gl_InstanceIndex);
    gl_Position = frame.view_proj * vec4(in_position, 1.0);
}
