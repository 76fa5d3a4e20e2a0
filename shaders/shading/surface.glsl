// A glTF metallic-roughness material's inputs at a pixel (its factors times its textures'
// samples, glTF's defaults where it has none) and the shading surface they make, shared by
// the forward pass (shade.frag) and the visibility shade (shade_visibility.glsl): each path
// samples the textures its own way and passes the samples here, so both shade alike. Also the
// tangent frame for normal maps and the material --view modes. Includes lighting.glsl first.
#ifndef LC_SURFACE_GLSL
#define LC_SURFACE_GLSL

// What a material gives at one pixel.
struct lc_material_inputs {
    vec3 base;       // linear base colour: texture times factor times vertex colour
    float alpha;
    float metallic;  // in [0, 1]
    float roughness; // perceptual, in [0, 1]
    float occlusion; // 1 + strength * (texture - 1)
    vec3 emissive;   // linear, texture times factor
};

// base: the base colour texture times the factor (the forward pass's factor is its push
// constant); vertex_color: the interpolated COLOR_0 (glTF: it multiplies both, alpha too);
// mr, occ, emis: the metallic-roughness, occlusion and emissive textures' samples (1 where the
// material has none).
lc_material_inputs lc_material_inputs_of(lc_gpu_material m, vec4 base, vec4 vertex_color, vec4 mr, float occ, vec3 emis)
{
    lc_material_inputs i;
    i.base = base.rgb * vertex_color.rgb;
    i.alpha = base.a * vertex_color.a;
    // glTF: roughness in the texture's green channel, metallic in its blue.
    i.metallic = clamp(m.factors.x * mr.b, 0.0, 1.0);
    i.roughness = clamp(m.factors.y * mr.g, 0.0, 1.0);
    i.occlusion = 1.0 + m.factors.w * (occ - 1.0);
    i.emissive = m.emissive.rgb * emis;
    return i;
}

// The normal map's normal: the tangent-space sample tex (linear, xyz * 2 - 1, x and y times
// scale) in the frame of the unit normal n and the tangent (Gram-Schmidt against n). n where the
// material has no map (scale 0) or the tangent is degenerate.
vec3 lc_normal_mapped(vec3 n, vec4 tangent, vec3 tex, float scale)
{
    if (scale == 0.0) return n;
    vec3 t = tangent.xyz - n * dot(n, tangent.xyz);
    float tl = dot(t, t);
    if (!(tl > 1e-30)) return n;
    t *= inversesqrt(tl);
    vec3 b = cross(n, t) * tangent.w;
    vec3 m = vec3((tex.xy * 2.0 - 1.0) * scale, tex.z * 2.0 - 1.0);
    vec3 p = mat3(t, b, n) * m;
    float pl = dot(p, p);
    return pl > 0.0 ? p * inversesqrt(pl) : n;
}

// The shading surface. normal: the unit shading normal (normal map applied), already on the
// viewer's side (lc_two_sided).
lc_surface lc_surface_of(lc_material_inputs i, vec3 position, vec3 normal, vec3 view_dir)
{
    lc_surface s;
    s.position = position;
    s.normal = normal;
    s.view_dir = view_dir;
    s.diffuse = i.base * (1.0 - i.metallic);
    s.f0 = mix(vec3(0.04), i.base, i.metallic);
    s.roughness = i.roughness;
    s.occlusion = i.occlusion;
    s.emissive = i.emissive;
    s.alpha = i.alpha;
    return s;
}

// The material views' linear colour (shown without the tone curve: tonemap.glsl), or false
// for every other view.
bool lc_material_view(uint view, lc_material_inputs i, vec3 normal, out vec3 colour)
{
    if (view == LC_VIEW_BASE_COLOR) colour = i.base;
    else if (view == LC_VIEW_NORMALS) colour = normal * 0.5 + 0.5;
    else if (view == LC_VIEW_ROUGHNESS_METALLIC) colour = vec3(i.roughness, i.metallic, 0.0);
    else return false;
    return true;
}

#endif
