/* lightcull bench --meshlets SCENE: the compressed meshlet format's figures for one scene
 * (docs/BENCHMARKS.md, "Meshlets"): meshlets, bits per stream, compressed against plain bytes,
 * CPU build time and GPU decode throughput of both decoders, each checked against the CPU
 * decode bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/bench.h"
#include "app/bench_stats.h"
#include "geometry/meshlet_gpu.h"
#include "geometry/meshlet_scene.h"

static void usage(void)
{
    fputs("usage: lightcull bench --meshlets SCENE [--repeat N] [--device N] [--validate]\n"
          "SCENE is 'default' or a glTF/OBJ path. Builds and encodes meshlets (one range per scene mesh), decodes them\n"
          "on the GPU N times (default 10) with each decoder, checks them against the CPU decode and prints the\n"
          "figures: meshlets, bits per stream, compressed vs plain bytes, decode time (best of N) and triangles/s.\n",
          stdout);
}

/* Decodes on the GPU; *same tells whether it equals the CPU decode. */
static lc_status decode(lc_context *ctx, bool no_int64, const lc_meshlet_encoded *e, const lc_vertex *cv,
                        const uint32_t *ci, const uint8_t *c8, uint32_t repeat, double *ms, bool *same)
{
    lc_meshlet_gpu g;
    lc_meshlet_gpu_desc gd = {.no_int64 = no_int64};
    lc_status s = lc_meshlet_gpu_create(ctx, &gd, &g);
    if (s != LC_OK) return s;
    s = lc_meshlet_gpu_decode(ctx, &g, e, repeat, ms);
    lc_vertex *gv = lc_calloc(e->vertex_count + 1, sizeof *gv);
    uint32_t *gi = lc_calloc((size_t)e->triangle_count * 3 + 1, sizeof *gi);
    uint8_t *g8 = lc_calloc((size_t)e->triangle_count * 3 + 1, 1);
    if (s == LC_OK) s = lc_meshlet_gpu_read(ctx, &g, gv, gi, g8);
    *same = s == LC_OK && memcmp(gv, cv, (size_t)e->vertex_count * sizeof *gv) == 0 &&
            memcmp(gi, ci, (size_t)e->triangle_count * 12) == 0 && memcmp(g8, c8, (size_t)e->triangle_count * 3) == 0;
    free(gv);
    free(gi);
    free(g8);
    lc_meshlet_gpu_destroy(ctx, &g);
    return s;
}

