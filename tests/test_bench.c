/* Benchmark statistics and sweep definition. */
#include <math.h>
#include <string.h>

#include "app/bench.h"
#include "app/bench_stats.h"
#include "renderer.h"
#include "test_util.h"

static void test_stats(void)
{
    double v[] = {5, 1, 4, 2, 3};
    lc_bench_stat s = lc_bench_stat_of(v, 5);
    CHECK(s.median == 3.0 && s.min == 1.0 && s.max == 5.0);
    CHECK(fabs(s.p10 - 1.4) < 1e-12 && fabs(s.p90 - 4.6) < 1e-12);
    double even[] = {4, 1, 3, 2};
    CHECK(lc_bench_stat_of(even, 4).median == 2.5);
    double one[] = {7};
    lc_bench_stat o = lc_bench_stat_of(one, 1);
    CHECK(o.median == 7.0 && o.p10 == 7.0 && o.p90 == 7.0);
    lc_bench_stat z = lc_bench_stat_of(NULL, 0);
    CHECK(z.median == 0.0);
    /* An outlier moves the mean, not the median. */
    double spiky[] = {1, 1, 1, 1, 1000};
    CHECK(lc_bench_stat_of(spiky, 5).median == 1.0);
}

static void test_sweep(void)
{
    lc_bench_sweep full, quick;
    lc_bench_sweep_init(&full, false);
    lc_bench_sweep_init(&quick, true);
    CHECK(full.mode_count == LC_MODE_GPU_COUNT && quick.mode_count == LC_MODE_GPU_COUNT);
    CHECK(full.scalarize_count == 2 && full.scalarize[0] == LC_LOOP_MERGE_TILES && full.scalarize[1] == LC_LOOP_PLAIN);
    CHECK(full.light_count == 5 && full.lights[0] == 256 && full.lights[full.light_count - 1] == 65536);
    CHECK(full.size_count == 2 && full.sizes[0][0] == 1920 && full.sizes[0][1] == 1080 && full.sizes[1][0] == 3840 &&
          full.sizes[1][1] == 2160);
    CHECK(full.scene_count == 1 && strcmp(full.scenes[0], "default") == 0);
    CHECK(full.warmup > 0 && full.frames >= 10);
    CHECK(full.shading_count == 1 && full.shadings[0] == LC_SHADING_FORWARD); /* visibility: --shading */
    CHECK(lc_bench_sweep_total(&full) == 1u * 2 * 5 * LC_MODE_GPU_COUNT * 2);
    /* One CPU thread count by default (0: all cores); --threads multiplies the sweep. */
    CHECK(full.thread_count == 1 && full.threads[0] == 0 && quick.thread_count == 1);
    full.threads[1] = 4, full.thread_count = 2;
    CHECK(lc_bench_sweep_total(&full) == 2u * 2 * 5 * LC_MODE_GPU_COUNT * 2);
    uint32_t list[16], n = 0;
    CHECK(lc_bench_parse_list("1,2,16", list, &n, 16, 1, 256) && n == 3 && list[0] == 1 && list[2] == 16);
    CHECK(!lc_bench_parse_list("1,0", list, &n, 16, 1, 256) && !lc_bench_parse_list("300", list, &n, 16, 1, 256));
    CHECK(!lc_bench_parse_list("", list, &n, 16, 1, 256) && !lc_bench_parse_list("2,x", list, &n, 16, 1, 256));
    full.thread_count = 1;
    full.shadings[1] = LC_SHADING_VISIBILITY, full.shading_count = 2;
    CHECK(lc_bench_sweep_total(&full) == 1u * 2 * 5 * LC_MODE_GPU_COUNT * 2 * 2);
    CHECK(quick.frames > 0 && quick.frames < full.frames && quick.size_count == 1 && quick.sizes[0][0] < 640);
    /* --binning adds rows for the modes that bin only: brute force and lists run once. */
    CHECK(full.binning_count == 1 && full.binnings[0] == LC_BINNING_LIGHTS);
    full.shading_count = 1;
    full.binnings[1] = LC_BINNING_TILES, full.binning_count = 2;
    CHECK(lc_bench_sweep_total(&full) == 1u * 2 * 5 * (LC_MODE_GPU_COUNT + 3) * 2);
    /* The geometry axes multiply every row. */
    full.binning_count = 1;
    CHECK(full.geometry_count == 1 && full.geometry[0] == -1 && full.occlusion_count == 1 && full.occlusion[0]);
    full.geometry[1] = LC_GEOMETRY_MDI, full.geometry_count = 2, full.occlusion[1] = false, full.occlusion_count = 2;
    CHECK(lc_bench_sweep_total(&full) == 1u * 2 * 5 * LC_MODE_GPU_COUNT * 2 * 2 * 2);
    CHECK(lc_mode_bins(LC_MODE_ZBIN) && lc_mode_bins(LC_MODE_TILES) && lc_mode_bins(LC_MODE_CLUSTERS));
    CHECK(!lc_mode_bins(LC_MODE_BRUTE) && !lc_mode_bins(LC_MODE_LISTS));
}

int main(void)
{
    test_stats();
    test_sweep();
    return lc_test_finish("test_bench");
}
