// light cull / tile depth: per screen tile, the view-depth range of the pixels the pre-pass
// covered, widened for rounding, and with 2.5D culling on its slice mask. Feeds the coarse and
// fine tile culls and light binning's depth-bounded tile bits.
#ifndef LC_TILE_DEPTH_KERNEL_GLSL
#define LC_TILE_DEPTH_KERNEL_GLSL
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "tile_depth.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) writeonly buffer TileDepthBlock { lc_gpu_tile_depth tile_depth[]; };

void main()
{
    uvec2 tile = gl_WorkGroupID.xy;
    float dmin, dmax;
    uint slices;
    bool covered = lc_tile_depth_bounds(tile, dmin, dmax, slices);
    if (gl_LocalInvocationIndex == 0u)
        tile_depth[tile.y * frame.screen.z + tile.x] = covered ? lc_gpu_tile_depth(dmin, dmax, slices, 0u) : lc_gpu_tile_depth(1.0, 0.0, 0u, 0u);
}

#endif
