/* Scene module: the procedural hall (size, validity, determinism, normals, winding), the
 * assimp importer on small files written here (node transforms, UV orientation, texture
 * fallback and sharing), its error paths, lc_scene_validate, and Sponza when LC_SPONZA is set. */
#include "scene/scene.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <stb/stb_image_write.h>

/* One triangle (normal +Z, UVs (0,0) (1,0) (0,1)) instanced twice: translated by +10 in X,
 * and mirrored in X under a parent translated by +5 in Y. */
static const char tiny_gltf[] =
    "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0,1]}],"
    "\"nodes\":[{\"mesh\":0,\"translation\":[10,0,0]},{\"children\":[2],\"translation\":[0,5,0]},"
    "{\"mesh\":0,\"scale\":[-1,1,1]}],"
    "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1,\"TEXCOORD_0\":2},\"indices\":3}]}],"
    "\"buffers\":[{\"byteLength\":104,\"uri\":\"data:application/octet-stream;base64,"
    "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/"
    "AAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/AAABAAIAAAA=\"}],"
    "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":36,"
    "\"byteLength\":36},{\"buffer\":0,\"byteOffset\":72,\"byteLength\":24},{\"buffer\":0,\"byteOffset\":96,"
    "\"byteLength\":6}],"
    "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\",\"min\":[0,0,0],"
    "\"max\":[1,1,0]},{\"bufferView\":1,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
    "{\"bufferView\":2,\"componentType\":5126,\"count\":3,\"type\":\"VEC2\"},"
    "{\"bufferView\":3,\"componentType\":5123,\"count\":3,\"type\":\"SCALAR\"}]}";

static uint32_t triangles(const lc_scene *s) { return (uint32_t)lc_scene_triangles(s); }

/* A vertex of an object in world space: position through world, normal through the inverse
 * transpose, normalised. */
static void world_vertex(const lc_scene *s, const lc_object *o, uint32_t local, float p[3], float n[3])
{
    const lc_vertex *v = &s->vertices[s->meshes[o->mesh].first_vertex + local];
    lc_transform_point(&o->world, v->position, p);
    lc_m4 nm;
    lc_object_normal_matrix(&o->world, &nm);
    float len = 0.0f;
    for (int c = 0; c < 3; c++) {
        n[c] = nm.m[c] * v->normal[0] + nm.m[4 + c] * v->normal[1] + nm.m[8 + c] * v->normal[2];
        len += n[c] * n[c];
    }
    len = sqrtf(len);
    for (int c = 0; c < 3; c++) n[c] /= len > 0.0f ? len : 1.0f;
}

/* World-space triangles whose winding (counter-clockwise = front, turned around for objects
 * flagged LC_OBJECT_MIRRORED) disagrees with their transformed vertex normals. */
static uint32_t winding_mismatches(const lc_scene *s)
{
    uint32_t bad = 0;
    for (uint32_t o = 0; o < s->object_count; o++) {
        const lc_object *obj = &s->objects[o];
        const lc_mesh *m = &s->meshes[obj->mesh];
        float flip = (obj->flags & LC_OBJECT_MIRRORED) ? -1.0f : 1.0f;
        for (uint32_t t = 0; t + 2 < m->index_count; t += 3) {
            float p[3][3], vn[3][3], e1[3], e2[3], n[3], avg = 0.0f;
            for (int k = 0; k < 3; k++) world_vertex(s, obj, s->indices[m->first_index + t + k], p[k], vn[k]);
            for (int c = 0; c < 3; c++) {
                e1[c] = p[1][c] - p[0][c];
                e2[c] = p[2][c] - p[0][c];
            }
            n[0] = e1[1] * e2[2] - e1[2] * e2[1];
            n[1] = e1[2] * e2[0] - e1[0] * e2[2];
            n[2] = e1[0] * e2[1] - e1[1] * e2[0];
            float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            if (len < 1e-7f) continue; /* degenerate: no winding to speak of */
            for (int k = 0; k < 3; k++) avg += flip * (n[0] * vn[k][0] + n[1] * vn[k][1] + n[2] * vn[k][2]) / len;
            bad += avg <= 0.0f;
        }
    }
    return bad;
}

