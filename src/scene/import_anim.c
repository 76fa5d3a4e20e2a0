/* assimp's node tree against the glTF file's (import_anim.h). */
#include "scene/import_anim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct node_ref {
    const struct aiNode *ai;
    uint32_t node;
} node_ref;

static int ref_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const node_ref *)a)->ai, y = (uintptr_t)((const node_ref *)b)->ai;
    return x < y ? -1 : x > y;
}

typedef struct pair {
    const struct aiNode *ai;
    uint32_t gltf, parent;
} pair;

bool lc_import_anim_create(lc_import_anim *im, const struct aiScene *ai, lc_gltf_info *info, const char *what)
{
    memset(im, 0, sizeof *im);
    if (!info || !info->anim_count || !info->node_count || !ai->mRootNode) return false;
    uint32_t n = info->node_count;
    uint32_t *mine = lc_alloc((size_t)n * sizeof *mine);
    for (uint32_t i = 0; i < n; i++) mine[i] = UINT32_MAX;
    lc_scene_anim *a = lc_calloc(1, sizeof *a);
    a->nodes = lc_calloc(n, sizeof *a->nodes);
    im->ai = lc_calloc(n, sizeof *im->ai);
    /* Pairs (assimp node, glTF node), parents before children. */
    pair *stack = lc_alloc((size_t)(n + 1) * sizeof *stack);
    uint32_t top = 0;
    bool ok = true;
    const struct aiNode *r = ai->mRootNode;
    if (info->root_count == 1) {
        stack[top++] = (pair){r, info->roots[0], UINT32_MAX};
    } else if (r->mNumChildren == info->root_count) {
        for (uint32_t i = info->root_count; i-- > 0;) stack[top++] = (pair){r->mChildren[i], info->roots[i], UINT32_MAX};
    } else {
        ok = false;
    }
    while (top && ok) {
        pair p = stack[--top];
        const lc_gltf_node *g = &info->nodes[p.gltf];
        if (!p.ai || mine[p.gltf] != UINT32_MAX || p.ai->mNumChildren != g->child_count || a->node_count == n ||
            top + g->child_count > n + 1) {
            ok = false;
            break;
        }
        uint32_t me = a->node_count++;
        mine[p.gltf] = me;
        im->ai[me] = p.ai;
        lc_anim_node *an = &a->nodes[me];
        *an = (lc_anim_node){.parent = p.parent, .has_matrix = g->has_matrix};
        memcpy(an->t, g->t, sizeof an->t);
        memcpy(an->r, g->r, sizeof an->r);
        memcpy(an->s, g->s, sizeof an->s);
        memcpy(an->matrix.m, g->matrix, sizeof an->matrix.m);
        if (g->target_count) { /* this frame's weights, then the file's, in one block */
            an->weight_count = g->target_count;
            an->weights = lc_alloc(2 * (size_t)g->target_count * sizeof *an->weights);
            an->rest_weights = an->weights + g->target_count;
            memcpy(an->weights, g->weights, g->target_count * sizeof *an->weights);
            memcpy(an->rest_weights, g->weights, g->target_count * sizeof *an->weights);
        }
        for (uint32_t c = g->child_count; c-- > 0;)
            stack[top++] = (pair){p.ai->mChildren[c], info->children[g->first_child + c], me};
    }
    free(stack);
    if (!ok) {
        lc_warn("%s: the file's animations are not played (its node tree differs from the one assimp read)", what);
        free(mine);
        for (uint32_t i = 0; i < a->node_count; i++) free(a->nodes[i].weights);
        free(a->nodes);
        free(a);
        free(im->ai);
        im->ai = NULL;
        return false;
    }
    /* The animations, their channels on our nodes (channels on nodes outside the scene dropped). */
    a->animations = info->anims;
    a->animation_count = info->anim_count;
    info->anims = NULL;
    info->anim_count = 0;
    for (uint32_t k = 0; k < a->animation_count; k++) {
        lc_animation *an = &a->animations[k];
        uint32_t kept = 0;
        an->end = 0.0f;
        for (uint32_t c = 0; c < an->channel_count; c++) {
            lc_anim_channel ch = an->channels[c];
            if (mine[ch.node] == UINT32_MAX) {
                free(ch.times);
                free(ch.values);
                continue;
            }
            ch.node = mine[ch.node];
            an->channels[kept++] = ch;
            if (ch.key_count) an->end = fmaxf(an->end, ch.times[ch.key_count - 1]);
        }
        an->channel_count = kept;
    }
    free(mine);
    im->sorted = lc_alloc((size_t)LC_MAX(a->node_count, 1u) * sizeof *im->sorted);
    for (uint32_t i = 0; i < a->node_count; i++) im->sorted[i] = (node_ref){im->ai[i], i};
    qsort(im->sorted, a->node_count, sizeof *im->sorted, ref_cmp);
    a->active = LC_ANIMATION_NONE;
    im->anim = a;
    return true;
}

uint32_t lc_import_anim_node(const lc_import_anim *im, const struct aiNode *node)
{
    if (!im->anim) return UINT32_MAX;
    node_ref key = {node, 0};
    const node_ref *f = bsearch(&key, im->sorted, im->anim->node_count, sizeof key, ref_cmp);
    return f ? f->node : UINT32_MAX;
}

