/* --figures FILE --figure-count N (animation.h, lc_scene_add_figures): copies of an animated
 * file stood on the scene's floor, each posed on its own (lc_scene_anim_instance), for a still
 * scene with moving casters in it (Sponza plus walking figures: the shadow cache redraws only
 * the views a figure is in). Placement: a jittered grid over the middle 80 % of the scene's
 * ground plan (its bounds within the volume its lights fill: an interior's walls). At each spot
 * a ray cast down through the scene's triangles (binned on a 2D grid) finds the lowest
 * upward-facing surface with the figure's height free above it (and, in an interior, something
 * above that); a spot whose floor is not the scene's main floor (the one its first view stands
 * on; elsewhere the commonest) is drawn again: no figure on a crate, in a closed space below
 * the floor, or on the ground outside the walls. */
#include "scene/animation.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BINS 64u

typedef struct floor_tris {
    float (*tri)[9];         /* world positions */
    uint32_t count;
    uint32_t *bin_start, *bin_tris; /* BINS x BINS cells over the ground plan */
    float lo[2], cell[2];    /* x, z */
} floor_tris;

static void bin_range(const floor_tris *f, float lo_x, float hi_x, float lo_z, float hi_z, uint32_t out[4])
{
    float v[4] = {(lo_x - f->lo[0]) / f->cell[0], (hi_x - f->lo[0]) / f->cell[0], (lo_z - f->lo[1]) / f->cell[1],
                  (hi_z - f->lo[1]) / f->cell[1]};
    for (int i = 0; i < 4; i++) out[i] = (uint32_t)LC_CLAMP(v[i], 0.0f, (float)(BINS - 1));
}

static void floor_build(const lc_scene *s, floor_tris *f)
{
    memset(f, 0, sizeof *f);
    uint64_t n = 0;
    for (uint32_t i = 0; i < s->object_count; i++) n += s->meshes[s->objects[i].mesh].index_count / 3;
    f->tri = lc_alloc((size_t)LC_MAX(n, 1u) * sizeof *f->tri);
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        const lc_mesh *m = &s->meshes[o->mesh];
        for (uint32_t t = 0; t + 2 < m->index_count; t += 3)
            for (int k = 0; k < 3; k++)
                lc_transform_point(&o->world, s->vertices[m->first_vertex + s->indices[m->first_index + t + k]].position,
                                   &f->tri[f->count + t / 3][k * 3]);
        f->count += m->index_count / 3;
    }
    f->lo[0] = s->bounds_min[0], f->lo[1] = s->bounds_min[2];
    f->cell[0] = fmaxf((s->bounds_max[0] - s->bounds_min[0]) / BINS, 1e-6f);
    f->cell[1] = fmaxf((s->bounds_max[2] - s->bounds_min[2]) / BINS, 1e-6f);
    f->bin_start = lc_calloc(BINS * BINS + 1, sizeof *f->bin_start);
    for (int pass = 0; pass < 2; pass++) {
        uint32_t *at = pass ? lc_alloc(BINS * BINS * sizeof *at) : NULL;
        if (pass) {
            for (uint32_t b = 0; b < BINS * BINS; b++) f->bin_start[b + 1] += f->bin_start[b];
            memcpy(at, f->bin_start, BINS * BINS * sizeof *at);
            f->bin_tris = lc_alloc((size_t)LC_MAX(f->bin_start[BINS * BINS], 1u) * sizeof *f->bin_tris);
        }
        for (uint32_t t = 0; t < f->count; t++) {
            const float *p = f->tri[t];
            uint32_t r[4];
            bin_range(f, fminf(p[0], fminf(p[3], p[6])), fmaxf(p[0], fmaxf(p[3], p[6])), fminf(p[2], fminf(p[5], p[8])),
                      fmaxf(p[2], fmaxf(p[5], p[8])), r);
            for (uint32_t z = r[2]; z <= r[3]; z++)
                for (uint32_t x = r[0]; x <= r[1]; x++) {
                    if (pass) f->bin_tris[at[z * BINS + x]++] = t;
                    else f->bin_start[z * BINS + x + 1]++;
                }
        }
        free(at);
    }
}

