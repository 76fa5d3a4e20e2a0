#include "passes/passes.h"

/* The same passes run twice where the scene has blended objects: the opaque cull, then the
 * transparent one (lc_pass_data.transparent), through the slot's transparent set (frame
 * constants with LC_CULL_TRANSPARENT, its own buffers). */
typedef struct cull_target {
    VkDescriptorSet set;
    VkBuffer tile_bits, zbins, cluster_bits, counters, tile_mask, bin_work;
} cull_target;

static cull_target target_of(const lc_frame *f, const lc_pass *self)
{
    const lc_frame_slot *slot = f->slot;
    if (self->data.transparent) {
        const lc_transparent_cull *t = &f->sized->transparent;
        return (cull_target){slot->set_transparent, t->tile_bits.buffer, t->zbins.buffer, t->cluster_bits.buffer, t->counters.buffer,
                             t->tile_mask.buffer, t->bin_work.buffer};
    }
    const lc_renderer_sized *z = f->sized;
    return (cull_target){slot->set, z->tile_bits.buffer, z->zbins.buffer, z->cluster_bits.buffer, z->counters.buffer, z->tile_mask.buffer,
                         z->bin_work.buffer};
}

/* A pass's name in the opaque or the transparent cull. */
#define CULL_NAME(transparent, step) ((transparent) ? "transparent light cull / " step : "light cull / " step)

/* Binds p and the cull's frame set, then dispatches: one dispatch per culling pass. */
static void dispatch(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint64_t key, VkPipeline p, uint32_t x, uint32_t y, uint32_t z)
{
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, p);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, target_of(f, self).set);
    lc_rc_dispatch(rc, key, x, y, z);
}

/* Transfers before it (buffer fills) complete before compute after it reads or writes. */
static void fill_barrier(lc_render_context *rc, uint64_t key)
{
    VkMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = LC_STAGE_TRANSFER, .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = LC_STAGE_COMPUTE, .dstAccessMask = LC_RW,
    };
    lc_rc_barrier(rc, key, &b, 1, NULL, 0);
}

/* The commands a pass of their own records under LC_SEQ_WORK and light cull / prepare
 * records side by side. */
static void tile_depth(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint64_t key)
{
    VkPipeline p = f->depth_words ? f->dev->pipes.tile_depth_raster : f->dev->pipes.tile_depth_pipeline;
    dispatch(f, self, rc, key, p, f->sized->tiles_x, f->sized->tiles_y, 1);
}
static void zbin_clear(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint64_t key)
{
    lc_rc_fill_buffer(rc, key, target_of(f, self).zbins, 0, VK_WHOLE_SIZE, 0xffffffffu);
}
static void zbin_per_light(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint64_t key)
{
    dispatch(f, self, rc, key, f->dev->pipes.zbin, LC_DIV_UP(LC_MAX(f->light_count, 1u), 64u), 1, 1);
}
static void zbin_per_bin(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint64_t key)
{
    dispatch(f, self, rc, key, f->dev->pipes.zbin_bins, LC_DIV_UP(f->desc->zbin_count, LC_ZBIN_GROUP_BINS), 1, 1);
}

static void record_tile_depth(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    tile_depth(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK));
}

static void record_coarse(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    dispatch(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK), f->dev->pipes.light_cull_coarse, f->sized->coarse_x, f->sized->coarse_y, 1);
}

static void record_tiles(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    dispatch(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK), f->dev->pipes.light_cull_tiles, f->sized->tiles_x, f->sized->tiles_y, 1);
}

static void record_lists(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    lc_rc_fill_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), target_of(f, self).counters, 0, VK_WHOLE_SIZE, 0);
    /* The counters are cleared, then the dispatch counts: a barrier inside the pass. */
    fill_barrier(rc, lc_sort_key(pass, LC_SEQ_WORK + 1));
    VkPipeline p = f->depth_words ? f->dev->pipes.light_cull_lists_raster : f->dev->pipes.light_cull_lists;
    dispatch(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK + 2), p, f->sized->list_tiles_x, f->sized->list_tiles_y, 1);
}

static void record_clusters(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    dispatch(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK), f->dev->pipes.light_cull_clusters, f->sized->cluster_x, f->sized->cluster_y, f->desc->cluster_slices);
}

