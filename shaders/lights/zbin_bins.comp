#version 460
#extension GL_GOOGLE_include_directive : require
// light cull / zbin, per bin (few lights; zbin.comp serves many): a workgroup takes
// LC_ZBIN_GROUP_BINS bins; each bin has LC_ZBIN_SLICES threads, and each of them scans its
// slice of every chunk of lights staged in shared memory, keeping the first and last index
// touching the bin; the slices merge with shared atomics and one thread per bin stores the
// pair. Every bin is written, so there is no clear and no atomic in memory; the per-light
// kernel's dependent atomics made it latency-bound with few lights, and one thread per bin
// (64 workgroups at 4096 bins) left most of the GPU idle. The encoding is the same:
// (first, ~last), and (~0u, ~0u) for an empty bin.
#define LC_CULL_WRITER
#include "common.glsl"
#include "zbin.glsl"

#define GROUP (LC_ZBIN_GROUP_BINS * LC_ZBIN_SLICES)
layout(local_size_x = GROUP) in;

shared ivec2 s_ranges[GROUP];
shared uint s_first[LC_ZBIN_GROUP_BINS], s_last[LC_ZBIN_GROUP_BINS];

void main()
{
    uint lid = gl_LocalInvocationIndex;
    uint slot = lid % LC_ZBIN_GROUP_BINS, slice = lid / LC_ZBIN_GROUP_BINS;
    int bin = int(gl_WorkGroupID.x * LC_ZBIN_GROUP_BINS + slot);
    if (lid < LC_ZBIN_GROUP_BINS) {
        s_first[lid] = 0xffffffffu;
        s_last[lid] = 0xffffffffu; // the last index is stored inverted: ~0u means none
    }
    barrier();
    uint count = frame.light_info.x;
    uint first = 0xffffffffu, last = 0xffffffffu;
    const uint per_slice = GROUP / LC_ZBIN_SLICES;
    for (uint c = 0u; c < count; c += GROUP) {
        uint i = c + lid;
        s_ranges[lid] = i < count ? lc_light_zbins(i) : ivec2(1, 0);
        barrier();
        for (uint k = slice * per_slice; k < (slice + 1u) * per_slice; k++) {
            ivec2 r = s_ranges[k];
            if (bin >= r.x && bin <= r.y) {
                first = min(first, c + k);
                last = min(last, ~(c + k));
            }
        }
        barrier();
    }
    atomicMin(s_first[slot], first);
    atomicMin(s_last[slot], last);
    barrier();
    if (slice == 0u && uint(bin) < frame.zbin_info.x) zbins[bin] = uvec2(s_first[slot], s_last[slot]);
}
