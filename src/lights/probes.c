/* Environment probes as data (probes.h): the file's schema, the grid, the blending order. */
#include "lights/probes.h"

#include "lights/json_fields.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE_LIMIT 1e6 /* coordinates and half sizes, metres: far past any scene */

lc_status lc_probes_parse_json(lc_probe_set *out, const char *text, size_t size, const char *what)
{
    memset(out, 0, sizeof *out);
    lc_json_ctx c = {.file_kind = "probes", .entry_kind = "probe", .what = what ? what : "(probes)"};
    cJSON *root = lc_json_parse(&c, text, size);
    if (!root) return LC_ERR_INPUT;
    lc_status st = LC_ERR_INPUT;
    lc_probe *probes = NULL;
    const cJSON *arr = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "probes") : NULL;
    int n = arr && cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : -1;
    if (!arr) lc_json_fail(&c, "expected an object with a \"probes\" array");
    else if (n < 0) lc_json_fail(&c, "\"probes\" must be an array");
    else if (n == 0) lc_json_fail(&c, "\"probes\" is empty");
    else if ((uint32_t)n > LC_PROBES_MAX) lc_json_fail(&c, "%d probes is more than the maximum %u", n, LC_PROBES_MAX);
    else {
        probes = lc_calloc((size_t)n, sizeof *probes);
        const cJSON *item;
        bool ok = true;
        c.in_entry = true;
        cJSON_ArrayForEach(item, arr)
        {
            if (!cJSON_IsObject(item)) {
                lc_json_fail(&c, "must be an object");
                ok = false;
            }
            ok = ok &&
                 lc_json_floats(&c, item, "position", 3, true, NULL, (lc_json_range){-PROBE_LIMIT, PROBE_LIMIT, false}, probes[c.index].position) &&
                 lc_json_floats(&c, item, "extents", 3, true, NULL, (lc_json_range){0.0, PROBE_LIMIT, true}, probes[c.index].extents);
            if (!ok) break;
            c.index++;
        }
        if (ok) {
            out->probes = probes;
            out->count = (uint32_t)n;
            probes = NULL;
            lc_probes_sort(out);
            st = LC_OK;
        }
    }
    free(probes);
    cJSON_Delete(root);
    return st;
}

static lc_status parse_file(void *out, const char *text, size_t size, const char *what)
{
    return lc_probes_parse_json(out, text, size, what);
}

lc_status lc_probes_load_json(lc_probe_set *out, const char *path)
{
    memset(out, 0, sizeof *out);
    return lc_json_load("probes", path, parse_file, out);
}

void lc_probes_grid(lc_probe_set *out, uint32_t count, const float bmin[3], const float bmax[3])
{
    memset(out, 0, sizeof *out);
    count = LC_CLAMP(count, 1u, LC_PROBES_MAX);
    float size[3];
    bool degenerate = false;
    for (int a = 0; a < 3; a++) {
        size[a] = bmax[a] - bmin[a];
        if (!(size[a] > 1e-6f) || !isfinite(size[a])) degenerate = true;
    }
    if (degenerate) {
        out->probes = lc_calloc(1, sizeof *out->probes);
        out->count = 1;
        for (int a = 0; a < 3; a++) {
            float c = 0.5f * (bmin[a] + bmax[a]);
            out->probes[0].position[a] = isfinite(c) ? c : 0.0f;
            out->probes[0].extents[a] = 0.5f;
        }
        return;
    }
    /* Among the grids whose cells are near cubes (longest side at most 3 times the shortest),
     * the one with the most cells, then the most cube-like; where none is (a long corridor),
     * the most cube-like. */
    uint32_t best[3] = {1, 1, 1}, best_cells = 0;
    double best_ratio = INFINITY;
    for (uint32_t x = 1; x <= count; x++)
        for (uint32_t y = 1; x * y <= count; y++)
            for (uint32_t z = 1; x * y * z <= count; z++) {
                double c[3] = {size[0] / x, size[1] / y, size[2] / z};
                double ratio = fmax(c[0], fmax(c[1], c[2])) / fmin(c[0], fmin(c[1], c[2]));
                uint32_t cells = x * y * z;
                bool cube = ratio <= 3.0, best_cube = best_ratio <= 3.0;
                bool better = cube != best_cube ? cube
                              : cube        ? cells > best_cells || (cells == best_cells && ratio < best_ratio)
                                            : ratio < best_ratio;
                if (better) {
                    best[0] = x, best[1] = y, best[2] = z;
                    best_cells = cells;
                    best_ratio = ratio;
                }
            }
    out->count = best[0] * best[1] * best[2];
    out->probes = lc_calloc(out->count, sizeof *out->probes);
    uint32_t i = 0;
    for (uint32_t z = 0; z < best[2]; z++)
        for (uint32_t y = 0; y < best[1]; y++)
            for (uint32_t x = 0; x < best[0]; x++, i++) {
                uint32_t k[3] = {x, y, z};
                for (int a = 0; a < 3; a++) {
                    float cell = size[a] / (float)best[a];
                    out->probes[i].position[a] = bmin[a] + cell * ((float)k[a] + 0.5f);
                    out->probes[i].extents[a] = 0.5f * cell * LC_PROBE_GRID_OVERLAP;
                }
            }
    lc_probes_sort(out);
}

