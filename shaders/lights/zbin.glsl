// The Z-bins a light touches, shared by the two Z-bin kernels so that they agree bit for bit:
// its view-depth range (widened by the culling epsilon and bias) mapped to linear bins,
// clamped to [0, count - 1]; (1, 0) when it touches none.
#ifndef LC_ZBIN_GLSL
#define LC_ZBIN_GLSL

ivec2 lc_light_zbins(uint i)
{
    vec4 sd = lights[i].spot_depth;
    float eps = float(LC_LIGHT_CULL_DEPTH_EPS), bias = float(LC_LIGHT_CULL_RADIUS_BIAS);
    float zmin = sd.z - eps * abs(sd.z) - bias;
    float zmax = sd.w + eps * abs(sd.w) + bias;
    float n = float(frame.zbin_info.x);
    float b0 = floor((zmin - frame.zbin_params.x) * frame.zbin_params.y);
    float b1 = floor((zmax - frame.zbin_params.x) * frame.zbin_params.y);
    if (b1 >= 0.0 && b0 < n) return ivec2(int(max(b0, 0.0)), int(min(b1, n - 1.0)));
    return ivec2(1, 0);
}

#endif
