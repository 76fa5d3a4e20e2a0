#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// light cull / tile depth: per screen tile, the view-depth range of the pixels the pre-pass
// covered, widened for rounding. Feeds the coarse and fine tile culls.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "tile_depth.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) writeonly buffer TileDepthBlock { vec2 tile_depth[]; };

void main()
{
    uvec2 tile = gl_WorkGroupID.xy;
    float dmin, dmax;
    bool covered = lc_tile_depth_bounds(tile, dmin, dmax);
    if (gl_LocalInvocationIndex == 0u)
        tile_depth[tile.y * frame.screen.z + tile.x] = covered ? vec2(dmin, dmax) : vec2(1.0, 0.0);
}
