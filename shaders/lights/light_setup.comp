#version 460
#extension GL_GOOGLE_include_directive : require
// light cull / light setup: one thread per visible light; its conservative screen footprint
// for light binning (Granite's compute conservative rasterisation). A bounding sphere's
// screen rectangle comes per axis from the disc it makes in the XZ and YZ planes: the
// tangent points (the centre rotated by the half-angle), clipped at the near plane, so the
// rectangle stays finite and tight when the sphere crosses it. When the sphere lies wholly in
// front of the eye its exact projection, an ellipse, is stored too. Spots narrower than 90
// degrees also get the bounding sphere of their cone (apex, base disc and cap), usually far
// smaller than the light's sphere; the footprint is the intersection of both rectangles.
#include "common.glsl"
#include "cull.glsl"
#include "bin_lights.glsl"

layout(local_size_x = 64) in;
layout(std430, set = 0, binding = LC_BIND_FOOTPRINTS) writeonly buffer FootprintBlock { lc_gpu_footprint footprints[]; };

const float NONE = 1e30;

// Range of u = x / -z over the disc (centre c = (x, z), radius r) cut to z <= -n: its extremes
// are the tangent points seen from the eye, when they lie beyond the near plane, and the
// ends of the chord the near plane cuts. False when nothing of the disc lies beyond it.
bool axis_range(vec2 c, float r, float n, out vec2 range)
{
    float lo = NONE, hi = -NONE;
    float l2 = dot(c, c);
    if (l2 > r * r) {
        float l = sqrt(l2);
        float s = r / l, co = sqrt(l2 - r * r) / l;
        for (int k = 0; k < 2; k++) {
            float sk = k == 0 ? s : -s;
            vec2 t = co * vec2(c.x * co - c.y * sk, c.x * sk + c.y * co); // c rotated by the half-angle
            if (t.y <= -n) {
                float u = t.x / -t.y;
                lo = min(lo, u);
                hi = max(hi, u);
            }
        }
    }
    float dz = -n - c.y;
    if (abs(dz) < r) {
        float w = sqrt(r * r - dz * dz);
        lo = min(lo, (c.x - w) / n);
        hi = max(hi, (c.x + w) / n);
    }
    // Rounding: widen a little (relative to the slope's size).
    range = vec2(lo - 1e-4 * (1.0 + abs(lo)), hi + 1e-4 * (1.0 + abs(hi)));
    return lo <= hi;
}

// Pixel position of the view ray (u, v, -1), as lc_pixel_ray inverts it.
vec2 uv_to_pixel(vec2 uv)
{
    vec4 clip = frame.proj * vec4(uv, -1.0, 1.0);
    return (clip.xy / clip.w * 0.5 + 0.5) * vec2(frame.screen.xy);
}

