#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
// light cull / bin lights (--bin-kernel blocks): block-parallel binning, kept beside the
// light-parallel bin_lights.comp for comparison (same per-cell tests, bin_lights.glsl). A
// workgroup takes a block of LC_BIN_BLOCK x LC_BIN_BLOCK cells (screen tiles, or cluster
// tiles of one depth slice) and up to 32 buckets of 32 lights, whatever the lights cover.
// Per bucket the 32 lights' footprints from light setup go to shared memory; each subgroup
// then forms a cell's bucket word with ballots (lanes = lights), so every word is written
// once, without atomics or a clear, and the cell's bucket-mask word (one bit per non-empty
// bucket of the 32) is written once at the end. Variants (TARGET), as bin_lights.comp's:
//   0 tile bits for zbin: screen footprint only, the Z-bins carry the depth work;
//   1 tile bits with depth bounds: also a block depth-range test, then the light's sphere and
//     cone against the tile's box and its depth range against the tile's 2.5D mask, as the
//     tile-parallel cull tests them;
//   2 cluster bits: the cluster's slice must lie within the light's view depth range.
#define LC_CULL_WRITER
#include "common.glsl"
#include "cull.glsl"
#include "bin_lights.glsl"

layout(local_size_x = 64) in;
layout(constant_id = 0) const uint TARGET = 0u;

layout(std430, set = 0, binding = LC_BIND_FOOTPRINTS) readonly buffer FootprintBlock { lc_gpu_footprint footprints[]; };
layout(std430, set = 0, binding = LC_BIND_TILE_DEPTH) readonly buffer TileDepthBlock { lc_gpu_tile_depth tile_depth[]; };

const uint CELLS = LC_BIN_BLOCK * LC_BIN_BLOCK;

shared vec4 s_rect[32], s_ellipse[32], s_axes[32];
shared uint s_mask[CELLS];
shared vec3 s_bmin[CELLS], s_bmax[CELLS]; // TARGET 1: the tiles' depth-bounded boxes
shared bool s_covered[CELLS];
shared vec2 s_range[CELLS];  // TARGET 1: the tiles' depth ranges
shared uint s_slices[CELLS]; // TARGET 1: the tiles' 2.5D masks
shared uint s_block_dmin, s_block_dmax; // TARGET 1: the block's depth range (float bits)
shared uint s_any[2];                   // per bucket (by parity): does any light meet the block?

