/* Shadowed lights on the host: selection by importance, atlas tiles, the cache and the update
 * budget, the records the shaders read (shadows.h says why each is as it is). */
#include "lights/shadows.h"

#include <cglm/cglm.h>
#include <cglm/clipspace/persp_rh_zo.h>
#include <cglm/clipspace/view_rh.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FREE UINT32_MAX

void lc_shadows_init(lc_shadows *s)
{
    memset(s, 0, sizeof *s);
    for (uint32_t t = 0; t < LC_SHADOW_VIEWS_MAX; t++) s->tiles[t].light = FREE;
    s->records = lc_calloc(LC_SHADOW_VIEWS_MAX, sizeof *s->records);
}

void lc_shadows_destroy(lc_shadows *s)
{
    free(s->records);
    free(s->rank);
    memset(s, 0, sizeof *s);
}

void lc_shadows_invalidate(lc_shadows *s)
{
    for (uint32_t t = 0; t < LC_SHADOW_VIEWS_MAX; t++) s->tiles[t].valid = false;
}

bool lc_shadows_wanted(const lc_light *lights, uint32_t count, uint32_t shadowed_lights)
{
    if (shadowed_lights && count) return true;
    for (uint32_t i = 0; i < count; i++)
        if (lights[i].shadow) return true;
    return false;
}

static uint32_t view_count(const lc_light *l) { return l->type == LC_LIGHT_SPOT ? 1u : 6u; }

float lc_shadow_importance(const lc_light *l, const float camera[3])
{
    float dx = l->position[0] - camera[0], dy = l->position[1] - camera[1], dz = l->position[2] - camera[2];
    float d2 = dx * dx + dy * dy + dz * dz, r2 = l->radius * l->radius;
    float size = r2 / fmaxf(d2, r2); /* 1 with the camera inside the light's range */
    float c = fmaxf(l->color[0], fmaxf(l->color[1], l->color[2]));
    return size * l->intensity * c;
}

