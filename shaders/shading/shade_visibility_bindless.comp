#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_nonuniform_qualifier : require
// visibility shade with bindless textures (descriptor indexing), writing HDR colour for the
// tonemap pass (shade_visibility.glsl with LC_VIS_BINDLESS).
#define LC_VIS_BINDLESS
#include "shade_visibility.glsl"
