/* lightcull bench --cpu: the CPU half of a frame alone, no GPU. Per thread count: object
 * culling of a grid of objects (SIMD and the scalar twin, work size 512), the light build of
 * the default hall's lights, and the object cull at every work size. The thread counts take
 * turns: up to ten rounds, each running a block of repetitions of every test at every
 * thread count, so a machine whose speed drifts (a VM's neighbours, clocks) shifts all of
 * them alike and the speed-ups and efficiencies compare like with like. Medians over all
 * repetitions (wall clock), CSV in DIR/bench-cpu.csv, a summary with the targets. */
#include "app/bench.h"
#include "app/bench_stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cpu/jobs.h"
#include "cpu/object_cull.h"
#include "lights/lights.h"
#include "scene/scene.h"

static void cpu_name(char *out, size_t size)
{
    snprintf(out, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        const char *v = strchr(line, ':');
        if (!v) break;
        for (v++; *v == ' '; v++) {}
        snprintf(out, size, "%s", v);
        out[strcspn(out, "\n")] = 0;
        break;
    }
    fclose(f);
}

/* n objects on a cubic grid 3 m apart, boxes of 0.5..1.5 m turned every which way, and a
 * camera in the middle looking down -Z. */
static void build_objects(lc_object_cull_set *set, uint32_t n, lc_m4 *vp, float planes[6][4])
{
    uint32_t side = (uint32_t)ceil(cbrt((double)n));
    lc_object_cull_set_reserve(set, n);
    uint64_t rng = 0x5EEDull;
    for (uint32_t i = 0; i < n; i++) {
        float pos[3] = {(float)(i % side), (float)(i / side % side), (float)(i / side / side)};
        float a = 0, b = 0, s = 0;
        for (int k = 0; k < 3; k++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            float u = (float)(rng >> 40) / 16777216.0f;
            if (k == 0) a = u * 6.2831853f;
            else if (k == 1) b = u * 6.2831853f;
            else s = 0.5f + u;
        }
        float ca = cosf(a), sa = sinf(a), cb = cosf(b), sb = sinf(b);
        /* Rotation about y by a, then about x by b; uniform scale s. */
        float world[16] = {s * ca, s * sa * sb, -s * sa * cb, 0,
                           0, s * cb, s * sb, 0,
                           s * sa, -s * ca * sb, s * ca * cb, 0,
                           (pos[0] - 0.5f * (float)side) * 3.0f, (pos[1] - 0.5f * (float)side) * 3.0f,
                           (pos[2] - 0.5f * (float)side) * 3.0f, 1};
        const float mn[3] = {-0.5f, -0.3f, -0.4f}, mx[3] = {0.5f, 0.3f, 0.4f};
        lc_object_cull_set_add(set, world, mn, mx);
    }
    lc_camera cam = {.position = {0, 0, 0}, .yaw_deg = 20, .pitch_deg = 10, .fov_y_deg = 60, .near_z = 0.1f,
                     .far_z = (float)side * 6.0f};
    lc_m4 view, proj;
    lc_camera_matrices(&cam, 16.0f / 9.0f, &view, &proj);
    lc_m4_mul(&proj, &view, vp);
    lc_frustum_planes(vp, planes);
}

typedef struct cpu_row {
    const char *test;
    uint32_t threads, work_size, items, visible;
    lc_bench_stat t;
} cpu_row;

/* What the tests run on. */
typedef struct cpu_inputs {
    const lc_object_cull_set *set;
    const lc_m4 *vp, *view;
    const float (*planes)[4], (*light_planes)[4];
    const lc_light *lights;
    uint32_t light_count;
    lc_gpu_light *out;
} cpu_inputs;

/* The tests, in the CSV's order; past TEST_LIGHT_BUILD, the object cull at each work size
 * (test k, k >= TEST_WORK_SIZES, at work[k - TEST_WORK_SIZES]). */
enum { TEST_CULL, TEST_CULL_SCALAR, TEST_CULL_SSE, TEST_LIGHT_BUILD, TEST_WORK_SIZES };
static const char *const test_names[TEST_WORK_SIZES + 1] = {"object_cull", "object_cull_scalar", "object_cull_sse",
                                                            "light_build", "object_cull_work_size"};

/* Test k's kind (past TEST_WORK_SIZES every k is TEST_WORK_SIZES) and its work size. */
static uint32_t test_kind(uint32_t k) { return LC_MIN(k, (uint32_t)TEST_WORK_SIZES); }
static uint32_t test_work_size(uint32_t k, const uint32_t *work)
{
    if (k >= TEST_WORK_SIZES) return work[k - TEST_WORK_SIZES];
    return k == TEST_LIGHT_BUILD ? LC_LIGHT_WORK_SIZE : LC_OBJECT_CULL_WORK_SIZE;
}

