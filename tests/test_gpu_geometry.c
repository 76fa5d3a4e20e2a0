/* The geometry paths on the device (lavapipe), validation on:
 * - the runtime mesh is the same with --meshlet-codec on (GPU decode of the compressed
 *   stream) and off (CPU decode uploaded plain), bit for bit, and equals the CPU decode;
 * - the HiZ pyramid equals a CPU reduction of the depth with the seed's non-power-of-two
 *   folding (edge texels cover the truncated pixels), on odd sizes, when phase 2 drew nothing
 *   (a still camera: the depth is phase 1's);
 * - mdi culls: meshlets and triangles drawn < total, the counters add up, and the visibility
 *   bits hold exactly the drawn meshlets;
 * - the direct path counts every meshlet as drawn. */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "hiz_ref.h"
#include "test_util.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_codec(void)
{
    char *on[] = {"--headless", "--quiet", "--validate", "--size", "64x64", "--meshlet-codec", "on"};
    char *off[] = {"--headless", "--quiet", "--validate", "--size", "64x64", "--meshlet-codec", "off"};
    lc_app *a = lc_test_app_start((int)LC_ARRAY_COUNT(on), on);
    CHECK(a != NULL);
    if (!a) return;
    const lc_geometry *g = &a->renderer->dev.geo;
    uint32_t nv = 0, nt = 0;
    for (uint32_t i = 0; i < g->ms.range_count; i++) {
        nv = LC_MAX(nv, g->ms.ranges[i].first_vertex + g->ms.ranges[i].vertex_count);
        nt = LC_MAX(nt, g->ms.ranges[i].first_triangle + g->ms.ranges[i].triangle_count);
    }
    CHECK(nv > 0 && nt > 0 && g->decode_ms > 0.0);
    lc_vertex *va = lc_calloc(nv, sizeof *va), *vb = lc_calloc(nv, sizeof *vb);
    uint32_t *ia = lc_calloc((size_t)nt * 3, 4), *ib = lc_calloc((size_t)nt * 3, 4);
    CHECK(lc_geometry_read_mesh(&a->ctx, g, va, ia) == LC_OK);
    lc_test_app_stop(a);
    lc_app *b = lc_test_app_start((int)LC_ARRAY_COUNT(off), off);
    CHECK(b != NULL);
    if (!b) return;
    CHECK(b->renderer->dev.geo.decode_ms == 0.0);
    CHECK(lc_geometry_read_mesh(&b->ctx, &b->renderer->dev.geo, vb, ib) == LC_OK);
    /* The CPU decode of the same scene: what both must hold. */
    lc_meshlet_scene ms;
    CHECK(lc_meshlet_scene_build(&b->scene, &ms) == LC_OK);
    lc_vertex *vc = lc_calloc(nv, sizeof *vc);
    uint32_t *ic = lc_calloc((size_t)nt * 3, 4);
    CHECK(ms.enc.vertex_count == nv && ms.enc.triangle_count == nt);
    lc_meshlet_decode_cpu(&ms.enc, vc, ic, NULL);
    CHECK_MSG(memcmp(va, vb, nv * sizeof *va) == 0, "codec on and off give different vertex buffers");
    CHECK_MSG(memcmp(ia, ib, (size_t)nt * 12) == 0, "codec on and off give different index buffers");
    CHECK_MSG(memcmp(va, vc, nv * sizeof *va) == 0 && memcmp(ia, ic, (size_t)nt * 12) == 0,
              "the runtime mesh is not the CPU decode of the scene's meshlets");
    printf("  runtime mesh: %u vertices, %u triangles, identical with the codec on and off\n", nv, nt);
    lc_meshlet_scene_destroy(&ms);
    lc_test_app_stop(b);
    free(va), free(vb), free(vc), free(ia), free(ib), free(ic);
}

