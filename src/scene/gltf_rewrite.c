/* The meshopt / quantization rewrite before assimp (gltf_json.h): buffers come from the GLB's
 * BIN chunk, data: URIs or files beside the scene; the rewrite gathers every bufferView into one
 * buffer (decoded where compressed), appends float copies of quantized attributes, applies
 * texture transforms to the UVs, widens RGB vertex colours, gives skins without inverse-bind
 * matrices identities, and returns a GLB for aiImportFileFromMemory. */
#include "scene/gltf_json.h"

#include <meshoptimizer.h>

#include <stdio.h>
#include <stdlib.h>

#define MAX_REWRITE (1ull << 30)   /* bytes of decoded geometry we accept */
#define MAX_BUFFER_FILE (1ull << 31)

enum { CT_I8 = 5120, CT_U8 = 5121, CT_I16 = 5122, CT_U16 = 5123, CT_U32 = 5125, CT_F32 = 5126 };

/* ---------------------------------------------------------------- bytes */

typedef struct bytes {
    uint8_t *data;
    size_t size, cap;
} bytes;

static size_t bytes_append(bytes *b, const void *src, size_t n)
{
    size_t at = (b->size + 3) & ~(size_t)3;
    if (at + n > b->cap) {
        b->cap = LC_MAX(at + n, b->cap * 2 + 1024);
        b->data = lc_realloc(b->data, b->cap);
    }
    if (at > b->size) memset(b->data + b->size, 0, at - b->size);
    if (n) memcpy(b->data + at, src, n); /* n == 0 may leave data NULL */
    b->size = at + n;
    return at;
}

static int b64(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
}

/* A data: URI's payload (base64 only); NULL if it is not one we can read. */
static uint8_t *data_uri(const char *uri, size_t *size)
{
    const char *comma = strchr(uri, ',');
    if (!comma || !strstr(uri, ";base64")) return NULL;
    const char *s = comma + 1;
    uint8_t *out = lc_alloc(strlen(s) / 4 * 3 + 3);
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (; *s && *s != '='; s++) {
        int v = b64((unsigned char)*s);
        if (v < 0) continue;
        acc = acc << 6 | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    *size = n;
    return out;
}

static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t *data = NULL;
    long end = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (end >= 0 && (uint64_t)end <= MAX_BUFFER_FILE && fseek(f, 0, SEEK_SET) == 0) {
        data = lc_alloc(LC_MAX((size_t)end, 1u));
        if (fread(data, 1, (size_t)end, f) != (size_t)end) {
            free(data);
            data = NULL;
        }
        *size = (size_t)end;
    }
    fclose(f);
    return data;
}

/* ---------------------------------------------------------------- buffers */

typedef lc_gltf_buffers source;

bool lc_gltf_buffers_load(lc_gltf_buffers *s, const cJSON *root, char *why, size_t why_size)
{
    const cJSON *buffers = get(root, "buffers");
    s->count = cJSON_GetArraySize(buffers);
    s->owned = lc_calloc(LC_MAX(s->count, 1), sizeof *s->owned);
    s->size = lc_calloc(LC_MAX(s->count, 1), sizeof *s->size);
    s->data = lc_calloc(LC_MAX(s->count, 1), sizeof *s->data);
    for (int i = 0; i < s->count; i++) {
        const cJSON *b = cJSON_GetArrayItem(buffers, i), *uri = get(b, "uri");
        if (cJSON_IsString(uri) && !strncmp(uri->valuestring, "data:", 5)) {
            s->owned[i] = data_uri(uri->valuestring, &s->size[i]);
            if (!s->owned[i]) {
                snprintf(why, why_size, "buffer %d's data: URI is not base64", i);
                return false;
            }
        } else if (cJSON_IsString(uri)) {
            if (!s->dir) {
                snprintf(why, why_size, "buffer %d is an external file (scene loaded from memory)", i);
                return false;
            }
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", s->dir, uri->valuestring);
            s->owned[i] = read_file(path, &s->size[i]);
            if (!s->owned[i]) {
                /* %XX escapes in the URI */
                char *o = path + strlen(s->dir) + 1;
                for (const char *p = uri->valuestring; *p && o < path + sizeof path - 1; p++) {
                    unsigned v;
                    if (p[0] == '%' && sscanf(p + 1, "%2x", &v) == 1 && v) *o++ = (char)v, p += 2;
                    else *o++ = *p;
                }
                *o = 0;
                s->owned[i] = read_file(path, &s->size[i]);
            }
            if (!s->owned[i]) {
                snprintf(why, why_size, "cannot read buffer %d '%.200s'", i, uri->valuestring);
                return false;
            }
        } else if (i == 0 && s->bin) {
            s->data[i] = s->bin;
            s->size[i] = s->bin_size;
            continue;
        } /* else: no data (EXT_meshopt_compression's fallback buffer); size 0 */
        s->data[i] = s->owned[i];
    }
    return true;
}

