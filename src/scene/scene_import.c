/* glTF 2.0 / OBJ import through assimp's C API. The node tree is walked here (not
 * PreTransformVertices): each aiMesh becomes one lc_mesh stored once, each (node, mesh) pair
 * an lc_object with the node's accumulated transform. Base-colour textures are decoded with
 * stb_image, one job each (src/cpu/jobs.h). */
#include "scene/scene.h"

#include "scene/gltf_decode.h"
#include "scene/import_anim.h"
#include "scene/import_materials.h"
#include "scene/texture_decode.h"

#include "cpu/jobs.h"
#include "lights/lights.h"

#include <assimp/GltfMaterial.h>
#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <cjson/cJSON.h>
#include <stb/stb_image.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(sizeof(struct aiMatrix4x4) == 16 * sizeof(float), "assimp built with double precision");

#define MAX_ELEMENTS (1ull << 28) /* vertices or indices */
#define MAX_BYTES (1ull << 31)    /* geometry arrays together */
#define MAX_FILE_BYTES (1ull << 31) /* a scene file read whole (glTF) */

typedef struct instance {
    uint32_t mesh;
    struct aiMatrix4x4 world;
    const struct aiNode *node;
} instance;

typedef struct instance_list {
    instance *data;
    uint32_t count, cap;
} instance_list;

static void instance_push(instance_list *l, instance inst)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->data = lc_realloc(l->data, (size_t)l->cap * sizeof *l->data);
    }
    l->data[l->count++] = inst;
}

static struct aiMatrix4x4 mat_mul(const struct aiMatrix4x4 *a, const struct aiMatrix4x4 *b)
{
    /* assimp matrices are row-major with the translation in a4, b4, c4. */
    float x[16], y[16], o[16];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            o[i * 4 + j] =
                x[i * 4] * y[j] + x[i * 4 + 1] * y[4 + j] + x[i * 4 + 2] * y[8 + j] + x[i * 4 + 3] * y[12 + j];
    struct aiMatrix4x4 r;
    memcpy(&r, o, sizeof r);
    return r;
}

/* Every (node, mesh) pair with the node's accumulated transform; a stack, not recursion,
 * so a deep hierarchy in a hostile file cannot overflow ours. */
static void collect_instances(const struct aiScene *ai, instance_list *out)
{
    typedef struct entry {
        const struct aiNode *node;
        struct aiMatrix4x4 world;
    } entry;
    size_t count = 1, cap = 64;
    entry *stack = lc_alloc(cap * sizeof *stack);
    stack[0] = (entry){ai->mRootNode, ai->mRootNode->mTransformation};
    while (count) {
        entry e = stack[--count];
        for (unsigned i = 0; i < e.node->mNumMeshes; i++)
            if (e.node->mMeshes[i] < ai->mNumMeshes) instance_push(out, (instance){e.node->mMeshes[i], e.world, e.node});
        if (count + e.node->mNumChildren > cap) {
            cap = (count + e.node->mNumChildren) * 2;
            stack = lc_realloc(stack, cap * sizeof *stack);
        }
        /* Pushed in reverse so children come out in file order. */
        for (unsigned i = e.node->mNumChildren; i-- > 0;) {
            const struct aiNode *child = e.node->mChildren[i];
            if (child) stack[count++] = (entry){child, mat_mul(&e.world, &child->mTransformation)};
        }
    }
    free(stack);
}

/* ---------------------------------------------------------------- skins */

static lc_m4 to_m4(const struct aiMatrix4x4 *w);

typedef struct node_world {
    const struct aiNode *node;
    struct aiMatrix4x4 world;
} node_world;