static void test_hiz(const char *size, const char *scene)
{
    char *argv[] = {"--headless", "--quiet", "--validate", "--size", (char *)size, "--scene", (char *)scene, "--lights", "64",
                    "--geometry", "mdi", "--occlusion", "on"};
    lc_app *a = lc_test_app_start((int)LC_ARRAY_COUNT(argv), argv);
    CHECK(a != NULL);
    if (!a) return;
    lc_frame_settings fs = lc_app_settings(a);
    /* Frame 1 draws everything in phase 2, frame 2 in phase 1; frame 3 finds nothing new. */
    for (int f = 0; f < 3; f++) CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
    lc_renderer_finish(a->renderer);
    lc_renderer *r = a->renderer;
    const lc_gpu_geometry_stats *st = r->dev.geo.stats[(r->frame.index - 1) % LC_FRAMES_IN_FLIGHT].mapped;
    CHECK_MSG(st->triangles.z == 0, "a still camera drew %u triangles in phase 2", st->triangles.z);
    size_t bytes = 0;
    float *depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
    float *hiz = lc_renderer_read(r, LC_RES_HIZ, &bytes);
    CHECK(depth && hiz);
    uint32_t w = r->sized.width, h = r->sized.height, texels = 0;
    uint32_t bad = depth && hiz ? lc_test_hiz_compare(size, depth, hiz, bytes, w, h, r->sized.hiz.mip_levels, &texels) : 1;
    CHECK_MSG(bad == 0, "%s: %u of %u HiZ texels differ from the folded CPU pyramid", size, bad, texels);
    printf("  hiz %s (%u levels): %u texels equal the folded CPU pyramid\n", size, r->sized.hiz.mip_levels, texels);
    free(depth);
    free(hiz);

    /* Counters add up; the visibility bits are exactly the drawn meshlets. */
    const lc_geometry_counts *gc = &r->frame.geometry;
    CHECK(gc->path == LC_GEOMETRY_MDI && gc->occlusion);
    CHECK(gc->meshlets_total == r->dev.geo.task_count);
    CHECK_MSG(gc->meshlets_drawn + gc->culled_frustum + gc->culled_backface + gc->culled_occlusion == gc->meshlets_total,
              "%llu drawn + %llu + %llu + %llu culled != %llu", (unsigned long long)gc->meshlets_drawn,
              (unsigned long long)gc->culled_frustum, (unsigned long long)gc->culled_backface,
              (unsigned long long)gc->culled_occlusion, (unsigned long long)gc->meshlets_total);
    CHECK(gc->triangles_drawn < gc->triangles_total && gc->meshlets_drawn < gc->meshlets_total);
    uint32_t *bits = lc_renderer_read(r, LC_RES_GEO_VISIBILITY, NULL);
    uint64_t set = 0;
    for (uint32_t t = 0; bits && t < r->dev.geo.task_count; t++) set += (bits[t >> 5] >> (t & 31)) & 1u;
    CHECK_MSG(set == gc->meshlets_drawn, "%llu visibility bits set, %llu meshlets drawn", (unsigned long long)set,
              (unsigned long long)gc->meshlets_drawn);
    free(bits);
    printf("  mdi %s: %llu of %llu meshlets drawn (frustum %llu, back-face %llu, occlusion %llu), %llu of %llu triangles\n",
           scene, (unsigned long long)gc->meshlets_drawn, (unsigned long long)gc->meshlets_total,
           (unsigned long long)gc->culled_frustum, (unsigned long long)gc->culled_backface,
           (unsigned long long)gc->culled_occlusion, (unsigned long long)gc->triangles_drawn,
           (unsigned long long)gc->triangles_total);

    /* The mesh path (devices with mesh shaders): the task shader runs the same cull, so a
     * still camera gives the same frustum and cone counts, and the mesh shader the same depth
     * (but for silhouette pixels, should the stages round positions differently; then the
     * HiZ may keep or drop a borderline meshlet: 1% slack on the drawn ones). */
    if (a->ctx.mesh_shader) {
        lc_geometry_counts mdi = *gc;
        float *mdi_depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
        fs.geometry = LC_GEOMETRY_MESH;
        for (int f = 0; f < 3; f++) CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
        lc_renderer_finish(r);
        CHECK(gc->path == LC_GEOMETRY_MESH && gc->occlusion);
        uint64_t slack = gc->meshlets_total / 100;
        CHECK_MSG(gc->meshlets_drawn + slack >= mdi.meshlets_drawn && mdi.meshlets_drawn + slack >= gc->meshlets_drawn &&
                      gc->culled_frustum == mdi.culled_frustum && gc->culled_backface == mdi.culled_backface,
                  "mesh: %llu meshlets drawn (%llu, %llu, %llu culled), mdi %llu (%llu, %llu, %llu)",
                  (unsigned long long)gc->meshlets_drawn, (unsigned long long)gc->culled_frustum,
                  (unsigned long long)gc->culled_backface, (unsigned long long)gc->culled_occlusion,
                  (unsigned long long)mdi.meshlets_drawn, (unsigned long long)mdi.culled_frustum,
                  (unsigned long long)mdi.culled_backface, (unsigned long long)mdi.culled_occlusion);
        /* The mesh path keeps a byte per task (its visible sublets), mdi a bit. */
        bits = lc_renderer_read(r, LC_RES_GEO_VISIBILITY, NULL);
        set = 0;
        for (uint32_t t = 0; bits && t < r->dev.geo.task_count; t++) set += ((bits[t >> 2] >> (8 * (t & 3))) & 0xffu) != 0;
        /* A drawn meshlet whose sublets all failed their own tests keeps a zero byte, and
         * each such meshlet has culled at least one sublet. */
        CHECK_MSG(set <= gc->meshlets_drawn && gc->meshlets_drawn - set <= gc->culled_sublets,
                  "mesh: %llu visibility bytes set, %llu meshlets drawn, %llu sublets culled", (unsigned long long)set,
                  (unsigned long long)gc->meshlets_drawn, (unsigned long long)gc->culled_sublets);
        free(bits);
        float *mesh_depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
        /* Depth to a few float steps: lavapipe rasterizes mesh-shader primitives with its own
         * setup, whose depth differs from the vertex pipeline's by 1-2 steps (below 2.4e-7) at
         * many pixels; a meshlet drawn or missed by one path moves depth by far more. */
        uint32_t differ = 0, moved = 0;
        for (uint32_t i = 0; mdi_depth && mesh_depth && i < w * h; i++) {
            differ += mdi_depth[i] != mesh_depth[i];
            moved += fabsf(mdi_depth[i] - mesh_depth[i]) > 4.0f * FLT_EPSILON;
        }
        CHECK(mdi_depth && mesh_depth);
        CHECK_MSG(moved <= w * h / 1000, "mesh: %u of %u depth pixels differ from mdi by more than 4.8e-7", moved, w * h);
        printf("  mesh %s: %llu meshlets drawn (mdi %llu), %u of %u depth pixels differ from mdi by more than 4.8e-7 "
               "(%u by any)\n", scene, (unsigned long long)gc->meshlets_drawn, (unsigned long long)mdi.meshlets_drawn, moved,
               w * h, differ);
        free(mdi_depth);
        free(mesh_depth);
    } else {
        lc_test_skip("the mesh-shader path", "device '%s' lacks %s", a->ctx.props.deviceName, a->ctx.mesh_missing);
    }

    /* The direct path: every meshlet of the objects the CPU cull keeps (all of them with the
     * object cull off); the rest count as frustum-culled. */
    fs.geometry = LC_GEOMETRY_DIRECT;
    fs.object_cull_off = true;
    CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
    lc_renderer_finish(r);
    CHECK(r->frame.geometry.path == LC_GEOMETRY_DIRECT && r->frame.geometry.meshlets_drawn == r->frame.geometry.meshlets_total &&
          r->frame.geometry.triangles_drawn == r->frame.geometry.triangles_total && r->frame.geometry.culled_frustum == 0);
    fs.object_cull_off = false;
    CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
    lc_renderer_finish(r);
    CHECK(r->frame.geometry.meshlets_drawn + r->frame.geometry.culled_frustum == r->frame.geometry.meshlets_total &&
          r->frame.geometry.meshlets_drawn > 0 && r->frame.geometry.triangles_drawn <= r->frame.geometry.triangles_total);
    lc_test_app_stop(a);
}

int main(void)
{
    test_codec();
    test_hiz("250x130", "default");
    test_hiz("97x61", "mesh");
    uint32_t msgs = lc_validation_message_count();
    CHECK_MSG(msgs == 0, "%u validation message(s)", msgs);
    return lc_test_finish("test_gpu_geometry");
}
