#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// Forward shading pass. One shader, specialised per culling mode; the light loops live in
// light_loop.glsl, shared with the visibility path's compute shader.
#include "common.glsl"
#include "lighting.glsl"
#include "light_loop.glsl"
#include "meshlet_view.glsl"

// Depth test before the shader runs: hidden fragments must not write the analysis counters.
layout(early_fragment_tests) in;

layout(location = 0) in vec3 in_world;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;
layout(location = 3) in float in_depth;
layout(location = 4) flat in uint in_object; // scene.vert: the object (firstInstance)
layout(location = 5) flat in uint in_vertex; // scene.vert: the provoking vertex (--view meshlets)

// The runtime mesh's vertices are in meshlet order: vertex -> meshlet.
layout(std430, set = 0, binding = LC_BIND_GEO_VERTEX_MESHLET) readonly buffer VertexMeshletBlock { uint vertex_meshlet[]; };
layout(location = 0) out vec4 out_color;

#include "alpha_mask.glsl" // the material's base colour texture and constants

void main()
{
    // A MASK material's holes: what the depth pre-pass cut out shades nothing here either.
    if (lc_alpha_masked(in_uv)) discard;
    vec4 tex = texture(base_color_tex, in_uv);
    lc_surface surf;
    surf.position = in_world;
    surf.view_dir = normalize(frame.camera_pos.xyz - in_world);
    vec3 n = normalize(in_normal);
    // The triangle's plane from the world position's screen derivatives (both lie in it).
    vec3 seen = lc_seen_normal(cross(dFdx(in_world), dFdy(in_world)), surf.view_dir);
    surf.normal = lc_two_sided(n, seen);
    surf.albedo = tex.rgb * material.base_color.rgb;

    vec3 color = lc_light_loop(uvec2(gl_FragCoord.xy), in_depth, surf);
    lc_light_loop_write_analysis();
    out_color = vec4(lc_shaded_colour(surf.albedo, color), 1.0);
    if (frame.options.y == LC_VIEW_MESHLETS)
        out_color = vec4(lc_meshlet_view_colour(vertex_meshlet[in_vertex], in_object, surf.normal, surf.view_dir), 1.0);
}
