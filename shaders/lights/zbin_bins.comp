#version 460
#extension GL_GOOGLE_include_directive : require
// light cull / zbin, per bin (few lights; zbin.comp serves many): one invocation per Z-bin
// and segment of LC_ZBIN_SEGMENT lights (workgroup y) scans the segment's bin ranges, 64
// lights at a time through shared memory, and keeps the first and last index touching its
// bin; a bin any segment touches takes them with one atomicMin pair into the cleared bins.
// Segments spread the scan over the GPU (one workgroup per 64 bins would leave most of it
// idle); the per-light kernel's dependent atomics made it latency-bound with few lights.
// The encoding is the same: (first, ~last), and (~0u, ~0u) for an empty bin.
#define LC_CULL_WRITER
#include "common.glsl"
#include "zbin.glsl"

layout(local_size_x = 64) in;

shared ivec2 s_bins[64];

void main()
{
    int bin = int(gl_GlobalInvocationID.x);
    uint begin = gl_WorkGroupID.y * LC_ZBIN_SEGMENT;
    uint count = min(frame.light_info.x, begin + LC_ZBIN_SEGMENT);
    uint first = 0xffffffffu, last = 0xffffffffu; // last is stored inverted: ~0u means none
    for (uint c = begin; c < count; c += 64u) {
        uint i = c + gl_LocalInvocationIndex;
        s_bins[gl_LocalInvocationIndex] = i < count ? lc_light_zbins(i) : ivec2(1, 0);
        barrier();
        uint n = min(64u, count - c);
        for (uint k = 0u; k < n; k++) {
            ivec2 r = s_bins[k];
            if (bin >= r.x && bin <= r.y) {
                first = min(first, c + k);
                last = ~(c + k);
            }
        }
        barrier();
    }
    if (uint(bin) < frame.zbin_info.x && first != 0xffffffffu) {
        atomicMin(zbins[bin].x, first);
        atomicMin(zbins[bin].y, last);
    }
}
