/* The GPU meshlet decoder (meshlet_decode.comp, and meshlet_decode_u32.comp without 64-bit
 * integers) against the CPU reference decoder, bit for bit, with validation on: the default
 * scene's geometry (one range per mesh) and generated meshes with awkward sizes (fewer than 32
 * triangles, exactly 256, counts that divide nothing, a sphere, degenerate triangles). Prints
 * the default scene's figures (docs/BENCHMARKS.md, "Meshlets"). Every lc_vertex field is
 * compared, tangents and their bitangent signs (mixed in every sublet of the generated
 * meshes) included. */
#include "geometry/meshlet_gpu.h"
#include "geometry/meshlet_scene.h"
#include "meshlet_test_mesh.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_stats(const char *name, const lc_meshlet_stats *st, double gpu_ms)
{
    printf("  %s: %u meshes, %u meshlets, %u sublets, %llu triangles (%llu dropped), %llu decoded vertices\n", name,
           st->meshes, st->meshlets, st->sublets, (unsigned long long)st->triangles, (unsigned long long)st->degenerate,
           (unsigned long long)st->vertices);
    printf("  bits: %.2f per triangle (index), %.2f per position, %.2f per normal + tangent, %.2f per UV\n",
           (double)st->stream_bits[LC_MESHLET_STREAM_INDEX] / (double)st->triangles,
           (double)st->stream_bits[LC_MESHLET_STREAM_POSITION] / (double)st->vertices,
           (double)st->stream_bits[LC_MESHLET_STREAM_NORMAL] / (double)st->vertices,
           (double)st->stream_bits[LC_MESHLET_STREAM_UV] / (double)st->vertices);
    printf("  bytes: %llu compressed vs %llu plain (%.1f%%); decode %.3f ms on the GPU, %.1f Mtriangles/s\n",
           (unsigned long long)st->compressed_bytes, (unsigned long long)st->plain_bytes,
           100.0 * (double)st->compressed_bytes / (double)st->plain_bytes, gpu_ms,
           gpu_ms > 0.0 ? (double)st->triangles / (gpu_ms * 1e3) : 0.0);
}

/* Decodes e on the GPU and compares with the CPU decode. */
static void check_decode(lc_context *ctx, lc_meshlet_gpu *g, const char *name, const lc_meshlet_encoded *e, double *gpu_ms)
{
    lc_vertex *cv = lc_calloc(e->vertex_count + 1, sizeof *cv), *gv = lc_calloc(e->vertex_count + 1, sizeof *gv);
    uint32_t *ci = lc_calloc((size_t)e->triangle_count * 3 + 1, 4), *gi = lc_calloc((size_t)e->triangle_count * 3 + 1, 4);
    uint8_t *c8 = lc_calloc((size_t)e->triangle_count * 3 + 1, 1), *g8 = lc_calloc((size_t)e->triangle_count * 3 + 1, 1);
    lc_meshlet_decode_cpu(e, cv, ci, c8);
    double ms = 0.0;
    /* Twice when timing: the second decode must OR its 8-bit indices into freshly zeroed words. */
    CHECK(lc_meshlet_gpu_decode(ctx, g, e, gpu_ms ? 5 : 1, &ms) == LC_OK);
    CHECK(lc_meshlet_gpu_read(ctx, g, gv, gi, g8) == LC_OK);
    uint32_t bad_v = 0, bad_i = 0, bad_8 = 0, first_v = UINT32_MAX;
    for (uint32_t j = 0; j < e->vertex_count; j++)
        if (memcmp(&cv[j], &gv[j], sizeof cv[j]) != 0) {
            if (first_v == UINT32_MAX) first_v = j;
            bad_v++;
        }
    uint32_t signs = 0;
    for (uint32_t j = 0; j < e->vertex_count; j++) signs += gv[j].tangent[3] == 1.0f || gv[j].tangent[3] == -1.0f;
    CHECK_MSG(signs == e->vertex_count, "%s: %u of %u bitangent signs are not +-1", name, e->vertex_count - signs,
              e->vertex_count);
    for (uint32_t j = 0; j < e->triangle_count * 3; j++) {
        bad_i += ci[j] != gi[j];
        bad_8 += c8[j] != g8[j];
    }
    printf("  %-8s %-28s %5u meshlets %7u vertices %7u triangles: %u vertices, %u indices, %u 8-bit indices differ\n",
           g->int64 ? "int64" : "32-bit", name, e->meshlet_count, e->vertex_count, e->triangle_count, bad_v, bad_i, bad_8);
    CHECK_MSG(bad_8 == 0, "%s: %u of %u 8-bit indices differ from the CPU decode", name, bad_8, e->triangle_count * 3);
    CHECK_MSG(bad_v == 0, "%s: %u of %u vertices differ from the CPU decode (first %u: gpu %g %g %g, cpu %g %g %g)", name,
              bad_v, e->vertex_count, first_v, first_v < e->vertex_count ? gv[first_v].position[0] : 0.0,
              first_v < e->vertex_count ? gv[first_v].position[1] : 0.0, first_v < e->vertex_count ? gv[first_v].position[2] : 0.0,
              first_v < e->vertex_count ? cv[first_v].position[0] : 0.0, first_v < e->vertex_count ? cv[first_v].position[1] : 0.0,
              first_v < e->vertex_count ? cv[first_v].position[2] : 0.0);
    CHECK_MSG(bad_i == 0, "%s: %u of %u indices differ from the CPU decode", name, bad_i, e->triangle_count * 3);
    CHECK(e->triangle_count > 0);
    if (gpu_ms) *gpu_ms = ms;
    free(cv), free(gv), free(ci), free(gi), free(c8), free(g8);
}

