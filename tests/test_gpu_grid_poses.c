/* --grid of an animated file, each copy posed on its own (lc_scene_anim_instance, --grid-phase
 * spread): the file of tests/anim_test_scene.h at --grid 3 (27 copies: skin.comp poses
 * LC_SKIN_COPIES copies a workgroup, so an odd count leaves a workgroup one copy) and t = 0.5,
 * the runtime mesh read back; every copy's GPU-skinned vertices where a CPU reference puts them,
 * the file loaded alone and posed on the CPU at the copy's own time (0.5 + its phase): positions
 * within 1e-4, every copy's skinned meshlets' and sublets' spheres (posed on the GPU) around its
 * vertices, the morphed quads each at their own weights; the copies' poses differ (two at least
 * by 1 cm); 30 frames later the same at t = 1. With --grid-phase same every copy has copy 0's
 * pose. Then the same for the chain file: 40 joints, more than skin.comp holds in shared memory. */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "scene/animation.h"
#include "test_util.h"
#include "anim_test_scene.h"
#include "skin_bounds_check.h"

#include <stdlib.h>
#include <unistd.h>

static const char *g_path;
static bool g_morph; /* the file has a morph-target mesh */

/* The copy's runtime vertices of skin or morph mesh `mesh` against `ref` (the same mesh of the file
 * alone, posed at the copy's time): the worst position difference. */
static float against(const lc_app *a, const lc_vertex *v, uint32_t mesh, const lc_scene *ref, uint32_t ref_mesh)
{
    const lc_geometry *g = &a->renderer->dev.geo;
    const lc_meshlet_range *r = &g->ms.ranges[mesh];
    float worst = 0.0f;
    for (uint32_t i = r->first_vertex; i < r->first_vertex + r->vertex_count; i++) {
        uint32_t local = g->ms.vertex_remap[i] - a->scene.meshes[mesh].first_vertex;
        const lc_vertex *rv = &ref->vertices[ref->meshes[ref_mesh].first_vertex + local];
        for (int c = 0; c < 3; c++) worst = fmaxf(worst, fabsf(v[i].position[c] - rv->position[c]));
    }
    return worst;
}

