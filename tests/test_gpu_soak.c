/* Soak: many headless frames through lc_app with animated lights, switching the culling mode,
 * the view, scalarization, the light count and the image size every few frames, and asserting
 * that nothing accumulates once every combination has been seen: the live device allocations
 * (lc_context.memory_allocations) and their bytes must be exactly the same at the end of every
 * cycle, the host heap in use (glibc's mallinfo2: every live malloc block, ours and the
 * driver's) must stay within a few KiB, and the resident set (/proc/self/statm) must stay flat.
 *
 *   LC_SOAK_FRAMES  frames (default 2400: ten cycles, about a minute on lavapipe)
 *   LC_SOAK_SWITCH  frames between setting changes (default 8; a cycle is 30 changes)
 *   LC_SOAK_SCENE   "room" (default: a small room from memory, so frames are cheap and
 *                   the count high), "default" (the procedural hall) or a scene file
 * The long form (docs/RELIABILITY.md): LC_SOAK_FRAMES=20000 tests/test_gpu_soak */
#include "app/app.h"
#include "test_util.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define PHASES (LC_MODE_GPU_COUNT * 3 * 2) /* modes x views x scalarize: one cycle */
#define MAX_SAMPLES 4096
/* The resident set after warm-up may step up a little as allocators settle (the 20,000-frame
 * run: +1 MiB at frames 3360, 6720 and 9840, then flat), but a leak grows it steadily. So: at
 * most 2 MiB plus 100 bytes a frame in all, and at most 1 MiB over the second half. */
#define RSS_SLACK_MIB 2.0
#define RSS_SLACK_PER_FRAME (100.0 / 1048576.0)
#define RSS_SLACK_HALF_MIB 1.0
/* The heap in use after warm-up wanders by about 10 KiB (driver bookkeeping) and may step up
 * once (the H100's driver: 60 KiB near frame 1,700, then flat for 18,000 frames), but a leak
 * grows it steadily: at most 256 KiB in all and 32 KiB over the second half, which a leak of
 * 30 bytes a frame passes within the CI run's 1,200 frames. */
#define HEAP_SLACK_KIB 256.0
#define HEAP_SLACK_HALF_KIB 32.0
/* glibc serves blocks of at least this size with their own mappings, unmapped when freed.
 * Left to itself it raises that threshold after the first such free, and llvmpipe's 1 MiB
 * worker blocks, freed and allocated again, then fragment its thread arenas: the resident set
 * stepped up 1 MiB every ~2,200 frames with no block left live (mallinfo2 flat). Fixed here so
 * the resident set measures what is live. */
#define MMAP_THRESHOLD (256 * 1024)

/* A 20 x 6 x 40 m room seen from inside, with eight pillars: a few hundred triangles. */
static char *room_obj(void)
{
    size_t cap = 1 << 16, len = 0;
    char *s = lc_alloc(cap);
    int v = 0;
    const float boxes[9][6] = {
        {-10, 0, -40, 10, 6, 0},
        {5.5f, 0, -4.5f, 6.5f, 4, -3.5f}, {-6.5f, 0, -9, -5.5f, 4, -8},
        {5.5f, 0, -13.5f, 6.5f, 4, -12.5f}, {-6.5f, 0, -18, -5.5f, 4, -17},
        {5.5f, 0, -22.5f, 6.5f, 4, -21.5f}, {-6.5f, 0, -27, -5.5f, 4, -26},
        {5.5f, 0, -31.5f, 6.5f, 4, -30.5f}, {-6.5f, 0, -36, -5.5f, 4, -35},
    };
    static const int faces[6][4][3] = {
        {{0, 0, 0}, {0, 0, 1}, {0, 1, 1}, {0, 1, 0}}, {{1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}},
        {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}}, {{0, 1, 0}, {0, 1, 1}, {1, 1, 1}, {1, 1, 0}},
        {{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 0, 0}}, {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}},
    };
    for (int b = 0; b < 9; b++)
        for (int f = 0; f < 6; f++) {
            for (int k = 0; k < 4; k++) {
                const int *c = faces[f][b == 0 ? 3 - k : k]; /* the room faces inwards */
                len += (size_t)snprintf(s + len, cap - len, "v %g %g %g\n", boxes[b][c[0] ? 3 : 0],
                                        boxes[b][c[1] ? 4 : 1], boxes[b][c[2] ? 5 : 2]);
            }
            len += (size_t)snprintf(s + len, cap - len, "f %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4);
            v += 4;
        }
    return s;
}

