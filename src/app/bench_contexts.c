/* lightcull bench --contexts N: the CPU cost of render contexts without a GPU. Each frame
 * OpenMP jobs of 512 synthetic object draws record one draw package and two commands per
 * draw (depth pre-pass and forward shade keys, as the frame does) into their own contexts;
 * the contexts are merged and radix-sorted. Medians per thread count, with the sorted
 * stream checked (count, key order) every frame. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "app/bench.h"
#include "app/bench_stats.h"
#include "cpu/jobs.h"
#include "cpu/render_context.h"
#include "cpu/sort_key.h"

#define JOB_DRAWS 512u

/* CPU time of the whole process (all threads): on a loaded machine the wall clock also
 * counts the time other processes held the cores. */
static double process_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void cpu_name(char *out, size_t size)
{
    snprintf(out, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!strncmp(line, "model name", 10) && colon) {
            snprintf(out, size, "%s", colon + 2);
            out[strcspn(out, "\n")] = 0;
            break;
        }
    }
    fclose(f);
}

/* One synthetic object draw, as lc_scene_draws_record writes it. */
static void record_draws(lc_render_context *rc, uint32_t first, uint32_t count, const float *distance)
{
    for (uint32_t i = first; i < first + count; i++) {
        lc_pkg_draw_indexed *p = lc_rc_alloc(rc, sizeof *p);
        p->index_count = 36 + i % 500;
        p->instance_count = 1;
        p->first_index = i * 36;
        p->first_instance = i;
        p->mat.material = i % 61;
        p->mat.set_index = 1;
        uint32_t depth = lc_sort_depth(distance[i], 0.05f, 500.0f);
        lc_rc_command(rc, lc_sort_key_draw(0, LC_SEQ_WORK, LC_SHADER_PASS_DEPTH, 1, 0, depth), p, LC_PKG_DRAW_INDEXED);
        lc_rc_command(rc, lc_sort_key_draw(5, LC_SEQ_WORK, LC_SHADER_PASS_MATERIAL, 16, p->mat.material, depth), p,
                      LC_PKG_DRAW_INDEXED);
    }
}

typedef struct record_job {
    lc_render_context *rcs;
    uint32_t draws;
    const float *distance;
} record_job;

static void record_job_run(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const record_job *job = user;
    for (uint32_t j = first; j < first + count; j++)
        record_draws(&job->rcs[j], j * JOB_DRAWS, LC_MIN(JOB_DRAWS, job->draws - j * JOB_DRAWS), job->distance);
}

static int bench_contexts(uint32_t draws, uint32_t frames)
{
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    uint32_t max_threads = lc_jobs_threads();
    printf("render contexts: %u draws (2 commands each), %u frames, %s, up to %u threads\n", draws, frames, cpu, max_threads);
    printf("%8s %12s %12s %12s %14s %12s\n", "threads", "record_ms", "sort_ms", "total_ms", "total_cpu_ms", "pool_blocks");
    float *distance = lc_alloc((size_t)LC_MAX(draws, 1u) * sizeof *distance);
    for (uint32_t i = 0; i < draws; i++) distance[i] = 0.05f + fmodf((float)i * 7.31f, 499.0f);
    uint32_t jobs = LC_DIV_UP(draws, JOB_DRAWS), n = 2 * draws;
    lc_block_pool *pool = lc_block_pool_create();
    lc_render_context *rcs = lc_calloc(LC_MAX(jobs, 1u), sizeof *rcs);
    lc_render_context **list = lc_calloc(LC_MAX(jobs, 1u), sizeof *list);
    for (uint32_t j = 0; j < jobs; j++) lc_rc_init(&rcs[j], pool), list[j] = &rcs[j];
    lc_command *sorted = lc_alloc(((size_t)n + 1) * sizeof *sorted), *scratch = lc_alloc(((size_t)n + 1) * sizeof *scratch);
    double *ms[4];
    for (int k = 0; k < 4; k++) ms[k] = lc_alloc(frames * sizeof(double));
    int status = 0;
    for (uint32_t threads = 1; threads <= max_threads; threads = threads < max_threads ? LC_MIN(threads * 2, max_threads) : threads + 1) {
        uint32_t measured = 0;
        for (uint32_t f = 0; f < frames + 3; f++) { /* 3 warm-up frames fill the pool and the caches */
            double c0 = process_cpu_seconds(), t0 = lc_time_seconds();
            record_job job = {rcs, draws, distance};
            lc_jobs_run_on(threads, jobs, 1, record_job_run, &job);
            double t1 = lc_time_seconds();
            uint32_t count = lc_rc_merge(list, jobs, sorted, threads);
            lc_commands_sort(sorted, scratch, count, threads);
            double t2 = lc_time_seconds(), c2 = process_cpu_seconds();
            bool ordered = count == n;
            for (uint32_t i = 1; i < count && ordered; i++) ordered = sorted[i - 1].sort_key <= sorted[i].sort_key;
            if (!ordered) {
                lc_error("bench --contexts: the sorted stream is wrong (%u commands, expected %u)", count, n);
                status = 1;
            }
            for (uint32_t j = 0; j < jobs; j++) lc_rc_reset(&rcs[j]);
            if (f < 3) continue;
            ms[0][measured] = (t1 - t0) * 1e3;
            ms[1][measured] = (t2 - t1) * 1e3;
            ms[2][measured] = (t2 - t0) * 1e3;
            ms[3][measured] = (c2 - c0) * 1e3;
            measured++;
        }
        double med[4];
        for (int k = 0; k < 4; k++) med[k] = lc_median(ms[k], measured);
        printf("%8u %12.3f %12.3f %12.3f %14.3f %12u\n", threads, med[0], med[1], med[2], med[3], lc_block_pool_blocks(pool));
    }
    for (uint32_t j = 0; j < jobs; j++) lc_rc_destroy(&rcs[j]);
    lc_block_pool_destroy(pool);
    for (int k = 0; k < 4; k++) free(ms[k]);
    free(rcs), free(list), free(sorted), free(scratch), free(distance);
    return status;
}

int lc_bench_contexts_main(int argc, char **argv)
{
    uint32_t draws = 0, draws_given = 0, frames = 20;
    const lc_bench_arg args[] = {
        {"--contexts", LC_BENCH_LIST, &draws, &draws_given, 1, 1, 10000000, .expect = "a draw count 1..10000000"},
        {"--frames", LC_BENCH_LIST, &frames, NULL, 1, 1, 100000, .expect = "1..100000"},
    };
    int code = lc_bench_parse_args(argc, argv, "bench --contexts", args, LC_ARRAY_COUNT(args));
    return code ? code : bench_contexts(draws, frames);
}