static void compare(lc_app *a, double t, bool same, const char *when)
{
    lc_renderer_finish(a->renderer);
    const lc_geometry *g = &a->renderer->dev.geo;
    uint32_t nv = 0, nt = 0, nm = 0;
    for (uint32_t i = 0; i < g->ms.range_count; i++) {
        nv = LC_MAX(nv, g->ms.ranges[i].first_vertex + g->ms.ranges[i].vertex_count);
        nt = LC_MAX(nt, g->ms.ranges[i].first_triangle + g->ms.ranges[i].triangle_count);
        nm = LC_MAX(nm, g->ms.ranges[i].first_meshlet + g->ms.ranges[i].meshlet_count);
    }
    lc_vertex *v = lc_calloc(nv, sizeof *v);
    uint32_t *ix = lc_calloc((size_t)nt * 3, 4);
    CHECK(lc_geometry_read_mesh(&a->ctx, g, v, ix) == LC_OK);
    const lc_scene_anim *an = a->scene.anim;
    uint32_t copies = an->instance_count ? an->instance_count : 1;
    CHECK_MSG(copies == (same ? 1u : 27u), "%s: %u copies of the hierarchy", when, copies);
    uint32_t skins = an->skin_count / copies, morphs = an->morph_count / copies;
    CHECK(skins == 1 && morphs == (g_morph ? 1u : 0u));
    /* The meshlets' and sublets' GPU spheres, posed by skin_bounds.comp. */
    skin_bounds sb;
    skin_bounds_read(a, nm, &sb);
    float worst = 0.0f, worst_morph = 0.0f, outside = 0.0f, spread = 0.0f;
    for (uint32_t c = 0; c < copies; c++) {
        /* The reference: the file alone, its animation at this copy's time, posed on the CPU. */
        lc_scene ref;
        CHECK(lc_scene_load_file(&ref, g_path) == LC_OK);
        lc_scene_anim_select(&ref, 0);
        lc_scene_animate(&ref, t + (an->instance_count ? an->instance_phase[c] : 0.0f));
        lc_scene_pose_skins(&ref);
        /* Copy 0 keeps the original skin and morph; copy c >= 1 of k is at count + k * (copies - 1) + c - 1. */
        uint32_t sk = c ? skins + c - 1 : 0, mo = c ? morphs + c - 1 : 0;
        worst = fmaxf(worst, against(a, v, an->skins[sk].mesh, &ref, ref.anim->skins[0].mesh));
        if (g_morph) worst_morph = fmaxf(worst_morph, against(a, v, an->morphs[mo].mesh, &ref, ref.anim->morphs[0].mesh));
        const lc_meshlet_range *r = &g->ms.ranges[an->skins[sk].mesh], *r0 = &g->ms.ranges[an->skins[0].mesh];
        for (uint32_t i = 0; i < r->vertex_count && i < r0->vertex_count; i++)
            for (int k = 0; k < 3; k++)
                spread = fmaxf(spread, fabsf(v[r->first_vertex + i].position[k] - v[r0->first_vertex + i].position[k]));
        outside = fmaxf(outside, skin_bounds_outside(&sb, v, r->first_meshlet, r->meshlet_count));
        lc_scene_destroy(&ref);
    }
    skin_bounds_free(a, &sb);
    CHECK_MSG(worst <= 1e-4f, "%s: a copy's GPU-skinned positions %g from the CPU reference at its own time", when, worst);
    CHECK_MSG(worst_morph <= 1e-5f, "%s: a copy's morphed positions %g from the CPU reference at its own time", when, worst_morph);
    CHECK_MSG(outside <= 0.0f, "%s: a posed vertex %g outside its meshlet's or sublet's posed sphere", when, outside);
    if (!same) CHECK_MSG(spread > 1e-2f, "%s: the copies' poses differ by %g at most (want > 1 cm)", when, spread);
    free(v);
    free(ix);
}

static void run(bool same)
{
    char *argv[] = {"--scene", (char *)g_path, "--headless", "--quiet", "--validate", "--size", "64x36", "--lights", "0",
                    "--time", "0.5", "--grid", "3", "--grid-phase", same ? "same" : "spread", "--seed", "3"};
    lc_app *a = lc_test_app_start((int)LC_ARRAY_COUNT(argv), argv);
    CHECK(a != NULL);
    if (!a) return;
    CHECK(a->scene.anim && a->scene.anim->gpu_skinning);
    lc_frame_settings fs = lc_app_settings(a);
    a->anim_time = 0.5;
    CHECK(lc_app_frame(a, &fs, 0.5f) == LC_OK);
    char when[96];
    snprintf(when, sizeof when, "%s, %s, t = 0.5", g_morph ? "the test file" : "the chain", same ? "same" : "spread");
    compare(a, 0.5, same, when);
    for (int f = 1; f <= 30 && !same; f++) {
        a->anim_time = 0.5 + f / 60.0;
        CHECK(lc_app_frame(a, &fs, (float)a->anim_time) == LC_OK);
    }
    snprintf(when, sizeof when, "%s, spread, t = 1", g_morph ? "the test file" : "the chain");
    if (!same) compare(a, a->anim_time, same, when);
    lc_test_app_stop(a);
}

int main(void)
{
    char path[] = "/tmp/lc-grid-XXXXXX.gltf";
    int fd = mkstemps(path, 5);
    if (fd < 0) {
        lc_test_skip("grid poses", "cannot make a temporary file");
        return lc_test_finish("test_gpu_grid_poses");
    }
    close(fd);
    write_file(path);
    g_path = path;
    g_morph = true;
    run(false);
    run(true);
    write_chain_file(path);
    g_morph = false;
    run(false);
    unlink(path);
    CHECK_MSG(lc_validation_message_count() == 0, "%u validation messages", (unsigned)lc_validation_message_count());
    return lc_test_finish("test_gpu_grid_poses");
}