void lc_gltf_buffers_free(lc_gltf_buffers *s)
{
    for (int i = 0; i < s->count; i++) free(s->owned[i]);
    free(s->owned);
    free(s->size);
    free(s->data);
}

/* The bytes [offset, offset + length) of a buffer, or NULL with a message. */
static const uint8_t *buffer_range(const source *s, int64_t buffer, double offset, double length, const char *whose,
                                   int index)
{
    if (buffer < 0 || buffer >= s->count || !(offset >= 0) || !(length >= 0) || offset + length > (double)s->size[buffer]) {
        lc_error("scene '%s': %s %d reaches past its buffer (%lld: %zu bytes)", s->what, whose, index, (long long)buffer,
                 buffer >= 0 && buffer < s->count ? s->size[buffer] : 0);
        return NULL;
    }
    /* A buffer without data (size 0) holds only empty ranges: no bytes, but not a failure. */
    return s->data[buffer] ? s->data[buffer] + (size_t)offset : (const uint8_t *)"";
}

/* One bufferView's bytes, decoded when meshopt-compressed; *owned is set when allocated. */
static const uint8_t *view_bytes(const source *s, const cJSON *view, int index, size_t *size, uint8_t **owned)
{
    *owned = NULL;
    const cJSON *mo = get(get(view, "extensions"), "EXT_meshopt_compression");
    double length = num(view, "byteLength", -1);
    if (!mo) {
        const uint8_t *p = buffer_range(s, index_of(view, "buffer"), num(view, "byteOffset", 0), length, "bufferView", index);
        *size = p ? (size_t)length : 0;
        return p;
    }
    double count = num(mo, "count", -1), stride = num(mo, "byteStride", -1), clen = num(mo, "byteLength", -1);
    const uint8_t *src = buffer_range(s, index_of(mo, "buffer"), num(mo, "byteOffset", 0), clen, "compressed bufferView", index);
    if (!src) return NULL;
    const cJSON *mode = get(mo, "mode"), *filter = get(mo, "filter");
    const char *m = cJSON_IsString(mode) ? mode->valuestring : "";
    const char *f = cJSON_IsString(filter) ? filter->valuestring : "NONE";
    if (!(count >= 0) || !(stride >= 1) || stride > 256 || count * stride > MAX_REWRITE || count * stride > length ||
        length > MAX_REWRITE) {
        lc_error("scene '%s': compressed bufferView %d has count %g, byteStride %g for %g bytes", s->what, index, count,
                 stride, length);
        return NULL;
    }
    size_t n = (size_t)count, st = (size_t)stride;
    *size = (size_t)length;
    *owned = lc_calloc(LC_MAX(*size, 1u), 1);
    int rc = -1;
    if (!strcmp(m, "ATTRIBUTES") && st % 4 == 0) rc = meshopt_decodeVertexBuffer(*owned, n, st, src, (size_t)clen);
    else if (!strcmp(m, "TRIANGLES") && (st == 2 || st == 4) && n % 3 == 0)
        rc = meshopt_decodeIndexBuffer(*owned, n, st, src, (size_t)clen);
    else if (!strcmp(m, "INDICES") && (st == 2 || st == 4)) rc = meshopt_decodeIndexSequence(*owned, n, st, src, (size_t)clen);
    if (rc == 0 && !strcmp(m, "ATTRIBUTES")) {
        if (!strcmp(f, "OCTAHEDRAL") && (st == 4 || st == 8)) meshopt_decodeFilterOct(*owned, n, st);
        else if (!strcmp(f, "QUATERNION") && st == 8) meshopt_decodeFilterQuat(*owned, n, st);
        else if (!strcmp(f, "EXPONENTIAL")) meshopt_decodeFilterExp(*owned, n, st);
        else if (strcmp(f, "NONE")) rc = -2;
    }
    if (rc != 0) {
        lc_error("scene '%s': cannot decode EXT_meshopt_compression bufferView %d (mode %.16s, filter %.16s, stride %zu%s)",
                 s->what, index, m, f, st, rc == -2 ? ": unknown filter" : "");
        free(*owned);
        *owned = NULL;
        return NULL;
    }
    return *owned;
}

