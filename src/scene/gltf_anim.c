/* The file's node hierarchy and animations, read from its JSON (gltf_json.h): assimp 5.2 keeps
 * only the values of a CUBICSPLINE sampler (not its tangents) and plays STEP as linear keys, so
 * the samplers are read here as the file gives them, from the buffers lc_gltf_buffers_load
 * reads for the rewrite too (the GLB's BIN chunk or the rewrite's, data: URIs, files). */
#include "scene/gltf_json.h"

#include "scene/animation.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_KEYS (1u << 24)

/* Accessor `index` as floats (count * comps, packed), or NULL. */
static float *read_accessor(const cJSON *root, const lc_gltf_buffers *b, int index, int want_comps, uint32_t *count_out)
{
    const cJSON *acc = cJSON_GetArrayItem(get(root, "accessors"), index);
    const cJSON *type = get(acc, "type");
    static const char *const names[] = {"SCALAR", "VEC2", "VEC3", "VEC4"};
    int comps = 0;
    for (int i = 0; i < 4 && cJSON_IsString(type); i++)
        if (!strcmp(type->valuestring, names[i])) comps = i + 1;
    int ct = item_index(get(acc, "componentType"));
    int cs = lc_gltf_component_size(ct);
    double count = num(acc, "count", -1);
    int64_t view = index_of(acc, "bufferView");
    if (!acc || comps != want_comps || !cs || !(count >= 1) || count > MAX_KEYS || view < 0 || get(acc, "sparse")) return NULL;
    const cJSON *bv = cJSON_GetArrayItem(get(root, "bufferViews"), (int)view);
    int64_t buffer = index_of(bv, "buffer");
    size_t elem = (size_t)comps * (size_t)cs;
    double stride = num(bv, "byteStride", (double)elem), view_off = num(bv, "byteOffset", 0), view_len = num(bv, "byteLength", -1);
    double off = num(acc, "byteOffset", 0);
    if (!bv || buffer < 0 || buffer >= b->count || !b->data[buffer] || !(stride >= (double)elem) || stride > 256 ||
        !(view_off >= 0) || !(view_len >= 0) || !(off >= 0) || view_off + view_len > (double)b->size[buffer] ||
        off + stride * (count - 1) + (double)elem > view_len)
        return NULL;
    uint32_t n = (uint32_t)count;
    const uint8_t *base = b->data[buffer] + (size_t)view_off + (size_t)off;
    bool normalized = cJSON_IsTrue(get(acc, "normalized"));
    float *f = lc_alloc((size_t)n * (size_t)comps * sizeof *f);
    for (uint32_t i = 0; i < n; i++)
        for (int c = 0; c < comps; c++) {
            float v = lc_gltf_component(base + (size_t)i * (size_t)stride + (size_t)c * (size_t)cs, ct, normalized);
            f[(size_t)i * comps + c] = isfinite(v) ? v : 0.0f;
        }
    *count_out = n;
    return f;
}

static void read_floats(const cJSON *a, float *out, int n)
{
    if (cJSON_GetArraySize(a) != n) return;
    for (int i = 0; i < n; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        if (cJSON_IsNumber(v) && isfinite(v->valuedouble)) out[i] = (float)v->valuedouble;
    }
}

