#version 460
#extension GL_GOOGLE_include_directive : require
// light cull / bin lights: light-parallel binning (Granite's clusterer binning). The work
// list from light setup holds each light's shares of the cells under its footprint rectangle
// (one per LC_BIN_SHARE_CELLS cells); a workgroup takes an item at a time, a cell a thread,
// so the work follows what the lights cover, not cells x buckets, and no workgroup waits on
// an empty share (H100 4K, 4096 lights, 32-pixel tiles: bin pass 0.026 -> 0.015 ms on the
// hall, 0.027 -> 0.022 on Sponza; 65,536 lights 0.286 -> 0.051, against a fixed 8 shares a
// light). Each cell passing
// the tests of bin_lights.glsl (rectangle, then ellipse) gets the light's bit with an atomicOr
// into its bucket word and the bucket's bit with another into the cell's mask word, so the
// masks stay exactly "bucket word != 0". Neither result is read: the atomics are reductions
// the thread need not wait for (reading the first to set the mask only on an empty word made
// each hit wait a round trip: H100 4K bin pass 0.050 -> 0.047 ms hall, clusters 0.112 -> 0.090).
// Atomics make the bits independent of the order; the bits and masks were zeroed before (light
// cull / prepare).
// Variants (TARGET):
//   0 tile bits for zbin: screen footprint only, the Z-bins carry the depth work;
//   1 tile bits with depth bounds: a covered tile only, whose depth range (and 2.5D mask)
//     meets the light's, then the light's sphere and cone against the tile's box, as the
//     tile-parallel cull tests it (the box is built only for hits that pass the cheaper tests);
//   2 cluster bits: each footprint cell's slices within the light's view depth range.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "bin_lights.glsl"

layout(local_size_x = 64) in;
layout(constant_id = 0) const uint TARGET = 0u;

layout(std430, set = 0, binding = LC_BIND_FOOTPRINTS) readonly buffer FootprintBlock { lc_gpu_footprint footprints[]; };
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) readonly buffer TileDepthBlock { lc_gpu_tile_depth tile_depth[]; };

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

// Bins light i's share `share` of `shares` of its footprint's cells (a cell a thread).
void bin_share(uint i, uint share, uint shares)
{
    bool clusters = TARGET == 2u;
    uvec2 cells;
    float cell_px;
    lc_bin_grid(clusters, cells, cell_px);
    lc_gpu_footprint f = footprints[i];
    ivec2 c0, c1;
    if (!lc_footprint_cells(f.rect, cells, cell_px, c0, c1)) return;
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

    uint buckets = frame.light_info.y, mask_words = lc_mask_words(), b = i / 32u;
    uint stride = shares * gl_WorkGroupSize.x;
    for (uint k = share * gl_WorkGroupSize.x + gl_LocalInvocationIndex; k < n; k += stride) {
        uvec2 cell = uvec2(c0) + uvec2(k % nx, k / nx);
        uint index = cell.y * cells.x + cell.x;
        vec2 d = vec2(0.0);
        if (TARGET == 1u) {
            lc_gpu_tile_depth td = tile_depth[index];
            d = vec2(td.depth_min, td.depth_max);
            // Uncovered tiles stay empty; then a light wholly before or behind the tile's
            // pixels cannot light one, nor (2.5D) one between none of whose pixels it reaches.
            if (!(d.x <= d.y) || z.y < d.x || z.x > d.y || !lc_light_meets_slices(z, d, td.slices)) continue;
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
                uint cluster = s * cells.x * cells.y + index;
                set_bit(cluster * buckets + b, base + cluster * mask_words + b / 32u, i, true);
            }
        } else {
            set_bit(index * buckets + b, index * mask_words + b / 32u, i, false);
        }
    }
}

void main()
{
    // This frame's items; the first thread of all zeroes the next light-binning frame's count
    // (no one reads it this frame).
    uint count = bin_push.frame.x == 0u ? bin_work.count.x : bin_work.count.y;
    if (gl_WorkGroupID.x == 0u && gl_LocalInvocationIndex == 0u) {
        if (bin_push.frame.x == 0u) bin_work.count.y = 0u;
        else bin_work.count.x = 0u;
    }
    // Workgroups take items in turn; an item's threads all run it (it is uniform).
    for (uint e = gl_WorkGroupID.x; e < count; e += gl_NumWorkGroups.x) {
        uvec2 item = bin_items[e];
        bin_share(item.x, item.y & 0xffffu, item.y >> 16);
    }
}
