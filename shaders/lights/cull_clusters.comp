#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / clusters: 3D clustered bitmask. One workgroup per cluster (screen tile x
// exponential depth slice); independent of the depth buffer. After every cluster's bucket
// words, the buffer holds each cluster's bucket mask (one bit per non-empty bucket), so
// shading skips empty buckets without loading them, as for tiles.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"

layout(local_size_x = 64) in;

shared uint s_mask[(LC_LIGHTS_MAX_GLSL / 32u + 31u) / 32u];

vec3 g_bmin, g_bmax;
uint g_base;

bool hit(uint i) { return lc_light_hits_box(lights[i], g_bmin, g_bmax); }
void store(uint b, uint word)
{
    cluster_bits[g_base + b] = word;
    if (word != 0u) atomicOr(s_mask[b / 32u], 1u << (b % 32u));
}

void main()
{
    uvec3 c = gl_WorkGroupID;
    uint buckets = frame.light_info.y, mask_words = lc_mask_words();
    uint cluster = (c.z * frame.zbin_info.z + c.y) * frame.zbin_info.y + c.x;
    g_base = cluster * buckets;
    for (uint m = gl_LocalInvocationIndex; m < mask_words; m += 64u) s_mask[m] = 0u;
    barrier();
    float ts = frame.zbin_params.w;
    vec2 pmin = vec2(c.xy) * ts;
    vec2 pmax = min(pmin + ts, vec2(frame.screen.xy));
    float near_z = frame.screen_inv.z, scale = frame.zbin_params.z;
    float eps = float(LC_LIGHT_CULL_DEPTH_EPS);
    float d0 = near_z * exp(float(c.z) / scale) * (1.0 - eps);
    float d1 = near_z * exp(float(c.z + 1u) / scale) * (1.0 + eps);
    if (c.z + 1u == frame.zbin_info.w) d1 = max(d1, frame.screen_inv.w); // last slice reaches the far plane
    lc_rect_box(pmin, pmax, d0, d1, g_bmin, g_bmax);
    LC_BIN_BUCKETS(frame.light_info.x, buckets, hit, store)
    barrier();
    uint mask_base = lc_cluster_mask_base() + cluster * mask_words;
    for (uint m = gl_LocalInvocationIndex; m < mask_words; m += 64u) cluster_bits[mask_base + m] = s_mask[m];
}