/* Every node with its accumulated transform, for finding a skin's joints by name. */
static node_world *node_worlds(const struct aiScene *ai, uint32_t *count)
{
    size_t n = 0, cap = 64, top = 1, stack_cap = 64;
    node_world *out = lc_alloc(cap * sizeof *out), *stack = lc_alloc(stack_cap * sizeof *stack);
    stack[0] = (node_world){ai->mRootNode, ai->mRootNode->mTransformation};
    while (top) {
        node_world e = stack[--top];
        if (n == cap) out = lc_realloc(out, (cap *= 2) * sizeof *out);
        out[n++] = e;
        if (top + e.node->mNumChildren > stack_cap) {
            stack_cap = (top + e.node->mNumChildren) * 2;
            stack = lc_realloc(stack, stack_cap * sizeof *stack);
        }
        for (unsigned i = 0; i < e.node->mNumChildren; i++)
            if (e.node->mChildren[i])
                stack[top++] = (node_world){e.node->mChildren[i], mat_mul(&e.world, &e.node->mChildren[i]->mTransformation)};
    }
    free(stack);
    *count = (uint32_t)n;
    return out;
}

/* Applies a mesh's skin on the CPU: each vertex becomes the weighted sum of its joints' world
 * transforms times their inverse bind matrices (assimp's offset matrices), so the mesh stands in
 * the pose its joint nodes give, in world space (its object then takes no transform of its own,
 * as glTF ignores a skinned mesh node's transform). */
static void apply_skin(const struct aiMesh *m, lc_vertex *verts, const node_world *nodes, uint32_t node_count)
{
    float *acc = lc_calloc((size_t)m->mNumVertices * 10, sizeof *acc); /* position, normal, tangent, weight */
    for (unsigned b = 0; b < m->mNumBones; b++) {
        const struct aiBone *bone = m->mBones[b];
        if (!bone) continue;
        const node_world *joint = NULL;
        for (uint32_t i = 0; i < node_count && !joint; i++)
            if (nodes[i].node->mName.length == bone->mName.length && !strcmp(nodes[i].node->mName.data, bone->mName.data))
                joint = &nodes[i];
        if (!joint) continue;
        struct aiMatrix4x4 skin = mat_mul(&joint->world, &bone->mOffsetMatrix);
        lc_m4 k = to_m4(&skin);
        for (unsigned w = 0; w < bone->mNumWeights; w++) {
            unsigned v = bone->mWeights[w].mVertexId;
            float wt = bone->mWeights[w].mWeight;
            if (v >= m->mNumVertices || !(wt > 0.0f) || !isfinite(wt)) continue;
            float p[3], *a = acc + (size_t)v * 10;
            lc_transform_point(&k, verts[v].position, p);
            const float *n = verts[v].normal, *t = verts[v].tangent;
            for (int c = 0; c < 3; c++) {
                a[c] += wt * p[c];
                a[3 + c] += wt * (k.m[c] * n[0] + k.m[4 + c] * n[1] + k.m[8 + c] * n[2]);
                a[6 + c] += wt * (k.m[c] * t[0] + k.m[4 + c] * t[1] + k.m[8 + c] * t[2]);
            }
            a[9] += wt;
        }
    }
    for (unsigned v = 0; v < m->mNumVertices; v++) {
        const float *a = acc + (size_t)v * 10;
        if (!(a[9] > 0.0f)) continue; /* no joint: left where it is */
        float len = sqrtf(a[3] * a[3] + a[4] * a[4] + a[5] * a[5]);
        for (int c = 0; c < 3; c++) {
            float p = a[c] / a[9];
            if (isfinite(p)) verts[v].position[c] = p;
            if (len > 1e-30f && isfinite(len)) verts[v].normal[c] = a[3 + c] / len;
            verts[v].tangent[c] = a[6 + c]; /* made unit and perpendicular again below */
        }
        lc_vertex_fix_tangent(&verts[v]);
    }
    free(acc);
}

static uint32_t triangle_count(const struct aiMesh *m)
{
    if (!(m->mPrimitiveTypes & aiPrimitiveType_TRIANGLE) || !m->mVertices) return 0;
    uint32_t n = 0;
    for (unsigned f = 0; f < m->mNumFaces; f++) n += m->mFaces[f].mNumIndices == 3;
    return n;
}

static float finite_or(float v, float fallback) { return isfinite(v) ? v : fallback; }

/* assimp's row-major matrix (translation in a4, b4, c4) as our column-major one. */
static lc_m4 to_m4(const struct aiMatrix4x4 *w)
{
    return (lc_m4){{w->a1, w->b1, w->c1, w->d1, w->a2, w->b2, w->c2, w->d2, w->a3, w->b3, w->c3, w->d3, w->a4, w->b4,
                    w->c4, w->d4}};
}

