#version 460
#extension GL_GOOGLE_include_directive : require
// The camera's HiZ under the compute raster (src/passes/raster.c `hiz`): hiz.glsl given the
// depth words the resolve wrote into the raster buffer, so no copy into the depth image
// precedes it (and its pipeline declares no depth image).
#define LC_HIZ_CAMERA_RASTER_WORDS
#include "geometry/hiz.glsl"
