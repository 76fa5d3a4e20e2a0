/* glTF before assimp (src/scene/gltf_decode.c, gltf_rewrite.c): a quantized, meshopt-compressed triangle
 * built here (as gltfpack writes them) loads with the positions, normals and transformed UVs
 * of its float original, COLOR_0 loads as written in each of its encodings, a skin without
 * inverse-bind matrices takes glTF's identities, and bad files fail with a message naming
 * their problem. */
#include "scene/gltf_decode.h"
#include "scene/scene.h"
#include "test_util.h"

#include <meshoptimizer.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char last_error[2048];

/* Runs the loader on bytes with stderr captured into last_error. */
static lc_status load_captured(lc_scene *s, const void *data, size_t size, const char *hint)
{
    fflush(stderr);
    int saved = dup(2);
    FILE *tmp = tmpfile();
    dup2(fileno(tmp), 2);
    lc_status st = lc_scene_load_memory(s, data, size, hint);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(last_error, 1, sizeof last_error - 1, tmp);
    last_error[n] = 0;
    fclose(tmp);
    return st;
}

/* Three vertices: uint16 positions (0..2 unnormalized, node scale 0.5), int8 normalized
 * normals (+Z), uint16 normalized UVs scaled by KHR_texture_transform; meshopt-compressed
 * vertices and indices. */
static void check_quantized_meshopt(void)
{
    uint16_t pos[3][4] = {{0, 0, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0}};
    int8_t nrm[3][4] = {{0, 0, 127, 0}, {0, 0, 127, 0}, {0, 0, 127, 0}};
    uint16_t uv[3][2] = {{0, 0}, {65535, 0}, {0, 65535}};
    uint32_t idx[3] = {0, 1, 2};
    uint8_t bin[4096];
    size_t at = 0, off[4], len[4];
    off[0] = at, at += len[0] = meshopt_encodeVertexBuffer(bin + at, sizeof bin - at, pos, 3, 8), at = (at + 3) & ~3u;
    off[1] = at, at += len[1] = meshopt_encodeVertexBuffer(bin + at, sizeof bin - at, nrm, 3, 4), at = (at + 3) & ~3u;
    off[2] = at, at += len[2] = meshopt_encodeVertexBuffer(bin + at, sizeof bin - at, uv, 3, 4), at = (at + 3) & ~3u;
    off[3] = at, at += len[3] = meshopt_encodeIndexBuffer(bin + at, sizeof bin - at, idx, 3), at = (at + 3) & ~3u;
    CHECK(len[0] && len[1] && len[2] && len[3]);
    char json[4096];
    snprintf(json, sizeof json,
             "{\"asset\":{\"version\":\"2.0\"},\"extensionsUsed\":[\"KHR_mesh_quantization\",\"EXT_meshopt_compression\","
             "\"KHR_texture_transform\"],\"extensionsRequired\":[\"KHR_mesh_quantization\",\"EXT_meshopt_compression\"],"
             "\"buffers\":[{\"byteLength\":%zu},{\"byteLength\":48,\"extensions\":{\"EXT_meshopt_compression\":{\"fallback\":true}}}],"
             "\"bufferViews\":["
             "{\"buffer\":1,\"byteOffset\":0,\"byteLength\":24,\"byteStride\":8,\"extensions\":{\"EXT_meshopt_compression\":{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"byteStride\":8,\"mode\":\"ATTRIBUTES\",\"count\":3}}},"
             "{\"buffer\":1,\"byteOffset\":24,\"byteLength\":12,\"byteStride\":4,\"extensions\":{\"EXT_meshopt_compression\":{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"byteStride\":4,\"mode\":\"ATTRIBUTES\",\"count\":3}}},"
             "{\"buffer\":1,\"byteOffset\":36,\"byteLength\":12,\"byteStride\":4,\"extensions\":{\"EXT_meshopt_compression\":{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"byteStride\":4,\"mode\":\"ATTRIBUTES\",\"count\":3}}},"
             "{\"buffer\":1,\"byteOffset\":0,\"byteLength\":12,\"extensions\":{\"EXT_meshopt_compression\":{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"byteStride\":4,\"mode\":\"TRIANGLES\",\"count\":3}}}],"
             "\"accessors\":["
             "{\"bufferView\":0,\"componentType\":5123,\"count\":3,\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[2,2,0]},"
             "{\"bufferView\":1,\"componentType\":5120,\"normalized\":true,\"count\":3,\"type\":\"VEC3\"},"
             "{\"bufferView\":2,\"componentType\":5123,\"normalized\":true,\"count\":3,\"type\":\"VEC2\"},"
             "{\"bufferView\":3,\"componentType\":5125,\"count\":3,\"type\":\"SCALAR\"}],"
             "\"materials\":[{\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":0,\"extensions\":{\"KHR_texture_transform\":{\"offset\":[0.25,0.5],\"scale\":[0.5,0.25]}}}}}],"
             "\"textures\":[{}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1,\"TEXCOORD_0\":2},\"indices\":3,\"material\":0}]}],"
             "\"nodes\":[{\"mesh\":0,\"scale\":[0.5,0.5,0.5]}],\"scenes\":[{\"nodes\":[0]}],\"scene\":0}",
             at, off[0], len[0], off[1], len[1], off[2], len[2], off[3], len[3]);
    size_t size;
    uint8_t *file = lc_test_glb(json, bin, at, &size);
    lc_scene s;
    lc_status st = load_captured(&s, file, size, "glb");
    CHECK_MSG(st == LC_OK, "%s", last_error);
    CHECK(s.vertex_count == 3 && s.index_count == 3 && s.object_count == 1);
    /* World positions: 0.5 * (0..2) = 0..1; normals +Z; UVs offset + scale * uv (v flipped back
     * by the importer's convention: our uv.v is the file's v). */
    float want_uv[3][2] = {{0.25f, 0.5f}, {0.75f, 0.5f}, {0.25f, 0.75f}};
    for (uint32_t i = 0; i < 3; i++) {
        const lc_vertex *v = &s.vertices[i];
        float p[3];
        lc_transform_point(&s.objects[0].world, v->position, p);
        bool matched = false;
        for (int k = 0; k < 3; k++) {
            float wx = k == 1 ? 1.0f : 0.0f, wy = k == 2 ? 1.0f : 0.0f;
            if (fabsf(p[0] - wx) < 1e-5f && fabsf(p[1] - wy) < 1e-5f && fabsf(p[2]) < 1e-5f) {
                matched = true;
                CHECK_MSG(fabsf(v->uv[0] - want_uv[k][0]) < 1e-3f && fabsf(v->uv[1] - want_uv[k][1]) < 1e-3f,
                          "vertex %d uv %g %g", k, v->uv[0], v->uv[1]);
            }
        }
        CHECK_MSG(matched, "vertex at %g %g %g", p[0], p[1], p[2]);
        CHECK(fabsf(v->normal[2] - 1.0f) < 1e-4f);
    }
    lc_scene_destroy(&s);
    free(file);
}

