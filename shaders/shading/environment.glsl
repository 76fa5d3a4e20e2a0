// The sun and the environment as the shading reads them (src/lights/environment.h): functions
// of plain values, so any surface model can call them. Needs common.glsl (the frame's
// exposure) first.
//   lc_environment_light: the radiance the environment reflects towards v, before occlusion:
//     Lambert (diffuse / pi) over the SH9 irradiance, plus the split sum's specular: the
//     GGX-prefiltered map at r = reflect(-v, n), times Karis's analytic fit of the
//     pre-integrated BRDF for mobile ("Physically Based Shading on Mobile", 2014: no LUT).
//   lc_sun: the direction towards the sun and its illuminance (lux; zero when off).
#ifndef LC_ENVIRONMENT_GLSL
#define LC_ENVIRONMENT_GLSL

#include "lights/environment_map.glsl"

// The environment's record, then the environment probes' (shaders/shading/probes.glsl); the
// specular maps of both in one array: layer 0 the sky, layer 1 + i probe i.
layout(std430, set = 0, binding = LC_BIND_ENV_DATA) readonly buffer EnvironmentBlock
{
    lc_gpu_environment environment;
    lc_gpu_probe probes[];
};
layout(set = 0, binding = LC_BIND_ENV_SPECULAR) uniform sampler2DArray environment_specular;

bool lc_environment_on() { return environment.params.z != 0.0; }

// The irradiance the environment gives a surface of unit normal n (its own scale).
vec3 lc_environment_irradiance(vec3 n)
{
    float y[9];
    lc_sh9_basis(n, y);
    vec3 e = vec3(0.0);
    for (int i = 0; i < 9; i++) e += environment.sh[i].rgb * y[i];
    return max(e, vec3(0.0));
}

// Karis's fit of the split sum's scale and bias to f0.
vec3 lc_environment_brdf(vec3 f0, float roughness, float ndv)
{
    const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
    const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
    vec4 r = roughness * c0 + c1;
    float a004 = min(r.x * r.x, exp2(-9.28 * ndv)) * r.x + r.y;
    vec2 ab = vec2(-1.04, 1.04) * a004 + r.zw;
    return f0 * ab.x + ab.y;
}

vec3 lc_environment_light(vec3 n, vec3 v, vec3 diffuse, vec3 f0, float roughness)
{
    if (!lc_environment_on()) return vec3(0.0);
    // Relative radiance times a scale that follows the exposure (lc_gpu_environment.params).
    float scale = environment.params.x / frame.exposure.x;
    float ndv = clamp(dot(n, v), 1e-4, 1.0);
    vec3 r = reflect(-v, n);
    float lod = clamp(roughness, 0.0, 1.0) * (environment.params.y - 1.0);
    vec3 prefiltered = textureLod(environment_specular, vec3(lc_env_uv(r), 0.0), lod).rgb;
    return scale * (diffuse * (lc_environment_irradiance(n) / LC_PI) + prefiltered * lc_environment_brdf(f0, roughness, ndv));
}

void lc_sun(out vec3 l, out vec3 illuminance)
{
    l = environment.sun_dir.xyz;
    illuminance = environment.sun_dir.w != 0.0 ? environment.sun_illuminance.rgb : vec3(0.0);
}

#endif
