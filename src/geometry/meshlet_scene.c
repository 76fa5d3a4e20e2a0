#include "geometry/meshlet_scene.h"

#include "scene/animation.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends a built mesh whose input vertex 0 is scene vertex `base`. */
static void append(lc_meshlet_scene *ms, const lc_meshlet_mesh *m, uint32_t base, uint32_t material)
{
    const lc_meshlet_encoded *old = &ms->enc, *e = &m->enc;
    lc_meshlet_range r = {
        .first_meshlet = old->meshlet_count, .meshlet_count = e->meshlet_count,
        .first_triangle = old->triangle_count, .triangle_count = e->triangle_count,
        .first_vertex = old->vertex_count, .vertex_count = e->vertex_count,
        .material = material,
        .quant = e->quant,
    };
    uint32_t sublets = old->sublet_count;
    ms->bounds = lc_realloc(ms->bounds, ((size_t)sublets + e->sublet_count + 1) * sizeof *ms->bounds);
    memcpy(ms->bounds + sublets, m->bounds, (size_t)e->sublet_count * sizeof *m->bounds);
    ms->bounds_256 = lc_realloc(ms->bounds_256, ((size_t)r.first_meshlet + e->meshlet_count + 1) * sizeof *ms->bounds_256);
    memcpy(ms->bounds_256 + r.first_meshlet, m->bounds_256, (size_t)e->meshlet_count * sizeof *m->bounds_256);
    ms->vertex_remap = lc_realloc(ms->vertex_remap, ((size_t)r.first_vertex + e->vertex_count + 1) * sizeof *ms->vertex_remap);
    for (uint32_t i = 0; i < e->vertex_count; i++) ms->vertex_remap[r.first_vertex + i] = base + m->vertex_remap[i];
    ms->ranges = lc_realloc(ms->ranges, (ms->range_count + 1) * sizeof *ms->ranges);
    ms->ranges[ms->range_count++] = r;
    lc_meshlet_encoded_append(&ms->enc, e);
}

#define OWN_GRID_RATIO 256.0f

/* A mesh's largest |coordinate| (mesh-local). */
static float mesh_extent(const lc_mesh *m)
{
    float e = 0.0f;
    for (int c = 0; c < 3; c++) e = fmaxf(e, fmaxf(fabsf(m->aabb_min[c]), fabsf(m->aabb_max[c])));
    return e;
}

lc_status lc_meshlet_scene_build(const lc_scene *scene, lc_meshlet_scene *out)
{
    memset(out, 0, sizeof *out);
    lc_meshlet_stats *st = &out->stats;
    const char *name = scene->name[0] ? scene->name : "scene";
    /* Meshes are mesh-local: one exponent covers every mesh's local extent, so meshes that share
     * edges quantize them alike. A mesh whose extent is below 1/OWN_GRID_RATIO of the largest
     * gets its own: beside gltfpack's quantized meshes (positions up to 65535, scaled by their
     * nodes) a skinned mesh is in metres (its skin applied at load), and the shared grid's steps
     * of 0.5 or 2 units would crush it to nothing. */
    float extent = 0.0f;
    for (uint32_t m = 0; m < scene->mesh_count; m++) extent = fmaxf(extent, mesh_extent(&scene->meshes[m]));
    lc_status s = LC_OK;
    /* --grid's per-copy poses copy meshes (lc_scene_anim_instance): a copy takes the meshlets
     * built for the copy before it (same topology; the posed vertices are written over its range
     * of the runtime mesh from the first frame on), so 8,000 copies build once. */
    const uint32_t *source = scene->anim ? scene->anim->mesh_source : NULL;
    lc_meshlet_mesh kept = {0};
    uint32_t kept_source = UINT32_MAX;
    for (uint32_t d = 0; d < scene->mesh_count && s == LC_OK; d++) {
        const lc_mesh *me = &scene->meshes[d];
        if ((uint64_t)me->first_index + me->index_count > scene->index_count ||
            (uint64_t)me->first_vertex + me->vertex_count > scene->vertex_count) {
            lc_error("%s: mesh %u passes the end of the vertex or index array", name, d);
            s = LC_ERR_INPUT;
            break;
        }
        /* Indices are mesh-local already (0..vertex_count-1): the builder checks the range. */
        char mesh_name[96];
        snprintf(mesh_name, sizeof mesh_name, "%s mesh %u", name, d);
        lc_meshlet_desc desc = {.vertices = scene->vertices + me->first_vertex, .vertex_count = me->vertex_count,
                                .indices = scene->indices + me->first_index, .index_count = me->index_count,
                                .position_extent = mesh_extent(me) * OWN_GRID_RATIO >= extent ? extent : 0.0f,
                                .quiet = true, .name = mesh_name};
        bool copy = source && source[d] != d;
        if (copy && source[d] == kept_source) {
            append(out, &kept, me->first_vertex, me->material);
            st->input_triangles += me->index_count / 3;
            st->degenerate += kept.degenerate_count;
            continue;
        }
        lc_meshlet_mesh m;
        s = lc_meshlet_build(&desc, &m);
        if (s != LC_OK) break;
        append(out, &m, me->first_vertex, me->material);
        st->input_triangles += me->index_count / 3;
        st->degenerate += m.degenerate_count;
        st->source_degenerate += m.source_degenerate_count;
        if (copy) {
            if (kept_source != UINT32_MAX) lc_meshlet_mesh_destroy(&kept);
            kept = m;
            kept_source = source[d];
        } else {
            lc_meshlet_mesh_destroy(&m);
        }
    }
    if (kept_source != UINT32_MAX) lc_meshlet_mesh_destroy(&kept);
    if (s != LC_OK) {
        lc_meshlet_scene_destroy(out);
        return s;
    }
    st->meshes = out->range_count;
    st->meshlets = out->enc.meshlet_count;
    st->sublets = out->enc.sublet_count;
    st->triangles = out->enc.triangle_count;
    st->vertices = out->enc.vertex_count;
    st->plain_bytes = (uint64_t)scene->vertex_count * sizeof(lc_vertex) + (uint64_t)scene->index_count * 4;
    st->compressed_bytes = lc_meshlet_encoded_bytes(&out->enc);
    memcpy(st->stream_bits, out->enc.stream_bits, sizeof st->stream_bits);
    if (st->source_degenerate)
        lc_warn("%s: dropped %llu degenerate triangles (zero area)", name, (unsigned long long)st->source_degenerate);
    return LC_OK;
}

void lc_meshlet_scene_destroy(lc_meshlet_scene *ms)
{
    lc_meshlet_encoded_destroy(&ms->enc);
    free(ms->bounds);
    free(ms->bounds_256);
    free(ms->vertex_remap);
    free(ms->ranges);
    memset(ms, 0, sizeof *ms);
}
