#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_nonuniform_qualifier : require
// compute raster with bindless textures (raster.glsl with LC_VIS_BINDLESS).
#define LC_VIS_BINDLESS
#include "raster.glsl"
