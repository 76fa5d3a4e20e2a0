#include "app/bench.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app/app.h"
#include "app/bench_stats.h"
#include "cpu/jobs.h"
#include "renderer.h"

void lc_bench_sweep_init(lc_bench_sweep *s, bool quick)
{
    memset(s, 0, sizeof *s);
    s->scenes[s->scene_count++] = "default";
    /* The GPU culling modes; objects (forward only) runs where --modes names it. */
    for (uint32_t m = 0; m < LC_MODE_GPU_COUNT; m++) s->modes[s->mode_count++] = m;
    s->scalarize[0] = LC_LOOP_MERGE_TILES, s->scalarize[1] = LC_LOOP_PLAIN, s->scalarize_count = 2;
    s->threads[0] = 0, s->thread_count = 1;
    s->shadings[0] = LC_SHADING_FORWARD, s->shading_count = 1;
    s->binnings[0] = LC_BINNING_LIGHTS, s->binning_count = 1; /* the viewer's default */
    s->geometry[0] = -1, s->geometry_count = 1;
    s->occlusion[0] = true, s->occlusion_count = 1;
    s->mesh_dispatch[0] = LC_MESH_DISPATCH_COUNT, s->mesh_dispatch_count = 1; /* the app's choice */
    s->rasters[0] = LC_RASTERIZER_AUTO, s->raster_count = 1;
    if (quick) {
        s->sizes[0][0] = 320, s->sizes[0][1] = 180, s->size_count = 1;
        s->lights[0] = 64, s->lights[1] = 256, s->light_count = 2;
        s->warmup = 1, s->frames = 3, s->warmup_ms = 0;
        return;
    }
    s->sizes[0][0] = 1920, s->sizes[0][1] = 1080;
    s->sizes[1][0] = 3840, s->sizes[1][1] = 2160;
    s->size_count = 2;
    for (uint32_t n = 256; n <= 65536; n *= 4) s->lights[s->light_count++] = n; /* 256 1024 4096 16384 65536 */
    s->warmup = 5, s->frames = 30, s->warmup_ms = 500;
}

uint32_t lc_bench_sweep_total(const lc_bench_sweep *s)
{
    uint32_t runs = 0;
    for (uint32_t m = 0; m < s->mode_count; m++) runs += lc_mode_bins(s->modes[m]) ? s->binning_count : 1;
    return s->scene_count * s->size_count * s->light_count * runs * s->shading_count * s->scalarize_count * s->thread_count *
           s->geometry_count * s->occlusion_count * s->mesh_dispatch_count * s->raster_count;
}

/* The CSV's mesh_dispatch: the mesh path's dispatch that ran; none for the other paths. */
static const char *mesh_dispatch_csv(const lc_geometry_counts *g)
{
    return g->path == LC_GEOMETRY_MESH ? lc_mesh_dispatch_names[g->mesh_dispatch] : "none";
}

static void usage(void)
{
    fputs("usage: lightcull bench [--quick] [--scene PATH] [--no-default] [--out-dir DIR] [--frames N] [--warmup N]\n"
          "                       [--warmup-ms MS]\n"
          "                       [--lights N,N,...] [--sizes WxH,...] [--modes a,b,...] [--shading forward,visibility]\n"
          "                       [--binning tiles,lights,lights-nodepth] [--pairs] [--device N] [--threads N,N,...]\n"
          "                       [--geometry direct,mdi,mesh] [--occlusion on,off] [--mesh-dispatch task,indirect] [--grid N]\n"
          "                       [--visibility-pass single|prepass] [--raster hardware,compute,auto]\n"
          "                       [--scalarize-merge tiles,always] [--decals N | --decals-file FILE.json]\n"
          "       lightcull bench --contexts N [--frames F]   render contexts: record + sort N draws (CPU only)\n"
          "       lightcull bench --cpu [--threads N,...] [--objects N] [--lights N] [--reps N] [--out-dir DIR]\n"
          "       lightcull bench --animation FILE [--grid N] [--threads N,...] [--frames F]   an animated grid's host side\n"
          "Sweeps modes x binning (tiles, clusters, zbin; default lights) x shading (default forward) x scalarize\n"
          "on/off (--scalarize-merge tiles,always: the scalarized rows once per merge choice, CSV scalarize\n"
          "on/always) x geometry paths x occlusion (default: the device's best path, occlusion on) x the mesh\n"
          "path's dispatch (--mesh-dispatch; default the app's; other paths one row, CSV mesh_dispatch none) x light\n"
          "counts x sizes x scenes (default scene plus --scene) x CPU thread counts (default: all cores), headless; GPU\n"
          "timestamps per pass, host light-build times, medians and 10th-90th percentile spread. Each row warms up for\n"
          "--warmup frames (default 5) and --warmup-ms of wall time after its first (default 500; --quick: 1 and 0;\n"
          "--warmup 0: none) so that a GPU that idled is back at its clock. Not run: brute force\n"
          "above 4096 lights (the oracle, not a contender) and direct with occlusion on (direct has none: one row).\n"
          "The CSV's geometry column names the path that ran. --raster: visibility shading's rasterizer per row\n"
          "(hardware,compute compares them in one run; forward rows once, in hardware); the CSV's raster column names\n"
          "the one that ran, depth_ms is its time (every pass that produces depth and ids).\n"
          "--cpu times\n"
          "object culling (SIMD and scalar) and light builds alone per thread count and work size, no GPU\n"
          "(bench-cpu.csv).\n"
          "Writes DIR/bench.csv, DIR/bench.json and, with gnuplot installed, DIR/*.png (default DIR: bench-results).\n"
          "lightcull bench --meshlets SCENE: the compressed meshlet format's figures instead (--meshlets --help).\n",
          stdout);
}

