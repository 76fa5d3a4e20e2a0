#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// GPU skinning and bounds refit in one kernel (src/geometry/skinning.c): a workgroup per meshlet
// of a skinned mesh's copy, a lane per vertex (sublet k's vertices on lanes 32k..32k+31). A
// dispatch runs every meshlet of a run of --grid copies of one skin; the copies share their bind
// vertices and weights (read by all of them: they stay in cache), each has its joint matrices
// and its range of the runtime mesh.
//
// Bytes: the posed vertex goes out once (52 bytes: the runtime mesh's lc_vertex, which every
// path reads), staged in shared memory so that the workgroup writes the meshlet's contiguous
// vertices as whole lines, not 13 scalar stores of a 52-byte stride. The refit reads no vertex
// back: each lane keeps its posed position, the sublet's and meshlet's box go through subgroup
// min/max and one shared atomic per subgroup, then the farthest distance from the box's centre
// the same way. No global atomics; the spheres are written by 9 lanes.
//
// Linear blend skinning as the CPU's lc_scene_pose_skins with four joints; normals and tangents
// through the blended matrix's 3x3, made unit (the tangent perpendicular to the normal again).
// The blend is most of the kernel's time (docs/ANIMATION.md): the joints are read as three rows,
// and a joint of weight 0 on every lane of a subgroup is left out.
// Spheres as the CPU refit: centred on the vertices' box, reaching the farthest one (a relative
// hair more); the back-face cone is switched off (cutoff 1: a pose bends it). Every cull reads
// them, so none drops a posed triangle.
#include "shared/lc_shared.h"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
#include "shared/lc_skin.h"

