// The visibility scene's material textures and the ray barycentrics their LOD comes from,
// for every compute pass that rebuilds a surface from a triangle id or a triangle: the
// visibility shade (shade_visibility.glsl) and the compute raster's alpha MASK test
// (shaders/geometry/raster.comp), so both sample alike. The includer enables the subgroup
// ballot extension (the waterfall) and, with LC_VIS_BINDLESS, nonuniform indexing.
#ifndef LC_VISIBILITY_TEXTURES_GLSL
#define LC_VISIBILITY_TEXTURES_GLSL

#include "common.glsl"

// The scene's textures, each once; the material table names each material's. With
// LC_VIS_BINDLESS (descriptor indexing) indexed non-uniformly. Without, indexed only with
// subgroup-uniform values (the waterfall below), and without
// shaderSampledImageArrayDynamicIndexing even that index must be a constant: a uniform switch
// over the textures, each case a constant index.
layout(constant_id = 3) const uint TEXTURE_COUNT = 1u;
layout(constant_id = 4) const bool DYNAMIC_INDEXING = false;
layout(set = 1, binding = LC_VIS_BIND_TEXTURES) uniform sampler2D material_tex[TEXTURE_COUNT];
layout(std430, set = 1, binding = LC_VIS_BIND_MATERIALS) readonly buffer VisMaterialBlock { lc_gpu_material vis_materials[]; };

// World-space direction of the ray through a pixel position (pixel centre at +0.5).
vec3 pixel_ray(vec2 pos)
{
    vec2 ndc = pos * frame.screen_inv.xy * 2.0 - 1.0;
    vec4 v = frame.inv_proj * vec4(ndc, 1.0, 1.0);
    // The view matrix is a rotation and a translation: its inverse rotation is the transpose.
    return transpose(mat3(frame.view)) * (v.xyz / v.w);
}

// Barycentrics (b1, b2) of the ray's hit on the triangle's plane (Moeller-Trumbore), also
// outside the triangle: the neighbours' rays give the derivatives.
vec2 ray_barycentrics(vec3 orig, vec3 dir, vec3 p0, vec3 e1, vec3 e2)
{
    vec3 pv = cross(dir, e2);
    float det = dot(e1, pv);
    float inv = abs(det) > 1e-30 ? 1.0 / det : 0.0;
    vec3 tv = orig - p0;
    vec3 qv = cross(tv, e1);
    return vec2(dot(tv, pv), dot(dir, qv)) * inv;
}

// Texture t's sample; without LC_VIS_BINDLESS t is subgroup-uniform. The case indices are
// specialization constant expressions, in bounds once TEXTURE_COUNT is known (cases past it
// never run).
#define LC_MATERIAL_CASE(K) \
    case K: return textureGrad(material_tex[K < TEXTURE_COUNT ? K : 0u], uv, dx, dy);
vec4 sample_texture(uint t, vec2 uv, vec2 dx, vec2 dy)
{
#ifdef LC_VIS_BINDLESS
    return textureGrad(material_tex[nonuniformEXT(t)], uv, dx, dy);
#else
    if (DYNAMIC_INDEXING) return textureGrad(material_tex[t], uv, dx, dy);
    switch (t) {
        LC_MATERIAL_CASE(0u)
        LC_MATERIAL_CASE(1u)
        LC_MATERIAL_CASE(2u)
        LC_MATERIAL_CASE(3u)
        LC_MATERIAL_CASE(4u)
        LC_MATERIAL_CASE(5u)
        LC_MATERIAL_CASE(6u)
        LC_MATERIAL_CASE(7u)
        LC_MATERIAL_CASE(8u)
        LC_MATERIAL_CASE(9u)
        LC_MATERIAL_CASE(10u)
        LC_MATERIAL_CASE(11u)
        LC_MATERIAL_CASE(12u)
        LC_MATERIAL_CASE(13u)
        LC_MATERIAL_CASE(14u)
        LC_MATERIAL_CASE(15u)
        LC_MATERIAL_CASE(16u)
        LC_MATERIAL_CASE(17u)
        LC_MATERIAL_CASE(18u)
        LC_MATERIAL_CASE(19u)
        LC_MATERIAL_CASE(20u)
        LC_MATERIAL_CASE(21u)
        LC_MATERIAL_CASE(22u)
        LC_MATERIAL_CASE(23u)
        LC_MATERIAL_CASE(24u)
        LC_MATERIAL_CASE(25u)
        LC_MATERIAL_CASE(26u)
        LC_MATERIAL_CASE(27u)
        LC_MATERIAL_CASE(28u)
        LC_MATERIAL_CASE(29u)
        LC_MATERIAL_CASE(30u)
        LC_MATERIAL_CASE(31u)
        LC_MATERIAL_CASE(32u)
        LC_MATERIAL_CASE(33u)
        LC_MATERIAL_CASE(34u)
        LC_MATERIAL_CASE(35u)
        LC_MATERIAL_CASE(36u)
        LC_MATERIAL_CASE(37u)
        LC_MATERIAL_CASE(38u)
        LC_MATERIAL_CASE(39u)
        LC_MATERIAL_CASE(40u)
        LC_MATERIAL_CASE(41u)
        LC_MATERIAL_CASE(42u)
        LC_MATERIAL_CASE(43u)
        LC_MATERIAL_CASE(44u)
        LC_MATERIAL_CASE(45u)
        LC_MATERIAL_CASE(46u)
        LC_MATERIAL_CASE(47u)
        LC_MATERIAL_CASE(48u)
        LC_MATERIAL_CASE(49u)
        LC_MATERIAL_CASE(50u)
        LC_MATERIAL_CASE(51u)
        LC_MATERIAL_CASE(52u)
        LC_MATERIAL_CASE(53u)
        LC_MATERIAL_CASE(54u)
        LC_MATERIAL_CASE(55u)
        LC_MATERIAL_CASE(56u)
        LC_MATERIAL_CASE(57u)
        LC_MATERIAL_CASE(58u)
        LC_MATERIAL_CASE(59u)
        LC_MATERIAL_CASE(60u)
        LC_MATERIAL_CASE(61u)
        LC_MATERIAL_CASE(62u)
        LC_MATERIAL_CASE(63u)
    }
    return vec4(0.0);
#endif
}

// Material texture t (LC_NO_TEXTURE: none, 1 then); without LC_VIS_BINDLESS a waterfall over
// the subgroup's distinct textures: each round samples with one subgroup-uniform index, the
// lanes holding it leave.
vec4 material_sample(uint t, vec2 uv, vec2 dx, vec2 dy)
{
    if (t == LC_NO_TEXTURE) return vec4(1.0);
    t = min(t, TEXTURE_COUNT - 1u);
#ifdef LC_VIS_BINDLESS
    return sample_texture(t, uv, dx, dy);
#else
    for (;;) {
        uint first = subgroupBroadcastFirst(t);
        if (first == t) return sample_texture(first, uv, dx, dy);
    }
    return vec4(0.0);
#endif
}

vec3 bary3(vec2 b) { return vec3(1.0 - b.x - b.y, b.x, b.y); }

#endif
