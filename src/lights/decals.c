/* Decals: the file, the generated set, and the per-frame pack into the entity array. */
#include "lights/decals.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lights/decal_textures.h"
#include "lights/json_fields.h"
#include "rng.h"

#define JSON_LIMIT 1e6 /* largest accepted |coordinate| and size */

static const char *const pattern_names[LC_DECAL_PATTERNS] = {"disc", "ring", "checker", "stripes"};

/* --- the file --- */

/* The texture keys, by kind (LC_DECAL_TEXTURE_*). */
static const char *const texture_keys[LC_DECAL_TEXTURE_KINDS] = {"base_color_texture", "normal_texture"};

/* The decals file's context (json_fields.h) and, per texture kind, the files named so far,
 * each once (paths resolved against the decals file's directory), and the first decal naming
 * each (for the message if it fails). */
typedef struct json_ctx {
    lc_json_ctx at;
    char **paths[LC_DECAL_TEXTURE_KINDS];
    uint32_t *first[LC_DECAL_TEXTURE_KINDS];
    uint32_t path_count[LC_DECAL_TEXTURE_KINDS];
} json_ctx;

/* Texture key `kind` of a decal: 1 + the file's index among the kind's files, 0 where not given.
 * A relative path is taken from the decals file's directory. */
static bool texture_of(json_ctx *c, const cJSON *item, int kind, uint32_t *texture)
{
    *texture = 0;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, texture_keys[kind]);
    if (!v) return true;
    if (!cJSON_IsString(v) || !v->valuestring[0]) {
        lc_json_fail(&c->at, "\"%s\" must be a file name (a PNG path, relative to the decals file)", texture_keys[kind]);
        return false;
    }
    const char *slash = strrchr(c->at.what, '/');
    int dir = v->valuestring[0] == '/' || !slash ? 0 : (int)(slash - c->at.what) + 1;
    size_t len = (size_t)dir + strlen(v->valuestring) + 1;
    char *path = lc_alloc(len);
    snprintf(path, len, "%.*s%s", dir, c->at.what, v->valuestring);
    uint32_t n = c->path_count[kind];
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(c->paths[kind][i], path) == 0) {
            free(path);
            *texture = i + 1;
            return true;
        }
    if (n == LC_DECAL_TEXTURES_MAX) {
        free(path);
        lc_json_fail(&c->at, "more than %u distinct \"%s\" files", LC_DECAL_TEXTURES_MAX, texture_keys[kind]);
        return false;
    }
    c->paths[kind] = lc_realloc(c->paths[kind], (n + 1) * sizeof *c->paths[kind]);
    c->first[kind] = lc_realloc(c->first[kind], (n + 1) * sizeof *c->first[kind]);
    c->paths[kind][n] = path;
    c->first[kind][n] = c->at.index;
    c->path_count[kind] = n + 1;
    *texture = n + 1;
    return true;
}

/* Decodes the files the decals name, kind by kind, into the set. */
static bool load_textures(json_ctx *c, lc_decal_set *out)
{
    for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++) {
        char why[256];
        int32_t failed = lc_decal_images_load((const char *const *)c->paths[k], c->path_count[k], k == LC_DECAL_TEXTURE_NORMAL,
                                              &out->images[k], why, sizeof why);
        if (failed >= 0) {
            c->at.in_entry = true;
            c->at.index = c->first[k][failed];
            lc_json_fail(&c->at, "\"%s\" '%s': %s", texture_keys[k], c->paths[k][failed], why);
            return false;
        }
        out->image_count[k] = c->path_count[k];
    }
    return true;
}

