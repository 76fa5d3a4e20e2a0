/* Per-copy poses for --grid (animation.h, lc_scene_anim_instance): lc_scene_grid copies objects
 * only, so its copies of an animated file would share one node hierarchy and one posed mesh,
 * and move in lockstep. Here each copy gets its own nodes, skins, morph targets and deformed
 * meshes (vertex and index data copied: the posed vertices of a copy need a range of their own in
 * the runtime mesh, which every geometry path reads), and a phase: copy c plays at the clock +
 * instance_phase[c]. Static meshes stay shared. The bind vertices, bone weights and morph deltas
 * are shared between copies (lc_skin.shared, lc_morph.shared). */
#include "scene/animation.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* Host bytes of the scene's vertices past which the copies are refused (a one-line usage error
 * beats an allocation failure deep in the upload; the device's own limit is checked later). */
#define INSTANCE_VERTEX_BYTES_MAX (8ull << 30)


lc_status lc_scene_anim_instance(lc_scene *s, uint32_t copies, uint64_t seed)
{
    lc_scene_anim *a = s->anim;
    if (!a || copies <= 1 || !a->animation_count || a->instance_count || s->object_count % copies) return LC_OK;
    uint32_t nm = s->mesh_count, nn = a->node_count, extra = copies - 1;
    /* The meshes a copy deforms: its own; the rank of each among them places its copies. */
    uint32_t *rank = lc_alloc((size_t)LC_MAX(nm, 1u) * sizeof *rank), deformed = 0;
    for (uint32_t m = 0; m < nm; m++) rank[m] = UINT32_MAX;
    for (uint32_t k = 0; k < a->skin_count; k++) rank[a->skins[k].mesh] = 0;
    for (uint32_t k = 0; k < a->morph_count; k++) rank[a->morphs[k].mesh] = 0;
    uint64_t add_v = 0, add_i = 0;
    for (uint32_t m = 0; m < nm; m++)
        if (rank[m] != UINT32_MAX) {
            rank[m] = deformed++;
            add_v += (uint64_t)s->meshes[m].vertex_count * extra;
            add_i += (uint64_t)s->meshes[m].index_count * extra;
        }
    uint64_t total_v = s->vertex_count + add_v, total_i = s->index_count + add_i;
    if (total_v * sizeof(lc_vertex) > INSTANCE_VERTEX_BYTES_MAX || total_i > UINT32_MAX || total_v > UINT32_MAX) {
        lc_error("--grid: %u copies of %s, each posed on its own, would hold %.1f GiB of vertices, more than %.0f GiB: a smaller "
                 "--grid, or --grid-phase same (one shared pose)",
                 copies, s->name, (double)(total_v * sizeof(lc_vertex)) / (1u << 30), (double)INSTANCE_VERTEX_BYTES_MAX / (1u << 30));
        free(rank);
        return LC_ERR_USAGE;
    }
    /* Meshes: copy c >= 1 of deformed mesh m is mesh nm + rank[m] * extra + c - 1. */
    uint32_t mesh_total = nm + deformed * extra;
    s->meshes = lc_realloc(s->meshes, (size_t)mesh_total * sizeof *s->meshes);
    s->vertices = lc_realloc(s->vertices, (size_t)LC_MAX(total_v, 1u) * sizeof *s->vertices);
    s->indices = lc_realloc(s->indices, (size_t)LC_MAX(total_i, 1u) * sizeof *s->indices);
    a->mesh_source = lc_alloc((size_t)mesh_total * sizeof *a->mesh_source);
    for (uint32_t m = 0; m < nm; m++) a->mesh_source[m] = m;
    uint32_t out = nm;
    for (uint32_t m = 0; m < nm; m++) {
        if (rank[m] == UINT32_MAX) continue;
        for (uint32_t c = 1; c < copies; c++) {
            lc_mesh d = s->meshes[m];
            d.first_vertex = s->vertex_count;
            d.first_index = s->index_count;
            memcpy(s->vertices + d.first_vertex, s->vertices + s->meshes[m].first_vertex, (size_t)d.vertex_count * sizeof *s->vertices);
            memcpy(s->indices + d.first_index, s->indices + s->meshes[m].first_index, (size_t)d.index_count * sizeof *s->indices);
            s->vertex_count += d.vertex_count;
            s->index_count += d.index_count;
            a->mesh_source[out] = m;
            s->meshes[out++] = d;
        }
    }
    s->mesh_count = mesh_total;
#define COPY_MESH(m, c) ((c) ? nm + rank[m] * extra + (c) - 1 : (m))
    /* Nodes: copy c's node j at c * nn + j. */
    lc_anim_node *nodes = lc_alloc((size_t)LC_MAX(nn * copies, 1u) * sizeof *nodes);
    for (uint32_t c = 0; c < copies; c++)
        for (uint32_t j = 0; j < nn; j++) {
            lc_anim_node n = a->nodes[j];
            if (n.parent != UINT32_MAX) n.parent += c * nn;
            if (c && n.weight_count) {
                n.weights = lc_alloc(2 * (size_t)n.weight_count * sizeof *n.weights);
                n.rest_weights = n.weights + n.weight_count;
                memcpy(n.weights, a->nodes[j].weights, 2 * (size_t)n.weight_count * sizeof *n.weights);
            }
            nodes[c * nn + j] = n;
        }
    free(a->nodes);
    a->nodes = nodes;
    a->node_count = nn * copies;
    /* Skins and morphs: copy 0 keeps the originals' places, copy c >= 1 of k is at count + k * extra + c - 1. */
    uint32_t ns = a->skin_count;
    a->skins = lc_realloc(a->skins, (size_t)LC_MAX(ns * copies, 1u) * sizeof *a->skins);
    for (uint32_t k = 0; k < ns; k++)
        for (uint32_t c = 1; c < copies; c++) {
            lc_skin d = a->skins[k];
            d.mesh = COPY_MESH(d.mesh, c);
            d.shared = true;
            d.bones = lc_alloc((size_t)LC_MAX(d.bone_count, 1u) * sizeof *d.bones);
            for (uint32_t b = 0; b < d.bone_count; b++) {
                d.bones[b] = a->skins[k].bones[b];
                d.bones[b].node += c * nn;
            }
            a->skins[ns + k * extra + c - 1] = d;
        }
    a->skin_count = ns * copies;
    uint32_t nmo = a->morph_count;
    a->morphs = lc_realloc(a->morphs, (size_t)LC_MAX(nmo * copies, 1u) * sizeof *a->morphs);
    for (uint32_t k = 0; k < nmo; k++)
        for (uint32_t c = 1; c < copies; c++) {
            lc_morph d = a->morphs[k];
            d.mesh = COPY_MESH(d.mesh, c);
            d.node += c * nn;
            d.shared = true;
            a->morphs[nmo + k * extra + c - 1] = d;
        }
    a->morph_count = nmo * copies;
    /* Objects: lc_scene_grid laid them out object-major, so object i is copy i % copies. */
    for (uint32_t i = 0; i < s->object_count; i++) {
        lc_object *o = &s->objects[i];
        uint32_t c = i % copies;
        if (rank[o->mesh] != UINT32_MAX) o->mesh = COPY_MESH(o->mesh, c);
        if (o->node) o->node += c * nn;
    }
#undef COPY_MESH
    free(rank);
    /* Phases: copy 0 at the clock (the file as it plays alone), the others spread over the longest loop. */
    float longest = 0.0f;
    for (uint32_t k = 0; k < a->animation_count; k++) longest = LC_MAX(longest, a->animations[k].end);
    a->instance_phase = lc_alloc((size_t)copies * sizeof *a->instance_phase);
    for (uint32_t c = 0; c < copies; c++)
        a->instance_phase[c] = c ? (float)((double)(lc_rng_mix64(seed * 0x100000001b3ull + c + 0x9E3779B97F4A7C15ull) >> 11) * 0x1.0p-53 * longest) : 0.0f;
    a->instance_count = copies;
    a->instance_nodes = nn;
    a->posed_time = NAN;
    return LC_OK;
}
