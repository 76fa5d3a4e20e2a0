#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// light cull / tile depth (tile_depth_kernel.glsl) from the D32 depth image.
#include "lights/tile_depth_kernel.glsl"
