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
#define BLOCK_FREE 0xffu

static uint32_t level_size(uint32_t level) { return LC_SHADOW_TILE >> level; }
static uint32_t level_tiles(uint32_t level) { return 1u << (2u * level); } /* a block's: 1, 4 or 16 */

void lc_shadows_init(lc_shadows *s)
{
    memset(s, 0, sizeof *s);
    for (uint32_t o = 0; o < LC_SHADOW_LIGHTS_MAX; o++) s->owners[o].light = FREE;
    memset(s->block_level, BLOCK_FREE, sizeof s->block_level);
    s->records = lc_calloc(LC_SHADOW_LIGHTS_MAX, sizeof *s->records);
}

void lc_shadows_destroy(lc_shadows *s)
{
    free(s->records);
    free(s->rank);
    memset(s, 0, sizeof *s);
}

void lc_shadows_invalidate(lc_shadows *s)
{
    for (uint32_t o = 0; o < LC_SHADOW_LIGHTS_MAX; o++) memset(s->owners[o].valid, 0, sizeof s->owners[o].valid);
    memset(s->cascades.valid, 0, sizeof s->cascades.valid);
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

uint32_t lc_shadow_level(const lc_light *l, const float camera[3], float screen_scale, uint32_t current)
{
    float dx = l->position[0] - camera[0], dy = l->position[1] - camera[1], dz = l->position[2] - camera[2];
    float d2 = dx * dx + dy * dy + dz * dz, r2 = l->radius * l->radius;
    if (d2 <= r2 || !(screen_scale > 0.0f)) return 0; /* the camera inside its range: the largest */
    float px = l->radius / sqrtf(d2 - r2) * screen_scale; /* its radius on screen, pixels */
    uint32_t want = px > (float)(LC_SHADOW_TILE >> 1) ? 0u : px > (float)(LC_SHADOW_TILE >> 2) ? 1u : 2u;
    if (current < LC_SHADOW_LEVELS && want != current) {
        /* Level L serves (TILE >> (L + 1), TILE >> L] pixels; a light leaves its level only a
         * quarter past either end. */
        float lo = current == LC_SHADOW_LEVELS - 1 ? 0.0f : (float)(LC_SHADOW_TILE >> (current + 1));
        float hi = current == 0 ? INFINITY : (float)(LC_SHADOW_TILE >> current);
        if (px > lo * 0.8f && px <= hi * 1.25f) return current;
    }
    return want;
}

void lc_shadow_view_matrix(const lc_light *l, uint32_t face, uint32_t size, lc_m4 *view_proj, float *near_z, float *far_z, float *texel)
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
    tan_half *= (float)size / ((float)size - 2.0f * LC_SHADOW_GUARD);
    *near_z = (float)LC_SHADOW_NEAR * l->radius;
    *far_z = l->radius;
    *texel = 2.0f * tan_half / (float)size;
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

/* Moves the k smallest keys of a[0..n) to its front, in no order (quickselect with median of
 * three pivots, the last few by sorting): the frame needs the first few hundred of a few
 * thousand lights, and the first few dozen of a thousand waiting views, in order, not all of
 * them sorted (sorting them all was most of the shadows' host time). Keys are distinct. */
#define SELECT_FIRST(name, type, cmp)                                                                                        \
    static void name(type *a, uint32_t n, uint32_t k)                                                                        \
    {                                                                                                                        \
        uint32_t lo = 0, hi = n;                                                                                             \
        while (hi - lo > 16 && k > lo && k < hi) {                                                                           \
            /* Three distinct keys: the median is neither end, so both sides keep an element. */                            \
            uint64_t x = a[lo].key, y = a[lo + (hi - lo) / 2].key, z = a[hi - 1].key;                                        \
            uint64_t pivot = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);                              \
            uint32_t i = lo, j = hi - 1;                                                                                     \
            for (;;) {                                                                                                       \
                while (a[i].key < pivot) i++;                                                                                \
                while (a[j].key > pivot) j--;                                                                                \
                if (i >= j) break;                                                                                           \
                type t = a[i];                                                                                               \
                a[i] = a[j], a[j] = t;                                                                                       \
            }                                                                                                                \
            /* [lo, j] <= pivot < (j, hi) */                                                                                 \
            if (k <= j) hi = j + 1;                                                                                          \
            else lo = j + 1;                                                                                                 \
        }                                                                                                                    \
        if (k > lo && k < hi) qsort(a + lo, hi - lo, sizeof *a, cmp);                                                        \
    }
static int pending_cmp(const void *a, const void *b)
{
    uint64_t x = ((const pending *)a)->key, y = ((const pending *)b)->key;
    return x < y ? -1 : x > y;
}

