/* glTF/OBJ import through assimp (scene_import.c): the materials' factors, alpha modes and
 * samplers, and their textures, each file decoded once with stb_image on jobs. */
#include "scene/import_materials.h"

#include "scene/texture_decode.h"

#include <assimp/GltfMaterial.h>
#include <assimp/material.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float finite_or(float v, float fallback) { return isfinite(v) ? v : fallback; }

/* The job for a material's texture path, added if new, so each file is read once (once as
 * colour and once as data where materials use it both ways). */
static int32_t find_or_add_job(const struct aiScene *ai, const char *scene_dir, const char *tex_path, bool linear,
                               lc_texture_job **jobs, uint32_t *count, uint32_t *cap)
{
    char key[4096];
    const struct aiTexture *embedded = NULL;
    if (tex_path[0] == '*') {
        char *end;
        unsigned long idx = strtoul(tex_path + 1, &end, 10);
        lc_copy_str(key, sizeof key, tex_path);
        if (*end == 0 && idx < ai->mNumTextures) embedded = ai->mTextures[idx];
    } else {
        for (unsigned i = 0; i < ai->mNumTextures && !embedded; i++)
            if (ai->mTextures[i]->mFilename.length && strcmp(ai->mTextures[i]->mFilename.data, tex_path) == 0) {
                embedded = ai->mTextures[i];
                snprintf(key, sizeof key, "*%u", i);
            }
        if (!embedded) {
            /* OBJ files written on Windows use backslashes. */
            key[0] = 0;
            if (tex_path[0] != '/' && tex_path[0] != '\\' && scene_dir) {
                lc_copy_str(key, sizeof key, scene_dir);
                lc_append_str(key, sizeof key, "/");
            }
            size_t start = strlen(key);
            lc_append_str(key, sizeof key, tex_path);
            for (char *p = key + start; *p; p++)
                if (*p == '\\') *p = '/';
        }
    }
    for (uint32_t i = 0; i < *count; i++)
        if (strcmp((*jobs)[i].key, key) == 0 && (*jobs)[i].image.linear == (uint32_t)linear) return (int32_t)i;
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 32;
        *jobs = lc_realloc(*jobs, (size_t)*cap * sizeof **jobs);
    }
    lc_texture_job *job = &(*jobs)[*count];
    memset(job, 0, sizeof *job);
    lc_copy_str(job->key, sizeof job->key, key);
    job->image.linear = linear;
    char *name = job->image.name;
    if (embedded && embedded->mFilename.length) {
        lc_copy_str(name, sizeof job->image.name, lc_base_name(embedded->mFilename.data));
    } else if (key[0] == '*') {
        lc_copy_str(name, sizeof job->image.name, "embedded texture ");
        lc_append_str(name, sizeof job->image.name, key + 1);
    } else {
        lc_copy_str(name, sizeof job->image.name, lc_base_name(key));
    }
    job->embedded = embedded;
    if (tex_path[0] == '*' && !embedded) snprintf(job->error, sizeof job->error, "no such embedded texture");
    else if (!embedded && !scene_dir) snprintf(job->error, sizeof job->error, "external file (scene loaded from memory)");
    return (int32_t)(*count)++;
}

/* A material's texture slots, in the order lc_import_materials fills them: assimp's texture type
 * for each (glTF's metallic-roughness texture is aiTextureType_UNKNOWN; assimp 5.2 reports
 * glTF's occlusion texture as LIGHTMAP), a type other formats use for the same slot, and
 * whether its texels are data (linear) or colour (sRGB). */
#define TEX_SLOTS 5
static const struct {
    enum aiTextureType type, fallback;
    bool linear;
} tex_slots[TEX_SLOTS] = {
    {aiTextureType_BASE_COLOR, aiTextureType_DIFFUSE, false},
    {aiTextureType_UNKNOWN, aiTextureType_NONE, true},
    {aiTextureType_NORMALS, aiTextureType_NONE, true},
    {aiTextureType_LIGHTMAP, aiTextureType_AMBIENT_OCCLUSION, true},
    {aiTextureType_EMISSIVE, aiTextureType_NONE, false},
};

static float factor_or(const struct aiMaterial *am, const char *key, unsigned type, unsigned index, float fallback)
{
    ai_real v;
    unsigned int one = 1;
    if (aiGetMaterialFloatArray(am, key, type, index, &v, &one) != aiReturn_SUCCESS || !isfinite((float)v)) return fallback;
    return (float)v;
}

