/* The viewer's HUD and its key help never overlap and stay inside the window at 1280x720 and
 * 1920x1080; at 640x360 every HUD line fits the width at a legible scale (no line cut at the
 * window's edge), and the help, when shown, fits on its own. Pure layout: no window, no GPU. */
#include "app/viewer.h"
#include "test_util.h"

#include <string.h>

/* A HUD as build_hud writes it, with long values (a long device name, 8-digit counters). */
static const char k_hud[] =
    "NVIDIA GeForce RTX 4090 Laptop GPU   3840x2160   vsync off\n"
    "mode clusters   shading visibility   binning lights-nodepth   tiles 16 px   scalarization on (merge always)   view roughness-metallic\n"
    "lights 1048576 visible / 1048576 total (generated)   radius x1.25   paused   exposure EV100 12.34 (fixed)   sun 100000 lux, environment sky\n"
    "objects 524288 (65536 meshes)   triangles 67.21 M\n"
    "materials 1024 opaque / 1024 mask / 1024 blend   transparent draws 65536\n"
    "geometry mesh (indirect) + occlusion   meshlets 1048576 / 1048576   triangles 67.21 / 67.21 M   culled: frustum 12345678  back 12345678  occl 12345678  sublets 12345678\n"
    "shadows: lights 256   views 1536 (rendered 64, cached 1472)   texels 16.8 M   triangles 12.34 M (gpu cull + occlusion)   occl 12345678   12.345 ms   tent PCF\n"
    "frame 123.45 ms (8 fps)   GPU 123.456 ms\n"
    "GPU ms: depth 12.345  cull 12.345  shade 123.456  tonemap 1.234  HUD 0.123\n"
    "CPU ms: lights 12.345  objects 12.345  record 12.345  sort 12.345  submit 12.345   threads 256\n"
    "camera -1234.5 123.4 -1234.5  yaw -180  pitch -89   speed 123.4 m/s\n"
    "H or F1: keys   F11: RenderDoc capture";

static bool overlap(const float a[4], const float b[4]) { return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]; }
static bool inside(const float a[4], float w, float h) { return a[0] >= 0 && a[1] >= 0 && a[2] <= w && a[3] <= h; }

/* Every line of the wrapped HUD fits max_w pixels, and nothing of the text was lost. */
static void check_lines(const char *wrapped, float scale, float max_w, const char *what)
{
    char line[1024];
    size_t words_in = 0, words_out = 0;
    for (const char *p = wrapped;;) {
        size_t len = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        float w, h;
        lc_hud_text_size(line, scale, &w, &h);
        CHECK_MSG(w <= max_w, "%s: a HUD line of %.0f px in %.0f: %s", what, w, max_w, line);
        if (!p[len]) break;
        p += len + 1;
    }
    for (const char *p = k_hud; *p; p++) words_in += *p != ' ' && *p != '\n' && (p[1] == ' ' || p[1] == '\n' || !p[1]);
    for (const char *p = wrapped; *p; p++) words_out += *p != ' ' && *p != '\n' && (p[1] == ' ' || p[1] == '\n' || !p[1]);
    CHECK_MSG(words_in == words_out, "%s: %zu words wrapped into %zu", what, words_in, words_out);
}

static void check(uint32_t width, uint32_t height, bool help_beside_hud)
{
    char what[64], wrapped[4096];
    float scale = lc_hud_scale(height), kw, hw, hh, W = (float)width, H = (float)height;
    CHECK(scale >= 1.0f);
    lc_hud_help_size(scale, &kw, &hw, &hh);
    /* The HUD alone: fits the width, line by line. */
    snprintf(what, sizeof what, "%ux%u, HUD", width, height);
    lc_hud_layout l = lc_hud_place(k_hud, scale, W, H, 0, 0, wrapped, sizeof wrapped);
    CHECK_MSG(l.hud_shown && inside(l.hud, W, H), "%s: the HUD leaves the window (%.0f..%.0f x %.0f..%.0f)", what, l.hud[0],
              l.hud[2], l.hud[1], l.hud[3]);
    check_lines(wrapped, scale, W - 2 * 4 - 2 * 4 * scale, what);
    /* With the key help: never over the HUD, both inside. */
    snprintf(what, sizeof what, "%ux%u, HUD and help", width, height);
    l = lc_hud_place(k_hud, scale, W, H, hw, hh, wrapped, sizeof wrapped);
    CHECK_MSG(inside(l.help, W, H), "%s: the help leaves the window (%.0f..%.0f x %.0f..%.0f)", what, l.help[0], l.help[2],
              l.help[1], l.help[3]);
    if (help_beside_hud) CHECK_MSG(l.hud_shown, "%s: the HUD is hidden behind the help", what);
    if (l.hud_shown) {
        CHECK_MSG(!overlap(l.hud, l.help), "%s: the help (%.0f..%.0f x %.0f..%.0f) covers the HUD (%.0f..%.0f x %.0f..%.0f)", what,
                  l.help[0], l.help[2], l.help[1], l.help[3], l.hud[0], l.hud[2], l.hud[1], l.hud[3]);
        CHECK_MSG(inside(l.hud, W, H), "%s: the HUD leaves the window", what);
        check_lines(wrapped, scale, l.hud[2] - l.hud[0], what);
    }
    printf("%ux%u: scale %.1f, HUD %.0fx%.0f px, help %.0fx%.0f px, %s\n", width, height, scale, l.hud[2] - l.hud[0],
           l.hud[3] - l.hud[1], hw, hh, l.hud_shown ? "side by side or stacked" : "help alone");
}

int main(void)
{
    check(1280, 720, true);
    check(1920, 1080, true);
    check(3840, 2160, true);
    check(640, 360, false);
    check(800, 600, false);
    return lc_test_finish("test_hud");
}