/* ---------------------------------------------------------------- accessors */

static int components(const char *type)
{
    static const char *const names[] = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"};
    static const int counts[] = {1, 2, 3, 4, 4, 9, 16};
    for (int i = 0; i < 7; i++)
        if (!strcmp(type, names[i])) return counts[i];
    return 0;
}

int lc_gltf_component_size(int ct)
{
    return ct == CT_I8 || ct == CT_U8 ? 1 : ct == CT_I16 || ct == CT_U16 ? 2 : ct == CT_U32 || ct == CT_F32 ? 4 : 0;
}

float lc_gltf_component(const uint8_t *p, int ct, bool normalized)
{
    switch (ct) {
    case CT_I8: return normalized ? fmaxf((float)*(const int8_t *)p / 127.0f, -1.0f) : (float)*(const int8_t *)p;
    case CT_U8: return normalized ? (float)*p / 255.0f : (float)*p;
    case CT_I16: {
        int16_t v;
        memcpy(&v, p, 2);
        return normalized ? fmaxf((float)v / 32767.0f, -1.0f) : (float)v;
    }
    case CT_U16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return normalized ? (float)v / 65535.0f : (float)v;
    }
    case CT_U32: return (float)le32(p);
    default: {
        float v;
        memcpy(&v, p, 4);
        return v;
    }
    }
}

typedef struct rewrite {
    cJSON *root;
    const source *src;
    bytes out;
    int64_t *view_offset; /* per original bufferView: where its bytes went in out */
    size_t *view_size;
    int views;
    int *float_of; /* per original accessor: its float copy, or -1 */
    int accessors;
} rewrite;

/* Reads accessor a as floats (count * comps, tightly packed); NULL with a message. */
static float *accessor_floats(rewrite *r, const cJSON *acc, int index, size_t *count_out, int *comps_out)
{
    const char *what = r->src->what;
    const cJSON *type = get(acc, "type");
    int comps = cJSON_IsString(type) ? components(type->valuestring) : 0;
    int ct = item_index(get(acc, "componentType")), cs = lc_gltf_component_size(ct);
    double count = num(acc, "count", -1);
    int64_t view = index_of(acc, "bufferView");
    if (!comps || !cs || !(count >= 1) || count > MAX_REWRITE / 16 || view < 0 || view >= r->views || get(acc, "sparse")) {
        lc_error("scene '%s': accessor %d cannot be dequantized (type, componentType %d, count, bufferView or sparse)", what,
                 index, ct);
        return NULL;
    }
    const cJSON *bv = cJSON_GetArrayItem(get(r->root, "bufferViews"), (int)view);
    size_t elem = (size_t)comps * (size_t)cs;
    double stride_d = num(bv, "byteStride", (double)elem), offset_d = num(acc, "byteOffset", 0);
    if (!(stride_d >= (double)elem) || stride_d > 256 || !(offset_d >= 0) || offset_d > (double)r->view_size[view]) {
        lc_error("scene '%s': accessor %d has byteStride %g, byteOffset %g", what, index, stride_d, offset_d);
        return NULL;
    }
    size_t stride = (size_t)stride_d, offset = (size_t)offset_d, n = (size_t)count;
    if (offset + stride * (n - 1) + elem > r->view_size[view]) {
        lc_error("scene '%s': accessor %d reaches past bufferView %lld", what, index, (long long)view);
        return NULL;
    }
    if (r->out.size + n * (size_t)comps * sizeof(float) > MAX_REWRITE) {
        lc_error("scene '%s': more than %llu MiB of geometry once dequantized", what, MAX_REWRITE >> 20);
        return NULL;
    }
    bool normalized = cJSON_IsTrue(get(acc, "normalized"));
    float *f = lc_alloc(n * (size_t)comps * sizeof *f);
    const uint8_t *base = r->out.data + r->view_offset[view] + offset;
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < comps; c++) f[i * comps + c] = lc_gltf_component(base + i * stride + (size_t)c * cs, ct, normalized);
    *count_out = n;
    *comps_out = comps;
    return f;
}

