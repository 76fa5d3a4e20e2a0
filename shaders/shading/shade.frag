#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// Forward shading pass. One shader, specialised per culling mode; the light loops live in
// light_loop.glsl, shared with the visibility path's compute shader.
#include "common.glsl"
#include "lighting.glsl"
#include "surface.glsl"
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
// scene.vert / geometry.mesh: world tangent (unnormalized, not yet orthogonal to the normal
// after interpolation), w: bitangent sign; bitangent = cross(normal, tangent.xyz) * w.
layout(location = 6) in vec4 in_tangent;
layout(location = 7) in vec4 in_vertex_color; // scene.vert / geometry.mesh: COLOR_0, linear (white where none)

// The runtime mesh's vertices are in meshlet order: vertex -> meshlet.
layout(std430, set = 0, binding = LC_BIND_GEO_VERTEX_MESHLET) readonly buffer VertexMeshletBlock { uint vertex_meshlet[]; };
layout(location = 0) out vec4 out_color;

#include "alpha_mask.glsl" // the base colour texture and the push constants (base_color, alpha cutoff)
// The material (set 1): its textures (white, or the flat normal, where it has none) and factors.
layout(set = 1, binding = LC_BIND_METALLIC_ROUGHNESS) uniform sampler2D metallic_roughness_tex;
layout(set = 1, binding = LC_BIND_NORMAL_MAP) uniform sampler2D normal_tex;
layout(set = 1, binding = LC_BIND_OCCLUSION) uniform sampler2D occlusion_tex;
layout(set = 1, binding = LC_BIND_EMISSIVE) uniform sampler2D emissive_tex;
layout(set = 1, binding = LC_BIND_MATERIAL) uniform MaterialFactors { lc_gpu_material factors; } mat;

// The fragment's tangent (xyz, world) and bitangent sign (w) for the normal map: the vertices'
// (the file's, or generated at import), interpolated; lc_normal_mapped makes it orthogonal to
// the normal. The sign as interpolated may lie between -1 and 1 where it changes across a
// triangle: the side it leans to, as the visibility shade's lc_vis_tangent takes it.
vec4 lc_forward_tangent() { return vec4(in_tangent.xyz, in_tangent.w < 0.0 ? -1.0 : 1.0); }

void main()
{
    // A MASK material's holes: what the depth pre-pass cut out shades nothing here either.
    if (lc_alpha_masked(in_uv, in_vertex_color.a)) discard;
    vec3 view_dir = normalize(frame.camera_pos.xyz - in_world);
    vec3 n = normalize(in_normal);
    // The triangle's plane from the world position's screen derivatives (both lie in it).
    vec3 seen = lc_seen_normal(cross(dFdx(in_world), dFdy(in_world)), view_dir);
    vec4 tangent = lc_forward_tangent();
    lc_material_inputs mi = lc_material_inputs_of(mat.factors, texture(base_color_tex, in_uv) * material.base_color, in_vertex_color,
                                                  texture(metallic_roughness_tex, in_uv), texture(occlusion_tex, in_uv).r,
                                                  texture(emissive_tex, in_uv).rgb);
    // The map's normal, turned with its frame to the side the viewer sees. Sampled with the
    // quad's coarse derivatives, as the visibility shade reconstructs them, not the implicit
    // LOD (lavapipe's differs from them): the normal feeds every light, where a bright light at
    // grazing incidence turns a small difference in the sample into a large one in colour
    // (Sponza, forward against visibility: 55 dB and 22/255 with the implicit LOD, 60 dB and
    // 4/255 with these).
    vec2 duv_dx = dFdxCoarse(in_uv), duv_dy = dFdyCoarse(in_uv);
    vec3 mapped = lc_normal_mapped(n, tangent, textureGrad(normal_tex, in_uv, duv_dx, duv_dy).xyz, mat.factors.factors.z);
    vec3 normal = dot(n, seen) < 0.0 ? -mapped : mapped;
    // The decal loop changes the base colour the lights then shade (light_loop.glsl).
    lc_entity_loop_object(in_object); // --mode objects: the object's mask
    lc_entity_loop_begin(uvec2(gl_FragCoord.xy), in_depth);
    lc_decal_loop(in_world, dFdxCoarse(in_world), dFdyCoarse(in_world), mi.base, mi.roughness, mi.metallic, normal);
    lc_surface surf = lc_surface_of(mi, in_world, normal, view_dir);

    vec3 color = lc_light_loop(surf);
    lc_light_loop_write_analysis();
    // Alpha for the transparent pass's blending (BLEND materials); the opaque pass does not blend.
    out_color = vec4(lc_shaded_colour(surf, color), surf.alpha);
    vec3 view_colour;
    if (lc_material_view(frame.options.y, mi, surf.normal, view_colour)) out_color = vec4(view_colour, surf.alpha);
    // --view meshlets shows the geometry: the interpolated normal, not the normal map's.
    if (frame.options.y == LC_VIEW_MESHLETS)
        out_color = vec4(lc_meshlet_view_colour(vertex_meshlet[in_vertex], in_object, lc_two_sided(n, seen), surf.view_dir), 1.0);
}