/* Where the vertical line through (x, z) meets triangle t: its height, and whether it faces up. */
static bool hit(const float *p, float x, float z, float *y, bool *up)
{
    float e1x = p[3] - p[0], e1z = p[5] - p[2], e2x = p[6] - p[0], e2z = p[8] - p[2];
    float det = e1x * e2z - e1z * e2x;
    if (fabsf(det) < 1e-12f) return false; /* vertical or degenerate */
    float dx = x - p[0], dz = z - p[2];
    float u = (dx * e2z - dz * e2x) / det, v = (e1x * dz - e1z * dx) / det;
    if (u < 0.0f || v < 0.0f || u + v > 1.0f) return false;
    *y = p[1] + u * (p[4] - p[1]) + v * (p[7] - p[1]);
    float e1y = p[4] - p[1], e2y = p[7] - p[1];
    float n[3] = {e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x};
    float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    *up = len > 0.0f && n[1] > 0.7f * len; /* front faces (counter-clockwise, glTF) facing up */
    return true;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The hits of the vertical line through (x, z), sorted by height: pairs (y, 1 where it faces up). */
static uint32_t hits_at(const floor_tris *f, float x, float z, float **out)
{
    uint32_t r[4];
    bin_range(f, x, x, z, z, r);
    uint32_t b = r[2] * BINS + r[0], n = f->bin_start[b + 1] - f->bin_start[b];
    float *ys = lc_alloc((size_t)LC_MAX(n, 1u) * 2 * sizeof *ys);
    uint32_t count = 0;
    for (uint32_t i = f->bin_start[b]; i < f->bin_start[b + 1]; i++) {
        float y;
        bool up;
        if (hit(f->tri[f->bin_tris[i]], x, z, &y, &up)) ys[2 * count] = y, ys[2 * count + 1] = up ? 1.0f : 0.0f, count++;
    }
    qsort(ys, count, 2 * sizeof *ys, cmp_float);
    *out = ys;
    return count;
}

/* The highest upward-facing surface below top at (x, z) (what a viewer there stands on). */
static bool floor_below(const floor_tris *f, float x, float z, float top, float *out)
{
    float *ys;
    uint32_t count = hits_at(f, x, z, &ys);
    bool found = false;
    for (uint32_t i = 0; i < count && ys[2 * i] < top; i++)
        if (ys[2 * i + 1] != 0.0f) *out = ys[2 * i], found = true;
    free(ys);
    return found;
}

/* The lowest upward-facing surface at (x, z) with height free above it: false where there is
 * none. covered: a surface must lie above it too (a ceiling or a roof, past the free height). */
static bool floor_at(const floor_tris *f, float x, float z, float height, bool covered, float *out)
{
    float *ys;
    uint32_t count = hits_at(f, x, z, &ys);
    bool found = false;
    for (uint32_t i = 0; i < count && !found; i++) {
        if (ys[2 * i + 1] == 0.0f) continue;
        /* The next surface above (another one within a millimetre is the same floor's other face or a seam). */
        uint32_t j = i + 1;
        while (j < count && ys[2 * j] < ys[2 * i] + 1e-3f) j++;
        if ((j == count && !covered) || (j < count && ys[2 * j] > ys[2 * i] + height)) *out = ys[2 * i], found = true;
    }
    free(ys);
    return found;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static float unit(uint64_t seed, uint32_t i, uint32_t k) { return (float)((double)(mix(seed ^ mix(i * 8u + k)) >> 11) * 0x1.0p-53); }

/* The figures' objects replicated object-major (lc_scene_grid's layout, which
 * lc_scene_anim_instance takes), copy c moved by offsets[c]. */
static void replicate(lc_scene *s, const float (*offsets)[3], uint32_t copies)
{
    lc_object *objs = lc_alloc((size_t)s->object_count * copies * sizeof *objs);
    uint32_t out = 0;
    for (uint32_t i = 0; i < s->object_count; i++)
        for (uint32_t c = 0; c < copies; c++) {
            lc_object o = s->objects[i];
            for (int k = 0; k < 3; k++) o.world.m[12 + k] += offsets[c][k], o.sphere[k] += offsets[c][k], o.offset[k] += offsets[c][k];
            objs[out++] = o;
        }
    free(s->objects);
    s->objects = objs;
    s->object_count = out;
}

/* Appends fig's data into s (fig's images and animation move over; fig is left to destroy). */
static void append(lc_scene *s, lc_scene *fig)
{
    uint32_t v0 = s->vertex_count, i0 = s->index_count, m0 = s->mesh_count, mat0 = s->material_count, img0 = s->image_count;
    s->vertices = lc_realloc(s->vertices, ((size_t)v0 + fig->vertex_count + 1) * sizeof *s->vertices);
    memcpy(s->vertices + v0, fig->vertices, (size_t)fig->vertex_count * sizeof *s->vertices);
    s->vertex_count += fig->vertex_count;
    s->indices = lc_realloc(s->indices, ((size_t)i0 + fig->index_count + 1) * sizeof *s->indices);
    memcpy(s->indices + i0, fig->indices, (size_t)fig->index_count * sizeof *s->indices);
    s->index_count += fig->index_count;
    s->meshes = lc_realloc(s->meshes, ((size_t)m0 + fig->mesh_count + 1) * sizeof *s->meshes);
    for (uint32_t m = 0; m < fig->mesh_count; m++) {
        lc_mesh me = fig->meshes[m];
        me.first_vertex += v0, me.first_index += i0, me.material += mat0;
        s->meshes[s->mesh_count++] = me;
    }
    s->images = lc_realloc(s->images, ((size_t)img0 + fig->image_count + 1) * sizeof *s->images);
    memcpy(s->images + img0, fig->images, (size_t)fig->image_count * sizeof *s->images);
    s->image_count += fig->image_count;
    fig->image_count = 0; /* their pixels belong to s now */
    s->materials = lc_realloc(s->materials, ((size_t)mat0 + fig->material_count + 1) * sizeof *s->materials);
    for (uint32_t m = 0; m < fig->material_count; m++) {
        lc_material ma = fig->materials[m];
        int32_t *img[] = {&ma.image, &ma.metallic_roughness_image, &ma.normal_image, &ma.occlusion_image, &ma.emissive_image};
        for (size_t k = 0; k < LC_ARRAY_COUNT(img); k++)
            if (*img[k] >= 0) *img[k] += (int32_t)img0;
        s->materials[s->material_count++] = ma;
    }
    s->objects = lc_realloc(s->objects, ((size_t)s->object_count + fig->object_count + 1) * sizeof *s->objects);
    for (uint32_t i = 0; i < fig->object_count; i++) {
        lc_object o = fig->objects[i];
        o.mesh += m0, o.material += mat0;
        s->objects[s->object_count++] = o;
    }
    lc_scene_anim *a = fig->anim;
    for (uint32_t k = 0; k < a->skin_count; k++) a->skins[k].mesh += m0;
    for (uint32_t k = 0; k < a->morph_count; k++) a->morphs[k].mesh += m0;
    uint32_t *source = lc_alloc((size_t)s->mesh_count * sizeof *source);
    for (uint32_t m = 0; m < s->mesh_count; m++) source[m] = m < m0 || !a->mesh_source ? m : a->mesh_source[m - m0] + m0;
    free(a->mesh_source);
    a->mesh_source = source;
    free(a->light_node); /* the figures' own lights are not added */
    a->light_node = NULL;
    free(a->mesh_object_start);
    free(a->mesh_objects);
    a->mesh_object_start = a->mesh_objects = NULL;
    a->mesh_count = 0;
    s->anim = a;
    s->anim_destroy = fig->anim_destroy;
    fig->anim = NULL;
    fig->anim_destroy = NULL;
}

lc_status lc_scene_add_figures(lc_scene *s, const char *path, uint32_t count, uint64_t seed)
{
    if (s->anim) {
        lc_error("--figures: scene '%s' has animations of its own; figures go into a still scene", s->name);
        return LC_ERR_USAGE;
    }
    lc_scene fig;
    lc_status st = lc_scene_load_file(&fig, path);
    if (st != LC_OK) return st;
    if (!fig.anim || !fig.anim->animation_count || !fig.object_count) {
        lc_error("--figures %s: the file has no animation to play", path);
        lc_scene_destroy(&fig);
        return LC_ERR_USAGE;
    }
    float height = fig.bounds_max[1] - fig.bounds_min[1];
    float fig_c[2] = {0.5f * (fig.bounds_min[0] + fig.bounds_max[0]), 0.5f * (fig.bounds_min[2] + fig.bounds_max[2])};
    /* A grid of cols x rows cells over the middle 80 % of the ground plan, one figure in each of
     * the first count cells, jittered within the middle half of its cell. */
    /* The plan: the scene's bounds, within the volume its lights fill where that is smaller (an
     * interior's: inside its walls; Sponza's bounds reach the ground outside them). */
    float lo[2], size[2];
    for (int k = 0; k < 2; k++) {
        int c = k * 2;
        float a = s->bounds_min[c], b = s->bounds_max[c];
        if (s->light_bounds_max[c] > s->light_bounds_min[c]) a = fmaxf(a, s->light_bounds_min[c]), b = fminf(b, s->light_bounds_max[c]);
        if (!(b > a)) a = s->bounds_min[c], b = s->bounds_max[c];
        lo[k] = a, size[k] = b - a;
    }
    for (int k = 0; k < 2; k++) lo[k] += 0.1f * size[k], size[k] *= 0.8f;
    uint32_t cols = (uint32_t)LC_MAX(1.0f, ceilf(sqrtf((float)count * size[0] / fmaxf(size[1], 1e-6f))));
    uint32_t rows = (count + cols - 1) / cols;
    /* In an interior (Sponza, the hall) a floor also has something above it: the ground outside the
     * walls has only sky. */
    bool interior = s->start == LC_START_INTERIOR;
    floor_tris f;
    floor_build(s, &f);
    /* The main floor, which figures stand on first: in an interior the one its first view stands
     * on (Sponza's atrium and arcades, not the closed spaces beside and below them), else the
     * commonest floor height (10 cm bins) over 32 x 32 spots of the plan. */
    float main_floor = NAN;
    if (!(interior && f.count && floor_below(&f, s->default_camera[0], s->default_camera[2], s->default_camera[1], &main_floor))) {
        enum { SPOTS = 32, HBINS = 1024 };
        uint32_t hist[HBINS] = {0}, best = 0;
        float base = s->bounds_min[1];
        main_floor = NAN;
        for (uint32_t i = 0; i < SPOTS * SPOTS && f.count; i++) {
            float y, x = lo[0] + size[0] * ((float)(i % SPOTS) + 0.5f) / SPOTS, z = lo[1] + size[1] * ((float)(i / SPOTS) + 0.5f) / SPOTS;
            if (!floor_at(&f, x, z, height, interior, &y)) continue;
            uint32_t b = (uint32_t)LC_CLAMP((y - base) / 0.1f, 0.0f, (float)(HBINS - 1));
            if (++hist[b] > best) best = hist[b], main_floor = base + ((float)b + 0.5f) * 0.1f;
        }
    }
    float (*offsets)[3] = lc_alloc((size_t)count * sizeof *offsets);
    uint32_t floorless = 0;
    for (uint32_t c = 0; c < count; c++) {
        float x = 0.0f, z = 0.0f, y = s->bounds_min[1];
        bool found = false;
        for (uint32_t attempt = 0; attempt < 56 && !found; attempt++) {
            /* On the main floor: the cell's middle half, then anywhere in the cell, then anywhere
             * in the plan (a cell outside the walls); at last the cell's floor, whatever its height. */
            float u = unit(seed, c, attempt * 2), v = unit(seed, c, attempt * 2 + 1);
            if (attempt >= 16 && attempt < 48) {
                x = lo[0] + size[0] * u, z = lo[1] + size[1] * v;
            } else {
                float spread = attempt < 8 ? 0.5f : 1.0f;
                x = lo[0] + size[0] * ((float)(c % cols) + 0.5f + spread * (u - 0.5f)) / (float)cols;
                z = lo[1] + size[1] * ((float)(c / cols) + 0.5f + spread * (v - 0.5f)) / (float)rows;
            }
            found = f.count && floor_at(&f, x, z, height, interior, &y) &&
                    (attempt >= 48 || isnan(main_floor) || fabsf(y - main_floor) < 0.25f);
        }
        if (!found) y = s->bounds_min[1], floorless++;
        offsets[c][0] = x - fig_c[0], offsets[c][1] = y - fig.bounds_min[1], offsets[c][2] = z - fig_c[1];
    }
    free(f.tri);
    free(f.bin_start);
    free(f.bin_tris);
    if (floorless)
        lc_warn("--figures: %u of %u figures found no floor with %.2f m free above it; they stand at the scene's lowest point",
                floorless, count, height);
    replicate(&fig, (const float (*)[3])offsets, count);
    free(offsets);
    st = lc_scene_anim_instance(&fig, count, seed);
    if (st == LC_OK) {
        append(s, &fig);
        lc_scene_sort_objects(s);
        lc_scene_compute_bounds(s);
        lc_info("--figures: %u copies of %s (%u objects each) on the floor of %s", count, fig.name, fig.object_count / count, s->name);
    }
    lc_scene_destroy(&fig);
    return st;
}
