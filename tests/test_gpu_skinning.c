/* GPU skinning (src/geometry/skinning.h) against the CPU's (lc_scene_pose_skins, the reference):
 * the file of tests/anim_test_scene.h rendered at t = 0.5 (the strip's upper joint turned 30
 * degrees), the runtime mesh read back: every skinned vertex where the CPU poses it (positions
 * within 1e-4, normals within 1e-3), the vertices of other meshes untouched, and the skinned
 * meshlets' and sublets' spheres (posed on the GPU) around their posed vertices, a morph-target quad's CPU-morphed
 * vertices uploaded in the same pass; then 30 more frames, and
 * the same again at t = 1; a frame at the same time again skins nothing; switched to no
 * animation, the rest pose. */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "scene/animation.h"
#include "test_util.h"
#include "anim_test_scene.h"
#include "skin_bounds_check.h"

#include <stdlib.h>
#include <unistd.h>

static void compare(lc_app *a, const char *when)
{
    lc_renderer_finish(a->renderer);
    const lc_geometry *g = &a->renderer->dev.geo;
    uint32_t nv = 0, nt = 0;
    for (uint32_t i = 0; i < g->ms.range_count; i++) {
        nv = LC_MAX(nv, g->ms.ranges[i].first_vertex + g->ms.ranges[i].vertex_count);
        nt = LC_MAX(nt, g->ms.ranges[i].first_triangle + g->ms.ranges[i].triangle_count);
    }
    lc_vertex *v = lc_calloc(nv, sizeof *v);
    uint32_t *ix = lc_calloc((size_t)nt * 3, 4);
    CHECK(lc_geometry_read_mesh(&a->ctx, g, v, ix) == LC_OK);
    /* The CPU reference: the scene's vertices posed from the same node worlds. */
    lc_scene_pose_skins(&a->scene);
    const lc_scene_anim *an = a->scene.anim;
    float worst_p = 0.0f, worst_n = 0.0f, outside = 0.0f;
    uint32_t checked = 0;
    for (uint32_t k = 0; k < an->skin_count; k++) {
        const lc_meshlet_range *r = &g->ms.ranges[an->skins[k].mesh];
        for (uint32_t i = r->first_vertex; i < r->first_vertex + r->vertex_count; i++) {
            const lc_vertex *ref = &a->scene.vertices[g->ms.vertex_remap[i]];
            for (int c = 0; c < 3; c++) {
                worst_p = fmaxf(worst_p, fabsf(v[i].position[c] - ref->position[c]));
                worst_n = fmaxf(worst_n, fabsf(v[i].normal[c] - ref->normal[c]));
            }
            checked++;
        }
        /* Each skinned meshlet's and sublet's GPU sphere holds its posed vertices (read back from the GPU). */
        skin_bounds sb;
        skin_bounds_read(a, r->first_meshlet + r->meshlet_count, &sb);
        outside = fmaxf(outside, skin_bounds_outside(&sb, v, r->first_meshlet, r->meshlet_count));
        skin_bounds_free(a, &sb);
    }
    CHECK_MSG(checked == 10, "%s: %u skinned vertices", when, checked);
    CHECK_MSG(worst_p <= 1e-4f, "%s: GPU-skinned positions %g from the CPU's", when, worst_p);
    CHECK_MSG(worst_n <= 1e-3f, "%s: GPU-skinned normals %g from the CPU's", when, worst_n);
    CHECK_MSG(outside <= 0.0f, "%s: a posed vertex %g outside its meshlet's or sublet's posed sphere", when, outside);
    /* The morphed quad, deformed on the CPU and uploaded in the same pass: its posed vertices. */
    for (uint32_t k = 0; k < an->morph_count; k++) {
        const lc_meshlet_range *r = &g->ms.ranges[an->morphs[k].mesh];
        for (uint32_t i = r->first_vertex; i < r->first_vertex + r->vertex_count; i++)
            CHECK_MSG(fabsf(v[i].position[2] - a->scene.vertices[g->ms.vertex_remap[i]].position[2]) < 1e-6f, "%s: morphed vertex z %g, want %g",
                      when, v[i].position[2], a->scene.vertices[g->ms.vertex_remap[i]].position[2]);
    }
    CHECK(an->morph_count == 1);
    /* The quads (mesh 0) are not skinned: the load-time runtime vertices. */
    const lc_meshlet_range *q = &g->ms.ranges[0];
    for (uint32_t i = q->first_vertex; i < q->first_vertex + q->vertex_count; i++) CHECK(fabsf(v[i].position[2]) < 1e-6f);
    free(v);
    free(ix);
}

int main(void)
{
    char path[] = "/tmp/lc-skin-XXXXXX.gltf";
    int fd = mkstemps(path, 5);
    if (fd < 0) {
        lc_test_skip("GPU skinning", "cannot make a temporary file");
        return lc_test_finish("test_gpu_skinning");
    }
    close(fd);
    write_file(path);
    char *argv[] = {"--scene", path, "--headless", "--quiet", "--validate", "--size", "64x36", "--lights", "0", "--time", "0.5"};
    lc_app *a = lc_test_app_start((int)LC_ARRAY_COUNT(argv), argv);
    unlink(path);
    CHECK(a != NULL);
    if (!a) return lc_test_finish("test_gpu_skinning");
    CHECK(a->scene.anim && a->scene.anim->gpu_skinning);
    lc_frame_settings fs = lc_app_settings(a);
    a->anim_time = 0.5;
    CHECK(lc_app_frame(a, &fs, 0.5f) == LC_OK);
    compare(a, "t = 0.5");
    for (int f = 1; f <= 30; f++) {
        a->anim_time = 0.5 + f / 60.0;
        CHECK(lc_app_frame(a, &fs, (float)a->anim_time) == LC_OK);
    }
    compare(a, "t = 1");
    /* The clock held (a paused viewer): nothing is skinned, copied or moved again (the first
     * frame after compare's CPU pose uploads once more). */
    CHECK(lc_app_frame(a, &fs, (float)a->anim_time) == LC_OK);
    CHECK(lc_app_frame(a, &fs, (float)a->anim_time) == LC_OK);
    CHECK(!a->renderer->dev.motion.skins_pending && a->renderer->dev.motion.count == 0);
    /* The viewer's "next animation" to none: the skin and the objects go back to their rest pose
     * on the GPU, although nothing plays any more. */
    lc_app_select_animation(a, LC_ANIMATION_NONE);
    CHECK(lc_app_frame(a, &fs, (float)a->anim_time) == LC_OK);
    compare(a, "switched to none");
    CHECK_MSG(lc_validation_message_count() == 0, "%u validation messages", (unsigned)lc_validation_message_count());
    lc_test_app_stop(a);
    return lc_test_finish("test_gpu_skinning");
}
