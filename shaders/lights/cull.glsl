// Geometry shared by the culling shaders: view-space boxes from screen rectangles and depth
// ranges, and the light-vs-box test. src/cull_ref.c mirrors these conventions.
#ifndef LC_CULL_GLSL
#define LC_CULL_GLSL

// View-space point at view depth 1 on the ray through a pixel-space position (pixel edges
// are integers, row 0 at the top).
vec3 lc_pixel_ray(vec2 pixel)
{
    vec2 ndc = pixel * frame.screen_inv.xy * 2.0 - 1.0;
    vec4 p = frame.inv_proj * vec4(ndc, 1.0, 1.0);
    vec3 v = p.xyz / p.w;
    return v / -v.z;
}

// Positive view depth of a depth-buffer value.
float lc_linear_depth(float z)
{
    vec4 p = frame.inv_proj * vec4(0.0, 0.0, z, 1.0);
    return -p.z / p.w;
}

// AABB of the frustum piece between view depths dmin and dmax under a pixel rectangle.
void lc_rect_box(vec2 pmin, vec2 pmax, float dmin, float dmax, out vec3 bmin, out vec3 bmax)
{
    vec3 r0 = lc_pixel_ray(pmin), r1 = lc_pixel_ray(vec2(pmax.x, pmin.y));
    vec3 r2 = lc_pixel_ray(vec2(pmin.x, pmax.y)), r3 = lc_pixel_ray(pmax);
    vec3 lo = min(min(r0, r1), min(r2, r3)), hi = max(max(r0, r1), max(r2, r3));
    bmin = min(lo * dmin, lo * dmax);
    bmax = max(hi * dmin, hi * dmax);
}

// Conservative: true when the light's volume may touch the box (view space).
bool lc_light_hits_box(lc_gpu_light l, vec3 bmin, vec3 bmax)
{
    vec3 c = (frame.view * vec4(l.position_radius.xyz, 1.0)).xyz;
    float r = lc_cull_radius(l.position_radius.w);
    vec3 d = max(max(bmin - c, c - bmax), vec3(0.0));
    if (dot(d, d) > r * r) return false;
    // A decal or an environment probe: its box's view-space AABB (half extents in
    // direction_cos.xyz, widened on the host: src/lights/decals.c, src/lights/probes.c)
    // against the tile's box, tighter than the bounding sphere.
    if (l.color_type.w == float(LC_ENTITY_DECAL) || l.color_type.w == float(LC_ENTITY_PROBE))
        return all(lessThanEqual(max(bmin - c, c - bmax), l.direction_cos.xyz));
    float cos_outer = l.direction_cos.w;
    if (l.color_type.w != float(LC_LIGHT_SPOT) || cos_outer <= 0.0) return true;
    // Narrow spot: cone against the box's bounding sphere (Granite's test), with the cone
    // widened slightly to stay conservative.
    vec3 axis = mat3(frame.view) * l.direction_cos.xyz;
    vec3 center = 0.5 * (bmin + bmax);
    float box_r = length(bmax - center) * float(LC_LIGHT_CULL_RADIUS_SCALE) + float(LC_LIGHT_CULL_RADIUS_BIAS);
    vec3 v = center - c;
    float v_len2 = dot(v, v);
    float v1 = dot(v, axis);
    float sin_outer = sqrt(max(1.0 - cos_outer * cos_outer, 0.0));
    float cos_w = cos_outer * 0.9995 - sin_outer * 0.0316; // cos(outer + ~1.8 deg)
    float sin_w = sqrt(max(1.0 - cos_w * cos_w, 0.0));
    if (cos_w <= 0.0) return true;
    float dist = cos_w * sqrt(max(v_len2 - v1 * v1, 0.0)) - v1 * sin_w;
    bool angle_cull = dist > box_r;
    bool back_cull = v1 < -box_r;
    return !(angle_cull || back_cull);
}

// 2.5D culling (Harada 2012; seed 001): a tile's depth range d (lc_gpu_tile_depth) cut into 32
// equal slices. The tile depth pass sets the slice of every covered pixel's view depth, a light
// spans the slices from its nearest depth's to its farthest's. The slice is a monotonic function
// of z (clamped, `precise`: the same operations in every shader), so a pixel within a light's
// depth range lies in a slice the light spans: the mask test drops no lit pixel.
uint lc_depth_slice(float z, vec2 d)
{
    precise float s = (z - d.x) * (32.0 / (d.y - d.x));
    return uint(clamp(s, 0.0, 31.0)); // truncation: floor for s >= 0
}

// The slices a light's view-depth range z (lc_light_depth_range) spans in the tile range d.
uint lc_light_slices(vec2 z, vec2 d)
{
    uint a = lc_depth_slice(z.x, d), b = lc_depth_slice(z.y, d);
    return (0xffffffffu >> (31u - (b - a))) << a;
}

// Light i's view depth range, widened as the Z-bins widen it (the slack between the pixel
// depths reconstructed from the depth buffer and the shaded positions).
vec2 lc_light_depth_range(vec4 spot_depth)
{
    vec2 z = spot_depth.zw;
    float eps = float(LC_LIGHT_CULL_DEPTH_EPS), bias = float(LC_LIGHT_CULL_RADIUS_BIAS);
    return vec2(z.x - eps * abs(z.x) - bias, z.y + eps * abs(z.y) + bias);
}

// Does the light with depth range z (lc_light_depth_range) meet a tile's 2.5D mask? ~0u: no
// mask (2.5D off, or the transparent cull), always.
bool lc_light_meets_slices(vec2 z, vec2 d, uint slices)
{
    return slices == 0xffffffffu || (slices & lc_light_slices(z, d)) != 0u;
}

// Lights binned per bucket with subgroup ballots: no atomics, each bucket written once.
// HIT(i) is the per-light test, STORE(b, word) writes bucket b.
#define LC_BIN_BUCKETS(COUNT, BUCKETS, HIT, STORE)                                        \
    {                                                                                     \
        uint S_ = gl_SubgroupSize;                                                        \
        if (S_ <= 32u) {                                                                  \
            for (uint b_ = gl_SubgroupID; b_ < (BUCKETS); b_ += gl_NumSubgroups) {        \
                uint word_ = 0u;                                                          \
                for (uint c_ = 0u; c_ < 32u; c_ += S_) {                                  \
                    uint i_ = b_ * 32u + c_ + gl_SubgroupInvocationID;                    \
                    bool hit_ = i_ < (COUNT) && HIT(i_);                                  \
                    word_ |= subgroupBallot(hit_).x << c_;                                \
                }                                                                         \
                if (subgroupElect()) STORE(b_, word_);                                    \
            }                                                                             \
        } else {                                                                          \
            uint per_ = S_ / 32u;                                                         \
            for (uint b_ = gl_SubgroupID * per_; b_ < (BUCKETS); b_ += gl_NumSubgroups * per_) { \
                uint i_ = b_ * 32u + gl_SubgroupInvocationID;                             \
                bool hit_ = i_ < (COUNT) && HIT(i_);                                      \
                uvec4 bal_ = subgroupBallot(hit_);                                        \
                uint k_ = gl_SubgroupInvocationID;                                        \
                if (k_ < per_ && b_ + k_ < (BUCKETS)) STORE(b_ + k_, bal_[k_]);           \
            }                                                                             \
        }                                                                                 \
    }

#endif