typedef struct row {
    const char *scene;
    uint32_t width, height, lights, visible, mode, shading;
    uint32_t loop; /* LC_LOOP_*: the light loop that ran */
    uint32_t threads;
    double light_build_ms; /* host, median */
    int binning; /* LC_BINNING_*, -1: the mode does not bin */
    lc_geometry_counts geo;
    lc_bench_stat t[LC_TIMER_COUNT + 1];
    double cull_shade_median;
    uint64_t cull_bytes;
    double pairs_ratio;
    uint32_t overflow;
    uint32_t warmup_frames; /* the warm-up's frames (--warmup, --warmup-ms) */
} row;

/* The CSV's scalarize column and the JSON's scalarize_merge, per LC_LOOP_*. */
static const char *const loop_csv[LC_LOOP_COUNT] = {"off", "on", "always"};
static const char *const loop_merge[LC_LOOP_COUNT] = {"none", "tiles", "always"};

static void write_outputs(const char *dir, const row *rows, uint32_t n, const char *device, const char *driver, double host_ms)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/bench.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        lc_error("cannot write %s: %s", path, strerror(errno));
        return;
    }
    fprintf(f, "device,scene,width,height,lights,visible,mode,scalarize,depth_ms,cull_ms,cull_p10,cull_p90,shade_ms,"
               "shade_p10,shade_p90,tonemap_ms,frame_ms,cull_plus_shade_ms,cull_bytes,evaluated_per_exact,list_overflow,"
               "geometry,occlusion,depth_p10,depth_p90,meshlets_drawn,meshlets_total,triangles_drawn,triangles_total,threads,"
               "cpu_light_build_ms,shading,binning,mesh_dispatch,raster\n");
    for (uint32_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        fprintf(f, "\"%s\",%s,%u,%u,%u,%u,%s,%s,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%llu,%.4f,%u,"
                   "%s,%s,%.5f,%.5f,%llu,%llu,%llu,%llu,%u,%.5f,%s,%s,%s,%s\n", device,
                r->scene, r->width, r->height, r->lights, r->visible, lc_mode_names[r->mode], loop_csv[r->loop],
                r->t[LC_TIMER_DEPTH].median, r->t[LC_TIMER_CULL].median, r->t[LC_TIMER_CULL].p10, r->t[LC_TIMER_CULL].p90,
                r->t[LC_TIMER_SHADE].median, r->t[LC_TIMER_SHADE].p10, r->t[LC_TIMER_SHADE].p90,
                r->t[LC_TIMER_TONEMAP].median, r->t[LC_TIMER_COUNT].median, r->cull_shade_median,
                (unsigned long long)r->cull_bytes, r->pairs_ratio, r->overflow, lc_geometry_names[r->geo.path],
                r->geo.occlusion ? "on" : "off", r->t[LC_TIMER_DEPTH].p10, r->t[LC_TIMER_DEPTH].p90,
                (unsigned long long)r->geo.meshlets_drawn, (unsigned long long)r->geo.meshlets_total,
                (unsigned long long)r->geo.triangles_drawn, (unsigned long long)r->geo.triangles_total, r->threads,
                r->light_build_ms, lc_shading_names[r->shading], r->binning < 0 ? "none" : lc_binning_names[r->binning],
                mesh_dispatch_csv(&r->geo), lc_rasterizer_names[r->geo.raster]);
    }
    fclose(f);

    snprintf(path, sizeof path, "%s/bench.json", dir);
    f = fopen(path, "w");
    if (!f) return;
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    fprintf(f, "{\n  \"device\": \"%s\",\n  \"driver\": \"%s\",\n  \"date\": \"%s\",\n  \"host_build_65536_ms\": %.4f,\n  \"rows\": [\n",
            device, driver, date, host_ms);
    for (uint32_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        fprintf(f, "    {\"scene\": \"%s\", \"width\": %u, \"height\": %u, \"lights\": %u, \"visible\": %u, \"mode\": \"%s\", "
                   "\"shading\": \"%s\", \"scalarize\": %s, \"scalarize_merge\": \"%s\", \"binning\": \"%s\", \"geometry\": \"%s\", \"occlusion\": %s, "
                   "\"mesh_dispatch\": \"%s\", \"raster\": \"%s\", \"triangles_drawn\": %llu, \"gpu_ms\": {",
                r->scene, r->width, r->height, r->lights, r->visible, lc_mode_names[r->mode], lc_shading_names[r->shading],
                r->loop != LC_LOOP_PLAIN ? "true" : "false", loop_merge[r->loop],
                r->binning < 0 ? "none" : lc_binning_names[r->binning],
                lc_geometry_names[r->geo.path], r->geo.occlusion ? "true" : "false", mesh_dispatch_csv(&r->geo),
                lc_rasterizer_names[r->geo.raster], (unsigned long long)r->geo.triangles_drawn);
        for (int t = 0; t <= LC_TIMER_COUNT; t++)
            fprintf(f, "%s\"%s\": {\"median\": %.5f, \"p10\": %.5f, \"p90\": %.5f}", t ? ", " : "",
                    t == LC_TIMER_COUNT ? "frame" : lc_timer_names[t], r->t[t].median, r->t[t].p10, r->t[t].p90);
        fprintf(f, "}, \"cull_bytes\": %llu, \"evaluated_per_exact\": %.4f, \"list_overflow\": %u, \"threads\": %u, "
                   "\"cpu_light_build_ms\": %.5f, \"warmup_frames\": %u}%s\n",
                (unsigned long long)r->cull_bytes, r->pairs_ratio, r->overflow, r->threads, r->light_build_ms,
                r->warmup_frames, i + 1 < n ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    fclose(f);
}

/* Plots with gnuplot when it is installed: time per pass vs light count per mode, and the
 * speed-up of each mode's culling over tile lists. One data file per series. */
static void plot(const char *dir, const lc_bench_sweep *sw, const row *rows, uint32_t n)
{
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        lc_info("gnuplot not found: no plots (Debian: gnuplot-nox)");
        return;
    }
    static const char *const what[3] = {"cull", "shade", "speedup"};
    for (uint32_t sc = 0; sc < sw->scene_count; sc++) {
        for (uint32_t si = 0; si < sw->size_count; si++) {
            uint32_t w = sw->sizes[si][0], h = sw->sizes[si][1];
            for (int k = 0; k < 3; k++) {
                char script[4096], cmd[4200], dat[4096];
                const char *scene_tag = strcmp(sw->scenes[sc], "default") == 0 ? "default" : "scene";
                snprintf(script, sizeof script, "%s/plot-%s-%s-%ux%u.gp", dir, what[k], scene_tag, w, h);
                FILE *f = fopen(script, "w");
                if (!f) return;
                fprintf(f, "set terminal pngcairo size 900,560 noenhanced\nset output '%s/%s-%s-%ux%u.png'\n", dir, what[k],
                        scene_tag, w, h);
                fprintf(f, "set logscale x 2\nset key left top\nset grid\nset xlabel 'lights'\n");
                if (k < 2) fprintf(f, "set logscale y\nset ylabel 'GPU ms (median, scalarized)'\n");
                else fprintf(f, "set ylabel 'lists cull ms / mode cull ms'\n");
                fprintf(f, "set title '%s, %ux%u, scene %s'\nplot ", k == 0 ? "light culling" : k == 1 ? "forward shading" : "culling speed-up over tile lists",
                        w, h, sw->scenes[sc]);
                int series = 0;
                for (uint32_t ms = 0; ms < sw->mode_count * LC_BINNING_COUNT; ms++) {
                    uint32_t mode = sw->modes[ms / LC_BINNING_COUNT], bi = ms % LC_BINNING_COUNT;
                    /* One series per mode and binning (brute force and lists do not bin). */
                    bool bins = lc_mode_bins(mode);
                    if ((bins ? bi >= sw->binning_count : bi != 0)) continue;
                    int binning = bins ? (int)sw->binnings[bi] : -1;
                    if (mode == LC_MODE_BRUTE && k != 1) continue; /* brute force does not cull */
                    char series_name[64];
                    snprintf(series_name, sizeof series_name, "%s%s%s", lc_mode_names[mode], binning > 0 ? "-" : "",
                             binning > 0 ? lc_binning_names[binning] : "");
                    snprintf(dat, sizeof dat, "%s/%s-%s-%ux%u-%s.dat", dir, what[k], scene_tag, w, h, series_name);
                    FILE *d = fopen(dat, "w");
                    if (!d) continue;
                    int points = 0;
                    for (uint32_t i = 0; i < n; i++) {
                        const row *r = &rows[i];
                        if (r->scene != sw->scenes[sc] || r->width != w || r->height != h || r->mode != mode ||
                            r->binning != binning || r->loop != LC_LOOP_MERGE_TILES || r->shading != LC_SHADING_FORWARD)
                            continue;
                        double v = k == 0 ? r->t[LC_TIMER_CULL].median : r->t[LC_TIMER_SHADE].median;
                        if (k == 2) {
                            v = 0.0;
                            for (uint32_t j = 0; j < n; j++) {
                                const row *q = &rows[j];
                                if (q->scene == r->scene && q->width == w && q->height == h && q->lights == r->lights &&
                                    q->mode == LC_MODE_LISTS && q->loop == LC_LOOP_MERGE_TILES && q->shading == LC_SHADING_FORWARD &&
                                    r->t[LC_TIMER_CULL].median > 0.0)
                                    v = q->t[LC_TIMER_CULL].median / r->t[LC_TIMER_CULL].median;
                            }
                        }
                        if (v > 0.0) points += fprintf(d, "%u %.6f\n", r->lights, v) > 0;
                    }
                    fclose(d);
                    if (!points) { /* e.g. the speed-up over lists when lists was not measured */
                        remove(dat);
                        continue;
                    }
                    fprintf(f, "%s'%s' using 1:2 with linespoints lw 2 title '%s'", series++ ? ", " : "", dat, series_name);
                }
                fprintf(f, "\n");
                fclose(f);
                if (!series) {
                    remove(script);
                    continue;
                }
                snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>/dev/null", script);
                if (system(cmd) != 0) lc_warn("gnuplot failed on %s", script);
            }
        }
    }
}

