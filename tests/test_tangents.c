/* Vertex tangents (src/scene/scene_tangents.c and the importer): a glTF's TANGENT is kept (made
 * unit and perpendicular to the normal, its sign kept), a glTF without one gets assimp's
 * generated tangents along +u with the bitangent towards decreasing v (glTF's convention, so
 * a mirrored UV mapping flips the tangent or the sign), a mesh without UVs gets a unit tangent
 * perpendicular to the normal with sign +1, non-finite tangents are repaired, the procedural
 * scenes' tangents are unit, perpendicular and follow their UVs, and Debian's
 * assimp-testmodels load with valid tangents. */
#include "scene/scene.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double dot3(const float a[3], const float b[3]) { return (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2]; }

/* Unit, perpendicular to the (unit) normal, w exactly +-1. */
static bool valid_tangent(const lc_vertex *v)
{
    double len = sqrt(dot3(v->tangent, v->tangent)), nlen = sqrt(dot3(v->normal, v->normal));
    return fabs(len - 1.0) < 1e-5 && fabs(dot3(v->tangent, v->normal)) < 1e-5 * fmax(nlen, 1.0) &&
           (v->tangent[3] == 1.0f || v->tangent[3] == -1.0f);
}

/* A 2 x 2 quad facing +Z as gltf_scene.py writes it; mirror_u runs u from right to left; the
 * TANGENT and TEXCOORD_0 attributes only where asked. */
static lc_status load_quad(lc_scene *s, const float *tangent, bool uvs, bool mirror_u)
{
    struct {
        float pos[4][3], nrm[4][3], uv[4][2], tan[4][4];
        uint32_t idx[6];
    } b = {.pos = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}},
           .nrm = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
           .uv = {{0, 1}, {1, 1}, {1, 0}, {0, 0}},
           .idx = {0, 1, 2, 0, 2, 3}};
    for (int i = 0; i < 4; i++) {
        if (mirror_u) b.uv[i][0] = 1.0f - b.uv[i][0];
        if (tangent) memcpy(b.tan[i], tangent, 4 * sizeof(float));
    }
    char json[4096];
    snprintf(json, sizeof json,
             "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":%zu}],\"bufferViews\":["
             "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":48,\"byteLength\":48},"
             "{\"buffer\":0,\"byteOffset\":96,\"byteLength\":32},{\"buffer\":0,\"byteOffset\":128,\"byteLength\":64},"
             "{\"buffer\":0,\"byteOffset\":192,\"byteLength\":24}],\"accessors\":["
             "{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\",\"min\":[-1,-1,0],\"max\":[1,1,0]},"
             "{\"bufferView\":1,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"},"
             "{\"bufferView\":2,\"componentType\":5126,\"count\":4,\"type\":\"VEC2\"},"
             "{\"bufferView\":3,\"componentType\":5126,\"count\":4,\"type\":\"VEC4\"},"
             "{\"bufferView\":4,\"componentType\":5125,\"count\":6,\"type\":\"SCALAR\"}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1%s%s},\"indices\":4}]}],"
             "\"nodes\":[{\"mesh\":0}],\"scenes\":[{\"nodes\":[0]}],\"scene\":0}",
             sizeof b, uvs ? ",\"TEXCOORD_0\":2" : "", tangent ? ",\"TANGENT\":3" : "");
    size_t size;
    uint8_t *file = lc_test_glb(json, (const uint8_t *)&b, sizeof b, &size);
    lc_status st = lc_scene_load_memory(s, file, size, "glb");
    free(file);
    return st;
}

/* Every vertex of s has the tangent (x, y, z, w) within 1e-4. */
static void check_quad(const char *what, const float *tangent, bool uvs, bool mirror_u, const float want[4])
{
    lc_scene s;
    CHECK_MSG(load_quad(&s, tangent, uvs, mirror_u) == LC_OK, "%s: load", what);
    CHECK_MSG(s.vertex_count == 4, "%s: %u vertices", what, s.vertex_count);
    for (uint32_t i = 0; i < s.vertex_count; i++) {
        const lc_vertex *v = &s.vertices[i];
        CHECK_MSG(valid_tangent(v), "%s: vertex %u tangent %g %g %g %g", what, i, v->tangent[0], v->tangent[1],
                  v->tangent[2], v->tangent[3]);
        if (!want) continue;
        bool near = true;
        for (int c = 0; c < 4; c++) near = near && fabsf(v->tangent[c] - want[c]) < 1e-4f;
        CHECK_MSG(near, "%s: vertex %u tangent %g %g %g %g, want %g %g %g %g", what, i, v->tangent[0], v->tangent[1],
                  v->tangent[2], v->tangent[3], want[0], want[1], want[2], want[3]);
    }
    printf("  %-40s tangent %+.3f %+.3f %+.3f  w %+g\n", what, s.vertices[0].tangent[0], s.vertices[0].tangent[1],
           s.vertices[0].tangent[2], s.vertices[0].tangent[3]);
    lc_scene_destroy(&s);
}

