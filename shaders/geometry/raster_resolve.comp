#version 460
#extension GL_GOOGLE_include_directive : require
// raster resolve (--raster compute): the compute raster's 64-bit visibility buffer (raster.comp)
// into the frame's id image (a storage image write, which the shade reads) and the depth as
// floats in the buffer's depth words: the frame's depth. The HiZ and the light cull's tile
// depth read the words (hiz_raster.comp, tile_depth_raster.comp, cull_lists_raster.comp), as
// does a host read of the depth; only a frame with a transparent pass copies them into the D32
// depth image for its hardware depth test (`raster depth`, a transfer: no fragment work, the
// graphics units being the few and slow part of the GPU this path is for).
#include "common.glsl"

layout(local_size_x = 16, local_size_y = 8) in;
// The buffer's words as pairs: x the id, y the depth key (~float bits); 0: nothing drawn.
layout(std430, set = 0, binding = LC_BIND_RASTER) readonly buffer RasterBlock { uvec2 raster[]; };
layout(std430, set = 0, binding = LC_BIND_RASTER) writeonly buffer RasterDepthBlock { float raster_depth[]; };
layout(set = 0, binding = LC_BIND_VISIBILITY_STORAGE, r32ui) uniform writeonly uimage2D ids;

void main()
{
    uvec2 px = gl_GlobalInvocationID.xy;
    if (any(greaterThanEqual(px, frame.screen.xy))) return;
    uint pixels = frame.screen.x * frame.screen.y, at = px.y * frame.screen.x + px.x;
    uvec2 v = raster[at];
    imageStore(ids, ivec2(px), uvec4(v.y == 0u ? LC_VIS_BACKGROUND : v.x));
    raster_depth[LC_RASTER_DEPTH_WORD * pixels + at] = v.y == 0u ? 1.0 : uintBitsToFloat(~v.y);
}
