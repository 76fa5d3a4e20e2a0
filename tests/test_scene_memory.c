/* lc_scene_load_memory, the entry point the scene fuzz target drives: glTF and OBJ from bytes,
 * an external texture falling back to the colour factor, and the error paths (empty input,
 * garbage, a scene without triangles) returning LC_ERR_INPUT instead of crashing. Also the
 * glTF pre-check that keeps files assimp would crash on away from it, from memory and from
 * files (tests/corpus/fuzz_scene: the first byte of each picks the format). */
#include "scene/scene.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One triangle (positions and 16-bit indices in a data URI); the material's base-colour
 * texture is an external file, which a scene from memory does not read. */
static const char triangle_gltf[] =
    "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
    "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0},\"indices\":1,\"material\":0}]}],"
    "\"materials\":[{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.5,0.25,1,1],"
    "\"baseColorTexture\":{\"index\":0}}}],"
    "\"textures\":[{\"source\":0}],\"images\":[{\"uri\":\"lc_no_such_texture.png\"}],"
    "\"buffers\":[{\"byteLength\":44,\"uri\":\"data:application/octet-stream;base64,"
    "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAABAAIAAAA=\"}],"
    "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":36},"
    "{\"buffer\":0,\"byteOffset\":36,\"byteLength\":6}],"
    "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\","
    "\"min\":[0,0,0],\"max\":[1,1,0]},{\"bufferView\":1,\"componentType\":5123,\"count\":3,\"type\":\"SCALAR\"}]}";

static const char quad_obj[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n";

static void test_gltf(void)
{
    lc_scene s;
    CHECK(lc_scene_load_memory(&s, triangle_gltf, strlen(triangle_gltf), "gltf") == LC_OK);
    CHECK(s.vertex_count == 3 && s.index_count == 3 && s.mesh_count == 1 && s.object_count == 1);
    CHECK(s.material_count >= 1 && s.image_count == 0);
    if (s.object_count == 1 && s.material_count >= 1) {
        const lc_material *m = &s.materials[s.objects[0].material];
        CHECK(m->image == -1); /* the external texture fell back */
        CHECK(m->base_color[0] == 0.5f && m->base_color[1] == 0.25f);
    }
    CHECK(lc_scene_validate(&s) == LC_OK);
    lc_scene_destroy(&s);
}

static void test_obj(void)
{
    lc_scene s;
    CHECK(lc_scene_load_memory(&s, quad_obj, strlen(quad_obj), "obj") == LC_OK);
    CHECK(s.index_count == 6); /* the quad is triangulated */
    CHECK(s.bounds_max[0] == 1.0f && s.bounds_max[1] == 1.0f);
    lc_scene_destroy(&s);
}

static void test_errors(void)
{
    lc_scene s;
    CHECK(lc_scene_load_memory(&s, "", 0, "gltf") == LC_ERR_INPUT);
    CHECK(s.vertices == NULL && s.vertex_count == 0);
    static const char garbage[] = "{\"asset\":{\"version\":\"2.0\"},\"meshes\":[{\"primitives\":[{\"attributes\":";
    CHECK(lc_scene_load_memory(&s, garbage, strlen(garbage), "gltf") == LC_ERR_INPUT);
    static const char points_only[] = "v 0 0 0\nv 1 0 0\np 1 2\n";
    CHECK(lc_scene_load_memory(&s, points_only, strlen(points_only), "obj") == LC_ERR_INPUT);
    /* The truncated triangle: every prefix must fail cleanly or load, never crash. */
    for (size_t n = 1; n < strlen(triangle_gltf); n += 7) {
        if (lc_scene_load_memory(&s, triangle_gltf, n, "gltf") == LC_OK) lc_scene_destroy(&s);
    }
}

/* A corpus file without its format byte, from memory and written to a file. */
static void check_corpus(const char *name, const char *ext, lc_status want)
{
    const char *src = getenv("LC_SOURCE_DIR");
    char path[1024], err[256], tmp[64];
    snprintf(path, sizeof path, "%s/tests/corpus/fuzz_scene/%s", src ? src : "..", name);
    size_t size = 0;
    char *data = lc_read_file(path, &size, err, sizeof err);
    CHECK_MSG(data && size > 1, "%s", err);
    if (!data || size < 2) return;
    lc_scene s;
    lc_status st = lc_scene_load_memory(&s, data + 1, size - 1, ext);
    CHECK_MSG(st == want, "%s from memory: status %d", name, (int)st);
    if (st == LC_OK) lc_scene_destroy(&s);
    snprintf(tmp, sizeof tmp, "/tmp/lc_test_scene_memory_%ld.%s", (long)getpid(), ext);
    CHECK(lc_write_file_atomic(tmp, data + 1, size - 1) == LC_OK);
    st = lc_scene_load_file(&s, tmp);
    CHECK_MSG(st == want, "%s from a file: status %d", name, (int)st);
    if (st == LC_OK) lc_scene_destroy(&s);
    unlink(tmp);
    free(data);
}

static void test_assimp_guard(void)
{
    check_corpus("regress-assimp-mime-data-uri.gltf", "gltf", LC_ERR_INPUT);
    check_corpus("regress-assimp-mime-bufferview.gltf", "gltf", LC_ERR_INPUT);
    check_corpus("regress-assimp-mime-bufferview.glb", "glb", LC_ERR_INPUT);
    check_corpus("textured.gltf", "gltf", LC_OK);
    check_corpus("textured.glb", "glb", LC_OK);
}

int main(void)
{
    test_gltf();
    test_obj();
    test_errors();
    test_assimp_guard();
    return lc_test_finish("test_scene_memory");
}
