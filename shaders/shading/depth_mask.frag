#version 460
#extension GL_GOOGLE_include_directive : require
// The depth passes' fragment shader for alpha MASK materials only (opaque ones draw depth with
// no fragment shader): the holes are cut before the depth is written, so the tile depth
// bounds, the HiZ and the EQUAL passes after it all see through them.
#include "alpha_mask.glsl"

layout(location = 2) in vec2 in_uv; // scene.vert, geometry.mesh
layout(location = 7) in vec4 in_vertex_color; // scene.vert, geometry.mesh: COLOR_0 (alpha)

void main()
{
    if (lc_alpha_masked(in_uv, in_vertex_color.a)) discard;
}