/* A comma-separated list of names[0..name_count) into their indices, at most name_count of
 * them; false on an unknown name, too many or none. */
/* The sweep's options; the sub-commands (--cpu, --contexts, --meshlets) have their own tables. */
static int parse_sweep(int argc, char **argv, lc_bench_sweep *sw, lc_options *base, const char **dir)
{
    static const char *const off_on[2] = {"off", "on"};
    bool quick = false, no_default = false;
    for (int i = 2; i < argc; i++) quick |= !strcmp(argv[i], "--quick");
    lc_bench_sweep_init(sw, quick);
    uint32_t decals = 0;
    const char *decals_file = NULL;
    uint32_t grid = 0, device = 0, device_set = 0, merges[LC_SCALARIZE_MERGE_COUNT], merge_count = 0;
    uint32_t paths[LC_GEOMETRY_COUNT], path_count = 0, occlusion[2], occlusion_count = 0, vis_pass = 0, vis_pass_count = 0;
    uint32_t dispatches[LC_MESH_DISPATCH_COUNT], dispatch_count = 0, rasters[LC_RASTERIZER_COUNT], raster_count = 0;
    static const char *const vis_pass_names[2] = {"single", "prepass"};
    const lc_bench_arg args[] = {
        {.name = "--quick", .kind = LC_BENCH_FLAG, .out = &quick},
        {.name = "--pairs", .kind = LC_BENCH_FLAG, .out = &sw->pairs},
        {.name = "--no-default", .kind = LC_BENCH_FLAG, .out = &no_default}, /* only the --scene files: no built-in hall */
        {"--scene", LC_BENCH_STRINGS, sw->scenes, &sw->scene_count, 4, .expect = "at most 3 scenes"},
        {.name = "--out-dir", .kind = LC_BENCH_STRING, .out = dir},
        {"--frames", LC_BENCH_LIST, &sw->frames, NULL, 1, 1, 100000, .expect = "1..100000"},
        {"--warmup", LC_BENCH_LIST, &sw->warmup, NULL, 1, 0, 10000, .expect = "0..10000"},
        {"--warmup-ms", LC_BENCH_LIST, &sw->warmup_ms, NULL, 1, 0, 60000, .expect = "0..60000"},
        {"--lights", LC_BENCH_LIST, sw->lights, &sw->light_count, 16, 1, LC_LIGHTS_MAX,
         .expect = "a comma-separated list of 1..1048576"},
        {"--sizes", LC_BENCH_SIZES, sw->sizes, &sw->size_count, 4, 1, 16384, .expect = "WxH[,WxH...], at most 4"},
        {"--modes", LC_BENCH_NAMES, sw->modes, &sw->mode_count, 8, .names = lc_mode_names, .name_count = LC_MODE_COUNT,
         .expect = "modes among brute, lists, tiles, clusters, zbin"},
        {"--threads", LC_BENCH_LIST, sw->threads, &sw->thread_count, 16, 1, LC_JOBS_MAX_THREADS,
         .expect = "a comma-separated list of 1..256"},
        {"--shading", LC_BENCH_NAMES, sw->shadings, &sw->shading_count, LC_SHADING_COUNT, .names = lc_shading_names,
         .name_count = LC_SHADING_COUNT, .expect = "forward and/or visibility"},
        {"--scalarize-merge", LC_BENCH_NAMES, merges, &merge_count, LC_SCALARIZE_MERGE_COUNT,
         .names = lc_scalarize_merge_names, .name_count = LC_SCALARIZE_MERGE_COUNT, .expect = "tiles and/or always"},
        {"--binning", LC_BENCH_NAMES, sw->binnings, &sw->binning_count, LC_BINNING_COUNT, .names = lc_binning_names,
         .name_count = LC_BINNING_COUNT, .expect = "a list of tiles, lights, lights-nodepth"},
        {"--geometry", LC_BENCH_NAMES, paths, &path_count, LC_GEOMETRY_COUNT, .names = lc_geometry_names,
         .name_count = LC_GEOMETRY_COUNT, .expect = "direct, mdi or mesh, comma-separated"},
        {"--occlusion", LC_BENCH_NAMES, occlusion, &occlusion_count, 2, .names = off_on, .name_count = 2,
         .expect = "on, off or on,off"},
        {"--mesh-dispatch", LC_BENCH_NAMES, dispatches, &dispatch_count, LC_MESH_DISPATCH_COUNT, .names = lc_mesh_dispatch_names,
         .name_count = LC_MESH_DISPATCH_COUNT, .expect = "task, indirect or task,indirect"},
        {"--grid", LC_BENCH_LIST, &grid, NULL, 1, 1, 64, .expect = "1..64"},
        {"--decals", LC_BENCH_LIST, &decals, NULL, 1, 0, LC_DECALS_MAX, .expect = "0..65536"},
        {.name = "--decals-file", .kind = LC_BENCH_STRING, .out = &decals_file},
        {"--visibility-pass", LC_BENCH_NAMES, &vis_pass, &vis_pass_count, 1, .names = vis_pass_names, .name_count = 2,
         .expect = "single or prepass (one: run twice to compare)"},
        {"--device", LC_BENCH_LIST, &device, &device_set, 1, 0, 64, .expect = "a device index"},
        {"--raster", LC_BENCH_NAMES, rasters, &raster_count, LC_RASTERIZER_COUNT, .names = lc_rasterizer_names,
         .name_count = LC_RASTERIZER_COUNT, .expect = "hardware, compute and/or auto, comma-separated"},
    };
    int code = lc_bench_parse_args(argc, argv, "bench", args, LC_ARRAY_COUNT(args));
    if (code) return code;
    sw->visibility_pass_set = vis_pass_count > 0; /* else the app's choice by geometry path */
    sw->visibility_prepass = vis_pass == 1;
    /* Scalarized rows per merge choice (the CSV's scalarize: on = tiles, always), then off. */
    if (merge_count) {
        sw->scalarize_count = 0;
        for (uint32_t k = 0; k < merge_count; k++)
            sw->scalarize[sw->scalarize_count++] = merges[k] == LC_SCALARIZE_MERGE_ALWAYS ? LC_LOOP_MERGE_ALWAYS : LC_LOOP_MERGE_TILES;
        sw->scalarize[sw->scalarize_count++] = LC_LOOP_PLAIN;
    }
    if (path_count) {
        sw->geometry_count = path_count;
        for (uint32_t k = 0; k < path_count; k++) sw->geometry[k] = (int)paths[k];
    }
    if (occlusion_count) {
        sw->occlusion_count = occlusion_count;
        for (uint32_t k = 0; k < occlusion_count; k++) sw->occlusion[k] = occlusion[k] == 1;
    }
    if (raster_count) {
        sw->raster_count = raster_count;
        for (uint32_t k = 0; k < raster_count; k++) sw->rasters[k] = rasters[k];
    }
    if (dispatch_count) {
        sw->mesh_dispatch_count = dispatch_count;
        for (uint32_t k = 0; k < dispatch_count; k++) sw->mesh_dispatch[k] = dispatches[k];
    }
    lc_options_parse(0, NULL, 0, base);
    base->headless = true;
    base->quiet = true;
    if (grid) base->grid = grid;
    base->decals = decals; /* every row culls and shades them with the lights (docs/DECALS.md) */
    base->decals_file = decals_file;
    if (device_set) base->device = (int)device, base->device_set = true;
    if (no_default) {
        for (uint32_t i = 1; i < sw->scene_count; i++) sw->scenes[i - 1] = sw->scenes[i];
        sw->scene_count--;
        if (!sw->scene_count) {
            lc_error("bench: --no-default needs a --scene");
            return 2;
        }
    }
    return 0;
}

