#version 460
#extension GL_GOOGLE_include_directive : require
// tonemap (compute): one invocation per pixel in LC_TONEMAP_GROUP-square blocks, written
// through the output's UNORM storage view with the sRGB curve applied here (no format
// qualifier: the view is RGBA8 or BGRA8 UNORM, shaderStorageImageWriteWithoutFormat).
#include "tonemap.glsl"

layout(local_size_x = LC_TONEMAP_GROUP, local_size_y = LC_TONEMAP_GROUP) in;

layout(set = 0, binding = LC_BIND_OUTPUT) uniform writeonly image2D out_image;

void main()
{
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    if (px.x >= int(frame.screen.x) || px.y >= int(frame.screen.y)) return;
    imageStore(out_image, px, vec4(lc_srgb_encode(lc_tonemap(px)), 1.0));
}