layout(local_size_x = LC_SKIN_LANES) in;
layout(std430, set = 0, binding = LC_SKIN_BIND_SOURCE) readonly buffer SourceBlock { float source[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_WEIGHTS) readonly buffer WeightBlock { uvec4 weights[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_JOINTS) readonly buffer JointBlock { mat4 joints[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_VERTICES) writeonly buffer VertexBlock { float vertex_data[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_MESHLETS) buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_SUBLETS) buffer SubletBlock { lc_meshlet_bounds sublets[]; };
layout(push_constant) uniform Push { lc_skin_push push; };

shared float stage[LC_MESHLET_SIZE * LC_VERTEX_FLOATS];
// A copy's joint matrices as their top three rows (the fourth, (0, 0, 0, 1) for an affine one,
// enters neither the position's xyz nor the 3x3): 48 bytes a joint, whose 12-word stride spreads
// the lanes' different joints over the banks, where a mat4's 16 put every other joint on the same.
shared vec4 joint_rows[LC_SKIN_SHARED_JOINTS * 3u];
// Slots 0..7 the sublets, 8 the meshlet: box as order-preserving keys (lo xyz, hi xyz), then the
// largest squared distance (non-negative floats order as their bits).
shared uint box[(LC_MESHLET_SUBLETS + 1u) * 6u];
shared uint reach[LC_MESHLET_SUBLETS + 1u];

uint key(float f) { uint u = floatBitsToUint(f); return (u & 0x80000000u) != 0u ? ~u : u | 0x80000000u; }
float unkey(uint k) { return uintBitsToFloat((k & 0x80000000u) != 0u ? k & 0x7fffffffu : ~k); }

vec3 centre(uint slot)
{
    uint b = slot * 6u;
    vec3 lo = vec3(unkey(box[b]), unkey(box[b + 1u]), unkey(box[b + 2u]));
    vec3 hi = vec3(unkey(box[b + 3u]), unkey(box[b + 4u]), unkey(box[b + 5u]));
    return 0.5 * (lo + hi);
}

vec4 buffer_row(uint i, uint r) { return vec4(joints[i][0][r], joints[i][1][r], joints[i][2][r], joints[i][3][r]); }
vec4 joint_row(uint base, uint j, uint r, bool cached) { return cached ? joint_rows[j * 3u + r] : buffer_row(base + j, r); }

// Row r of the blended matrix, w.x J_x + ...: a joint whose weight is 0 on every lane of the
// subgroup is left out (its term adds nothing; most vertices have one or two joints).
vec4 blend_row(uint base, uvec4 j, vec4 w, uint r, bool cached, bvec3 more)
{
    vec4 row = w.x * joint_row(base, j.x, r, cached);
    if (more.x) row += w.y * joint_row(base, j.y, r, cached);
    if (more.y) row += w.z * joint_row(base, j.z, r, cached);
    if (more.z) row += w.w * joint_row(base, j.w, r, cached);
    return row;
}

// Whether the whole subgroup works on one sublet (lanes are laid out linearly on every known
// device, and a subgroup of up to 32 lanes then never spans two; otherwise each lane goes alone).
bool one_sublet(uint s) { return subgroupBallot(s != subgroupBroadcastFirst(s)) == uvec4(0u); }

void main()
{
    uint wg = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (wg >= push.range.y) return; // the whole workgroup: the 2D grid's tail
    uint lane = gl_LocalInvocationID.x;
    uint copy = wg / push.range.w;
    uint mi = push.range.x + wg;
    uvec4 info = meshlets[mi].info, counts = meshlets[mi].sublets;
    uint total = 0u;
    for (uint q = 0u; q < LC_MESHLET_SUBLETS; q++) total += lc_sublet_counts(counts, q) >> 8u;
    uint runtime = info.z;
    uint src = push.copies.z + (runtime - (push.copies.x + copy * push.copies.y));
    uint jbase = push.joints.x + copy * push.joints.y;
    bool cached = push.joints.y <= LC_SKIN_SHARED_JOINTS;

    // This lane's vertex: its bind vertex and weights are loaded before the barrier, so their
    // latency overlaps the joint matrices' (one round trip each, not a loop of them).
    uint s = lane / LC_MESHLET_SUBLET_SIZE, i = lane % LC_MESHLET_SUBLET_SIZE;
    uint before = 0u;
    for (uint q = 0u; q < s; q++) before += lc_sublet_counts(counts, q) >> 8u;
    bool live = i < (lc_sublet_counts(counts, s) >> 8u);
    uint v = before + i;
    float x[LC_VERTEX_FLOATS];
    uvec4 j = uvec4(0u);
    vec4 w = vec4(0.0);
    if (live) {
        uint g = (src + v) * LC_VERTEX_FLOATS;
        for (uint k = 0u; k < LC_VERTEX_FLOATS; k++) x[k] = source[g + k];
        j = weights[(src + v) * 2u];
        w = uintBitsToFloat(weights[(src + v) * 2u + 1u]);
    }
    if (cached)
        for (uint q = lane; q < push.joints.y * 3u; q += LC_SKIN_LANES) joint_rows[q] = buffer_row(jbase + q / 3u, q % 3u);
    uint floats = total * LC_VERTEX_FLOATS;
    if (lane < (LC_MESHLET_SUBLETS + 1u) * 6u) box[lane] = (lane % 6u) < 3u ? 0xffffffffu : 0u;
    if (lane < LC_MESHLET_SUBLETS + 1u) reach[lane] = 0u;
    barrier();

    vec3 wp = vec3(0.0);
    bvec3 more = bvec3(subgroupBallot(live && w.y != 0.0) != uvec4(0u), subgroupBallot(live && w.z != 0.0) != uvec4(0u),
                       subgroupBallot(live && w.w != 0.0) != uvec4(0u));
    if (live) {
        vec4 r0 = blend_row(jbase, j, w, 0u, cached, more), r1 = blend_row(jbase, j, w, 1u, cached, more),
             r2 = blend_row(jbase, j, w, 2u, cached, more);
        vec3 p = vec3(x[0], x[1], x[2]);
        vec3 n = vec3(x[3], x[4], x[5]);
        vec3 t = vec3(x[8], x[9], x[10]);
        wp = vec3(dot(r0, vec4(p, 1.0)), dot(r1, vec4(p, 1.0)), dot(r2, vec4(p, 1.0)));
        vec3 wn = vec3(dot(r0.xyz, n), dot(r1.xyz, n), dot(r2.xyz, n));
        vec3 wt = vec3(dot(r0.xyz, t), dot(r1.xyz, t), dot(r2.xyz, t));
        float nl = length(wn);
        wn = nl > 1e-30 ? wn / nl : n;
        wt = wt - wn * dot(wn, wt);
        float tl = length(wt);
        wt = tl > 1e-20 ? wt / tl : t;
        x[0] = wp.x, x[1] = wp.y, x[2] = wp.z;
        x[3] = wn.x, x[4] = wn.y, x[5] = wn.z;
        x[8] = wt.x, x[9] = wt.y, x[10] = wt.z;
        // Staged so that the workgroup writes the meshlet's vertices as whole lines (below).
        uint f = v * LC_VERTEX_FLOATS;
        for (uint k = 0u; k < LC_VERTEX_FLOATS; k++) stage[f + k] = x[k];
    }

    // The boxes: lanes past their sublet's vertices take the neutral values.
    vec3 lo = live ? wp : vec3(3.4e38), hi = live ? wp : vec3(-3.4e38);
    bool one = one_sublet(s);
    if (one) lo = subgroupMin(lo), hi = subgroupMax(hi);
    if (live && (!one || subgroupElect())) {
        for (uint c = 0u; c < 3u; c++) {
            atomicMin(box[s * 6u + c], key(lo[c]));
            atomicMax(box[s * 6u + 3u + c], key(hi[c]));
            atomicMin(box[LC_MESHLET_SUBLETS * 6u + c], key(lo[c]));
            atomicMax(box[LC_MESHLET_SUBLETS * 6u + 3u + c], key(hi[c]));
        }
    }
    barrier();

    for (uint f = lane; f < floats; f += LC_SKIN_LANES) vertex_data[runtime * LC_VERTEX_FLOATS + f] = stage[f];
    vec3 es = wp - centre(s), em = wp - centre(LC_MESHLET_SUBLETS);
    float ds = live ? dot(es, es) : 0.0, dm = live ? dot(em, em) : 0.0;
    if (one) ds = subgroupMax(ds), dm = subgroupMax(dm);
    if (live && (!one || subgroupElect())) {
        atomicMax(reach[s], floatBitsToUint(ds));
        atomicMax(reach[LC_MESHLET_SUBLETS], floatBitsToUint(dm));
    }
    barrier();

    if (lane < LC_MESHLET_SUBLETS && push.range.z != 0u && lc_sublet_counts(counts, lane) != 0u) {
        uint b = mi * LC_MESHLET_SUBLETS + lane;
        sublets[b].sphere = vec4(centre(lane), sqrt(uintBitsToFloat(reach[lane])) * (1.0 + 1e-5) + 1e-6);
        sublets[b].cone_apex.w = 1.0;
    }
    if (lane == LC_MESHLET_SUBLETS) {
        meshlets[mi].sphere = total == 0u ? vec4(0.0)
                                          : vec4(centre(LC_MESHLET_SUBLETS),
                                                 sqrt(uintBitsToFloat(reach[LC_MESHLET_SUBLETS])) * (1.0 + 1e-5) + 1e-6);
        meshlets[mi].cone_apex.w = 1.0;
    }
}
