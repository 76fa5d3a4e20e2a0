// --view meshlets: a colour per meshlet of each object, lit by a head light so the shape stays
// readable. One function for the forward pass (shade.frag) and the visibility shade
// (shade_visibility.glsl), so both views agree pixel for pixel.
#ifndef LC_MESHLET_VIEW_GLSL
#define LC_MESHLET_VIEW_GLSL

vec3 lc_meshlet_view_colour(uint meshlet, uint object, vec3 normal, vec3 view_dir)
{
    uint key = meshlet * 2654435761u + object * 40503u; // meshlet and object
    uint h = key ^ (key >> 15u);
    vec3 c = vec3(float(h & 255u), float((h >> 8u) & 255u), float((h >> 16u) & 255u)) / 255.0 * 0.8 + 0.2;
    return c * (0.35 + 0.65 * max(dot(normal, view_dir), 0.0));
}

// --view triangles: a colour per triangle id (object, primitive within its mesh), bright
// enough that neighbours differ by far more than 1/255.
vec3 lc_triangle_view_colour(uint object, uint primitive)
{
    uint h = primitive * 2654435761u ^ (object + 0x9e3779b9u) * 2246822519u;
    h ^= h >> 16u;
    h *= 0x7feb352du;
    h ^= h >> 15u;
    return vec3(float(h & 255u), float((h >> 8u) & 255u), float((h >> 16u) & 255u)) / 255.0 * 0.85 + 0.15;
}

// --view overdraw: a pixel's atomics, 0 dark blue, then blue, green, yellow, red at 16 and past.
vec3 lc_overdraw_colour(uint n)
{
    if (n == 0u) return vec3(0.0, 0.0, 0.08);
    float t = clamp(float(n) / 16.0, 0.0, 1.0);
    return clamp(vec3(4.0 * t - 2.0, t < 0.5 ? 4.0 * t : 4.0 - 4.0 * t, 2.0 - 4.0 * t), 0.0, 1.0);
}

#endif
