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

#endif
