#version 460
#extension GL_GOOGLE_include_directive : require
// The camera's HiZ under the compute raster (src/passes/raster.c `hiz`): hiz.glsl given phase
// 1's 64-bit visibility buffer, decoded as the resolve decodes it, so neither a resolve nor a
// copy into the depth image precedes it (and its pipeline declares no depth image).
#define LC_HIZ_OF_VISIBILITY_BUFFER
#include "geometry/hiz.glsl"
