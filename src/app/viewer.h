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

#endif
