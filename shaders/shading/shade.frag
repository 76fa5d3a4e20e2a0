#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// Forward shading pass. One shader, specialised per culling mode. Every mode visits its
// lights in ascending index order, so the sum matches brute force exactly.
#include "common.glsl"
#include "lighting.glsl"

layout(constant_id = 0) const uint MODE = LC_MODE_BRUTE;
layout(constant_id = 1) const bool SCALARIZE = false;
layout(constant_id = 2) const uint ANALYSIS = LC_ANALYSIS_OFF;

// Depth test before the shader runs: hidden fragments must not write the analysis counters.
layout(early_fragment_tests) in;

layout(location = 0) in vec3 in_world;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;
layout(location = 3) in float in_depth;
layout(location = 4) flat in uint in_meshlet; // hashed meshlet and object (--view meshlets)
layout(location = 0) out vec4 out_color;

layout(set = 1, binding = LC_BIND_BASE_COLOR) uniform sampler2D base_color_tex;
layout(push_constant) uniform Material { vec4 base_color; } material;

layout(std430, set = 0, binding = LC_BIND_ANALYSIS) buffer AnalysisBlock { uint analysis[]; };

lc_surface surf;
vec3 color = vec3(0.0);
uint evaluated = 0u, contributing = 0u;

void visit(uint i)
{
    evaluated++;
    if (lc_shade_light(lights[i], surf, color)) contributing++;
}

// Walks one bucket of 32 lights with a bitscan loop. Scalarized: the bucket is OR-ed over
// the subgroup first, so the loop and the light loads are uniform.
void walk_bucket(uint bucket, uint bits)
{
    if (SCALARIZE) bits = subgroupOr(bits);
    while (bits != 0u) {
        uint bit = findLSB(bits);
        bits &= bits - 1u;
        visit(bucket * LC_BUCKET_BITS + bit);
    }
}

uint tile_index()
{
    uvec2 t = min(uvec2(gl_FragCoord.xy) / frame.light_info.z, frame.screen.zw - 1u);
    return t.y * frame.screen.z + t.x;
}

void shade_brute()
{
    for (uint i = 0u; i < frame.light_info.x; i++) visit(i);
}

// Visits the non-empty buckets in [first_bucket, last_bucket] (the tile's bucket mask),
// keeping in each only the lights in [range.x, range.y].
void walk_tile(uint tile, uvec2 range)
{
    uint buckets = frame.light_info.y, mask_words = lc_mask_words();
    uint base = tile * buckets, mbase = tile * mask_words;
    uint first_bucket = range.x / LC_BUCKET_BITS, last_bucket = min(range.y / LC_BUCKET_BITS, buckets - 1u);
    for (uint m = first_bucket / 32u; m <= last_bucket / 32u; m++) {
        uint mask = tile_mask[mbase + m];
        if (SCALARIZE) mask = subgroupOr(mask);
        uint lo_b = m * 32u;
        if (first_bucket > lo_b) mask &= ~0u << (first_bucket - lo_b);
        if (last_bucket < lo_b + 31u) mask &= ~0u >> (lo_b + 31u - last_bucket);
        while (mask != 0u) {
            uint b = lo_b + findLSB(mask);
            mask &= mask - 1u;
            uint lo = b * LC_BUCKET_BITS;
            uint start = range.x > lo ? range.x - lo : 0u;
            uint end = min(range.y - lo, 31u);
            uint keep = (end - start == 31u) ? ~0u : (((1u << (end - start + 1u)) - 1u) << start);
            walk_bucket(b, tile_bits[base + b] & keep);
        }
    }
}

void shade_tiles()
{
    if (frame.light_info.x > 0u) walk_tile(tile_index(), uvec2(0u, frame.light_info.x - 1u));
}

// Light range [first, last] of the pixel's Z-bin; first > last when empty.
uvec2 zbin_range()
{
    float bin = floor((in_depth - frame.zbin_params.x) * frame.zbin_params.y);
    // Written so that NaN (possible in helper lanes) also gives an empty range.
    if (!(bin >= 0.0 && bin < float(frame.zbin_info.x))) return uvec2(1u, 0u);
    uvec2 z = zbins[uint(bin)];
    // The range bounds a loop: keep it within the lights whatever was read. On lavapipe,
    // helper invocations read zeros here, i.e. lights 0..0xffffffff, and spin until its
    // per-shader loop limit, which then cuts short every later loop (the pair counts).
    return uvec2(z.x, min(~z.y, max(frame.light_info.x, 1u) - 1u));
}

