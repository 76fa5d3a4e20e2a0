#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_nonuniform_qualifier : require
// visibility shade with bindless textures (descriptor indexing) that tonemaps as it shades
// (--tonemap fused; shade_visibility.glsl with LC_VIS_BINDLESS and LC_VIS_TONEMAP).
#define LC_VIS_BINDLESS
#define LC_VIS_TONEMAP
#include "shade_visibility.glsl"