static bool scenes_equal(const lc_scene *a, const lc_scene *b)
{
    if (a->vertex_count != b->vertex_count || a->index_count != b->index_count || a->mesh_count != b->mesh_count ||
        a->object_count != b->object_count || a->material_count != b->material_count ||
        a->image_count != b->image_count)
        return false;
    if (memcmp(a->vertices, b->vertices, a->vertex_count * sizeof *a->vertices) ||
        memcmp(a->indices, b->indices, a->index_count * sizeof *a->indices) ||
        memcmp(a->meshes, b->meshes, a->mesh_count * sizeof *a->meshes) ||
        memcmp(a->objects, b->objects, a->object_count * sizeof *a->objects) ||
        memcmp(a->materials, b->materials, a->material_count * sizeof *a->materials))
        return false;
    for (uint32_t i = 0; i < a->image_count; i++)
        if (a->images[i].width != b->images[i].width || a->images[i].height != b->images[i].height ||
            memcmp(a->images[i].rgba, b->images[i].rgba, (size_t)a->images[i].width * a->images[i].height * 4))
            return false;
    return memcmp(a->bounds_min, b->bounds_min, sizeof a->bounds_min) == 0 &&
           memcmp(a->bounds_max, b->bounds_max, sizeof a->bounds_max) == 0 &&
           memcmp(a->default_camera, b->default_camera, sizeof a->default_camera) == 0;
}

/* room: a space to stand in (camera and lights inside the bounds), not a flat test quad. */
static void check_common(const lc_scene *s, const char *what, bool room)
{
    CHECK_MSG(lc_scene_validate(s) == LC_OK, "%s", what);
    uint32_t bad_normals = 0, outside = 0;
    for (uint32_t i = 0; i < s->vertex_count; i++) {
        const float *n = s->vertices[i].normal;
        bad_normals += fabsf(sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) - 1.0f) > 1e-3f;
    }
    /* Every object's vertices, transformed as the vertex shader does, inside the scene bounds. */
    for (uint32_t o = 0; o < s->object_count; o++)
        for (uint32_t i = 0; i < s->meshes[s->objects[o].mesh].vertex_count; i++) {
            float p[3], n[3];
            world_vertex(s, &s->objects[o], i, p, n);
            for (int c = 0; c < 3; c++) outside += p[c] < s->bounds_min[c] || p[c] > s->bounds_max[c];
        }
    CHECK_MSG(bad_normals == 0, "%s: %u normals not unit length", what, bad_normals);
    CHECK_MSG(outside == 0, "%s: %u vertex coordinates outside the bounds", what, outside);
    for (int c = 0; c < 3; c++) {
        CHECK_MSG(s->light_bounds_min[c] < s->light_bounds_max[c], "%s: empty light bounds on axis %d", what, c);
        if (!room) continue;
        CHECK_MSG(s->light_bounds_min[c] >= s->bounds_min[c] && s->light_bounds_max[c] <= s->bounds_max[c],
                  "%s: light bounds outside the scene on axis %d", what, c);
        CHECK_MSG(s->default_camera[c] > s->bounds_min[c] && s->default_camera[c] < s->bounds_max[c],
                  "%s: camera outside the bounds on axis %d", what, c);
    }
}