/* Appends floats as a new bufferView and a new accessor of `type` (NULL: acc's); returns its index. */
static int add_float_accessor(rewrite *r, const cJSON *acc, const float *f, size_t n, int comps, const char *type)
{
    size_t at = bytes_append(&r->out, f, n * (size_t)comps * sizeof *f);
    cJSON *views = array_of(r->root, "bufferViews"), *accessors = array_of(r->root, "accessors");
    cJSON *v = cJSON_CreateObject();
    cJSON_AddNumberToObject(v, "buffer", 0);
    cJSON_AddNumberToObject(v, "byteOffset", (double)at);
    cJSON_AddNumberToObject(v, "byteLength", (double)(n * (size_t)comps * sizeof *f));
    cJSON_AddItemToArray(views, v);
    r->view_offset = lc_realloc(r->view_offset, (size_t)(r->views + 1) * sizeof *r->view_offset);
    r->view_size = lc_realloc(r->view_size, (size_t)(r->views + 1) * sizeof *r->view_size);
    r->view_offset[r->views] = (int64_t)at;
    r->view_size[r->views++] = n * (size_t)comps * sizeof *f;
    cJSON *a = cJSON_CreateObject();
    cJSON_AddNumberToObject(a, "bufferView", cJSON_GetArraySize(views) - 1);
    cJSON_AddNumberToObject(a, "componentType", CT_F32);
    cJSON_AddNumberToObject(a, "count", (double)n);
    cJSON_AddStringToObject(a, "type", type ? type : get(acc, "type")->valuestring);
    cJSON *lo = cJSON_CreateArray(), *hi = cJSON_CreateArray();
    for (int c = 0; c < comps; c++) {
        float mn = INFINITY, mx = -INFINITY;
        for (size_t i = 0; i < n; i++) mn = fminf(mn, f[i * comps + c]), mx = fmaxf(mx, f[i * comps + c]);
        cJSON_AddItemToArray(lo, cJSON_CreateNumber(isfinite(mn) ? mn : 0.0));
        cJSON_AddItemToArray(hi, cJSON_CreateNumber(isfinite(mx) ? mx : 0.0));
    }
    cJSON_AddItemToObject(a, "min", lo);
    cJSON_AddItemToObject(a, "max", hi);
    cJSON_AddItemToArray(accessors, a);
    return cJSON_GetArraySize(accessors) - 1;
}

static bool quantized(const cJSON *root, const cJSON *attr_index)
{
    int i = item_index(attr_index);
    const cJSON *acc = i >= 0 ? cJSON_GetArrayItem(get(root, "accessors"), i) : NULL;
    return acc && num(acc, "componentType", CT_F32) != CT_F32;
}

/* The base-colour texture's KHR_texture_transform of a material, or NULL. */
static cJSON *uv_transform(const cJSON *root, int64_t material)
{
    if (material < 0 || material > INT32_MAX) return NULL;
    const cJSON *m = cJSON_GetArrayItem(get(root, "materials"), (int)material);
    return get(get(get(get(m, "pbrMetallicRoughness"), "baseColorTexture"), "extensions"), "KHR_texture_transform");
}

/* Whether a primitive's COLOR_0 is RGB: assimp 5.2 reads it with alpha 0, not glTF's 1. A
 * sparse accessor or one without a bufferView (zeros) is left to assimp as it is: the rewrite
 * reads neither, and refusing the file would be worse than its alpha (which only MASK and
 * BLEND materials use). */
