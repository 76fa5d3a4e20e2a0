#version 460
#extension GL_GOOGLE_include_directive : require
// The "bandwidth amplifier" at load: one workgroup per sublet expands the compressed meshlet
// payload into plain vertex (lc_vertex) and 32-bit index buffers. One lane per vertex and
// per triangle; no subgroup operations, so any subgroup size works (lavapipe's is 8).
// meshlet_decode_u32.comp is the same shader without 64-bit integers.

#extension GL_ARB_gpu_shader_int64 : require
#define LC_MESHLET_INT64 1
#include "geometry/meshlet_decode_main.glsl"
