// Environment probes as the shading reads them (src/lights/probes.h, docs/PROBES.md): each a
// box with full weight inside and a fade of extents.w outside it, its capture prefiltered as
// the sky is (a layer of environment_specular, SH9 irradiance), its reflections parallax-
// corrected against its box. The probes that reach a point are blended in their array's
// order, which is the blending order (smaller volume first, as ezEngine does): each adds
// min(its weight, what is left of 1), until the weights reach 1; the sky (or the faint
// ambient) takes what is left. The order is the array's, whatever visits the probes, so every
// culling mode blends alike: the probes are the entity array's middle range, walked by the
// entity loop (light_loop.glsl) before the lights. Needs environment.glsl first.
#ifndef LC_PROBES_GLSL
#define LC_PROBES_GLSL

uint lc_probe_count() { return uint(environment.params.w); }

// A probe's weight at p: 1 inside its box, smoothly to 0 at extents.w outside it (the largest
// of the three axis distances, so the weight is continuous everywhere).
float lc_probe_weight(lc_gpu_probe pr, vec3 p)
{
    vec3 d = abs(p - pr.position.xyz) - pr.extents.xyz;
    float t = clamp(1.0 - max(max(d.x, d.y), d.z) / max(pr.extents.w, 1e-6), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// The direction to look up in the probe's map for a ray from p along r: towards where the ray
// leaves the probe's box, seen from the capture point (box projection). Outside the box (in
// its fade), where the ray has left it already, from the capture point towards p: the limit
// of the inside's, so the lookup has no seam at the box's faces.
vec3 lc_probe_parallax(lc_gpu_probe pr, vec3 p, vec3 r)
{
    vec3 rs = vec3(abs(r.x) > 1e-6 ? r.x : 1e-6, abs(r.y) > 1e-6 ? r.y : 1e-6, abs(r.z) > 1e-6 ? r.z : 1e-6);
    vec3 t1 = (pr.position.xyz + pr.extents.xyz - p) / rs, t2 = (pr.position.xyz - pr.extents.xyz - p) / rs;
    vec3 tf = max(t1, t2);
    float t = min(min(tf.x, tf.y), tf.z);
    return p + r * max(t, 0.0) - pr.position.xyz;
}

// The blend so far: radiance reflected along r and irradiance at n (each times its weight),
// the weight taken (<= 1), and the probe that weighs most (for --view probes; ~0u: none).
struct lc_probe_blend {
    vec3 specular, irradiance;
    float weight;
    uint top;
    float top_weight;
};

lc_probe_blend lc_probe_blend_begin()
{
    lc_probe_blend b;
    b.specular = vec3(0.0);
    b.irradiance = vec3(0.0);
    b.weight = 0.0;
    b.top = ~0u;
    b.top_weight = 0.0;
    return b;
}

// Adds probe i (the next in blending order) at p; false once the weights have reached 1
// (the later probes would add nothing).
bool lc_probe_blend_add(inout lc_probe_blend b, uint i, vec3 p, vec3 n, vec3 r, float lod)
{
    lc_gpu_probe pr = probes[i];
    float w = min(lc_probe_weight(pr, p), 1.0 - b.weight);
    if (w > 0.0) {
        vec3 d = normalize(lc_probe_parallax(pr, p, r));
        b.specular += w * textureLod(environment_specular, vec3(lc_env_uv(d), pr.position.w), lod).rgb;
        float y[9];
        lc_sh9_basis(n, y);
        vec3 e = vec3(0.0);
        for (int k = 0; k < 9; k++) e += pr.sh[k].rgb * y[k];
        b.irradiance += w * max(e, vec3(0.0));
        b.weight += w;
        if (w > b.top_weight) {
            b.top = i;
            b.top_weight = w;
        }
    }
    return b.weight < 1.0;
}

// --view probes: a colour per probe (golden-ratio hues), grey for the sky.
vec3 lc_probe_tint(uint i)
{
    if (i == ~0u) return vec3(0.5);
    float h = fract(float(i) * 0.618034 + 0.1);
    return clamp(abs(fract(h + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0) * 0.8 + 0.2;
}

// The pixel's blend, as the entity loop's probe walk left it (light_loop.glsl, lc_light_loop:
// every culling mode walks the frame's probe range in its order; a probe a mode leaves out
// weighs nothing at the pixel, so the sum is brute force's).
lc_probe_blend lc_probes_walked;

// The light from around the surface (before occlusion): the probes' blend (lc_probes_walked,
// after the entity loop), and for what weight
// is left the sky (environment.glsl) or, without one, the faint ambient (k: its exposure
// factor). top: the probe that weighs most (~0u: none).
vec3 lc_ambient_light(lc_surface s, float k, out uint top)
{
    vec3 sky = lc_environment_on() ? lc_environment_light(s.normal, s.view_dir, s.diffuse, s.f0, s.roughness)
                                   : (s.diffuse + s.f0) * (0.02 * k);
    top = ~0u;
    if (lc_probe_count() == 0u) return sky;
    lc_probe_blend b = lc_probes_walked;
    top = b.top;
    if (b.weight <= 0.0) return sky;
    float ndv = clamp(dot(s.normal, s.view_dir), 1e-4, 1.0);
    vec3 local = s.diffuse * (b.irradiance / LC_PI) + b.specular * lc_environment_brdf(s.f0, s.roughness, ndv);
    return local + (1.0 - b.weight) * sky;
}

#endif
