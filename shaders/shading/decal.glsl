// A decal's colour and coverage at a world position (lc_gpu_decal, src/lights/decals.c): the
// box's projection along its local -Y, its colour times its texture (rgb, and alpha the blend
// weight) and a built-in pattern's alpha, faded over the last LC_DECAL_FADE of the box at each
// end along Y. Exactly 0 outside the box, so a decal
// the culling kept but that misses the pixel changes nothing and every mode composites the
// same decals in the same order. Includes common.glsl first.
#ifndef LC_DECAL_GLSL
#define LC_DECAL_GLSL

// The decals' base colour textures, a layer each (src/lights/decal_textures.c).
layout(set = 0, binding = LC_BIND_DECAL_TEXTURES) uniform sampler2DArray decal_textures;
// Their tangent-space normal maps, a layer each.
layout(set = 0, binding = LC_BIND_DECAL_NORMALS) uniform sampler2DArray decal_normals;

// Decal d's box coordinates at p, and its texture coordinates' derivatives from p's.
vec3 lc_decal_box(lc_gpu_decal d, vec3 p) { vec4 q = vec4(p, 1.0); return vec3(dot(d.to_box[0], q), dot(d.to_box[1], q), dot(d.to_box[2], q)); }
vec2 lc_decal_duv(lc_gpu_decal d, vec3 dp) { return 0.5 * vec2(dot(d.to_box[0].xyz, dp), dot(d.to_box[2].xyz, dp)); }

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

// Decal i's mask at world position p: 0 outside its box, else the fade towards its ends along Y
// times its pattern; its colour (rgb, opacity: the colour's alpha is mask * opacity) times its
// texture's, and its roughness and metallic (negative: it leaves the surface's own; where set
// they take the mask). dpdx, dpdy: p's screen derivatives (one pixel right, one down), which
// the box map turns into the texture coordinates' for the mip level. The texture's alpha
// weighs the decal's colour, not its mask: a decal covers (is counted, stops the walk under it
// where opaque) as its box and pattern say.
float lc_decal_at(uint i, vec3 p, vec3 dpdx, vec3 dpdy, out vec4 rgba, out vec2 rm, out float tex_alpha)
{
    lc_gpu_decal d = decals[i];
    vec3 b = lc_decal_box(d, p);
    rgba = d.color;
    tex_alpha = 1.0;
    rm = uintBitsToFloat(d.info.zw);
    // Written so that NaN (helper lanes) lies outside.
    if (!(abs(b.x) <= 1.0 && abs(b.y) <= 1.0 && abs(b.z) <= 1.0)) return 0.0;
    float m = clamp((1.0 - abs(b.y)) * (1.0 / float(LC_DECAL_FADE)), 0.0, 1.0);
    if (d.info.x != LC_DECAL_PATTERN_NONE) m *= lc_decal_pattern(d.info.x, b.xz * 0.5 + 0.5);
    // Only where the decal covers: the texture costs nothing where its bit is set but its box
    // misses the point.
    if (m > 0.0 && d.textures.x != LC_NO_TEXTURE) {
        // The box map is affine: uv's derivatives are the map's x and z rows applied to p's.
        vec4 t = textureGrad(decal_textures, vec3(b.xz * 0.5 + 0.5, float(d.textures.x)), lc_decal_duv(d, dpdx), lc_decal_duv(d, dpdy));
        rgba *= t;
        tex_alpha = t.a;
    }
    return m;
}

// Decal i's normal at p (where it covers) on a surface of normal n: its map's tangent-space
// normal in the box's frame turned onto the surface (tangent: the box's x axis made orthogonal
// to n; bitangent cross(n, tangent), the box's -z on a floor: the image's up, glTF's
// convention). w: the map's weight besides the mask (the "opacity"); 0 without a normal map.
vec4 lc_decal_normal(uint i, vec3 p, vec3 dpdx, vec3 dpdy, vec3 n)
{
    lc_gpu_decal d = decals[i];
    if (d.textures.y == LC_NO_TEXTURE) return vec4(n, 0.0);
    vec3 b = lc_decal_box(d, p);
    vec3 tn = textureGrad(decal_normals, vec3(b.xz * 0.5 + 0.5, float(d.textures.y)), lc_decal_duv(d, dpdx), lc_decal_duv(d, dpdy)).xyz * 2.0 - 1.0;
    vec3 t = d.to_box[0].xyz - n * dot(n, d.to_box[0].xyz);
    // A surface facing along the box's x axis: its z axis gives the frame instead.
    if (dot(t, t) < 1e-12 * dot(d.to_box[0].xyz, d.to_box[0].xyz)) t = cross(d.to_box[2].xyz, n);
    t = normalize(t);
    vec3 mapped = normalize(t * tn.x + cross(n, t) * tn.y + n * max(tn.z, 1e-3));
    return vec4(mapped, uintBitsToFloat(d.textures.z));
}

#endif
