#version 460
#extension GL_GOOGLE_include_directive : require
// Visibility pass: depth plus the id of the visible triangle, (object index, primitive within
// the object's mesh: visibility_id.glsl), in two 32-bit words: a mesh may hold any number of
// triangles, so no split of 32 bits fits every scene. Where a scene's ids fit,
// visibility_packed.frag writes one word.
#include "visibility_id.glsl"
layout(location = 0) out uvec2 out_id;

void main()
{
    lc_vis_alpha_test();
    out_id = uvec2(in_draw, lc_vis_primitive());
}