static int compare_probes(const void *pa, const void *pb)
{
    const lc_probe *a = pa, *b = pb;
    double va = (double)a->extents[0] * a->extents[1] * a->extents[2], vb = (double)b->extents[0] * b->extents[1] * b->extents[2];
    if (va != vb) return va < vb ? -1 : 1;
    for (int k = 0; k < 3; k++)
        if (a->position[k] != b->position[k]) return a->position[k] < b->position[k] ? -1 : 1;
    for (int k = 0; k < 3; k++)
        if (a->extents[k] != b->extents[k]) return a->extents[k] < b->extents[k] ? -1 : 1;
    return 0;
}

void lc_probes_sort(lc_probe_set *set)
{
    if (set->count > 1) qsort(set->probes, set->count, sizeof *set->probes, compare_probes);
}

float lc_probe_fade(const lc_probe *p)
{
    return LC_PROBE_FADE * fminf(p->extents[0], fminf(p->extents[1], p->extents[2]));
}

uint32_t lc_probes_build(const lc_gpu_probe *probes, uint32_t count, const lc_m4 *view, const float planes[6][4], lc_gpu_light *proxies)
{
    const float scale = (float)LC_LIGHT_CULL_RADIUS_SCALE, bias = (float)LC_LIGHT_CULL_RADIUS_BIAS;
    uint32_t n = 0;
    for (uint32_t i = 0; i < count; i++) {
        const lc_gpu_probe *p = &probes[i];
        const float c[3] = {p->position.x, p->position.y, p->position.z};
        const float half[3] = {p->extents.x + p->extents.w, p->extents.y + p->extents.w, p->extents.z + p->extents.w};
        /* The influence box against each plane: its farthest corner along the plane's normal. */
        bool inside = true;
        for (int k = 0; k < 6 && inside; k++) {
            float reach = fabsf(planes[k][0]) * half[0] + fabsf(planes[k][1]) * half[1] + fabsf(planes[k][2]) * half[2];
            inside = planes[k][0] * c[0] + planes[k][1] * c[1] + planes[k][2] * c[2] + planes[k][3] >= -(reach * scale + bias);
        }
        if (!inside) continue;
        float ext[3], vc[3];
        for (int row = 0; row < 3; row++) {
            const float vr[3] = {view->m[row], view->m[4 + row], view->m[8 + row]};
            ext[row] = (fabsf(vr[0]) * half[0] + fabsf(vr[1]) * half[1] + fabsf(vr[2]) * half[2]) * scale + bias;
            vc[row] = vr[0] * c[0] + vr[1] * c[1] + vr[2] * c[2] + view->m[12 + row];
        }
        float radius = sqrtf(half[0] * half[0] + half[1] * half[1] + half[2] * half[2]);
        proxies[n++] = (lc_gpu_light){
            .position_radius = {c[0], c[1], c[2], radius},
            .color_type = {(float)i, 0.0f, 0.0f, (float)LC_ENTITY_PROBE},
            .direction_cos = {ext[0], ext[1], ext[2], 0.0f},
            .spot_depth = {0.0f, 0.0f, -vc[2] - ext[2], -vc[2] + ext[2]},
        };
    }
    return n;
}

void lc_probe_set_destroy(lc_probe_set *set)
{
    free(set->probes);
    memset(set, 0, sizeof *set);
}
