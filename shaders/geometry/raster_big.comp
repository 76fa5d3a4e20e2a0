#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// compute raster, big-triangle pass (one workgroup per tile), textures selected by the waterfall (raster.glsl).
#define LC_RASTER_BIG
#include "raster.glsl"
