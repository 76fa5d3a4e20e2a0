/* glTF before assimp (gltf_decode.h): what a file is, the checks that refuse what assimp would
 * crash on or misread, the cameras and KHR_lights_punctual lights assimp does not keep as the file
 * gives them, and the rewrite where a file needs one (gltf_rewrite.c). The JSON is parsed with
 * cJSON. */
#include "scene/gltf_json.h"

#include "scene/animation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define LC_PI_D 3.14159265358979323846

lc_model_kind lc_model_sniff(const uint8_t *data, size_t size)
{
    if (size >= 4 && le32(data) == GLB_MAGIC) return LC_MODEL_GLB;
    size_t i = 0;
    if (size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) i = 3; /* UTF-8 BOM */
    while (i < size && isspace(data[i])) i++;
    return i < size && data[i] == '{' ? LC_MODEL_GLTF : LC_MODEL_OTHER;
}

void lc_model_refuse(const uint8_t *data, size_t size, const char *ext, const char *what)
{
    size_t i = 0;
    while (i < size && isspace(data[i])) i++;
    const char *seems = NULL;
    if (i < size && data[i] == '<') seems = "an HTML or XML page";
    else if (size >= 8 && memcmp(data, "\x89PNG", 4) == 0) seems = "a PNG image";
    else if (size >= 3 && memcmp(data, "\xFF\xD8\xFF", 3) == 0) seems = "a JPEG image";
    else if (size >= 4 && memcmp(data, "PK\x03\x04", 4) == 0) seems = "a ZIP archive";
    else if (size >= 2 && data[0] == 0x1F && data[1] == 0x8B) seems = "a gzip file";
    if (seems)
        lc_error("scene '%s' is not a model: it looks like %s (lightcull reads glTF 2.0 .gltf/.glb and OBJ)", what, seems);
    else if (!strcmp(ext, "glb"))
        lc_error("scene '%s' is not a GLB file: it does not start with the 'glTF' magic", what);
    else if (!strcmp(ext, "gltf"))
        lc_error("scene '%s' is not glTF: it does not start with a JSON object", what);
    else
        lc_error("scene '%s': format '%s%s' is not supported (lightcull reads glTF 2.0 .gltf/.glb and OBJ)", what,
                 *ext ? "." : "", *ext ? ext : "unknown");
}

/* ---------------------------------------------------------------- checks */

/* Extensions a file may require: read (or harmlessly ignored, docs/GLTF.md says which). */
static const char *const required_ok[] = {
    "KHR_lights_punctual", "KHR_mesh_quantization", "EXT_meshopt_compression", "KHR_texture_transform", "KHR_materials_unlit",
    "KHR_materials_emissive_strength", "KHR_materials_pbrSpecularGlossiness", "EXT_texture_webp",
};

/* Extensions lightcull reads (or assimp reads for it); any other a file uses is ignored with a
 * warning naming it (docs/GLTF.md). EXT_texture_webp warns on its own (lc_gltf_prepare). */
static const char *const extensions_read[] = {
    "KHR_lights_punctual", "KHR_mesh_quantization", "EXT_meshopt_compression", "KHR_texture_transform",
    "KHR_materials_emissive_strength", "KHR_materials_pbrSpecularGlossiness", "EXT_texture_webp",
};

/* One warning line a kind for what the file uses and lightcull ignores: extensions it does not
 * read (named, all in one line), points and lines (dropped), texture transforms on slots other
 * than the base colour, and scenes other than the default. */