static lc_meshlet_encoded generated(void)
{
    struct { uint32_t nx, ny; float scale, offset; int sphere; } cases[] = {
        {3, 2, 1.0f, 0.0f, 0},     /* 12 triangles: one partial sublet */
        {16, 8, 4.0f, -1.0f, 0},   /* exactly 256 triangles */
        {37, 23, 30.0f, 5.0f, 0},  /* 1702 triangles, 912 vertices */
        {1, 1, 2.0f, 0.0f, 0},     /* 2 triangles */
        {61, 33, 50.0f, -20.0f, 1},
        {20, 20, 3.0f, 1000.0f, 0}, /* far from the origin: 16-bit position deltas */
    };
    lc_meshlet_encoded all = {0};
    for (size_t i = 0; i < LC_ARRAY_COUNT(cases); i++) {
        test_mesh m = test_mesh_grid(cases[i].nx, cases[i].ny, cases[i].scale, cases[i].offset, cases[i].sphere);
        if (i == 2) { /* degenerate triangles in the middle of a mesh */
            m.idx[30] = m.idx[31];
            m.idx[99] = m.idx[100] = m.idx[101];
        }
        lc_meshlet_mesh mm;
        lc_meshlet_desc d = {.vertices = m.v, .vertex_count = m.vertex_count, .indices = m.idx,
                             .index_count = m.index_count, .quiet = true};
        CHECK(lc_meshlet_build(&d, &mm) == LC_OK);
        lc_meshlet_encoded_append(&all, &mm.enc);
        lc_meshlet_mesh_destroy(&mm);
        test_mesh_free(&m);
    }
    return all;
}

int main(void)
{
    lc_test_seed(0xDEC0DEull);
    lc_context_desc cd = {.validate = true};
    lc_context ctx;
    if (lc_context_create(&cd, &ctx) != LC_OK) {
        CHECK_MSG(0, "no Vulkan device");
        return lc_test_finish("test_gpu_meshlet_decode");
    }
    printf("  device %s, shaderInt64 %s\n", ctx.props.deviceName, ctx.shader_int64 ? "yes" : "no");

    lc_scene scene;
    CHECK(lc_scene_load_default(&scene) == LC_OK);
    lc_meshlet_encoded gen = generated();
    lc_meshlet_scene ms;
    CHECK(lc_meshlet_scene_build(&scene, &ms) == LC_OK);
    const lc_meshlet_stats st = ms.stats;
    const lc_meshlet_encoded *scene_enc = &ms.enc;
    CHECK(st.meshes == scene.mesh_count && st.triangles + st.degenerate == scene.index_count / 3);

    /* One small mesh alone: a single partial sublet. */
    test_mesh small = test_mesh_grid(2, 3, 1.0f, 0.0f, 0);
    lc_meshlet_mesh sm;
    lc_meshlet_desc sd = {.vertices = small.v, .vertex_count = small.vertex_count, .indices = small.idx,
                          .index_count = small.index_count};
    CHECK(lc_meshlet_build(&sd, &sm) == LC_OK && sm.enc.meshlet_count == 1 && sm.enc.sublet_count == 1);

    double gpu_ms = 0.0;
    for (int pass = 0; pass < 2; pass++) {
        bool no_int64 = pass == 1;
        if (!no_int64 && !ctx.shader_int64) {
            lc_test_skip("the 64-bit decoder", "device '%s' lacks shaderInt64", ctx.props.deviceName);
            continue;
        }
        lc_meshlet_gpu g;
        lc_meshlet_gpu_desc gd = {.no_int64 = no_int64};
        CHECK(lc_meshlet_gpu_create(&ctx, &gd, &g) == LC_OK);
        check_decode(&ctx, &g, "default scene", scene_enc, pass == 0 || !ctx.shader_int64 ? &gpu_ms : NULL);
        check_decode(&ctx, &g, "generated meshes", &gen, NULL);
        check_decode(&ctx, &g, "12 triangles alone", &sm.enc, NULL);
        lc_meshlet_gpu_destroy(&ctx, &g);
        /* Dispatches of 4 meshlets: the meshlet_base path that meshes past 65,535 meshlets take. */
        gd.batch_meshlets = 4;
        CHECK(lc_meshlet_gpu_create(&ctx, &gd, &g) == LC_OK);
        CHECK(gen.meshlet_count > 4 * 3 && gen.meshlet_count % 4 != 0);
        check_decode(&ctx, &g, "generated, 4 per dispatch", &gen, NULL);
        lc_meshlet_gpu_destroy(&ctx, &g);
    }
    print_stats("default scene", &st, gpu_ms);
    CHECK(st.compressed_bytes < st.plain_bytes);

    lc_meshlet_mesh_destroy(&sm);
    test_mesh_free(&small);
    lc_meshlet_scene_destroy(&ms);
    lc_meshlet_encoded_destroy(&gen);
    lc_scene_destroy(&scene);
    lc_context_destroy(&ctx);
    CHECK_MSG(lc_validation_message_count() == 0, "%u validation messages", lc_validation_message_count());
    return lc_test_finish("test_gpu_meshlet_decode");
}
