/* lightcull bench --animation FILE: the host side of an animated --grid alone, no GPU. The file
 * is copied on a grid (--grid N: N^3 copies, each posed on its own as --grid-phase spread does)
 * and each frame (1/60 s apart) every copy's hierarchy is evaluated, its skins bounded from their
 * joints (as with GPU skinning), its objects moved, and the joint matrices every skin's kernel
 * reads are computed (joint world x inverse bind, as lc_skinning_update writes them). Thread
 * counts take turns frame by frame, so a machine whose speed drifts shifts them alike; medians
 * and 10th-90th percentiles of the wall clock per thread count, and the median of the process's
 * CPU time (all threads; on a loaded machine the wall clock also counts others' time). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/bench.h"
#include "app/bench_stats.h"
#include "cpu/jobs.h"
#include "scene/animation.h"
#include "scene/scene.h"

#define MAX_COUNTS 16

/* CPU time of the whole process (all threads): on a loaded machine the wall clock also counts
 * the time other processes held the cores. */
static double process_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct joints_job {
    const lc_scene_anim *a;
    lc_m4 *out;
    const uint32_t *first; /* per skin: its first matrix */
} joints_job;

static void joints_chunk(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const joints_job *job = user;
    for (uint32_t k = first; k < first + count; k++) {
        const lc_skin *s = &job->a->skins[k];
        lc_m4 *j = job->out + job->first[k];
        for (uint32_t b = 0; b < s->bone_count; b++) lc_m4_mul(&job->a->nodes[s->bones[b].node].world, &s->bones[b].offset, &j[1 + b]);
    }
}

int lc_bench_anim_main(int argc, char **argv)
{
    const char *file = NULL;
    uint32_t grid = 8, frames = 60, counts[MAX_COUNTS] = {0}, count_n = 0;
    const lc_bench_arg args[] = {
        {"--animation", LC_BENCH_STRING, &file, .expect = "an animated glTF file"},
        {"--grid", LC_BENCH_LIST, &grid, NULL, 1, 1, 40, .expect = "1..40"},
        {"--frames", LC_BENCH_LIST, &frames, NULL, 1, 1, 100000, .expect = "1..100000"},
        {"--threads", LC_BENCH_LIST, counts, &count_n, MAX_COUNTS, 1, LC_JOBS_MAX_THREADS, .expect = "counts 1..256"},
    };
    int code = lc_bench_parse_args(argc, argv, "bench --animation", args, LC_ARRAY_COUNT(args));
    if (code) return code;
    if (!file) {
        lc_error("bench --animation: no FILE (lightcull bench --animation FILE [--grid N] [--threads N,...] [--frames F])");
        return 2;
    }
    if (!count_n) counts[count_n++] = lc_jobs_threads();

    lc_scene scene;
    memset(&scene, 0, sizeof scene);
    lc_status st = lc_scene_load_file(&scene, file);
    if (st == LC_OK) st = lc_scene_grid(&scene, grid);
    if (st == LC_OK) st = lc_scene_anim_instance(&scene, grid * grid * grid, 1);
    if (st != LC_OK) {
        lc_scene_destroy(&scene);
        return 2; /* a file that does not load, or copies past the host limit: bad input */
    }
    lc_scene_anim *a = scene.anim;
    if (!a || !a->animation_count) {
        lc_error("bench --animation: %s has no animation", file);
        lc_scene_destroy(&scene);
        return 2;
    }
    a->gpu_skinning = true;
    lc_scene_anim_select(&scene, 0);
    uint32_t *first = lc_alloc((size_t)LC_MAX(a->skin_count, 1u) * sizeof *first), joints = 0;
    for (uint32_t k = 0; k < a->skin_count; k++) first[k] = joints, joints += a->skins[k].bone_count + 1;
    lc_m4 *matrices = lc_alloc((size_t)LC_MAX(joints, 1u) * sizeof *matrices);
    joints_job job = {a, matrices, first};
    double *ms[MAX_COUNTS], *cpu[MAX_COUNTS];
    for (uint32_t k = 0; k < count_n; k++) {
        ms[k] = lc_alloc((size_t)frames * sizeof *ms[k]);
        cpu[k] = lc_alloc((size_t)frames * sizeof *cpu[k]);
    }
    double t = 0.0;
    uint32_t moved = 0;
    for (uint32_t f = 0; f <= frames; f++) /* frame 0 warms up */
        for (uint32_t k = 0; k < count_n; k++) {
            lc_jobs_init(counts[k]);
            t += 1.0 / 60.0;
            double t0 = lc_time_seconds(), c0 = process_cpu_seconds();
            lc_scene_animate(&scene, t);
            lc_jobs_run(a->skin_count, 64, joints_chunk, &job);
            double dt = (lc_time_seconds() - t0) * 1e3, dc = (process_cpu_seconds() - c0) * 1e3;
            moved = a->moved_count;
            a->moved_count = 0;
            if (f) ms[k][f - 1] = dt, cpu[k][f - 1] = dc;
        }
    printf("bench --animation %s: --grid %u (%u copies, %u objects, %u nodes, %u skins, %u joint matrices), %u frames, %u moved a frame\n",
           file, grid, grid * grid * grid, scene.object_count, a->node_count, a->skin_count, joints, frames, moved);
    printf("%8s %10s %10s %10s %14s\n", "threads", "median_ms", "p10_ms", "p90_ms", "process_cpu_ms");
    for (uint32_t k = 0; k < count_n; k++) {
        lc_bench_stat sp = lc_bench_stat_of(ms[k], frames), sc = lc_bench_stat_of(cpu[k], frames);
        printf("%8u %10.3f %10.3f %10.3f %14.3f\n", counts[k], sp.median, sp.p10, sp.p90, sc.median);
        free(ms[k]);
        free(cpu[k]);
    }
    free(matrices);
    free(first);
    lc_scene_destroy(&scene);
    return 0;
}
