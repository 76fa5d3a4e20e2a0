#include "app/inspector.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void transform(const lc_m4 *m, const float v[4], float out[4])
{
    for (int i = 0; i < 4; i++)
        out[i] = m->m[i] * v[0] + m->m[4 + i] * v[1] + m->m[8 + i] * v[2] + m->m[12 + i] * v[3];
}

/* World position and view depth of a pixel's depth-buffer value, as the culling shaders
 * reconstruct it (pixel centre, Vulkan NDC with y down). */
static void unproject(const lc_renderer_info *q, uint32_t x, uint32_t y, float z, float world[3], float *view_depth)
{
    float ndc[4] = {((float)x + 0.5f) * 2.0f / (float)q->width - 1.0f, ((float)y + 0.5f) * 2.0f / (float)q->height - 1.0f,
                    z, 1.0f};
    float v[4], w[4];
    transform(&q->ubo->inv_proj, ndc, v);
    for (int i = 0; i < 3; i++) v[i] /= v[3];
    v[3] = 1.0f;
    *view_depth = -v[2];
    lc_m4 inv_view;
    lc_m4_inverse(&q->ubo->view, &inv_view);
    transform(&inv_view, v, w);
    memcpy(world, w, sizeof(float) * 3);
}

static bool bit(const uint32_t *bits, size_t word0, uint32_t i)
{
    return (bits[word0 + i / LC_BUCKET_BITS] >> (i % LC_BUCKET_BITS)) & 1u;
}