static bool rgb_colour(const cJSON *root, const cJSON *attrs)
{
    int i = item_index(get(attrs, "COLOR_0"));
    const cJSON *acc = i >= 0 ? cJSON_GetArrayItem(get(root, "accessors"), i) : NULL;
    const cJSON *type = get(acc, "type");
    return cJSON_IsString(type) && !strcmp(type->valuestring, "VEC3") && index_of(acc, "bufferView") >= 0 &&
           !get(acc, "sparse");
}

/* Whether a skin leaves out its inverse-bind matrices: glTF's default is the identity, but
 * assimp 5.2 dereferences the missing accessor (a segfault on a valid file:
 * tests/corpus/fuzz_scene/regress-skin-no-inverse-bind.bin), so the rewrite gives it one. */
static bool skin_without_matrices(const cJSON *skin)
{
    return cJSON_GetArraySize(get(skin, "joints")) > 0 && !get(skin, "inverseBindMatrices");
}

static bool skins_without_matrices(const cJSON *root)
{
    const cJSON *skin;
    cJSON_ArrayForEach(skin, get(root, "skins")) if (skin_without_matrices(skin)) return true;
    return false;
}

/* Identity inverse-bind matrices (MAT4, column-major) for each skin that has none. */
static void add_identity_matrices(rewrite *r)
{
    cJSON *skin;
    cJSON_ArrayForEach(skin, get(r->root, "skins"))
    {
        if (!skin_without_matrices(skin)) continue;
        size_t n = (size_t)cJSON_GetArraySize(get(skin, "joints"));
        float *m = lc_calloc(n * 16, sizeof *m);
        for (size_t i = 0; i < n; i++)
            for (int d = 0; d < 4; d++) m[i * 16 + (size_t)d * 5] = 1.0f;
        set_number(skin, "inverseBindMatrices", add_float_accessor(r, NULL, m, n, 16, "MAT4"));
        free(m);
    }
}

/* Whether any mesh attribute is quantized, any COLOR_0 is RGB or any base-colour texture is
 * transformed. */
static bool needs_attribute_rewrite(const cJSON *root)
{
    const cJSON *mesh, *prim, *attr;
    cJSON_ArrayForEach(mesh, get(root, "meshes")) cJSON_ArrayForEach(prim, get(mesh, "primitives"))
    {
        if (uv_transform(root, index_of(prim, "material")) || rgb_colour(root, get(prim, "attributes"))) return true;
        cJSON_ArrayForEach(attr, get(prim, "attributes")) if (attr->string && strncmp(attr->string, "JOINTS_", 7) &&
                                                              quantized(root, attr)) return true;
    }
    return false;
}

static bool dequantize_attributes(rewrite *r, cJSON *attrs)
{
    cJSON *attr;
    cJSON_ArrayForEach(attr, attrs)
    {
        if (!cJSON_IsNumber(attr) || !strncmp(attr->string, "JOINTS_", 7) || !quantized(r->root, attr)) continue;
        int index = item_index(attr), added = index < r->accessors ? r->float_of[index] : -1;
        if (added < 0) { /* once per accessor, however many primitives share it */
            const cJSON *acc = cJSON_GetArrayItem(get(r->root, "accessors"), index);
            size_t n;
            int comps;
            float *f = accessor_floats(r, acc, index, &n, &comps);
            if (!f) return false;
            added = add_float_accessor(r, acc, f, n, comps, NULL);
            free(f);
            if (index < r->accessors) r->float_of[index] = added;
        }
        char name[64];
        if (strlen(attr->string) >= sizeof name) continue; /* no glTF attribute is that long */
        snprintf(name, sizeof name, "%s", attr->string);
        set_number(attrs, name, added);
        attr = get(attrs, name); /* the replacement, so the walk goes on from it */
    }
    return true;
}

/* An RGB COLOR_0 (float by now) becomes RGBA with alpha 1, which assimp then reads as given. */
static bool expand_rgb_colour(rewrite *r, cJSON *attrs)
{
    if (!rgb_colour(r->root, attrs)) return true;
    int index = item_index(get(attrs, "COLOR_0"));
    const cJSON *acc = cJSON_GetArrayItem(get(r->root, "accessors"), index);
    size_t n;
    int comps;
    float *f = accessor_floats(r, acc, index, &n, &comps);
    if (!f) return false;
    float *rgba = lc_alloc(n * 4 * sizeof *rgba);
    for (size_t i = 0; i < n; i++) {
        for (int c = 0; c < 3; c++) rgba[i * 4 + c] = f[i * 3 + c];
        rgba[i * 4 + 3] = 1.0f;
    }
    int added = add_float_accessor(r, acc, rgba, n, 4, "VEC4");
    free(f);
    free(rgba);
    set_number(attrs, "COLOR_0", added);
    return true;
}

