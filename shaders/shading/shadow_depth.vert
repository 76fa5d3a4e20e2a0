#version 460
#extension GL_GOOGLE_include_directive : require
// A shadow view's depth (src/passes/shadow_views.c): scene.vert's world position, projected by
// the view's matrix from its light's shadow record (the push constants name the record and
// the face; their first 32 bytes are the material's, which the alpha MASK casters bind). The
// uv and the vertex colour (its alpha cuts too) are for those casters' fragment shader
// (depth_mask.frag); opaque casters have none.
#include "common.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal; // the scene's vertex layout (unused)
layout(location = 2) in vec2 in_uv;
layout(location = 4) in vec4 in_color; // lc_vertex.color (glTF COLOR_0)

layout(location = 2) out vec2 out_uv;
layout(location = 7) out vec4 out_vertex_color;

#include "shading/shadow_block.glsl"
layout(push_constant) uniform ShadowView { layout(offset = LC_SHADOW_PUSH_OFFSET) uvec2 view; } push; // x: record, y: face (LC_SHADOW_SUN_RECORD: the cascade)

void main()
{
    lc_gpu_object obj = objects[gl_InstanceIndex];
    precise vec3 world = (obj.world * vec4(in_position, 1.0)).xyz;
    gl_Position = lc_shadow_view_proj(push.view.x, push.view.y) * vec4(world, 1.0);
    out_uv = in_uv;
    out_vertex_color = in_color;
}
