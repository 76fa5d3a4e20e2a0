#version 460
#extension GL_GOOGLE_include_directive : require
// The environment's diffuse irradiance as SH9 (src/lights/environment.c, once at start): one
// workgroup projects every texel of the source's level 0 (radiance times its solid angle),
// then convolves with the cosine lobe (Ramamoorthi and Hanrahan's A_l), so the shading reads
// E(n) = sum sh[i] Y_i(n).
#include "shared/lc_shared.h"
#include "lights/environment_map.glsl"

layout(local_size_x = LC_ENV_SH_GROUP) in;

layout(set = 0, binding = LC_ENV_BIND_SOURCE) uniform sampler2D source;
layout(std430, set = 0, binding = LC_ENV_BIND_DATA) buffer EnvironmentBlock { lc_gpu_environment environment; };

shared vec3 partial[9][LC_ENV_SH_GROUP];

void main()
{
    uint t = gl_LocalInvocationIndex;
    ivec2 size = textureSize(source, 0);
    vec3 sum[9];
    for (int i = 0; i < 9; i++) sum[i] = vec3(0.0);
    for (uint p = t; p < uint(size.x * size.y); p += LC_ENV_SH_GROUP) {
        ivec2 xy = ivec2(int(p) % size.x, int(p) / size.x);
        vec2 uv = (vec2(xy) + 0.5) / vec2(size);
        vec3 d = lc_env_dir(uv);
        float solid = (2.0 * LC_PI / float(size.x)) * (LC_PI / float(size.y)) * sin(uv.y * LC_PI);
        vec3 radiance = texelFetch(source, xy, 0).rgb * solid;
        float y[9];
        lc_sh9_basis(d, y);
        for (int i = 0; i < 9; i++) sum[i] += radiance * y[i];
    }
    for (int i = 0; i < 9; i++) partial[i][t] = sum[i];
    barrier();
    for (uint s = LC_ENV_SH_GROUP / 2u; s > 0u; s >>= 1) {
        if (t < s)
            for (int i = 0; i < 9; i++) partial[i][t] += partial[i][t + s];
        barrier();
    }
    if (t < 9u) {
        float a = t == 0u ? LC_PI : t < 4u ? 2.0 * LC_PI / 3.0 : LC_PI / 4.0;
        environment.sh[t] = vec4(partial[t][0] * a, 0.0);
    }
}