/* COLOR_0 in every encoding glTF allows, each on a triangle of its own (node k at x = k): none
 * (white), RGB float (the rewrite widens it to RGBA, alpha 1: assimp alone gives alpha 0),
 * RGBA normalized unsigned bytes, RGB normalized unsigned shorts; lc_vertex.color holds them
 * as RGBA8, r in the low byte. */
static void check_vertex_colours(void)
{
    uint8_t bin[104] = {0};
    float pos[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    float rgb[9] = {0.5f, 0.25f, 1.0f, 0.5f, 0.25f, 1.0f, 0.5f, 0.25f, 1.0f};
    uint8_t rgba8[12] = {10, 20, 30, 40, 10, 20, 30, 40, 10, 20, 30, 40};
    uint16_t rgb16[9] = {65535, 0, 32768, 65535, 0, 32768, 65535, 0, 32768};
    memcpy(bin, pos, 36);
    memcpy(bin + 36, rgb, 36);
    memcpy(bin + 72, rgba8, 12);
    memcpy(bin + 84, rgb16, 18);
    const char *json =
        "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":104}],\"bufferViews\":["
        "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":36,\"byteLength\":36},"
        "{\"buffer\":0,\"byteOffset\":72,\"byteLength\":12},{\"buffer\":0,\"byteOffset\":84,\"byteLength\":18}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,0]},"
        "{\"bufferView\":1,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
        "{\"bufferView\":2,\"componentType\":5121,\"normalized\":true,\"count\":3,\"type\":\"VEC4\"},"
        "{\"bufferView\":3,\"componentType\":5123,\"normalized\":true,\"count\":3,\"type\":\"VEC3\"}],"
        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]},{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"COLOR_0\":1}}]},"
        "{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"COLOR_0\":2}}]},{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"COLOR_0\":3}}]}],"
        "\"nodes\":[{\"mesh\":0},{\"mesh\":1,\"translation\":[1,0,0]},{\"mesh\":2,\"translation\":[2,0,0]},"
        "{\"mesh\":3,\"translation\":[3,0,0]}],\"scenes\":[{\"nodes\":[0,1,2,3]}],\"scene\":0}";
    const uint32_t want[4] = {LC_VERTEX_WHITE, 128u | 64u << 8 | 255u << 16 | 255u << 24, 10u | 20u << 8 | 30u << 16 | 40u << 24,
                              255u | 0u << 8 | 128u << 16 | 255u << 24};
    size_t size;
    uint8_t *file = lc_test_glb(json, bin, sizeof bin, &size);
    lc_scene s;
    lc_status st = load_captured(&s, file, size, "glb");
    CHECK_MSG(st == LC_OK, "%s", last_error);
    CHECK(st != LC_OK || s.object_count == 4);
    uint32_t seen = 0;
    for (uint32_t o = 0; st == LC_OK && o < s.object_count; o++) {
        int k = (int)lroundf(s.objects[o].world.m[12]);
        CHECK_MSG(k >= 0 && k < 4, "object %u at x %g", o, s.objects[o].world.m[12]);
        if (k < 0 || k >= 4) continue;
        seen |= 1u << k;
        const lc_mesh *m = &s.meshes[s.objects[o].mesh];
        for (uint32_t i = 0; i < m->vertex_count; i++) {
            uint32_t c = s.vertices[m->first_vertex + i].color;
            CHECK_MSG(c == want[k], "triangle %d vertex %u: colour %08x, want %08x", k, i, c, want[k]);
        }
    }
    CHECK_MSG(st != LC_OK || seen == 15, "triangles found: mask %x", seen);
    if (st == LC_OK) lc_scene_destroy(&s);
    free(file);
}