static bool parse_decal(json_ctx *c, const cJSON *item, lc_decal *d)
{
    if (!cJSON_IsObject(item)) {
        lc_json_fail(&c->at, "must be an object");
        return false;
    }
    static const float identity[4] = {0, 0, 0, 1}, white[4] = {1, 1, 1, 1};
    float size[3], q[4];
    const lc_json_ctx *at = &c->at;
    if (!lc_json_floats(at, item, "position", 3, true, NULL, (lc_json_range){-JSON_LIMIT, JSON_LIMIT, false}, d->position) ||
        !lc_json_floats(at, item, "size", 3, true, NULL, (lc_json_range){0.0, JSON_LIMIT, false}, size) ||
        !lc_json_floats(at, item, "rotation", 4, false, identity, (lc_json_range){-JSON_LIMIT, JSON_LIMIT, false}, q) ||
        !lc_json_floats(at, item, "color", 4, false, white, (lc_json_range){0.0, JSON_LIMIT, false}, d->color))
        return false;
    for (int a = 0; a < 3; a++) {
        if (!(size[a] > 1e-6f)) {
            lc_json_fail(&c->at, "\"size\"[%d] must be positive", a);
            return false;
        }
        d->half[a] = 0.5f * size[a];
    }
    if (d->color[3] > 1.0f) {
        lc_json_fail(&c->at, "\"color\"[3] (alpha) = %g is outside [0, 1]", d->color[3]);
        return false;
    }
    double len = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
    if (!(len > 1e-6)) {
        lc_json_fail(&c->at, "\"rotation\" must be a non-zero quaternion [x, y, z, w]");
        return false;
    }
    for (int a = 0; a < 4; a++) d->rotation[a] = (float)(q[a] / len);
    const lc_json_range unit = {0.0, 1.0, false};
    double opacity, rough, metal;
    /* Roughness and metallic not given: -1, the decal leaves the surface's own. */
    if (!lc_json_number(at, item, "opacity", false, 1.0, unit, &opacity) || !lc_json_number(at, item, "roughness", false, -1.0, unit, &rough) ||
        !lc_json_number(at, item, "metallic", false, -1.0, unit, &metal))
        return false;
    d->color[3] *= (float)opacity;
    d->normal_opacity = (float)opacity;
    d->roughness = (float)rough;
    d->metallic = (float)metal;
    d->pattern = LC_DECAL_PATTERN_NONE;
    const cJSON *pat = cJSON_GetObjectItemCaseSensitive(item, "pattern");
    if (pat) {
        int k = cJSON_IsString(pat) ? lc_name_index(pat->valuestring, pattern_names, LC_DECAL_PATTERNS) : -1;
        if (k < 0) {
            lc_json_fail(&c->at, "\"pattern\" must be one of disc, ring, checker, stripes");
            return false;
        }
        d->pattern = (uint32_t)k;
    }
    for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++)
        if (!texture_of(c, item, k, &d->texture[k])) return false;
    return true;
}

lc_status lc_decals_parse_json(lc_decal_set *out, const char *text, size_t size, const char *what)
{
    memset(out, 0, sizeof *out);
    json_ctx c = {.at = {.file_kind = "decals", .entry_kind = "decal", .what = what ? what : "(decals)"}};
    cJSON *root = lc_json_parse(&c.at, text, size);
    if (!root) return LC_ERR_INPUT;
    lc_status st = LC_ERR_INPUT;
    lc_decal *decals = NULL;
    const cJSON *arr = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "decals") : NULL;
    int n = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : -1;
    if (n < 0) {
        lc_json_fail(&c.at, "expected an object with a \"decals\" array");
        goto done;
    }
    if ((uint64_t)n > LC_DECALS_MAX) {
        lc_json_fail(&c.at, "%d decals is more than the maximum %u", n, LC_DECALS_MAX);
        goto done;
    }
    decals = lc_calloc((size_t)LC_MAX(n, 1), sizeof *decals);
    c.at.in_entry = true;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (!parse_decal(&c, item, &decals[c.at.index])) goto done;
        c.at.index++;
    }
    if (!load_textures(&c, out)) goto done;
    out->decals = decals;
    out->count = (uint32_t)n;
    decals = NULL;
    st = LC_OK;
done:
    if (st != LC_OK) lc_decal_set_destroy(out);
    for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++) {
        for (uint32_t i = 0; i < c.path_count[k]; i++) free(c.paths[k][i]);
        free(c.paths[k]);
        free(c.first[k]);
    }
    free(decals);
    cJSON_Delete(root);
    return st;
}

static lc_status parse_file(void *out, const char *text, size_t size, const char *what)
{
    return lc_decals_parse_json(out, text, size, what);
}

lc_status lc_decals_load_json(lc_decal_set *out, const char *path)
{
    memset(out, 0, sizeof *out);
    return lc_json_load("decals", path, parse_file, out);
}

void lc_decal_set_destroy(lc_decal_set *set)
{
    for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++) lc_decal_images_free(set->images[k], set->image_count[k]);
    free(set->decals);
    memset(set, 0, sizeof *set);
}

/* --- generation --- */


