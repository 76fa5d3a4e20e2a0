/* The scene as the visibility shade reads it: the vertex and index buffers as storage
 * buffers, a draw table and a material table, and the base-colour textures as one array of
 * combined image samplers. Set 1 of the visibility shade's pipeline layout; the C half of
 * shaders/shading/visibility.glsl (triangle id -> three vertices and a material), so a new
 * scene layout (objects, meshlets) changes these two files. */
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
    uint32_t material_count; /* size of the texture array (>= 1): the shader's MATERIAL_COUNT */
    uint32_t id_prim_bits;   /* lc_vis_id_prim_bits of the scene: 0 when its ids need two words */
} lc_visibility_scene;

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
    const lc_image *white;                 /* for materials without a texture */
    VkSampler sampler;
    VkDescriptorSetLayout frame_layout;
} lc_visibility_scene_desc;

lc_status lc_visibility_scene_create(lc_context *ctx, const lc_visibility_scene_desc *desc, lc_visibility_scene *out);
void lc_visibility_scene_destroy(lc_context *ctx, lc_visibility_scene *vs);

#endif
