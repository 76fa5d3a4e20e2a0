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
#include "visibility_textures.glsl"
#ifdef LC_VIS_TONEMAP
#include "tonemap_curve.glsl"
#endif

layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

// Visibility ids (visibility.frag): (draw << ID_PRIM_BITS) | primitive in one word, or
// (draw, primitive) in two when 0.
layout(constant_id = 5) const uint ID_PRIM_BITS = 0u;
layout(set = 0, binding = LC_BIND_VISIBILITY) uniform usampler2D vis_ids;
// --view overdraw: the compute raster's atomics per pixel, after its 64-bit words.
layout(std430, set = 0, binding = LC_BIND_RASTER) readonly buffer RasterCountBlock { uint raster_counts[]; };
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
    if (frame.options.y == LC_VIEW_OVERDRAW) {
        uint n = raster_counts[2u * frame.screen.x * frame.screen.y + px.y * frame.screen.x + px.x];
        write_colour(ivec2(px), lc_overdraw_colour(n), true);
        return;
    }
    if (id.x == LC_VIS_BACKGROUND) {
        write_colour(ivec2(px), lc_background_colour(), false);
        return;
    }
    if (ID_PRIM_BITS != 0u) id = uvec2(id.x >> ID_PRIM_BITS, id.x & ((1u << ID_PRIM_BITS) - 1u));
    // --view triangles: the id alone, unlit, so two rasters' id images compare pixel for pixel.
    if (frame.options.y == LC_VIEW_TRIANGLES) {
        write_colour(ivec2(px), lc_triangle_view_colour(id.x, id.y), true);
        return;
    }
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
    // The decal loop changes the base colour the lights then shade (light_loop.glsl).
    lc_entity_loop_begin(px, depth);
    // The decal textures' derivatives as the material's: the quad's neighbours on this plane.
    mat3 ps = mat3(tri.v[0].position, tri.v[1].position, tri.v[2].position);
    vec3 world_quad = ps * bq;
    lc_decal_loop(world, ps * bx - world_quad, ps * by - world_quad, mi.base, mi.roughness, mi.metallic, shading_normal);
    lc_surface surf = lc_surface_of(mi, world, shading_normal, view_dir);

    vec3 color = lc_light_loop(surf);
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