lc_status lc_inspect_pixel(lc_renderer *r, int px, int py, lc_inspection *out)
{
    memset(out, 0, sizeof *out);
    lc_renderer_info q = lc_renderer_query(r);
    uint32_t mode = q.settings.mode, n = q.light_count, buckets = q.ubo->light_info.y;
    out->mode = mode;
    out->visible = n;
    out->x = (uint32_t)LC_CLAMP(px, 0, (int)q.width - 1);
    out->y = (uint32_t)LC_CLAMP(py, 0, (int)q.height - 1);
    /* The frame's own grid: lists and the bit-array modes may use different tile sizes. */
    uint32_t ts = mode == LC_MODE_CLUSTERS ? q.cluster_tile : q.ubo->light_info.z;
    uint32_t tiles_x = mode == LC_MODE_CLUSTERS ? q.cluster_x : q.ubo->screen.z;
    uint32_t tiles_y = mode == LC_MODE_CLUSTERS ? q.cluster_y : q.ubo->screen.w;
    out->tile_x = LC_MIN(out->x / ts, tiles_x - 1);
    out->tile_y = LC_MIN(out->y / ts, tiles_y - 1);
    out->rect[0] = out->tile_x * ts, out->rect[1] = out->tile_y * ts;
    out->rect[2] = LC_MIN(out->rect[0] + ts, q.width), out->rect[3] = LC_MIN(out->rect[1] + ts, q.height);

    float *depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
    if (!depth) return LC_ERR_RUNTIME;
    float z = depth[(size_t)out->y * q.width + out->x];
    free(depth);
    float world[3] = {0, 0, 0};
    out->surface = z < 1.0f;
    if (out->surface) unproject(&q, out->x, out->y, z, world, &out->view_depth);

    /* listed: the tile's (cluster's) lights; evaluated: what the forward pass walks here. */
    uint8_t *listed = lc_calloc(LC_MAX(n, 1u), 1), *evaluated = lc_calloc(LC_MAX(n, 1u), 1);
    uint32_t tile = out->tile_y * tiles_x + out->tile_x;
    lc_status s = LC_OK;
    if (mode == LC_MODE_BRUTE) {
        memset(listed, 1, n);
    } else if (mode == LC_MODE_LISTS) {
        uint32_t *lists = lc_renderer_read(r, LC_RES_TILE_LISTS, NULL);
        size_t base = (size_t)tile * (q.list_max + 1);
        if (!lists) s = LC_ERR_RUNTIME;
        for (uint32_t j = 0; lists && j < LC_MIN(lists[base], q.list_max); j++)
            if (lists[base + 1 + j] < n) listed[lists[base + 1 + j]] = 1;
        free(lists);
    } else if (mode == LC_MODE_TILES || mode == LC_MODE_ZBIN) {
        uint32_t *bits = lc_renderer_read(r, LC_RES_TILE_BITS, NULL);
        if (!bits) s = LC_ERR_RUNTIME;
        for (uint32_t i = 0; bits && i < n; i++) listed[i] = bit(bits, (size_t)tile * buckets, i);
        free(bits);
    } else if (mode == LC_MODE_CLUSTERS && out->surface) {
        /* The slice as shade.frag computes it from the fragment's view depth. */
        float near_z = q.ubo->screen_inv.z;
        float sl = floorf(logf(fmaxf(out->view_depth, near_z) / near_z) * q.ubo->zbin_params.z);
        out->slice = (uint32_t)LC_CLAMP(sl, 0.0f, (float)(q.cluster_slices - 1));
        uint32_t cluster = (out->slice * q.cluster_y + out->tile_y) * q.cluster_x + out->tile_x;
        uint32_t *bits = lc_renderer_read(r, LC_RES_CLUSTER_BITS, NULL);
        if (!bits) s = LC_ERR_RUNTIME;
        for (uint32_t i = 0; bits && i < n; i++) listed[i] = bit(bits, (size_t)cluster * buckets, i);
        free(bits);
    }
    memcpy(evaluated, listed, n);
    if (mode == LC_MODE_ZBIN && s == LC_OK) {
        memset(evaluated, 0, n);
        float bin = floorf((out->view_depth - q.ubo->zbin_params.x) * q.ubo->zbin_params.y);
        if (out->surface && bin >= 0.0f && bin < (float)q.zbin_count) {
            uint32_t *zb = lc_renderer_read(r, LC_RES_ZBINS, NULL);
            if (!zb) s = LC_ERR_RUNTIME;
            out->has_zbin = zb != NULL;
            out->zbin = (uint32_t)bin;
            out->zbin_first = zb ? zb[out->zbin * 2] : 1;
            out->zbin_last = zb ? ~zb[out->zbin * 2 + 1] : 0;
            for (uint32_t i = out->zbin_first; i <= out->zbin_last && i < n; i++) evaluated[i] = listed[i];
            free(zb);
        }
    }
    if (!out->surface) memset(evaluated, 0, n); /* no fragment, nothing shaded */
    /* The last frame's shadow records, by sorted light (its slot's host-visible copy). */
    const uint32_t *shadow_of = q.shadow_of;
    /* Entities: the decals first (reach: inside the box), then the lights (by sorted light index). */
    uint32_t first_light = q.ubo->entity_info.z;
    for (uint32_t i = 0; i < n; i++) {
        out->listed += listed[i];
        out->evaluated += evaluated[i];
        out->evaluated_kind[i < q.decal_count ? 0 : i < first_light ? 1 : 2] += evaluated[i];
        bool shadowed = evaluated[i] && shadow_of && i >= first_light && shadow_of[i - first_light] != 0;
        out->shadowed += shadowed;
        if (evaluated[i] && out->id_count < LC_INSPECT_IDS) {
            if (shadowed) out->ids_shadowed |= 1ull << out->id_count;
            out->ids[out->id_count++] = i;
        }
        bool reach = i < q.decal_count ? lc_decal_covers(&q.decals_packed[i], world)
                                              : i >= first_light && lc_light_weight(&q.packed[i], world) > 0.0f;
        if (out->surface && reach) {
            out->reach++;
            out->missed += !evaluated[i];
        }
    }
    free(listed);
    free(evaluated);
    return s;
}

