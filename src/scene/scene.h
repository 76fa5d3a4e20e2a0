/* Scene on the CPU: one vertex/index array with every mesh pre-transformed to world space,
 * a draw per (mesh, material), materials and their base-colour images (RGBA8, sRGB).
 * Either the built-in procedural hall (no files needed) or a glTF 2.0 / OBJ file imported
 * through assimp. Uploading to the GPU lives in scene_gpu.c. */
#ifndef LC_SCENE_H
#define LC_SCENE_H

#include "common.h"

typedef struct lc_vertex {
    float position[3];
    float normal[3];
    float uv[2];
} lc_vertex;

typedef struct lc_image_data {
    uint32_t width, height;
    uint8_t *rgba; /* width * height * 4 bytes, sRGB-encoded */
    char name[128];
} lc_image_data;

typedef struct lc_material {
    float base_color[4]; /* linear factor, multiplied with the texture */
    int32_t image;       /* index into lc_scene.images, or -1 for none */
} lc_material;

typedef struct lc_draw {
    uint32_t first_index, index_count; /* into lc_scene.indices; indices are absolute */
    uint32_t material;
} lc_draw;

typedef struct lc_scene {
    char name[64];
    lc_vertex *vertices;
    uint32_t vertex_count;
    uint32_t *indices;
    uint32_t index_count;
    lc_draw *draws;
    uint32_t draw_count;
    lc_material *materials;
    uint32_t material_count;
    lc_image_data *images;
    uint32_t image_count;
    float bounds_min[3], bounds_max[3];
    /* A good starting view: x, y, z, yaw_deg, pitch_deg (see camera.h). */
    float default_camera[5];
    /* Volume the generated lights are placed in (inside the walls, above the floor). */
    float light_bounds_min[3], light_bounds_max[3];
} lc_scene;

/* The built-in procedural interior: a long hall with floor, walls, columns, arches and
 * clutter; tens of thousands of triangles, a few materials with generated textures. */
lc_status lc_scene_load_default(lc_scene *out);
/* glTF 2.0 or OBJ through assimp. Missing or corrupt file: one lc_error line, LC_ERR_INPUT.
 * A material whose texture file is missing falls back to its colour factor (one warning). */
lc_status lc_scene_load_file(lc_scene *out, const char *path);
/* The same import from bytes in memory (the fuzz target); hint is the format's extension
 * ("gltf", "glb", "obj"). External texture files are not read (their materials fall back);
 * assimp itself may still look for external buffers relative to the working directory. */
lc_status lc_scene_load_memory(lc_scene *out, const void *data, size_t size, const char *hint);
void lc_scene_destroy(lc_scene *scene);

/* Validates index ranges and counts; used by the importer and the fuzz target. */
lc_status lc_scene_validate(const lc_scene *scene);
/* Sets bounds_min/max from the vertices (all zero for an empty scene). */
void lc_scene_compute_bounds(lc_scene *scene);

#endif
