/* Decals: oriented boxes projecting a colour (and a built-in pattern's alpha) along their local
 * -Y onto what lies inside them, applied to the surface's base colour before lighting, in file
 * order (docs/DECALS.md). They come from a JSON file (--decals-file) or are scattered over the
 * scene's surfaces from a seed (--decals N), and each frame they enter the entity array ahead of
 * the lights (lc_shared.h LC_ENTITY_DECAL): a culling proxy in the lights buffer and their
 * shading data (lc_gpu_decal) at the same index. */
#ifndef LC_DECALS_H
#define LC_DECALS_H

#include "common.h"
#include "scene/scene.h"

#define LC_DECALS_MAX (1u << 16) /* a file or --decals past this is refused */
#define LC_DECAL_TEXTURE_KINDS 2

typedef struct lc_decal {
    float position[3]; /* the box's centre, world */
    float half[3];     /* half sizes along the box's local x, y (the projection axis), z; > 0 */
    float rotation[4]; /* unit quaternion x, y, z, w: local to world */
    float color[4];    /* linear rgb, alpha (opacity folded in) */
    uint32_t pattern;  /* a built-in procedural texture (< LC_DECAL_PATTERNS), or LC_DECAL_PATTERN_NONE */
    float roughness;   /* perceptual, [0, 1]; < 0: the decal leaves the surface's own */
    float metallic;    /* [0, 1]; < 0: likewise */
    uint32_t texture[LC_DECAL_TEXTURE_KINDS]; /* per kind, 1 + its image in the set's images[kind]; 0: none */
    float normal_opacity; /* the normal map's weight besides the mask and the base colour texture's alpha: the file's
                           * "opacity" (not the colour's alpha, so a clear decal may change the normal alone) */
} lc_decal;

/* A decal's textures, by kind: the base colour (sRGB, alpha the blend weight) and the normal map
 * (linear); each kind one array of layers on the GPU, so one size per kind (decal_textures.h). */
#define LC_DECAL_TEXTURE_BASE_COLOR 0
#define LC_DECAL_TEXTURE_NORMAL 1

typedef struct lc_decal_set {
    lc_decal *decals; /* file order: later decals are drawn over earlier ones */
    uint32_t count;
    lc_image_data *images[LC_DECAL_TEXTURE_KINDS]; /* per kind, the files the decals name, each once; one size within a kind */
    uint32_t image_count[LC_DECAL_TEXTURE_KINDS];
} lc_decal_set;

/* Parses the decals-file schema (docs/DECALS.md); texture paths are relative to the directory of
 * `what` (the file's path), and their images are decoded here. Any malformed entry or image: one
 * lc_error line naming the entry (and the image file) and the problem, LC_ERR_INPUT. */
lc_status lc_decals_load_json(lc_decal_set *out, const char *path);
lc_status lc_decals_parse_json(lc_decal_set *out, const char *text, size_t size, const char *what);

/* count decals scattered over the scene's triangles (area-weighted), each box's y axis along
 * the surface's normal, with a random turn about it, a size from the scene's bounds, a colour
 * and a built-in pattern; deterministic for a seed. count in [1, LC_DECALS_MAX]; a scene
 * without triangles gets none. */
lc_status lc_decals_generate(lc_decal_set *out, uint32_t count, uint64_t seed, const lc_scene *scene);
void lc_decal_set_destroy(lc_decal_set *set);

/* The frame's decal range of the entity array: the decals whose bounding sphere meets the
 * frustum, in reverse file order (entity 0 is the top decal: the shading's ascending walk
 * composites front to back and stops under a decal that covers fully), each as its culling
 * proxy (lc_gpu_light: bounding sphere, type LC_ENTITY_DECAL, view depth range of the box and
 * its view-space AABB half extents in direction_cos.xyz, widened like light volumes) and its
 * shading data. Returns how many. view is world-to-view, planes from lc_frustum_planes. */
uint32_t lc_decals_build(const lc_decal *decals, uint32_t count, const lc_m4 *view, const float planes[6][4],
                         lc_gpu_light *proxies, lc_gpu_decal *out);

/* Whether a packed decal's box holds world point p (its coverage may still be 0 there: fade, pattern). */
bool lc_decal_covers(const lc_gpu_decal *d, const float p[3]);

#endif