/* One row: the variant's settings for warm-up + timed frames, then its medians. */
typedef struct variant {
    uint32_t scene, size, mode, loop, shading, binning, geometry, occlusion, mesh_dispatch, raster, threads; /* indices into the sweep */
} variant;

typedef struct sweep_run {
    const lc_bench_sweep *sw;
    row *rows;
    uint32_t row_count, done, total;
    double *samples[LC_TIMER_COUNT + 1], *cull_shade;
    char device[256], driver[640];
    bool threads_warned;
} sweep_run;

/* k in mixed radix: scalarize, shading, binning, geometry, occlusion, mesh dispatch, raster, threads. */
static variant variant_of(const lc_bench_sweep *sw, uint32_t k, uint32_t binnings)
{
    variant v = {0};
    v.loop = k % sw->scalarize_count, k /= sw->scalarize_count;
    v.shading = k % sw->shading_count, k /= sw->shading_count;
    v.binning = k % binnings, k /= binnings;
    v.geometry = k % sw->geometry_count, k /= sw->geometry_count;
    v.occlusion = k % sw->occlusion_count, k /= sw->occlusion_count;
    v.mesh_dispatch = k % sw->mesh_dispatch_count, k /= sw->mesh_dispatch_count;
    v.raster = k % sw->raster_count, k /= sw->raster_count;
    v.threads = k;
    return v;
}

