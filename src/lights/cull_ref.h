/* CPU reference culler: the oracle the GPU culling tests compare against.
 * Everything is derived from the same lc_frame_ubo the shaders read, the packed light list
 * (sorted by view depth) and the depth pre-pass read back as floats (row 0 at the top,
 * 1.0 = background).
 *
 * For each structure it gives two sets per cell:
 *   exact: lights with a non-zero lc_light_weight() at the world position reconstructed
 *          from some pixel's depth in the cell; a conservative GPU culler must contain it.
 *   bound: the loosest set a correct culler may return: the light's bounding sphere, radius
 *          scaled by (1 + slack) plus LC_LIGHT_CULL_RADIUS_BIAS, intersects the cell's view-space
 *          box (depth range also widened by slack * depth); the GPU result must be contained
 *          in it. Cluster boxes are not clipped to the screen, and the last slice reaches
 *          twice the far plane. With slack 0 bound still contains exact.
 * Bit arrays are laid out as on the GPU: cell * buckets + (light >> 5), bit (light & 31),
 * buckets = ubo->light_info.y. */
#ifndef LC_CULL_REF_H
#define LC_CULL_REF_H

#include "lights/lights.h"

/* Pixel (px, py) with depth d to positions: view-space (looking along -Z) and world. The
 * pixel's centre is sampled: NDC xy = 2 * (px + 0.5, py + 0.5) / (width, height) - 1. */
void lc_light_cull_ref_unproject(const lc_frame_ubo *u, float px, float py, float depth, float view_out[3]);
void lc_light_cull_ref_view_to_world(const lc_frame_ubo *u, const float view_pos[3], float world_out[3]);

/* Screen tiles (tiles, lists, zbin modes): ubo->screen.z * screen.w cells of
 * light_info.z pixels. A tile's box spans its pixel edges between the minimum and maximum
 * view depth of its covered pixels (depth < 1); tiles with no covered pixel are empty. */
void lc_light_cull_ref_tiles_exact(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth, uint32_t *bits);
void lc_light_cull_ref_tiles_bound(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth, float slack, uint32_t *bits);

/* Clusters: zbin_info.y * zbin_info.z tiles of zbin_params.w pixels, zbin_info.w
 * exponential slices: slice(d) = clamp(floor(log(d / near) * zbin_params.z), 0, slices - 1).
 * Cluster index = (slice * tiles_y + ty) * tiles_x + tx. Boxes independent of depth. */
uint32_t lc_light_cull_ref_cluster_index(const lc_frame_ubo *u, uint32_t px, uint32_t py, float view_depth);
void lc_light_cull_ref_clusters_exact(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth, uint32_t *bits);
void lc_light_cull_ref_clusters_bound(const lc_frame_ubo *u, const lc_gpu_light *lights, float slack, uint32_t *bits);

/* Z-bins: zbin_info.x linear bins from zbin_params.x, zbin_params.y bins per unit depth.
 * first[b]/last[b]: smallest/largest index of the lights whose view depth range
 * [spot_depth.z, spot_depth.w], widened by slack * depth, overlaps bin b; first > last when
 * none. */
uint32_t lc_light_cull_ref_zbin_index(const lc_frame_ubo *u, float view_depth);
void lc_light_cull_ref_zbins(const lc_frame_ubo *u, const lc_gpu_light *lights, float slack, uint32_t *first, uint32_t *last);

/* Per pixel: how many lights have a non-zero weight (the 'exact' pair count). */
uint64_t lc_light_cull_ref_exact_pairs(const lc_frame_ubo *u, const lc_gpu_light *lights, const float *depth);

#endif
