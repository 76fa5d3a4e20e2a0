#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// light cull / zbin: for each thin linear depth slice, the first and last index of the
// depth-sorted lights whose depth range touches it. Bins are cleared to ~0u; both ends use
// atomicMin (the last index is stored inverted). Neighbouring lanes hold neighbouring
// lights: when their ranges overlap, the subgroup walks the union of its bin ranges with one
// atomic pair per bin rather than one per lane; when they are spread out, each lane walks
// its own.
#define LC_CULL_WRITER
#include "common.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    int first = 1, last = 0; // empty
    if (i < frame.light_info.x) {
        vec4 sd = lights[i].spot_depth;
        float eps = float(LC_CULL_DEPTH_EPS), bias = float(LC_CULL_RADIUS_BIAS);
        float zmin = sd.z - eps * abs(sd.z) - bias;
        float zmax = sd.w + eps * abs(sd.w) + bias;
        float n = float(frame.zbin_info.x);
        float b0 = floor((zmin - frame.zbin_params.x) * frame.zbin_params.y);
        float b1 = floor((zmax - frame.zbin_params.x) * frame.zbin_params.y);
        if (b1 >= 0.0 && b0 < n) {
            first = int(max(b0, 0.0));
            last = int(min(b1, n - 1.0));
        }
    }
    bool valid = first <= last;
    int lo = subgroupMin(valid ? first : 0x7fffffff);
    int hi = subgroupMax(valid ? last : -1);
    int widest = subgroupMax(valid ? last - first + 1 : 0);
    if (hi - lo + 1 <= 2 * widest) {
        // Lanes' ranges overlap (sorted, dense lights): one atomic pair per bin and subgroup.
        for (int b = lo; b <= hi; b++) {
            bool in_bin = valid && b >= first && b <= last;
            uint lo_i = subgroupMin(in_bin ? i : 0xffffffffu);
            uint hi_i = subgroupMax(in_bin ? i : 0u);
            if (subgroupElect() && lo_i != 0xffffffffu) {
                atomicMin(zbins[b].x, lo_i);
                atomicMin(zbins[b].y, ~hi_i);
            }
        }
    } else {
        // Sparse lights spread over depth: each lane walks only its own bins.
        for (int b = first; b <= last; b++) {
            atomicMin(zbins[b].x, i);
            atomicMin(zbins[b].y, ~i);
        }
    }
}
