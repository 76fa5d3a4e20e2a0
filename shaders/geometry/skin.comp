#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
// GPU skinning (src/geometry/skinning.c): a lane per vertex of a run of --grid copies of one
// skin. A workgroup takes LC_SKIN_LANES consecutive vertices of the skin for LC_SKIN_COPIES
// copies: each lane loads its bind vertex and weights once and poses it once with each copy's
// joint matrices (all of them held in shared memory). Bounds are not refit here:
// skin_bounds.comp moves each sublet's per-joint bind spheres (docs/ANIMATION.md), so this
// kernel only blends and writes.
//
// Bytes: the posed vertex goes out once (52 bytes: the runtime mesh's lc_vertex, which every
// path reads), staged in shared memory so that the workgroup writes its contiguous vertices as
// whole lines, not 13 scalar stores of a 52-byte stride. Two copies a workgroup halve the bind
// loads and the workgroups: 0.87 ms against 1.10 for one at --grid 20 of the walker (H200,
// docs/bench/h200-skinning-joint-spheres.csv; four copies 0.85 ms, but past 16 KiB of shared
// memory).
//
// Linear blend skinning as the CPU's lc_scene_pose_skins with four joints; normals and tangents
// through the blended matrix's 3x3, made unit (the tangent perpendicular to the normal again).
// The joints are read as three rows, and a joint of weight 0 on every lane of a subgroup is left
// out (most vertices have one or two).
#include "shared/lc_shared.h"
#include "shared/lc_skin.h"

layout(local_size_x = LC_SKIN_LANES) in;
layout(std430, set = 0, binding = LC_SKIN_BIND_SOURCE) readonly buffer SourceBlock { float source[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_WEIGHTS) readonly buffer WeightBlock { uvec4 weights[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_JOINTS) readonly buffer JointBlock { mat4 joints[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_VERTICES) writeonly buffer VertexBlock { float vertex_data[]; };
layout(push_constant) uniform Push { lc_skin_push push; };

shared float stage[LC_SKIN_LANES * LC_VERTEX_FLOATS];
// Each copy's joint matrices as their top three rows (the fourth, (0, 0, 0, 1) for an affine one,
// enters neither the position's xyz nor the 3x3): 48 bytes a joint, whose 12-word stride spreads
// the lanes' different joints over the banks, where a mat4's 16 put every other joint on the same.
shared vec4 joint_rows[LC_SKIN_COPIES * LC_SKIN_SHARED_JOINTS * 3u];

vec4 buffer_row(uint i, uint r) { return vec4(joints[i][0][r], joints[i][1][r], joints[i][2][r], joints[i][3][r]); }
vec4 joint_row(uint base, uint cache, uint j, uint r, bool cached) { return cached ? joint_rows[cache + j * 3u + r] : buffer_row(base + j, r); }

// Row r of the blended matrix, w.x J_x + ...: a joint whose weight is 0 on every lane of the
// subgroup is left out (its term adds nothing).
vec4 blend_row(uint base, uint cache, uvec4 j, vec4 w, uint r, bool cached, bvec3 more)
{
    vec4 row = w.x * joint_row(base, cache, j.x, r, cached);
    if (more.x) row += w.y * joint_row(base, cache, j.y, r, cached);
    if (more.y) row += w.z * joint_row(base, cache, j.z, r, cached);
    if (more.z) row += w.w * joint_row(base, cache, j.w, r, cached);
    return row;
}

void main()
{
    uint wg = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (wg >= push.run.y) return; // the whole workgroup: the 2D grid's tail
    uint lane = gl_LocalInvocationID.x;
    uint chunks = (push.vertices.y + LC_SKIN_LANES - 1u) / LC_SKIN_LANES;
    uint first_copy = (wg / chunks) * LC_SKIN_COPIES, chunk = wg % chunks;
    uint copies = min(LC_SKIN_COPIES, push.run.x - first_copy);
    uint first = chunk * LC_SKIN_LANES, count = min(LC_SKIN_LANES, push.vertices.y - first);
    bool cached = push.joints.y <= LC_SKIN_SHARED_JOINTS;

    // This lane's bind vertex and weights, loaded before the barrier so that their latency
    // overlaps the joint matrices'.
    uint v = first + lane;
    bool live = lane < count;
    float x[LC_VERTEX_FLOATS];
    uvec4 j = uvec4(0u);
    vec4 w = vec4(0.0);
    if (live) {
        uint g = (push.vertices.z + v) * LC_VERTEX_FLOATS;
        for (uint k = 0u; k < LC_VERTEX_FLOATS; k++) x[k] = source[g + k];
        j = weights[(push.vertices.z + v) * 2u];
        w = uintBitsToFloat(weights[(push.vertices.z + v) * 2u + 1u]);
    }
    if (cached) {
        uint rows = push.joints.y * 3u;
        for (uint q = lane; q < copies * rows; q += LC_SKIN_LANES) {
            uint c = q / rows, k = q % rows;
            joint_rows[c * LC_SKIN_SHARED_JOINTS * 3u + k] = buffer_row(push.joints.x + (first_copy + c) * push.joints.y + k / 3u, k % 3u);
        }
    }
    bvec3 more = bvec3(subgroupBallot(live && w.y != 0.0) != uvec4(0u), subgroupBallot(live && w.z != 0.0) != uvec4(0u),
                       subgroupBallot(live && w.w != 0.0) != uvec4(0u));
    vec3 p = vec3(x[0], x[1], x[2]), n = vec3(x[3], x[4], x[5]), t = vec3(x[8], x[9], x[10]);

    for (uint c = 0u; c < copies; c++) {
        barrier(); // the joints are in; from the second copy on, the last copy's stage is written out
        uint copy = first_copy + c, jbase = push.joints.x + copy * push.joints.y, cache = c * LC_SKIN_SHARED_JOINTS * 3u;
        if (live) {
            vec4 r0 = blend_row(jbase, cache, j, w, 0u, cached, more), r1 = blend_row(jbase, cache, j, w, 1u, cached, more),
                 r2 = blend_row(jbase, cache, j, w, 2u, cached, more);
            vec3 wp = vec3(dot(r0, vec4(p, 1.0)), dot(r1, vec4(p, 1.0)), dot(r2, vec4(p, 1.0)));
            vec3 wn = vec3(dot(r0.xyz, n), dot(r1.xyz, n), dot(r2.xyz, n));
            vec3 wt = vec3(dot(r0.xyz, t), dot(r1.xyz, t), dot(r2.xyz, t));
            float nl = length(wn);
            wn = nl > 1e-30 ? wn / nl : n;
            wt = wt - wn * dot(wn, wt);
            float tl = length(wt);
            wt = tl > 1e-20 ? wt / tl : t;
            // Staged so that the workgroup writes its vertices as whole lines (below).
            uint f = lane * LC_VERTEX_FLOATS;
            stage[f] = wp.x, stage[f + 1u] = wp.y, stage[f + 2u] = wp.z;
            stage[f + 3u] = wn.x, stage[f + 4u] = wn.y, stage[f + 5u] = wn.z;
            stage[f + 6u] = x[6], stage[f + 7u] = x[7];
            stage[f + 8u] = wt.x, stage[f + 9u] = wt.y, stage[f + 10u] = wt.z;
            stage[f + 11u] = x[11], stage[f + 12u] = x[12];
        }
        barrier();
        uint out_first = (push.vertices.x + copy * push.vertices.y + first) * LC_VERTEX_FLOATS;
        for (uint f = lane; f < count * LC_VERTEX_FLOATS; f += LC_SKIN_LANES) vertex_data[out_first + f] = stage[f];
    }
}
