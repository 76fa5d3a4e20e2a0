#version 460
#extension GL_GOOGLE_include_directive : require
// The mesh path's indirect dispatch, step 2 of 3 per phase, one workgroup: the cull
// workgroups' sublet counts become their first places in the list (an exclusive prefix sum,
// so the list keeps task order: coplanar ties resolve as in the task dispatch and mdi), then
// each bucket's list range and its mesh-tasks commands: rows of LC_MESH_ROW sublets, at most
// LC_MESH_ROWS rows per command, the command count in the bucket's draw count.
#include "common.glsl"
#include "shared/lc_geometry.h"

layout(local_size_x = LC_MESH_SCAN_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) coherent buffer CommandBlock { uint words[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_BUCKETS) readonly buffer BucketBlock { uint bucket_first[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_COUNTS) buffer CountBlock { uint counts[]; };
layout(push_constant) uniform PushBlock { lc_geometry_cull_push push; };
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;

shared uint scan[LC_MESH_SCAN_GROUP];
shared uint total;

// The list place of task t's first sublet: its workgroup's place plus the sublets of the
// tasks before it in the workgroup.
uint place(uint T, uint p, uint t)
{
    uint g = t / LC_CULL_GROUP;
    if (g >= LC_MESH_LIST_GROUPS(T)) return total;
    uint at = words[LC_MESH_LIST_SUMS(T, p) + g];
    for (uint u = g * LC_CULL_GROUP; u < t; u++) at += bitCount(words[p * T + u]);
    return at;
}

void main()
{
    uint T = push.counts.x, B = push.counts.z;
    uint p = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
    uint G = LC_MESH_LIST_GROUPS(T);
    uint sums = LC_MESH_LIST_SUMS(T, p);
    uint local = gl_LocalInvocationIndex;
    if (local == 0u) total = 0u;
    barrier();
    for (uint first = 0u; first < G; first += LC_MESH_SCAN_GROUP) {
        uint i = first + local;
        uint v = i < G ? words[sums + i] : 0u;
        scan[local] = v;
        barrier();
        // Hillis-Steele inclusive scan of the chunk.
        for (uint step = 1u; step < LC_MESH_SCAN_GROUP; step <<= 1u) {
            uint add = local >= step ? scan[local - step] : 0u;
            barrier();
            scan[local] += add;
            barrier();
        }
        uint carry = total;
        if (i < G) words[sums + i] = carry + scan[local] - v;
        barrier();
        if (local == LC_MESH_SCAN_GROUP - 1u) total = carry + scan[local];
        barrier();
    }
    memoryBarrierBuffer();
    barrier();
    for (uint b = local; b < B; b += LC_MESH_SCAN_GROUP) {
        uint t0 = bucket_first[b];
        uint t1 = b + 1u < B ? bucket_first[b + 1u] : T;
        uint first = place(T, p, t0), end = t1 > t0 ? place(T, p, t1) : first;
        uint ranges = LC_MESH_LIST_RANGES(T, B, p) + 2u * b;
        words[ranges] = first;
        words[ranges + 1u] = end;
        uint n = end - first;
        uint draws = (n + LC_MESH_DRAW_SUBLETS - 1u) / LC_MESH_DRAW_SUBLETS;
        uint slot = LC_MESH_LIST_DRAWS(T, B, p) + 3u * (t0 / LC_MESH_ROWS + b);
        for (uint d = 0u; d < draws; d++) {
            uint left = n - d * LC_MESH_DRAW_SUBLETS;
            words[slot + 3u * d] = LC_MESH_ROW;
            words[slot + 3u * d + 1u] = min((left + LC_MESH_ROW - 1u) / LC_MESH_ROW, LC_MESH_ROWS);
            words[slot + 3u * d + 2u] = 1u;
        }
        counts[LC_GEO_COUNTS_HEADER + p * B + b] = draws;
    }
}