static void test_default(void)
{
    lc_scene a, b;
    double t0 = lc_time_seconds();
    lc_status st = lc_scene_load_default(&a);
    double t1 = lc_time_seconds();
    CHECK(st == LC_OK);
    CHECK(lc_scene_load_default(&b) == LC_OK);
    uint32_t tris = triangles(&a);
    printf("default scene: %u triangles, %u vertices, %u meshes, %u objects, %u materials, %u images, loaded in %.1f ms\n",
           tris, a.vertex_count, a.mesh_count, a.object_count, a.material_count, a.image_count, (t1 - t0) * 1e3);
    printf("default scene: bounds (%.1f %.1f %.1f)..(%.1f %.1f %.1f)\n", a.bounds_min[0], a.bounds_min[1],
           a.bounds_min[2], a.bounds_max[0], a.bounds_max[1], a.bounds_max[2]);
    CHECK(tris >= 50000);
    /* Instanced: more triangles drawn than stored (30 columns share one column mesh). */
    CHECK_MSG(a.index_count < 3 * tris && a.object_count > a.mesh_count, "%u indices stored, %u triangles drawn",
              a.index_count, tris);
    uint32_t columns = 0;
    for (uint32_t i = 0; i < a.object_count; i++) columns += strcmp(a.meshes[a.objects[i].mesh].name, "hall column") == 0;
    CHECK_MSG(columns == 30, "%u objects of the column mesh", columns);
    check_common(&a, "default scene", true);
    CHECK_MSG(winding_mismatches(&a) == 0, "%u triangles wound against their normals", winding_mismatches(&a));
    CHECK_MSG(scenes_equal(&a, &b), "two loads of the default scene differ");
    CHECK(a.material_count >= 4);
    for (uint32_t i = 0; i < a.material_count; i++) {
        int32_t img = a.materials[i].image;
        CHECK(img >= 0 && (uint32_t)img < a.image_count);
        if (img >= 0 && (uint32_t)img < a.image_count) CHECK(a.images[img].width >= 64 && a.images[img].rgba);
    }
    /* The hall is about 16 x 12 x 60 m with the floor at y = 0. */
    CHECK(fabsf(a.bounds_min[1]) < 1e-4f);
    CHECK(a.bounds_max[2] - a.bounds_min[2] > 50.0f && a.bounds_max[0] - a.bounds_min[0] > 12.0f);
    CHECK(a.default_camera[1] > 1.0f && a.default_camera[1] < 2.5f);
    CHECK(a.start == LC_START_INTERIOR);
    lc_scene_destroy(&a);
    lc_scene_destroy(&a); /* twice is fine */
    lc_scene_destroy(&b);
    lc_scene zero = {0};
    lc_scene_destroy(&zero);
}

/* Writes data to a fresh file under /tmp whose name ends in suffix; caller frees the path. */
static char *write_temp(const char *suffix, const void *data, size_t size)
{
    char *path = malloc(256);
    snprintf(path, 256, "/tmp/lc_test_scene_XXXXXX%s", suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    CHECK(fd >= 0);
    if (fd < 0) return path;
    CHECK(write(fd, data, size) == (ssize_t)size);
    close(fd);
    return path;
}

static void expect_input_error(const char *path, const char *what)
{
    lc_scene s;
    memset(&s, 0xab, sizeof s); /* the loader must not rely on a zeroed struct */
    lc_status st = lc_scene_load_file(&s, path);
    CHECK_MSG(st == LC_ERR_INPUT, "%s: status %d", what, (int)st);
    CHECK_MSG(s.vertices == NULL && s.vertex_count == 0, "%s: not left empty", what);
    lc_scene_destroy(&s);
}

static void test_errors(void)
{
    expect_input_error("/tmp/lc_test_scene_does_not_exist.gltf", "missing file");
    char *empty = write_temp(".gltf", "", 0);
    expect_input_error(empty, "empty file");
    unsigned char garbage[4096];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof garbage; i++) garbage[i] = (unsigned char)((x = x * 1103515245u + 12345u) >> 16);
    char *garbage_glb = write_temp(".glb", garbage, sizeof garbage);
    expect_input_error(garbage_glb, "garbage .glb");
    char *garbage_obj = write_temp(".obj", garbage, sizeof garbage);
    expect_input_error(garbage_obj, "garbage .obj");
    char *truncated = write_temp(".gltf", tiny_gltf, strlen(tiny_gltf) / 2);
    expect_input_error(truncated, "truncated glTF");
    static const char lines_only[] = "v 0 0 0\nv 1 0 0\nv 1 1 0\nl 1 2 3\n";
    char *no_tris = write_temp(".obj", lines_only, strlen(lines_only));
    expect_input_error(no_tris, "OBJ with lines only");
    char *paths[] = {empty, garbage_glb, garbage_obj, truncated, no_tris};
    for (size_t i = 0; i < LC_ARRAY_COUNT(paths); i++) {
        unlink(paths[i]);
        free(paths[i]);
    }
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    fputs(text, f);
    return fclose(f) == 0;
}