/* A triangle skinned to one joint at y = 2: without inverseBindMatrices (glTF: the identity)
 * the pose moves it up by 2, as with identity matrices given; with the joint's inverse bind
 * matrix it stays. assimp 5.2 segfaulted on the first (the rewrite adds the identities). */
static void skinned_bounds(const char *skin, float *min_y, float *max_y)
{
    uint8_t bin[160] = {0};
    float pos[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0}, weights[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    float ibm[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -2, 0, 1};
    memcpy(bin, pos, 36);
    memcpy(bin + 48, weights, 48);
    memcpy(bin + 96, ibm, 64);
    char json[2048];
    snprintf(json, sizeof json,
             "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":160}],\"bufferViews\":["
             "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":36,\"byteLength\":12},"
             "{\"buffer\":0,\"byteOffset\":48,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":96,\"byteLength\":64}],"
             "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,0]},"
             "{\"bufferView\":1,\"componentType\":5121,\"count\":3,\"type\":\"VEC4\"},"
             "{\"bufferView\":2,\"componentType\":5126,\"count\":3,\"type\":\"VEC4\"},"
             "{\"bufferView\":3,\"componentType\":5126,\"count\":1,\"type\":\"MAT4\"}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":1,\"WEIGHTS_0\":2}}]}],"
             "\"nodes\":[{\"mesh\":0,\"skin\":0},{\"translation\":[0,2,0]}],\"skins\":[%s],"
             "\"scenes\":[{\"nodes\":[0,1]}],\"scene\":0}",
             skin);
    size_t size;
    uint8_t *file = lc_test_glb(json, bin, sizeof bin, &size);
    lc_scene s;
    lc_status st = load_captured(&s, file, size, "glb");
    CHECK_MSG(st == LC_OK, "skin %s: %s", skin, last_error);
    *min_y = st == LC_OK ? s.bounds_min[1] : NAN;
    *max_y = st == LC_OK ? s.bounds_max[1] : NAN;
    if (st == LC_OK) lc_scene_destroy(&s);
    free(file);
}

static void check_skin_without_matrices(void)
{
    float lo[3], hi[3];
    skinned_bounds("{\"joints\":[1]}", &lo[0], &hi[0]);
    skinned_bounds("{\"joints\":[1],\"inverseBindMatrices\":3}", &lo[1], &hi[1]);
    CHECK_MSG(fabsf(lo[0] - 2.0f) < 1e-5f && fabsf(hi[0] - 3.0f) < 1e-5f, "no matrices: y in [%g, %g], want [2, 3]", lo[0], hi[0]);
    CHECK_MSG(fabsf(lo[1]) < 1e-5f && fabsf(hi[1] - 1.0f) < 1e-5f, "inverse bind: y in [%g, %g], want [0, 1]", lo[1], hi[1]);
}

