#version 460
#extension GL_GOOGLE_include_directive : require
// light cull / bin lights: light-parallel binning (Granite's clusterer binning). A workgroup
// takes one light and one of LC_BIN_SHARES shares of the cells under its footprint
// rectangle (from light setup), one cell a thread, so the work follows what the lights cover,
// not cells x buckets; shares past the footprint's cells return at once. Each cell passing
// the tests of bin_lights.glsl (rectangle, then ellipse) gets the light's bit with an atomicOr
// into its bucket word and the bucket's bit with another into the cell's mask word, so the
// masks stay exactly "bucket word != 0". Neither result is read: the atomics are reductions
// the thread need not wait for (reading the first to set the mask only on an empty word made
// each hit wait a round trip: H100 4K bin pass 0.050 -> 0.047 ms hall, clusters 0.112 -> 0.090).
// Atomics make the bits independent of the order; the bits and masks were zeroed before (light
// cull / prepare).
// Variants (TARGET):
//   0 tile bits for zbin: screen footprint only, the Z-bins carry the depth work;
//   1 tile bits with depth bounds: a covered tile only, whose depth range meets the light's,
//     then the light's sphere and cone against the tile's box, as the tile-parallel cull
//     tests it (the box is built only for hits that pass the cheaper tests);
//   2 cluster bits: each footprint cell's slices within the light's view depth range.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "bin_lights.glsl"

layout(local_size_x = 64) in;
layout(constant_id = 0) const uint TARGET = 0u;

layout(std430, set = 0, binding = LC_BIND_FOOTPRINTS) readonly buffer FootprintBlock { lc_gpu_footprint footprints[]; };
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) readonly buffer TileDepthBlock { vec2 tile_depth[]; };

// Sets light i's bit in its bucket's word `word` and the bucket's bit in mask word `mask_word`.
void set_bit(uint word, uint mask_word, uint i, bool clusters)
{
    uint b = i / 32u;
    if (clusters) {
        atomicOr(cluster_bits[word], 1u << (i % 32u));
        atomicOr(cluster_bits[mask_word], 1u << (b % 32u));
    } else {
        atomicOr(tile_bits[word], 1u << (i % 32u));
        atomicOr(tile_mask[mask_word], 1u << (b % 32u));
    }
}

void main()
{
    bool clusters = TARGET == 2u;
    // Lights run over x then y (x holds up to 4096 of them), shares over z.
    uint i = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (i >= frame.light_info.x) return;
    vec4 rect = footprints[i].rect;
    if (!(rect.x <= rect.z && rect.y <= rect.w)) return; // no footprint (also NaN)
    uint cells_x = clusters ? frame.zbin_info.y : frame.screen.z;
    uint cells_y = clusters ? frame.zbin_info.z : frame.screen.w;
    float cell_px = clusters ? frame.zbin_params.w : float(frame.light_info.z);

    // The cells the rectangle may meet, one cell wider each way for rounding; each is then
    // tested exactly as the block-parallel kernel tests it. The rectangle lies on the screen.
    ivec2 c0 = max(ivec2(floor(rect.xy / cell_px)) - 1, ivec2(0));
    ivec2 c1 = min(ivec2(floor(rect.zw / cell_px)) + 1, ivec2(cells_x, cells_y) - 1);
    if (any(greaterThan(c0, c1))) return;
    uint nx = uint(c1.x - c0.x) + 1u, n = nx * (uint(c1.y - c0.y) + 1u);

    // Clusters: the slices within the light's view depth range, first to last.
    vec2 z = lc_bin_light_depth(i);
    uint s0 = 0u, s1 = 0u;
    if (clusters) {
        s0 = frame.zbin_info.w;
        for (uint s = 0u; s < frame.zbin_info.w; s++) {
            if (!lc_bin_slice_meets(s, z)) continue;
            s0 = min(s0, s);
            s1 = s;
        }
        if (s0 > s1) return;
    }

    lc_gpu_footprint f = footprints[i];
    uint buckets = frame.light_info.y, mask_words = lc_mask_words(), b = i / 32u;
    uint stride = gl_NumWorkGroups.z * gl_WorkGroupSize.x;
    for (uint k = gl_WorkGroupID.z * gl_WorkGroupSize.x + gl_LocalInvocationIndex; k < n; k += stride) {
        uvec2 cell = uvec2(c0) + uvec2(k % nx, k / nx);
        uint index = cell.y * cells_x + cell.x;
        vec2 d = vec2(0.0);
        if (TARGET == 1u) {
            d = tile_depth[index];
            // Uncovered tiles stay empty; then a light wholly before or behind the tile's
            // pixels cannot light one.
            if (!(d.x <= d.y) || z.y < d.x || z.x > d.y) continue;
        }
        // Whole cells, also past the screen edge: a superset of the partial cell.
        vec2 pmin = vec2(cell) * cell_px, pmax = pmin + cell_px;
        if (!lc_footprint_meets_cell(f.rect, f.ellipse, f.axes, pmin, pmax)) continue;
        if (TARGET == 1u) {
            vec3 bmin, bmax;
            lc_rect_box(pmin, min(pmax, vec2(frame.screen.xy)), d.x, d.y, bmin, bmax);
            if (!lc_light_hits_box(lights[i], bmin, bmax)) continue;
        }
        if (clusters) {
            uint base = lc_cluster_mask_base();
            for (uint s = s0; s <= s1; s++) {
                if (!lc_bin_slice_meets(s, z)) continue;
                uint cluster = s * cells_x * cells_y + index;
                set_bit(cluster * buckets + b, base + cluster * mask_words + b / 32u, i, true);
            }
        } else {
            set_bit(index * buckets + b, index * mask_words + b / 32u, i, false);
        }
    }
}