static void warn_ignored(const cJSON *root, const char *what)
{
    char names[256] = "";
    int ignored = 0;
    const cJSON *ext;
    cJSON_ArrayForEach(ext, get(root, "extensionsUsed"))
    {
        if (!cJSON_IsString(ext)) continue;
        bool read = false;
        for (size_t i = 0; i < sizeof extensions_read / sizeof *extensions_read; i++) read |= !strcmp(ext->valuestring, extensions_read[i]);
        if (read) continue;
        size_t at = strlen(names);
        if (at + 8 < sizeof names)
            snprintf(names + at, sizeof names - at, "%s%.80s", ignored ? ", " : "", ext->valuestring);
        ignored++;
    }
    if (ignored)
        lc_warn("%s: %d glTF extension%s ignored (drawn without %s): %s", what, ignored, ignored == 1 ? "" : "s",
                ignored == 1 ? "it" : "them", names);
    int points_lines = 0;
    const cJSON *mesh, *prim;
    cJSON_ArrayForEach(mesh, get(root, "meshes")) cJSON_ArrayForEach(prim, get(mesh, "primitives"))
    {
        double mode = num(prim, "mode", 4.0);
        points_lines += mode >= 0.0 && mode <= 3.0;
    }
    if (points_lines)
        lc_warn("%s: %d primitive%s of points or lines dropped (only triangles are drawn)", what, points_lines,
                points_lines == 1 ? "" : "s");
    static const char *const others[] = {"metallicRoughnessTexture", "normalTexture", "occlusionTexture", "emissiveTexture"};
    int transforms = 0;
    const cJSON *m;
    cJSON_ArrayForEach(m, get(root, "materials")) for (int k = 0; k < 4; k++)
    {
        const cJSON *info = get(k == 0 ? get(m, "pbrMetallicRoughness") : m, others[k]);
        const cJSON *t = get(get(info, "extensions"), "KHR_texture_transform");
        transforms += get(t, "offset") || get(t, "rotation") || get(t, "scale");
    }
    if (transforms)
        lc_warn("%s: %d KHR_texture_transform%s on other slots than the base colour ignored (they read the base colour's UVs)",
                what, transforms, transforms == 1 ? "" : "s");
    int scenes = cJSON_GetArraySize(get(root, "scenes"));
    if (scenes > 1) lc_warn("%s: %d scenes; only the default one is drawn", what, scenes);
}

/* assimp 5.2's glTF importers take strchr(mime_type, '/') + 1 unchecked for embedded images,
 * so an image whose "mimeType", or the media type of its data: URI, has no '/' crashes them
 * (found by fuzz_scene; tests/corpus/fuzz_scene/regress-assimp-mime-*). */
static bool images_ok(const cJSON *root, const char *what)
{
    const cJSON *image;
    cJSON_ArrayForEach(image, get(root, "images"))
    {
        const cJSON *mime = get(image, "mimeType"), *uri = get(image, "uri");
        const char *bad = NULL;
        size_t len = 0;
        if (cJSON_IsString(mime) && !strchr(mime->valuestring, '/')) bad = mime->valuestring, len = strlen(bad);
        if (!bad && cJSON_IsString(uri) && strncmp(uri->valuestring, "data:", 5) == 0) {
            const char *type = uri->valuestring + 5;
            size_t n = strcspn(type, ";,");
            if (n && !memchr(type, '/', n)) bad = type, len = n;
        }
        if (bad) {
            lc_error("scene '%s': an image's MIME type '%.*s' has no '/'", what, (int)LC_MIN(len, 64u), bad);
            return false;
        }
    }
    return true;
}

/* A skin names at least one joint, each a node (glTF 2.0 5.28: joints minItems 1), and its
 * inverse-bind matrices, where given, are an accessor of at least one per joint (5.28.1).
 * assimp 5.2 reads the matrices of every skinned mesh's skin whatever it holds, so a skin with
 * no joints and no matrices (the rewrite gives matrices to a skin with joints only), or with a
 * matrices index it cannot read, is a null dereference there
 * (tests/corpus/fuzz_scene/regress-skin-no-joints.bin); and it reads one matrix a joint
 * whatever the accessor holds. */
