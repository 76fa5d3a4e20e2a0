#version 460
#extension GL_GOOGLE_include_directive : require
// Shared by the depth pre-pass, the forward pass and the visibility pass: the same code on
// the same inputs, so the forward pass's EQUAL depth test sees exactly the pre-pass depth
// and the visibility pass covers exactly the forward pass's pixels.
#include "common.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;
layout(location = 3) in vec4 in_tangent; // xyz, w: bitangent sign (lc_vertex.tangent)
layout(location = 4) in vec4 in_color;   // lc_vertex.color: RGBA8 unorm, linear (glTF COLOR_0)

layout(location = 0) out vec3 out_world;
layout(location = 1) out vec3 out_normal;
layout(location = 2) out vec2 out_uv;
layout(location = 3) out float out_depth;
layout(location = 4) flat out uint out_draw; // firstInstance: the object index (visibility ids)
layout(location = 5) flat out uint out_vertex; // the provoking vertex: its meshlet for --view meshlets
layout(location = 6) out vec4 out_tangent; // world tangent (unnormalized), w: bitangent sign in world space
layout(location = 7) out vec4 out_vertex_color; // multiplies the material's base colour and alpha

// Vertices are mesh-local; the object's transform comes from the object buffer, indexed by
// the draw's firstInstance (one instance per draw).
void main()
{
    lc_gpu_object obj = objects[gl_InstanceIndex];
    // precise: no stage-dependent fused multiply-adds, so geometry.mesh computes the same
    // positions bit for bit.
    precise vec3 world = (obj.world * vec4(in_position, 1.0)).xyz;
    out_world = world;
    out_normal = lc_world_normal(obj, in_normal);
    out_tangent = lc_world_tangent(obj, in_tangent);
    out_uv = in_uv;
    out_vertex_color = in_color;
    out_depth = lc_view_depth(world);
    // The runtime mesh's vertices are in meshlet order and every draw has vertexOffset 0, so
    // the vertex number finds the meshlet; the fragment shader looks it up (lavapipe leaks
    // memory on every draw whose vertex shader reads a storage buffer).
    out_vertex = uint(gl_VertexIndex);
    precise vec4 clip = frame.view_proj * vec4(world, 1.0);
    gl_Position = clip;
    out_draw = uint(gl_InstanceIndex);
}
