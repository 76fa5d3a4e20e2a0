/* glTF animation on the CPU (scene/animation.h): the samplers (STEP, LINEAR with slerp,
 * CUBICSPLINE with the file's tangents, before the first and after the last key), the loop's
 * clock, and a file written here: a parent node turning about Y carries its child's object (the
 * moved list holds its bounds before and after), a node the animation does not touch stays put,
 * a light on the child's node goes with it, a second animation and "all", and a mesh skinned to two joints (the upper one turning about
 * Z) posed as a CPU skinning reference computed here says (vertices within 1e-4). */
#include "scene/animation.h"
#include "lights/lights.h"
#include "scene/camera.h"
#include "test_util.h"
#include "anim_test_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool near3(const float *a, float x, float y, float z, float eps)
{
    return fabsf(a[0] - x) <= eps && fabsf(a[1] - y) <= eps && fabsf(a[2] - z) <= eps;
}

static void test_samplers(void)
{
    float t2[2] = {0.0f, 2.0f}, v3[6] = {0, 0, 0, 4, 0, 0}, out[4];
    lc_anim_channel c = {.path = LC_ANIM_TRANSLATION, .interp = LC_INTERP_LINEAR, .key_count = 2, .comps = 3, .times = t2, .values = v3};
    lc_anim_channel_sample(&c, 0.5f, out);
    CHECK(near3(out, 1, 0, 0, 1e-6f));
    lc_anim_channel_sample(&c, -1.0f, out);
    CHECK(near3(out, 0, 0, 0, 0));
    lc_anim_channel_sample(&c, 5.0f, out);
    CHECK(near3(out, 4, 0, 0, 0));
    c.interp = LC_INTERP_STEP;
    lc_anim_channel_sample(&c, 1.99f, out);
    CHECK(near3(out, 0, 0, 0, 0));
    lc_anim_channel_sample(&c, 2.0f, out);
    CHECK(near3(out, 4, 0, 0, 0));
    /* Cubic: (in, value, out) per key; zero tangents give the smoothstep 3u^2 - 2u^3, which a
     * sampler that dropped the tangents' keys for linear ones would not. */
    float t1[2] = {0.0f, 1.0f};
    float cv[18] = {0, 0, 0, 0, 0, 0, 0, 0, 0, /* key 0: in, value 0, out 0 */
                    0, 0, 0, 1, 2, 3, 0, 0, 0}; /* key 1: in 0, value (1, 2, 3), out */
    lc_anim_channel cc = {.path = LC_ANIM_SCALE, .interp = LC_INTERP_CUBIC, .key_count = 2, .comps = 3, .times = t1, .values = cv};
    lc_anim_channel_sample(&cc, 0.25f, out);
    float h = 3 * 0.0625f - 2 * 0.015625f;
    CHECK_MSG(near3(out, h, 2 * h, 3 * h, 1e-6f), "cubic at 0.25: %g %g %g, want %g", out[0], out[1], out[2], h);
    /* Tangents count: out-tangent 1 at key 0 (times dt) adds h10 = u^3 - 2u^2 + u. */
    cv[6] = 1.0f;
    lc_anim_channel_sample(&cc, 0.25f, out);
    CHECK(fabsf(out[0] - (h + 0.015625f - 0.125f + 0.25f)) < 1e-6f);
    /* Rotation: slerp, 90 degrees about Z halfway is 45. */
    float qv[8] = {0, 0, 0, 1, 0, 0, sinf(0.25f * 3.14159265f), cosf(0.25f * 3.14159265f)};
    lc_anim_channel rc = {.path = LC_ANIM_ROTATION, .interp = LC_INTERP_LINEAR, .key_count = 2, .comps = 4, .times = t1, .values = qv};
    lc_anim_channel_sample(&rc, 0.5f, out);
    CHECK_MSG(fabsf(out[2] - sinf(0.125f * 3.14159265f)) < 1e-5f && fabsf(out[3] - cosf(0.125f * 3.14159265f)) < 1e-5f,
              "slerp halfway: %g %g %g %g", out[0], out[1], out[2], out[3]);
    /* The loop: within the first loop as given, then wrapped, a loop's end at its end. */
    lc_animation a = {.end = 1.0f};
    CHECK(lc_animation_local_time(&a, 0.0) == 0.0f);
    CHECK(lc_animation_local_time(&a, 1.0) == 1.0f);
    CHECK(fabsf(lc_animation_local_time(&a, 1.25) - 0.25f) < 1e-6f);
    CHECK(lc_animation_local_time(&a, 2.0) == 1.0f);
}

/* The object drawing mesh `mesh` whose world translation is nearest (x, y, z). */
static const lc_object *object_near(const lc_scene *s, uint32_t mesh, float x, float y, float z)
{
    const lc_object *best = NULL;
    float bd = INFINITY;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const float *t = &s->objects[i].world.m[12];
        float d = fabsf(t[0] - x) + fabsf(t[1] - y) + fabsf(t[2] - z);
        if (s->objects[i].mesh == mesh && d < bd) bd = d, best = &s->objects[i];
    }
    return best;
}