static double rss_mib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long size = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
        fclose(f);
    }
    return (double)resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0;
}

static uint32_t env_u32(const char *name, uint32_t def)
{
    const char *e = getenv(name);
    return e && *e ? (uint32_t)strtoul(e, NULL, 10) : def;
}

/* Bytes in live malloc blocks, arenas and own mappings together. */
static double heap_kib(void)
{
    struct mallinfo2 mi = mallinfo2();
    return (double)(mi.uordblks + mi.hblkhd) / 1024.0;
}

typedef struct sample {
    uint32_t frame, allocations;
    uint64_t allocated;
    double rss, heap;
} sample;

int main(void)
{
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    uint32_t frames = env_u32("LC_SOAK_FRAMES", 2400), every = env_u32("LC_SOAK_SWITCH", 8);
    if (!every) every = 1;
    const char *scene = getenv("LC_SOAK_SCENE");
    if (!scene || !*scene) scene = "room";
    char *argv[] = {"lightcull", "--headless", "--quiet", "--size", "64x64", "--lights", "256",
                    "--scene", strcmp(scene, "room") == 0 ? "default" : (char *)scene};
    lc_options opt;
    CHECK(lc_options_parse((int)LC_ARRAY_COUNT(argv), argv, 1, &opt) == LC_OK);

    lc_app *app = lc_calloc(1, sizeof *app);
    lc_status st = lc_app_load(app, &opt);
    if (st == LC_OK && strcmp(scene, "room") == 0) {
        /* Swap the hall for the room, then regenerate lights and camera for it. */
        char *obj = room_obj();
        lc_scene room;
        st = lc_scene_load_memory(&room, obj, strlen(obj), "obj");
        free(obj);
        if (st == LC_OK) {
            lc_scene_destroy(&app->scene);
            app->scene = room;
            lc_light_set_destroy(&app->lights);
            st = lc_lights_generate(&app->lights, opt.lights, opt.seed, room.light_bounds_min, room.light_bounds_max);
            memcpy(app->camera.position, room.default_camera, sizeof app->camera.position);
            app->camera.yaw_deg = room.default_camera[3];
            app->camera.pitch_deg = room.default_camera[4];
        }
    }
    if (st == LC_OK) st = lc_app_start_gpu(app, NULL, 0);
    CHECK(st == LC_OK);
    if (st != LC_OK) {
        lc_app_destroy(app);
        free(app);
        return lc_test_finish("test_gpu_soak");
    }

    static const uint32_t sizes[2][2] = {{64, 64}, {80, 48}};
    uint32_t cycle = every * PHASES, size_index = 0;
    sample *samples = lc_calloc(MAX_SAMPLES, sizeof *samples);
    uint32_t sample_count = 0;
    double t0 = lc_time_seconds();
    printf("soak: %u frames, %s scene, settings change every %u frames, a cycle is %u frames%s\n", frames, scene,
           every, cycle, UNDER_ASAN ? " (ASan: resident set and heap not checked)" : "");
    printf("%8s %10s %12s %12s %12s %8s\n", "frame", "rss MiB", "heap KiB", "allocations", "device MiB", "s");
    for (uint32_t f = 0; f < frames && st == LC_OK; f++) {
        uint32_t phase = (f / every) % PHASES;
        if (f % every == 0) {
            /* Every change of setting also alternates the image size: all sized buffers churn. */
            size_index ^= 1;
            st = lc_target_resize(&app->ctx, &app->target, sizes[size_index][0], sizes[size_index][1]);
            app->light_count = phase % 3 == 2 ? app->lights.count / 2 : app->lights.count;
        }
        lc_frame_settings fs = lc_app_settings(app);
        fs.mode = phase % LC_MODE_GPU_COUNT;
        fs.view = (phase / LC_MODE_GPU_COUNT) % 3;
        fs.scalarize = phase / (LC_MODE_GPU_COUNT * 3) == 0;
        fs.capture_output = f % 50 == 49;
        if (st == LC_OK) st = lc_app_frame(app, &fs, (float)f / 60.0f);
        if ((f + 1) % cycle == 0 && sample_count < MAX_SAMPLES) {
            lc_renderer_finish(app->renderer);
            sample *s = &samples[sample_count++];
            *s = (sample){f + 1, app->ctx.memory_allocations, app->ctx.memory_allocated, rss_mib(), heap_kib()};
            printf("%8u %10.1f %12.1f %12u %12.2f %8.1f\n", s->frame, s->rss, s->heap, s->allocations,
                   s->allocated / 1048576.0, lc_time_seconds() - t0);
            fflush(stdout);
        }
    }
    CHECK_MSG(st == LC_OK, "a frame failed");
    double seconds = lc_time_seconds() - t0;

    /* The first cycle is warm-up: pipelines, the analysis buffer and caches appear there. */
    CHECK_MSG(sample_count >= 3, "only %u cycles: raise LC_SOAK_FRAMES to at least %u", sample_count, 3 * cycle);
    double rss_max = 0.0, rss_max_half = 0.0, heap_max = 0.0, heap_max_half = 0.0;
    uint32_t mid = 1 + (sample_count - 1) / 2;
    for (uint32_t i = 1; i < sample_count; i++) {
        const sample *a = &samples[1], *b = &samples[i];
        CHECK_MSG(b->allocations == a->allocations, "frame %u: %u live device allocations, %u at frame %u", b->frame,
                  b->allocations, a->allocations, a->frame);
        CHECK_MSG(b->allocated == a->allocated, "frame %u: %llu device bytes, %llu at frame %u", b->frame,
                  (unsigned long long)b->allocated, (unsigned long long)a->allocated, a->frame);
        rss_max = b->rss > rss_max ? b->rss : rss_max;
        heap_max = b->heap > heap_max ? b->heap : heap_max;
        if (i >= mid) rss_max_half = b->rss > rss_max_half ? b->rss : rss_max_half;
        if (i >= mid) heap_max_half = b->heap > heap_max_half ? b->heap : heap_max_half;
    }
    if (sample_count >= 3) {
        double growth = rss_max - samples[1].rss, half = rss_max_half - samples[mid].rss;
        double heap_growth = heap_max - samples[1].heap, heap_half = heap_max_half - samples[mid].heap;
        double allowed = RSS_SLACK_MIB + RSS_SLACK_PER_FRAME * (samples[sample_count - 1].frame - samples[1].frame);
        printf("soak: %u frames in %.1f s (%.2f ms each); after warm-up: %u device allocations (%.2f MiB) "
               "throughout, resident set %.1f -> %.1f MiB (growth %.2f MiB, %.2f MiB over the second half), "
               "heap in use %.1f -> %.1f KiB (growth %.1f KiB, %.1f KiB over the second half)\n",
               frames, seconds, 1000.0 * seconds / frames, samples[1].allocations, samples[1].allocated / 1048576.0,
               samples[1].rss, samples[sample_count - 1].rss, growth, half, samples[1].heap,
               samples[sample_count - 1].heap, heap_growth, heap_half);
        if (!UNDER_ASAN) {
            CHECK_MSG(growth <= allowed, "the resident set grew by %.2f MiB after warm-up (allowed %.2f)", growth,
                      allowed);
            CHECK_MSG(half <= RSS_SLACK_HALF_MIB, "the resident set grew by %.2f MiB over the second half (allowed %.1f)",
                      half, RSS_SLACK_HALF_MIB);
            CHECK_MSG(heap_growth <= HEAP_SLACK_KIB, "the heap in use grew by %.1f KiB after warm-up (allowed %.0f)",
                      heap_growth, HEAP_SLACK_KIB);
            CHECK_MSG(heap_half <= HEAP_SLACK_HALF_KIB, "the heap in use grew by %.1f KiB over the second half (allowed %.0f)",
                      heap_half, HEAP_SLACK_HALF_KIB);
        }
    }
    free(samples);
    lc_app_destroy(app);
    free(app);
    return lc_test_finish("test_gpu_soak");
}
