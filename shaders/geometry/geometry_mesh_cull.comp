#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// The mesh path's indirect dispatch, step 1 of 3 per phase: one lane per task (object,
// meshlet) of every bucket, culled per sublet as the task shader culls (cull_task: the same
// tests, phases, counters and visibility bytes). Writes the task's drawn sublets (its drawn
// flag, as the task shader does) and the workgroup's sublet count; geometry_mesh_scan.comp
// turns the counts into list offsets, geometry_mesh_list.comp writes the list.
#include "common.glsl"
#include "shared/lc_geometry.h"
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;
#include "geometry_cull.glsl"
#include "geometry_cull_sublets.glsl"

layout(local_size_x = LC_CULL_GROUP) in;

layout(push_constant) uniform PushBlock { lc_geometry_cull_push push; };

shared uint subgroup_sums[LC_CULL_GROUP];

void main()
{
    uint T = push.counts.x;
    uint task = gl_GlobalInvocationID.x;
    uint p = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
    uint keep = 0u;
    uint f = 0u, b = 0u, o = 0u, drawn = 0u, culled = 0u, tris = 0u;
    if (task < T) {
        keep = cull_task(task, uvec3(push.hiz_size.xy, push.counts.w), f, b, o, drawn, culled, tris);
        drawn_flags[p * T + task] = keep;
    }
    lc_cull_count(f, b, o, drawn, tris);
    uint sum = subgroupAdd(culled);
    if (subgroupElect() && sum != 0u) atomicAdd(counts[LC_GEO_COUNTS_STATS + 7u], sum);
    // The workgroup's sublets, for the scan.
    uint kept = subgroupAdd(bitCount(keep));
    if (subgroupElect()) subgroup_sums[gl_SubgroupID] = kept;
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        uint total = 0u;
        for (uint s = 0u; s < gl_NumSubgroups; s++) total += subgroup_sums[s];
        drawn_flags[LC_MESH_LIST_SUMS(T, p) + gl_WorkGroupID.x] = total;
    }
}
