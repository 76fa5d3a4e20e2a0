/* Scene on the CPU as objects: unique mesh data (vertices and mesh-local indices, stored once)
 * and objects, each a mesh drawn with a world transform, a material and world bounds. The
 * vertex shader applies the transform (objects[gl_InstanceIndex]); nothing is pre-transformed.
 * Sources: the built-in procedural hall (scene_default.c), a procedural closed mesh
 * (scene_mesh.c), or a glTF 2.0 / OBJ file through assimp (scene_import.c); any of them can be
 * replicated N x N x N as instances (lc_scene_grid). Uploading lives in frame.c. */
#ifndef LC_SCENE_H
#define LC_SCENE_H

#include "common.h"
#include "lc_shared.h"

typedef struct lc_vertex {
    float position[3]; /* mesh-local */
    float normal[3];
    float uv[2];
    float tangent[4];  /* xyz: unit, perpendicular to the normal (along +u); w: bitangent sign, +-1:
                        * bitangent = cross(normal, tangent.xyz) * w (glTF's TANGENT) */
    uint32_t color;    /* linear RGBA8 unorm, r in the low byte (glTF's COLOR_0; LC_VERTEX_WHITE
                        * where a mesh has none): multiplies the material's base colour and alpha */
} lc_vertex;

#define LC_VERTEX_WHITE 0xffffffffu

typedef struct lc_mesh {
    uint32_t first_vertex, vertex_count; /* into lc_scene.vertices */
    uint32_t first_index, index_count;   /* into lc_scene.indices; values are mesh-local (0..vertex_count-1) */
    uint32_t material;                   /* the mesh's material (assimp: one per aiMesh) */
    float aabb_min[3], aabb_max[3];      /* mesh-local bounds */
    char name[64];
} lc_mesh;

/* LC_OBJECT_MIRRORED (lc_shared.h): det(world) < 0, the transform mirrors, so triangles wind the
 * other way in world space (back-face and cone culling) and the tangent frame flips handedness. */

typedef struct lc_object {
    lc_m4 world; /* object to world, column-major (lc_shared.h) */
    uint32_t mesh, material, flags;
    float sphere[4]; /* world bounding sphere containing the transformed mesh AABB */
    uint32_t node;   /* 1 + the animation node it follows (lc_scene.anim), 0: none */
    float offset[3]; /* added to that node's world translation (lc_scene_grid's copies) */
} lc_object;

typedef struct lc_image_data {
    uint32_t width, height;
    uint8_t *rgba;   /* width * height * 4 bytes */
    uint32_t linear; /* 1: data (normals, metallic-roughness, occlusion), sampled as UNORM; 0: colour, sRGB-encoded */
    char name[128];
} lc_image_data;

/* A glTF 2.0 metallic-roughness material (docs/MATERIALS.md). Texture fields index
 * lc_scene.images, -1 for none; colour textures are sRGB, the others linear (lc_image_data). */
typedef struct lc_material {
    float base_color[4]; /* linear factor, multiplied with the texture and the vertex colour */
    int32_t image;       /* base colour texture (rgb, alpha in a) */
    uint32_t two_sided;  /* 1: drawn without back-face culling (glTF doubleSided, foliage, curtains) */
    uint32_t alpha_mode; /* LC_ALPHA_OPAQUE, LC_ALPHA_MASK, LC_ALPHA_BLEND (lc_shared.h) */
    float alpha_cutoff;  /* MASK: a fragment whose alpha is below it is cut out (glTF's default 0.5) */
    float metallic, roughness;        /* factors */
    int32_t metallic_roughness_image; /* roughness in g, metallic in b (linear) */
    int32_t normal_image;             /* tangent-space normal map (linear) */
    float normal_scale;               /* scales the map's x and y */
    int32_t occlusion_image;          /* ambient occlusion in r (linear) */
    float occlusion_strength;
    float emissive[3];      /* linear, KHR_materials_emissive_strength already applied */
    int32_t emissive_image; /* sRGB */
    /* Each texture slot's sampler (LC_SAMPLER_* bits), in lc_texture_slot order: base colour,
     * metallic-roughness, normal, occlusion, emissive; 0 is glTF's default sampler. [5..7] stay
     * 0: the struct has no padding, so scenes compare with memcmp (tests/test_scene.c). */
    uint8_t sampler[8];
} lc_material;

/* A texture's sampler as a small key (glTF samplers): wrap along u and v, the magnification
 * and minification filters, and how mip levels are used. 0 is glTF's default and lightcull's
 * sampler before samplers were read: REPEAT, linear, trilinear. The renderer creates one
 * VkSampler per key a scene uses (src/materials/material_samplers.c). */
