#version 460
#extension GL_GOOGLE_include_directive : require
// One level of the environment's GGX-prefiltered specular map (src/lights/environment.c, once
// at start): level m holds roughness m / (mips - 1), as Karis's split sum takes it (n = v = r).
// GGX importance sampling reads the source at the mip whose texel matches each sample's solid
// angle (filtered importance sampling, GPU Gems 3 ch. 20), so few samples do not alias.
#include "shared/lc_shared.h"
#include "lights/environment_map.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = LC_ENV_BIND_SOURCE) uniform sampler2D source;
layout(set = 0, binding = LC_ENV_BIND_TARGET, rgba16f) uniform writeonly image2D target;
layout(push_constant) uniform Push { uvec4 level; } push; // x: level, y: levels, z, w: source size

const uint SAMPLES = 128u;

vec2 hammersley(uint i)
{
    return vec2(float(i) / float(SAMPLES), float(bitfieldReverse(i)) * 2.3283064365386963e-10);
}

void main()
{
    ivec2 size = imageSize(target);
    ivec2 xy = ivec2(gl_GlobalInvocationID.xy);
    if (xy.x >= size.x || xy.y >= size.y) return;
    vec3 n = lc_env_dir((vec2(xy) + 0.5) / vec2(size));
    float roughness = float(push.level.x) / float(max(push.level.y - 1u, 1u));
    // The source's texel solid angle (at its equator, the largest).
    float texel_solid = 4.0 * LC_PI / float(push.level.z * push.level.w);
    if (push.level.x == 0u) {
        // A mirror: the source at about this texel's footprint.
        float lod = max(0.5 * log2(float(push.level.z) / float(size.x) * float(push.level.w) / float(size.y)), 0.0);
        imageStore(target, xy, vec4(textureLod(source, lc_env_uv(n), lod).rgb, 1.0));
        return;
    }
    float a = roughness * roughness, a2 = a * a;
    vec3 up = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 tx = normalize(cross(up, n)), ty = cross(n, tx);
    vec3 sum = vec3(0.0);
    float weight = 0.0;
    for (uint i = 0u; i < SAMPLES; i++) {
        vec2 xi = hammersley(i);
        float phi = 2.0 * LC_PI * xi.x;
        float cos_h = sqrt((1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y));
        float sin_h = sqrt(1.0 - cos_h * cos_h);
        vec3 h = tx * (sin_h * cos(phi)) + ty * (sin_h * sin(phi)) + n * cos_h;
        vec3 l = 2.0 * dot(n, h) * h - n;
        float ndl = dot(n, l);
        if (ndl <= 0.0) continue;
        // pdf of l with n = v: D(h) / 4
        float d = cos_h * cos_h * (a2 - 1.0) + 1.0;
        float pdf = a2 / (LC_PI * d * d) / 4.0;
        float lod = max(0.5 * log2(1.0 / (float(SAMPLES) * pdf * texel_solid)) + 1.0, 0.0);
        sum += textureLod(source, lc_env_uv(l), lod).rgb * ndl;
        weight += ndl;
    }
    imageStore(target, xy, vec4(sum / max(weight, 1e-6), 1.0));
}