static void check_import(void)
{
    /* The file's: a direction generation would never give (+Y, sign -1), skewed towards the
     * normal and not unit: kept as (0, 1, 0, -1). */
    const float file_tangent[4] = {0.0f, 2.0f, 0.5f, -1.0f};
    check_quad("file TANGENT kept", file_tangent, true, false, (const float[4]){0, 1, 0, -1});
    /* Generated: along +u = +X; the bitangent cross(+Z, +X) = +Y points to decreasing v. */
    check_quad("no TANGENT: generated", NULL, true, false, (const float[4]){1, 0, 0, 1});
    /* u mirrored: the tangent runs along -X, and cross(+Z, -X) = -Y is increasing v: w = -1. */
    check_quad("no TANGENT, u mirrored: generated", NULL, true, true, (const float[4]){-1, 0, 0, -1});
    /* No UVs: any unit tangent perpendicular to +Z, sign +1. */
    check_quad("no TANGENT, no UVs", NULL, false, false, NULL);
    lc_scene s;
    CHECK(load_quad(&s, NULL, false, false) == LC_OK);
    for (uint32_t i = 0; i < s.vertex_count; i++) CHECK(s.vertices[i].tangent[3] == 1.0f);
    lc_scene_destroy(&s);
}

static void check_fix(void)
{
    lc_vertex v = {.normal = {0, 0, 2}, .tangent = {NAN, 0, 0, -1}};
    lc_vertex_fix_tangent(&v);
    CHECK(valid_tangent(&v) && v.tangent[3] == 1.0f); /* non-finite: any perpendicular, +1 */
    v = (lc_vertex){.normal = {0, 1, 0}, .tangent = {0, 3, 0, -0.25f}};
    lc_vertex_fix_tangent(&v);
    CHECK(valid_tangent(&v) && v.tangent[3] == 1.0f); /* parallel to the normal: degenerate */
    v = (lc_vertex){.normal = {0, 1, 0}, .tangent = {3, 1, 0, -0.25f}};
    lc_vertex_fix_tangent(&v);
    CHECK(valid_tangent(&v) && v.tangent[0] == 1.0f && v.tangent[3] == -1.0f); /* Gram-Schmidt, sign kept */
    v = (lc_vertex){.normal = {INFINITY, 0, 0}, .tangent = {1, 0, 0, 1}};
    lc_vertex_fix_tangent(&v);
    CHECK(isfinite(v.tangent[0]) && isfinite(v.tangent[1]) && isfinite(v.tangent[2]));
}

/* The procedural scenes: every tangent valid, and along the UVs' u where a triangle has UV area. */
static void check_procedural(const char *what, lc_status (*load)(lc_scene *))
{
    lc_scene s;
    CHECK(load(&s) == LC_OK);
    uint32_t bad = 0, along = 0, against = 0;
    for (uint32_t i = 0; i < s.vertex_count; i++) bad += !valid_tangent(&s.vertices[i]);
    for (uint32_t m = 0; m < s.mesh_count; m++) {
        const lc_mesh *mesh = &s.meshes[m];
        for (uint32_t t = 0; t + 2 < mesh->index_count; t += 3)
            for (uint32_t e = 0; e < 3; e++) {
                const lc_vertex *a = &s.vertices[mesh->first_vertex + s.indices[mesh->first_index + t + e]];
                const lc_vertex *b = &s.vertices[mesh->first_vertex + s.indices[mesh->first_index + t + (e + 1) % 3]];
                /* An edge that runs mostly along u (not across a UV seam): its position change
                 * and the tangent agree in sign with u's change. */
                float dp[3] = {b->position[0] - a->position[0], b->position[1] - a->position[1],
                               b->position[2] - a->position[2]};
                float du = b->uv[0] - a->uv[0], dv = b->uv[1] - a->uv[1];
                if (fabsf(du) < 8.0f * fabsf(dv) || fabsf(du) < 1e-4f || fabsf(du) > 0.5f) continue;
                double d = dot3(dp, a->tangent) * du;
                along += d > 0.0;
                against += d < 0.0;
            }
    }
    printf("  %-12s %u vertices, %u invalid tangents; edges along u: %u agree, %u disagree\n", what, s.vertex_count, bad,
           along, against);
    CHECK_MSG(bad == 0, "%s: %u invalid tangents", what, bad);
    CHECK_MSG(along > 0 && against * 100 <= along, "%s: tangents do not follow u (%u agree, %u disagree)", what, along,
              against);
    lc_scene_destroy(&s);
}

