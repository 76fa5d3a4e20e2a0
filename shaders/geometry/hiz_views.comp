#version 460
#extension GL_GOOGLE_include_directive : require
// The shadow views' HiZ (src/passes/shadow_cull.c `shadow hiz`): hiz.glsl given the atlas
// tiles of the views rendered this frame, a workgroup each.
#define LC_HIZ_SHADOW_VIEWS_OF_ATLAS
#include "geometry/hiz.glsl"