/* The material's factors: glTF's where the file has them, a dielectric's otherwise. */
static void read_factors(const struct aiMaterial *am, lc_material *m)
{
    /* glTF says whether a material is double-sided (assimp always sets the key); OBJ and
     * others say nothing, so they stay two-sided (no back-face culling). */
    int two_sided = 1;
    unsigned int one = 1;
    if (aiGetMaterialIntegerArray(am, AI_MATKEY_TWOSIDED, &two_sided, &one) != aiReturn_SUCCESS) two_sided = 1;
    m->two_sided = two_sided != 0;
    struct aiColor4D c;
    if (aiGetMaterialColor(am, AI_MATKEY_BASE_COLOR, &c) == aiReturn_SUCCESS ||
        aiGetMaterialColor(am, AI_MATKEY_COLOR_DIFFUSE, &c) == aiReturn_SUCCESS) {
        m->base_color[0] = finite_or(c.r, 1.0f);
        m->base_color[1] = finite_or(c.g, 1.0f);
        m->base_color[2] = finite_or(c.b, 1.0f);
        m->base_color[3] = finite_or(c.a, 1.0f);
    }
    struct aiString mode;
    if (aiGetMaterialString(am, AI_MATKEY_GLTF_ALPHAMODE, &mode) == aiReturn_SUCCESS) {
        if (strcmp(mode.data, "MASK") == 0) m->alpha_mode = LC_ALPHA_MASK;
        else if (strcmp(mode.data, "BLEND") == 0) m->alpha_mode = LC_ALPHA_BLEND;
    }
    m->alpha_cutoff = LC_CLAMP(factor_or(am, AI_MATKEY_GLTF_ALPHACUTOFF, 0.5f), 0.0f, 1.0f);
    m->metallic = LC_CLAMP(factor_or(am, AI_MATKEY_METALLIC_FACTOR, m->metallic), 0.0f, 1.0f);
    m->roughness = LC_CLAMP(factor_or(am, AI_MATKEY_ROUGHNESS_FACTOR, m->roughness), 0.0f, 1.0f);
    m->normal_scale = factor_or(am, AI_MATKEY_GLTF_TEXTURE_SCALE(aiTextureType_NORMALS, 0), 1.0f);
    m->occlusion_strength = LC_CLAMP(factor_or(am, AI_MATKEY_GLTF_TEXTURE_STRENGTH(aiTextureType_LIGHTMAP, 0), 1.0f), 0.0f, 1.0f);
    /* KHR_materials_emissive_strength scales the factor (HDR emission). Only glTF gives an
     * emissive factor in physical terms; OBJ's Ke is read the same way. */
    if (aiGetMaterialColor(am, AI_MATKEY_COLOR_EMISSIVE, &c) == aiReturn_SUCCESS) {
        float strength = LC_MAX(factor_or(am, AI_MATKEY_EMISSIVE_INTENSITY, 1.0f), 0.0f);
        m->emissive[0] = LC_MAX(finite_or(c.r, 0.0f), 0.0f) * strength;
        m->emissive[1] = LC_MAX(finite_or(c.g, 0.0f), 0.0f) * strength;
        m->emissive[2] = LC_MAX(finite_or(c.b, 0.0f), 0.0f) * strength;
    }
}

/* A texture slot's sampler key (scene.h LC_SAMPLER_*) from what assimp read of the glTF
 * sampler: wrap modes per axis (aiTextureMapMode), the filters as glTF's enums. */
static uint8_t sampler_key(const struct aiMaterial *am, enum aiTextureType type, const enum aiTextureMapMode mode[2])
{
    uint8_t key = 0;
    for (int a = 0; a < 2; a++) {
        uint32_t w = mode[a] == aiTextureMapMode_Clamp || mode[a] == aiTextureMapMode_Decal ? LC_SAMPLER_WRAP_CLAMP
                     : mode[a] == aiTextureMapMode_Mirror                                   ? LC_SAMPLER_WRAP_MIRROR
                                                                                            : LC_SAMPLER_WRAP_REPEAT;
        key |= a == 0 ? LC_SAMPLER_WRAP_U(w) : LC_SAMPLER_WRAP_V(w);
    }
    int mag = 0, min = 0;
    unsigned int one = 1;
    if (aiGetMaterialIntegerArray(am, AI_MATKEY_GLTF_MAPPINGFILTER_MAG(type, 0), &mag, &one) == aiReturn_SUCCESS && mag == 9728)
        key |= LC_SAMPLER_MAG_NEAREST;
    one = 1;
    if (aiGetMaterialIntegerArray(am, AI_MATKEY_GLTF_MAPPINGFILTER_MIN(type, 0), &min, &one) == aiReturn_SUCCESS) {
        /* 9728 NEAREST, 9729 LINEAR, 9984 NEAREST_MIPMAP_NEAREST, 9985 LINEAR_MIPMAP_NEAREST,
         * 9986 NEAREST_MIPMAP_LINEAR, 9987 LINEAR_MIPMAP_LINEAR */
        if (min == 9728 || min == 9984 || min == 9986) key |= LC_SAMPLER_MIN_NEAREST;
        if (min == 9728 || min == 9729) key |= LC_SAMPLER_MIP_NONE;
        if (min == 9984 || min == 9985) key |= LC_SAMPLER_MIP_NEAREST;
    }
    return key;
}