/* The light-parallel kernel's workgroups: two per light, at most LC_BIN_GROUPS; they take the
 * work list's items (a light's shares, light setup's count) in turn. Before the work list,
 * each light had a fixed number of workgroups, and most of a small footprint's returned at
 * once: with many lights those were most of the pass (H100, 4K, 65,536 lights, 64-pixel
 * tiles: bin pass 0.286 ms with 8 a light, 0.046 with 1), while 1 or 2 left the big
 * footprints of 4096 lights to a few workgroups (Sponza, 16-pixel tiles: 0.073 -> 0.165). */
uint32_t lc_bin_groups(uint32_t lights)
{
    return LC_MAX(1u, LC_MIN(LC_BIN_GROUPS, 2u * lights));
}

/* This frame's bucket words per cell, LC_BUCKET_BITS lights each (mask words: one bit a bucket). */
static uint32_t frame_buckets(const lc_frame *f)
{
    return LC_DIV_UP(LC_MAX(f->light_count, 1u), LC_BUCKET_BITS);
}

/* light_setup.comp's and bin_lights.comp's push constants this frame. */
static void push_bin(const lc_frame *f, lc_render_context *rc, uint64_t key)
{
    lc_bin_push push = {{f->bin_frames & 1u, f->settings->mode == LC_MODE_CLUSTERS, f->settings->bin_kernel == LC_BIN_KERNEL_LIGHTS, 0}};
    lc_rc_push_constants(rc, key, f->dev->layout, 0, sizeof push, &push);
}

/* Light-parallel: lc_bin_groups workgroups taking the work list's shares in turn.
 * Block-parallel: one per block of cells (x, y; clusters: y also runs over the slices) and
 * group of 32 buckets (z). */
static void record_bin(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass, uint32_t target, uint32_t cells_x,
                       uint32_t cells_y, uint32_t slices)
{
    uint64_t key = lc_sort_key(pass, LC_SEQ_WORK);
    if (f->settings->bin_kernel == LC_BIN_KERNEL_BLOCKS) {
        dispatch(f, self, rc, key, f->dev->pipes.bin_blocks[target], LC_DIV_UP(cells_x, LC_BIN_BLOCK), LC_DIV_UP(cells_y, LC_BIN_BLOCK) * slices,
                 LC_DIV_UP(frame_buckets(f), 32u));
        return;
    }
    push_bin(f, rc, key);
    dispatch(f, self, rc, key, f->dev->pipes.bin_lights[target], lc_bin_groups(f->light_count), 1, 1);
}

static void record_bin_footprint(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    record_bin(f, self, rc, pass, LC_BIN_TILES, f->sized->tiles_x, f->sized->tiles_y, 1);
}
static void record_bin_tiles(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    record_bin(f, self, rc, pass, LC_BIN_TILES_DEPTH, f->sized->tiles_x, f->sized->tiles_y, 1);
}
static void record_bin_clusters(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    record_bin(f, self, rc, pass, LC_BIN_CLUSTERS, f->sized->cluster_x, f->sized->cluster_y, f->desc->cluster_slices);
}

static void record_zbin_clear(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    zbin_clear(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK));
}

static void record_zbin(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    zbin_per_light(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK));
}

static void record_zbin_bins(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    zbin_per_bin(f, self, rc, lc_sort_key(pass, LC_SEQ_WORK));
}

/* What light binning prepares this frame (light cull / prepare). */
typedef struct prepare_plan {
    bool depth_bounds; /* tile depth bounds (--binning lights, not clusters) */
    bool fill_bits;    /* the light-parallel kernel sets bits: zeroed words and masks first */
    bool zbins;        /* zbin: its Z-bins, per bin or (after their fill) per light */
} prepare_plan;

static prepare_plan plan_prepare(const lc_frame *f, uint32_t mode)
{
    return (prepare_plan){.depth_bounds = f->settings->binning == LC_BINNING_LIGHTS && mode != LC_MODE_CLUSTERS,
                          .fill_bits = f->settings->bin_kernel == LC_BIN_KERNEL_LIGHTS,
                          .zbins = mode == LC_MODE_ZBIN};
}

