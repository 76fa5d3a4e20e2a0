#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// The shadow views' GPU cull (src/passes/shadow_cull.c; the layout: shared/lc_geometry.h
// LC_SHADOW_CULL_*): one lane per shadow-casting task, one dispatch for the views rendered
// this frame, a row of workgroups per view. The view's frustum comes from its light's record
// (the matrix its depth is drawn with); the tests are the camera cull's (geometry_cull.glsl:
// object sphere, meshlet sphere) and then each sublet's sphere, without the back-face cone (the views draw both faces) or
// occlusion. A surviving task appends one command to its list in the view's region: the span
// of its meshlet's indices from the first to the last sublet in the frustum.
#include "common.glsl"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL; // (geometry_cull.glsl's; unused here)
#include "geometry_cull.glsl"

layout(local_size_x = LC_CULL_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_SUBLET_BOUNDS) readonly buffer SubletBlock { lc_meshlet_bounds sublet_bounds[]; };
layout(std430, set = 0, binding = LC_BIND_SHADOWS) readonly buffer ShadowBlock
{
    lc_gpu_shadow shadows[LC_SHADOW_RECORDS];
    uvec4 shadow_views[LC_SHADOW_VIEW_SLOTS]; // record, face
};
layout(std430, set = 0, binding = LC_BIND_SHADOW_CULL) buffer ShadowCullBlock { uint cull[]; };
layout(push_constant) uniform PushBlock { lc_shadow_cull_push push; };

void main()
{
    uint task = gl_GlobalInvocationID.x;
    uint view = gl_WorkGroupID.y;
    uvec2 record_face = shadow_views[view].xy;
    uint triangles = 0u, inside = 0u;
    if (task < push.region.x) {
        uvec2 t = tasks[task];
        lc_gpu_cull_object co = cull_objects[t.x];
        vec4 planes[6];
        lc_frustum_planes(shadows[record_face.x].view_proj[record_face.y], planes);
        if (lc_sphere_in_planes(planes, co.sphere.xyz, co.sphere.w)) {
            lc_gpu_meshlet m = meshlets[t.y];
            inside = m.info.w;
            mat4 world = objects[t.x].world;
            float scale = uintBitsToFloat(co.info.z);
            uint first = 0u, end = 0u; // triangles of the meshlet
            if (lc_sphere_in_planes(planes, (world * vec4(m.sphere.xyz, 1.0)).xyz, m.sphere.w * scale)) {
                first = ~0u;
                uint at = 0u;
                for (uint k = 0u; k < LC_MESHLET_SUBLETS; k++) {
                    uint n = lc_sublet_counts(m.sublets, k) & 0xffu;
                    if (n == 0u) break;
                    vec4 s = sublet_bounds[t.y * LC_MESHLET_SUBLETS + k].sphere;
                    if (lc_sphere_in_planes(planes, (world * vec4(s.xyz, 1.0)).xyz, s.w * scale)) {
                        first = min(first, at);
                        end = at + n;
                    }
                    at += n;
                }
            }
            if (first < end) {
                uint bucket = co.info.x;
                uvec2 list = uvec2(cull[push.region.y + 2u * bucket], cull[push.region.y + 2u * bucket + 1u]);
                uint slot = atomicAdd(cull[LC_SHADOW_CULL_COUNTS + view * push.view.x + list.y], 1u);
                uint c = push.region.z + (view * push.region.w + list.x + slot) * 5u;
                cull[c + 0u] = 3u * (end - first);
                cull[c + 1u] = 1u;
                cull[c + 2u] = m.info.x + 3u * first;
                cull[c + 3u] = 0u;
                cull[c + 4u] = t.x; // firstInstance: the object (shadow_depth.vert)
                triangles = end - first;
            }
        }
    }
    uvec2 sum = subgroupAdd(uvec2(triangles, inside));
    if (subgroupElect()) {
        if (sum.x != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 0u], sum.x);
        if (sum.y != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 1u], sum.y);
    }
}