/* Renders the variant's frames and fills its row. Returns the status of its frames. */
static lc_status measure(sweep_run *run, lc_app *app, const variant *v, lc_frame_settings *fs, row *r)
{
    const lc_bench_sweep *sw = run->sw;
    lc_frame_log_clear(&app->gpu_log);
    lc_frame_log_clear(&app->cpu_log);
    lc_frame_log_clear(&app->pass_log);
    lc_status s = LC_OK;
    /* Warm-up: --warmup frames, and --warmup-ms of wall time after the first (which makes the
     * row's pipelines and buffers). A GPU left idle meanwhile drops its clock (an H200 from 1980
     * to 345 MHz within a second) and raises it again only after some time under load: a row
     * of a few short frames would otherwise be timed at the idle clock (docs/BENCHMARKS.md,
     * "Running the benchmark"). Fixed light positions throughout. */
    double warm_from = 0.0;
    uint32_t warm = 0;
    for (; s == LC_OK && (warm < sw->warmup || (warm > 0 && (lc_time_seconds() - warm_from) * 1000.0 < sw->warmup_ms)); warm++) {
        s = lc_app_frame(app, fs, 0.0f);
        lc_app_record_timings(app);
        if (warm == 0) warm_from = lc_time_seconds();
    }
    lc_renderer_finish(app->renderer);
    lc_app_record_timings(app);
    lc_frame_log_clear(&app->gpu_log);
    lc_frame_log_clear(&app->cpu_log);
    lc_frame_log_clear(&app->pass_log);
    for (uint32_t f = 0; f < sw->frames && s == LC_OK; f++) {
        s = lc_app_frame(app, fs, 0.0f);
        lc_app_record_timings(app);
    }
    lc_renderer_finish(app->renderer);
    lc_app_record_timings(app);
    if (s != LC_OK) return s;
    r->scene = sw->scenes[v->scene];
    r->width = sw->sizes[v->size][0], r->height = sw->sizes[v->size][1];
    r->visible = lc_renderer_query(app->renderer).lights_visible;
    r->mode = sw->modes[v->mode];
    r->shading = sw->shadings[v->shading];
    r->loop = lc_loop_variant(app->renderer, fs);
    r->binning = lc_mode_bins(r->mode) ? (int)sw->binnings[v->binning] : -1;
    r->geo = *lc_renderer_query(app->renderer).geometry;
    /* The last sw->frames frames; cull + shade per frame before the sorts. */
    uint32_t cnt = 0;
    for (int t = 0; t <= LC_TIMER_COUNT; t++) cnt = lc_frame_log_last(&app->gpu_log, (uint32_t)t, sw->frames, run->samples[t]);
    for (uint32_t i = 0; i < cnt; i++) run->cull_shade[i] = run->samples[LC_TIMER_CULL][i] + run->samples[LC_TIMER_SHADE][i];
    for (int t = 0; t <= LC_TIMER_COUNT; t++) r->t[t] = lc_bench_stat_of(run->samples[t], cnt);
    r->cull_shade_median = lc_bench_stat_of(run->cull_shade, cnt).median;
    r->cull_bytes = lc_light_cull_bytes(app->renderer);
    r->threads = lc_jobs_threads();
    r->warmup_frames = warm;
    r->light_build_ms = lc_frame_log_median(&app->cpu_log, LC_CPU_LIGHT_BUILD);
    if (r->mode == LC_MODE_LISTS) {
        lc_gpu_counters *c = lc_renderer_read(app->renderer, LC_RES_COUNTERS, NULL);
        r->overflow = c ? c->lists.x : 0;
        free(c);
    }
    if (sw->pairs) {
        uint64_t p[LC_PAIRS_WORDS];
        if (lc_app_count_pairs(app, fs, 0.0f, p) == LC_OK) r->pairs_ratio = (double)p[0] / (double)LC_MAX(p[1], 1u);
    }
    return LC_OK;
}