static size_t append(char *text, size_t size, size_t len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static size_t append(char *text, size_t size, size_t len, const char *fmt, ...)
{
    if (len >= size) return len;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(text + len, size - len, fmt, ap);
    va_end(ap);
    return k < 0 ? len : LC_MIN(len + (size_t)k, size - 1);
}

void lc_inspection_format(const lc_inspection *in, char *text, size_t size)
{
    const char *what = in->mode == LC_MODE_CLUSTERS ? "cluster" : "tile";
    size_t len = 0;
    text[0] = 0;
    len = append(text, size, len, "inspector  pixel %u,%u  %s %u,%u  mode %s\n", in->x, in->y, what, in->tile_x,
                 in->tile_y, lc_mode_names[in->mode]);
    if (!in->surface) {
        len = append(text, size, len, "background: nothing shaded here; %s lists %u of %u lights\n", what, in->listed,
                     in->visible);
    } else {
        len = append(text, size, len, "depth %.2f m", in->view_depth);
        if (in->mode == LC_MODE_CLUSTERS) len = append(text, size, len, "  slice %u", in->slice);
        if (in->mode == LC_MODE_ZBIN && in->has_zbin) {
            if (in->zbin_first <= in->zbin_last)
                len = append(text, size, len, "  zbin %u: lights %u..%u", in->zbin, in->zbin_first, in->zbin_last);
            else
                len = append(text, size, len, "  zbin %u: empty", in->zbin);
        }
        len = append(text, size, len, "\n%s %u lights, pixel walks %u, %u reach it, %u missed, %u shadowed (*)\n", what, in->listed,
                     in->evaluated, in->reach, in->missed, in->shadowed);
        if (in->evaluated_kind[0] || in->evaluated_kind[1]) /* the entity array holds more than lights */
            len = append(text, size, len, "walks %u decals, %u probes, %u lights\n", in->evaluated_kind[0], in->evaluated_kind[1],
                         in->evaluated_kind[2]);
    }
    for (uint32_t i = 0; i < in->id_count; i++)
        len = append(text, size, len, "%s%u%s", i % 16 ? " " : (i ? "\n" : ""), in->ids[i], in->ids_shadowed >> i & 1u ? "*" : "");
    if (in->evaluated > in->id_count) append(text, size, len, " ... (%u more)", in->evaluated - in->id_count);
}

void lc_inspection_format_line(const lc_inspection *in, char *text, size_t size)
{
    size_t len = append(text, size, 0, "inspect mode=%s pixel=%u,%u tile=%u,%u surface=%d depth=%.3f visible=%u listed=%u "
                        "evaluated=%u evaluated_decals=%u evaluated_probes=%u evaluated_lights=%u reach=%u missed=%u",
                        lc_mode_names[in->mode], in->x, in->y, in->tile_x, in->tile_y, in->surface, in->view_depth,
                        in->visible, in->listed, in->evaluated, in->evaluated_kind[0], in->evaluated_kind[1],
                        in->evaluated_kind[2], in->reach, in->missed);
    if (in->mode == LC_MODE_CLUSTERS) len = append(text, size, len, " slice=%u", in->slice);
    if (in->has_zbin && in->zbin_first <= in->zbin_last)
        len = append(text, size, len, " zbin=%u:%u..%u", in->zbin, in->zbin_first, in->zbin_last);
    else if (in->has_zbin)
        len = append(text, size, len, " zbin=%u:empty", in->zbin);
    len = append(text, size, len, " ids=");
    for (uint32_t i = 0; i < in->id_count; i++) len = append(text, size, len, "%s%u", i ? "," : "", in->ids[i]);
    len = append(text, size, len, " shadowed=%u shadowed_ids=", in->shadowed);
    for (uint32_t i = 0, k = 0; i < in->id_count; i++)
        if (in->ids_shadowed >> i & 1u) len = append(text, size, len, "%s%u", k++ ? "," : "", in->ids[i]);
}
