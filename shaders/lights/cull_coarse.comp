#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / coarse: one workgroup per LC_COARSE x LC_COARSE block of screen tiles; tests
// every light against the block's box (the union of its tiles' depth ranges), so the fine
// pass only tests the few lights a block keeps.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"

layout(local_size_x = 64) in;
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) readonly buffer TileDepthBlock { lc_gpu_tile_depth tile_depth[]; };
layout(std430, set = 0, binding = LC_BIND_COARSE_BITS) writeonly buffer CoarseBlock { uint coarse_bits[]; };

shared uint s_dmin, s_dmax;
vec3 g_bmin, g_bmax;
uint g_base;

bool hit(uint i) { return lc_light_hits_box(lights[i], g_bmin, g_bmax); }
void store(uint b, uint word) { coarse_bits[g_base + b] = word; }

void main()
{
    uvec2 block = gl_WorkGroupID.xy;
    uint coarse_x = (frame.screen.z + LC_COARSE - 1u) / LC_COARSE;
    uint buckets = frame.light_info.y;
    g_base = (block.y * coarse_x + block.x) * buckets;
    uint tid = gl_LocalInvocationIndex;
    if (tid == 0u) {
        s_dmin = floatBitsToUint(1e30);
        s_dmax = 0u;
    }
    barrier();
    if (tid < LC_COARSE * LC_COARSE) {
        uvec2 t = block * LC_COARSE + uvec2(tid % LC_COARSE, tid / LC_COARSE);
        if (t.x < frame.screen.z && t.y < frame.screen.w) {
            lc_gpu_tile_depth td = tile_depth[t.y * frame.screen.z + t.x];
            vec2 d = vec2(td.depth_min, td.depth_max);
            if (d.x <= d.y) {
                atomicMin(s_dmin, floatBitsToUint(max(d.x, 0.0)));
                atomicMax(s_dmax, floatBitsToUint(d.y));
            }
        }
    }
    barrier();
    float dmin = uintBitsToFloat(s_dmin), dmax = uintBitsToFloat(s_dmax);
    if (dmin > dmax) {
        for (uint b = tid; b < buckets; b += 64u) coarse_bits[g_base + b] = 0u;
        return;
    }
    float ts = float(frame.light_info.z * LC_COARSE);
    vec2 pmin = vec2(block) * ts;
    vec2 pmax = min(pmin + ts, vec2(frame.screen.xy));
    lc_rect_box(pmin, pmax, dmin, dmax, g_bmin, g_bmax);
    LC_BIN_BUCKETS(frame.light_info.x, buckets, hit, store)
}
