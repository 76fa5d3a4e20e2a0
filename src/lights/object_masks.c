/* Per-object entity masks (object_masks.h): a sphere against each object's world box. The
 * sphere holds everything an entity reaches (a light's range, a decal's or a probe's box), so
 * an object's mask misses nothing that shades its pixels unless the object overflows. */
#include "lights/object_masks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "cpu/jobs.h"

#define MASK_WORK_SIZE 16u /* objects per job chunk: each tests every entity */

typedef struct mask_job {
    const lc_object_cull_set *set;
    const uint32_t *objects;
    const lc_gpu_light *entities;
    uint32_t first[LC_OBJECT_MASKS_KINDS], count[LC_OBJECT_MASKS_KINDS];
    lc_gpu_object_mask *masks;
    uint8_t *overflow; /* per listed object: bit k, kind k overflowed */
} mask_job;

static const uint32_t capacity[LC_OBJECT_MASKS_KINDS] = {LC_OBJECT_MASK_DECALS, LC_OBJECT_MASK_PROBES, LC_OBJECT_MASK_LIGHTS};

/* The object's world AABB: its local box's centre through the world matrix, the half sizes
 * through the matrix's absolute 3x3. */
static void world_box(const lc_object_cull_set *s, uint32_t i, float c[3], float e[3])
{
    float lc[3] = {0.5f * (s->min_x[i] + s->max_x[i]), 0.5f * (s->min_y[i] + s->max_y[i]), 0.5f * (s->min_z[i] + s->max_z[i])};
    float lh[3] = {0.5f * (s->max_x[i] - s->min_x[i]), 0.5f * (s->max_y[i] - s->min_y[i]), 0.5f * (s->max_z[i] - s->min_z[i])};
    for (int r = 0; r < 3; r++) {
        c[r] = s->world[12 + r][i];
        e[r] = 0.0f;
        for (int k = 0; k < 3; k++) {
            c[r] += s->world[k * 4 + r][i] * lc[k];
            e[r] += fabsf(s->world[k * 4 + r][i]) * lh[k];
        }
    }
}

/* The sphere, widened as the GPU culls widen it (LC_LIGHT_CULL_RADIUS_*) plus a relative
 * margin for the box's rounding, against the box. */
static bool sphere_meets_box(const lc_gpu_light *l, const float c[3], const float e[3])
{
    const float p[3] = {l->position_radius.x, l->position_radius.y, l->position_radius.z};
    float d2 = 0.0f, scale = 0.0f;
    for (int a = 0; a < 3; a++) {
        float d = fabsf(p[a] - c[a]) - e[a];
        if (d > 0.0f) d2 += d * d;
        scale = fmaxf(scale, fabsf(p[a]) + fabsf(c[a]) + e[a]);
    }
    float r = l->position_radius.w * (float)LC_LIGHT_CULL_RADIUS_SCALE + (float)LC_LIGHT_CULL_RADIUS_BIAS + 1e-5f * scale;
    return d2 <= r * r;
}

static void mask_chunk(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    mask_job *j = user;
    for (uint32_t n = offset; n < offset + count; n++) {
        uint32_t o = j->objects[n];
        uint32_t words[4] = {0, 0, 0, 0};
        uint8_t over = 0;
        bool held = o < j->set->count;
        float c[3], e[3];
        if (held) world_box(j->set, o, c, e);
        for (uint32_t k = 0; k < LC_OBJECT_MASKS_KINDS; k++) {
            uint32_t word = k == 2 ? 2 : k; /* lights: z and w */
            for (uint32_t i = 0; i < j->count[k]; i++) {
                if (held && !sphere_meets_box(&j->entities[j->first[k] + i], c, e)) continue;
                if (i >= capacity[k]) {
                    over |= (uint8_t)(1u << k);
                    break; /* the rest cannot be named either */
                }
                words[word + (i >> 5)] |= 1u << (i & 31u);
            }
        }
        j->masks[o] = (lc_gpu_object_mask){{words[0], words[1], words[2], words[3]}, {over, 0, 0, 0}};
        j->overflow[n] = over;
    }
}

void lc_object_masks_build(const lc_object_cull_set *set, const uint32_t *objects, uint32_t count, const lc_gpu_light *entities,
                           uint32_t decals, uint32_t probes, uint32_t lights, lc_gpu_object_mask *masks, lc_object_masks_stats *stats)
{
    mask_job j = {.set = set, .objects = objects, .entities = entities, .first = {0, decals, decals + probes},
                  .count = {decals, probes, lights}, .masks = masks, .overflow = lc_calloc(LC_MAX(count, 1u), 1)};
    lc_jobs_run(count, MASK_WORK_SIZE, mask_chunk, &j);
    stats->objects += count;
    for (uint32_t n = 0; n < count; n++) {
        if (j.overflow[n]) stats->overflow++;
        for (uint32_t k = 0; k < LC_OBJECT_MASKS_KINDS; k++)
            if (j.overflow[n] & (1u << k)) stats->overflow_kind[k]++;
    }
    free(j.overflow);
}