/* Every tangent of the file's scene valid (the importer's output, before any GPU step); where
 * assimp generated them (generated), their signs agree with ours on 90% of the vertices at
 * least (seams and UV islands differ: Sponza agrees on 96.9%). */
static void check_file(const char *what, const char *path, bool generated)
{
    lc_scene s;
    CHECK_MSG(lc_scene_load_file(&s, path) == LC_OK, "%s", path);
    uint32_t bad = 0, neg = 0;
    for (uint32_t i = 0; i < s.vertex_count; i++) {
        bad += !valid_tangent(&s.vertices[i]);
        neg += s.vertices[i].tangent[3] < 0.0f;
    }
    /* The importer's tangents against this module's own from the same UVs: the conventions
     * (tangent along +u, bitangent towards decreasing v) must agree where UVs are smooth. */
    lc_vertex *own = lc_alloc((size_t)s.vertex_count * sizeof *own + 1);
    memcpy(own, s.vertices, (size_t)s.vertex_count * sizeof *own);
    for (uint32_t m = 0; m < s.mesh_count; m++) {
        const lc_mesh *mesh = &s.meshes[m];
        lc_mesh_compute_tangents(own + mesh->first_vertex, mesh->vertex_count, s.indices + mesh->first_index,
                                 mesh->index_count);
    }
    uint32_t same_sign = 0, same_dir = 0;
    for (uint32_t i = 0; i < s.vertex_count; i++) {
        same_sign += own[i].tangent[3] == s.vertices[i].tangent[3];
        same_dir += dot3(own[i].tangent, s.vertices[i].tangent) > 0.5;
    }
    free(own);
    if (generated)
        CHECK_MSG(same_sign >= 0.9 * s.vertex_count, "%s: %u of %u signs agree with the UV-derived ones", what, same_sign,
                  s.vertex_count);
    printf("  %-40s %u vertices, %u with sign -1, %u invalid tangents; UV-derived: %.1f%% same sign, %.1f%% within 60 deg\n",
           what, s.vertex_count, neg, bad, 100.0 * same_sign / LC_MAX(s.vertex_count, 1u),
           100.0 * same_dir / LC_MAX(s.vertex_count, 1u));
    CHECK_MSG(bad == 0, "%s: %u invalid tangents", what, bad);
    CHECK(lc_scene_validate(&s) == LC_OK);
    lc_scene_destroy(&s);
}

/* Debian's assimp-testmodels: a file with TANGENT (and morph targets), a textured box
 * (generated) and a model without UVs; Sponza where LC_SPONZA names it. */
static void check_models(void)
{
    const char *dir = "/usr/share/assimp/models/glTF2/";
    const char *files[] = {"glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
                           "BoxTextured-glTF/BoxTextured.gltf", "2CylinderEngine-glTF-Binary/2CylinderEngine.glb"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", dir, files[f]);
        if (access(path, R_OK) == 0)
            check_file(files[f], path, f > 0);
        else
            lc_test_skip(files[f], "%s not found (Debian assimp-testmodels not installed)", path);
    }
    const char *sponza = getenv("LC_SPONZA");
    if (sponza && *sponza)
        check_file("Sponza", sponza, true); /* no TANGENT in the file */
    else
        lc_test_skip("Sponza", "LC_SPONZA is not set");
}

int main(void)
{
    check_fix();
    check_import();
    check_procedural("hall", lc_scene_load_default);
    check_procedural("torus knot", lc_scene_load_mesh);
    check_models();
    return lc_test_finish("test_tangents");
}
