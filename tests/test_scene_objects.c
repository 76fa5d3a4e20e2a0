/* Scene objects: bounds (every transformed vertex inside the object's transformed AABB, the
 * sphere around that AABB), instancing (one mesh, many objects, one copy of the data), --grid
 * counts and limits, mirrored winding, the procedural mesh (closed, ~30k triangles), framing,
 * and the importer on glTF files written here: node hierarchies with non-uniform and negative
 * scale, shared meshes, two scenes, no indices, no normals or UVs, a camera. */
#include "scene/camera.h"
#include "scene/scene.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------------- helpers */


/* Relative slack for comparing transformed points: float rounding of a 4-term sum. */
static float slack(const float lo[3], const float hi[3])
{
    float m = 1.0f;
    for (int c = 0; c < 3; c++) m = fmaxf(m, fmaxf(fabsf(lo[c]), fabsf(hi[c])));
    return 1e-5f * m;
}

/* Every object: transformed vertices inside its transformed AABB and the scene bounds; the
 * sphere contains the AABB's corners. Returns the number of violations. */
static uint32_t bounds_violations(const lc_scene *s)
{
    uint32_t bad = 0;
    for (uint32_t o = 0; o < s->object_count; o++) {
        const lc_object *obj = &s->objects[o];
        const lc_mesh *m = &s->meshes[obj->mesh];
        float lo[3], hi[3];
        lc_transform_aabb(&obj->world, m->aabb_min, m->aabb_max, lo, hi);
        float e = slack(lo, hi);
        for (uint32_t i = 0; i < m->vertex_count; i++) {
            float p[3];
            lc_transform_point(&obj->world, s->vertices[m->first_vertex + i].position, p);
            for (int c = 0; c < 3; c++) {
                bad += p[c] < lo[c] - e || p[c] > hi[c] + e;
                bad += p[c] < s->bounds_min[c] - e || p[c] > s->bounds_max[c] + e;
            }
        }
        for (int k = 0; k < 8; k++) {
            float q[3] = {(k & 1) ? hi[0] : lo[0], (k & 2) ? hi[1] : lo[1], (k & 4) ? hi[2] : lo[2]}, d2 = 0.0f;
            for (int c = 0; c < 3; c++) d2 += (q[c] - obj->sphere[c]) * (q[c] - obj->sphere[c]);
            bad += sqrtf(d2) > obj->sphere[3];
        }
    }
    return bad;
}

/* World-space triangles whose winding (turned around for LC_OBJECT_MIRRORED objects) disagrees
 * with the vertex normals transformed by the inverse transpose. */
static uint32_t winding_mismatches(const lc_scene *s)
{
    uint32_t bad = 0;
    for (uint32_t o = 0; o < s->object_count; o++) {
        const lc_object *obj = &s->objects[o];
        const lc_mesh *m = &s->meshes[obj->mesh];
        lc_m4 nm;
        lc_object_normal_matrix(&obj->world, &nm);
        float flip = (obj->flags & LC_OBJECT_MIRRORED) ? -1.0f : 1.0f;
        for (uint32_t t = 0; t + 2 < m->index_count; t += 3) {
            float p[3][3], n[3] = {0}, e1[3], e2[3], g[3];
            for (int k = 0; k < 3; k++) {
                const lc_vertex *v = &s->vertices[m->first_vertex + s->indices[m->first_index + t + k]];
                lc_transform_point(&obj->world, v->position, p[k]);
                for (int c = 0; c < 3; c++)
                    n[c] += nm.m[c] * v->normal[0] + nm.m[4 + c] * v->normal[1] + nm.m[8 + c] * v->normal[2];
            }
            for (int c = 0; c < 3; c++) {
                e1[c] = p[1][c] - p[0][c];
                e2[c] = p[2][c] - p[0][c];
            }
            g[0] = e1[1] * e2[2] - e1[2] * e2[1];
            g[1] = e1[2] * e2[0] - e1[0] * e2[2];
            g[2] = e1[0] * e2[1] - e1[1] * e2[0];
            float glen = sqrtf(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
            if (glen < 1e-9f) continue;
            bad += flip * (g[0] * n[0] + g[1] * n[1] + g[2] * n[2]) <= 0.0f;
        }
    }
    return bad;
}

/* ---------------------------------------------------------------- glTF writer */

static void base64(const uint8_t *in, size_t n, char *out)
{
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) | (i + 2 < n ? in[i + 2] : 0);
        out[o++] = tab[v >> 18 & 63];
        out[o++] = tab[v >> 12 & 63];
        out[o++] = i + 1 < n ? tab[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? tab[v & 63] : '=';
    }
    out[o] = 0;
}