static void transform_point(const lc_m4 *m, const float p[3], float out[3])
{
    for (int a = 0; a < 3; a++) out[a] = m->m[a] * p[0] + m->m[4 + a] * p[1] + m->m[8 + a] * p[2] + m->m[12 + a];
}

static void cross3(const float a[3], const float b[3], float out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

static float dot3(const float a[3], const float b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* World triangle t (object o's mesh triangle k). */
static void world_triangle(const lc_scene *s, uint32_t o, uint32_t k, float v[3][3])
{
    const lc_object *obj = &s->objects[o];
    const lc_mesh *m = &s->meshes[obj->mesh];
    for (int c = 0; c < 3; c++)
        transform_point(&obj->world, s->vertices[m->first_vertex + s->indices[m->first_index + 3 * k + c]].position, v[c]);
}

/* The rotation whose columns are the unit axes x, y, z, as a quaternion (x, y, z, w). */
static void quat_from_axes(const float x[3], const float y[3], const float z[3], float q[4])
{
    float m00 = x[0], m11 = y[1], m22 = z[2], tr = m00 + m11 + m22;
    if (tr > 0.0f) {
        float s = sqrtf(tr + 1.0f) * 2.0f;
        q[3] = 0.25f * s, q[0] = (y[2] - z[1]) / s, q[1] = (z[0] - x[2]) / s, q[2] = (x[1] - y[0]) / s;
    } else if (m00 > m11 && m00 > m22) {
        float s = sqrtf(1.0f + m00 - m11 - m22) * 2.0f;
        q[3] = (y[2] - z[1]) / s, q[0] = 0.25f * s, q[1] = (y[0] + x[1]) / s, q[2] = (z[0] + x[2]) / s;
    } else if (m11 > m22) {
        float s = sqrtf(1.0f + m11 - m00 - m22) * 2.0f;
        q[3] = (z[0] - x[2]) / s, q[0] = (y[0] + x[1]) / s, q[1] = 0.25f * s, q[2] = (z[1] + y[2]) / s;
    } else {
        float s = sqrtf(1.0f + m22 - m00 - m11) * 2.0f;
        q[3] = (x[1] - y[0]) / s, q[0] = (z[0] + x[2]) / s, q[1] = (z[1] + y[2]) / s, q[2] = 0.25f * s;
    }
    float len = sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int a = 0; a < 4; a++) q[a] /= len;
}

lc_status lc_decals_generate(lc_decal_set *out, uint32_t count, uint64_t seed, const lc_scene *s)
{
    memset(out, 0, sizeof *out);
    if (count < 1 || count > LC_DECALS_MAX) {
        lc_error("decal count %u is out of range (1..%u)", count, LC_DECALS_MAX);
        return LC_ERR_INPUT;
    }
    /* Area-weighted triangle choice: the running area over every object's triangles. */
    uint64_t tris = 0;
    for (uint32_t o = 0; o < s->object_count; o++) tris += s->meshes[s->objects[o].mesh].index_count / 3;
    if (tris == 0) return LC_OK;
    double *cum = lc_alloc((size_t)tris * sizeof *cum);
    uint32_t *obj_of = lc_alloc((size_t)tris * sizeof *obj_of);
    uint64_t t = 0;
    double total = 0.0;
    for (uint32_t o = 0; o < s->object_count; o++) {
        uint32_t n = s->meshes[s->objects[o].mesh].index_count / 3;
        for (uint32_t k = 0; k < n; k++, t++) {
            float v[3][3], e1[3], e2[3], c[3];
            world_triangle(s, o, k, v);
            for (int a = 0; a < 3; a++) e1[a] = v[1][a] - v[0][a], e2[a] = v[2][a] - v[0][a];
            cross3(e1, e2, c);
            double area = 0.5 * sqrt((double)dot3(c, c));
            total += isfinite(area) ? area : 0.0;
            cum[t] = total;
            obj_of[t] = o;
        }
    }
    /* Sizes follow the scene: a box's half width 0.3..1 of the bounds' median side / 11. */
    float size[3];
    for (int a = 0; a < 3; a++) size[a] = s->bounds_max[a] - s->bounds_min[a];
    float lo = fminf(size[0], fminf(size[1], size[2])), hi = fmaxf(size[0], fmaxf(size[1], size[2]));
    float unit = (size[0] + size[1] + size[2] - lo - hi) / 11.0f;
    if (!(unit > 0.0f) || !isfinite(unit)) unit = hi > 0.0f && isfinite(hi) ? hi / 11.0f : 1.0f;

    lc_decal *d = lc_calloc(count, sizeof *d);
    lc_rng r = {lc_rng_mix64(seed ^ 0x646563616c733333ull)};
    uint32_t made = 0;
    for (uint32_t i = 0; i < count && total > 0.0; i++) {
        double pick = lc_rng_unit(&r) * total;
        uint64_t a = 0, b = tris - 1;
        while (a < b) {
            uint64_t m = (a + b) / 2;
            if (cum[m] > pick) b = m;
            else a = m + 1;
        }
        uint32_t o = obj_of[a];
        uint32_t first = 0;
        for (uint32_t p = 0; p < o; p++) first += s->meshes[s->objects[p].mesh].index_count / 3;
        float v[3][3], e1[3], e2[3], n[3];
        world_triangle(s, o, (uint32_t)(a - first), v);
        for (int k = 0; k < 3; k++) e1[k] = v[1][k] - v[0][k], e2[k] = v[2][k] - v[0][k];
        cross3(e1, e2, n);
        float nl = sqrtf(dot3(n, n));
        float u = lc_rng_unit(&r), w = lc_rng_unit(&r), turn = lc_rng_range(&r, 0.0f, 6.2831853f);
        float half = lc_rng_range(&r, 0.3f, 1.0f) * unit, hue = lc_rng_unit(&r), alpha = lc_rng_range(&r, 0.7f, 1.0f);
        uint32_t pattern = (uint32_t)(lc_rng_unit(&r) * LC_DECAL_PATTERNS);
        if (!(nl > 0.0f) || !isfinite(nl)) continue;
        if (u + w > 1.0f) u = 1.0f - u, w = 1.0f - w;
        lc_decal *dd = &d[made++];
        for (int k = 0; k < 3; k++) dd->position[k] = v[0][k] + u * e1[k] + w * e2[k], n[k] /= nl;
        /* The face the triangle's vertex normals lean to (a mesh may wind either way; the sign
         * alone matters, so the world matrix serves for the normal one). */
        const lc_object *obj = &s->objects[o];
        const lc_mesh *mesh = &s->meshes[obj->mesh];
        const float *vn = s->vertices[mesh->first_vertex + s->indices[mesh->first_index + 3 * (uint32_t)(a - first)]].normal;
        float wn[3];
        for (int k = 0; k < 3; k++) wn[k] = obj->world.m[k] * vn[0] + obj->world.m[4 + k] * vn[1] + obj->world.m[8 + k] * vn[2];
        if (dot3(wn, n) < 0.0f) n[0] = -n[0], n[1] = -n[1], n[2] = -n[2];
        /* Axes: y the normal, x a tangent turned by `turn` about it, z = x cross y. */
        float ref[3] = {fabsf(n[1]) < 0.9f ? 0.0f : 1.0f, fabsf(n[1]) < 0.9f ? 1.0f : 0.0f, 0.0f}, t0[3], t1[3], x[3], z[3];
        cross3(ref, n, t0);
        float tl = sqrtf(dot3(t0, t0));
        for (int k = 0; k < 3; k++) t0[k] /= tl;
        cross3(n, t0, t1);
        float cs = cosf(turn), sn = sinf(turn);
        for (int k = 0; k < 3; k++) x[k] = cs * t0[k] + sn * t1[k];
        cross3(x, n, z);
        quat_from_axes(x, n, z, dd->rotation);
        dd->half[0] = dd->half[2] = half;
        dd->half[1] = 0.25f * half;
        float s_ = lc_rng_range(&r, 0.6f, 1.0f);
        /* Saturated colours at full value (an HSV wheel), so the decals show on any surface. */
        float h6 = hue * 6.0f, f = h6 - floorf(h6), p = 1.0f - s_, q = 1.0f - s_ * f, tt = 1.0f - s_ * (1.0f - f);
        float rgb[6][3] = {{1, tt, p}, {q, 1, p}, {p, 1, tt}, {p, q, 1}, {tt, p, 1}, {1, p, q}};
        memcpy(dd->color, rgb[(int)h6 % 6], sizeof rgb[0]);
        dd->color[3] = alpha;
        dd->pattern = pattern;
        dd->roughness = dd->metallic = -1.0f; /* colour only */
    }
    free(cum);
    free(obj_of);
    out->decals = d;
    out->count = made;
    return LC_OK;
}

/* --- the frame's pack --- */

static void quat_axes(const float q[4], float ax[3][3])
{
    float x = q[0], y = q[1], z = q[2], w = q[3];
    ax[0][0] = 1 - 2 * (y * y + z * z), ax[0][1] = 2 * (x * y + z * w), ax[0][2] = 2 * (x * z - y * w);
    ax[1][0] = 2 * (x * y - z * w), ax[1][1] = 1 - 2 * (x * x + z * z), ax[1][2] = 2 * (y * z + x * w);
    ax[2][0] = 2 * (x * z + y * w), ax[2][1] = 2 * (y * z - x * w), ax[2][2] = 1 - 2 * (x * x + y * y);
}

uint32_t lc_decals_build(const lc_decal *decals, uint32_t count, const lc_m4 *view, const float planes[6][4],
                         lc_gpu_light *proxies, lc_gpu_decal *out)
{
    const float scale = (float)LC_LIGHT_CULL_RADIUS_SCALE, bias = (float)LC_LIGHT_CULL_RADIUS_BIAS;
    uint32_t n = 0;
    for (uint32_t k = count; k-- > 0;) {
        const lc_decal *d = &decals[k];
        float ax[3][3];
        quat_axes(d->rotation, ax);
        const float *c = d->position;
        float radius = sqrtf(d->half[0] * d->half[0] + d->half[1] * d->half[1] + d->half[2] * d->half[2]);
        float r = radius * scale + bias;
        bool inside = true;
        for (int p = 0; p < 6 && inside; p++) inside = planes[p][0] * c[0] + planes[p][1] * c[1] + planes[p][2] * c[2] + planes[p][3] >= -r;
        if (!inside) continue;
        /* The box's view-space AABB: per view axis, the sum of the box axes' reach. */
        float ext[3], vc[3];
        for (int row = 0; row < 3; row++) {
            const float vr[3] = {view->m[row], view->m[4 + row], view->m[8 + row]};
            ext[row] = 0.0f;
            for (int a = 0; a < 3; a++) ext[row] += fabsf(dot3(vr, ax[a])) * d->half[a];
            ext[row] = ext[row] * scale + bias;
            vc[row] = dot3(vr, c) + view->m[12 + row];
        }
        lc_gpu_light *l = &proxies[n];
        l->position_radius = (lc_f4){c[0], c[1], c[2], radius};
        l->color_type = (lc_f4){0.0f, 0.0f, 0.0f, (float)LC_ENTITY_DECAL};
        l->direction_cos = (lc_f4){ext[0], ext[1], ext[2], 0.0f};
        l->spot_depth = (lc_f4){0.0f, 0.0f, -vc[2] - ext[2], -vc[2] + ext[2]};
        lc_gpu_decal *g = &out[n];
        for (int a = 0; a < 3; a++) {
            float inv = 1.0f / d->half[a];
            g->to_box[a] = (lc_f4){ax[a][0] * inv, ax[a][1] * inv, ax[a][2] * inv, -dot3(ax[a], c) * inv};
        }
        g->color = (lc_f4){d->color[0], d->color[1], d->color[2], d->color[3]};
        uint32_t rough, metal;
        memcpy(&rough, &d->roughness, sizeof rough);
        memcpy(&metal, &d->metallic, sizeof metal);
        g->info = (lc_u4){d->pattern, k, rough, metal};
        uint32_t base = d->texture[LC_DECAL_TEXTURE_BASE_COLOR], normal = d->texture[LC_DECAL_TEXTURE_NORMAL], opacity;
        memcpy(&opacity, &d->normal_opacity, sizeof opacity);
        g->textures = (lc_u4){base ? base - 1 : LC_NO_TEXTURE, normal ? normal - 1 : LC_NO_TEXTURE, normal ? opacity : 0u, 0u};
        n++;
    }
    return n;
}

bool lc_decal_covers(const lc_gpu_decal *d, const float p[3])
{
    for (int a = 0; a < 3; a++) {
        const lc_f4 *row = &d->to_box[a];
        float b = row->x * p[0] + row->y * p[1] + row->z * p[2] + row->w;
        if (!(fabsf(b) <= 1.0f)) return false;
    }
    return true;
}
