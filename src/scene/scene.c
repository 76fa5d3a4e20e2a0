/* Scene bookkeeping shared by both loaders: validation, bounds, destruction.
 * The procedural hall is in scene_default.c, the assimp importer in scene_import.c. */
#include "scene/scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool finite3(const float v[3]) { return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]); }

lc_status lc_scene_validate(const lc_scene *s)
{
    const char *name = s->name[0] ? s->name : "scene";
    if ((s->vertex_count && !s->vertices) || (s->index_count && !s->indices) || (s->draw_count && !s->draws) ||
        (s->material_count && !s->materials) || (s->image_count && !s->images)) {
        lc_error("%s: a count is set but its array is missing", name);
        return LC_ERR_INPUT;
    }
    for (uint32_t i = 0; i < s->draw_count; i++) {
        const lc_draw *d = &s->draws[i];
        /* 64-bit sum: first_index + index_count may wrap in 32 bits. */
        if ((uint64_t)d->first_index + d->index_count > s->index_count) {
            lc_error("%s: draw %u uses indices %u..%llu but there are only %u", name, i, d->first_index,
                     (unsigned long long)d->first_index + d->index_count, s->index_count);
            return LC_ERR_INPUT;
        }
        if (d->index_count % 3 != 0) {
            lc_error("%s: draw %u has %u indices, not a whole number of triangles", name, i, d->index_count);
            return LC_ERR_INPUT;
        }
        if (d->material >= s->material_count) {
            lc_error("%s: draw %u uses material %u of %u", name, i, d->material, s->material_count);
            return LC_ERR_INPUT;
        }
    }
    for (uint32_t i = 0; i < s->index_count; i++)
        if (s->indices[i] >= s->vertex_count) {
            lc_error("%s: index %u is %u but there are only %u vertices", name, i, s->indices[i], s->vertex_count);
            return LC_ERR_INPUT;
        }
    for (uint32_t i = 0; i < s->vertex_count; i++) {
        const lc_vertex *v = &s->vertices[i];
        if (!finite3(v->position) || !finite3(v->normal) || !isfinite(v->uv[0]) || !isfinite(v->uv[1])) {
            lc_error("%s: vertex %u has a non-finite position, normal or UV", name, i);
            return LC_ERR_INPUT;
        }
    }
    for (uint32_t i = 0; i < s->material_count; i++) {
        int32_t img = s->materials[i].image;
        if (img < -1 || (img >= 0 && (uint32_t)img >= s->image_count)) {
            lc_error("%s: material %u uses image %d of %u", name, i, img, s->image_count);
            return LC_ERR_INPUT;
        }
    }
    for (uint32_t i = 0; i < s->image_count; i++) {
        const lc_image_data *img = &s->images[i];
        if (!img->width || !img->height || !img->rgba) {
            lc_error("%s: image %u ('%s') is empty", name, i, img->name);
            return LC_ERR_INPUT;
        }
    }
    return LC_OK;
}

void lc_scene_compute_bounds(lc_scene *s)
{
    float lo[3] = {0}, hi[3] = {0};
    for (uint32_t i = 0; i < s->vertex_count; i++)
        for (int c = 0; c < 3; c++) {
            float p = s->vertices[i].position[c];
            if (i == 0 || p < lo[c]) lo[c] = p;
            if (i == 0 || p > hi[c]) hi[c] = p;
        }
    memcpy(s->bounds_min, lo, sizeof lo);
    memcpy(s->bounds_max, hi, sizeof hi);
}

void lc_scene_destroy(lc_scene *s)
{
    if (!s) return;
    for (uint32_t i = 0; i < s->image_count && s->images; i++) free(s->images[i].rgba);
    free(s->images);
    free(s->materials);
    free(s->draws);
    free(s->indices);
    free(s->vertices);
    memset(s, 0, sizeof *s);
}
