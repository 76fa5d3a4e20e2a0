// The per-cell tests of light binning, shared by the light-parallel kernel (bin_lights.comp)
// and the block-parallel one (bin_lights_blocks.comp), so that both set the same bits.
// A cell is touched when the light's footprint rectangle meets the cell's pixel rectangle
// and, where the footprint has one, its ellipse meets it too (the whole rectangle, not pixel
// centres); clusters also need the cluster's slice within the light's view depth range.
#ifndef LC_BIN_LIGHTS_GLSL
#define LC_BIN_LIGHTS_GLSL

// Does the ellipse |T (p - centre)| <= 1 meet the rectangle [pmin, pmax]? In the ellipse's
// frame the ellipse is the unit disc and the rectangle a parallelogram: they meet when the
// origin is inside it or an edge passes within distance 1 of it.
float lc_seg_dist2(vec2 p, vec2 e)
{
    float t = clamp(-dot(p, e) / max(dot(e, e), 1e-30), 0.0, 1.0);
    vec2 q = p + t * e;
    return dot(q, q);
}
float lc_cross2(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }
bool lc_ellipse_meets_rect(vec4 ellipse, vec4 axes, vec2 pmin, vec2 pmax)
{
    mat2 t = mat2(axes.xy, axes.zw);
    vec2 q = t * (pmin - ellipse.xy);
    vec2 ex = t[0] * (pmax.x - pmin.x), ey = t[1] * (pmax.y - pmin.y);
    float det = lc_cross2(ex, ey);
    float s = lc_cross2(-q, ey) / det, u = lc_cross2(ex, -q) / det;
    if (s >= 0.0 && s <= 1.0 && u >= 0.0 && u <= 1.0) return true;
    const float lim = 1.002 * 1.002;
    return lc_seg_dist2(q, ex) <= lim || lc_seg_dist2(q, ey) <= lim || lc_seg_dist2(q + ex, ey) <= lim ||
           lc_seg_dist2(q + ey, ex) <= lim;
}

// Does the footprint (rect, ellipse, axes) meet the whole cell [pmin, pmax]? A rectangle
// inverted by its clip to the screen (a light just off its edge) meets nothing, also in the
// part of a partial cell past the edge.
bool lc_footprint_meets_cell(vec4 rect, vec4 ellipse, vec4 axes, vec2 pmin, vec2 pmax)
{
    bool hit = rect.x <= rect.z && rect.y <= rect.w && rect.x <= pmax.x && rect.z >= pmin.x && rect.y <= pmax.y && rect.w >= pmin.y;
    if (hit && ellipse.z != 0.0) hit = lc_ellipse_meets_rect(ellipse, axes, pmin, pmax);
    return hit;
}

// The work list (light setup appends, bin lights takes) and the push constants of both.
layout(std430, set = 0, binding = LC_BIND_BIN_WORK) buffer BinWorkBlock {
    lc_gpu_bin_work bin_work;
    uvec2 bin_items[];
};
layout(push_constant) uniform BinPushBlock { lc_bin_push bin_push; };

// The cells light binning fills: cluster tiles or screen tiles, and their size in pixels.
void lc_bin_grid(bool clusters, out uvec2 cells, out float cell_px)
{
    cells = clusters ? frame.zbin_info.yz : frame.screen.zw;
    cell_px = clusters ? frame.zbin_params.w : float(frame.light_info.z);
}

// The cells [c0, c1] the footprint rectangle may meet, one cell wider each way for rounding
// (each is then tested exactly); false when there are none. The rectangle lies on the screen.
bool lc_footprint_cells(vec4 rect, uvec2 cells, float cell_px, out ivec2 c0, out ivec2 c1)
{
    c0 = ivec2(0);
    c1 = ivec2(-1);
    if (!(rect.x <= rect.z && rect.y <= rect.w)) return false; // no footprint (also NaN)
    c0 = max(ivec2(floor(rect.xy / cell_px)) - 1, ivec2(0));
    c1 = min(ivec2(floor(rect.zw / cell_px)) + 1, ivec2(cells) - 1);
    return all(lessThanEqual(c0, c1));
}

// Light i's view depth range, widened as the Z-bins widen it.
vec2 lc_bin_light_depth(uint i)
{
    return lc_light_depth_range(lights[i].spot_depth);
}

// Does cluster slice `slice` meet the depth range z (lc_bin_light_depth)? The slice's range
// is widened as cull_clusters.comp widens it.
bool lc_bin_slice_meets(uint slice, vec2 z)
{
    float eps = float(LC_LIGHT_CULL_DEPTH_EPS);
    float near_z = frame.screen_inv.z, scale = frame.zbin_params.z;
    float d0 = slice == 0u ? 0.0 : near_z * exp(float(slice) / scale) * (1.0 - eps);
    float d1 = slice + 1u == frame.zbin_info.w ? 3.0e38 : near_z * exp(float(slice + 1u) / scale) * (1.0 + eps);
    return !(z.y < d0 || z.x > d1);
}

#endif
