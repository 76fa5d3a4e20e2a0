#version 460
#extension GL_GOOGLE_include_directive : require
// meshlet_decode.comp for devices without shaderInt64: two 32-bit shifts per read.

#include "geometry/meshlet_decode_main.glsl"
