#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / lists (cull_lists_kernel.glsl) with tile depth bounds from the D32 depth image.
#include "lights/cull_lists_kernel.glsl"
