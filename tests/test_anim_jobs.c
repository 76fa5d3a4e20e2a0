/* The animation's host side on the jobs (scene/animation.h): the file of tests/anim_test_scene.h
 * copied on a --grid of 12 (1,728 copies, each posed on its own: enough copies, objects and
 * skins for several threads' worth of chunks each), bounded as with GPU skinning, evaluated frame by frame on one thread and on four.
 * Every node's world, object's world and sphere, skinned mesh's box and the moved list (order,
 * bounds before and after) are the same bits whatever the thread count; an object moved twice
 * before a frame takes the list is listed once, with its bounds before the first move and after
 * the last. lightcull bench --animation runs on the file and refuses a missing one. Label
 * threads: scripts/test-tsan.sh runs it under ThreadSanitizer. */
#include "app/bench.h"
#include "cpu/jobs.h"
#include "scene/animation.h"
#include "test_util.h"
#include "anim_test_scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GRID 12u

static bool load(const char *path, lc_scene *s)
{
    if (lc_scene_load_file(s, path) != LC_OK) return false;
    if (lc_scene_grid(s, GRID) != LC_OK || lc_scene_anim_instance(s, GRID * GRID * GRID, 7) != LC_OK || !s->anim) {
        lc_scene_destroy(s);
        return false;
    }
    s->anim->gpu_skinning = true;
    lc_scene_anim_select(s, 0);
    return true;
}

int main(void)
{
    char path[] = "/tmp/lc-anim-jobs-XXXXXX.gltf";
    int fd = mkstemps(path, 5);
    if (fd < 0) {
        lc_test_skip("animated file", "cannot make a temporary file");
        return lc_test_finish("test_anim_jobs");
    }
    close(fd);
    write_file(path);
    /* bench --animation runs on the file (exit 0) and refuses a missing one (exit 2). */
    char *bench[] = {"lightcull", "bench", "--animation", path, "--grid", "2", "--threads", "1,2", "--frames", "2"};
    CHECK(lc_bench_anim_main(10, bench) == 0);
    char *missing[] = {"lightcull", "bench", "--animation", "/nonexistent/walker.gltf"};
    CHECK(lc_bench_anim_main(4, missing) == 2);
    lc_scene one, many;
    bool ok = load(path, &one);
    CHECK(ok);
    if (ok && !load(path, &many)) {
        CHECK(!"the second load");
        lc_scene_destroy(&one);
        ok = false;
    }
    unlink(path);
    if (!ok) return lc_test_finish("test_anim_jobs");
    CHECK(one.anim->instance_count == GRID * GRID * GRID && one.anim->skin_count >= GRID * GRID * GRID);
    float (*before)[4] = lc_alloc((size_t)one.object_count * sizeof *before);
    uint32_t *seen = lc_calloc(one.object_count, sizeof *seen);
    double t = 0.25;
    for (uint32_t frame = 0; frame < 6; frame++, t += 1.0 / 60.0) {
        for (uint32_t i = 0; i < one.object_count; i++) memcpy(before[i], one.objects[i].sphere, sizeof before[i]);
        /* Twice before a frame takes the list (as the viewer's animation switch does): each
         * object once, with its bounds before the first and after the second. */
        lc_jobs_init(1);
        lc_scene_animate(&one, t - 1.0 / 120.0);
        lc_scene_animate(&one, t);
        lc_jobs_init(4);
        lc_scene_animate(&many, t - 1.0 / 120.0);
        lc_scene_animate(&many, t);
        const lc_scene_anim *a = one.anim, *b = many.anim;
        CHECK(a->node_count == b->node_count);
        for (uint32_t i = 0; i < a->node_count && i < b->node_count; i++)
            CHECK_MSG(!memcmp(&a->nodes[i].world, &b->nodes[i].world, sizeof(lc_m4)), "frame %u: node %u's world", frame, i);
        for (uint32_t i = 0; i < one.object_count; i++) {
            CHECK_MSG(!memcmp(&one.objects[i].world, &many.objects[i].world, sizeof(lc_m4)), "frame %u: object %u's world", frame, i);
            CHECK_MSG(!memcmp(one.objects[i].sphere, many.objects[i].sphere, sizeof one.objects[i].sphere), "frame %u: object %u's sphere",
                      frame, i);
        }
        for (uint32_t m = 0; m < one.mesh_count; m++)
            CHECK_MSG(!memcmp(one.meshes[m].aabb_min, many.meshes[m].aabb_min, 3 * sizeof(float)) &&
                          !memcmp(one.meshes[m].aabb_max, many.meshes[m].aabb_max, 3 * sizeof(float)),
                      "frame %u: mesh %u's box", frame, m);
        CHECK_MSG(a->moved_count == b->moved_count && a->moved_count > GRID * GRID * GRID, "frame %u: %u and %u moved", frame,
                  a->moved_count, b->moved_count);
        for (uint32_t k = 0; k < a->moved_count && k < b->moved_count; k++) {
            uint32_t i = a->moved[k];
            CHECK_MSG(i == b->moved[k] && !memcmp(a->moved_bounds[2 * k], b->moved_bounds[2 * k], 8 * sizeof(float)),
                      "frame %u: moved entry %u", frame, k);
            CHECK_MSG(i < one.object_count && seen[i] != frame + 1, "frame %u: object %u listed twice", frame, i);
            if (i >= one.object_count) continue;
            seen[i] = frame + 1;
            CHECK_MSG(!memcmp(a->moved_bounds[2 * k], before[i], 4 * sizeof(float)) &&
                          !memcmp(a->moved_bounds[2 * k + 1], one.objects[i].sphere, 4 * sizeof(float)),
                      "frame %u: object %u's bounds before and after", frame, i);
        }
        one.anim->moved_count = many.anim->moved_count = 0; /* as a frame takes them */
    }
    free(before);
    free(seen);
    lc_scene_destroy(&one);
    lc_scene_destroy(&many);
    return lc_test_finish("test_anim_jobs");
}
