/* glTF materials as the shaders read them (gpu_material.h). */
#include "materials/gpu_material.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

_Static_assert(sizeof(lc_gpu_material) == 80, "lc_gpu_material is five vec4s");
_Static_assert(offsetof(lc_gpu_material, factors) == 16, "lc_gpu_material.factors");
_Static_assert(offsetof(lc_gpu_material, emissive) == 32, "lc_gpu_material.emissive");
_Static_assert(offsetof(lc_gpu_material, textures) == 48, "lc_gpu_material.textures");
_Static_assert(offsetof(lc_gpu_material, textures2) == 64, "lc_gpu_material.textures2");
/* The forward pass's material set binds texture slot t at binding t (src/frame_setup.c). */
_Static_assert(LC_BIND_BASE_COLOR == LC_TEX_BASE_COLOR && LC_BIND_METALLIC_ROUGHNESS == LC_TEX_METALLIC_ROUGHNESS &&
                   LC_BIND_NORMAL_MAP == LC_TEX_NORMAL && LC_BIND_OCCLUSION == LC_TEX_OCCLUSION && LC_BIND_EMISSIVE == LC_TEX_EMISSIVE &&
                   LC_BIND_MATERIAL == LC_TEX_SLOTS,
               "material set bindings follow the texture slots");

int32_t lc_material_image(const lc_material *m, lc_texture_slot slot, uint32_t image_count)
{
    int32_t img = -1;
    switch (slot) {
    case LC_TEX_BASE_COLOR: img = m->image; break;
    case LC_TEX_METALLIC_ROUGHNESS: img = m->metallic_roughness_image; break;
    case LC_TEX_NORMAL: img = m->normal_image; break;
    case LC_TEX_OCCLUSION: img = m->occlusion_image; break;
    case LC_TEX_EMISSIVE: img = m->emissive_image; break;
    case LC_TEX_SLOTS: break;
    }
    return img >= 0 && (uint32_t)img < image_count ? img : -1;
}

lc_gpu_material lc_gpu_material_make(const lc_material *m, uint32_t image_count, const uint32_t *textures)
{
    bool normal_map = lc_material_image(m, LC_TEX_NORMAL, image_count) >= 0;
    uint32_t t[LC_TEX_SLOTS];
    for (uint32_t i = 0; i < LC_TEX_SLOTS; i++) t[i] = textures ? textures[i] : LC_NO_TEXTURE;
    /* The alpha MASK cutoff (lc_material_masked's: 0 for the others) for the compute raster's
     * cut-out test, as the material set's push constants give it to the hardware's. */
    float cutoff = m->alpha_mode == LC_ALPHA_MASK && m->alpha_cutoff > 0.0f ? m->alpha_cutoff : 0.0f;
    uint32_t cutoff_bits;
    memcpy(&cutoff_bits, &cutoff, 4);
    return (lc_gpu_material){
        .base_color = {m->base_color[0], m->base_color[1], m->base_color[2], m->base_color[3]},
        .factors = {m->metallic, m->roughness, normal_map ? m->normal_scale : 0.0f, m->occlusion_strength},
        .emissive = {m->emissive[0], m->emissive[1], m->emissive[2], 0.0f},
        .textures = {t[LC_TEX_BASE_COLOR], t[LC_TEX_METALLIC_ROUGHNESS], t[LC_TEX_NORMAL], t[LC_TEX_OCCLUSION]},
        .textures2 = {t[LC_TEX_EMISSIVE], cutoff_bits, 0, 0},
    };
}

lc_material_counts lc_material_count(const lc_scene *s)
{
    lc_material_counts c = {.count = s->material_count};
    bool *used = lc_calloc(LC_MAX(s->image_count, 1u), sizeof *used);
    for (uint32_t i = 0; i < s->material_count; i++) {
        const lc_material *m = &s->materials[i];
        for (uint32_t t = 0; t < LC_TEX_SLOTS; t++) {
            int32_t img = lc_material_image(m, t, s->image_count);
            if (img >= 0 && !used[img]) used[img] = true, c.textures++;
        }
        c.normal_mapped += lc_material_image(m, LC_TEX_NORMAL, s->image_count) >= 0;
        c.metallic += m->metallic > 0.0f;
        c.emissive += m->emissive[0] > 0.0f || m->emissive[1] > 0.0f || m->emissive[2] > 0.0f;
    }
    free(used);
    return c;
}