/* A unit quad in the XY plane (z = 0, front +Z), optionally with normals, UVs and indices:
 * "meshes", "buffers", "bufferViews" and "accessors" as JSON members. Two meshes share the
 * same position accessor (mesh 1 is the same quad with material-less primitive). */
static void quad_members(bool normals, bool uvs, bool indices, char *out, size_t size)
{
    /* Without indices: two triangles spelled out (6 vertices). */
    const float pos_idx[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    const float pos_flat[6][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    const uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
    uint32_t count = indices ? 4 : 6;
    uint8_t buf[512];
    size_t len = 0;
    memcpy(buf, indices ? (const void *)pos_idx : (const void *)pos_flat, count * 12);
    len = count * 12;
    size_t nrm_off = len;
    for (uint32_t i = 0; normals && i < count; i++) {
        const float n[3] = {0, 0, 1};
        memcpy(buf + len, n, 12);
        len += 12;
    }
    size_t uv_off = len;
    for (uint32_t i = 0; uvs && i < count; i++) {
        const float *p = indices ? pos_idx[i] : pos_flat[i];
        memcpy(buf + len, p, 8);
        len += 8;
    }
    size_t idx_off = len;
    if (indices) {
        memcpy(buf + len, idx, sizeof idx);
        len += sizeof idx;
    }
    char b64[1024];
    base64(buf, len, b64);
    char attrs[256], views[512], accessors[768];
    int na = 1;
    snprintf(attrs, sizeof attrs, "\"POSITION\":0");
    snprintf(views, sizeof views, "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":%u}", count * 12);
    snprintf(accessors, sizeof accessors,
             "{\"bufferView\":0,\"componentType\":5126,\"count\":%u,\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,0]}",
             count);
    if (normals) {
        snprintf(attrs + strlen(attrs), sizeof attrs - strlen(attrs), ",\"NORMAL\":%d", na);
        snprintf(views + strlen(views), sizeof views - strlen(views),
                 ",{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%u}", nrm_off, count * 12);
        snprintf(accessors + strlen(accessors), sizeof accessors - strlen(accessors),
                 ",{\"bufferView\":%d,\"componentType\":5126,\"count\":%u,\"type\":\"VEC3\"}", na, count);
        na++;
    }
    if (uvs) {
        snprintf(attrs + strlen(attrs), sizeof attrs - strlen(attrs), ",\"TEXCOORD_0\":%d", na);
        snprintf(views + strlen(views), sizeof views - strlen(views),
                 ",{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%u}", uv_off, count * 8);
        snprintf(accessors + strlen(accessors), sizeof accessors - strlen(accessors),
                 ",{\"bufferView\":%d,\"componentType\":5126,\"count\":%u,\"type\":\"VEC2\"}", na, count);
        na++;
    }
    char prim[512];
    if (indices) {
        snprintf(views + strlen(views), sizeof views - strlen(views),
                 ",{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":12}", idx_off);
        snprintf(accessors + strlen(accessors), sizeof accessors - strlen(accessors),
                 ",{\"bufferView\":%d,\"componentType\":5123,\"count\":6,\"type\":\"SCALAR\"}", na);
        snprintf(prim, sizeof prim, "{\"attributes\":{%s},\"indices\":%d}", attrs, na);
    } else {
        snprintf(prim, sizeof prim, "{\"attributes\":{%s}}", attrs);
    }
    snprintf(out, size,
             "\"meshes\":[{\"name\":\"quad\",\"primitives\":[%s]},{\"name\":\"quad again\",\"primitives\":[%s]}],"
             "\"buffers\":[{\"byteLength\":%zu,\"uri\":\"data:application/octet-stream;base64,%s\"}],"
             "\"bufferViews\":[%s],\"accessors\":[%s]",
             prim, prim, len, b64, views, accessors);
}

/* Writes {asset, scene, scenes, nodes, <quad members>} to a temporary .gltf; caller unlinks. */
static void write_gltf(char *path, size_t path_size, const char *scene_nodes, bool normals,
                       bool uvs, bool indices)
{
    char members[4096], text[8192];
    quad_members(normals, uvs, indices, members, sizeof members);
    snprintf(text, sizeof text, "{\"asset\":{\"version\":\"2.0\"},%s,%s}", scene_nodes, members);
    snprintf(path, path_size, "/tmp/lc_test_objects_XXXXXX.gltf");
    int fd = mkstemps(path, 5);
    CHECK(fd >= 0);
    if (fd < 0) return;
    CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
}

static lc_status load_gltf(lc_scene *s, const char *scene_nodes, bool normals, bool uvs, bool indices)
{
    char path[256];
    write_gltf(path, sizeof path, scene_nodes, normals, uvs, indices);
    lc_status st = lc_scene_load_file(s, path);
    unlink(path);
    return st;
}

/* ---------------------------------------------------------------- tests */

static void test_builtin_bounds(void)
{
    lc_scene s;
    CHECK(lc_scene_load_default(&s) == LC_OK);
    CHECK_MSG(bounds_violations(&s) == 0, "hall: %u bound violations", bounds_violations(&s));
    /* Instances in the hall: one mesh drawn by several objects, its data stored once. */
    uint32_t *uses = calloc(s.mesh_count, sizeof *uses), shared = 0;
    for (uint32_t i = 0; i < s.object_count; i++) uses[s.objects[i].mesh]++;
    for (uint32_t i = 0; i < s.mesh_count; i++) shared += uses[i] > 1;
    CHECK_MSG(shared >= 5, "%u hall meshes used by more than one object", shared);
    free(uses);
    /* Draws grouped by material: each material's objects contiguous. */
    uint32_t changes = 0;
    for (uint32_t i = 1; i < s.object_count; i++) changes += s.objects[i].material != s.objects[i - 1].material;
    CHECK_MSG(changes < s.material_count, "%u material changes for %u materials", changes, s.material_count);
    lc_scene_destroy(&s);
}

/* Every edge of a closed triangle mesh is used exactly twice, once in each direction. */
static void test_mesh(void)
{
    lc_scene s;
    CHECK(lc_scene_load_mesh(&s) == LC_OK);
    CHECK(s.mesh_count == 1 && s.object_count == 1);
    uint64_t tris = lc_scene_triangles(&s);
    printf("mesh: %llu triangles, %u vertices\n", (unsigned long long)tris, s.vertex_count);
    CHECK(tris >= 25000 && tris <= 40000);
    CHECK_MSG(bounds_violations(&s) == 0, "mesh bounds");
    CHECK_MSG(winding_mismatches(&s) == 0, "mesh: %u triangles wound against their normals", winding_mismatches(&s));
    /* Closed: for each directed edge a->b there is exactly one b->a. Count with a hash of
     * (a, b) pairs: sum over edges of +1 for a<b and -1 for a>b per pair must cancel. */
    uint32_t n = s.vertex_count;
    int32_t *balance = calloc((size_t)n * 8, sizeof *balance); /* open addressing on min(a,b) */
    uint32_t *other = calloc((size_t)n * 8, sizeof *other);
    uint32_t bad = 0;
    for (uint32_t t = 0; t < s.index_count; t += 3)
        for (int k = 0; k < 3; k++) {
            uint32_t a = s.indices[t + k], b = s.indices[t + (k + 1) % 3];
            uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
            uint32_t slot;
            for (slot = 0; slot < 8; slot++) {
                uint32_t at = lo * 8 + slot;
                if (other[at] == hi + 1 || other[at] == 0) {
                    other[at] = hi + 1;
                    balance[at] += a < b ? 1 : -1;
                    break;
                }
            }
            bad += slot == 8;
        }
    for (size_t i = 0; i < (size_t)n * 8; i++) bad += other[i] && balance[i] != 0;
    CHECK_MSG(bad == 0, "mesh not closed: %u unmatched edges", bad);
    free(balance);
    free(other);
    for (uint32_t i = 0; i < s.vertex_count; i++) CHECK(s.vertices[i].uv[0] >= 0.0f && s.vertices[i].uv[1] >= 0.0f);
    lc_scene_destroy(&s);
}

static void test_grid(void)
{
    lc_scene s;
    CHECK(lc_scene_load_mesh(&s) == LC_OK);
    const lc_vertex *vertices = s.vertices;
    uint32_t verts = s.vertex_count, meshes = s.mesh_count, objects = s.object_count;
    uint64_t tris = lc_scene_triangles(&s);
    float size0 = s.bounds_max[0] - s.bounds_min[0];
    CHECK(lc_scene_grid(&s, 3) == LC_OK);
    /* 27 objects of the one mesh; the vertex data not copied. */
    CHECK(s.object_count == 27 * objects && s.mesh_count == meshes && s.vertex_count == verts);
    CHECK(s.vertices == vertices);
    CHECK(lc_scene_triangles(&s) == 27 * tris);
    CHECK(s.start == LC_START_FRAMED);
    CHECK(s.bounds_max[0] - s.bounds_min[0] > 3.0f * size0);
    CHECK_MSG(bounds_violations(&s) == 0, "grid bounds");
    /* No two copies at the same place. */
    uint32_t same = 0;
    for (uint32_t i = 0; i < s.object_count; i++)
        for (uint32_t j = i + 1; j < s.object_count; j++)
            same += memcmp(s.objects[i].sphere, s.objects[j].sphere, 3 * sizeof(float)) == 0;
    CHECK(same == 0);
    CHECK(lc_scene_validate(&s) == LC_OK);
    lc_scene_destroy(&s);

    CHECK(lc_scene_load_default(&s) == LC_OK);
    fprintf(stderr, "(the following errors are expected)\n");
    CHECK(lc_scene_grid(&s, 0) == LC_ERR_USAGE);
    CHECK(lc_scene_grid(&s, 65) == LC_ERR_USAGE);
    CHECK(lc_scene_grid(&s, 64) == LC_ERR_USAGE); /* hundreds of objects x 262,144: over LC_OBJECTS_MAX */
    uint32_t before = s.object_count;
    CHECK(lc_scene_grid(&s, 1) == LC_OK && s.object_count == before);
    CHECK(lc_scene_grid(&s, 2) == LC_OK && s.object_count == 8 * before);
    lc_scene_destroy(&s);
}

/* A mirrored transform on a hand-made scene: flagged, winding agrees with normals once the
 * flag turns it around, and not without it. */
static void test_mirrored(void)
{
    lc_vertex v[3] = {{{0, 0, 0}, {0, 0, 1}, {0, 0}, {1, 0, 0, 1}, LC_VERTEX_WHITE}, {{1, 0, 0}, {0, 0, 1}, {1, 0}, {1, 0, 0, 1}, LC_VERTEX_WHITE},
                      {{0, 1, 0}, {0, 0, 1}, {0, 1}, {1, 0, 0, 1}, LC_VERTEX_WHITE}};
    uint32_t idx[3] = {0, 1, 2};
    lc_mesh mesh = {.vertex_count = 3, .index_count = 3};
    lc_material mat = lc_material_make(1, 1, 1, -1, false);
    lc_object objs[2] = {{.mesh = 0}, {.mesh = 0}};
    lc_scene s = {.vertices = v, .vertex_count = 3, .indices = idx, .index_count = 3, .meshes = &mesh,
                  .mesh_count = 1, .objects = objs, .object_count = 2, .materials = &mat, .material_count = 1};
    lc_mesh_compute_aabb(&s, &mesh);
    /* Mirror in x with a non-uniform scale and a rotation about y by 30 degrees. */
    float c = cosf(0.5236f), sn = sinf(0.5236f);
    lc_m4 rot = {{c, 0, -sn, 0, 0, 1, 0, 0, sn, 0, c, 0, 2, 3, 4, 1}};
    lc_m4 mirror = {{-2, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1}}, w;
    lc_m4_mul(&rot, &mirror, &w);
    lc_object_set_world(&s, &objs[0], &rot);
    lc_object_set_world(&s, &objs[1], &w);
    lc_scene_compute_bounds(&s);
    CHECK(objs[0].flags == 0 && objs[1].flags == LC_OBJECT_MIRRORED);
    CHECK(lc_scene_validate(&s) == LC_OK);
    CHECK_MSG(winding_mismatches(&s) == 0, "mirrored winding with the flag");
    CHECK_MSG(bounds_violations(&s) == 0, "mirrored bounds");
    objs[1].flags = 0; /* without the flag the mirrored triangle reads as back-facing */
    CHECK(winding_mismatches(&s) == 1);
}

/* glTF files written here: each asserts what the importer made of it. */
static void test_gltf_files(void)
{
    lc_scene s;
    /* A hierarchy: parent non-uniformly scaled and rotated 90 degrees about y; one child uses
     * mesh 0, another mirrors (negative scale) and uses it again; mesh 1 shares the accessor. */
    CHECK(load_gltf(&s,
                    "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":["
                    "{\"children\":[1,2,3],\"scale\":[2,1,0.5],\"rotation\":[0,0.7071068,0,0.7071068]},"
                    "{\"mesh\":0,\"translation\":[1,0,0]},"
                    "{\"mesh\":0,\"scale\":[-1,1,1],\"translation\":[0,2,0]},"
                    "{\"mesh\":1,\"translation\":[0,0,3]}]",
                    true, true, true) == LC_OK);
    CHECK_MSG(s.object_count == 3, "%u objects", s.object_count);
    /* assimp keeps mesh 1 as its own mesh (same data, another aiMesh); mesh 0 is stored once. */
    CHECK_MSG(s.mesh_count == 2 && s.vertex_count == 8, "%u meshes, %u vertices", s.mesh_count, s.vertex_count);
    uint32_t mirrored = 0, uses0 = 0;
    for (uint32_t i = 0; i < s.object_count; i++) {
        mirrored += (s.objects[i].flags & LC_OBJECT_MIRRORED) != 0;
        uses0 += strcmp(s.meshes[s.objects[i].mesh].name, "quad") == 0;
    }
    CHECK(mirrored == 1 && uses0 == 2);
    CHECK_MSG(bounds_violations(&s) == 0, "hierarchy bounds");
    CHECK_MSG(winding_mismatches(&s) == 0, "hierarchy winding: %u", winding_mismatches(&s));
    /* Child 1 at parent * (1,0,0): scale x 2 then rotate +90 about y takes (1,0,0)*2 to (0,0,-2);
     * its quad spans local x 1..2 -> world z -2..-4. */
    float lo[3], hi[3];
    bool found = false;
    for (uint32_t i = 0; i < s.object_count; i++) {
        const lc_object *o = &s.objects[i];
        if (o->flags || strcmp(s.meshes[o->mesh].name, "quad") != 0) continue;
        lc_transform_aabb(&o->world, s.meshes[o->mesh].aabb_min, s.meshes[o->mesh].aabb_max, lo, hi);
        found = fabsf(lo[2] + 4.0f) < 1e-4f && fabsf(hi[2] + 2.0f) < 1e-4f && fabsf(hi[1] - 1.0f) < 1e-4f;
    }
    CHECK_MSG(found, "child transform: z %g..%g", lo[2], hi[2]);
    CHECK(s.start != LC_START_INTERIOR); /* a few small quads: framed */
    lc_scene_destroy(&s);

    /* Two scenes: the file's "scene" (1) is the one imported. */
    CHECK(load_gltf(&s,
                    "\"scene\":1,\"scenes\":[{\"nodes\":[0]},{\"nodes\":[1,2]}],\"nodes\":["
                    "{\"mesh\":0,\"translation\":[100,0,0]},{\"mesh\":0},{\"mesh\":0,\"translation\":[0,0,-5]}]",
                    true, true, true) == LC_OK);
    CHECK_MSG(s.object_count == 2 && s.bounds_max[0] < 50.0f, "%u objects, x up to %g", s.object_count,
              s.bounds_max[0]);
    lc_scene_destroy(&s);

    /* No indices, no normals, no UVs: triangles from the vertex order, normals generated
     * (+Z for this quad), UVs zero. */
    CHECK(load_gltf(&s, "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}]", false, false, false) ==
          LC_OK);
    CHECK(s.object_count == 1 && lc_scene_triangles(&s) == 2);
    for (uint32_t i = 0; i < s.vertex_count; i++) {
        CHECK(fabsf(fabsf(s.vertices[i].normal[2]) - 1.0f) < 1e-4f);
        CHECK(s.vertices[i].uv[0] == 0.0f && (s.vertices[i].uv[1] == 0.0f || s.vertices[i].uv[1] == 1.0f));
    }
    CHECK(lc_scene_validate(&s) == LC_OK);
    lc_scene_destroy(&s);

    /* A camera node: 5 m in front (+Z) of the quad, looking at it along -Z, so yaw 0, pitch 0. */
    CHECK(load_gltf(&s,
                    "\"scene\":0,\"scenes\":[{\"nodes\":[0,1]}],\"nodes\":[{\"mesh\":0},"
                    "{\"camera\":0,\"translation\":[0.5,0.5,5]}],"
                    "\"cameras\":[{\"type\":\"perspective\",\"perspective\":{\"yfov\":0.8,\"znear\":0.1}}]",
                    true, true, true) == LC_OK);
    CHECK_MSG(s.start == LC_START_CAMERA, "start %d", (int)s.start);
    CHECK_MSG(fabsf(s.default_camera[0] - 0.5f) < 1e-4f && fabsf(s.default_camera[2] - 5.0f) < 1e-4f &&
                  fabsf(s.default_camera[3]) < 1e-3f && fabsf(s.default_camera[4]) < 1e-3f,
              "camera %g %g %g yaw %g pitch %g", s.default_camera[0], s.default_camera[1], s.default_camera[2],
              s.default_camera[3], s.default_camera[4]);
    lc_scene_destroy(&s);
}

/* Framing: every vertex inside the view frustum with a margin, and the object's projected extent
 * a good part of the view (its bounding sphere fits the narrower field of view). */
static void test_framing(void)
{
    lc_scene s;
    CHECK(lc_scene_load_mesh(&s) == LC_OK);
    const float aspects[] = {16.0f / 9.0f, 1.0f, 0.5f};
    for (size_t a = 0; a < LC_ARRAY_COUNT(aspects); a++) {
        lc_scene_frame(&s, 60.0f, aspects[a]);
        const float *c = s.default_camera;
        lc_camera cam = {.position = {c[0], c[1], c[2]}, .yaw_deg = c[3], .pitch_deg = c[4], .fov_y_deg = 60.0f,
                         .near_z = 0.05f, .far_z = 1000.0f};
        lc_m4 view, proj, vp;
        lc_camera_matrices(&cam, aspects[a], &view, &proj);
        lc_m4_mul(&proj, &view, &vp);
        float xmax = 0.0f, ymax = 0.0f;
        bool inside = true;
        const lc_object *o = &s.objects[0];
        for (uint32_t v = 0; v < s.vertex_count; v++) {
            float p[3], q[4];
            lc_transform_point(&o->world, s.vertices[v].position, p);
            for (int r = 0; r < 4; r++) q[r] = vp.m[r] * p[0] + vp.m[4 + r] * p[1] + vp.m[8 + r] * p[2] + vp.m[12 + r];
            inside = inside && q[3] > 0.0f && fabsf(q[0]) <= q[3] && fabsf(q[1]) <= q[3];
            xmax = fmaxf(xmax, fabsf(q[0] / q[3]));
            ymax = fmaxf(ymax, fabsf(q[1] / q[3]));
        }
        CHECK_MSG(inside, "aspect %g: vertices leave the view", aspects[a]);
        CHECK_MSG(fmaxf(xmax, ymax) > 0.5f, "aspect %g: the object fills only %g of the view", aspects[a],
                  fmaxf(xmax, ymax));
        /* With a margin: nothing reaches the image's edge. */
        CHECK_MSG(fmaxf(xmax, ymax) <= 0.85f, "aspect %g: the object reaches %g of the way to the view's edge (want <= 0.85)",
                  aspects[a], fmaxf(xmax, ymax));
        /* Lights around the object: the light volume holds the bounds. */
        for (int k = 0; k < 3; k++)
            CHECK(s.light_bounds_min[k] <= s.bounds_min[k] && s.light_bounds_max[k] >= s.bounds_max[k]);
    }
    lc_scene_destroy(&s);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_builtin_bounds();
    test_mesh();
    test_grid();
    test_mirrored();
    test_gltf_files();
    test_framing();
    return lc_test_finish("test_scene_objects");
}
