/* --figures' placement (scene/scene_figures.c) on the CPU: the animated file of
 * tests/anim_test_scene.h added 24 times to the built-in hall, whose floor is y = 0 under
 * columns, arches, beams and a ceiling: every figure stands on the floor (its rest box's bottom
 * at y = 0, not on a column's top or a beam), inside the middle of the hall's ground plan, no two
 * at one spot; each copy has its own nodes, skins and phase; the hall's objects are all still
 * there; the same seed places them alike, another elsewhere; a still file or an animated scene
 * is a usage error. */
#include "scene/animation.h"
#include "test_util.h"
#include "anim_test_scene.h"

#include <stdlib.h>
#include <unistd.h>

#define COUNT 24u

/* Each copy's offset (the objects of copy c carry it), in copy order; returns the copies found. */
static uint32_t offsets(const lc_scene *s, uint32_t first_object, float out[COUNT][3])
{
    uint32_t n = 0;
    for (uint32_t i = first_object; i < s->object_count && n < COUNT; i++) {
        const lc_object *o = &s->objects[i];
        bool seen = false;
        for (uint32_t k = 0; k < n; k++) seen |= !memcmp(out[k], o->offset, sizeof out[k]);
        if (!seen && (o->offset[0] != 0.0f || o->offset[1] != 0.0f || o->offset[2] != 0.0f)) memcpy(out[n++], o->offset, sizeof out[0]);
    }
    return n;
}

int main(void)
{
    char path[] = "/tmp/lc-figures-XXXXXX.gltf";
    int fd = mkstemps(path, 5);
    if (fd < 0) {
        lc_test_skip("figures", "cannot make a temporary file");
        return lc_test_finish("test_figures_place");
    }
    close(fd);
    write_file(path);
    lc_set_quiet(true);
    lc_scene fig;
    CHECK(lc_scene_load_file(&fig, path) == LC_OK);
    float fig_floor = fig.bounds_min[1];
    uint32_t fig_objects = fig.object_count, fig_skins = fig.anim ? fig.anim->skin_count : 0;
    lc_scene_destroy(&fig);

    lc_scene hall;
    CHECK(lc_scene_load_default(&hall) == LC_OK);
    uint32_t hall_objects = hall.object_count;
    float lo[3], hi[3];
    memcpy(lo, hall.bounds_min, sizeof lo);
    memcpy(hi, hall.bounds_max, sizeof hi);
    CHECK(lc_scene_add_figures(&hall, path, COUNT, 1) == LC_OK);
    CHECK_MSG(hall.object_count == hall_objects + COUNT * fig_objects, "%u objects, want %u", hall.object_count,
              hall_objects + COUNT * fig_objects);
    CHECK(hall.anim && hall.anim->instance_count == COUNT && hall.anim->skin_count == COUNT * fig_skins);
    float at[COUNT][3];
    uint32_t n = offsets(&hall, 0, at);
    CHECK_MSG(n == COUNT - 1 || n == COUNT, "%u distinct figure offsets, want %u", n, COUNT);
    for (uint32_t k = 0; k < n; k++) {
        /* The figure's bottom on the floor (y = 0): the offset lifts its rest box's bottom there. */
        CHECK_MSG(fabsf(at[k][1] + fig_floor) < 1e-3f, "figure %u stands at y = %g, not on the floor", k, at[k][1] + fig_floor);
        for (int c = 0; c < 3; c += 2) {
            float m = lo[c] + 0.05f * (hi[c] - lo[c]), M = hi[c] - 0.05f * (hi[c] - lo[c]);
            CHECK_MSG(at[k][c] > m - 1.0f && at[k][c] < M + 1.0f, "figure %u at %g on axis %d, outside the hall's middle", k, at[k][c], c);
        }
    }
    /* Phases: copy 0 at the clock, the others spread. */
    uint32_t spread = 0;
    for (uint32_t c = 1; c < COUNT; c++) spread += hall.anim->instance_phase[c] != hall.anim->instance_phase[1];
    CHECK_MSG(hall.anim->instance_phase[0] == 0.0f && spread > 0, "phases not spread");
    /* Animate and pose: every copy's skin from its own joints, nothing out of range (ASan). */
    lc_scene_anim_select(&hall, 0);
    lc_scene_animate(&hall, 0.5);
    lc_scene_pose_skins(&hall);
    CHECK(hall.anim->moved_count > 0);
    CHECK(lc_scene_validate(&hall) == LC_OK);

    /* The same seed: the same spots; another: others. */
    lc_scene again, other;
    CHECK(lc_scene_load_default(&again) == LC_OK && lc_scene_load_default(&other) == LC_OK);
    CHECK(lc_scene_add_figures(&again, path, COUNT, 1) == LC_OK);
    CHECK(lc_scene_add_figures(&other, path, COUNT, 9) == LC_OK);
    float a2[COUNT][3], o2[COUNT][3];
    CHECK(offsets(&again, 0, a2) == n && !memcmp(a2, at, n * sizeof at[0]));
    CHECK(offsets(&other, 0, o2) == n && memcmp(o2, at, n * sizeof at[0]) != 0);
    lc_scene_destroy(&again);
    lc_scene_destroy(&other);

    /* Usage errors: figures into a scene that animates, a still file as figures. */
    lc_set_quiet(true);
    CHECK(lc_scene_add_figures(&hall, path, 2, 1) == LC_ERR_USAGE);
    lc_scene_destroy(&hall);
    lc_scene plain;
    CHECK(lc_scene_load_default(&plain) == LC_OK);
    char obj[] = "/tmp/lc-figures-XXXXXX.obj";
    fd = mkstemps(obj, 4);
    if (fd >= 0) {
        FILE *f = fdopen(fd, "w");
        fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", f);
        fclose(f);
        CHECK(lc_scene_add_figures(&plain, obj, 2, 1) == LC_ERR_USAGE);
        unlink(obj);
    }
    lc_scene_destroy(&plain);
    unlink(path);
    return lc_test_finish("test_figures_place");
}
