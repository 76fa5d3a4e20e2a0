/* The light build on the jobs: with any thread count and cull chunk size the packed lights
 * and their light order are the same bytes as with one thread, for the generated hall's
 * 65,536 animated lights and for random lights with many equal depths; both the streamed
 * (line-aligned) and the plain output path. */
#include "cpu/jobs.h"
#include "lights/lights.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_THREAD__)
#define TSAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TSAN_BUILD 1
#endif
#endif
#ifndef TSAN_BUILD
#define TSAN_BUILD 0
#endif

typedef struct view_case {
    lc_camera cam;
    float aspect;
} view_case;

static void matrices(const view_case *v, lc_m4 *view, float planes[6][4])
{
    lc_m4 proj, vp;
    lc_camera_matrices(&v->cam, v->aspect, view, &proj);
    lc_m4_mul(&proj, view, &vp);
    lc_frustum_planes(&vp, planes);
}

static void compare_builds(const char *what, const lc_light *lights, uint32_t n, const view_case *v)
{
    lc_m4 view;
    float planes[6][4];
    matrices(v, &view, planes);
    lc_gpu_light *ref = aligned_alloc(64, (size_t)n * sizeof *ref);
    lc_gpu_light *out = aligned_alloc(64, (size_t)n * sizeof *out + 64);
    uint32_t *ref_order = malloc((size_t)n * sizeof *ref_order);
    lc_light_builder b = {0};
    lc_jobs_init(1);
    uint32_t m = lc_lights_build(&b, lights, n, &view, planes, ref);
    memcpy(ref_order, b.order, (size_t)m * sizeof *ref_order);
#if TSAN_BUILD /* ten times slower: the cases that split the work most */
    static const uint32_t threads[] = {2, 7};
    static const uint32_t work[] = {4, 1024};
#else
    static const uint32_t threads[] = {2, 3, 4, 7, 16};
    static const uint32_t work[] = {4, 100, 1024, 4096, 1u << 20};
#endif
    uint32_t differ = 0, runs = 0;
    for (size_t ti = 0; ti < LC_ARRAY_COUNT(threads); ti++) {
        lc_jobs_init(threads[ti]);
        for (size_t wi = 0; wi < LC_ARRAY_COUNT(work); wi++) {
            for (int misalign = 0; misalign < 2; misalign++) {
                lc_light_builder bt = {.work_size = work[wi]};
                /* Misaligned by 16 bytes: the plain stores instead of the streamed lines. */
                lc_gpu_light *o = misalign ? (lc_gpu_light *)((char *)out + 16) : out;
                memset(o, 0xAB, (size_t)n * sizeof *o);
                uint32_t mt = lc_lights_build(&bt, lights, n, &view, planes, o);
                bool same = mt == m && memcmp(o, ref, (size_t)m * sizeof *o) == 0 &&
                            memcmp(bt.order, ref_order, (size_t)m * sizeof *ref_order) == 0;
                if (!same && differ++ < 3)
                    fprintf(stderr, "%s: %u threads, work size %u%s: %u lights vs %u, bytes differ\n", what, threads[ti],
                            work[wi], misalign ? ", misaligned" : "", mt, m);
                /* A second build with the same builder (grown arrays reused) agrees too. */
                uint32_t again = lc_lights_build(&bt, lights, n, &view, planes, o);
                differ += again != m || memcmp(o, ref, (size_t)m * sizeof *o) != 0;
                lc_light_builder_destroy(&bt);
                runs++;
            }
        }
    }
    printf("%s: %u of %u lights packed; %u thread/work-size runs identical to one thread: %s\n", what, m, n, runs,
           differ ? "no" : "yes");
    CHECK_MSG(differ == 0, "%s: %u runs differ from the one-thread build", what, differ);
    CHECK(m > 100 && m < n);
    lc_jobs_init(0);
    lc_light_builder_destroy(&b);
    free(ref), free(out), free(ref_order);
}

int main(void)
{
    lc_test_seed(0x7E12EADull);
    const view_case hall = {{{0, 2, 28}, 0, -5, 60, 0.1f, 100}, 16.0f / 9.0f};
    const float bmin[3] = {-8, 0, -30}, bmax[3] = {8, 12, 30};
    lc_light_set set;
    CHECK(lc_lights_generate(&set, 65536, 1, bmin, bmax) == LC_OK);
    lc_light *lights = malloc(65536 * sizeof *lights);
    lc_lights_animate(&set, 1.5f, lights);
    compare_builds("hall, 65536 lights", lights, 65536, &hall);

    /* Many ties: copies of a few lights (equal depths, kept in index order), an odd count. */
    const uint32_t n = 30001;
    for (uint32_t i = 0; i < n; i++) {
        lights[i] = set.lights[(i * 7919u) % 65536];
        if (i % 5 == 0) lights[i] = set.lights[i % 11];
    }
    const view_case across = {{{0, 6, 0}, 90, -20, 75, 0.1f, 100}, 1.5f};
    compare_builds("ties, 30001 lights", lights, n, &across);
    free(lights);
    lc_light_set_destroy(&set);
    return lc_test_finish("test_light_threads");
}
