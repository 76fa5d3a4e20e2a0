// Tile depth bounds from the pre-pass, reduced with subgroup ops then shared atomics, and with
// 2.5D culling on (frame.pass_info.y) the tile's slice mask (cull.glsl lc_depth_slice).
// Workgroup: 8x8 threads, each covering (tile/8)^2 pixels.
// The depth: the D32 image, or where the includer defines LC_TILE_DEPTH_RASTER_WORDS (the
// compute raster's kernels, *_raster.comp) the float words raster_resolve.comp wrote into the
// raster buffer, the same values; that variant declares no depth image, so its pipeline needs
// none copied (a pipeline's descriptors all count for barriers and validation).
#ifndef LC_TILE_DEPTH_GLSL
#define LC_TILE_DEPTH_GLSL

#ifdef LC_TILE_DEPTH_RASTER_WORDS
layout(std430, set = 0, binding = LC_BIND_RASTER) readonly buffer RasterDepthBlock { float raster_depth[]; };
float lc_tile_depth_at(uvec2 p)
{
    return raster_depth[LC_RASTER_DEPTH_WORD * frame.screen.x * frame.screen.y + p.y * frame.screen.x + p.x];
}
#else
layout(set = 0, binding = LC_BIND_DEPTH) uniform sampler2D depth_tex;
float lc_tile_depth_at(uvec2 p) { return texelFetch(depth_tex, ivec2(p), 0).r; }
#endif

shared uint s_depth_min, s_depth_max, s_slices;

// Returns false when the tile has no geometry. dmin/dmax: positive view depths, widened.
// slices: the 2.5D mask of the covered pixels within [dmin, dmax]; ~0u when 2.5D is off or
// the cull is the transparent one (a blended surface lies anywhere before the opaque one).
bool lc_tile_depth_bounds(uvec2 tile, out float dmin, out float dmax, out uint slices)
{
    if (gl_LocalInvocationIndex == 0u) {
        s_depth_min = 0x7f800000u; // +inf
        s_depth_max = 0u;
        s_slices = 0u;
    }
    barrier();
    uint ts = frame.light_info.z;
    uvec2 origin = tile * ts;
    float zmin = 1.0, zmax = 0.0;
    for (uint y = gl_LocalInvocationID.y; y < ts; y += 8u) {
        for (uint x = gl_LocalInvocationID.x; x < ts; x += 8u) {
            uvec2 p = origin + uvec2(x, y);
            if (p.x >= frame.screen.x || p.y >= frame.screen.y) continue;
            float z = lc_tile_depth_at(p);
            if (z < 1.0) {
                zmin = min(zmin, z);
                zmax = max(zmax, z);
            }
        }
    }
    zmin = subgroupMin(zmin);
    zmax = subgroupMax(zmax);
    if (subgroupElect()) {
        // Depth values are non-negative floats: their bit patterns order like the values.
        atomicMin(s_depth_min, floatBitsToUint(zmin));
        atomicMax(s_depth_max, floatBitsToUint(zmax));
    }
    barrier();
    float a = uintBitsToFloat(s_depth_min), b = uintBitsToFloat(s_depth_max);
    float eps = float(LC_LIGHT_CULL_DEPTH_EPS);
    slices = 0xffffffffu;
    if (frame.pass_info.x == LC_CULL_TRANSPARENT) {
        // A blended surface may lie anywhere between the eye and the opaque surface behind
        // it: from the near plane to the tile's opaque max depth, or the far plane.
        dmin = frame.screen_inv.z * (1.0 - eps);
        dmax = a >= 1.0 ? frame.screen_inv.w * (1.0 + eps) : lc_linear_depth(b) * (1.0 + eps);
        return true;
    }
    if (a >= 1.0) return false;
    dmin = lc_linear_depth(a) * (1.0 - eps);
    dmax = lc_linear_depth(b) * (1.0 + eps);
    if (frame.pass_info.y != 0u) {
        // Second look at the pixels (cached): each covered pixel's view depth sets its slice.
        vec2 d = vec2(dmin, dmax);
        uint bits = 0u;
        for (uint y = gl_LocalInvocationID.y; y < ts; y += 8u) {
            for (uint x = gl_LocalInvocationID.x; x < ts; x += 8u) {
                uvec2 p = origin + uvec2(x, y);
                if (p.x >= frame.screen.x || p.y >= frame.screen.y) continue;
                float z = lc_tile_depth_at(p);
                if (z < 1.0) bits |= 1u << lc_depth_slice(lc_linear_depth(z), d);
            }
        }
        bits = subgroupOr(bits);
        if (subgroupElect()) atomicOr(s_slices, bits);
        barrier();
        slices = s_slices;
    }
    return true;
}

#endif