static void read_nodes(const cJSON *root, lc_gltf_info *info)
{
    const cJSON *nodes = get(root, "nodes"), *node;
    int n = cJSON_GetArraySize(nodes);
    info->nodes = lc_calloc((size_t)LC_MAX(n, 1), sizeof *info->nodes);
    info->node_count = (uint32_t)n;
    uint32_t total = 0;
    cJSON_ArrayForEach(node, nodes) total += (uint32_t)cJSON_GetArraySize(get(node, "children"));
    info->children = lc_calloc(LC_MAX(total, 1u), sizeof *info->children);
    int i = 0;
    cJSON_ArrayForEach(node, nodes)
    {
        lc_gltf_node *g = &info->nodes[i++];
        *g = (lc_gltf_node){.r = {0, 0, 0, 1}, .s = {1, 1, 1}, .matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
        read_floats(get(node, "translation"), g->t, 3);
        read_floats(get(node, "rotation"), g->r, 4);
        read_floats(get(node, "scale"), g->s, 3);
        if (cJSON_GetArraySize(get(node, "matrix")) == 16) {
            g->has_matrix = true;
            read_floats(get(node, "matrix"), g->matrix, 16);
        }
        g->first_child = info->child_total;
        const cJSON *c;
        cJSON_ArrayForEach(c, get(node, "children"))
        {
            int k = item_index(c);
            if (k >= 0 && k < n) info->children[info->child_total++] = (uint32_t)k;
        }
        g->child_count = info->child_total - g->first_child;
        /* Morph targets of its mesh, and their default weights. */
        const cJSON *mesh = cJSON_GetArrayItem(get(root, "meshes"), (int)index_of(node, "mesh"));
        int targets = cJSON_GetArraySize(get(cJSON_GetArrayItem(get(mesh, "primitives"), 0), "targets"));
        if (index_of(node, "mesh") >= 0 && targets > 0 && targets <= 256) {
            g->target_count = (uint32_t)targets;
            g->weights = lc_calloc((size_t)targets, sizeof *g->weights);
            const cJSON *w = cJSON_GetArraySize(get(node, "weights")) == targets ? get(node, "weights") : get(mesh, "weights");
            read_floats(w, g->weights, targets);
        }
    }
    const cJSON *scenes = get(root, "scenes");
    int scene = (int)num(root, "scene", 0);
    const cJSON *roots = get(cJSON_GetArrayItem(scenes, scene >= 0 ? scene : 0), "nodes");
    info->roots = lc_calloc((size_t)LC_MAX(cJSON_GetArraySize(roots), 1), sizeof *info->roots);
    const cJSON *r;
    cJSON_ArrayForEach(r, roots)
    {
        int k = item_index(r);
        if (k >= 0 && k < n) info->roots[info->root_count++] = (uint32_t)k;
    }
}

/* One channel, or false where its sampler cannot be read. */
static bool read_channel(const cJSON *root, const lc_gltf_buffers *b, const cJSON *anim, const cJSON *ch, const lc_gltf_info *info,
                         lc_anim_channel *out)
{
    const cJSON *target = get(ch, "target"), *path = get(target, "path");
    int64_t node = index_of(target, "node"), si = index_of(ch, "sampler");
    const cJSON *sampler = cJSON_GetArrayItem(get(anim, "samplers"), (int)si);
    if (node < 0 || (uint64_t)node >= info->node_count || !sampler || !cJSON_IsString(path)) return false;
    static const char *const paths[] = {"translation", "rotation", "scale", "weights"};
    uint32_t p = 4;
    for (uint32_t k = 0; k < 4; k++)
        if (!strcmp(path->valuestring, paths[k])) p = k;
    if (p > LC_ANIM_WEIGHTS) return false;
    uint32_t targets = info->nodes[node].target_count;
    if (p == LC_ANIM_WEIGHTS && !targets) return false;
    const cJSON *interp = get(sampler, "interpolation");
    const char *in = cJSON_IsString(interp) ? interp->valuestring : "LINEAR";
    *out = (lc_anim_channel){.node = (uint32_t)node, .path = p,
                             .comps = p == LC_ANIM_WEIGHTS ? targets : p == LC_ANIM_ROTATION ? 4u : 3u,
                             .interp = !strcmp(in, "STEP") ? LC_INTERP_STEP : !strcmp(in, "CUBICSPLINE") ? LC_INTERP_CUBIC : LC_INTERP_LINEAR};
    uint32_t keys = 0, values = 0;
    out->times = read_accessor(root, b, (int)index_of(sampler, "input"), 1, &keys);
    /* Weights: a SCALAR accessor of keys x targets values. */
    out->values = read_accessor(root, b, (int)index_of(sampler, "output"), p == LC_ANIM_WEIGHTS ? 1 : (int)out->comps, &values);
    if (p == LC_ANIM_WEIGHTS && values % targets == 0) values /= targets;
    else if (p == LC_ANIM_WEIGHTS) values = 0;
    out->key_count = keys;
    bool ok = out->times && out->values && values == keys * (out->interp == LC_INTERP_CUBIC ? 3u : 1u);
    for (uint32_t k = 1; ok && k < keys; k++) ok = out->times[k] >= out->times[k - 1];
    if (!ok) {
        free(out->times);
        free(out->values);
    }
    return ok;
}

void lc_gltf_read_animations(const cJSON *root, const uint8_t *bin, size_t bin_size, const char *dir, const char *what,
                             lc_gltf_info *info)
{
    const cJSON *anims = get(root, "animations"), *anim;
    int n = cJSON_GetArraySize(anims);
    if (n <= 0) return;
    read_nodes(root, info);
    lc_gltf_buffers b = {.bin = bin, .bin_size = bin_size, .dir = dir, .what = what};
    char why[320];
    if (!lc_gltf_buffers_load(&b, root, why, sizeof why)) {
        lc_warn("%s: its animations are not played: %s", what, why);
        lc_gltf_buffers_free(&b);
        return;
    }
    info->anims = lc_calloc((size_t)n, sizeof *info->anims);
    uint32_t dropped = 0;
    cJSON_ArrayForEach(anim, anims)
    {
        lc_animation *a = &info->anims[info->anim_count];
        const cJSON *name = get(anim, "name"), *ch;
        snprintf(a->name, sizeof a->name, "%s", cJSON_IsString(name) && *name->valuestring ? name->valuestring : "");
        int channels = cJSON_GetArraySize(get(anim, "channels"));
        a->channels = lc_calloc((size_t)LC_MAX(channels, 1), sizeof *a->channels);
        cJSON_ArrayForEach(ch, get(anim, "channels"))
        {
            lc_anim_channel *c = &a->channels[a->channel_count];
            if (!read_channel(root, &b, anim, ch, info, c)) {
                dropped++;
                continue;
            }
            a->channel_count++;
            if (c->key_count) a->end = fmaxf(a->end, c->times[c->key_count - 1]);
        }
        info->anim_count++;
    }
    lc_gltf_buffers_free(&b);
    if (dropped)
        lc_warn("%s: %u animation channel%s not played (a sampler that cannot be read, or a bad target)", what, dropped,
                dropped == 1 ? "" : "s");
}
