/* Decoding a scene's texture images (PNG, JPEG and what else stb_image reads; embedded or
 * from files) on the job threads, one job per image; halved until they fit the GPU's side. */
#ifndef LC_TEXTURE_DECODE_H
#define LC_TEXTURE_DECODE_H

#include "scene/scene.h"

struct aiTexture;

/* One image to decode: found by the importer (scene_import.c), decoded here. */
typedef struct lc_texture_job {
    char key[4096]; /* resolved file path, or "*N" for an embedded texture */
    const struct aiTexture *embedded;
    lc_image_data image;
    char error[256];
    int32_t index; /* into lc_scene.images once loaded, -1 on failure */
} lc_texture_job;

/* Decodes every job (success leaves image.rgba set, failure a reason in error). */
void lc_texture_decode_all(lc_texture_job *jobs, uint32_t count);

#endif
