#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / tiles: one workgroup per screen tile. Depth bounds from the pre-pass, then
// one bit per light (flat bit array, 32 lights per bucket). Also feeds the zbin mode.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "tile_depth.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

vec3 g_bmin, g_bmax;
uint g_base;

bool hit(uint i) { return lc_light_hits_box(lights[i], g_bmin, g_bmax); }
void store(uint b, uint word) { tile_bits[g_base + b] = word; }

void main()
{
    uvec2 tile = gl_WorkGroupID.xy;
    uint buckets = frame.light_info.y;
    g_base = (tile.y * frame.screen.z + tile.x) * buckets;
    float dmin, dmax;
    if (!lc_tile_depth_bounds(tile, dmin, dmax)) {
        for (uint b = gl_LocalInvocationIndex; b < buckets; b += 64u) tile_bits[g_base + b] = 0u;
        return;
    }
    float ts = float(frame.light_info.z);
    vec2 pmin = vec2(tile) * ts;
    vec2 pmax = min(pmin + ts, vec2(frame.screen.xy));
    lc_rect_box(pmin, pmax, dmin, dmax, g_bmin, g_bmax);
    LC_BIN_BUCKETS(frame.light_info.x, buckets, hit, store)
}