/* path NULL: the scene came from memory and external texture files are not read. */
void lc_import_materials(const struct aiScene *ai, const char *path, lc_scene *out)
{
    char dir[4096];
    const char *scene_dir = NULL;
    if (path) {
        lc_dir_name(dir, sizeof dir, path);
        scene_dir = dir;
    }

    out->material_count = LC_MAX(1u, ai->mNumMaterials);
    out->materials = lc_calloc(out->material_count, sizeof *out->materials);
    /* Per material, its texture slots' jobs: base colour, metallic-roughness, normal,
     * occlusion, emissive (the order of tex_slots). */
    int32_t(*mat_job)[TEX_SLOTS] = lc_alloc(out->material_count * sizeof *mat_job);
    lc_texture_job *jobs = NULL;
    uint32_t job_count = 0, job_cap = 0;
    for (uint32_t i = 0; i < out->material_count; i++) {
        lc_material *m = &out->materials[i];
        *m = lc_material_make(1.0f, 1.0f, 1.0f, -1, true);
        for (int k = 0; k < TEX_SLOTS; k++) mat_job[i][k] = -1;
        if (i >= ai->mNumMaterials) continue;
        const struct aiMaterial *am = ai->mMaterials[i];
        read_factors(am, m);
        for (int k = 0; k < TEX_SLOTS; k++) {
            struct aiString tex;
            enum aiTextureMapMode mode[2] = {aiTextureMapMode_Wrap, aiTextureMapMode_Wrap};
            enum aiTextureType type = tex_slots[k].type;
            bool found = aiGetMaterialTexture(am, type, 0, &tex, NULL, NULL, NULL, NULL, mode, NULL) == aiReturn_SUCCESS;
            if (!found && tex_slots[k].fallback != aiTextureType_NONE) {
                type = tex_slots[k].fallback;
                found = aiGetMaterialTexture(am, type, 0, &tex, NULL, NULL, NULL, NULL, mode, NULL) == aiReturn_SUCCESS;
            }
            if (found && tex.length) {
                mat_job[i][k] = find_or_add_job(ai, scene_dir, tex.data, tex_slots[k].linear, &jobs, &job_count, &job_cap);
                m->sampler[k] = sampler_key(am, type, mode);
            }
        }
    }

    if (job_count) lc_texture_decode_all(jobs, job_count);

    out->images = lc_calloc(LC_MAX(1u, job_count), sizeof *out->images);
    /* Textures that cannot be loaded: one line for all of them (a model copied without its
     * textures folder misses dozens), counting them and naming the first. */
    uint32_t failed = 0;
    const lc_texture_job *first_failed = NULL;
    for (uint32_t i = 0; i < job_count; i++) {
        lc_texture_job *job = &jobs[i];
        if (job->image.rgba) {
            job->index = (int32_t)out->image_count;
            out->images[out->image_count++] = job->image;
        } else {
            job->index = -1;
            if (!failed++) first_failed = job;
        }
    }
    if (failed == 1)
        lc_warn("%s: texture '%s' cannot be loaded (%s); its materials use their colour factor", out->name, first_failed->key,
                first_failed->error[0] ? first_failed->error : "unknown error");
    else if (failed)
        lc_warn("%s: %u textures cannot be loaded, first: '%s' (%s); their materials use their colour factor", out->name, failed,
                first_failed->key, first_failed->error[0] ? first_failed->error : "unknown error");
    for (uint32_t i = 0; i < out->material_count; i++) {
        lc_material *m = &out->materials[i];
        int32_t *slot[TEX_SLOTS] = {&m->image, &m->metallic_roughness_image, &m->normal_image, &m->occlusion_image, &m->emissive_image};
        for (int k = 0; k < TEX_SLOTS; k++)
            if (mat_job[i][k] >= 0) *slot[k] = jobs[mat_job[i][k]].index;
    }
    free(jobs);
    free(mat_job);
}