static bool skins_ok(const cJSON *root, const char *what)
{
    const cJSON *skin;
    int i = 0, nodes = cJSON_GetArraySize(get(root, "nodes")), accessors = cJSON_GetArraySize(get(root, "accessors"));
    cJSON_ArrayForEach(skin, get(root, "skins"))
    {
        const cJSON *joints = get(skin, "joints");
        int count = cJSON_IsArray(joints) ? cJSON_GetArraySize(joints) : 0;
        if (count == 0) {
            lc_error("scene '%s': skins[%d] has no joints (glTF requires at least one node in a skin's joints)", what, i);
            return false;
        }
        for (int j = 0; j < count; j++) {
            int node = item_index(cJSON_GetArrayItem(joints, j));
            if (node < 0 || node >= nodes) {
                lc_error("scene '%s': skins[%d].joints[%d] is not the index of a node (%d nodes)", what, i, j, nodes);
                return false;
            }
        }
        if (get(skin, "inverseBindMatrices")) {
            int64_t ibm = index_of(skin, "inverseBindMatrices");
            if (ibm < 0 || ibm >= accessors) {
                lc_error("scene '%s': skins[%d].inverseBindMatrices is not the index of an accessor (%d accessors)", what, i,
                         accessors);
                return false;
            }
            double held = num(cJSON_GetArrayItem(get(root, "accessors"), (int)ibm), "count", 0.0);
            if (!(held >= count)) {
                lc_error("scene '%s': skins[%d] has %d joints, but its inverseBindMatrices accessor holds %.0f (one matrix a joint)",
                         what, i, count, isfinite(held) ? held : 0.0);
                return false;
            }
        }
        i++;
    }
    return true;
}

static bool document_ok(const cJSON *root, const char *what)
{
    if (!cJSON_IsObject(root)) {
        lc_error("scene '%s': the glTF JSON is not an object", what);
        return false;
    }
    const cJSON *asset = get(root, "asset"), *version = get(asset, "version");
    if (!cJSON_IsString(version)) {
        /* glTF 1.0 files often say "version": 1.0 as a number, or nothing. */
        lc_error("scene '%s': no asset.version string; this is not a glTF 2.0 file (glTF 1.0 is not supported)", what);
        return false;
    }
    if (strncmp(version->valuestring, "2.", 2) != 0) {
        lc_error("scene '%s' is glTF %.16s (asset.version); only glTF 2.0 is supported", what, version->valuestring);
        return false;
    }
    const cJSON *ext;
    cJSON_ArrayForEach(ext, get(root, "extensionsRequired"))
    {
        if (!cJSON_IsString(ext)) continue;
        bool ok = false;
        for (size_t i = 0; i < sizeof required_ok / sizeof *required_ok; i++) ok |= !strcmp(ext->valuestring, required_ok[i]);
        if (!ok) {
            lc_error("scene '%s' requires glTF extension %.80s, which lightcull does not support (docs/GLTF.md)", what,
                     ext->valuestring);
            return false;
        }
    }
    return images_ok(root, what) && skins_ok(root, what);
}

/* Line of a byte offset, for the message. */
static unsigned line_of(const char *text, size_t offset)
{
    unsigned line = 1;
    for (size_t i = 0; i < offset; i++) line += text[i] == '\n';
    return line;
}

static cJSON *parse_json(const char *text, size_t size, const char *what)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, false);
    if (root) return root;
    size_t at = end && end >= text && end <= text + size ? (size_t)(end - text) : 0;
    if (at + 1 >= size)
        lc_error("scene '%s': the glTF JSON ends early at byte %zu of %zu (truncated file?)", what, at, size);
    else {
        /* The text near the error, printable and bounded: the JSON need not end in a NUL. */
        char near[13];
        size_t n = LC_MIN(size - at, sizeof near - 1);
        for (size_t i = 0; i < n; i++) near[i] = text[at + i] >= 0x20 && text[at + i] < 0x7f ? text[at + i] : '?';
        near[n] = 0;
        lc_error("scene '%s': invalid glTF JSON at byte %zu (line %u, near '%s')", what, at, line_of(text, at), near);
    }
    return NULL;
}

/* ---------------------------------------------------------------- entry point */

