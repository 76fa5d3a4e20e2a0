/* The animation half of the assimp import (import_anim.c, used by scene_import.c): assimp's node
 * tree matched node for node against the glTF file's (assimp keeps the file's hierarchy and child
 * order: one root node is the tree's root, several hang under a "ROOT" of its own), so the
 * channels read from the JSON (gltf_anim.c) find the nodes whose objects, lights and skins
 * follow them. */
#ifndef LC_IMPORT_ANIM_H
#define LC_IMPORT_ANIM_H

#include "scene/animation.h"
#include "scene/gltf_decode.h"

#include <assimp/scene.h>

typedef struct lc_import_anim {
    lc_scene_anim *anim;
    const struct aiNode **ai; /* per scene node */
    struct node_ref *sorted;  /* (aiNode, scene node) by address, for lookups */
} lc_import_anim;

/* The hierarchy and animations where the file has animations and its tree matches assimp's
 * (else false: the file plays nothing, one warning). Takes info's animations. */
bool lc_import_anim_create(lc_import_anim *im, const struct aiScene *ai, lc_gltf_info *info, const char *what);
/* The scene node of an assimp node, UINT32_MAX for none. */
uint32_t lc_import_anim_node(const lc_import_anim *im, const struct aiNode *node);
/* Keeps a skinned mesh's bind vertices and bones (joints found by name, as assimp names them),
 * posed later by lc_scene_pose_skins. */
void lc_import_anim_skin(lc_import_anim *im, const struct aiMesh *m, uint32_t mesh, const lc_vertex *bind);
/* A morph-target mesh drawn by node (not skinned): its base vertices and targets' differences,
 * posed from the node's weights. false where it cannot be (no weights on the node, targets of
 * another vertex count): it keeps its base shape. */
bool lc_import_anim_morph(lc_import_anim *im, const struct aiMesh *m, uint32_t mesh, const struct aiNode *node, const lc_vertex *base);
/* Frees the lookups (the scene keeps im->anim). */
void lc_import_anim_finish(lc_import_anim *im);

#endif
