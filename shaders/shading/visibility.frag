#version 460
// Visibility pass: depth plus the id of the visible triangle, (draw index, primitive within
// the draw). Two 32-bit words on this direct path: a draw may hold any number of
// triangles, so no split of 32 bits fits every scene; the meshlet paths bound a meshlet to
// 124 triangles and pack (meshlet, triangle) into one word.
layout(location = 4) flat in uint in_draw; // scene.vert: the draw index
layout(location = 0) out uvec2 out_id;

void main()
{
    out_id = uvec2(in_draw, uint(gl_PrimitiveID));
}
