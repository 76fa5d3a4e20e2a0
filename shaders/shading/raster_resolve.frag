#version 460
#extension GL_GOOGLE_include_directive : require
// raster resolve (--raster compute): the compute raster's 64-bit visibility buffer
// (raster.comp) into the frame's id image and depth image, so the visibility shade, the tile
// depth bounds, the HiZ and the transparent pass read them as the hardware raster leaves them.
// A full-screen triangle, depth test ALWAYS: every pixel writes both.
#include "common.glsl"

// The buffer's words as pairs: x the id, y the depth key (~float bits); 0: nothing drawn.
layout(std430, set = 0, binding = LC_BIND_RASTER) readonly buffer RasterBlock { uvec2 raster[]; };
layout(location = 0) out uint out_id;

void main()
{
    uvec2 px = uvec2(gl_FragCoord.xy);
    uvec2 v = raster[px.y * frame.screen.x + px.x];
    out_id = v.y == 0u ? LC_VIS_BACKGROUND : v.x;
    gl_FragDepth = v.y == 0u ? 1.0 : uintBitsToFloat(~v.y);
}
