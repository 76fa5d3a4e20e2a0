#version 460
// Visibility pass: depth plus the id of the visible triangle, (draw index, primitive within
// the draw), in two 32-bit words: a draw may hold any number of triangles, so no split of 32
// bits fits every scene. Where a scene's ids fit, visibility_packed.frag writes one word.
layout(location = 4) flat in uint in_draw; // scene.vert: the draw index
layout(location = 0) out uvec2 out_id;

void main()
{
    out_id = uvec2(in_draw, uint(gl_PrimitiveID));
}
