/* glTF 2.0 before assimp: the checks that name a bad file's real problem (invalid JSON with its
 * byte offset, a wrong GLB header, glTF 1.0, an unsupported required extension, a file that is
 * not a model at all), and the rewrite of what assimp 5.2 cannot read into a plain GLB it can:
 * EXT_meshopt_compression bufferViews decoded with meshoptimizer, KHR_mesh_quantization
 * attributes dequantized to float, a base-colour KHR_texture_transform applied to the UVs, and
 * an RGB COLOR_0 widened to RGBA with alpha 1 (assimp gives it alpha 0).
 * docs/GLTF.md lists what is supported, ignored and refused. */
#ifndef LC_GLTF_DECODE_H
#define LC_GLTF_DECODE_H

#include "common.h"

/* A camera as the file defines it (cameras[i]; assimp keeps the same order). */
typedef struct lc_gltf_camera {
    float yfov_deg;     /* vertical field of view */
    float aspect;       /* width / height the file asks for, 0 when it leaves it to the viewer */
    float znear, zfar;  /* zfar INFINITY: the file's infinite projection */
    bool orthographic;  /* drawn in perspective with yfov 60 (ymag is not honoured) */
} lc_gltf_camera;

/* A KHR_lights_punctual light as the file defines it (lights[i]; assimp keeps the same order
 * but folds the intensity into the colour and drops the range). */
typedef struct lc_gltf_light {
    uint32_t type;           /* 0 point, 1 spot, 2 directional (not drawn) */
    float color[3];          /* linear */
    float intensity;         /* candela (point, spot) */
    float range;             /* 0: none given (infinite) */
    float inner_deg, outer_deg; /* spot half-angles */
} lc_gltf_light;

/* A node as the file gives it (nodes[i]): the hierarchy assimp's node tree is matched against,
 * and its rest transform for animation (scene/animation.h). */
typedef struct lc_gltf_node {
    float t[3], r[4], s[3]; /* translation, rotation (xyzw), scale */
    float matrix[16];       /* column-major, where has_matrix */
    bool has_matrix;
    uint32_t first_child, child_count; /* into lc_gltf_info.children */
    uint32_t target_count;  /* its mesh's morph targets (first primitive's) */
    float *weights;         /* target_count default weights: the node's, else the mesh's, else 0 */
} lc_gltf_node;

struct lc_animation;

typedef struct lc_gltf_info {
    uint8_t *glb; /* the rewritten file as GLB, or NULL: assimp reads the original */
    size_t glb_size;
    lc_gltf_camera *cameras;
    uint32_t camera_count;
    lc_gltf_light *lights;
    uint32_t light_count;
    bool skins, morph_targets, animations;
    /* Read where the file has animations (gltf_anim.c): its nodes, the default scene's roots,
     * and the animations (channels name glTF nodes). */
    lc_gltf_node *nodes;
    uint32_t node_count;
    uint32_t *children, *roots;
    uint32_t child_total, root_count;
    struct lc_animation *anims;
    uint32_t anim_count;
} lc_gltf_info;

/* data holds a .gltf's text or a .glb (size bytes); dir is where its external buffers live
 * (NULL: loaded from memory, external buffers are an error when a rewrite needs them); what
 * names the file in messages. LC_OK fills info (free with lc_gltf_info_free); a bad file gets
 * one lc_error line and LC_ERR_INPUT. */
lc_status lc_gltf_prepare(const uint8_t *data, size_t size, const char *dir, const char *what, lc_gltf_info *info);
void lc_gltf_info_free(lc_gltf_info *info);

/* What a file's first bytes say it is, for the formats the importer refuses by name. */
typedef enum lc_model_kind {
    LC_MODEL_GLB,     /* starts with the GLB magic */
    LC_MODEL_GLTF,    /* JSON text */
    LC_MODEL_OTHER,   /* anything else: OBJ by name, otherwise refused */
} lc_model_kind;
lc_model_kind lc_model_sniff(const uint8_t *data, size_t size);
/* One line naming what a file that is neither glTF nor OBJ seems to be (an HTML page, a PNG,
 * a ZIP, ...); ext is its extension without the dot, or "". */
void lc_model_refuse(const uint8_t *data, size_t size, const char *ext, const char *what);

#endif
