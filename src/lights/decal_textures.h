/* The decals' textures (docs/DECALS.md): the image files a decals file names, decoded as the
 * scene's material textures are (stb_image on the job threads, src/scene/texture_decode.c), and on
 * the GPU one 2D array per kind (base colour sRGB, LC_BIND_DECAL_TEXTURES; normal maps UNORM,
 * LC_BIND_DECAL_NORMALS), a layer per file with
 * its mip chain, sampled trilinear and clamped to the edge. A texture array needs no descriptor
 * indexing, and a layer index may differ lane to lane, so both shadings sample it alike. One
 * array holds one size: a kind's images are scaled (bilinear) to the largest among them, at most
 * LC_DECAL_TEXTURE_SIDE_MAX a side. */
#ifndef LC_DECAL_TEXTURES_H
#define LC_DECAL_TEXTURES_H

#include "lights/decals.h"
#include "vk/gpu_resources.h"

#define LC_DECAL_TEXTURE_SIDE_MAX 2048u
#define LC_DECAL_TEXTURES_MAX 256u /* distinct files of one kind (Vulkan's least maxImageArrayLayers) */

/* Decodes count image files (linear: data, else sRGB colour) into *out, all of one size. On
 * failure returns the index of the file that failed and writes why into err; else -1. */
int32_t lc_decal_images_load(const char *const *paths, uint32_t count, bool linear, lc_image_data **out, char *err, size_t err_size);
void lc_decal_images_free(lc_image_data *images, uint32_t count);

typedef struct lc_decal_textures {
    lc_image arrays[LC_DECAL_TEXTURE_KINDS]; /* per kind a 2D array, a layer per file; one white (base colour) or flat
                                              * (normal) layer where there are none */
    VkSampler sampler;                       /* trilinear, clamped to the edge */
} lc_decal_textures;

/* images[kind]: count[kind] images of one size (lc_decal_set.images). */
lc_status lc_decal_textures_create(lc_context *ctx, lc_image_data *const images[LC_DECAL_TEXTURE_KINDS],
                                   const uint32_t count[LC_DECAL_TEXTURE_KINDS], lc_decal_textures *out);
void lc_decal_textures_destroy(lc_context *ctx, lc_decal_textures *t);

#endif
