#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / tiles: one workgroup per screen tile; one bit per light (flat bit array, 32
// lights per bucket) for the lights whose volume touches the tile's box between its depth
// bounds, and with 2.5D culling on whose depth range meets the tile's slice mask (cull.glsl).
// Only lights its coarse block kept are tested; empty buckets cost one load. Also
// feeds the zbin mode. A second level, one bit per non-empty bucket, lets shading skip
// empty buckets without loading them.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"

layout(local_size_x = 64) in;
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) readonly buffer TileDepthBlock { lc_gpu_tile_depth tile_depth[]; };
layout(std430, set = 0, binding = LC_BIND_COARSE_BITS) readonly buffer CoarseBlock { uint coarse_bits[]; };

shared uint s_mask[(LC_LIGHTS_MAX_GLSL / 32u + 31u) / 32u];

void main()
{
    uvec2 tile = gl_WorkGroupID.xy;
    uint tile_index = tile.y * frame.screen.z + tile.x;
    uint buckets = frame.light_info.y;
    uint base = tile_index * buckets;
    uint mask_words = lc_mask_words();
    lc_gpu_tile_depth td = tile_depth[tile_index];
    vec2 d = vec2(td.depth_min, td.depth_max);
    uint slices = td.slices;
    for (uint m = gl_LocalInvocationIndex; m < mask_words; m += 64u) s_mask[m] = 0u;
    if (d.x > d.y) {
        for (uint b = gl_LocalInvocationIndex; b < buckets; b += 64u) tile_bits[base + b] = 0u;
        for (uint m = gl_LocalInvocationIndex; m < mask_words; m += 64u) tile_mask[tile_index * mask_words + m] = 0u;
        return;
    }
    barrier();
    uint coarse_x = (frame.screen.z + LC_COARSE - 1u) / LC_COARSE;
    uvec2 block = tile / LC_COARSE;
    uint coarse_base = (block.y * coarse_x + block.x) * buckets;
    float ts = float(frame.light_info.z);
    vec2 pmin = vec2(tile) * ts;
    vec2 pmax = min(pmin + ts, vec2(frame.screen.xy));
    vec3 bmin, bmax;
    lc_rect_box(pmin, pmax, d.x, d.y, bmin, bmax);

    // Each subgroup owns whole buckets: lanes test the lights of one bucket together and a
    // ballot forms the word, so no atomics are needed.
    uint S = gl_SubgroupSize, lane = gl_SubgroupInvocationID;
    uint per = max(S / 32u, 1u); // buckets per step (subgroups wider than 32)
    for (uint b0 = gl_SubgroupID * per; b0 < buckets; b0 += gl_NumSubgroups * per) {
        uint b = b0 + (S > 32u ? lane / 32u : 0u);
        uint coarse = b < buckets ? coarse_bits[coarse_base + b] : 0u;
        uint word = 0u;
        if (subgroupOr(coarse) != 0u) {
            for (uint c = 0u; c < 32u; c += min(S, 32u)) {
                uint bit = c + lane % 32u;
                bool hit = (coarse & (1u << bit)) != 0u && lc_light_hits_box(lights[b * 32u + bit], bmin, bmax) &&
                           lc_light_meets_slices(lc_light_depth_range(lights[b * 32u + bit].spot_depth), d, slices);
                uvec4 ballot = subgroupBallot(hit);
                word |= (S > 32u ? ballot[lane / 32u] : ballot.x << c);
            }
        }
        if (b < buckets && (S <= 32u ? subgroupElect() : lane % 32u == 0u)) {
            tile_bits[base + b] = word;
            if (word != 0u) atomicOr(s_mask[b / 32u], 1u << (b % 32u));
        }
    }
    barrier();
    for (uint m = gl_LocalInvocationIndex; m < mask_words; m += 64u) tile_mask[tile_index * mask_words + m] = s_mask[m];
}
