/* The renderer's light-culling choices and sizes that the frame, the app and the bench ask
 * for outside the light cull's passes (passes/light_cull.c records them): which modes bin,
 * which kernel bins and fills the Z-bins this frame, the light-parallel kernel's workgroups and
 * work list, and the culling buffers' bytes. Declared in frame.h. */
#include "frame.h"

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

uint64_t lc_bin_items(uint32_t light_capacity)
{
    return LC_MIN((uint64_t)light_capacity * LC_BIN_SHARES_MAX, LC_BIN_ITEMS_MAX);
}

bool lc_mode_bins(uint32_t mode) { return mode == LC_MODE_TILES || mode == LC_MODE_CLUSTERS || mode == LC_MODE_ZBIN; }

bool lc_bins_lights(const lc_renderer *r)
{
    return r->settings.binning != LC_BINNING_TILES && r->settings.bin_kernel == LC_BIN_KERNEL_LIGHTS && lc_mode_bins(r->settings.mode);
}

bool lc_frame_cull_2_5d(const lc_renderer *r)
{
    uint32_t mode = r->settings.mode;
    if (!r->settings.cull_2_5d) return false;
    if (mode == LC_MODE_LISTS) return true;
    return (mode == LC_MODE_TILES || mode == LC_MODE_ZBIN) && r->settings.binning != LC_BINNING_LIGHTS_NODEPTH;
}

uint64_t lc_light_cull_bytes(const lc_renderer *r)
{
    uint32_t mode = r->settings.mode;
    bool light_binning = lc_mode_bins(mode) && r->settings.binning != LC_BINNING_TILES;
    uint64_t footprints = light_binning ? (uint64_t)r->frame.light_count * sizeof(lc_gpu_footprint) : 0;
    /* The work list: its header and the most items these lights may take. */
    uint64_t work = lc_bins_lights(r) ? sizeof(lc_gpu_bin_work) + lc_bin_items(r->frame.light_count) * 8 : 0;
    return r->sized.cull_bytes[mode] + footprints + work;
}

bool lc_zbin_per_bin(const lc_renderer *r)
{
    if (r->settings.zbin_kernel == LC_ZBIN_KERNEL_AUTO) return r->frame.light_count <= LC_ZBIN_BINS_MAX_LIGHTS;
    return r->settings.zbin_kernel == LC_ZBIN_KERNEL_BINS;
}
