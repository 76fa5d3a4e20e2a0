/* lightcull bench: headless sweeps over scenes x sizes x light counts x modes x
 * scalarization x geometry path x occlusion, GPU timestamps per pass, medians and spread,
 * CSV/JSON and plots. */
#ifndef LC_BENCH_H
#define LC_BENCH_H

#include "common.h"

typedef struct lc_bench_sweep {
    const char *scenes[4];
    uint32_t scene_count;
    uint32_t sizes[4][2];
    uint32_t size_count;
    uint32_t lights[16];
    uint32_t light_count;
    uint32_t modes[8];
    uint32_t mode_count;
    bool scalarize[2];
    uint32_t scalarize_count;
    int geometry[3];          /* LC_GEOMETRY_*; -1: the device's default path */
    uint32_t geometry_count;
    bool occlusion[2];
    uint32_t occlusion_count;
    uint32_t warmup, frames;
    bool pairs;
} lc_bench_sweep;

/* Default (full) or --quick sweep; the scene list gets "default" plus any --scene. */
void lc_bench_sweep_init(lc_bench_sweep *s, bool quick);
uint32_t lc_bench_sweep_total(const lc_bench_sweep *s);

/* Median and spread (10th to 90th percentile) of n values; sorts them. */
typedef struct lc_bench_stat { double median, p10, p90, min, max; } lc_bench_stat;
lc_bench_stat lc_bench_stat_of(double *values, uint32_t n);

/* lightcull bench --meshlets SCENE (bench_meshlets.c): the meshlet codec's figures. */
int lc_bench_meshlets_main(int argc, char **argv);

#endif
