/* The renderer's light-culling choices and sizes that the frame, the app and the bench ask
 * for outside the light cull's passes (passes/light_cull.c records them): which modes bin,
 * which kernel bins and fills the Z-bins this frame, the light-parallel kernel's work list, and
 * the culling buffers' bytes. Declared in renderer.h. */
#include "frame_state.h"

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