static void read_cameras(const cJSON *root, lc_gltf_info *info)
{
    const cJSON *cams = get(root, "cameras");
    int n = cJSON_GetArraySize(cams);
    if (n <= 0) return;
    info->cameras = lc_calloc((size_t)n, sizeof *info->cameras);
    info->camera_count = (uint32_t)n;
    for (int i = 0; i < n; i++) {
        const cJSON *c = cJSON_GetArrayItem(cams, i), *p = get(c, "perspective"), *o = get(c, "orthographic");
        lc_gltf_camera *out = &info->cameras[i];
        out->orthographic = p == NULL && o != NULL;
        const cJSON *src = p ? p : o;
        double yfov = num(p, "yfov", 60.0 * LC_PI_D / 180.0);
        out->yfov_deg = (float)LC_CLAMP(yfov * 180.0 / LC_PI_D, 1.0, 170.0);
        if (!isfinite(out->yfov_deg)) out->yfov_deg = 60.0f;
        double aspect = num(p, "aspectRatio", 0.0);
        out->aspect = isfinite(aspect) && aspect > 0.0 && aspect < 100.0 ? (float)aspect : 0.0f;
        double zn = num(src, "znear", 0.0), zf = num(src, "zfar", INFINITY);
        out->znear = isfinite(zn) && zn > 0.0 ? (float)zn : 0.0f; /* 0: the viewer picks one */
        out->zfar = isfinite(zf) && zf > zn ? (float)zf : INFINITY;
    }
}

/* KHR_lights_punctual's lights, with the spec's defaults; values out of range fall back to them. */
static void read_lights(const cJSON *root, lc_gltf_info *info)
{
    const cJSON *lights = get(get(get(root, "extensions"), "KHR_lights_punctual"), "lights");
    int n = cJSON_GetArraySize(lights);
    if (n <= 0) return;
    info->lights = lc_calloc((size_t)n, sizeof *info->lights);
    info->light_count = (uint32_t)n;
    for (int i = 0; i < n; i++) {
        const cJSON *l = cJSON_GetArrayItem(lights, i), *type = get(l, "type"), *color = get(l, "color");
        lc_gltf_light *out = &info->lights[i];
        const char *t = cJSON_IsString(type) ? type->valuestring : "";
        out->type = strcmp(t, "spot") == 0 ? 1u : strcmp(t, "point") == 0 ? 0u : 2u;
        for (int k = 0; k < 3; k++) {
            const cJSON *c = cJSON_GetArrayItem(color, k);
            double v = cJSON_GetArraySize(color) == 3 && cJSON_IsNumber(c) ? c->valuedouble : 1.0;
            out->color[k] = isfinite(v) && v >= 0.0 && v <= 1e6 ? (float)v : 1.0f;
        }
        double intensity = num(l, "intensity", 1.0), range = num(l, "range", 0.0);
        out->intensity = isfinite(intensity) && intensity >= 0.0 && intensity <= 1e30 ? (float)intensity : 1.0f;
        out->range = isfinite(range) && range > 0.0 && range <= 1e30 ? (float)range : 0.0f;
        const cJSON *spot = get(l, "spot");
        double inner = num(spot, "innerConeAngle", 0.0), outer = num(spot, "outerConeAngle", LC_PI_D / 4.0);
        if (!(outer > 0.0 && outer <= LC_PI_D / 2.0)) outer = LC_PI_D / 4.0;
        if (!(inner >= 0.0 && inner < outer)) inner = 0.0;
        out->inner_deg = (float)(inner * 180.0 / LC_PI_D);
        out->outer_deg = (float)(outer * 180.0 / LC_PI_D);
    }
}

