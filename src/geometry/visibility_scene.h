/* The scene as the visibility shade reads it: the vertex and index buffers as storage
 * buffers, a draw table and a material table, and the scene's material textures (every
 * slot: base colour, metallic-roughness, normal, occlusion, emissive), each once, as one array of combined image samplers that the material table indexes. Set 1 of
 * the visibility shade's pipeline layout; the C half of shaders/shading/visibility.glsl
 * (triangle id -> three vertices and a material), so a new scene layout (objects, meshlets)
 * changes these two files.
 *
 * With descriptor indexing (lc_context.descriptor_indexing) the array is bindless: indexed
 * non-uniformly, in an update-after-bind set, so only the update-after-bind limits bound it.
 * Without, it counts against maxPerStageDescriptorSamplers beside the frame set's samplers,
 * and is indexed subgroup-uniformly (dynamic indexing) or through a switch (LC_VIS_MAX_TEXTURES).
 * A scene whose textures do not fit gets no set at all (refusal says why): forward shading
 * needs none of it. */
#ifndef LC_VISIBILITY_SCENE_H
#define LC_VISIBILITY_SCENE_H

#include "geometry/meshlet_scene.h"
#include "scene/scene.h"
#include "lc_shared.h"
#include "vk/gpu_resources.h"

typedef struct lc_visibility_scene {
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout; /* set 0: the frame set, set 1: the scene set */
    VkDescriptorPool pool;
    VkDescriptorSet set;
    lc_buffer draws, materials;
    uint32_t material_count; /* entries in the material table (>= 1) */
    uint32_t texture_count;  /* size of the texture array (>= 1): the shader's TEXTURE_COUNT */
    bool bindless;           /* the array is bindless (shade_visibility*_bindless.comp) */
    uint32_t id_prim_bits;   /* lc_vis_id_prim_bits of the scene: 0 when its ids need two words */
    char refusal[256];       /* not empty: the textures do not fit the device, nothing was created; why, in one line */
} lc_visibility_scene;

/* A texture of the visibility shade's array: a scene image (-1: white) with its sampler key. */
typedef struct lc_vis_texture {
    int32_t image;
    uint8_t sampler; /* LC_SAMPLER_* (scene.h) */
} lc_vis_texture;

/* The textures the visibility shade binds, each (image, sampler) pair once: the scene's images
 * that its materials use in any slot (gpu_material.h lc_texture_slot), in image order, each
 * with every sampler key its materials read it with (ascending), then white where a material
 * has no base-colour texture (or there are no materials). Fills textures (texture -> image and
 * sampler; material_count * LC_TEX_SLOTS + 1 entries suffice) and material_texture (material *
 * LC_TEX_SLOTS + slot -> texture, LC_NO_TEXTURE for an empty slot other than base colour;
 * material_count * LC_TEX_SLOTS entries) where not NULL; returns the count (>= 1). */
uint32_t lc_vis_textures(const lc_scene *scene, lc_vis_texture *textures, uint32_t *material_texture);

/* Whether an array of that many textures fits the device beside other_samplers combined image
 * samplers the same stage sees (the frame set's); where not, writes one line naming the limit
 * to why. */
bool lc_vis_textures_fit(const lc_context *ctx, uint32_t textures, uint32_t other_samplers, char *why, size_t why_size);

/* Visibility ids in one 32-bit word, (draw << bits) | primitive, where they fit: the fewest
 * bits (at least 1) that hold every draw's triangle count, when draws << bits leaves the
 * all-ones background value unused. Returns those bits, or 0 when the ids need two words
 * (draw, primitive): every scene fits those. One word halves the visibility pass's colour
 * bandwidth, which bounds it on GPUs with few render back ends. */
uint32_t lc_vis_id_prim_bits(uint32_t draws, uint32_t max_triangles);

typedef struct lc_visibility_scene_desc {
    const lc_scene *scene;
    const lc_meshlet_range *ranges;        /* per mesh: its triangles in the runtime mesh */
    const lc_buffer *vertices, *indices;   /* the runtime mesh (lc_geometry), storage buffers */
    const lc_image *textures;              /* scene->image_count images */
    const lc_image *white;                 /* for materials without a base-colour texture */
    const VkSampler *samplers;             /* per sampler key (material_samplers.h), those the textures use created */
    VkDescriptorSetLayout frame_layout;
    uint32_t frame_samplers;               /* the frame set's combined image samplers (lc_frame_set_samplers) */
} lc_visibility_scene_desc;

/* LC_OK with refusal set (and nothing created) where the textures do not fit the device. */
lc_status lc_visibility_scene_create(lc_context *ctx, const lc_visibility_scene_desc *desc, lc_visibility_scene *out);
void lc_visibility_scene_destroy(lc_context *ctx, lc_visibility_scene *vs);

#endif
