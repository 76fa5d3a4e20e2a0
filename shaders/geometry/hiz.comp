#version 460
#extension GL_GOOGLE_include_directive : require
// The camera's HiZ (src/passes/geometry_passes.c `hiz`): hiz.glsl given the camera's depth.
#include "geometry/hiz.glsl"
