/* The compute raster's depth words (--raster compute; passes/raster.c) on the device
 * (lavapipe), validation on, the default hall at an odd size, a still camera:
 * - the camera's HiZ, which reads the words (hiz_raster.comp), equals the folded CPU pyramid
 *   of the depth a host read of LC_RES_DEPTH returns (the words), bit for bit, when phase 2
 *   drew nothing (the depth is phase 1's);
 * - that depth is the hardware raster's: at most 0.1 % of the pixels (depth ties between
 *   coplanar surfaces, silhouettes) differ by more than 4 float steps, and most are covered;
 * - a frame without a transparent pass records no depth copy ('raster depth'), with
 *   occlusion on and off, and with occlusion on its HiZ runs. */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "hiz_ref.h"
#include "test_util.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SIZE "203x117"

/* Whether the last recorded frame has a pass of this name (its marker). */
static bool frame_has_pass(const lc_renderer *r, const char *name)
{
    const lc_frame_slot *slot = &r->frame.slots[(r->frame.index - 1) % LC_FRAMES_IN_FLIGHT];
    for (uint32_t m = 0; m < slot->marker_count; m++)
        if (!strcmp(slot->marker_names[m], name)) return true;
    return false;
}

/* Three still frames of the hall under a rasterizer; its depth as a host read returns it. */
static float *hall_depth(const char *raster, const char *occlusion, lc_app **out)
{
    char *argv[] = {"--headless", "--quiet", "--validate", "--size", SIZE, "--lights", "64", "--shading", "visibility",
                    "--geometry", "mdi", "--occlusion", (char *)occlusion, "--raster", (char *)raster};
    lc_app *a = lc_test_app_start((int)LC_ARRAY_COUNT(argv), argv);
    *out = a;
    CHECK(a != NULL);
    if (!a) return NULL;
    lc_frame_settings fs = lc_app_settings(a);
    for (int f = 0; f < 3; f++) CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
    lc_renderer_finish(a->renderer);
    return lc_renderer_read(a->renderer, LC_RES_DEPTH, NULL);
}

static void test_words(void)
{
    lc_app *hw_app, *a;
    float *hw = hall_depth("hardware", "on", &hw_app);
    if (hw_app) lc_test_app_stop(hw_app);
    float *depth = hall_depth("compute", "on", &a);
    if (!a) return;
    lc_renderer *r = a->renderer;
    CHECK(r->settings.raster == LC_RASTERIZER_COMPUTE && r->frame.depth_words);
    CHECK_MSG(!frame_has_pass(r, "raster depth") && !frame_has_pass(r, "raster depth / phase 1"),
              "a frame without a transparent pass copies the depth words into the depth image");
    CHECK_MSG(frame_has_pass(r, "hiz"), "occlusion on: no hiz pass");
    const lc_gpu_geometry_stats *st = r->dev.geo.stats[(r->frame.index - 1) % LC_FRAMES_IN_FLIGHT].mapped;
    CHECK_MSG(st->triangles.z == 0, "a still camera drew %u triangles in phase 2", st->triangles.z);

    /* The HiZ from the words against the words' folded pyramid. */
    size_t bytes = 0;
    float *hiz = lc_renderer_read(r, LC_RES_HIZ, &bytes);
    CHECK(depth && hiz);
    uint32_t w = r->sized.width, h = r->sized.height, texels = 0;
    uint32_t bad = depth && hiz ? lc_test_hiz_compare("words", depth, hiz, bytes, w, h, r->sized.hiz.mip_levels, &texels) : 1;
    CHECK_MSG(bad == 0, "%u of %u HiZ texels differ from the folded pyramid of the depth words", bad, texels);
    printf("  hiz from the depth words (%u levels): %u texels equal the folded CPU pyramid\n", r->sized.hiz.mip_levels, texels);

    /* The words against the hardware raster's depth image. */
    uint32_t moved = 0, differ = 0, covered = 0;
    for (uint32_t i = 0; depth && hw && i < w * h; i++) {
        differ += depth[i] != hw[i];
        moved += fabsf(depth[i] - hw[i]) > 4.0f * FLT_EPSILON;
        covered += depth[i] < 1.0f;
    }
    CHECK(hw != NULL);
    CHECK_MSG(covered > w * h / 2, "only %u of %u pixels have depth below 1", covered, w * h);
    CHECK_MSG(moved <= w * h / 1000, "%u of %u depth pixels differ from the hardware raster's by more than 4.8e-7", moved, w * h);
    printf("  depth words: %u of %u pixels covered, %u differ from the hardware raster's by more than 4.8e-7 (%u by any)\n", covered,
           w * h, moved, differ);
    free(hiz);
    free(depth);
    free(hw);

    /* One phase (occlusion off): no HiZ, still no copy. */
    lc_frame_settings fs = lc_app_settings(a);
    fs.occlusion = false;
    CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
    lc_renderer_finish(r);
    CHECK_MSG(!frame_has_pass(r, "raster depth") && !frame_has_pass(r, "hiz") && frame_has_pass(r, "raster resolve"),
              "occlusion off: a depth copy or a HiZ, or no resolve");
    lc_test_app_stop(a);
}

int main(void)
{
    test_words();
    uint32_t msgs = lc_validation_message_count();
    CHECK_MSG(msgs == 0, "%u validation message(s)", msgs);
    return lc_test_finish("test_gpu_raster_depth");
}
