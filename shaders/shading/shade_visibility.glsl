// The body of the visibility shade's two compute shaders (shade_visibility.comp,
// shade_visibility_tonemap.comp).
// visibility shade: one invocation per pixel in 8x4 blocks. Rebuilds the surface from the
// triangle the visibility pass stored (perspective-correct barycentrics from the pixel's
// ray, analytic UV derivatives for the texture LOD), then runs the forward pass's light
// loop (light_loop.glsl) and writes HDR colour and the analysis counters; with
// LC_VIS_TONEMAP (shade_visibility_tonemap.comp) it tonemaps the colour itself and writes the
// output image instead of the HDR one, so the frame needs no tonemap pass. Included by the two
// .comp files, which differ in that define only; their _bindless twins define LC_VIS_BINDLESS.
#include "common.glsl"
#include "lighting.glsl"
#include "surface.glsl"
#include "light_loop.glsl"
#include "visibility.glsl"
#include "meshlet_view.glsl"
#ifdef LC_VIS_TONEMAP
#include "tonemap_curve.glsl"
#endif

layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

// The scene's textures, each once; the material table names each material's. With
// LC_VIS_BINDLESS (descriptor indexing) indexed non-uniformly. Without, indexed only with
// subgroup-uniform values (the waterfall below), and without
// shaderSampledImageArrayDynamicIndexing even that index must be a constant: a uniform switch
// over the textures, each case a constant index.
layout(constant_id = 3) const uint TEXTURE_COUNT = 1u;
layout(constant_id = 4) const bool DYNAMIC_INDEXING = false;
// Visibility ids (visibility.frag): (draw << ID_PRIM_BITS) | primitive in one word, or
// (draw, primitive) in two when 0.
layout(constant_id = 5) const uint ID_PRIM_BITS = 0u;
layout(set = 1, binding = LC_VIS_BIND_TEXTURES) uniform sampler2D material_tex[TEXTURE_COUNT];
layout(std430, set = 1, binding = LC_VIS_BIND_MATERIALS) readonly buffer VisMaterialBlock { lc_gpu_material vis_materials[]; };

layout(set = 0, binding = LC_BIND_VISIBILITY) uniform usampler2D vis_ids;
#ifdef LC_VIS_TONEMAP
// The output's UNORM storage view, sRGB encoded here, as tonemap.comp writes it (no format
// qualifier: shaderStorageImageWriteWithoutFormat).
layout(set = 0, binding = LC_BIND_OUTPUT) uniform writeonly image2D out_image;
#else
layout(set = 0, binding = LC_BIND_HDR_STORAGE, rgba16f) uniform writeonly image2D hdr_out;
#endif

// hdr: the shaded colour, or with `as_is` a material view's linear colour (no tone curve).
void write_colour(ivec2 px, vec3 hdr, bool as_is)
{
#ifdef LC_VIS_TONEMAP
    imageStore(out_image, px, vec4(lc_srgb_encode(as_is ? hdr : lc_tonemap_shaded(hdr)), 1.0));
#else
    imageStore(hdr_out, px, vec4(hdr, 1.0));
#endif
}

// The forward pass's clear colour (src/passes/shade.c).

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

// The tangent (xyz, world) and bitangent sign (w) for the normal map at barycentrics b: the
// vertices', interpolated as the forward pass's lc_forward_tangent takes them.
vec4 lc_vis_tangent(lc_vis_triangle tri, vec3 b)
{
    vec4 t = b.x * tri.v[0].tangent + b.y * tri.v[1].tangent + b.z * tri.v[2].tangent;
    return vec4(t.xyz, t.w < 0.0 ? -1.0 : 1.0);
}