SELECT_FIRST(select_candidates, candidate, candidate_cmp)
SELECT_FIRST(select_pending, pending, pending_cmp)


static void extract_planes(const lc_m4 *vp, float planes[6][4]) { lc_frustum_planes(vp, planes); }

/* Whether a caster's bounds before or after its move touch the view (as last rendered);
 * box: the moved spheres' bounding box, tested first so that views far from every moved
 * object skip the per-sphere tests. */
static bool moved_inside(const lc_m4 *view_proj, const lc_shadow_frame_desc *d, const float box[2][3])
{
    if (!d->moved_count) return false;
    float planes[6][4];
    extract_planes(view_proj, planes);
    for (int p = 0; p < 6; p++) {
        float x = planes[p][0] >= 0.0f ? box[1][0] : box[0][0], y = planes[p][1] >= 0.0f ? box[1][1] : box[0][1],
              z = planes[p][2] >= 0.0f ? box[1][2] : box[0][2];
        if (planes[p][0] * x + planes[p][1] * y + planes[p][2] * z + planes[p][3] < 0.0f) return false;
    }
    return lc_frustum_touches_spheres((const float (*)[4])planes, d->moved, d->moved_count);
}

/* ---- the atlas's blocks: each free, or split into sub-tiles of one size ---- */

static void tile_rect(uint32_t tile, uint32_t level, uint32_t *x, uint32_t *y)
{
    uint32_t block = tile >> 4, sub = tile & 15u, n = 1u << level, size = level_size(level);
    *x = block % LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE + sub % n * size;
    *y = block / LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE + sub / n * size;
}

static void tile_free(lc_shadows *s, uint32_t tile)
{
    uint32_t b = tile >> 4;
    s->block_used[b] &= (uint16_t)~(1u << (tile & 15u));
    if (!s->block_used[b]) s->block_level[b] = BLOCK_FREE;
}

/* A sub-tile of this level: in a block of that size with room, else a free block. */
static bool tile_alloc(lc_shadows *s, uint32_t level, uint16_t *tile)
{
    uint32_t full = (1u << level_tiles(level)) - 1u, pick = FREE;
    for (uint32_t b = 0; b < LC_SHADOW_BLOCKS && pick == FREE; b++)
        if (s->block_level[b] == level && s->block_used[b] != full) pick = b;
    for (uint32_t b = 0; b < LC_SHADOW_BLOCKS && pick == FREE; b++)
        if (s->block_level[b] == BLOCK_FREE) pick = b, s->block_level[b] = (uint8_t)level;
    if (pick == FREE) return false;
    uint32_t sub = 0;
    while (s->block_used[pick] >> sub & 1u) sub++;
    s->block_used[pick] |= (uint16_t)(1u << sub);
    *tile = (uint16_t)(pick << 4 | sub);
    return true;
}

static void owner_free(lc_shadows *s, lc_shadow_owner *o)
{
    for (uint32_t f = 0; f < o->views; f++) tile_free(s, o->tile[f]);
    o->light = FREE;
}

/* Tiles for every view of o at its level, or (the atlas fragmented) at a smaller one. */
static bool owner_place(lc_shadows *s, lc_shadow_owner *o)
{
    for (; o->level < LC_SHADOW_LEVELS; o->level++) {
        uint32_t f = 0;
        while (f < o->views && tile_alloc(s, o->level, &o->tile[f])) f++;
        if (f == o->views) return true;
        while (f--) tile_free(s, o->tile[f]);
    }
    return false;
}

/* Blocks the views of `count` lights take at their levels. */
static uint32_t blocks_needed(const uint32_t views[LC_SHADOW_LEVELS])
{
    uint32_t n = 0;
    for (uint32_t v = 0; v < LC_SHADOW_LEVELS; v++) n += LC_DIV_UP(views[v], level_tiles(v));
    return n;
}

/* Lists view f of o for the overlay (once a frame; save: it is rendered this frame, its matrix
 * as it is now). */
static void overlay_add(lc_shadows *s, lc_shadow_owner *o, uint32_t f, uint32_t record, bool save)
{
    lc_shadow_overlay *v;
    if (o->overlay_frame[f] == s->frame) {
        v = &s->overlay[o->overlay_slot[f]];
    } else {
        o->overlay_frame[f] = s->frame;
        o->overlay_slot[f] = (uint16_t)s->overlay_count;
        v = &s->overlay[s->overlay_count++];
        *v = (lc_shadow_overlay){.size = level_size(o->level), .record = record, .face = f};
        tile_rect(o->tile[f], o->level, &v->x, &v->y);
    }
    v->save |= save;
    extract_planes(&o->view_proj[f], v->planes);
}

