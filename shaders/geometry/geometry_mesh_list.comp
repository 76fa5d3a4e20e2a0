#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// The mesh path's indirect dispatch, step 3 of 3 per phase: one lane per task, as the cull
// (the same workgroups): the task's drawn sublets go to the list at its workgroup's place
// (geometry_mesh_scan.comp) after the lanes before it, in task order: one entry (task << 3 |
// sublet) per mesh workgroup.
#include "common.glsl"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"

layout(local_size_x = LC_CULL_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) buffer CommandBlock { uint words[]; };
layout(push_constant) uniform PushBlock { lc_geometry_cull_push push; };
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;

shared uint subgroup_sums[LC_CULL_GROUP];

void main()
{
    uint T = push.counts.x;
    uint p = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
    uint task = gl_GlobalInvocationID.x;
    uint keep = task < T ? words[p * T + task] : 0u;
    uint kept = bitCount(keep);
    uint before = subgroupExclusiveAdd(kept);
    uint in_subgroup = subgroupAdd(kept);
    if (subgroupElect()) subgroup_sums[gl_SubgroupID] = in_subgroup;
    barrier();
    uint at = before;
    for (uint s = 0u; s < gl_SubgroupID; s++) at += subgroup_sums[s];
    if (keep == 0u) return;
    at += words[LC_MESH_LIST_SUMS(T, p) + gl_WorkGroupID.x] + LC_MESH_LIST_ENTRIES(T, p);
    for (uint k = 0u; k < LC_MESHLET_SUBLETS; k++) {
        if ((keep & (1u << k)) == 0u) continue;
        words[at++] = task << LC_MESH_SUBLET_SHIFT | k;
    }
}