/* uv' = offset + R(rotation) * (scale * uv), as KHR_texture_transform defines it. */
static bool apply_uv_transform(rewrite *r, cJSON *attrs, const cJSON *t)
{
    int index = item_index(get(attrs, "TEXCOORD_0"));
    const cJSON *acc = index >= 0 ? cJSON_GetArrayItem(get(r->root, "accessors"), index) : NULL;
    if (!acc) return true;
    size_t n;
    int comps;
    float *f = accessor_floats(r, acc, index, &n, &comps);
    if (!f) return false;
    const cJSON *off = get(t, "offset"), *sc = get(t, "scale");
    float ox = 0, oy = 0, sx = 1, sy = 1, rot = (float)num(t, "rotation", 0);
    if (cJSON_GetArraySize(off) == 2)
        ox = (float)cJSON_GetArrayItem(off, 0)->valuedouble, oy = (float)cJSON_GetArrayItem(off, 1)->valuedouble;
    if (cJSON_GetArraySize(sc) == 2)
        sx = (float)cJSON_GetArrayItem(sc, 0)->valuedouble, sy = (float)cJSON_GetArrayItem(sc, 1)->valuedouble;
    float c = cosf(rot), s = sinf(rot);
    for (size_t i = 0; i < n && comps == 2; i++) {
        float u = sx * f[2 * i], v = sy * f[2 * i + 1];
        f[2 * i] = ox + c * u + s * v;
        f[2 * i + 1] = oy - s * u + c * v;
    }
    int added = add_float_accessor(r, acc, f, n, comps, NULL);
    free(f);
    set_number(attrs, "TEXCOORD_0", added);
    return true;
}

/* ---------------------------------------------------------------- UV sets */

/* lightcull's vertices carry one UV set. A material whose textures name another (texCoord, or
 * KHR_texture_transform's texCoord override) has its primitives' TEXCOORD_0 replaced by that
 * set, so assimp reads it (and computes tangents from it) as the first. */
static const char *const slot_key[5] = {"baseColorTexture", "metallicRoughnessTexture", "normalTexture", "occlusionTexture",
                                        "emissiveTexture"};
static const char *const slot_name[5] = {"base colour", "metallic-roughness", "normal", "occlusion", "emissive"};

/* The object holding a material's texture slot s (lc_texture_slot order). */
static cJSON *slot_parent(const cJSON *material, int s) { return s < 2 ? get(material, "pbrMetallicRoughness") : (cJSON *)material; }

/* The UV set a textureInfo reads: its KHR_texture_transform's texCoord where it gives one (the
 * extension's override), else its texCoord (0 by default); -1 where there is no textureInfo. */
static int info_uv_set(const cJSON *info)
{
    if (!cJSON_IsObject(info)) return -1;
    int64_t over = index_of(get(get(info, "extensions"), "KHR_texture_transform"), "texCoord");
    int64_t set = over >= 0 ? over : index_of(info, "texCoord");
    return set >= 0 ? (int)LC_MIN(set, 99) : 0;
}

/* The one UV set a material's textures read: its base colour's, else its first textured slot's. */
static int material_uv_set(const cJSON *m)
{
    for (int s = 0; s < 5; s++) {
        int set = info_uv_set(get(slot_parent(m, s), slot_key[s]));
        if (set >= 0) return set;
    }
    return 0;
}

static const cJSON *material_at(const cJSON *root, int64_t material)
{
    return material >= 0 && material <= INT32_MAX ? cJSON_GetArrayItem(get(root, "materials"), (int)material) : NULL;
}

static bool needs_uv_rewrite(const cJSON *root)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, get(root, "materials")) for (int s = 0; s < 5; s++) if (info_uv_set(get(slot_parent(m, s), slot_key[s])) > 0)
        return true;
    return false;
}