int lc_bench_meshlets_main(int argc, char **argv)
{
    const char *scene_name = NULL;
    uint32_t repeat = 10;
    lc_context_desc cd = {0};
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            usage();
            return 0;
        }
    }
    uint32_t device = 0, device_given = 0;
    const lc_bench_arg args[] = {
        {.name = "--meshlets", .kind = LC_BENCH_STRING, .out = &scene_name},
        {.name = "--validate", .kind = LC_BENCH_FLAG, .out = &cd.validate},
        {"--repeat", LC_BENCH_LIST, &repeat, NULL, 1, 1, 10000, .expect = "1..10000"},
        {"--device", LC_BENCH_LIST, &device, &device_given, 1, 0, 64, .expect = "a device index"},
    };
    int code = lc_bench_parse_args(argc, argv, "bench --meshlets", args, LC_ARRAY_COUNT(args));
    if (code) return code;
    cd.pick_device = device_given > 0;
    cd.device_index = (int)device;
    if (!scene_name) { lc_error("bench: --meshlets needs a scene ('default' or a path)"); return 2; }

    lc_scene scene;
    lc_status s = strcmp(scene_name, "default") == 0 ? lc_scene_load_default(&scene) : lc_scene_load_file(&scene, scene_name);
    if (s != LC_OK) return lc_status_exit_code(s);
    lc_meshlet_scene ms;
    double t0 = lc_time_seconds();
    s = lc_meshlet_scene_build(&scene, &ms);
    double build_s = lc_time_seconds() - t0;
    if (s != LC_OK) {
        lc_scene_destroy(&scene);
        return lc_status_exit_code(s);
    }
    const lc_meshlet_encoded e = ms.enc;
    const lc_meshlet_stats st = ms.stats;
    lc_vertex *cv = lc_calloc(e.vertex_count + 1, sizeof *cv);
    uint32_t *ci = lc_calloc((size_t)e.triangle_count * 3 + 1, sizeof *ci);
    uint8_t *c8 = lc_calloc((size_t)e.triangle_count * 3 + 1, 1);
    t0 = lc_time_seconds();
    lc_meshlet_decode_cpu(&e, cv, ci, c8);
    double cpu_decode_s = lc_time_seconds() - t0;

    lc_context ctx;
    memset(&ctx, 0, sizeof ctx);
    s = lc_context_create(&cd, &ctx);
    double gpu_ms[2] = {0, 0};
    bool same[2] = {true, true}, ran[2] = {false, false};
    for (int k = 0; k < 2 && s == LC_OK; k++) {
        if (k == 0 && !ctx.shader_int64) continue;
        s = decode(&ctx, k == 1, &e, cv, ci, c8, repeat, &gpu_ms[k], &same[k]);
        ran[k] = s == LC_OK;
    }

    double tris = (double)st.triangles, verts = (double)st.vertices;
    printf("scene                %s (%u meshes)\n", scene_name, st.meshes);
    printf("device               %s\n", ctx.device ? ctx.props.deviceName : "(none)");
    printf("triangles            %llu (%llu degenerate dropped)\n", (unsigned long long)st.triangles,
           (unsigned long long)st.degenerate);
    printf("meshlets             %u (%u sublets, %.1f triangles and %.1f vertices per sublet)\n", st.meshlets, st.sublets,
           tris / LC_MAX(st.sublets, 1u), verts / LC_MAX(st.sublets, 1u));
    printf("bits per triangle    %.2f (index stream)\n", (double)st.stream_bits[LC_MESHLET_STREAM_INDEX] / LC_MAX(tris, 1.0));
    printf("bits per vertex      position %.2f, normal+tangent %.2f, uv %.2f, colour %.2f\n",
           (double)st.stream_bits[LC_MESHLET_STREAM_POSITION] / LC_MAX(verts, 1.0),
           (double)st.stream_bits[LC_MESHLET_STREAM_NORMAL] / LC_MAX(verts, 1.0),
           (double)st.stream_bits[LC_MESHLET_STREAM_UV] / LC_MAX(verts, 1.0),
           (double)st.stream_bits[LC_MESHLET_STREAM_COLOR] / LC_MAX(verts, 1.0));
    printf("bytes                %llu compressed vs %llu plain vertex+index (%.1f%%)\n",
           (unsigned long long)st.compressed_bytes, (unsigned long long)st.plain_bytes,
           100.0 * (double)st.compressed_bytes / (double)LC_MAX(st.plain_bytes, 1u));
    printf("decoded              %llu vertices (%.2fx the scene's %u), %llu bytes written (lc_vertex, 32- and 8-bit indices)\n",
           (unsigned long long)st.vertices, verts / LC_MAX(scene.vertex_count, 1u), scene.vertex_count,
           (unsigned long long)(st.vertices * sizeof(lc_vertex) + st.triangles * 15));
    printf("cpu                  build+encode %.3f s, reference decode %.3f s\n", build_s, cpu_decode_s);
    const char *names[2] = {"gpu decode int64", "gpu decode 32-bit"};
    int exit_code = lc_status_exit_code(s);
    for (int k = 0; k < 2; k++) {
        if (!ran[k]) continue;
        printf("%-20s %.3f ms (best of %u), %.1f Mtriangles/s, %.2f GB/s written, %s\n", names[k], gpu_ms[k], repeat,
               gpu_ms[k] > 0 ? tris / (gpu_ms[k] * 1e3) : 0.0,
               gpu_ms[k] > 0 ? (verts * sizeof(lc_vertex) + tris * 15) / (gpu_ms[k] * 1e6) : 0.0,
               same[k] ? "equals the CPU decode" : "DIFFERS from the CPU decode");
        if (!same[k]) {
            lc_error("bench: the %s output differs from the CPU decode", names[k]);
            exit_code = 1;
        }
    }
    if (ctx.device) {
        lc_context_destroy(&ctx);
        if (cd.validate && lc_validation_message_count()) {
            lc_error("bench: %u validation messages", lc_validation_message_count());
            exit_code = 1;
        }
    }
    free(cv);
    free(ci);
    free(c8);
    lc_meshlet_scene_destroy(&ms);
    lc_scene_destroy(&scene);
    return exit_code;
}
