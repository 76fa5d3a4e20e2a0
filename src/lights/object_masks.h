/* --mode objects: seed 001's forward path. Each frame the CPU culls the entity array per
 * object into a uvec4 bitmask (lc_shared.h LC_OBJECT_MASK_*): x the decals, y the probes, z and
 * w the lights, bit k of a kind naming the k-th entity of that kind's range. The forward shade
 * (and the transparent pass) walks the bits of its object's mask (LC_BIND_OBJECT_MASKS). An
 * object touching an entity past its kind's capacity overflows that kind: it is counted, its
 * bits keep the entities that fit (the first of the range), and its info.x flags the kind, whose
 * whole range the shade then walks for it (exact; brute force's cost). docs/CULLING.md,
 * "Per-object masks". */
#ifndef LC_OBJECT_MASKS_H
#define LC_OBJECT_MASKS_H

#include "cpu/object_cull.h"

#define LC_OBJECT_MASKS_KINDS 3u /* decals, probes, lights */

typedef struct lc_object_masks_stats {
    uint32_t objects;                       /* objects given a mask */
    uint32_t overflow;                      /* objects that overflowed in any kind */
    uint32_t overflow_kind[LC_OBJECT_MASKS_KINDS]; /* objects that overflowed, per kind (decals, probes, lights) */
} lc_object_masks_stats;

/* The masks of objects[0..count) (indices into set, and into masks): each object's world box
 * (its local box through its world matrix) against each entity's bounding sphere
 * (position_radius, widened as the GPU culls widen it). entities: the entity array, decals in
 * [0, decals), probes in [decals, decals + probes), lights after them (lights of them). An
 * object the set does not hold (index >= set->count) gets every entity that fits. Runs on the
 * jobs; the answer does not depend on the thread count. */
void lc_object_masks_build(const lc_object_cull_set *set, const uint32_t *objects, uint32_t count, const lc_gpu_light *entities,
                           uint32_t decals, uint32_t probes, uint32_t lights, lc_gpu_object_mask *masks, lc_object_masks_stats *stats);

#endif
