#version 460
#extension GL_GOOGLE_include_directive : require
// A shadow view's depth (src/passes/shadow_views.c): scene.vert's world position, projected by
// the view's matrix (pushed per view: no buffer read in the vertex stage). Depth only.
#include "common.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal; // the scene's vertex layout (unused)
layout(location = 2) in vec2 in_uv;

layout(push_constant) uniform ShadowView { mat4 view_proj; } view;

void main()
{
    lc_gpu_object obj = objects[gl_InstanceIndex];
    precise vec3 world = (obj.world * vec4(in_position, 1.0)).xyz;
    gl_Position = view.view_proj * vec4(world, 1.0);
}
