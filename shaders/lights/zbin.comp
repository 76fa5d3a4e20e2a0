#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// light cull / zbin, per light (many lights; zbin_bins.comp serves few): for each thin linear
// depth slice, the first and last index of the depth-sorted lights whose depth range touches
// it. Bins are cleared to ~0u; both ends use
// atomicMin (the last index is stored inverted). Neighbouring lanes hold neighbouring
// lights: when their ranges overlap, the subgroup walks the union of its bin ranges with one
// atomic pair per bin rather than one per lane; when they are spread out, each lane walks
// its own.
#define LC_CULL_WRITER
#include "common.glsl"
#include "zbin.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    ivec2 r = i < frame.light_info.x ? lc_light_zbins(i) : ivec2(1, 0); // (1, 0): none
    int first = r.x, last = r.y;
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