lc_status lc_gltf_prepare(const uint8_t *data, size_t size, const char *dir, const char *what, lc_gltf_info *info)
{
    memset(info, 0, sizeof *info);
    const char *json = (const char *)data;
    size_t json_size = size;
    const uint8_t *bin = NULL; /* the GLB's BIN chunk */
    size_t bin_size = 0;
    if (lc_model_sniff(data, size) == LC_MODEL_GLB) {
        if (size < 20) {
            lc_error("scene '%s': GLB file of %zu bytes is shorter than its 20-byte header", what, size);
            return LC_ERR_INPUT;
        }
        uint32_t version = le32(data + 4), total = le32(data + 8), jlen = le32(data + 12);
        if (version != 2) {
            lc_error("scene '%s': GLB version %u; only glTF 2.0 binaries (version 2) are supported", what, version);
            return LC_ERR_INPUT;
        }
        /* assimp allocates what the header claims before reading, so lengths past the data are
         * refused first (tests/corpus/fuzz_scene/regress-glb-length-*). */
        if (total > size || jlen > size - 20) {
            lc_error("scene '%s': GLB header claims %u bytes (JSON chunk %u), the file has %zu (truncated?)", what, total,
                     jlen, size);
            return LC_ERR_INPUT;
        }
        if (le32(data + 16) != GLB_CHUNK_JSON) {
            lc_error("scene '%s': the GLB's first chunk is not JSON", what);
            return LC_ERR_INPUT;
        }
        json = (const char *)data + 20;
        json_size = jlen;
        size_t next = 20 + (((size_t)jlen + 3) & ~(size_t)3);
        if (next + 8 <= total && le32(data + next + 4) == GLB_CHUNK_BIN) {
            uint32_t blen = le32(data + next);
            if (blen > total - next - 8) {
                lc_error("scene '%s': the GLB's BIN chunk claims %u bytes, %zu remain", what, blen, (size_t)total - next - 8);
                return LC_ERR_INPUT;
            }
            bin = data + next + 8;
            bin_size = blen;
        }
    }
    cJSON *root = parse_json(json, json_size, what);
    if (!root) return LC_ERR_INPUT;
    lc_status status = document_ok(root, what) ? LC_OK : LC_ERR_INPUT;
    if (status == LC_OK) {
        read_cameras(root, info);
        read_lights(root, info);
        warn_ignored(root, what);
        info->skins = cJSON_GetArraySize(get(root, "skins")) > 0;
        info->animations = cJSON_GetArraySize(get(root, "animations")) > 0;
        const cJSON *mesh, *prim, *tex;
        cJSON_ArrayForEach(mesh, get(root, "meshes")) cJSON_ArrayForEach(prim, get(mesh, "primitives"))
            info->morph_targets |= cJSON_GetArraySize(get(prim, "targets")) > 0;
        int webp_only = 0;
        cJSON_ArrayForEach(tex, get(root, "textures")) webp_only +=
            get(get(tex, "extensions"), "EXT_texture_webp") != NULL && index_of(tex, "source") < 0;
        if (webp_only)
            lc_warn("%s: %d texture%s only WebP (EXT_texture_webp), which lightcull does not decode; their materials use "
                    "their colour factor",
                    what, webp_only, webp_only == 1 ? " is" : "s are");
        if (lc_gltf_needs_rewrite(root) && !lc_gltf_rewrite(root, bin, bin_size, dir, what, info)) status = LC_ERR_INPUT;
        if (status == LC_OK && info->animations) {
            /* The JSON assimp reads: the rewrite's (its one buffer in the GLB's BIN chunk) or the file's. */
            if (info->glb) {
                uint32_t jpad = le32(info->glb + 12);
                bin = info->glb + 28 + jpad;
                bin_size = le32(info->glb + 20 + jpad);
            }
            lc_gltf_read_animations(root, bin, bin_size, dir, what, info);
        }
    }
    cJSON_Delete(root);
    if (status != LC_OK) lc_gltf_info_free(info);
    return status;
}

void lc_gltf_info_free(lc_gltf_info *info)
{
    free(info->glb);
    free(info->cameras);
    free(info->lights);
    for (uint32_t i = 0; info->nodes && i < info->node_count; i++) free(info->nodes[i].weights);
    free(info->nodes);
    free(info->children);
    free(info->roots);
    lc_animations_free(info->anims, info->anim_count);
    memset(info, 0, sizeof *info);
}