#define LC_SAMPLER_WRAP_REPEAT 0u
#define LC_SAMPLER_WRAP_CLAMP 1u  /* CLAMP_TO_EDGE */
#define LC_SAMPLER_WRAP_MIRROR 2u /* MIRRORED_REPEAT */
#define LC_SAMPLER_WRAP_U(w) ((uint8_t)(w))
#define LC_SAMPLER_WRAP_V(w) ((uint8_t)((w) << 2))
#define LC_SAMPLER_MAG_NEAREST 0x10u
#define LC_SAMPLER_MIN_NEAREST 0x20u
#define LC_SAMPLER_MIP_NEAREST 0x40u /* the nearest mip level (glTF *_MIPMAP_NEAREST) */
#define LC_SAMPLER_MIP_NONE 0x80u    /* level 0 only (glTF NEAREST or LINEAR minification) */
#define LC_SAMPLER_KEYS 256u

/* A material with glTF's defaults where a file gives nothing, but dielectric (metallic 0,
 * roughness 0.5: OBJ and the procedural scenes have no metallic-roughness data) and with
 * base_color and image as given. */
lc_material lc_material_make(float r, float g, float b, int32_t image, bool two_sided);

/* How the first view was chosen (lc_scene.start). */
typedef enum lc_scene_start {
    LC_START_INTERIOR, /* standing inside: the hall, Sponza */
    LC_START_FRAMED,   /* an object or a set of objects, seen from outside (lc_scene_frame) */
    LC_START_CAMERA,   /* a camera from the file */
} lc_scene_start;

/* A camera the file defines (glTF cameras[i], in file order), placed by its node. */
typedef struct lc_scene_camera {
    float pose[5];      /* x, y, z, yaw_deg, pitch_deg (camera.h) */
    float yfov_deg;     /* vertical field of view */
    float aspect;       /* width / height the file asks for; 0: the window's */
    float znear, zfar;  /* znear 0: chosen from the scene; zfar INFINITY: the file's infinite far */
} lc_scene_camera;

typedef struct lc_scene {
    char name[64];
    lc_vertex *vertices;
    uint32_t vertex_count;
    uint32_t *indices;
    uint32_t index_count;
    lc_mesh *meshes;
    uint32_t mesh_count;
    lc_object *objects; /* grouped by material (lc_scene_sort_objects), so draws change state rarely */
    uint32_t object_count;
    lc_material *materials;
    uint32_t material_count;
    lc_image_data *images;
    uint32_t image_count;
    float bounds_min[3], bounds_max[3]; /* world, over every object's transformed AABB */
    /* The first view: x, y, z, yaw_deg, pitch_deg (see camera.h); R returns to it. */
    float default_camera[5];
    lc_scene_start start;
    lc_scene_camera *cameras; /* the file's cameras (NULL when none) */
    uint32_t camera_count;
    uint32_t camera_index; /* the file camera of the first view, when start is LC_START_CAMERA */
    /* The file's KHR_lights_punctual point and spot lights, placed by their nodes (NULL when
     * none); radius 0 where the file gives no range (the app gives those the scene's size). */
    struct lc_light *lights;
    uint32_t light_count;
    /* Volume the generated lights are placed in (inside the walls, or around an object). */
    float light_bounds_min[3], light_bounds_max[3];
    /* glTF files with animations: the node hierarchy, animations, skins and the objects that
     * moved in the last lc_scene_animate (scene/animation.h); NULL otherwise. */
    struct lc_scene_anim *anim;
    void (*anim_destroy)(struct lc_scene_anim *anim); /* set with anim (lc_scene_anim_destroy): scene.c frees it without depending on animation.c */
} lc_scene;

/* The built-in procedural interior: a long hall with floor, walls, columns, arches and
 * clutter; tens of thousands of triangles, a few materials with generated textures. */
lc_status lc_scene_load_default(lc_scene *out);
/* A procedural closed object of about 30k triangles with normals and UVs (--scene mesh). */
lc_status lc_scene_load_mesh(lc_scene *out);
/* glTF 2.0 or OBJ through assimp. Missing or corrupt file: one lc_error line, LC_ERR_INPUT.
 * A material whose texture file is missing falls back to its colour factor (one warning). */
lc_status lc_scene_load_file(lc_scene *out, const char *path);
/* The same import from bytes in memory (the fuzz target); hint is the format's extension
 * ("gltf", "glb", "obj"). External texture files are not read (their materials fall back);
 * assimp itself may still look for external buffers relative to the working directory. */
lc_status lc_scene_load_memory(lc_scene *out, const void *data, size_t size, const char *hint);
void lc_scene_destroy(lc_scene *scene);

/* Most objects a scene may hold: the GPU object buffer stays well under lavapipe's 128 MiB
 * storage-buffer limit. */
