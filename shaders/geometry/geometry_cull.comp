#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// GPU culling of the mdi path (src/geometry/geometry.c builds the tasks): one lane per
// (object, meshlet), decided by geometry_cull.glsl (shared with the mesh path's task
// shader). Every task's VkDrawIndexedIndirectCommand sits at its place in its bucket's range.
#include "common.glsl"
#include "shared/lc_geometry.h"
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;
#include "geometry_cull.glsl"

layout(local_size_x = LC_CULL_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) writeonly buffer CommandBlock { uint commands[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_BUCKETS) readonly buffer BucketBlock { uint bucket_first[]; };
layout(push_constant) uniform PushBlock { lc_geometry_cull_push push; };

void main()
{
    uint task = gl_GlobalInvocationID.x;
    uint f = 0u, b = 0u, o = 0u, drawn = 0u, tris = 0u;
    if (task < push.counts.x) {
        lc_cull_decision d = lc_cull_task(task, push.hiz_size.xy, push.counts.w);
        f = d.f, b = d.b, o = d.o;
        // Every task has a fixed command slot in its bucket (tasks are stored in bucket order),
        // written every phase: instanceCount 1 when it draws, 0 when not. The draws keep task
        // order whatever order the lanes run in, so coplanar surfaces tie the same way every
        // frame and on every GPU; the bucket's draw count is its task count.
        uvec2 t = tasks[task];
        lc_gpu_meshlet m = meshlets[t.y];
        uint bucket = cull_objects[t.x].info.x;
        uint phase = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
        uint slot = task - bucket_first[bucket];
        atomicMax(counts[LC_GEO_COUNTS_HEADER + phase * push.counts.z + bucket], slot + 1u);
        uint c = (phase * push.counts.y + task) * 5u;
        commands[c + 0u] = m.info.y;
        commands[c + 1u] = d.draw ? 1u : 0u;
        commands[c + 2u] = m.info.x;
        commands[c + 3u] = 0u;
        commands[c + 4u] = t.x;
        if (d.draw) {
            drawn = 1u;
            tris = m.info.w;
        }
    }
    lc_cull_count(f, b, o, drawn, tris);
}