void lc_import_anim_skin(lc_import_anim *im, const struct aiMesh *m, uint32_t mesh, const lc_vertex *bind)
{
    lc_scene_anim *a = im->anim;
    a->skins = lc_realloc(a->skins, (a->skin_count + 1) * sizeof *a->skins);
    lc_skin *sk = &a->skins[a->skin_count++];
    *sk = (lc_skin){.mesh = mesh, .bind = lc_alloc((size_t)LC_MAX(m->mNumVertices, 1u) * sizeof *sk->bind)};
    memcpy(sk->bind, bind, (size_t)m->mNumVertices * sizeof *sk->bind);
    sk->bones = lc_calloc(LC_MAX(m->mNumBones, 1u), sizeof *sk->bones);
    uint8_t *moved = lc_calloc(LC_MAX(m->mNumVertices, 1u), 1);
    for (unsigned b = 0; b < m->mNumBones; b++) {
        const struct aiBone *bone = m->mBones[b];
        if (!bone) continue;
        uint32_t node = UINT32_MAX;
        for (uint32_t i = 0; i < a->node_count && node == UINT32_MAX; i++)
            if (im->ai[i]->mName.length == bone->mName.length && !strcmp(im->ai[i]->mName.data, bone->mName.data)) node = i;
        if (node == UINT32_MAX) continue;
        lc_skin_bone *out = &sk->bones[sk->bone_count++];
        /* assimp's matrices are row-major: transposed into ours. */
        const float *o = &bone->mOffsetMatrix.a1;
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) out->offset.m[c * 4 + r] = o[r * 4 + c];
        out->node = node;
        out->vertex = lc_alloc((size_t)LC_MAX(bone->mNumWeights, 1u) * sizeof *out->vertex);
        out->weight = lc_alloc((size_t)LC_MAX(bone->mNumWeights, 1u) * sizeof *out->weight);
        for (unsigned w = 0; w < bone->mNumWeights; w++) {
            unsigned v = bone->mWeights[w].mVertexId;
            float wt = bone->mWeights[w].mWeight;
            if (v >= m->mNumVertices || !(wt > 0.0f) || !isfinite(wt)) continue;
            out->vertex[out->weight_count] = v;
            out->weight[out->weight_count++] = wt;
        }
        /* The bind-pose box of the vertices it moves (GPU skinning's conservative bounds). */
        for (int c = 0; c < 3; c++) out->box[0][c] = INFINITY, out->box[1][c] = -INFINITY;
        for (uint32_t w = 0; w < out->weight_count; w++) {
            moved[out->vertex[w]] = 1;
            for (int c = 0; c < 3; c++) {
                out->box[0][c] = fminf(out->box[0][c], bind[out->vertex[w]].position[c]);
                out->box[1][c] = fmaxf(out->box[1][c], bind[out->vertex[w]].position[c]);
            }
        }
    }
    for (int c = 0; c < 3; c++) sk->still_box[0][c] = INFINITY, sk->still_box[1][c] = -INFINITY;
    for (unsigned v = 0; v < m->mNumVertices; v++)
        for (int c = 0; c < 3 && !moved[v]; c++) {
            sk->still_box[0][c] = fminf(sk->still_box[0][c], bind[v].position[c]);
            sk->still_box[1][c] = fmaxf(sk->still_box[1][c], bind[v].position[c]);
        }
    free(moved);
}

bool lc_import_anim_morph(lc_import_anim *im, const struct aiMesh *m, uint32_t mesh, const struct aiNode *node, const lc_vertex *base)
{
    lc_scene_anim *a = im->anim;
    uint32_t n = lc_import_anim_node(im, node), nv = m->mNumVertices;
    if (n == UINT32_MAX || !a->nodes[n].weight_count || !m->mAnimMeshes) return false;
    for (uint32_t k = 0; k < a->morph_count; k++)
        if (a->morphs[k].mesh == mesh) return true; /* the first node drawing it drives it */
    uint32_t targets = LC_MIN(a->nodes[n].weight_count, m->mNumAnimMeshes);
    for (uint32_t t = 0; t < targets; t++)
        if (!m->mAnimMeshes[t] || m->mAnimMeshes[t]->mNumVertices != nv) return false;
    a->morphs = lc_realloc(a->morphs, (a->morph_count + 1) * sizeof *a->morphs);
    lc_morph *mo = &a->morphs[a->morph_count++];
    *mo = (lc_morph){.mesh = mesh, .node = n, .target_count = targets, .base = lc_alloc((size_t)LC_MAX(nv, 1u) * sizeof *mo->base),
                     .delta = lc_calloc((size_t)LC_MAX(targets * nv, 1u) * 6, sizeof *mo->delta)};
    memcpy(mo->base, base, (size_t)nv * sizeof *mo->base);
    /* assimp's targets are whole shapes (base + the file's differences): differences again. */
    for (uint32_t t = 0; t < targets; t++) {
        const struct aiAnimMesh *am = m->mAnimMeshes[t];
        float *d = mo->delta + (size_t)t * nv * 6;
        for (uint32_t v = 0; v < nv; v++) {
            if (am->mVertices) {
                const float p[3] = {am->mVertices[v].x, am->mVertices[v].y, am->mVertices[v].z};
                for (int c = 0; c < 3; c++) d[(size_t)v * 6 + c] = isfinite(p[c]) ? p[c] - base[v].position[c] : 0.0f;
            }
            if (am->mNormals && m->mNormals) {
                const float q[3] = {am->mNormals[v].x - m->mNormals[v].x, am->mNormals[v].y - m->mNormals[v].y, am->mNormals[v].z - m->mNormals[v].z};
                for (int c = 0; c < 3; c++) d[(size_t)v * 6 + 3 + c] = isfinite(q[c]) ? q[c] : 0.0f;
            }
        }
    }
    return true;
}

void lc_import_anim_finish(lc_import_anim *im)
{
    free(im->ai);
    free(im->sorted);
    im->ai = NULL;
    im->sorted = NULL;
}
