/* lightcull bench: headless sweeps over scenes x sizes x light counts x modes x binning x
 * shading x scalarization x geometry path x occlusion x CPU thread counts, GPU timestamps per
 * pass, host light-build times, medians and spread, CSV/JSON and plots. lightcull bench --cpu:
 * object culling and light builds alone per thread count (bench_cpu.c). */
#ifndef LC_BENCH_H
#define LC_BENCH_H

#include "common.h"
#include "renderer.h"

typedef struct lc_bench_sweep {
    const char *scenes[4];
    uint32_t scene_count;
    uint32_t sizes[4][2];
    uint32_t size_count;
    uint32_t lights[16];
    uint32_t light_count;
    uint32_t modes[8];
    uint32_t mode_count;
    uint32_t shadings[2];     /* LC_SHADING_*; default forward only */
    uint32_t shading_count;
    uint32_t scalarize[LC_LOOP_COUNT]; /* LC_LOOP_*: on (merge across tiles), off; --scalarize-merge */
    uint32_t scalarize_count;
    uint32_t threads[16];     /* CPU job threads per run (--threads); 0: all cores */
    uint32_t thread_count;
    uint32_t binnings[3];     /* LC_BINNING_* for tiles, clusters and zbin; default tiles only */
    uint32_t binning_count;
    int geometry[3];          /* LC_GEOMETRY_*; -1: the device's default path */
    uint32_t geometry_count;
    bool occlusion[2];
    uint32_t occlusion_count;
    uint32_t mesh_dispatch[2]; /* LC_MESH_DISPATCH_* for the mesh path's rows; LC_MESH_DISPATCH_COUNT: the app's (default) */
    uint32_t mesh_dispatch_count;
    uint32_t rasters[LC_RASTERIZER_COUNT]; /* LC_RASTERIZER_* for the visibility rows (--raster); default auto */
    uint32_t raster_count;
    bool visibility_prepass; /* --visibility-pass prepass: every visibility row after a depth pre-pass */
    bool visibility_pass_set; /* --visibility-pass given; else by geometry path (lc_app_visibility_prepass) */
    uint32_t warmup, frames;
    uint32_t warmup_ms; /* each row warms up for at least this long after its first frame (--warmup-ms) */
    bool pairs;
} lc_bench_sweep;

/* Default (full) or --quick sweep; the scene list gets "default" plus any --scene. Brute
 * force and lists run once whatever --binning says: they do not bin. */
void lc_bench_sweep_init(lc_bench_sweep *s, bool quick);
uint32_t lc_bench_sweep_total(const lc_bench_sweep *s);

/* lightcull bench --cpu: the CPU half alone (bench_cpu.c). */
int lc_bench_cpu_main(int argc, char **argv);
/* lightcull bench --animation FILE: an animated --grid's host side alone (bench_anim.c). */
int lc_bench_anim_main(int argc, char **argv);
/* lightcull bench --meshlets SCENE (bench_meshlets.c): the meshlet codec's figures. */
int lc_bench_meshlets_main(int argc, char **argv);

#endif
