#version 460
#extension GL_GOOGLE_include_directive : require
// Visibility pass: the same clip position as scene.vert (so the same pixels are covered as
// in the forward path), plus the draw index, which arrives as firstInstance.
#include "common.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 0) flat out uint out_draw;

void main()
{
    out_draw = uint(gl_InstanceIndex);
    gl_Position = frame.view_proj * vec4(in_position, 1.0);
}
