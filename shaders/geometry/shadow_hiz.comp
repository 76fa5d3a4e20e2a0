#version 460
#extension GL_GOOGLE_include_directive : require
// The shadow views' HiZ (src/passes/shadow_cull.c `shadow hiz`): a workgroup per view rendered
// this frame reduces the view's atlas tile, as phase 1 of the views' cull left it, to a
// max-depth pyramid (depth 0 near, LESS test) in the shadow cull buffer, which phase 2 of the
// cull (shadow_cull.comp) tests against. Level 0 holds the max of each 2 x 2 texels of the
// tile, each further level the max of 2 x 2 of the one before, down to one texel; the levels'
// places: lc_geometry.h LC_SHADOW_HIZ_*.
#include "common.glsl"
#include "shared/lc_geometry.h"

layout(local_size_x = 256) in;

#include "shading/shadow_block.glsl"
layout(std430, set = 0, binding = LC_BIND_SHADOW_CULL) coherent buffer ShadowCullBlock { uint cull[]; };
layout(set = 0, binding = LC_BIND_SHADOW_ATLAS) uniform sampler2D atlas;
layout(push_constant) uniform PushBlock { lc_shadow_cull_push push; };

void main()
{
    uint view = gl_WorkGroupID.x;
    uvec4 sv = shadow_views[view];
    if (sv.w != 0u) return; // a fresh view (every cascade): phase 2 does not test it (shadow_cull.comp)
    vec4 rect = shadows[sv.x].rect[sv.y];
    ivec2 origin = ivec2(rect.xy);
    uint n = uint(rect.z) >> 1u; // level 0's side
    uint base = push.view.w + view * LC_SHADOW_HIZ_WORDS;
    for (uint i = gl_LocalInvocationIndex; i < n * n; i += 256u) {
        ivec2 p = origin + 2 * ivec2(i % n, i / n);
        float z = max(max(texelFetch(atlas, p, 0).x, texelFetch(atlas, p + ivec2(1, 0), 0).x),
                      max(texelFetch(atlas, p + ivec2(0, 1), 0).x, texelFetch(atlas, p + ivec2(1, 1), 0).x));
        cull[base + i] = floatBitsToUint(z);
    }
    // Level L starts where it does for the largest tile (smaller tiles leave gaps).
    for (uint l = 1u, size = n; size > 1u; l++, size >>= 1u) {
        memoryBarrierBuffer();
        barrier();
        uint level = base + (LC_SHADOW_HIZ_WORDS - (LC_SHADOW_HIZ_WORDS >> (2u * (l - 1u))));
        uint next = base + (LC_SHADOW_HIZ_WORDS - (LC_SHADOW_HIZ_WORDS >> (2u * l))), half_size = size >> 1u;
        for (uint i = gl_LocalInvocationIndex; i < half_size * half_size; i += 256u) {
            uint x = 2u * (i % half_size), y = 2u * (i / half_size), at = level + y * size + x;
            float z = max(max(uintBitsToFloat(cull[at]), uintBitsToFloat(cull[at + 1u])),
                          max(uintBitsToFloat(cull[at + size]), uintBitsToFloat(cull[at + size + 1u])));
            cull[next + i] = floatBitsToUint(z);
        }
    }
}