/* glTF image URIs are percent-encoded: "my%20tex.png" names the file "my tex.png". */
static void test_gltf_texture_uri(void)
{
    char dir[] = "/tmp/lc_test_scene_uri_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char gltf[256], png[256];
    snprintf(gltf, sizeof gltf, "%s/uri.gltf", dir);
    snprintf(png, sizeof png, "%s/my tex.png", dir);
    const uint8_t pixels[4] = {10, 20, 30, 255};
    CHECK(stbi_write_png(png, 1, 1, 4, pixels, 4) != 0);
    /* The tiny glTF with a material added to its primitive and a textured material. */
    char text[4096];
    const char *at = strstr(tiny_gltf, "\"indices\":3}");
    CHECK(at != NULL);
    if (!at) return;
    snprintf(text, sizeof text,
             "%.*s\"indices\":3,\"material\":0}%.*s,\"materials\":[{\"pbrMetallicRoughness\":{"
             "\"baseColorTexture\":{\"index\":0}}}],\"textures\":[{\"source\":0}],"
             "\"images\":[{\"uri\":\"my%%20tex.png\"}]}",
             (int)(at - tiny_gltf), tiny_gltf, (int)(strlen(at) - strlen("\"indices\":3}") - 1),
             at + strlen("\"indices\":3}"));
    CHECK(write_text(gltf, text));
    lc_scene s;
    CHECK(lc_scene_load_file(&s, gltf) == LC_OK);
    CHECK_MSG(s.image_count == 1 && s.material_count >= 1 && s.materials[0].image == 0, "%u images", s.image_count);
    if (s.image_count == 1) CHECK(memcmp(s.images[0].rgba, pixels, 4) == 0);
    lc_scene_destroy(&s);
    unlink(gltf);
    unlink(png);
    rmdir(dir);
}

static void test_gltf_transforms(void)
{
    char *path = write_temp(".gltf", tiny_gltf, strlen(tiny_gltf));
    lc_scene s;
    CHECK(lc_scene_load_file(&s, path) == LC_OK);
    /* One mesh stored once, two objects. */
    CHECK(s.mesh_count == 1 && s.object_count == 2 && s.vertex_count == 3 && s.index_count == 3);
    if (s.object_count == 2 && s.mesh_count == 1) {
        check_common(&s, "tiny glTF", false);
        /* Instances in world space: x from -1 (mirrored) to 11 (translated), y up to 6. */
        CHECK(fabsf(s.bounds_min[0] + 1.0f) < 1e-5f && fabsf(s.bounds_max[0] - 11.0f) < 1e-5f);
        CHECK(fabsf(s.bounds_min[1]) < 1e-5f && fabsf(s.bounds_max[1] - 6.0f) < 1e-5f);
        /* The mirrored instance is flagged, and with the flag its winding agrees with its normals. */
        uint32_t mirrored = 0;
        for (uint32_t i = 0; i < s.object_count; i++) mirrored += (s.objects[i].flags & LC_OBJECT_MIRRORED) != 0;
        CHECK_MSG(mirrored == 1, "%u objects flagged mirrored", mirrored);
        CHECK_MSG(winding_mismatches(&s) == 0, "mirrored instance keeps its winding");
        /* glTF UVs come out as stored in the file (top-left origin, as Vulkan samples). */
        for (uint32_t i = 0; i < s.vertex_count; i++) {
            const lc_vertex *v = &s.vertices[i];
            CHECK_MSG(fabsf(v->uv[0] - v->position[0]) < 1e-5f && fabsf(v->uv[1] - v->position[1]) < 1e-5f,
                      "vertex %u uv (%g %g)", i, v->uv[0], v->uv[1]);
            CHECK(fabsf(v->normal[2] - 1.0f) < 1e-5f);
        }
    }
    lc_scene_destroy(&s);
    unlink(path);
    free(path);
}