// Footprint of the sphere (view-space centre c, radius r).
void sphere_footprint(vec3 c, float r, out vec4 rect, out vec4 ellipse, out vec4 axes)
{
    rect = vec4(1e30, 1e30, -1e30, -1e30);
    ellipse = vec4(0.0);
    axes = vec4(0.0);
    // Fragments lie at or beyond the near plane; a hair nearer for rounding.
    float n = frame.screen_inv.z * 0.999;
    vec2 ux, uy;
    if (!axis_range(c.xz, r, n, ux) || !axis_range(c.yz, r, n, uy)) return;
    vec2 p0 = uv_to_pixel(vec2(ux.x, uy.x)), p1 = uv_to_pixel(vec2(ux.y, uy.y));
    rect = vec4(max(min(p0, p1), vec2(0.0)), min(max(p0, p1), vec2(frame.screen.xy)));
    // The ellipse: rotate about the view axis so the centre lies on +u; there the sphere's
    // cone meets the plane z = -1 in the ellipse of centre uc, semi-axes a (along u) and b.
    float d = -c.z, D = d * d - r * r;
    if (d <= r || D < 1e-3 * d * d) return; // touches the eye plane: the rectangle alone
    float rho = length(c.xy);
    vec2 e = rho > 1e-6 * d ? c.xy / rho : vec2(1.0, 0.0);
    float k = dot(c, c) - r * r;
    float uc = rho * d / D;
    float a = r * sqrt(k) / D * 1.002, b = r / sqrt(D) * 1.002; // widened for rounding
    // To pixels: the projection's linear part, then the viewport scale.
    mat2 lin = mat2(frame.proj[0].xy, frame.proj[1].xy);
    vec2 half_size = 0.5 * vec2(frame.screen.xy);
    vec2 a1 = half_size * (lin * (e * a)), a2 = half_size * (lin * (vec2(-e.y, e.x) * b));
    mat2 t = inverse(mat2(a1, a2));
    ellipse = vec4(uv_to_pixel(e * uc), 1.0, 0.0);
    axes = vec4(t[0], t[1]);
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= frame.light_info.x) return;
    lc_gpu_light l = lights[i];
    vec3 c = (frame.view * vec4(l.position_radius.xyz, 1.0)).xyz;
    float r = lc_cull_radius(l.position_radius.w);
    vec4 rect, ellipse, axes;
    sphere_footprint(c, r, rect, ellipse, axes);
    float cos_outer = l.direction_cos.w;
    if (l.color_type.w == float(LC_LIGHT_SPOT) && cos_outer > 0.0 && rect.x <= rect.z) {
        // The cone widened by ~1.8 degrees, as lc_light_hits_box widens it.
        float sin_outer = sqrt(max(1.0 - cos_outer * cos_outer, 0.0));
        float cos_w = cos_outer * 0.9995 - sin_outer * 0.0316;
        if (cos_w > 0.0) {
            float sin_w = sqrt(max(1.0 - cos_w * cos_w, 0.0));
            // Up to 45 degrees the sphere through the apex and the base circle; wider, the
            // sphere on the base circle (it holds the apex and the cap).
            float t = cos_w >= 0.70710678 ? r / (2.0 * cos_w) : r * cos_w;
            float rs = (cos_w >= 0.70710678 ? t : r * sin_w) * float(LC_LIGHT_CULL_RADIUS_SCALE) + float(LC_LIGHT_CULL_RADIUS_BIAS);
            vec3 axis = normalize(mat3(frame.view) * l.direction_cos.xyz);
            vec4 rect2, ellipse2, axes2;
            sphere_footprint(c + axis * t, rs, rect2, ellipse2, axes2);
            rect = vec4(max(rect.xy, rect2.xy), min(rect.zw, rect2.zw));
            if (ellipse2.z != 0.0) {
                ellipse = ellipse2;
                axes = axes2;
            }
        }
    }
    footprints[i] = lc_gpu_footprint(rect, ellipse, axes);

    // The light-parallel bin kernel's items: a share per LC_BIN_SHARE_CELLS cells the
    // rectangle may meet, so its workgroups follow the footprints (a fixed number of shares a
    // light left most workgroups empty with small footprints and too few with large ones).
    if (bin_push.frame.z == 0u) return; // the block-parallel kernel bins this frame
    uvec2 cells;
    float cell_px;
    lc_bin_grid(bin_push.frame.y != 0u, cells, cell_px);
    ivec2 c0, c1;
    if (!lc_footprint_cells(rect, cells, cell_px, c0, c1)) return;
    uint n = uint(c1.x - c0.x + 1) * uint(c1.y - c0.y + 1);
    // Within the list's items however many lights there are (lc_bin_items: the buffer holds
    // min(capacity x LC_BIN_SHARES_MAX, LC_BIN_ITEMS_MAX) of them).
    uint most = min(LC_BIN_SHARES_MAX, LC_BIN_ITEMS_MAX / frame.light_info.x);
    uint shares = min((n + LC_BIN_SHARE_CELLS - 1u) / LC_BIN_SHARE_CELLS, most);
    uint base = bin_push.frame.x == 0u ? atomicAdd(bin_work.count.x, shares) : atomicAdd(bin_work.count.y, shares);
    for (uint k = 0u; k < shares; k++) bin_items[base + k] = uvec2(i, k | shares << 16);
}