/* One block: `count` timed runs of a test at the current thread count, after `warmup`
 * untimed runs; returns the visible count. */
static uint32_t sample(const cpu_inputs *in, uint32_t test, uint32_t work_size, double *t, uint32_t count, uint32_t warmup)
{
    lc_object_cull_result r = {.scalar = test == TEST_CULL_SCALAR, .max_lanes = test == TEST_CULL_SSE ? 4 : 0,
                        .work_size = test == TEST_CULL_SSE ? 0 : work_size};
    lc_light_builder b = {0};
    uint32_t visible = 0;
    for (uint32_t i = 0; i < warmup + count; i++) {
        double t0 = lc_time_seconds();
        if (test == TEST_LIGHT_BUILD) {
            visible = lc_lights_build(&b, in->lights, in->light_count, in->view, in->light_planes, in->out);
        } else {
            lc_object_cull_run(in->set, in->vp, in->planes, &r);
            visible = r.visible;
        }
        if (i >= warmup) t[i - warmup] = (lc_time_seconds() - t0) * 1e3;
    }
    lc_object_cull_result_destroy(&r);
    lc_light_builder_destroy(&b);
    return visible;
}

int lc_bench_cpu_main(int argc, char **argv)
{
    uint32_t threads[16], thread_count = 0, objects = 103823, light_count = 65536, reps = 50;
    uint32_t work[8] = {128, 256, 512, 1024, 2048}, work_count = 5;
    const char *dir = "bench-results";
    bool cpu_flag = true;
    const lc_bench_arg args[] = {
        {.name = "--cpu", .kind = LC_BENCH_FLAG, .out = &cpu_flag},
        {"--threads", LC_BENCH_LIST, threads, &thread_count, 16, 1, LC_JOBS_MAX_THREADS, .expect = "a comma-separated list of 1..256"},
        {"--objects", LC_BENCH_LIST, &objects, NULL, 1, 1, 10000000, .expect = "1..10000000"},
        {"--lights", LC_BENCH_LIST, &light_count, NULL, 1, 1, LC_LIGHTS_MAX, .expect = "1..1048576"},
        {"--reps", LC_BENCH_LIST, &reps, NULL, 1, 1, 100000, .expect = "1..100000"},
        {"--work-sizes", LC_BENCH_LIST, work, &work_count, 8, 8, 1u << 20, .expect = "a comma-separated list of 8..1048576"},
        {.name = "--out-dir", .kind = LC_BENCH_STRING, .out = &dir},
    };
    int code = lc_bench_parse_args(argc, argv, "bench --cpu", args, LC_ARRAY_COUNT(args));
    if (code) return code;
    if (!thread_count) { /* 1, 2, 4, ... up to all cores, and all cores */
        lc_jobs_init(0);
        uint32_t all = lc_jobs_threads();
        for (uint32_t t = 1; t < all && thread_count < 15; t *= 2) threads[thread_count++] = t;
        threads[thread_count++] = all;
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        lc_error("bench: cannot create %s: %s", dir, strerror(errno));
        return 2;
    }
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    printf("CPU: %s\n", cpu);

    lc_object_cull_set set = {0};
    lc_m4 vp;
    float planes[6][4];
    build_objects(&set, objects, &vp, planes);

    lc_scene scene;
    lc_status s = lc_scene_load_default(&scene);
    if (s != LC_OK) { lc_object_cull_set_destroy(&set); return lc_status_exit_code(s); }
    lc_light_set lset;
    s = lc_lights_generate(&lset, light_count, 1, scene.light_bounds_min, scene.light_bounds_max);
    if (s != LC_OK) { lc_scene_destroy(&scene); lc_object_cull_set_destroy(&set); return lc_status_exit_code(s); }
    lc_light *lights = lc_alloc((size_t)light_count * sizeof *lights);
    lc_lights_animate(&lset, 1.5f, lights);
    lc_gpu_light *out = aligned_alloc(64, (size_t)light_count * sizeof *out);
    lc_camera cam = {.position = {scene.default_camera[0], scene.default_camera[1], scene.default_camera[2]},
                     .yaw_deg = scene.default_camera[3], .pitch_deg = scene.default_camera[4], .fov_y_deg = 60.0f,
                     .near_z = 0.05f, .far_z = 200.0f};
    lc_m4 view, proj, lvp;
    lc_camera_matrices(&cam, 16.0f / 9.0f, &view, &proj);
    lc_m4_mul(&proj, &view, &lvp);
    float lplanes[6][4];
    lc_frustum_planes(&lvp, lplanes);

    const cpu_inputs in = {&set, &vp, &view, (const float (*)[4])planes, (const float (*)[4])lplanes, lights, light_count, out};
    uint32_t tests = TEST_WORK_SIZES + work_count, rounds = LC_MIN(reps, 10u), per_round = LC_DIV_UP(reps, rounds);
    uint32_t per_test = rounds * per_round, cells = thread_count * tests;
    double *samples = lc_alloc((size_t)cells * per_test * sizeof *samples);
    uint32_t *visible = lc_calloc(cells, sizeof *visible), actual[16];
    for (uint32_t round = 0; round < rounds; round++) {
        for (uint32_t ti = 0; ti < thread_count; ti++) {
            lc_jobs_init(threads[ti]);
            actual[ti] = lc_jobs_threads();
            for (uint32_t k = 0; k < tests; k++) {
                double *t = &samples[((size_t)(ti * tests + k) * rounds + round) * per_round];
                /* The first test after a change of thread count warms the new team up longer:
                 * on the H100's host its first timed runs at 16 threads took 8-24 ms (threads
                 * started or woken on idle vCPUs; every test after it at the same count, and
                 * the same sweep on the H200's host, 0.05-0.1 ms). A frame never changes its
                 * thread count, so those runs measured the sweep, not a frame. */
                visible[ti * tests + k] = sample(&in, test_kind(k), test_work_size(k, work), t, per_round, k == 0 ? 8u : 1u);
            }
        }
    }
    cpu_row *rows = lc_calloc(cells, sizeof *rows);
    uint32_t n = 0;
    for (uint32_t ti = 0; ti < thread_count; ti++) {
        for (uint32_t k = 0; k < tests; k++) {
            uint32_t test = test_kind(k);
            rows[n++] = (cpu_row){test_names[test], actual[ti], test_work_size(k, work), test == TEST_LIGHT_BUILD ? light_count : objects,
                                  visible[ti * tests + k], lc_bench_stat_of(&samples[(size_t)(ti * tests + k) * per_test], per_test)};
        }
        const cpu_row *k = &rows[n - tests];
        printf("%3u threads: object cull %.4f ms (SSE %.4f ms, scalar twin %.4f ms), light build %.4f ms\n", actual[ti],
               k[TEST_CULL].t.median, k[TEST_CULL_SSE].t.median, k[TEST_CULL_SCALAR].t.median, k[TEST_LIGHT_BUILD].t.median);
    }
    free(samples);
    free(visible);

    char path[4096];
    snprintf(path, sizeof path, "%s/bench-cpu.csv", dir);
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f) {
        lc_error("cannot write %s: %s", path, strerror(errno));
        rc = 1;
    } else {
        fprintf(f, "cpu,test,threads,work_size,items,visible,median_ms,p10_ms,p90_ms\n");
        for (uint32_t i = 0; i < n; i++)
            fprintf(f, "\"%s\",%s,%u,%u,%u,%u,%.5f,%.5f,%.5f\n", cpu, rows[i].test, rows[i].threads, rows[i].work_size,
                    rows[i].items, rows[i].visible, rows[i].t.median, rows[i].t.p10, rows[i].t.p90);
        fclose(f);
    }
    /* Summary against the targets: the first thread count is the base. */
    const cpu_row *base = &rows[0];
    printf("objects: %u (%u visible); SIMD vs scalar twin on %u thread(s): %.2fx (target >= 3x; SSE alone %.2fx)\n",
           objects, base->visible, base->threads, rows[1].t.median / LC_MAX(base->t.median, 1e-9),
           rows[1].t.median / LC_MAX(rows[2].t.median, 1e-9));
    for (uint32_t i = 0; i < n; i++) {
        if (strcmp(rows[i].test, "object_cull") != 0 && strcmp(rows[i].test, "light_build") != 0) continue;
        const cpu_row *b = !strcmp(rows[i].test, "object_cull") ? &rows[0] : &rows[3];
        double eff = b->t.median * b->threads / LC_MAX(rows[i].t.median * rows[i].threads, 1e-9);
        printf("  %-12s %3u threads  %.4f ms  speed-up %.2fx  efficiency %3.0f %%\n", rows[i].test, rows[i].threads,
               rows[i].t.median, b->t.median / LC_MAX(rows[i].t.median, 1e-9), eff * 100.0);
    }
    printf("targets: 100,000 objects <= 0.25 ms on 16 threads, efficiency >= 70 %% at 8, 65,536 lights <= 0.5 ms\n");
    if (!rc) printf("results: %s\n", path);
    free(rows);
    free(out);
    free(lights);
    lc_light_set_destroy(&lset);
    lc_scene_destroy(&scene);
    lc_object_cull_set_destroy(&set);
    return rc;
}
