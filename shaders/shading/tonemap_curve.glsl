// The tone curve and the sRGB encoding, shared by the tonemap passes (tonemap.glsl) and the
// visibility shade that tonemaps as it shades (shade_visibility_tonemap.comp).
#ifndef LC_TONEMAP_CURVE_GLSL
#define LC_TONEMAP_CURVE_GLSL

vec3 aces(vec3 x)
{
    // Narkowicz's fit of the ACES filmic curve.
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

// The sRGB transfer function (IEC 61966-2-1), as an sRGB attachment applies it: the exact
// piecewise curve, then rounded to the nearest of the 256 codes, so a UNORM8 store keeps
// exactly that code.
vec3 lc_srgb_encode(vec3 linear)
{
    vec3 c = clamp(linear, 0.0, 1.0);
    vec3 lo = c * 12.92;
    vec3 hi = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    vec3 s = mix(hi, lo, lessThanEqual(c, vec3(0.0031308)));
    return floor(s * 255.0 + 0.5) / 255.0;
}

// The shaded view's linear colour of an HDR colour: times the camera's exposure
// (lc_frame_ubo.exposure, src/lights/exposure.c), then the tone curve.
vec3 lc_tonemap_shaded(vec3 hdr) { return aces(hdr * frame.exposure.x); }

#endif