/* A primitive's TEXCOORD_0 becomes the set its material reads; false where it has no such set. */
static bool select_uv_set(cJSON *attrs, int set)
{
    if (set <= 0) return true;
    char name[32];
    snprintf(name, sizeof name, "TEXCOORD_%d", set);
    int index = item_index(get(attrs, name));
    if (index < 0) return false;
    set_number(attrs, "TEXCOORD_0", index);
    return true;
}

/* Every texture slot of a material reads TEXCOORD_0 (the selected set) from now on; a slot that
 * named another set than the material's is left out (its texture read through the wrong UVs
 * would lie), counted in dropped with the first named in first. */
static void settle_uv_sets(cJSON *root, int *dropped, char *first, size_t first_size)
{
    cJSON *m;
    int i = 0;
    cJSON_ArrayForEach(m, get(root, "materials"))
    {
        int set = material_uv_set(m);
        for (int s = 0; s < 5; s++) {
            cJSON *parent = slot_parent(m, s), *info = get(parent, slot_key[s]);
            int own = info_uv_set(info);
            if (own < 0) continue;
            if (own != set) {
                if (!(*dropped)++) {
                    const cJSON *name = get(m, "name");
                    snprintf(first, first_size, "material %d%s%.60s%s: %s texture on TEXCOORD_%d, its others on TEXCOORD_%d", i,
                             cJSON_IsString(name) ? " '" : "", cJSON_IsString(name) ? name->valuestring : "",
                             cJSON_IsString(name) ? "'" : "", slot_name[s], own, set);
                }
                cJSON_DeleteItemFromObjectCaseSensitive(parent, slot_key[s]);
                continue;
            }
            set_number(info, "texCoord", 0);
            cJSON_DeleteItemFromObjectCaseSensitive(get(get(info, "extensions"), "KHR_texture_transform"), "texCoord");
        }
        i++;
    }
}

/* ---------------------------------------------------------------- the rewrite */