/* One channel of a vertex colour as an 8-bit unorm (NaN: 0). */
static uint32_t unorm8(float c)
{
    return (uint32_t)nearbyintf(LC_CLAMP(finite_or(c, 0.0f), 0.0f, 1.0f) * 255.0f);
}

/* The first vertex colour set (glTF COLOR_0: linear, as assimp passes it on; RGB arrives with
 * alpha 1, normalized integers as floats in [0, 1]) as lc_vertex.color. */
static uint32_t pack_color(struct aiColor4D c)
{
    return unorm8(c.r) | unorm8(c.g) << 8 | unorm8(c.b) << 16 | unorm8(c.a) << 24;
}

/* Writes one mesh's vertices (mesh-local) and triangles (mesh-local indices); returns the
 * index count. Missing normals default to +Y (GenSmoothNormals fills them for triangles),
 * missing UVs to 0. Tangents are the file's (glTF TANGENT: assimp gives the tangent and
 * cross(normal, tangent) * w as the bitangent) or assimp's CalcTangentSpace ones from the UVs;
 * either way w is the side of cross(normal, tangent) the bitangent lies on. A mesh without
 * UVs has none: any unit tangent perpendicular to the normal, w = +1. A mesh without vertex
 * colours is white. */
static uint32_t emit_mesh(const struct aiMesh *m, lc_vertex *verts, uint32_t *indices)
{
    const struct aiVector3D *uv = m->mTextureCoords[0];
    const struct aiColor4D *col = m->mColors[0];
    for (unsigned i = 0; i < m->mNumVertices; i++) {
        lc_vertex *v = &verts[i];
        struct aiVector3D p = m->mVertices[i];
        v->position[0] = p.x;
        v->position[1] = p.y;
        v->position[2] = p.z;
        struct aiVector3D n = m->mNormals ? m->mNormals[i] : (struct aiVector3D){0.0f, 1.0f, 0.0f};
        float len = sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
        bool ok = len > 1e-30f && isfinite(len);
        v->normal[0] = ok ? n.x / len : 0.0f;
        v->normal[1] = ok ? n.y / len : 1.0f;
        v->normal[2] = ok ? n.z / len : 0.0f;
        /* assimp hands out OpenGL-style UVs (v = 0 at the bottom, glTF flipped on import);
         * Vulkan samples v = 0 at the image's first row, so flip back. */
        v->uv[0] = uv ? finite_or(uv[i].x, 0.0f) : 0.0f;
        v->uv[1] = uv ? finite_or(1.0f - uv[i].y, 0.0f) : 0.0f;
        memset(v->tangent, 0, sizeof v->tangent);
        if (m->mTangents) {
            struct aiVector3D t = m->mTangents[i];
            v->tangent[0] = t.x;
            v->tangent[1] = t.y;
            v->tangent[2] = t.z;
            v->tangent[3] = 1.0f;
            if (m->mBitangents) {
                /* Bitangent against cross(n, t): assimp's UVs are flipped (v up), so its
                 * bitangent runs to decreasing v of ours, glTF's convention. */
                struct aiVector3D b = m->mBitangents[i];
                float cx = n.y * t.z - n.z * t.y, cy = n.z * t.x - n.x * t.z, cz = n.x * t.y - n.y * t.x;
                if (cx * b.x + cy * b.y + cz * b.z < 0.0f) v->tangent[3] = -1.0f;
            }
        }
        lc_vertex_fix_tangent(v);
        v->color = col ? pack_color(col[i]) : LC_VERTEX_WHITE;
    }
    uint32_t n = 0;
    for (unsigned f = 0; f < m->mNumFaces; f++) {
        const struct aiFace *face = &m->mFaces[f];
        if (face->mNumIndices != 3) continue;
        /* Winding is kept: a mirroring object carries LC_OBJECT_MIRRORED instead. */
        for (int k = 0; k < 3; k++) indices[n++] = face->mIndices[k];
    }
    return n;
}