void main()
{
    bool clusters = TARGET == 2u;
    uint cells_x = clusters ? frame.zbin_info.y : frame.screen.z;
    uint cells_y = clusters ? frame.zbin_info.z : frame.screen.w;
    float cell_px = clusters ? frame.zbin_params.w : float(frame.light_info.z);
    uint blocks_y = (cells_y + LC_BIN_BLOCK - 1u) / LC_BIN_BLOCK;
    uint slice = gl_WorkGroupID.y / blocks_y;
    uvec2 block = uvec2(gl_WorkGroupID.x, gl_WorkGroupID.y % blocks_y);
    uint group = gl_WorkGroupID.z; // buckets 32 * group ...
    uint count = frame.light_info.x, buckets = frame.light_info.y, mask_words = lc_mask_words();
    uint tid = gl_LocalInvocationIndex;

    s_mask[tid] = 0u;
    if (tid < 2u) s_any[tid] = 0u;
    if (tid == 0u) {
        s_block_dmin = floatBitsToUint(3.0e38);
        s_block_dmax = 0u;
    }
    barrier();
    if (TARGET == 1u) {
        uvec2 cell = block * LC_BIN_BLOCK + uvec2(tid % LC_BIN_BLOCK, tid / LC_BIN_BLOCK);
        bool covered = false;
        if (cell.x < cells_x && cell.y < cells_y) {
            lc_gpu_tile_depth td = tile_depth[cell.y * cells_x + cell.x];
            vec2 d = vec2(td.depth_min, td.depth_max);
            covered = d.x <= d.y;
            s_range[tid] = d;
            s_slices[tid] = td.slices;
            vec2 pmin = vec2(cell) * cell_px;
            vec3 bmin = vec3(0.0), bmax = vec3(0.0);
            if (covered) lc_rect_box(pmin, min(pmin + cell_px, vec2(frame.screen.xy)), d.x, d.y, bmin, bmax);
            s_bmin[tid] = bmin;
            s_bmax[tid] = bmax;
            if (covered) {
                // Positive floats: their bit patterns order like the values.
                atomicMin(s_block_dmin, floatBitsToUint(max(d.x, 0.0)));
                atomicMax(s_block_dmax, floatBitsToUint(d.y));
            }
        }
        s_covered[tid] = covered;
    }
    // The block's pixel rectangle: lights missing it skip the bucket's cells.
    vec2 block_min = vec2(block * LC_BIN_BLOCK) * cell_px, block_max = block_min + float(LC_BIN_BLOCK) * cell_px;

    uint S = gl_SubgroupSize, lane = gl_SubgroupInvocationID;
    uint per = max(S / 32u, 1u); // cells per step (subgroups wider than 32 lanes)
    uint b_end = min(buckets, group * 32u + 32u);
    for (uint b = group * 32u; b < b_end; b++) {
        barrier(); // the previous bucket's footprints are no longer read
        if (tid == 0u) s_any[(b + 1u) & 1u] = 0u; // read last in the previous bucket, behind the barrier
        if (tid < 32u) {
            uint i = b * 32u + tid;
            vec4 rect = vec4(1e30, 1e30, -1e30, -1e30);
            lc_gpu_footprint f;
            if (i < count) {
                f = footprints[i];
                rect = f.rect;
                if (clusters && !lc_bin_slice_meets(slice, lc_bin_light_depth(i))) rect = vec4(1e30, 1e30, -1e30, -1e30);
                if (TARGET == 1u) {
                    // A light wholly before or behind every covered pixel of the block cannot
                    // light one (the coarse test).
                    vec2 z = lc_bin_light_depth(i);
                    if (z.y < uintBitsToFloat(s_block_dmin) || z.x > uintBitsToFloat(s_block_dmax))
                        rect = vec4(1e30, 1e30, -1e30, -1e30);
                }
                if (rect.x <= block_max.x && rect.z >= block_min.x && rect.y <= block_max.y && rect.w >= block_min.y)
                    atomicOr(s_any[b & 1u], 1u);
                s_ellipse[tid] = f.ellipse;
                s_axes[tid] = f.axes;
            }
            s_rect[tid] = rect;
        }
        barrier();
        if (s_any[b & 1u] == 0u) {
            // No light of the bucket reaches the block: zero words, one store per cell.
            uvec2 cell = block * LC_BIN_BLOCK + uvec2(tid % LC_BIN_BLOCK, tid / LC_BIN_BLOCK);
            if (cell.x < cells_x && cell.y < cells_y) {
                if (clusters) cluster_bits[((slice * cells_y + cell.y) * cells_x + cell.x) * buckets + b] = 0u;
                else tile_bits[(cell.y * cells_x + cell.x) * buckets + b] = 0u;
            }
            continue;
        }
        for (uint c0 = gl_SubgroupID * per; c0 < CELLS; c0 += gl_NumSubgroups * per) {
            uint k_cell = c0 + (S > 32u ? lane / 32u : 0u);
            uvec2 cell = block * LC_BIN_BLOCK + uvec2(k_cell % LC_BIN_BLOCK, k_cell / LC_BIN_BLOCK);
            bool valid = cell.x < cells_x && cell.y < cells_y;
            if (TARGET == 1u) valid = valid && s_covered[k_cell];
            // Whole cells, also past the screen edge: a superset of the partial cell.
            vec2 pmin = vec2(cell) * cell_px, pmax = pmin + cell_px;
            uint word = 0u;
            for (uint c = 0u; c < 32u; c += min(S, 32u)) {
                uint k = c + lane % 32u;
                bool hit = valid && lc_footprint_meets_cell(s_rect[k], s_ellipse[k], s_axes[k], pmin, pmax);
                if (TARGET == 1u && hit)
                    hit = lc_light_hits_box(lights[b * 32u + k], s_bmin[k_cell], s_bmax[k_cell]) &&
                          lc_light_meets_slices(lc_bin_light_depth(b * 32u + k), s_range[k_cell], s_slices[k_cell]);
                uvec4 ballot = subgroupBallot(hit);
                word |= S > 32u ? ballot[lane / 32u] : ballot.x << c;
            }
            if (cell.x < cells_x && cell.y < cells_y && (S <= 32u ? subgroupElect() : lane % 32u == 0u)) {
                uint index = cell.y * cells_x + cell.x;
                if (clusters) cluster_bits[((slice * cells_y + cell.y) * cells_x + cell.x) * buckets + b] = word;
                else tile_bits[index * buckets + b] = word;
                // One writer per cell: no atomic needed.
                if (word != 0u) s_mask[k_cell] |= 1u << (b % 32u);
            }
        }
    }
    barrier();
    uvec2 cell = block * LC_BIN_BLOCK + uvec2(tid % LC_BIN_BLOCK, tid / LC_BIN_BLOCK);
    if (cell.x < cells_x && cell.y < cells_y && group < mask_words) {
        if (clusters)
            cluster_bits[lc_cluster_mask_base() + ((slice * cells_y + cell.y) * cells_x + cell.x) * mask_words + group] = s_mask[tid];
        else
            tile_mask[(cell.y * cells_x + cell.x) * mask_words + group] = s_mask[tid];
    }
}
