#version 460
// Visibility pass, one-word ids: (draw index << PRIM_BITS) | primitive within the draw, for
// scenes whose draws and triangle counts fit (lc_vis_id_prim_bits): half the colour
// bandwidth of visibility.frag's two words.
layout(constant_id = 0) const uint PRIM_BITS = 16u;
layout(location = 4) flat in uint in_draw; // scene.vert: the draw index
layout(location = 0) out uint out_id;

void main()
{
    out_id = in_draw << PRIM_BITS | uint(gl_PrimitiveID);
}