/* The accumulated transform of the first node named name (walking the tree as for meshes). */
static const struct aiNode *find_node_world(const struct aiScene *ai, const struct aiString *name, struct aiMatrix4x4 *world)
{
    typedef struct entry {
        const struct aiNode *node;
        struct aiMatrix4x4 world;
    } entry;
    size_t count = 1, cap = 64;
    entry *stack = lc_alloc(cap * sizeof *stack);
    stack[0] = (entry){ai->mRootNode, ai->mRootNode->mTransformation};
    const struct aiNode *node = NULL;
    while (count) {
        entry e = stack[--count];
        if (e.node->mName.length == name->length && strcmp(e.node->mName.data, name->data) == 0) {
            *world = e.world;
            node = e.node;
            break;
        }
        if (count + e.node->mNumChildren > cap) {
            cap = (count + e.node->mNumChildren) * 2;
            stack = lc_realloc(stack, cap * sizeof *stack);
        }
        for (unsigned i = e.node->mNumChildren; i-- > 0;) {
            const struct aiNode *child = e.node->mChildren[i];
            if (child) stack[count++] = (entry){child, mat_mul(&e.world, &child->mTransformation)};
        }
    }
    free(stack);
    return node;
}

/* Camera i of the file, through the node of the same name: position and yaw/pitch into cam
 * (camera.h conventions). False when it is missing or degenerate. */
static bool file_camera(const struct aiScene *ai, unsigned index, float cam[5])
{
    if (index >= ai->mNumCameras || !ai->mCameras || !ai->mCameras[index]) return false;
    const struct aiCamera *c = ai->mCameras[index];
    struct aiMatrix4x4 w = {0};
    const struct aiNode *node = find_node_world(ai, &c->mName, &w);
    if (!node) return false;
    lc_m4 m = to_m4(&w);
    float p[3] = {c->mPosition.x, c->mPosition.y, c->mPosition.z}, pos[3];
    /* assimp 5.2's glTF importer also copies the node's translation into mPosition, which is
     * relative to the node: counted once, through the node. */
    const struct aiMatrix4x4 *local = &node->mTransformation;
    if (p[0] == local->a4 && p[1] == local->b4 && p[2] == local->c4) p[0] = p[1] = p[2] = 0.0f;
    lc_transform_point(&m, p, pos);
    float d[3];
    for (int k = 0; k < 3; k++) d[k] = m.m[k] * c->mLookAt.x + m.m[4 + k] * c->mLookAt.y + m.m[8 + k] * c->mLookAt.z;
    float len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (!(len > 1e-12f) || !isfinite(len) || !isfinite(pos[0] + pos[1] + pos[2])) return false;
    for (int k = 0; k < 3; k++) d[k] /= len;
    /* forward = (-sin(yaw) cos(pitch), sin(pitch), -cos(yaw) cos(pitch)) */
    cam[0] = pos[0];
    cam[1] = pos[1];
    cam[2] = pos[2];
    cam[3] = atan2f(-d[0], -d[2]) * 180.0f / 3.14159265f;
    /* Straight up or down has no yaw; --camera's limit keeps the view matrix defined. */
    cam[4] = LC_CLAMP(asinf(LC_CLAMP(d[1], -1.0f, 1.0f)) * 180.0f / 3.14159265f, -89.9f, 89.9f);
    return true;
}

/* The file's cameras that assimp placed, in file order, with the projection the JSON gives
 * (assimp 5.2 folds the aspect into its horizontal field of view). */
static void collect_cameras(lc_scene *s, const struct aiScene *ai, const lc_gltf_info *info)
{
    if (!ai->mNumCameras) return;
    s->cameras = lc_calloc(ai->mNumCameras, sizeof *s->cameras);
    for (unsigned i = 0; i < ai->mNumCameras; i++) {
        lc_scene_camera *c = &s->cameras[s->camera_count];
        if (!file_camera(ai, i, c->pose)) continue;
        *c = (lc_scene_camera){{c->pose[0], c->pose[1], c->pose[2], c->pose[3], c->pose[4]}, 60.0f, 0.0f, 0.0f, INFINITY};
        if (info && i < info->camera_count) {
            const lc_gltf_camera *g = &info->cameras[i];
            c->yfov_deg = g->yfov_deg;
            c->aspect = g->aspect;
            c->znear = g->znear;
            c->zfar = g->zfar;
        }
        s->camera_count++;
    }
    bool ortho = false;
    for (uint32_t i = 0; info && i < info->camera_count; i++) ortho |= info->cameras[i].orthographic;
    if (ortho)
        lc_warn("%s: orthographic cameras are drawn in perspective (60 degrees)", s->name);
}

