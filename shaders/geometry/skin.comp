#version 460
#extension GL_GOOGLE_include_directive : require
// GPU skinning (src/geometry/skinning.c): one lane per vertex of a skinned mesh, its bind-pose
// vertex blended by its four joints' matrices (linear blend skinning, the CPU's
// lc_scene_pose_skins with four joints), written over its place in the runtime mesh. A dispatch
// may run several --grid copies of one skin: their bind vertices are shared, their joint
// matrices and runtime vertices follow each other. Normals and
// tangents go through the blended matrix's 3x3 and are made unit (the tangent perpendicular to
// the normal again), as the CPU does.
#include "shared/lc_shared.h"
#include "shared/lc_skin.h"

layout(local_size_x = LC_SKIN_GROUP) in;
layout(std430, set = 0, binding = LC_SKIN_BIND_SOURCE) readonly buffer SourceBlock { float source[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_WEIGHTS) readonly buffer WeightBlock { uvec4 weights[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_JOINTS) readonly buffer JointBlock { mat4 joints[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_VERTICES) writeonly buffer VertexBlock { float vertex_data[]; };
layout(push_constant) uniform Push { lc_skin_push push; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= push.range.z) return;
    uint copy = i / push.range.w;
    uint v = push.range.x + (i - copy * push.range.w);
    uint s = v * LC_VERTEX_FLOATS, d = (push.range.y + i) * LC_VERTEX_FLOATS;
    uvec4 j = weights[v * 2u] + uvec4(push.joints.x + copy * push.joints.y);
    vec4 w = uintBitsToFloat(weights[v * 2u + 1u]);
    mat4 m = w.x * joints[j.x] + w.y * joints[j.y] + w.z * joints[j.z] + w.w * joints[j.w];
    vec3 p = vec3(source[s], source[s + 1u], source[s + 2u]);
    vec3 n = vec3(source[s + 3u], source[s + 4u], source[s + 5u]);
    vec3 t = vec3(source[s + 8u], source[s + 9u], source[s + 10u]);
    vec3 wp = (m * vec4(p, 1.0)).xyz;
    vec3 wn = mat3(m) * n;
    vec3 wt = mat3(m) * t;
    float nl = length(wn);
    wn = nl > 1e-30 ? wn / nl : n;
    wt = wt - wn * dot(wn, wt);
    float tl = length(wt);
    wt = tl > 1e-20 ? wt / tl : t;
    vertex_data[d] = wp.x, vertex_data[d + 1u] = wp.y, vertex_data[d + 2u] = wp.z;
    vertex_data[d + 3u] = wn.x, vertex_data[d + 4u] = wn.y, vertex_data[d + 5u] = wn.z;
    vertex_data[d + 6u] = source[s + 6u], vertex_data[d + 7u] = source[s + 7u];
    vertex_data[d + 8u] = wt.x, vertex_data[d + 9u] = wt.y, vertex_data[d + 10u] = wt.z, vertex_data[d + 11u] = source[s + 11u];
    vertex_data[d + 12u] = source[s + 12u];
}