static void print_row(const sweep_run *run, const row *r, uint32_t loop)
{
    printf("[%3u/%u] %-8s %4ux%-4u %6u lights %-8s %-6s %-10s scalarize %-6s %-6s %-8s occl %-3s %-8s  depth %8.4f ms  "
           "cull %8.4f ms  shade %8.4f ms  frame %8.4f ms  threads %u  light build %.3f ms\n",
           run->done, run->total, strcmp(r->scene, "default") == 0 ? "default" : "scene", r->width, r->height, r->lights,
           lc_mode_names[r->mode], r->binning < 0 ? "" : lc_binning_names[r->binning], lc_shading_names[r->shading],
           loop_csv[loop], lc_geometry_names[r->geo.path], r->geo.path == LC_GEOMETRY_MESH ? mesh_dispatch_csv(&r->geo) : "",
           r->geo.occlusion ? "on" : "off", lc_rasterizer_names[r->geo.raster], r->t[LC_TIMER_DEPTH].median,
           r->t[LC_TIMER_CULL].median, r->t[LC_TIMER_SHADE].median, r->t[LC_TIMER_COUNT].median, r->threads, r->light_build_ms);
    fflush(stdout);
}

/* Every size, mode and variant of one app (one scene, one light count). Returns an exit code. */
static int sweep_app(sweep_run *run, lc_app *app, uint32_t scene, uint32_t lights)
{
    const lc_bench_sweep *sw = run->sw;
    for (uint32_t si = 0; si < sw->size_count; si++) {
        if (si > 0 || app->target.width != sw->sizes[si][0] || app->target.height != sw->sizes[si][1]) {
            lc_status s = lc_target_resize(&app->ctx, &app->target, sw->sizes[si][0], sw->sizes[si][1]);
            if (s == LC_OK) s = lc_renderer_resize(app->renderer);
            if (s != LC_OK) return lc_status_exit_code(s);
        }
        for (uint32_t mi = 0; mi < sw->mode_count; mi++) {
            uint32_t nb = lc_mode_bins(sw->modes[mi]) ? sw->binning_count : 1;
            uint32_t variants = sw->scalarize_count * sw->shading_count * nb * sw->geometry_count * sw->occlusion_count *
                                sw->mesh_dispatch_count * sw->raster_count * sw->thread_count;
            /* Brute force is the oracle, not a contender: past 4096 lights it only burns time. */
            if (sw->modes[mi] == LC_MODE_BRUTE && sw->lights[lights] > 4096) {
                run->done += variants;
                continue;
            }
            for (uint32_t k = 0; k < variants; k++) {
                variant v = variant_of(sw, k, nb);
                v.scene = scene, v.size = si, v.mode = mi;
                lc_jobs_init(sw->threads[v.threads]);
                if (sw->threads[v.threads] > lc_renderer_query(app->renderer).backend_threads && !run->threads_warned) {
                    /* The light build takes every thread asked; the backend has pools for one per core. */
                    lc_warn("bench --threads %u: the render contexts record on %u threads (one per core); the light "
                            "build and object cull use %u", sw->threads[v.threads], lc_renderer_query(app->renderer).backend_threads,
                            sw->threads[v.threads]);
                    run->threads_warned = true;
                }
                app->opt.mode = (int)sw->modes[mi];
                app->opt.shading = sw->shadings[v.shading];
                uint32_t loop = sw->scalarize[v.loop];
                app->opt.scalarize = loop != LC_LOOP_PLAIN;
                app->opt.scalarize_merge = loop == LC_LOOP_MERGE_ALWAYS ? LC_SCALARIZE_MERGE_ALWAYS : LC_SCALARIZE_MERGE_TILES;
                app->opt.binning = sw->binnings[v.binning];
                lc_frame_settings fs = lc_app_settings(app);
                if (sw->geometry[v.geometry] >= 0) fs.geometry = (uint32_t)sw->geometry[v.geometry];
                fs.occlusion = sw->occlusion[v.occlusion];
                fs.visibility_prepass = sw->visibility_pass_set ? sw->visibility_prepass : lc_app_visibility_prepass(fs.geometry);
                if (sw->mesh_dispatch[v.mesh_dispatch] < LC_MESH_DISPATCH_COUNT) fs.mesh_dispatch = sw->mesh_dispatch[v.mesh_dispatch];
                fs.raster = sw->rasters[v.raster];
                /* direct has no occlusion culling, only mesh a dispatch choice and only visibility
                 * shading a rasterizer choice: one row for them. */
                if ((fs.geometry == LC_GEOMETRY_DIRECT && fs.occlusion && sw->occlusion_count > 1) ||
                    (fs.geometry != LC_GEOMETRY_MESH && v.mesh_dispatch > 0) || (fs.shading != LC_SHADING_VISIBILITY && v.raster > 0)) {
                    run->done++;
                    continue;
                }
                row *r = &run->rows[run->row_count];
                r->lights = sw->lights[lights];
                lc_status s = measure(run, app, &v, &fs, r);
                if (s != LC_OK) return lc_status_exit_code(s);
                run->row_count++;
                run->done++;
                print_row(run, r, loop);
            }
        }
    }
    return 0;
}

