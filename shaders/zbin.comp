#version 460
#extension GL_GOOGLE_include_directive : require
// light cull / zbin: for each thin linear depth slice, the first and last index of the
// depth-sorted lights whose depth range touches it. Bins are cleared to ~0u; both ends use
// atomicMin (the last index is stored inverted).
#define LC_CULL_WRITER
#include "common.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= frame.light_info.x) return;
    vec4 sd = lights[i].spot_depth;
    float eps = float(LC_CULL_DEPTH_EPS), bias = float(LC_CULL_RADIUS_BIAS);
    float zmin = sd.z - eps * abs(sd.z) - bias;
    float zmax = sd.w + eps * abs(sd.w) + bias;
    float n = float(frame.zbin_info.x);
    float b0 = floor((zmin - frame.zbin_params.x) * frame.zbin_params.y);
    float b1 = floor((zmax - frame.zbin_params.x) * frame.zbin_params.y);
    if (b1 < 0.0 || b0 >= n) return;
    uint first = uint(max(b0, 0.0)), last = uint(min(b1, n - 1.0));
    for (uint b = first; b <= last; b++) {
        atomicMin(zbins[b].x, i);
        atomicMin(zbins[b].y, ~i);
    }
}