/* light cull / prepare: everything the bin pass needs, as commands with no barrier between
 * them (they touch different buffers), so the GPU overlaps them; as passes of their own, their
 * launches and barriers had been a good part of the cull. The Z-bins first (their workgroups
 * run longest; the per-light kernel after its fill and a barrier for that fill alone), then
 * light setup, the fills zeroing words and masks for the light-parallel kernel (tiles: the
 * frame's words and masks; clusters: the bucket words, then the masks after them,
 * lc_cluster_mask_base), and the tile depth bounds last: first in line, their many short
 * workgroups held the GPU ahead of the Z-bins (H100 4K: cull 0.084 -> 0.098 ms). */
static void record_prepare(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t mode = f->settings->mode, seq = LC_SEQ_WORK;
    prepare_plan plan = plan_prepare(f, mode);
    uint64_t buckets = frame_buckets(f);
    cull_target t = target_of(f, self);
    if (f->bin_work_fresh && f->bins_lights) {
        /* A new work list: its counts zeroed once, before light setup appends (the bin passes
         * keep them so after). */
        lc_rc_fill_buffer(rc, lc_sort_key(pass, seq++), t.bin_work, 0, sizeof(lc_gpu_bin_work), 0);
        fill_barrier(rc, lc_sort_key(pass, seq++));
    }
    if (plan.zbins && !f->zbin_per_bin) {
        zbin_clear(f, self, rc, lc_sort_key(pass, seq++));
        fill_barrier(rc, lc_sort_key(pass, seq++));
        zbin_per_light(f, self, rc, lc_sort_key(pass, seq++));
    } else if (plan.zbins) {
        zbin_per_bin(f, self, rc, lc_sort_key(pass, seq++));
    }
    uint64_t setup = lc_sort_key(pass, seq++);
    push_bin(f, rc, setup);
    dispatch(f, self, rc, setup, f->dev->pipes.light_setup, LC_DIV_UP(LC_MAX(f->light_count, 1u), 64u), 1, 1);
    if (plan.fill_bits && mode == LC_MODE_CLUSTERS) {
        uint64_t clusters = (uint64_t)f->sized->cluster_x * f->sized->cluster_y * f->desc->cluster_slices;
        lc_rc_fill_buffer(rc, lc_sort_key(pass, seq++), t.cluster_bits, 0, clusters * (buckets + LC_DIV_UP(buckets, 32u)) * 4, 0);
    } else if (plan.fill_bits) {
        uint64_t tiles = (uint64_t)f->sized->tiles_x * f->sized->tiles_y;
        lc_rc_fill_buffer(rc, lc_sort_key(pass, seq++), t.tile_bits, 0, tiles * buckets * 4, 0);
        lc_rc_fill_buffer(rc, lc_sort_key(pass, seq++), t.tile_mask, 0, tiles * LC_DIV_UP(buckets, 32u) * 4, 0);
    }
    if (plan.depth_bounds) tile_depth(f, self, rc, lc_sort_key(pass, seq++));
}

/* What the tile depth bounds read: the depth image, or under the compute raster its depth
 * words (tile_depth_raster.comp, cull_lists_raster.comp), which no depth copy precedes. */