/* The file's point and spot lights (KHR_lights_punctual), placed by the nodes assimp names
 * after them, with the intensity, range and cone the JSON gives (assimp keeps the file's order
 * but folds the intensity into the colour and drops the range). Directional lights have no
 * place in a culled light list: one warning. */
static void collect_lights(lc_scene *s, const struct aiScene *ai, const lc_gltf_info *info, const lc_import_anim *im)
{
    if (!info || !ai->mNumLights || !ai->mLights) return;
    s->lights = lc_calloc(ai->mNumLights, sizeof *s->lights);
    if (s->anim) s->anim->light_node = lc_calloc(ai->mNumLights, sizeof *s->anim->light_node);
    uint32_t directional = 0;
    for (unsigned i = 0; i < ai->mNumLights && i < info->light_count; i++) {
        const struct aiLight *al = ai->mLights[i];
        const lc_gltf_light *g = &info->lights[i];
        if (!al) continue;
        if (g->type == 2) {
            directional++;
            continue;
        }
        struct aiMatrix4x4 w = {0};
        const struct aiNode *node = find_node_world(ai, &al->mName, &w);
        if (!node) continue;
        lc_m4 m = to_m4(&w);
        lc_light *l = &s->lights[s->light_count];
        *l = (lc_light){.type = g->type == 1 ? LC_LIGHT_SPOT : LC_LIGHT_POINT, .radius = g->range, .intensity = g->intensity,
                        .inner_deg = g->inner_deg, .outer_deg = g->outer_deg};
        memcpy(l->color, g->color, sizeof l->color);
        /* At the node's origin, along its -Z (the spec's); the node's scale does not change
         * the range (glTF: "range is not affected by the node's scale"), used as given. */
        const float origin[3] = {0.0f, 0.0f, 0.0f};
        lc_transform_point(&m, origin, l->position);
        float d[3], len = 0.0f;
        for (int k = 0; k < 3; k++) d[k] = -m.m[8 + k], len += d[k] * d[k];
        len = sqrtf(len);
        if (!(len > 1e-20f) || !isfinite(len) || !isfinite(l->position[0] + l->position[1] + l->position[2])) continue;
        for (int k = 0; k < 3; k++) l->direction[k] = d[k] / len;
        if (s->anim) s->anim->light_node[s->light_count] = lc_import_anim_node(im, node);
        s->light_count++;
    }
    if (directional)
        lc_warn("%s: %u directional light%s (KHR_lights_punctual) not drawn: only point and spot lights are culled", s->name,
                directional, directional == 1 ? "" : "s");
}

/* ---------------------------------------------------------------- entry point */

/* Points and lines are dropped at import; we only draw triangles. */
#define IMPORT_FLAGS                                                                                               \
    (aiProcess_Triangulate | aiProcess_GenSmoothNormals | aiProcess_CalcTangentSpace |                   \
     aiProcess_JoinIdenticalVertices | aiProcess_SortByPType | aiProcess_ValidateDataStructure)

