#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / lists under the compute raster (src/passes/light_cull.c): cull_lists_kernel.glsl
// with tile depth bounds from the depth words the resolve wrote into the raster buffer.
#define LC_TILE_DEPTH_RASTER_WORDS
#include "lights/cull_lists_kernel.glsl"
