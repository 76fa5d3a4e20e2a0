#include "geometry/meshlet_scene.h"

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

lc_status lc_meshlet_scene_build(const lc_scene *scene, lc_meshlet_scene *out)
{
    memset(out, 0, sizeof *out);
    lc_meshlet_stats *st = &out->stats;
    const char *name = scene->name[0] ? scene->name : "scene";
    float extent = 0.0f;
    for (int c = 0; c < 3; c++) extent = fmaxf(extent, fmaxf(fabsf(scene->bounds_min[c]), fabsf(scene->bounds_max[c])));
    uint32_t *local = NULL;
    lc_status s = LC_OK;
    for (uint32_t d = 0; d < scene->draw_count && s == LC_OK; d++) {
        const lc_draw *dr = &scene->draws[d];
        if ((uint64_t)dr->first_index + dr->index_count > scene->index_count) {
            lc_error("%s: draw %u passes the end of the index array", name, d);
            s = LC_ERR_INPUT;
            break;
        }
        /* The draw's vertex range, compacted: meshoptimizer's tables are per vertex. */
        const uint32_t *idx = scene->indices + dr->first_index;
        uint32_t lo = UINT32_MAX, hi = 0;
        for (uint32_t i = 0; i < dr->index_count; i++) {
            lo = LC_MIN(lo, idx[i]);
            hi = LC_MAX(hi, idx[i]);
        }
        if (!dr->index_count) lo = hi = 0;
        if (dr->index_count && hi >= scene->vertex_count) {
            lc_error("%s: draw %u uses vertex %u of %u", name, d, hi, scene->vertex_count);
            s = LC_ERR_INPUT;
            break;
        }
        local = lc_realloc(local, ((size_t)dr->index_count + 1) * sizeof *local);
        for (uint32_t i = 0; i < dr->index_count; i++) local[i] = idx[i] - lo;
        char mesh_name[96];
        snprintf(mesh_name, sizeof mesh_name, "%s draw %u", name, d);
        lc_meshlet_desc desc = {.vertices = scene->vertices + lo, .vertex_count = dr->index_count ? hi - lo + 1 : 0,
                                .indices = local, .index_count = dr->index_count, .position_extent = extent,
                                .quiet = true, .name = mesh_name};
        lc_meshlet_mesh m;
        s = lc_meshlet_build(&desc, &m);
        if (s != LC_OK) break;
        append(out, &m, lo, dr->material);
        st->input_triangles += dr->index_count / 3;
        st->degenerate += m.degenerate_count;
        lc_meshlet_mesh_destroy(&m);
    }
    free(local);
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
    if (st->degenerate)
        lc_warn("%s: dropped %llu degenerate triangles (zero area once quantized)", name,
                (unsigned long long)st->degenerate);
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
