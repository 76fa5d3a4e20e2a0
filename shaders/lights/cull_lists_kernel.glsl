// light cull / lists: tiled stream compaction (Battlefield 3, old Wicked Engine). Lights
// touching the tile (with 2.5D culling on, also its slice mask: cull.glsl) are appended to a
// shared list with one atomic per subgroup, the list is bitonic-sorted so shading visits
// ascending indices (entity order: decals first, in their order), then written out as
// [count, index...]. More than LIST_MAX entities: the
// rest are dropped and counted.
#ifndef LC_CULL_LISTS_KERNEL_GLSL
#define LC_CULL_LISTS_KERNEL_GLSL
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "tile_depth.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(constant_id = 0) const uint LIST_MAX = 512u; // a power of two

shared uint s_list[LIST_MAX];
shared uint s_count;

void main()
{
    uvec2 tile = gl_WorkGroupID.xy;
    uint tid = gl_LocalInvocationIndex;
    uint base = (tile.y * frame.screen.z + tile.x) * (LIST_MAX + 1u);
    if (tid == 0u) s_count = 0u;
    float dmin, dmax;
    uint slices;
    bool covered = lc_tile_depth_bounds(tile, dmin, dmax, slices); // contains barriers
    if (!covered) {
        if (tid == 0u) tile_lists[base] = 0u;
        return;
    }
    float ts = float(frame.light_info.z);
    vec2 pmin = vec2(tile) * ts;
    vec2 pmax = min(pmin + ts, vec2(frame.screen.xy));
    vec3 bmin, bmax;
    lc_rect_box(pmin, pmax, dmin, dmax, bmin, bmax);

    // Bounded by the buffer too, which also keeps the bound from being a plain uniform:
    // lavapipe (Mesa 22.3) recompiles a shader whose loop bound is a uniform-buffer value
    // with that value inlined, on every dispatch, and leaks each compile (~330 KB a frame).
    uint count = min(frame.light_info.x, uint(lights.length()));
    for (uint first = 0u; first < count; first += 64u) {
        uint i = first + tid;
        bool hit = i < count && lc_light_hits_box(lights[i], bmin, bmax) &&
                   lc_light_meets_slices(lc_light_depth_range(lights[i].spot_depth), vec2(dmin, dmax), slices);
        uvec4 ballot = subgroupBallot(hit);
        uint n = subgroupBallotBitCount(ballot);
        uint offset = 0u;
        if (subgroupElect() && n > 0u) offset = atomicAdd(s_count, n);
        offset = subgroupMax(offset);
        uint pos = offset + subgroupBallotExclusiveBitCount(ballot);
        if (hit && pos < LIST_MAX) s_list[pos] = i;
    }
    barrier();
    uint total = s_count;
    uint stored = min(total, LIST_MAX);
    if (tid == 0u && total > LIST_MAX) {
        atomicAdd(counters.lists.x, 1u);
        atomicAdd(counters.lists.y, total - LIST_MAX);
    }
    // Bitonic sort of the list, padded to a power of two with ~0u: shading visits ascending
    // indices, so decals composite in their order (the append order above depends on which
    // subgroup got the counter first; seed 001's flicker) and lights sum as brute force does.
    // Every tile is sorted, not only those holding decals: the scalarized shading merges
    // neighbouring tiles' lists, which needs them ascending. --list-sort off skips it (the
    // frame flag is uniform, so the barriers inside stay in uniform control flow).
    if ((frame.entity_info.w & LC_ENTITY_FLAG_LIST_SORT) == 0u) {
        if (tid == 0u) tile_lists[base] = stored;
        for (uint t = tid; t < stored; t += 64u) tile_lists[base + 1u + t] = s_list[t];
        return;
    }
    uint n = 1u;
    while (n < stored) n <<= 1u;
    for (uint t = stored + tid; t < n; t += 64u) s_list[t] = 0xffffffffu;
    barrier();
    for (uint k = 2u; k <= n; k <<= 1u) {
        for (uint j = k >> 1u; j > 0u; j >>= 1u) {
            for (uint t = tid; t < n; t += 64u) {
                uint o = t ^ j;
                if (o > t) {
                    uint a = s_list[t], b = s_list[o];
                    bool ascending = (t & k) == 0u;
                    if ((a > b) == ascending) {
                        s_list[t] = b;
                        s_list[o] = a;
                    }
                }
            }
            barrier();
        }
    }
    if (tid == 0u) tile_lists[base] = stored;
    for (uint t = tid; t < stored; t += 64u) tile_lists[base + 1u + t] = s_list[t];
}

#endif