static bool rewrite_file(cJSON *root, const source *src, lc_gltf_info *info)
{
    rewrite r = {.root = root, .src = src};
    cJSON *views = get(root, "bufferViews");
    r.views = cJSON_GetArraySize(views);
    r.view_offset = lc_calloc(LC_MAX(r.views, 1), sizeof *r.view_offset);
    r.view_size = lc_calloc(LC_MAX(r.views, 1), sizeof *r.view_size);
    r.accessors = cJSON_GetArraySize(get(root, "accessors"));
    r.float_of = lc_alloc((size_t)LC_MAX(r.accessors, 1) * sizeof *r.float_of);
    for (int i = 0; i < r.accessors; i++) r.float_of[i] = -1;
    bool ok = true;
    for (int i = 0; i < r.views && ok; i++) {
        cJSON *v = cJSON_GetArrayItem(views, i);
        uint8_t *owned;
        size_t size = 0;
        const uint8_t *data = view_bytes(src, v, i, &size, &owned);
        ok = data != NULL && r.out.size + size <= MAX_REWRITE;
        if (data && !ok) lc_error("scene '%s': more than %llu MiB of geometry once decoded", src->what, MAX_REWRITE >> 20);
        if (!ok) break;
        r.view_offset[i] = (int64_t)bytes_append(&r.out, data, size);
        r.view_size[i] = size;
        free(owned);
        set_number(v, "buffer", 0);
        set_number(v, "byteOffset", (double)r.view_offset[i]);
        cJSON_DeleteItemFromObjectCaseSensitive(get(v, "extensions"), "EXT_meshopt_compression");
    }
    /* Quantized attributes become float; transformed UVs get their transform applied; RGB
     * vertex colours get alpha 1. Each primitive gets its own copies, so shared accessors stay
     * right for every user. */
    cJSON *mesh, *prim, *target;
    int uv_missing = 0, uv_missing_set = 0;
    cJSON_ArrayForEach(mesh, get(root, "meshes")) cJSON_ArrayForEach(prim, get(mesh, "primitives"))
    {
        if (!ok) break;
        cJSON *attrs = get(prim, "attributes");
        ok = dequantize_attributes(&r, attrs);
        cJSON_ArrayForEach(target, get(prim, "targets")) ok = ok && dequantize_attributes(&r, target);
        int set = material_uv_set(material_at(root, index_of(prim, "material")));
        if (ok && !select_uv_set(attrs, set) && !uv_missing++) uv_missing_set = set;
        const cJSON *t = uv_transform(root, index_of(prim, "material"));
        if (ok && t) ok = apply_uv_transform(&r, attrs, t);
        if (ok) ok = expand_rgb_colour(&r, attrs);
    }
    if (ok) add_identity_matrices(&r);
    int dropped = 0;
    char first[200] = "";
    settle_uv_sets(root, &dropped, first, sizeof first);
    if (ok && uv_missing)
        lc_warn("%s: %d primitive%s the TEXCOORD_%d (the first's) that %s material's textures name; TEXCOORD_0 is read instead",
                src->what, uv_missing, uv_missing == 1 ? " lacks" : "s lack", uv_missing_set, uv_missing == 1 ? "its" : "their");
    if (ok && dropped)
        lc_warn("%s: %d texture slot%s read%s another UV set than the rest of %s material (one set a mesh here), left out; first: %s",
                src->what, dropped, dropped == 1 ? "" : "s", dropped == 1 ? "s" : "", dropped == 1 ? "its" : "their", first);
    cJSON *material;
    cJSON_ArrayForEach(material, get(root, "materials"))
        cJSON_DeleteItemFromObjectCaseSensitive(get(get(get(material, "pbrMetallicRoughness"), "baseColorTexture"), "extensions"),
                                                "KHR_texture_transform");
    if (ok) {
        cJSON *buffers = cJSON_CreateArray(), *b = cJSON_CreateObject();
        cJSON_AddNumberToObject(b, "byteLength", (double)r.out.size);
        cJSON_AddItemToArray(buffers, b);
        set_item(root, "buffers", buffers);
        static const char *const handled[] = {"EXT_meshopt_compression", "KHR_mesh_quantization", "KHR_texture_transform"};
        for (int i = 0; i < 3; i++) {
            remove_string(get(root, "extensionsRequired"), handled[i]);
            remove_string(get(root, "extensionsUsed"), handled[i]);
        }
        char *json = cJSON_PrintUnformatted(root);
        size_t jlen = strlen(json), jpad = (jlen + 3) & ~(size_t)3, bpad = (r.out.size + 3) & ~(size_t)3;
        info->glb_size = 12 + 8 + jpad + 8 + bpad;
        uint8_t *g = info->glb = lc_calloc(info->glb_size, 1);
        put32(g, GLB_MAGIC);
        put32(g + 4, 2);
        put32(g + 8, (uint32_t)info->glb_size);
        put32(g + 12, (uint32_t)jpad);
        put32(g + 16, GLB_CHUNK_JSON);
        memcpy(g + 20, json, jlen);
        memset(g + 20 + jlen, ' ', jpad - jlen);
        put32(g + 20 + jpad, (uint32_t)bpad);
        put32(g + 24 + jpad, GLB_CHUNK_BIN);
        if (r.out.size) memcpy(g + 28 + jpad, r.out.data, r.out.size);
        cJSON_free(json);
    }
    free(r.out.data);
    free(r.view_offset);
    free(r.view_size);
    free(r.float_of);
    return ok;
}

/* ---------------------------------------------------------------- entry points */

bool lc_gltf_needs_rewrite(const cJSON *root)
{
    return string_in(get(root, "extensionsUsed"), "EXT_meshopt_compression") || needs_attribute_rewrite(root) ||
           skins_without_matrices(root) || needs_uv_rewrite(root);
}

bool lc_gltf_rewrite(cJSON *root, const uint8_t *bin, size_t bin_size, const char *dir, const char *what,
                     lc_gltf_info *info)
{
    source src = {.bin = bin, .bin_size = bin_size, .dir = dir, .what = what};
    char why[320];
    bool loaded = lc_gltf_buffers_load(&src, root, why, sizeof why);
    if (!loaded) lc_error("scene '%s': %s", what, why);
    bool ok = loaded && rewrite_file(root, &src, info);
    lc_gltf_buffers_free(&src);
    return ok;
}