static void test_obj_materials(void)
{
    char dir[] = "/tmp/lc_test_scene_obj_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char obj[256], mtl[256], png[256], wide[256];
    snprintf(obj, sizeof obj, "%s/quad.obj", dir);
    snprintf(mtl, sizeof mtl, "%s/quad.mtl", dir);
    snprintf(png, sizeof png, "%s/checker.png", dir);
    snprintf(wide, sizeof wide, "%s/wide.png", dir);
    /* Four quads: a missing texture, two materials sharing one 2x2 PNG, and a texture over
     * 4096 wide that gets halved. */
    CHECK(write_text(obj, "mtllib quad.mtl\n"
                          "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
                          "v 2 0 0\nv 3 0 0\nv 3 1 0\nv 2 1 0\n"
                          "v 4 0 0\nv 5 0 0\nv 5 1 0\nv 4 1 0\n"
                          "v 6 0 0\nv 7 0 0\nv 7 1 0\nv 6 1 0\n"
                          "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
                          "usemtl missing\nf 1/1 2/2 3/3 4/4\n"
                          "usemtl tex_a\nf 5/1 6/2 7/3 8/4\n"
                          "usemtl tex_b\nf 9/1 10/2 11/3 12/4\n"
                          "usemtl wide\nf 13/1 14/2 15/3 16/4\n"));
    CHECK(write_text(mtl, "newmtl missing\nKd 0.8 0.2 0.1\nmap_Kd no_such_texture.png\n"
                          "newmtl tex_a\nKd 1 1 1\nmap_Kd checker.png\n"
                          "newmtl tex_b\nKd 0.5 0.5 0.5\nmap_Kd checker.png\n"
                          "newmtl wide\nKd 0.25 0.25 0.25\nmap_Kd wide.png\n"));
    /* First row red, green; second row blue, white. */
    const uint8_t pixels[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    CHECK(stbi_write_png(png, 2, 2, 4, pixels, 8) != 0);
    uint8_t *wide_pixels = calloc(4100 * 3, 4);
    CHECK(stbi_write_png(wide, 4100, 3, 4, wide_pixels, 4100 * 4) != 0);
    free(wide_pixels);

    lc_scene s;
    CHECK(lc_scene_load_file(&s, obj) == LC_OK);
    CHECK(triangles(&s) == 8);
    CHECK_MSG(s.image_count == 2, "shared texture loaded once: %u images", s.image_count);
    int found = 0;
    for (uint32_t i = 0; i < s.material_count; i++) {
        const lc_material *m = &s.materials[i];
        bool is_missing = fabsf(m->base_color[0] - 0.8f) < 1e-4f && fabsf(m->base_color[1] - 0.2f) < 1e-4f &&
                          fabsf(m->base_color[2] - 0.1f) < 1e-4f;
        if (is_missing) {
            found++;
            CHECK_MSG(m->image == -1, "material with a missing texture falls back to its colour");
        } else if (m->image >= 0 && (uint32_t)m->image < s.image_count) {
            found++;
            const lc_image_data *img = &s.images[m->image];
            if (m->base_color[0] < 0.3f) { /* wide.png, halved to fit 4096 */
                CHECK(img->width == 2050 && img->height == 1);
                CHECK(strcmp(img->name, "wide.png") == 0);
            } else {
                CHECK(img->width == 2 && img->height == 2);
                CHECK(memcmp(img->rgba, pixels, sizeof pixels) == 0);
                CHECK(strcmp(img->name, "checker.png") == 0);
            }
        }
    }
    CHECK_MSG(found == 4, "found %d of 4 materials", found);
    if (s.vertex_count) {
        check_common(&s, "OBJ", false);
        CHECK_MSG(winding_mismatches(&s) == 0, "OBJ winding");
        /* OBJ vt (0,0) is the image's bottom-left: v = 1 in Vulkan terms at y = 0. */
        for (uint32_t i = 0; i < s.vertex_count; i++) {
            const lc_vertex *v = &s.vertices[i];
            CHECK(fabsf(v->uv[1] - (1.0f - v->position[1])) < 1e-5f); /* OBJ objects: identity transforms */
            CHECK(fabsf(v->normal[2] - 1.0f) < 1e-4f); /* generated */
        }
    }
    lc_scene_destroy(&s);
    unlink(obj);
    unlink(mtl);
    unlink(png);
    unlink(wide);
    rmdir(dir);
}

static void test_validate(void)
{
    lc_vertex verts[3] = {
        {{0, 0, 0}, {0, 0, 1}, {0, 0}, {1, 0, 0, 1}, LC_VERTEX_WHITE}, {{1, 0, 0}, {0, 0, 1}, {1, 0}, {1, 0, 0, 1}, LC_VERTEX_WHITE},
        {{0, 1, 0}, {0, 0, 1}, {0, 1}, {1, 0, 0, 1}, LC_VERTEX_WHITE}};
    uint32_t indices[3] = {0, 1, 2};
    lc_mesh mesh = {.first_vertex = 0, .vertex_count = 3, .first_index = 0, .index_count = 3, .material = 0};
    lc_object obj = {.world = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}, .mesh = 0, .material = 0};
    lc_material mat = lc_material_make(1, 1, 1, -1, false);
    lc_scene s = {.vertices = verts,
                  .vertex_count = 3,
                  .indices = indices,
                  .index_count = 3,
                  .meshes = &mesh,
                  .mesh_count = 1,
                  .objects = &obj,
                  .object_count = 1,
                  .materials = &mat,
                  .material_count = 1};
    snprintf(s.name, sizeof s.name, "hand-made");
    CHECK(lc_scene_validate(&s) == LC_OK);
    fprintf(stderr, "(the following errors are expected)\n");
    indices[2] = 3;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* index past the vertices */
    indices[2] = 2;
    mesh.first_index = 1;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* mesh past the indices */
    mesh.first_index = 0xfffffffdu;
    mesh.index_count = 6;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* wraps in 32 bits */
    mesh.first_index = 0;
    mesh.index_count = 3;
    mesh.first_vertex = 1;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* mesh past the vertices */
    mesh.first_vertex = 0;
    mesh.vertex_count = 2;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* mesh-local index 2 of 2 vertices */
    mesh.vertex_count = 3;
    mesh.material = 1;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* material out of range */
    mesh.material = 0;
    obj.mesh = 1;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* object's mesh out of range */
    obj.mesh = 0;
    obj.material = 1;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* object's material out of range */
    obj.material = 0;
    obj.world.m[13] = NAN;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* non-finite transform */
    obj.world.m[13] = 0.0f;
    mat.image = 0;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* no images */
    mat.image = -1;
    verts[1].position[1] = NAN;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT);
    verts[1].position[1] = INFINITY;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT);
    verts[1].position[1] = 0.0f;
    CHECK(lc_scene_validate(&s) == LC_OK);
    verts[2].tangent[0] = NAN;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* non-finite tangent */
    verts[2].tangent[0] = 1.0f;
    verts[2].tangent[3] = -INFINITY;
    CHECK(lc_scene_validate(&s) == LC_ERR_INPUT); /* non-finite bitangent sign */
    verts[2].tangent[3] = 1.0f;
    CHECK(lc_scene_validate(&s) == LC_OK);
}