typedef struct selected_light {
    uint32_t light, sorted, views, want, level;
    lc_shadow_owner *owner;
} selected_light;

void lc_shadows_update(lc_shadows *s, const lc_shadow_frame_desc *d, uint32_t *light_record)
{
    s->frame++;
    s->render_count = 0;
    s->overlay_count = 0;
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
    /* Marked lights, then the shadowed_lights most important others, at the size each asks
     * for (its owner's now, within the margin), up to LC_SHADOW_LIGHTS_MAX. */
    uint32_t selected = LC_MIN(LC_MIN(n, marked + d->shadowed_lights), LC_SHADOW_LIGHTS_MAX);
    if (n > 1) { /* none visible: c may be NULL */
        select_candidates(c, n, selected);
        qsort(c, selected, sizeof *c, candidate_cmp);
    }

    selected_light sel[LC_SHADOW_LIGHTS_MAX];
    uint32_t views[LC_SHADOW_LEVELS] = {0};
    /* The owners by light: an open-addressed table twice their count (a scan of every owner
     * for each selected light was a quarter of this function's time). */
    enum { SLOTS = 2 * LC_SHADOW_LIGHTS_MAX };
    uint16_t by_light[SLOTS];
    memset(by_light, 0xff, sizeof by_light);
    for (uint32_t o = 0; o < LC_SHADOW_LIGHTS_MAX; o++) {
        if (s->owners[o].light == FREE) continue;
        uint32_t h = (s->owners[o].light * 2654435761u) % SLOTS;
        while (by_light[h] != 0xffffu) h = (h + 1) % SLOTS;
        by_light[h] = (uint16_t)o;
    }
    for (uint32_t k = 0; k < selected; k++) {
        uint32_t li = d->order[c[k].sorted];
        const lc_light *l = &d->lights[li];
        selected_light *e = &sel[k];
        *e = (selected_light){.light = li, .sorted = c[k].sorted, .views = view_count(l), .owner = NULL};
        for (uint32_t h = (li * 2654435761u) % SLOTS; by_light[h] != 0xffffu && !e->owner; h = (h + 1) % SLOTS) {
            lc_shadow_owner *o = &s->owners[by_light[h]];
            if (o->light == li && o->views == e->views) e->owner = o;
        }
        /* The size it asks for, kept within the margin of what it asked for last (not of the
         * size it got: the fit below is the same for the same wishes, so it does not flip). */
        e->want = e->level = lc_shadow_level(l, d->camera, d->screen_scale, e->owner ? e->owner->want : LC_SHADOW_LEVELS);
        views[e->level] += e->views;
    }
    /* More views than blocks: the least important lights step down a size, a step a pass. */
    while (blocks_needed(views) > LC_SHADOW_BLOCKS) {
        bool stepped = false;
        for (uint32_t k = selected; k-- > 0 && blocks_needed(views) > LC_SHADOW_BLOCKS;)
            if (sel[k].level + 1 < LC_SHADOW_LEVELS) {
                views[sel[k].level] -= sel[k].views;
                views[++sel[k].level] += sel[k].views;
                stepped = true;
            }
        if (!stepped) break; /* cannot happen: LC_SHADOW_LIGHTS_MAX point lights fit at 64 */
    }

    /* Owners of lights no longer shadowed, or shadowed at another size, give their tiles back. */
    bool kept[LC_SHADOW_LIGHTS_MAX] = {false};
    for (uint32_t k = 0; k < selected; k++)
        if (sel[k].owner && sel[k].owner->level == sel[k].level) {
            kept[sel[k].owner - s->owners] = true;
            sel[k].owner->want = sel[k].want;
        } else {
            sel[k].owner = NULL;
        }
    for (uint32_t o = 0; o < LC_SHADOW_LIGHTS_MAX; o++)
        if (s->owners[o].light != FREE && !kept[o]) owner_free(s, &s->owners[o]);
    /* The others take free owners and tiles, most important first. */
    for (uint32_t k = 0; k < selected; k++) {
        if (sel[k].owner) continue;
        lc_shadow_owner *o = s->owners;
        while (o->light != FREE) o++; /* selected <= LC_SHADOW_LIGHTS_MAX owners */
        *o = (lc_shadow_owner){.light = sel[k].light, .views = sel[k].views, .want = sel[k].want, .level = sel[k].level};
        if (owner_place(s, o)) sel[k].owner = o;
        else o->light = FREE, s->stats.lights_unplaced++;
    }

    /* Each placed light's views, in importance order: whether each waits for a render (its
     * light changed, or its tile is new), and the light's record number. */
    pending *p = s->pending;
    uint32_t np = 0, records = 0;
    float moved_box[2][3] = {{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
    for (uint32_t i = 0; i < d->moved_count; i++)
        for (int c = 0; c < 3; c++) {
            moved_box[0][c] = fminf(moved_box[0][c], d->moved[i][c] - d->moved[i][3]);
            moved_box[1][c] = fmaxf(moved_box[1][c], d->moved[i][c] + d->moved[i][3]);
        }
    for (uint32_t k = 0; k < selected; k++) {
        lc_shadow_owner *o = sel[k].owner;
        if (!o) continue;
        float key[11];
        light_key(&d->lights[o->light], key);
        for (uint32_t f = 0; f < o->views; f++) {
            bool same = o->valid[f] && memcmp(o->key[f], key, sizeof key) == 0;
            /* Redraw asks only of an unchanged view (a changed one renders anyway); overlay of any
             * view its tile holds. */
            bool moved = o->valid[f] && (same || d->overlay) && moved_inside(&o->view_proj[f], d, (const float (*)[3])moved_box);
            s->stats.views_moved += same && moved;
            /* Overlay: a moved caster is drawn over the view as its tile stands (also one that
             * waits for a render of its own: its record keeps the tile's matrix). */
            if (d->overlay && moved) overlay_add(s, o, f, records, false);
            if (same && (!moved || d->overlay)) {
                o->waiting_since[f] = 0;
                continue;
            }
            if (!o->waiting_since[f]) o->waiting_since[f] = s->frame;
            uint32_t waited = s->frame - o->waiting_since[f];
            p[np++] = (pending){(uint64_t)(UINT32_MAX - waited) << 32 | (uint64_t)k << 3 | f, (uint32_t)(o - s->owners), records, same};
        }
        records++;
    }
    /* The budget: the views waiting longest first, then the most important (shadows.h). */
    uint32_t first = LC_MIN(np, budget);
    if (np > 1) {
        select_pending(p, np, first);
        qsort(p, first, sizeof *p, pending_cmp);
    }
    for (uint32_t i = 0; i < first; i++) {
        lc_shadow_owner *o = &s->owners[p[i].owner];
        uint32_t f = (uint32_t)(p[i].key & 7u), size = level_size(o->level);
        const lc_light *l = &d->lights[o->light];
        lc_m4 vp;
        float near_z, far_z, texel;
        lc_shadow_view_matrix(l, f, size, &vp, &near_z, &far_z, &texel);
        s->stats.views_rendered_moved += p[i].moved;
        lc_shadow_render *rv = &s->render[s->render_count++];
        *rv = (lc_shadow_render){.light = o->light, .face = f, .type = l->type, .size = size, .record = p[i].record,
                                 .owner = p[i].owner, .fresh = !o->valid[f], .view_proj = vp};
        tile_rect(o->tile[f], o->level, &rv->x, &rv->y);
        extract_planes(&vp, rv->planes);
        memcpy(rv->eye, l->position, sizeof rv->eye);
        o->valid[f] = true;
        light_key(l, o->key[f]);
        o->view_proj[f] = vp;
        o->waiting_since[f] = 0;
        if (d->overlay) overlay_add(s, o, f, p[i].record, true);
    }

    /* The records: each view's matrix and rectangle as its tile holds them now. */
    for (uint32_t k = 0; k < selected; k++) {
        lc_shadow_owner *o = sel[k].owner;
        if (!o) continue;
        const lc_light *l = &d->lights[o->light];
        uint32_t size = level_size(o->level);
        lc_gpu_shadow *rec = &s->records[s->record_count];
        memset(rec, 0, sizeof *rec);
        lc_m4 vp;
        float near_z, far_z, texel;
        lc_shadow_view_matrix(l, 0, size, &vp, &near_z, &far_z, &texel);
        rec->params = (lc_f4){near_z, far_z, texel, 0.0f};
        for (uint32_t f = 0; f < o->views; f++) {
            uint32_t x, y;
            tile_rect(o->tile[f], o->level, &x, &y);
            rec->view_proj[f] = o->view_proj[f];
            rec->rect[f] = (lc_f4){(float)x, (float)y, o->valid[f] ? (float)size : 0.0f, 0.0f};
            s->stats.views_cached += o->valid[f];
        }
        rec->info = (lc_u4){o->views, 0, 0, 0};
        light_record[sel[k].sorted] = ++s->record_count;
        s->stats.lights++;
        s->stats.views += o->views;
        s->stats.views_by_size[o->level] += o->views;
        s->stats.texels += (uint64_t)o->views * size * size;
    }
    s->stats.views_cached -= s->render_count;
    s->stats.views_rendered = s->render_count;
    s->stats.views_overlaid = s->overlay_count;
}
