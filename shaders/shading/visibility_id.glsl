// The visibility pass's primitive number, the same on every geometry path: the triangle's
// place in its object's mesh (the direct path's object draw), so one id, (object, primitive),
// names one triangle whichever path drew it and the shade decodes them all alike
// (visibility.glsl). The direct path draws each object's mesh whole: gl_PrimitiveID is that
// place. The mesh path's mesh shader writes it as gl_PrimitiveID (geometry_mesh.glsl). The mdi
// path draws one meshlet per draw command: gl_PrimitiveID counts from the meshlet's first
// triangle, which the provoking vertex's meshlet gives (the runtime mesh's vertices are in
// meshlet order), less the mesh's first (objects[].info.w).
#ifndef LC_VISIBILITY_ID_GLSL
#define LC_VISIBILITY_ID_GLSL

#include "common.glsl"
#include "shared/lc_geometry.h"
#include "alpha_mask.glsl"

layout(constant_id = 1) const bool MESHLET_DRAWS = false; // the mdi path's draws
// The alpha MASK test; off in the one-pass raster's pipeline for opaque materials, which
// writes depth: a shader that may discard would lose the early depth test.
layout(constant_id = 2) const bool ALPHA_TEST = true;
layout(std430, set = 0, binding = LC_BIND_GEO_MESHLETS) readonly buffer VisMeshletBlock { lc_gpu_meshlet vis_meshlets[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_VERTEX_MESHLET) readonly buffer VisVertexMeshletBlock { uint vis_vertex_meshlet[]; };

layout(location = 2) in vec2 in_uv;        // alpha MASK: the material's base colour
layout(location = 4) flat in uint in_draw;   // scene.vert, geometry.mesh: the object index
layout(location = 5) flat in uint in_vertex; // scene.vert: the provoking vertex (its meshlet)
layout(location = 7) in vec4 in_vertex_color; // alpha MASK: the vertex colour's alpha

uint lc_vis_primitive()
{
    if (!MESHLET_DRAWS) return uint(gl_PrimitiveID);
    uint meshlet_first = vis_meshlets[vis_vertex_meshlet[in_vertex]].info.x / 3u;
    return meshlet_first + uint(gl_PrimitiveID) - objects[in_draw].info.w;
}

// The visibility pass binds each draw's material: a MASK material's holes get no id (the
// forward shade discards the same fragments, alpha_mask.glsl).
void lc_vis_alpha_test()
{
    if (ALPHA_TEST && lc_alpha_masked(in_uv, in_vertex_color.a)) discard;
}

#endif
