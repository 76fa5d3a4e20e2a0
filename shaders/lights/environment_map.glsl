// The environment's equirectangular mapping (+Y up, u = 0.5 looking along -Z, v = 0 at the
// zenith) and the SH9 basis: shared by the prefilter (environment_*.comp) and the shading
// (shaders/shading/environment.glsl); src/lights/environment.c maps texels the same way.
#ifndef LC_ENVIRONMENT_MAP_GLSL
#define LC_ENVIRONMENT_MAP_GLSL

const float LC_PI = 3.14159265358979;

vec2 lc_env_uv(vec3 d)
{
    return vec2(atan(d.x, -d.z) / (2.0 * LC_PI) + 0.5, acos(clamp(d.y, -1.0, 1.0)) / LC_PI);
}

vec3 lc_env_dir(vec2 uv)
{
    float phi = (uv.x - 0.5) * 2.0 * LC_PI, theta = uv.y * LC_PI;
    return vec3(sin(theta) * sin(phi), cos(theta), -sin(theta) * cos(phi));
}

// The real SH basis up to band 2 at unit direction d.
void lc_sh9_basis(vec3 d, out float y[9])
{
    y[0] = 0.282095;
    y[1] = 0.488603 * d.y;
    y[2] = 0.488603 * d.z;
    y[3] = 0.488603 * d.x;
    y[4] = 1.092548 * d.x * d.y;
    y[5] = 1.092548 * d.y * d.z;
    y[6] = 0.315392 * (3.0 * d.z * d.z - 1.0);
    y[7] = 1.092548 * d.x * d.z;
    y[8] = 0.546274 * (d.x * d.x - d.y * d.y);
}

#endif
