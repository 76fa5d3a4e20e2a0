/* The desktop viewer: GLFW window, fly camera, keys, HUD, tile inspector, screenshots,
 * RenderDoc capture key, and a --script of timed inputs for automated runs. */
#ifndef LC_VIEWER_H
#define LC_VIEWER_H

#include "app/app.h"

/* HUD text to triangles (pixels, top-left origin): appends to verts (6 floats a vertex). */
uint32_t lc_hud_text(float *verts, uint32_t cap, uint32_t count, float x, float y, float scale, const char *text,
                     const float color[4]);
uint32_t lc_hud_rect(float *verts, uint32_t cap, uint32_t count, float x0, float y0, float x1, float y1,
                     const float color[4]);

/* Width and height in pixels of text drawn at scale. */
void lc_hud_text_size(const char *text, float scale, float *w, float *h);
/* Text on a background panel sized to it; *bottom (may be NULL) gets the panel's lower edge. */
uint32_t lc_hud_panel(float *verts, uint32_t cap, uint32_t count, float x, float y, float scale, const char *text,
                      const float color[4], const float background[4], float *bottom);

/* The HUD's text scale for a window height: legible at 640x360 (1), not tiny at 4K (up to 3). */
float lc_hud_scale(uint32_t height);
/* The key help panel's size (and its key column's width) at scale. */
void lc_hud_help_size(float scale, float *key_w, float *w, float *h);
/* text with each line wider than max_w pixels (at scale) broken at its "   " separators (else
 * at spaces) into lines that fit, the continuations indented; into out (cap bytes). */
void lc_hud_wrap(const char *text, float scale, float max_w, char *out, size_t cap);

/* Where the HUD (top left) and the key help (top right) go in a width x height window, never
 * overlapping: the HUD wrapped to the room left of the help, else above it with the help below,
 * else (a small window) hidden while the help shows. help_w 0: no help. The HUD text as
 * wrapped goes to wrapped (cap bytes). Rectangles are x0, y0, x1, y1 in pixels. */
typedef struct lc_hud_layout {
    float hud[4], help[4];
    bool hud_shown;
} lc_hud_layout;
lc_hud_layout lc_hud_place(const char *hud_text, float scale, float width, float height, float help_w, float help_h,
                           char *wrapped, size_t cap);

#endif
