/* The material half of the assimp import (import_materials.c, used by scene_import.c). */
#ifndef LC_IMPORT_MATERIALS_H
#define LC_IMPORT_MATERIALS_H

#include "scene/scene.h"

#include <assimp/scene.h>

/* out's materials (one default material where the file has none) and images, from the file
 * at path (its folder holds external textures; NULL: loaded from memory, external files are
 * not read). Textures that cannot be loaded get one warning; their materials keep their
 * colour factors. */
void lc_import_materials(const struct aiScene *ai, const char *path, lc_scene *out);

#endif