void main()
{
    uvec2 px = gl_GlobalInvocationID.xy;
    if (px.x >= frame.screen.x || px.y >= frame.screen.y) return;
    uvec2 id = texelFetch(vis_ids, ivec2(px), 0).xy;
    if (id.x == LC_VIS_BACKGROUND) {
        write_colour(ivec2(px), lc_background_colour(), false);
        return;
    }
    if (ID_PRIM_BITS != 0u) id = uvec2(id.x >> ID_PRIM_BITS, id.x & ((1u << ID_PRIM_BITS) - 1u));
    lc_vis_triangle tri = lc_vis_triangle_fetch(id.x, id.y);

    vec3 orig = frame.camera_pos.xyz;
    vec3 p0 = tri.v[0].position, e1 = tri.v[1].position - p0, e2 = tri.v[2].position - p0;
    vec2 centre = vec2(px) + 0.5;
    vec3 b = bary3(ray_barycentrics(orig, pixel_ray(centre), p0, e1, e2));
    vec3 seen = lc_seen_normal(cross(e1, e2), orig - p0); // for the two-sided normal
    // Derivatives as a rasterizer's 2x2 quad takes them (coarse: from the quad's top-left
    // pixel to its right and lower neighbours), on this triangle's plane as its helper
    // lanes would: the forward pass's implicit LOD, so both paths pick the same mips.
    vec2 quad = vec2(px & ~1u) + 0.5;
    vec3 bq = bary3(ray_barycentrics(orig, pixel_ray(quad), p0, e1, e2));
    vec3 bx = bary3(ray_barycentrics(orig, pixel_ray(quad + vec2(1.0, 0.0)), p0, e1, e2));
    vec3 by = bary3(ray_barycentrics(orig, pixel_ray(quad + vec2(0.0, 1.0)), p0, e1, e2));

    vec3 world = b.x * tri.v[0].position + b.y * tri.v[1].position + b.z * tri.v[2].position;
    vec3 normal = b.x * tri.v[0].normal + b.y * tri.v[1].normal + b.z * tri.v[2].normal;
    mat3x2 uvs = mat3x2(tri.v[0].uv, tri.v[1].uv, tri.v[2].uv);
    vec2 uv = uvs * b;
    // Analytic derivatives: the UV one pixel right and one pixel down, on the same plane.
    vec2 uv_quad = uvs * bq;
    vec2 duv_dx = uvs * bx - uv_quad, duv_dy = uvs * by - uv_quad;
    float depth = b.x * lc_view_depth(tri.v[0].position) + b.y * lc_view_depth(tri.v[1].position) +
                  b.z * lc_view_depth(tri.v[2].position);

    uint material = min(tri.material, uint(vis_materials.length()) - 1u);
    lc_gpu_material m = vis_materials[material];
    // The five texture slots in one loop (kept a loop: without bindless each sample is a
    // switch over every texture, which once per slot would multiply the shader's size).
    uint slots[5] = uint[](m.textures.x, m.textures.y, m.textures.z, m.textures.w, m.textures2.x);
    vec4 samples[5];
    [[dont_unroll]] for (uint k = 0u; k < 5u; k++) samples[k] = material_sample(slots[k], uv, duv_dx, duv_dy);

    vec3 view_dir = normalize(frame.camera_pos.xyz - world);
    vec3 n = normalize(normal);
    vec4 vertex_color = b.x * tri.v[0].color + b.y * tri.v[1].color + b.z * tri.v[2].color;
    lc_material_inputs mi = lc_material_inputs_of(m, samples[0] * m.base_color, vertex_color, samples[1], samples[3].r, samples[4].rgb);
    // The map's normal, turned with its frame to the side the viewer sees.
    vec3 mapped = lc_normal_mapped(n, lc_vis_tangent(tri, b), samples[2].xyz, m.factors.z);
    vec3 shading_normal = dot(n, seen) < 0.0 ? -mapped : mapped;
    lc_surface surf = lc_surface_of(mi, world, shading_normal, view_dir);

    vec3 color = lc_light_loop(px, depth, surf);
    lc_light_loop_write_analysis();
    vec3 view_colour;
    // --view meshlets: the forward pass's colour of the triangle's meshlet (its first vertex's,
    // the provoking vertex there).
    if (frame.options.y == LC_VIEW_MESHLETS)
        write_colour(ivec2(px), lc_meshlet_view_colour(vis_vertex_meshlet[tri.vertex0], id.x, lc_two_sided(n, seen), surf.view_dir), false);
    else if (lc_material_view(frame.options.y, mi, surf.normal, view_colour))
        write_colour(ivec2(px), view_colour, true);
    else
        write_colour(ivec2(px), lc_shaded_colour(surf, color), false);
}