static lc_use depth_read(const lc_frame *f)
{
    if (f->depth_words) return (lc_use){LC_RES_RASTER, LC_STAGE_COMPUTE, LC_READ, 0};
    return (lc_use){LC_RES_DEPTH, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
}

/* Tile bits with depth bounds, two levels: tile depth ranges, coarse blocks, fine tiles. */
static uint32_t tile_passes(const lc_frame *f, bool transparent, lc_pass *out)
{
    // light cull / tile depth: each tile's depth range from the pre-pass
    out[0] = (lc_pass){.name = CULL_NAME(transparent, "tile depth"), .timer = LC_TIMER_CULL, .record = record_tile_depth, .use_count = 2,
                       .uses = {depth_read(f), {LC_RES_TILE_DEPTH, LC_STAGE_COMPUTE, LC_WRITE, 0}}};
    // light cull / coarse: every light against 4x4-tile blocks
    out[1] = (lc_pass){.name = CULL_NAME(transparent, "coarse"), .timer = LC_TIMER_CULL, .record = record_coarse, .use_count = 2,
                       .uses = {{LC_RES_TILE_DEPTH, LC_STAGE_COMPUTE, LC_READ, 0}, {LC_RES_COARSE_BITS, LC_STAGE_COMPUTE, LC_WRITE, 0}}};
    // light cull / tiles: the block's lights against each tile
    out[2] = (lc_pass){.name = CULL_NAME(transparent, "tiles"), .timer = LC_TIMER_CULL, .record = record_tiles, .use_count = 4,
                       .uses = {{LC_RES_TILE_DEPTH, LC_STAGE_COMPUTE, LC_READ, 0}, {LC_RES_COARSE_BITS, LC_STAGE_COMPUTE, LC_READ, 0},
                                {LC_RES_TILE_BITS, LC_STAGE_COMPUTE, LC_WRITE, 0}, {LC_RES_TILE_MASK, LC_STAGE_COMPUTE, LC_WRITE, 0}}};
    return 3;
}

/* Light binning (--binning lights, lights-nodepth): one prepare pass (footprints, fills, Z-bins,
 * tile depth bounds unless lights-nodepth), then lights binned in parallel; tile bits also
 * against the tiles' depth bounds unless lights-nodepth. The light-parallel kernel sets bits
 * with atomics into words zeroed before it (bits: read and written); the block-parallel one
 * (blocks) writes every word once. */
static uint32_t light_binning_passes(const lc_frame *f, uint32_t mode, bool transparent, lc_pass *out)
{
    uint32_t n = 0;
    prepare_plan plan = plan_prepare(f, mode);
    const lc_use footprints = {LC_RES_FOOTPRINTS, LC_STAGE_COMPUTE, LC_READ, 0};
    const lc_use work = {LC_RES_BIN_WORK, LC_STAGE_COMPUTE, LC_RW, 0}; // its items; the next frame's count zeroed
    const VkAccessFlags2 bits = plan.fill_bits ? LC_RW : LC_WRITE;
    const VkPipelineStageFlags2 fill = LC_STAGE_TRANSFER;
    const VkAccessFlags2 fill_write = VK_ACCESS_2_TRANSFER_WRITE_BIT;
    // light cull / prepare: footprints, zeroed bits, Z-bins, tile depth bounds (no barriers between)
    lc_pass prepare = {.name = CULL_NAME(transparent, "prepare"), .timer = LC_TIMER_CULL, .record = record_prepare, .use_count = 2,
                       .uses = {{LC_RES_FOOTPRINTS, LC_STAGE_COMPUTE, LC_WRITE, 0}, {LC_RES_BIN_WORK, LC_STAGE_COMPUTE | fill, LC_RW | fill_write, 0}}};
    lc_use *u = &prepare.uses[2];
    if (plan.fill_bits && mode == LC_MODE_CLUSTERS) *u++ = (lc_use){LC_RES_CLUSTER_BITS, fill, fill_write, 0};
    if (plan.fill_bits && mode != LC_MODE_CLUSTERS) {
        *u++ = (lc_use){LC_RES_TILE_BITS, fill, fill_write, 0};
        *u++ = (lc_use){LC_RES_TILE_MASK, fill, fill_write, 0};
    }
    if (plan.zbins && f->zbin_per_bin) *u++ = (lc_use){LC_RES_ZBINS, LC_STAGE_COMPUTE, LC_WRITE, 0};
    if (plan.zbins && !f->zbin_per_bin) *u++ = (lc_use){LC_RES_ZBINS, LC_STAGE_COMPUTE | fill, LC_RW | fill_write, 0};
    if (plan.depth_bounds) {
        *u++ = depth_read(f);
        *u++ = (lc_use){LC_RES_TILE_DEPTH, LC_STAGE_COMPUTE, LC_WRITE, 0};
    }
    prepare.use_count = (uint32_t)(u - prepare.uses);
    out[n++] = prepare;
    if (mode == LC_MODE_CLUSTERS) {
        // light cull / bin lights / clusters: footprint x the light's depth slices
        out[n++] = (lc_pass){.name = CULL_NAME(transparent, "bin lights / clusters"), .timer = LC_TIMER_CULL, .record = record_bin_clusters,
                             .use_count = 3, .uses = {footprints, work, {LC_RES_CLUSTER_BITS, LC_STAGE_COMPUTE, bits, 0}}};
    } else if (plan.depth_bounds) {
        // light cull / bin lights / depth bounds: footprint, then the tile's depth-bounded box
        out[n++] = (lc_pass){.name = CULL_NAME(transparent, "bin lights / depth bounds"), .timer = LC_TIMER_CULL, .record = record_bin_tiles,
                             .use_count = 5,
                             .uses = {footprints, work, {LC_RES_TILE_DEPTH, LC_STAGE_COMPUTE, LC_READ, 0},
                                      {LC_RES_TILE_BITS, LC_STAGE_COMPUTE, bits, 0}, {LC_RES_TILE_MASK, LC_STAGE_COMPUTE, bits, 0}}};
    } else {
        // light cull / bin lights: screen footprint only (zbin: its Z-bins carry the depth)
        out[n++] = (lc_pass){.name = CULL_NAME(transparent, "bin lights"), .timer = LC_TIMER_CULL, .record = record_bin_footprint, .use_count = 4,
                             .uses = {footprints, work, {LC_RES_TILE_BITS, LC_STAGE_COMPUTE, bits, 0},
                                      {LC_RES_TILE_MASK, LC_STAGE_COMPUTE, bits, 0}}};
    }
    return n;
}

static uint32_t light_cull_passes(const lc_frame *f, uint32_t mode, bool transparent, lc_pass *out)
{
    bool lights = f->settings->binning != LC_BINNING_TILES;
    switch (mode) {
    case LC_MODE_LISTS:
        // light cull / lists: per-tile index lists, compacted and sorted
        out[0] = (lc_pass){.name = CULL_NAME(transparent, "lists"), .timer = LC_TIMER_CULL, .record = record_lists, .use_count = 3,
                           .uses = {depth_read(f), {LC_RES_TILE_LISTS, LC_STAGE_COMPUTE, LC_WRITE, 0},
                                    {LC_RES_COUNTERS, LC_STAGE_COMPUTE | LC_STAGE_TRANSFER, LC_RW | VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
        return 1;
    case LC_MODE_TILES:
        return lights ? light_binning_passes(f, mode, transparent, out) : tile_passes(f, transparent, out);
    case LC_MODE_CLUSTERS:
        if (lights) return light_binning_passes(f, mode, transparent, out);
        // light cull / clusters: 3D bitmask, no depth buffer needed
        out[0] = (lc_pass){.name = CULL_NAME(transparent, "clusters"), .timer = LC_TIMER_CULL, .record = record_clusters, .use_count = 1,
                           .uses = {{LC_RES_CLUSTER_BITS, LC_STAGE_COMPUTE, LC_WRITE, 0}}};
        return 1;
    case LC_MODE_ZBIN: {
        // the tile bits, then the Z-bins (light binning prepares them): shading intersects both
        if (lights) return light_binning_passes(f, mode, transparent, out);
        uint32_t n = tile_passes(f, transparent, out);
        if (f->zbin_per_bin) {
            // light cull / zbin per bin: each bin scans the lights (few lights)
            out[n++] = (lc_pass){.name = CULL_NAME(transparent, "zbin per bin"), .timer = LC_TIMER_CULL, .record = record_zbin_bins,
                                 .use_count = 1, .uses = {{LC_RES_ZBINS, LC_STAGE_COMPUTE, LC_WRITE, 0}}};
            return n;
        }
        out[n++] = (lc_pass){.name = CULL_NAME(transparent, "zbin clear"), .timer = LC_TIMER_CULL, .record = record_zbin_clear, .use_count = 1,
                             .uses = {{LC_RES_ZBINS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
        out[n++] = (lc_pass){.name = CULL_NAME(transparent, "zbin"), .timer = LC_TIMER_CULL, .record = record_zbin, .use_count = 1,
                             .uses = {{LC_RES_ZBINS, LC_STAGE_COMPUTE, LC_RW, 0}}};
        return n;
    }
    default:
        return 0; // brute: no culling
    }
}

uint32_t lc_passes_light_cull(const lc_frame *f, uint32_t mode, bool transparent, lc_pass *out)
{
    uint32_t n = light_cull_passes(f, mode, transparent, out);
    for (uint32_t i = 0; i < n; i++) out[i].data.transparent = transparent;
    return n;
}
