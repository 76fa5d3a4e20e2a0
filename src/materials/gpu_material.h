/* glTF metallic-roughness materials (src/scene/scene.h lc_material) as the shaders read them:
 * lc_gpu_material (shaders/shared/lc_shared.h), the same for the forward pass's material sets
 * and the visibility shade's material table, and the five texture slots a material has. */
#ifndef LC_GPU_MATERIAL_H
#define LC_GPU_MATERIAL_H

#include "lc_shared.h"
#include "scene/scene.h"

/* A material's texture slots, in lc_gpu_material.textures order (then textures2.x). */
typedef enum lc_texture_slot {
    LC_TEX_BASE_COLOR,
    LC_TEX_METALLIC_ROUGHNESS,
    LC_TEX_NORMAL,
    LC_TEX_OCCLUSION,
    LC_TEX_EMISSIVE,
    LC_TEX_SLOTS
} lc_texture_slot;

/* The scene image in a material's slot, or -1 where it has none (or names no image of the
 * scene's image_count). */
int32_t lc_material_image(const lc_material *m, lc_texture_slot slot, uint32_t image_count);

/* The material's factors; textures[slot]: the slot's texture in the visibility scene's array
 * (LC_NO_TEXTURE: none), or NULL where the reader binds textures itself (the forward pass).
 * The normal scale is 0 where the material has no normal map, so the shaders skip it. */
lc_gpu_material lc_gpu_material_make(const lc_material *m, uint32_t image_count, const uint32_t *textures);

/* What the scene's materials use (--stats "materials"). */
typedef struct lc_material_counts {
    uint32_t count;         /* materials */
    uint32_t textures;      /* distinct images the materials use, in any slot */
    uint32_t normal_mapped; /* materials with a normal map */
    uint32_t metallic;      /* with a metallic factor above 0 */
    uint32_t emissive;      /* with an emissive factor above 0 */
} lc_material_counts;
lc_material_counts lc_material_count(const lc_scene *scene);

#endif