void lc_shadow_view_matrix(const lc_light *l, uint32_t face, lc_m4 *view_proj, float *near_z, float *far_z, float *texel)
{
    static const float dirs[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    vec3 eye = {l->position[0], l->position[1], l->position[2]}, fwd, up = {0.0f, 1.0f, 0.0f}, center;
    float tan_half;
    if (l->type == LC_LIGHT_SPOT) {
        glm_vec3_copy((float *)l->direction, fwd);
        tan_half = tanf(glm_rad(fminf(l->outer_deg, LC_SHADOW_SPOT_MAX_DEG)));
    } else {
        glm_vec3_copy((float *)dirs[face], fwd);
        tan_half = 1.0f;
    }
    if (fabsf(fwd[1]) > 0.99f) up[0] = 0.0f, up[1] = 0.0f, up[2] = 1.0f;
    /* Widened so that the PCF kernel at the face's (the cone's) edge reads rendered texels. */
    tan_half *= (float)LC_SHADOW_TILE / ((float)LC_SHADOW_TILE - 2.0f * LC_SHADOW_GUARD);
    *near_z = (float)LC_SHADOW_NEAR * l->radius;
    *far_z = l->radius;
    *texel = 2.0f * tan_half / (float)LC_SHADOW_TILE;
    glm_vec3_add(eye, fwd, center);
    mat4 v, p, vp;
    glm_lookat_rh(eye, center, up, v);
    glm_perspective_rh_zo(2.0f * atanf(tan_half), 1.0f, *near_z, *far_z, p);
    p[1][1] = -p[1][1]; /* Vulkan clip space has y pointing down, as the camera's */
    glm_mat4_mul(p, v, vp);
    memcpy(view_proj->m, vp, sizeof vp);
}

/* What a view's depth depends on. */
static void light_key(const lc_light *l, float key[11])
{
    float k[11] = {(float)l->type, l->position[0], l->position[1], l->position[2], l->direction[0], l->direction[1], l->direction[2],
                   l->radius, l->type == LC_LIGHT_SPOT ? l->outer_deg : 0.0f, 0.0f, 0.0f};
    memcpy(key, k, sizeof k);
}

typedef struct candidate {
    uint64_t key; /* marked lights first, then importance descending, then the light index */
    uint32_t sorted; /* its index in the frame's light list */
} candidate;

static int candidate_cmp(const void *a, const void *b)
{
    uint64_t x = ((const candidate *)a)->key, y = ((const candidate *)b)->key;
    return x < y ? -1 : x > y;
}

typedef lc_shadow_pending pending;

static int pending_cmp(const void *a, const void *b)
{
    uint64_t x = ((const pending *)a)->key, y = ((const pending *)b)->key;
    return x < y ? -1 : x > y;
}

static void extract_planes(const lc_m4 *vp, float planes[6][4]) { lc_frustum_planes(vp, planes); }

void lc_shadows_update(lc_shadows *s, const lc_shadow_frame_desc *d, uint32_t *light_record)
{
    s->frame++;
    s->render_count = 0;
    s->record_count = 0;
    memset(&s->stats, 0, sizeof s->stats);
    if (d->visible) memset(light_record, 0, (size_t)d->visible * sizeof *light_record);
    uint32_t budget = d->updates ? LC_MIN(d->updates, LC_SHADOW_UPDATES_MAX) : LC_SHADOW_UPDATES_DEFAULT;

    /* Rank the frame's lights: marked ones first, then by importance. */
    if (d->visible > s->rank_capacity) {
        free(s->rank);
        s->rank_capacity = d->visible;
        s->rank = lc_alloc((size_t)s->rank_capacity * sizeof(candidate));
    }
    candidate *c = (candidate *)s->rank;
    uint32_t n = 0, marked = 0;
    for (uint32_t i = 0; i < d->visible; i++) {
        uint32_t li = d->order[i];
        const lc_light *l = &d->lights[li];
        if (!l->shadow && !d->shadowed_lights) continue;
        float imp = lc_shadow_importance(l, d->camera);
        uint32_t bits;
        memcpy(&bits, &imp, sizeof bits);
        bits = imp > 0.0f ? bits & 0x7fffffffu : 0u;
        c[n++] = (candidate){(uint64_t)(l->shadow ? 0u : 1u) << 63 | (uint64_t)(0x7fffffffu - bits) << 32 | li, i};
        marked += l->shadow;
    }
    if (n > 1) qsort(c, n, sizeof *c, candidate_cmp); /* none visible: c may be NULL */
    /* Marked lights, then the shadowed_lights most important others, while the atlas has room. */
    uint32_t take = LC_MIN(n, marked + d->shadowed_lights), views = 0, selected = 0;
    for (uint32_t k = 0; k < take; k++) {
        uint32_t nv = view_count(&d->lights[d->order[c[k].sorted]]);
        if (views + nv > LC_SHADOW_VIEWS_MAX) continue;
        views += nv;
        c[selected++] = c[k];
    }

    /* Tiles of lights no longer shadowed (or whose type changed) go back to the free list. */
    for (uint32_t t = 0; t < LC_SHADOW_VIEWS_MAX; t++) {
        lc_shadow_tile *tile = &s->tiles[t];
        if (tile->light == FREE) continue;
        bool keep = false;
        for (uint32_t k = 0; k < selected && !keep; k++) {
            uint32_t li = d->order[c[k].sorted];
            keep = li == tile->light && tile->face < view_count(&d->lights[li]);
        }
        if (!keep) tile->light = FREE, tile->valid = false;
    }

    /* Each selected light's views, in importance order: its tile, and whether it waits for a
     * render (its light changed or the tile is new). */
    pending *p = s->pending;
    uint32_t np = 0, nviews = 0;
    for (uint32_t k = 0; k < selected; k++) {
        uint32_t li = d->order[c[k].sorted];
        const lc_light *l = &d->lights[li];
        uint32_t nv = view_count(l);
        float key[11];
        light_key(l, key);
        for (uint32_t f = 0; f < nv; f++, nviews++) {
            uint32_t t = FREE;
            for (uint32_t u = 0; u < LC_SHADOW_VIEWS_MAX && t == FREE; u++)
                if (s->tiles[u].light == li && s->tiles[u].face == f) t = u;
            for (uint32_t u = 0; u < LC_SHADOW_VIEWS_MAX && t == FREE; u++)
                if (s->tiles[u].light == FREE) t = u, s->tiles[u] = (lc_shadow_tile){.light = li, .face = f};
            lc_shadow_tile *tile = &s->tiles[t];
            tile->claimed = s->frame;
            s->view_tile[nviews] = (uint16_t)t;
            if (tile->valid && memcmp(tile->key, key, sizeof key) == 0) {
                tile->waiting_since = 0;
                continue;
            }
            if (!tile->waiting_since) tile->waiting_since = s->frame;
            uint32_t waited = s->frame - tile->waiting_since;
            p[np++] = (pending){(uint64_t)(UINT32_MAX - waited) << 32 | (uint64_t)k << 3 | f, t, k};
        }
    }
    /* The budget: the views waiting longest first, then the most important (shadows.h). */
    if (np > 1) qsort(p, np, sizeof *p, pending_cmp);
    for (uint32_t i = 0; i < np && s->render_count < budget; i++) {
        uint32_t k = p[i].light_rank, f = (uint32_t)(p[i].key & 7u), li = d->order[c[k].sorted];
        const lc_light *l = &d->lights[li];
        lc_shadow_tile *tile = &s->tiles[p[i].tile];
        lc_m4 vp;
        float near_z, far_z, texel;
        lc_shadow_view_matrix(l, f, &vp, &near_z, &far_z, &texel);
        lc_shadow_render *rv = &s->render[s->render_count++];
        *rv = (lc_shadow_render){.tile = p[i].tile, .light = li, .face = f, .record = k, .view_proj = vp};
        extract_planes(&vp, rv->planes);
        memcpy(rv->eye, l->position, sizeof rv->eye);
        tile->valid = true;
        light_key(l, tile->key);
        tile->view_proj = vp;
        tile->waiting_since = 0;
    }

    /* The records: each view's matrix and rectangle as its tile holds them now. */
    nviews = 0;
    for (uint32_t k = 0; k < selected; k++) {
        const lc_light *l = &d->lights[d->order[c[k].sorted]];
        uint32_t nv = view_count(l);
        lc_gpu_shadow *rec = &s->records[s->record_count];
        memset(rec, 0, sizeof *rec);
        lc_m4 vp;
        float near_z, far_z, texel;
        lc_shadow_view_matrix(l, 0, &vp, &near_z, &far_z, &texel);
        rec->params = (lc_f4){near_z, far_z, texel, 0.0f};
        for (uint32_t f = 0; f < nv; f++, nviews++) {
            uint32_t t = s->view_tile[nviews];
            const lc_shadow_tile *tile = &s->tiles[t];
            rec->view_proj[f] = tile->view_proj;
            rec->rect[f] = (lc_f4){(float)(t % LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE), (float)(t / LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE),
                                   tile->valid ? (float)LC_SHADOW_TILE : 0.0f, 0.0f};
        }
        rec->info = (lc_u4){nv, 0, 0, 0};
        light_record[c[k].sorted] = ++s->record_count;
        s->stats.views += nv;
    }
    s->stats.views_cached = s->stats.views - s->render_count;
    for (uint32_t v = 0; v < nviews; v++) s->stats.views_cached -= !s->tiles[s->view_tile[v]].valid;
    s->stats.lights = selected;
    s->stats.views_rendered = s->render_count;
    s->stats.texels = (uint64_t)s->stats.views * LC_SHADOW_TILE * LC_SHADOW_TILE;
}