/* Host light build (frustum cull + sort + pack) of 65,536 lights per thread count, median
 * of 20 builds; returns the first count's. */
static double host_light_build(const lc_bench_sweep *sw)
{
    double host_ms = 0.0;
    lc_scene scene;
    if (lc_scene_load_default(&scene) != LC_OK) return 0.0;
    lc_light_set set;
    if (lc_lights_generate(&set, 65536, 1, scene.light_bounds_min, scene.light_bounds_max) == LC_OK) {
        lc_camera cam = {.position = {scene.default_camera[0], scene.default_camera[1], scene.default_camera[2]},
                         .yaw_deg = scene.default_camera[3], .pitch_deg = scene.default_camera[4],
                         .fov_y_deg = 60.0f, .near_z = 0.05f, .far_z = 200.0f};
        lc_m4 view, proj, vp;
        lc_camera_matrices(&cam, 16.0f / 9.0f, &view, &proj);
        lc_m4_mul(&proj, &view, &vp);
        float planes[6][4];
        lc_frustum_planes(&vp, planes);
        lc_light_builder b = {0};
        lc_gpu_light *out = lc_calloc(set.count, sizeof *out);
        lc_light *lights = lc_calloc(set.count, sizeof *lights);
        for (uint32_t ti = 0; ti < sw->thread_count; ti++) {
            lc_jobs_init(sw->threads[ti]);
            double t[21];
            for (int i = 0; i < 21; i++) {
                lc_lights_animate(&set, (float)i / 60.0f, lights);
                double t0 = lc_time_seconds();
                lc_lights_build(&b, lights, set.count, &view, planes, out);
                t[i] = (lc_time_seconds() - t0) * 1000.0;
            }
            double ms = lc_bench_stat_of(t + 1, 20).median;
            if (ti == 0) host_ms = ms;
            printf("host light build, 65536 lights, %u threads: %.3f ms (median of 20)\n", lc_jobs_threads(), ms);
        }
        free(out);
        free(lights);
        lc_light_builder_destroy(&b);
        lc_light_set_destroy(&set);
    }
    lc_scene_destroy(&scene);
    return host_ms;
}

