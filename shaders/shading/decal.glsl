// A decal's colour and coverage at a world position (lc_gpu_decal, src/lights/decals.c): the
// box's projection along its local -Y, its colour times a built-in pattern's alpha, faded over
// the last LC_DECAL_FADE of the box at each end along Y. Exactly 0 outside the box, so a decal
// the culling kept but that misses the pixel changes nothing and every mode composites the
// same decals in the same order. Includes common.glsl first.
#ifndef LC_DECAL_GLSL
#define LC_DECAL_GLSL

// The built-in procedural textures' alpha at box coordinates uv in [0, 1]^2 (docs/DECALS.md):
// 0 a disc, 1 a ring, 2 a checker of 4 x 4 squares, 3 diagonal stripes; edges hard, so that
// the patterns stay the same at any distance.
float lc_decal_pattern(uint pattern, vec2 uv)
{
    vec2 c = uv * 2.0 - 1.0;
    float r = length(c);
    if (pattern == 0u) return r <= 0.9 ? 1.0 : 0.0;
    if (pattern == 1u) return (r <= 0.9 && r >= 0.55) ? 1.0 : 0.0;
    if (pattern == 2u) {
        uvec2 q = uvec2(clamp(uv * 4.0, vec2(0.0), vec2(3.0)));
        return ((q.x + q.y) & 1u) == 0u ? 1.0 : 0.0;
    }
    return fract((uv.x + uv.y) * 3.0) < 0.5 ? 1.0 : 0.0;
}

// Decal i's coverage (alpha) at world position p, and its colour; 0 outside its box.
float lc_decal_at(uint i, vec3 p, out vec3 rgb)
{
    lc_gpu_decal d = decals[i];
    vec4 q = vec4(p, 1.0);
    vec3 b = vec3(dot(d.to_box[0], q), dot(d.to_box[1], q), dot(d.to_box[2], q));
    rgb = d.color.rgb;
    // Written so that NaN (helper lanes) lies outside.
    if (!(abs(b.x) <= 1.0 && abs(b.y) <= 1.0 && abs(b.z) <= 1.0)) return 0.0;
    float a = d.color.a * clamp((1.0 - abs(b.y)) * (1.0 / float(LC_DECAL_FADE)), 0.0, 1.0);
    if (d.info.x != LC_DECAL_PATTERN_NONE) a *= lc_decal_pattern(d.info.x, b.xz * 0.5 + 0.5);
    return a;
}

#endif