void shade_zbin()
{
    uvec2 range = zbin_range();
    if (SCALARIZE) range = uvec2(subgroupMin(range.x), subgroupMax(range.y));
    // first > last: no light touches this depth. Granite's cluster_mask_range, with the
    // tile's bucket mask skipping empty buckets.
    if (range.x <= range.y) walk_tile(tile_index(), range);
}

void shade_clusters()
{
    uint ts = uint(frame.zbin_params.w);
    uvec2 t = min(uvec2(gl_FragCoord.xy) / ts, frame.zbin_info.yz - 1u);
    float near_z = frame.screen_inv.z;
    float s = floor(log(max(in_depth, near_z) / near_z) * frame.zbin_params.z);
    uint slice = s >= 0.0 ? uint(min(s, float(frame.zbin_info.w - 1u))) : 0u; // NaN-safe (helper lanes)
    uint cluster = (slice * frame.zbin_info.z + t.y) * frame.zbin_info.y + t.x;
    uint buckets = frame.light_info.y, mask_words = lc_mask_words();
    uint base = cluster * buckets, mbase = lc_cluster_mask_base() + cluster * mask_words;
    // The cluster's bucket mask skips empty buckets (one load per 32 buckets).
    for (uint m = 0u; m < mask_words; m++) {
        uint mask = cluster_bits[mbase + m];
        if (SCALARIZE) mask = subgroupOr(mask);
        while (mask != 0u) {
            uint b = m * 32u + findLSB(mask);
            mask &= mask - 1u;
            walk_bucket(b, cluster_bits[base + b]);
        }
    }
}

void shade_lists()
{
    uint stride = frame.light_info.w + 1u;
    uint base = tile_index() * stride;
    uint count = min(tile_lists[base], frame.light_info.w);
    if (!SCALARIZE) {
        for (uint j = 0u; j < count; j++) visit(tile_lists[base + 1u + j]);
        return;
    }
    // Merge the subgroup's sorted lists: every lane visits the smallest pending index, so
    // loads are uniform and the order stays ascending.
    uint j = 0u;
    for (;;) {
        uint mine = j < count ? tile_lists[base + 1u + j] : 0xffffffffu;
        uint next = subgroupMin(mine);
        if (next == 0xffffffffu) break;
        if (mine == next) j++;
        visit(next);
    }
}

void main()
{
    vec4 tex = texture(base_color_tex, in_uv);
    surf.position = in_world;
    surf.view_dir = normalize(frame.camera_pos.xyz - in_world);
    vec3 n = normalize(in_normal);
    surf.normal = dot(n, surf.view_dir) < 0.0 ? -n : n; // two-sided surfaces
    surf.albedo = tex.rgb * material.base_color.rgb;

    if (MODE == LC_MODE_BRUTE) shade_brute();
    else if (MODE == LC_MODE_LISTS) shade_lists();
    else if (MODE == LC_MODE_TILES) shade_tiles();
    else if (MODE == LC_MODE_CLUSTERS) shade_clusters();
    else shade_zbin();

    if (ANALYSIS != LC_ANALYSIS_OFF) {
        uvec2 px = uvec2(gl_FragCoord.xy);
        uint idx = (px.y * frame.screen.x + px.x) * LC_ANALYSIS_WORDS;
        analysis[idx + 0u] = evaluated;
        analysis[idx + 1u] = contributing;
        if (ANALYSIS == LC_ANALYSIS_EXACT) {
            uint exact = 0u;
            for (uint i = 0u; i < frame.light_info.x; i++)
                if (lc_light_weight(lights[i], surf.position) > 0.0) exact++;
            analysis[idx + 2u] = exact;
        }
    }
    vec3 ambient = surf.albedo * 0.02;
    out_color = vec4(ambient + color, 1.0);
    if (frame.options.y == LC_VIEW_MESHLETS) {
        // A colour per meshlet (of each object), lit by a head light so the shape stays readable.
        uint h = in_meshlet ^ (in_meshlet >> 15u);
        vec3 c = vec3(float(h & 255u), float((h >> 8u) & 255u), float((h >> 16u) & 255u)) / 255.0 * 0.8 + 0.2;
        out_color = vec4(c * (0.35 + 0.65 * max(dot(surf.normal, surf.view_dir), 0.0)), 1.0);
    }
}