/* The sweep: one app per scene x light count, its sizes, modes and variants, then the host
 * light build; the outputs only when every row ran. */
static int run_sweep(const lc_bench_sweep *sw, const lc_options *base, const char *dir)
{
    sweep_run run = {.sw = sw, .total = lc_bench_sweep_total(sw)};
    run.rows = lc_calloc(run.total, sizeof *run.rows);
    for (int t = 0; t <= LC_TIMER_COUNT; t++) run.samples[t] = lc_calloc(sw->frames + 1, sizeof(double));
    run.cull_shade = lc_calloc(sw->frames + 1, sizeof(double));
    int exit_code = 0;
    for (uint32_t sc = 0; sc < sw->scene_count && !exit_code; sc++) {
        for (uint32_t li = 0; li < sw->light_count && !exit_code; li++) {
            lc_options o = *base;
            o.frames = sw->frames; /* the frame logs hold the timed frames */
            o.scene = sw->scenes[sc];
            o.lights = sw->lights[li];
            o.width = sw->sizes[0][0];
            o.height = sw->sizes[0][1];
            lc_app *app = lc_calloc(1, sizeof *app);
            lc_status s = lc_app_load(app, &o);
            if (s == LC_OK) s = lc_app_start_gpu(app, NULL, 0);
            if (s != LC_OK) exit_code = lc_status_exit_code(s);
            if (!exit_code) {
                snprintf(run.device, sizeof run.device, "%s", app->ctx.props.deviceName);
                snprintf(run.driver, sizeof run.driver, "%s", app->ctx.driver_info);
                for (uint32_t gi = 0; gi < sw->geometry_count && !exit_code; gi++) {
                    if (sw->geometry[gi] >= 0 && lc_app_geometry_refused(app, (uint32_t)sw->geometry[gi], "bench: "))
                        exit_code = 2;
                }
            }
            if (!exit_code) exit_code = sweep_app(&run, app, sc, li);
            lc_app_destroy(app);
            free(app);
        }
    }
    double host_ms = exit_code ? 0.0 : host_light_build(sw);
    /* A run that failed part-way writes nothing: a partial sweep must not pass for a whole one. */
    if (run.row_count && !exit_code) {
        write_outputs(dir, run.rows, run.row_count, run.device, run.driver, host_ms);
        plot(dir, sw, run.rows, run.row_count);
        printf("results: %s/bench.csv, %s/bench.json (device: %s)\n", dir, dir, run.device);
    }
    for (int t = 0; t <= LC_TIMER_COUNT; t++) free(run.samples[t]);
    free(run.cull_shade);
    free(run.rows);
    return exit_code;
}

int lc_bench_main(int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--meshlets")) return lc_bench_meshlets_main(argc, argv);
        if (!strcmp(argv[i], "--cpu")) return lc_bench_cpu_main(argc, argv);
        if (!strcmp(argv[i], "--contexts")) return lc_bench_contexts_main(argc, argv);
        if (!strcmp(argv[i], "--animation")) return lc_bench_anim_main(argc, argv);
    }
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            usage();
            return 0;
        }
    }
    lc_bench_sweep sw;
    lc_options base;
    const char *dir = "bench-results";
    int code = parse_sweep(argc, argv, &sw, &base, &dir);
    if (code) return code;
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        lc_error("bench: cannot create %s: %s", dir, strerror(errno));
        return 2;
    }
    return run_sweep(&sw, &base, dir);
}