#define LC_OBJECTS_MAX (1u << 19)
#define LC_GRID_MAX 64u

/* Replicates the objects n x n x n times (n in 1..LC_GRID_MAX), spaced by the scene's bounds
 * plus a gap; mesh data is shared, only objects are copied. Bounds and light bounds grow to
 * the whole volume and the start becomes LC_START_FRAMED. Too many objects: LC_ERR_USAGE. */
lc_status lc_scene_grid(lc_scene *scene, uint32_t n);
/* Sets default_camera so the bounding sphere of the bounds fits a vertical field of view of
 * fov_y_deg and the horizontal one at aspect (width / height), looking at its centre, and
 * light_bounds to a volume around it. */
void lc_scene_frame(lc_scene *scene, float fov_y_deg, float aspect);
/* The first view of an imported scene from its geometry and cameras (scene_first_view.c):
 * LC_START_INTERIOR, LC_START_CAMERA (the file's first camera) or LC_START_FRAMED. */
void lc_scene_first_view(lc_scene *scene);
/* Near and far planes for a view of the scene from position: a file camera's own (infinite far
 * becomes a plane past the scene's farthest point), else from the bounds' size (the default
 * 0.05 m near for scenes of room size, smaller for small scenes, larger for huge ones) so the
 * depth buffer keeps its precision. cam is NULL for no file camera. */
void lc_scene_clip_planes(const lc_scene *scene, const lc_scene_camera *cam, const float position[3], float *near_z,
                          float *far_z);

/* Validates mesh ranges, mesh-local indices, object mesh and material indices, finite
 * transforms, materials and images; used by the loaders and the fuzz target. */
lc_status lc_scene_validate(const lc_scene *scene);
/* Sets a mesh's aabb from the vertices of its triangles of non-zero area, the ones that are
 * drawn (zero for a mesh without any): a vertex that only a dropped triangle uses is bad data,
 * and would frame, light and cull the scene differently from a copy without it. */
void lc_mesh_compute_aabb(const lc_scene *scene, lc_mesh *mesh);
/* Tangents (scene_tangents.c). lc_vertex_fix_tangent makes the vertex's tangent unit and
 * perpendicular to its normal (Gram-Schmidt), w exactly +-1; a non-finite or degenerate one
 * becomes any unit vector perpendicular to the normal with w = +1. lc_mesh_compute_tangents
 * derives them from the UVs (per-triangle dP/du and dP/dv summed per vertex, glTF's convention:
 * the bitangent points to decreasing v), for procedural meshes. */
void lc_vertex_fix_tangent(lc_vertex *v);
void lc_mesh_compute_tangents(lc_vertex *vertices, uint32_t vertex_count, const uint32_t *indices, uint32_t index_count);
/* Zero area in float positions: the edges' cross product exactly zero, in double. */
bool lc_triangle_zero_area(const float a[3], const float b[3], const float c[3]);
/* Sets an object's world transform, its sphere (around the transformed mesh AABB) and flags. */
void lc_object_set_world(const lc_scene *scene, lc_object *object, const lc_m4 *world);
/* The inverse transpose of world's upper 3x3 as a mat4 (zero w row and column): what
 * normals are transformed by (lc_gpu_object.normal). */
void lc_object_normal_matrix(const lc_m4 *world, lc_m4 *out);
/* World-space AABB of a mesh AABB under a transform (exact for the eight corners). */
void lc_transform_aabb(const lc_m4 *world, const float lo[3], const float hi[3], float out_lo[3], float out_hi[3]);
/* p' = world * (p, 1). */
void lc_transform_point(const lc_m4 *world, const float p[3], float out[3]);
/* Sets bounds_min/max over every object's transformed AABB (all zero for an empty scene). */
void lc_scene_compute_bounds(lc_scene *scene);
/* Stable sort of the objects by material. */
void lc_scene_sort_objects(lc_scene *scene);
/* Sum over objects of their mesh's triangles. */
uint64_t lc_scene_triangles(const lc_scene *scene);
/* Whether an object's material is LC_ALPHA_BLEND: drawn by the transparent pass, after the
 * opaque frame, and by no opaque pass (pre-pass, visibility ids, forward shade, GPU culling). */
bool lc_scene_object_blends(const lc_scene *scene, uint32_t object);
/* Whether an object casts shadows: every one but a BLEND object whose material's alpha factor
 * is below LC_BLEND_CASTS_ALPHA, which casts nothing (docs/MATERIALS.md, "What BLEND surfaces
 * cast"): a lamp shade or a marker of 10 % alpha must not black out its light. */
#define LC_BLEND_CASTS_ALPHA 0.5f
bool lc_scene_object_casts(const lc_scene *scene, uint32_t object);

#endif