static void test_sponza(void)
{
    const char *path = getenv("LC_SPONZA");
    if (!path || !*path) {
        lc_test_skip("the Sponza part", "LC_SPONZA is not set");
        return;
    }
    lc_scene s;
    double t0 = lc_time_seconds();
    lc_status st = lc_scene_load_file(&s, path);
    double t1 = lc_time_seconds();
    CHECK(st == LC_OK);
    if (st != LC_OK) return;
    uint32_t tris = triangles(&s), textured = 0;
    for (uint32_t i = 0; i < s.material_count; i++) textured += s.materials[i].image >= 0;
    printf("sponza: %u triangles, %u vertices, %u meshes, %u objects, %u materials (%u textured), %u images, loaded in "
           "%.1f ms\n",
           tris, s.vertex_count, s.mesh_count, s.object_count, s.material_count, textured, s.image_count, (t1 - t0) * 1e3);
    printf("sponza: bounds (%.1f %.1f %.1f)..(%.1f %.1f %.1f), camera (%.2f %.2f %.2f) yaw %.0f pitch %.0f\n",
           s.bounds_min[0], s.bounds_min[1], s.bounds_min[2], s.bounds_max[0], s.bounds_max[1], s.bounds_max[2],
           s.default_camera[0], s.default_camera[1], s.default_camera[2], s.default_camera[3], s.default_camera[4]);
    CHECK(tris > 250000);
    CHECK(s.material_count >= 20);
    CHECK(textured * 4 >= s.material_count * 3);
    check_common(&s, "sponza", true);
    CHECK_MSG(s.start == LC_START_INTERIOR, "Sponza keeps its standing view (start %d)", (int)s.start);
    lc_scene_destroy(&s);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* keep results and expected error lines in order */
    test_default();
    test_validate();
    test_errors();
    test_gltf_transforms();
    test_gltf_texture_uri();
    test_obj_materials();
    test_sponza();
    return lc_test_finish("test_scene");
}