static void check_bad(const void *data, size_t size, const char *hint, const char *want)
{
    lc_scene s;
    lc_status st = load_captured(&s, data, size, hint);
    CHECK_MSG(st == LC_ERR_INPUT, "%s: status %d", want, st);
    CHECK_MSG(strstr(last_error, want) != NULL, "want '%s' in: %s", want, last_error);
    CHECK_MSG(strchr(last_error, '\n') == last_error + strlen(last_error) - 1, "more than one line: %s", last_error);
    CHECK(strstr(last_error, "No suitable reader") == NULL);
}

static void check_bad_files(void)
{
    const char *cut = "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"name\":\"a\"";
    check_bad(cut, strlen(cut), "gltf", "ends early at byte");
    const char *invalid = "{\"asset\":{\"version\":\"2.0\"},\n\"nodes\":[}]}";
    check_bad(invalid, strlen(invalid), "gltf", "invalid glTF JSON at byte 37 (line 2");
    const char *v1 = "{\"asset\":{\"version\":\"1.0\"},\"meshes\":{}}";
    check_bad(v1, strlen(v1), "gltf", "glTF 1.0");
    const char *draco = "{\"asset\":{\"version\":\"2.0\"},\"extensionsRequired\":[\"KHR_draco_mesh_compression\"]}";
    check_bad(draco, strlen(draco), "gltf", "requires glTF extension KHR_draco_mesh_compression");
    const char *page = "<!DOCTYPE html><html><body>not a model</body></html>";
    check_bad(page, strlen(page), "glb", "looks like an HTML");
    const char *fbx = "Kaydara FBX Binary  \x00\x1a\x00";
    check_bad(fbx, 23, "fbx", "format '.fbx' is not supported");
    size_t size;
    uint8_t *g = lc_test_glb("{\"asset\":{\"version\":\"2.0\"}}", NULL, 0, &size);
    g[4] = 1;
    check_bad(g, size, "glb", "GLB version 1");
    g[4] = 2;
    g[8] += 100;
    check_bad(g, size, "glb", "GLB header claims");
    free(g);
    const char *few = "{\"asset\":{\"version\":\"2.0\"},\"accessors\":[{\"componentType\":5126,\"count\":1,\"type\":\"MAT4\"}],"
                      "\"nodes\":[{},{}],\"skins\":[{\"joints\":[0,1],\"inverseBindMatrices\":0}]}";
    check_bad(few, strlen(few), "gltf", "skins[0] has 2 joints, but its inverseBindMatrices accessor holds 1");
    /* What assimp 5.2 would dereference as a null skin matrix accessor, or index out of range
     * (tests/corpus/fuzz_scene/regress-skin-no-joints.bin, regress-skin-matrices-not-index.bin). */
    const char *skins[][2] = {
        {"{\"joints\":[]}", "skins[0] has no joints"},
        {"{}", "skins[0] has no joints"},
        {"{\"joints\":[0,\"a\"]}", "skins[0].joints[1] is not the index of a node (2 nodes)"},
        {"{\"joints\":[0,2]}", "skins[0].joints[1] is not the index of a node (2 nodes)"},
        {"{\"joints\":[0],\"inverseBindMatrices\":0.5}", "skins[0].inverseBindMatrices is not the index of an accessor (1 accessors)"},
        {"{\"joints\":[0],\"inverseBindMatrices\":-1}", "skins[0].inverseBindMatrices is not the index of an accessor"},
        {"{\"joints\":[0],\"inverseBindMatrices\":1}", "skins[0].inverseBindMatrices is not the index of an accessor"},
    };
    for (size_t i = 0; i < sizeof skins / sizeof *skins; i++) {
        char doc[512];
        snprintf(doc, sizeof doc,
                 "{\"asset\":{\"version\":\"2.0\"},\"accessors\":[{\"componentType\":5126,\"count\":1,\"type\":\"MAT4\"}],"
                 "\"nodes\":[{},{}],\"skins\":[%s]}",
                 skins[i][0]);
        check_bad(doc, strlen(doc), "gltf", skins[i][1]);
    }
}

int main(void)
{
    check_quantized_meshopt();
    check_vertex_colours();
    check_skin_without_matrices();
    check_bad_files();
    printf("gltf decode ok\n");
    return 0;
}
