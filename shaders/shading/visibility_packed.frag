#version 460
#extension GL_GOOGLE_include_directive : require
// Visibility pass, one-word ids: (object index << PRIM_BITS) | primitive within the object's
// mesh (visibility_id.glsl), for scenes whose objects and triangle counts fit
// (lc_vis_id_prim_bits): half the colour bandwidth of visibility.frag's two words.
layout(constant_id = 0) const uint PRIM_BITS = 16u;
#include "visibility_id.glsl"
layout(location = 0) out uint out_id;

void main()
{
    lc_vis_alpha_test();
    out_id = in_draw << PRIM_BITS | lc_vis_primitive();
}