static struct aiPropertyStore *import_properties(void)
{
    struct aiPropertyStore *props = aiCreatePropertyStore();
    aiSetImportPropertyInteger(props, AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    return props;
}

/* Everything after assimp: instances, materials, default view, validation. Releases ai.
 * what names the scene in messages; path locates external textures (NULL: none are read). */
static lc_status build_scene(lc_scene *out, const struct aiScene *ai, const char *what, const char *path,
                             lc_gltf_info *info)
{
    if (!ai->mRootNode) {
        lc_error("scene '%s' has no node hierarchy", what);
        aiReleaseImport(ai);
        return LC_ERR_INPUT;
    }
    lc_copy_str(out->name, sizeof out->name, lc_base_name(what));
    instance_list instances = {0};
    collect_instances(ai, &instances);
    /* One lc_mesh per aiMesh with triangles, however many nodes use it. */
    uint32_t *mesh_of = lc_alloc(LC_MAX(1u, ai->mNumMeshes) * sizeof *mesh_of);
    uint64_t vertices = 0, indices = 0, meshes = 0, objects = 0;
    for (unsigned i = 0; i < ai->mNumMeshes; i++) {
        uint32_t tris = triangle_count(ai->mMeshes[i]);
        mesh_of[i] = tris ? (uint32_t)meshes++ : UINT32_MAX;
        if (!tris) continue;
        vertices += ai->mMeshes[i]->mNumVertices;
        indices += 3ull * tris;
    }
    for (uint32_t i = 0; i < instances.count; i++) objects += mesh_of[instances.data[i].mesh] != UINT32_MAX;
    lc_status status = LC_OK;
    uint64_t bytes = vertices * sizeof(lc_vertex) + indices * sizeof(uint32_t) + meshes * sizeof(lc_mesh) +
                     objects * sizeof(lc_object);
    if (!indices || !objects) {
        lc_error("scene '%s' has no triangles", what);
        status = LC_ERR_INPUT;
    } else if (vertices > MAX_ELEMENTS || indices > MAX_ELEMENTS || objects > LC_OBJECTS_MAX || bytes > MAX_BYTES) {
        lc_error("scene '%s' is too large: %llu vertices, %llu indices, %llu objects, %llu MiB", what,
                 (unsigned long long)vertices, (unsigned long long)indices, (unsigned long long)objects,
                 (unsigned long long)(bytes >> 20));
        status = LC_ERR_INPUT;
    }
    if (status != LC_OK) {
        free(mesh_of);
        free(instances.data);
        aiReleaseImport(ai);
        return status;
    }

    out->vertices = lc_alloc(vertices * sizeof *out->vertices);
    out->indices = lc_alloc(indices * sizeof *out->indices);
    out->meshes = lc_calloc(meshes, sizeof *out->meshes);
    out->objects = lc_calloc(objects, sizeof *out->objects);
    uint32_t material_count = LC_MAX(1u, ai->mNumMaterials);
    node_world *nodes = NULL;
    uint32_t node_count = 0, skinned = 0, morphs = 0, morphs_played = 0;
    /* Files with animations keep their node hierarchy (scene/animation.h). */
    lc_import_anim im = {0};
    if (lc_import_anim_create(&im, ai, info, out->name)) out->anim = im.anim, out->anim_destroy = lc_scene_anim_destroy;
    for (unsigned i = 0; i < ai->mNumMeshes; i++) {
        if (mesh_of[i] == UINT32_MAX) continue;
        const struct aiMesh *m = ai->mMeshes[i];
        lc_mesh *mesh = &out->meshes[out->mesh_count++];
        mesh->first_vertex = out->vertex_count;
        mesh->vertex_count = m->mNumVertices;
        mesh->first_index = out->index_count;
        mesh->index_count = emit_mesh(m, out->vertices + out->vertex_count, out->indices + out->index_count);
        if (m->mNumBones && m->mBones && out->anim) {
            lc_import_anim_skin(&im, m, out->mesh_count - 1, out->vertices + out->vertex_count);
            skinned++;
        } else if (m->mNumBones && m->mBones) {
            if (!nodes) nodes = node_worlds(ai, &node_count);
            apply_skin(m, out->vertices + out->vertex_count, nodes, node_count);
            skinned++;
        }
        morphs += m->mNumAnimMeshes > 0;
        mesh->material = m->mMaterialIndex < material_count ? m->mMaterialIndex : 0;
        lc_copy_str(mesh->name, sizeof mesh->name, m->mName.length ? m->mName.data : "mesh");
        out->vertex_count += m->mNumVertices;
        out->index_count += mesh->index_count;
        lc_mesh_compute_aabb(out, mesh);
    }
    for (uint32_t i = 0; i < instances.count; i++) {
        uint32_t mesh = mesh_of[instances.data[i].mesh];
        if (mesh == UINT32_MAX) continue;
        lc_object *o = &out->objects[out->object_count++];
        o->mesh = mesh;
        o->material = out->meshes[mesh].material;
        const struct aiMesh *am = ai->mMeshes[instances.data[i].mesh];
        lc_m4 w = am->mNumBones && am->mBones ? (lc_m4){{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}
                                              : to_m4(&instances.data[i].world);
        lc_object_set_world(out, o, &w);
        /* Skinned meshes are posed in world space: they follow no node of their own. */
        uint32_t node = am->mNumBones && am->mBones ? UINT32_MAX : lc_import_anim_node(&im, instances.data[i].node);
        o->node = node == UINT32_MAX ? 0 : node + 1;
        /* Morph targets (not on skinned meshes) follow their node's weights. */
        if (out->anim && am->mNumAnimMeshes && !(am->mNumBones && am->mBones) &&
            lc_import_anim_morph(&im, am, mesh, instances.data[i].node, out->vertices + out->meshes[mesh].first_vertex))
            morphs_played++;
    }
    free(nodes);
    if (out->anim) {
        /* The rest pose (no animation playing) until the app picks one. */
        lc_scene_anim_select(out, LC_ANIMATION_NONE);
        lc_scene_animate(out, 0.0);
        lc_scene_pose_skins(out);
        out->anim->moved_count = 0;
        if (skinned)
            lc_info("%s: %u skinned mesh%s, posed each frame its joints move (--skinning)", out->name, skinned,
                    skinned == 1 ? "" : "es");
    } else if (skinned || (info && info->skins))
        lc_warn("%s: %u skinned mesh%s drawn in the pose the file's joints give (skinning applied at load); animation is "
                "not played",
                out->name, skinned, skinned == 1 ? "" : "es");
    else if (ai->mNumAnimations || (info && info->animations))
        lc_warn("%s: the file's animations are not played", out->name);
    if (!out->anim || !out->anim->morph_count) morphs_played = 0;
    if ((morphs || (info && info->morph_targets)) && !morphs_played)
        lc_warn("%s: morph targets are drawn in their base shape (weights not applied)", out->name);
    else if (morphs > (out->anim ? out->anim->morph_count : 0))
        lc_warn("%s: %u of %u morph-target meshes are drawn in their base shape (skinned, or no node gives them weights)",
                out->name, morphs - out->anim->morph_count, morphs);
    free(mesh_of);
    free(instances.data);

    lc_import_materials(ai, path, out);
    lc_scene_sort_objects(out);
    lc_scene_compute_bounds(out);
    collect_cameras(out, ai, info);
    collect_lights(out, ai, info, &im);
    lc_import_anim_finish(&im);
    lc_scene_first_view(out);
    aiReleaseImport(ai);
    status = lc_scene_validate(out);
    if (status != LC_OK) lc_scene_destroy(out);
    return status;
}

/* The extension of a path or hint, lower case, without the dot ("" if none). */
static void extension_of(const char *name, char ext[8])
{
    const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');
    const char *e = dot && (!slash || dot > slash) ? dot + 1 : (strchr(name, '/') ? "" : name);
    size_t n = 0;
    for (; e[n] && n < 7; n++) ext[n] = (char)tolower((unsigned char)e[n]);
    ext[n] = 0;
    if (e[n]) ext[0] = 0; /* longer than any we know */
}

/* assimp's own message, unless it is one that does not name the problem. */
static const struct aiScene *import_failed_message(const struct aiScene *ai, const char *what)
{
    if (!ai) {
        const char *msg = aiGetErrorString();
        if (!msg || !*msg || strstr(msg, "No suitable reader"))
            lc_error("cannot import scene '%s': not a readable glTF 2.0 or OBJ file", what);
        else
            lc_error("cannot import scene '%s': %s", what, msg);
    }
    return ai;
}

/* glTF (text or GLB) or OBJ; anything else is refused by name. data is the whole file for
 * glTF; for OBJ (never read here) path is set. */
static lc_status load_bytes(lc_scene *out, const uint8_t *data, size_t size, const char *ext, const char *path,
                            const char *what)
{
    lc_model_kind kind = lc_model_sniff(data, size);
    if (kind == LC_MODEL_OTHER && strcmp(ext, "obj") != 0) {
        lc_model_refuse(data, size, ext, what);
        return LC_ERR_INPUT;
    }
    struct aiPropertyStore *props = import_properties();
    const struct aiScene *ai = NULL;
    lc_gltf_info info = {0};
    bool gltf = kind != LC_MODEL_OTHER;
    if (gltf) {
        char dir[4096];
        if (path) lc_dir_name(dir, sizeof dir, path);
        if (lc_gltf_prepare(data, size, path ? dir : NULL, what, &info) != LC_OK) {
            aiReleasePropertyStore(props);
            return LC_ERR_INPUT;
        }
    }
    if (info.glb)
        ai = aiImportFileFromMemoryWithProperties((const char *)info.glb, (unsigned)info.glb_size, IMPORT_FLAGS, "glb", props);
    else if (path)
        ai = aiImportFileExWithProperties(path, IMPORT_FLAGS, NULL, props);
    else
        ai = aiImportFileFromMemoryWithProperties((const char *)data, (unsigned)size, IMPORT_FLAGS,
                                                  kind == LC_MODEL_GLB ? "glb" : gltf ? "gltf" : "obj", props);
    aiReleasePropertyStore(props);
    lc_status s = import_failed_message(ai, what) ? build_scene(out, ai, what, path, gltf ? &info : NULL) : LC_ERR_INPUT;
    lc_gltf_info_free(&info);
    return s;
}

lc_status lc_scene_load_file(lc_scene *out, const char *path)
{
    memset(out, 0, sizeof *out);
    struct stat st;
    if (stat(path, &st) != 0) {
        lc_error("cannot open scene '%s': %s", path, strerror(errno));
        return LC_ERR_INPUT;
    }
    if (!S_ISREG(st.st_mode)) {
        lc_error("scene '%s' is not a regular file", path);
        return LC_ERR_INPUT;
    }
    if (st.st_size == 0) {
        lc_error("scene '%s' is empty", path);
        return LC_ERR_INPUT;
    }
    if ((uint64_t)st.st_size > MAX_FILE_BYTES) {
        lc_error("scene '%s' is too large: %llu MiB", path, (unsigned long long)(st.st_size >> 20));
        return LC_ERR_INPUT;
    }
    char ext[8];
    extension_of(path, ext);
    FILE *f = fopen(path, "rb");
    if (!f) {
        lc_error("cannot open scene '%s': %s", path, strerror(errno));
        return LC_ERR_INPUT;
    }
    /* The head says what it is; only glTF is read whole here (OBJ goes to assimp by path). */
    uint8_t head[64];
    size_t n = fread(head, 1, sizeof head, f), size = (size_t)st.st_size;
    uint8_t *data = NULL;
    if (lc_model_sniff(head, n) != LC_MODEL_OTHER) {
        data = lc_alloc(size);
        memcpy(data, head, n);
        if (n < size && fread(data + n, 1, size - n, f) != size - n) {
            lc_error("cannot read scene '%s': %s", path, strerror(errno));
            free(data);
            fclose(f);
            return LC_ERR_INPUT;
        }
    }
    fclose(f);
    lc_status s = load_bytes(out, data ? data : head, data ? size : n, ext, path, path);
    free(data);
    return s;
}

lc_status lc_scene_load_memory(lc_scene *out, const void *data, size_t size, const char *hint)
{
    memset(out, 0, sizeof *out);
    if (!size || size > UINT32_MAX) {
        lc_error("scene in memory: %zu bytes", size);
        return LC_ERR_INPUT;
    }
    char ext[8];
    extension_of(hint ? hint : "", ext);
    if (lc_model_sniff(data, size) == LC_MODEL_OTHER && strcmp(ext, "obj") == 0) {
        /* OBJ straight to assimp, from memory */
        struct aiPropertyStore *props = import_properties();
        const struct aiScene *ai = aiImportFileFromMemoryWithProperties(data, (unsigned)size, IMPORT_FLAGS, "obj", props);
        aiReleasePropertyStore(props);
        return import_failed_message(ai, "(memory)") ? build_scene(out, ai, "(memory)", NULL, NULL) : LC_ERR_INPUT;
    }
    return load_bytes(out, data, size, ext, NULL, "(memory)");
}
