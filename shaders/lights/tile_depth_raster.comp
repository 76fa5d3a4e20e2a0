#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// light cull / tile depth under the compute raster (src/passes/light_cull.c): tile_depth_kernel.glsl
// reading the depth words the resolve wrote into the raster buffer (no depth image copy).
#define LC_TILE_DEPTH_RASTER_WORDS
#include "lights/tile_depth_kernel.glsl"