static void test_file(void)
{
    char path[] = "/tmp/lc-anim-XXXXXX.gltf";
    int fd = mkstemps(path, 5);
    if (fd < 0) {
        lc_test_skip("animated file", "cannot make a temporary file");
        return;
    }
    close(fd);
    write_file(path);
    lc_scene s;
    lc_status st = lc_scene_load_file(&s, path);
    unlink(path);
    CHECK(st == LC_OK);
    if (st != LC_OK) return;
    CHECK(s.anim && s.anim->animation_count == 2);
    if (!s.anim) {
        lc_scene_destroy(&s);
        return;
    }
    CHECK(!strcmp(s.anim->animations[0].name, "turn"));
    /* The import is at rest: the child object at (1, 0, 0), the other box at (0, 0, -3). */
    CHECK(object_near(&s, 0, 1, 0, 0) && near3(&object_near(&s, 0, 1, 0, 0)->world.m[12], 1, 0, 0, 1e-6f));
    lc_scene_anim_select(&s, 0);
    CHECK(s.anim->dynamic_objects == 3); /* the child, the skinned mesh whose joint turns, the morphed quad */
    lc_scene_animate(&s, 0.5);
    /* The parent turned 45 degrees about Y: the child's origin at R(1, 0, 0). */
    const lc_object *child = object_near(&s, 0, 0.7071f, 0, -0.7071f);
    CHECK_MSG(child && near3(&child->world.m[12], 0.70710678f, 0, -0.70710678f, 1e-5f), "child at %g %g %g",
              child ? child->world.m[12] : 0, child ? child->world.m[13] : 0, child ? child->world.m[14] : 0);
    CHECK(object_near(&s, 0, 0, 0, -3) && near3(&object_near(&s, 0, 0, 0, -3)->world.m[12], 0, 0, -3, 0));
    /* The file's light on the child's node went with it. */
    CHECK(s.light_count == 1 && near3(s.lights[0].position, 0.70710678f, 0, -0.70710678f, 1e-5f));
    CHECK(s.anim->moved_count == 3); /* the child, the skinned mesh (posed again), the morphed quad */
    /* Morph weights interpolate: the quad's target (1 m along +Z) at weight 0.5. */
    CHECK(s.anim->morph_count == 1 && s.meshes[2].vertex_count == 4);
    for (uint32_t v = 0; v < s.meshes[2].vertex_count; v++)
        CHECK_MSG(fabsf(s.vertices[s.meshes[2].first_vertex + v].position[2] - 0.5f) < 1e-6f, "morphed z %g, want 0.5",
                  s.vertices[s.meshes[2].first_vertex + v].position[2]);
    bool found = false;
    for (uint32_t k = 0; k < s.anim->moved_count && child; k++) {
        if (&s.objects[s.anim->moved[k]] != child) continue;
        const float *before = s.anim->moved_bounds[2 * k], *after = s.anim->moved_bounds[2 * k + 1];
        CHECK(near3(before, 1, 0.5f, 0, 1e-5f)); /* the quad's centre, at rest */
        CHECK(near3(after, child->sphere[0], child->sphere[1], child->sphere[2], 0));
        found = true;
    }
    CHECK(found);
    /* The same time again moves nothing. */
    s.anim->moved_count = 0;
    lc_scene_animate(&s, 0.5);
    CHECK(s.anim->moved_count == 0);

    /* Skinning (lc_scene_animate posed it): the upper joint turned 30 degrees about Z at
     * t = 0.5; per vertex the weighted joints, joint 0 at the origin (identity), joint 1 =
     * T(0, 1, 0) R(30) times its inverse bind matrix T(0, -1, 0). */
    const lc_mesh *m = &s.meshes[1];
    CHECK(m->vertex_count == 10);
    float c = cosf(3.14159265f / 12.0f * 2.0f), sn = sinf(3.14159265f / 12.0f * 2.0f);
    float worst = 0.0f;
    for (uint32_t v = 0; v < m->vertex_count && m->vertex_count == 10; v++) {
        const float *p = s.vertices[m->first_vertex + v].position;
        /* assimp may reorder vertices: find the bind vertex by its weight row (y), x sign kept. */
        float best = INFINITY;
        for (int k = 0; k < 10; k++) {
            const float *b = strip_pos[k];
            float w = strip_w1(b[1]), y1 = b[1] - 1.0f;
            float q[3] = {(1 - w) * b[0] + w * (c * b[0] - sn * y1), (1 - w) * b[1] + w * (sn * b[0] + c * y1 + 1.0f), b[2]};
            float d = fmaxf(fabsf(q[0] - p[0]), fmaxf(fabsf(q[1] - p[1]), fabsf(q[2] - p[2])));
            best = fminf(best, d);
        }
        worst = fmaxf(worst, best);
    }
    CHECK_MSG(worst <= 1e-4f, "skinned vertices %g from the CPU reference", worst);
    /* The pose bends: the top vertices moved to -x. */
    float top_x = 0.0f;
    for (uint32_t v = 0; v < m->vertex_count; v++)
        if (s.vertices[m->first_vertex + v].position[1] > 1.7f) top_x += s.vertices[m->first_vertex + v].position[0];
    CHECK(top_x < -0.5f);

    /* The second animation (STEP) moves only the other box; "all" moves both. */
    lc_scene_anim_select(&s, 1);
    CHECK(s.anim->dynamic_objects == 1);
    s.anim->moved_count = 0;
    lc_scene_animate(&s, 0.5);
    CHECK(object_near(&s, 0, 3, 0, 0) && near3(&object_near(&s, 0, 3, 0, 0)->world.m[12], 3, 0, 0, 0));
    lc_scene_anim_select(&s, LC_ANIMATION_ALL);
    CHECK(s.anim->dynamic_objects == 4);
    lc_scene_animate(&s, 1.0);
    CHECK(fabsf(s.vertices[s.meshes[2].first_vertex].position[2] - 1.0f) < 1e-6f);
    CHECK(object_near(&s, 0, 3, 0, 2) && near3(&object_near(&s, 0, 3, 0, 2)->world.m[12], 3, 0, 2, 1e-6f));
    lc_scene_anim_select(&s, LC_ANIMATION_NONE);
    CHECK(s.anim->dynamic_objects == 0);
    lc_scene_destroy(&s);
}

int main(void)
{
    test_samplers();
    test_file();
    return lc_test_finish("test_animation");
}
