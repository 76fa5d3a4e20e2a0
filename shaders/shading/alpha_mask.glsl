// glTF alpha MASK: one test for every raster pass that draws a material (the masked depth
// pre-pass, the visibility ids, the forward shade), so all of them cut the same holes: the
// same sample (implicit LOD from the same interpolated uv) and vertex colour against the same cutoff. The
// material's constants are lc_draw_material_of's push constants: base_color, then alpha.x,
// the cutoff of a MASK material (0 for the others: nothing is below it).
#ifndef LC_ALPHA_MASK_GLSL
#define LC_ALPHA_MASK_GLSL

#include "common.glsl"

layout(set = 1, binding = LC_BIND_BASE_COLOR) uniform sampler2D base_color_tex;
layout(push_constant) uniform Material { vec4 base_color; vec4 alpha; } material;

// Whether a fragment at uv is cut out: its alpha (texture alpha times the factor's times the
// vertex colour's, vertex_alpha) is below the cutoff. The branch is uniform (a push constant),
// so the sample's derivatives hold.
bool lc_alpha_masked(vec2 uv, float vertex_alpha)
{
    if (material.alpha.x <= 0.0) return false;
    return texture(base_color_tex, uv).a * material.base_color.a * vertex_alpha < material.alpha.x;
}

#endif
