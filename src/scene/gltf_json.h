/* Internal to the glTF code before assimp (gltf_decode.c: checks and the entry point;
 * gltf_rewrite.c: buffers, accessors and the rewrite): the GLB layout, cJSON helpers, and the
 * rewrite the entry point calls. */
#ifndef LC_GLTF_JSON_H
#define LC_GLTF_JSON_H

#include "scene/gltf_decode.h"

#include <cjson/cJSON.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define GLB_MAGIC 0x46546C67u      /* "glTF" */
#define GLB_CHUNK_JSON 0x4E4F534Au /* "JSON" */
#define GLB_CHUNK_BIN 0x004E4942u  /* "BIN\0" */

static inline uint32_t le32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static inline void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static inline cJSON *get(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key); }

static inline double num(const cJSON *o, const char *key, double fallback)
{
    const cJSON *v = get(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : fallback;
}

/* A non-negative integer member, or -1. */
static inline int64_t index_of(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0.0) || v->valuedouble > 4e9 || v->valuedouble != floor(v->valuedouble))
        return -1;
    return (int64_t)v->valuedouble;
}

/* A JSON number that is a usable array index, or -1. */
static inline int item_index(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble >= 0.0 && v->valuedouble < 2147483647.0 && v->valuedouble == floor(v->valuedouble)
               ? (int)v->valuedouble
               : -1;
}

static inline bool string_in(const cJSON *array, const char *s)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, array) if (cJSON_IsString(e) && !strcmp(e->valuestring, s)) return true;
    return false;
}

static inline void remove_string(cJSON *array, const char *s)
{
    for (int i = cJSON_GetArraySize(array); i-- > 0;) {
        const cJSON *e = cJSON_GetArrayItem(array, i);
        if (cJSON_IsString(e) && !strcmp(e->valuestring, s)) cJSON_DeleteItemFromArray(array, i);
    }
}

/* o[key] = item, replacing or adding: o owns item either way (cJSON's replace alone leaves an
 * item whose key is missing to its caller, tests/corpus/fuzz_scene/regress-rewrite-no-buffers). */
static inline void set_item(cJSON *o, const char *key, cJSON *item)
{
    if (get(o, key)) cJSON_ReplaceItemInObjectCaseSensitive(o, key, item);
    else cJSON_AddItemToObject(o, key, item);
}

static inline void set_number(cJSON *o, const char *key, double v)
{
    set_item(o, key, cJSON_CreateNumber(v));
}

/* o[key] as an array, made (or remade, over a value of another type) where it is not one. */
static inline cJSON *array_of(cJSON *o, const char *key)
{
    cJSON *a = get(o, key);
    if (!cJSON_IsArray(a)) set_item(o, key, a = cJSON_CreateArray());
    return a;
}

/* A file's buffers (gltf_rewrite.c): buffer 0 a GLB's BIN chunk (bin) where it has no uri, data:
 * URIs decoded, files beside the scene read from dir (NULL: loaded from memory, none). */
typedef struct lc_gltf_buffers {
    const uint8_t *bin;
    size_t bin_size;
    const char *dir;
    const char *what;
    uint8_t **owned; /* per buffer: data loaded here (data: URI or file), freed by lc_gltf_buffers_free */
    size_t *size;
    const uint8_t **data;
    int count;
} lc_gltf_buffers;
/* Loads every buffer of root; false with why (one line, no prefix) at the first that cannot be
 * read. lc_gltf_buffers_free in either case. */
bool lc_gltf_buffers_load(lc_gltf_buffers *b, const cJSON *root, char *why, size_t why_size);
void lc_gltf_buffers_free(lc_gltf_buffers *b);
/* An accessor component of componentType ct as a float (normalized: glTF's signed and unsigned
 * normalisation), and the bytes it takes (0: not a glTF component type). */
float lc_gltf_component(const uint8_t *p, int ct, bool normalized);
int lc_gltf_component_size(int ct);

/* Whether the file needs the rewrite before assimp reads it: meshopt-compressed, quantized
 * attributes, an RGB COLOR_0, a transformed base-colour texture, or a skin without
 * inverse-bind matrices (gltf_rewrite.c). */
bool lc_gltf_needs_rewrite(const cJSON *root);
/* The rewrite into info->glb: the buffers loaded (bin: a GLB's BIN chunk; dir: where external
 * buffers live, NULL from memory), every bufferView gathered into one buffer, decoded and
 * dequantized, the fixes above applied. false after one lc_error line. */
bool lc_gltf_rewrite(cJSON *root, const uint8_t *bin, size_t bin_size, const char *dir, const char *what,
                     lc_gltf_info *info);

/* The nodes and animations into info (gltf_anim.c), from the JSON assimp will read: bin is its
 * BIN chunk, dir where external buffers live (NULL: none). A file whose animations cannot be
 * read keeps none (one warning); never an error. */
void lc_gltf_read_animations(const cJSON *root, const uint8_t *bin, size_t bin_size, const char *dir, const char *what,
                             lc_gltf_info *info);

#endif
