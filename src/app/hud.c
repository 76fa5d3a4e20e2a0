#include <string.h>

#include "app/viewer.h"

#include <stb/stb_easy_font.h>

static uint32_t push(float *v, uint32_t cap, uint32_t n, float x, float y, const float c[4])
{
    if (n >= cap) return n;
    float *p = v + (size_t)n * 6;
    p[0] = x, p[1] = y, p[2] = c[0], p[3] = c[1], p[4] = c[2], p[5] = c[3];
    return n + 1;
}

uint32_t lc_hud_rect(float *v, uint32_t cap, uint32_t n, float x0, float y0, float x1, float y1, const float c[4])
{
    if (n + 6 > cap) return n;
    n = push(v, cap, n, x0, y0, c);
    n = push(v, cap, n, x1, y0, c);
    n = push(v, cap, n, x1, y1, c);
    n = push(v, cap, n, x0, y0, c);
    n = push(v, cap, n, x1, y1, c);
    return push(v, cap, n, x0, y1, c);
}

uint32_t lc_hud_text(float *v, uint32_t cap, uint32_t n, float x, float y, float scale, const char *text, const float c[4])
{
    static char quads[64 * 4096]; /* 64 bytes a quad: 4096 quads, a few hundred characters */
    int count = stb_easy_font_print(0.0f, 0.0f, (char *)text, NULL, quads, sizeof quads);
    /* stb_easy_font emits quads of 4 vertices: x, y, z floats and 4 colour bytes. */
    for (int q = 0; q < count && n + 6 <= cap; q++) {
        float px[4], py[4];
        for (int k = 0; k < 4; k++) {
            const float *f = (const float *)(quads + (size_t)(q * 4 + k) * 16);
            px[k] = x + f[0] * scale;
            py[k] = y + f[1] * scale;
        }
        n = push(v, cap, n, px[0], py[0], c);
        n = push(v, cap, n, px[1], py[1], c);
        n = push(v, cap, n, px[2], py[2], c);
        n = push(v, cap, n, px[0], py[0], c);
        n = push(v, cap, n, px[2], py[2], c);
        n = push(v, cap, n, px[3], py[3], c);
    }
    return n;
}

void lc_hud_text_size(const char *text, float scale, float *w, float *h)
{
    *w = (float)stb_easy_font_width((char *)text) * scale;
    *h = (float)stb_easy_font_height((char *)text) * scale;
}

uint32_t lc_hud_panel(float *v, uint32_t cap, uint32_t n, float x, float y, float scale, const char *text,
                      const float color[4], const float background[4], float *bottom)
{
    float w, h, pad = 4.0f * scale;
    lc_hud_text_size(text, scale, &w, &h);
    n = lc_hud_rect(v, cap, n, x, y, x + w + 2.0f * pad, y + h + 2.0f * pad, background);
    n = lc_hud_text(v, cap, n, x + pad, y + pad, scale, text, color);
    if (bottom) *bottom = y + h + 2.0f * pad;
    return n;
}
