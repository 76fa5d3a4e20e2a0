#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/keys.h"
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

/* Appends text[0..len) to out (NUL-terminated, cut at cap). */
static size_t put(char *out, size_t at, size_t cap, const char *text, size_t len)
{
    while (len-- && at + 1 < cap) out[at++] = *text++;
    out[at] = 0;
    return at;
}

static float width_of(const char *text, size_t len, float scale)
{
    char buf[1024];
    size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;
    memcpy(buf, text, n);
    buf[n] = 0;
    return (float)stb_easy_font_width(buf) * scale;
}

/* One line into out: items ("   "-separated, else single words where an item alone is too
 * wide) as many as fit max_w a line; continuation lines start with two spaces. */
static size_t wrap_line(const char *line, size_t len, float scale, float max_w, char *out, size_t at, size_t cap)
{
    size_t start = 0;
    bool first = true;
    while (start < len) {
        const char *prefix = first ? "" : "  ";
        size_t best = 0;
        /* The longest run from start that fits, ending at a "   " break, else at a space. */
        for (int pass = 0; pass < 2 && !best; pass++) {
            const char *sep = pass == 0 ? "   " : " ";
            size_t seplen = strlen(sep);
            for (size_t end = start + 1; end <= len; end++) {
                bool at_break = end == len || (end + seplen <= len && !memcmp(line + end, sep, seplen));
                if (!at_break) continue;
                char tmp[1024];
                int n = snprintf(tmp, sizeof tmp, "%s%.*s", prefix, (int)(end - start), line + start);
                if (n > 0 && width_of(tmp, (size_t)n, scale) <= max_w) best = end;
                else if (best) break;
            }
        }
        if (!best) best = len; /* one word wider than the panel: as it is */
        at = put(out, at, cap, prefix, strlen(prefix));
        at = put(out, at, cap, line + start, best - start);
        start = best;
        while (start < len && line[start] == ' ') start++;
        if (start < len) at = put(out, at, cap, "\n", 1);
        first = false;
    }
    return at;
}

void lc_hud_wrap(const char *text, float scale, float max_w, char *out, size_t cap)
{
    size_t at = 0;
    out[0] = 0;
    for (const char *p = text;;) {
        size_t len = strcspn(p, "\n");
        at = wrap_line(p, len, scale, max_w, out, at, cap);
        if (!p[len]) break;
        at = put(out, at, cap, "\n", 1);
        p += len + 1;
    }
}

lc_hud_layout lc_hud_place(const char *hud_text, float scale, float width, float height, float help_w, float help_h,
                           char *wrapped, size_t cap)
{
    const float margin = 4.0f, pad = 4.0f * scale; /* lc_hud_panel's padding */
    lc_hud_layout l = {.hud_shown = true};
    float w, h;
    /* Beside the help (right), else above it, else the help alone. */
    if (help_w > 0) {
        float room = width - help_w - 3.0f * margin - 2.0f * pad;
        lc_hud_wrap(hud_text, scale, room, wrapped, cap);
        lc_hud_text_size(wrapped, scale, &w, &h);
        l.help[0] = width - help_w - margin, l.help[1] = margin;
        if (room >= 200.0f * scale && w <= room && h + 2.0f * pad + 2.0f * margin <= height) {
            l.hud[0] = margin, l.hud[1] = margin, l.hud[2] = margin + w + 2.0f * pad, l.hud[3] = margin + h + 2.0f * pad;
            goto done;
        }
        lc_hud_wrap(hud_text, scale, width - 2.0f * margin - 2.0f * pad, wrapped, cap);
        lc_hud_text_size(wrapped, scale, &w, &h);
        float bottom = margin + h + 2.0f * pad;
        if (bottom + margin + help_h + margin <= height) {
            l.hud[0] = margin, l.hud[1] = margin, l.hud[2] = margin + w + 2.0f * pad, l.hud[3] = bottom;
            l.help[1] = bottom + margin;
            goto done;
        }
        l.hud_shown = false;
        goto done;
    }
    lc_hud_wrap(hud_text, scale, width - 2.0f * margin - 2.0f * pad, wrapped, cap);
    lc_hud_text_size(wrapped, scale, &w, &h);
    l.hud[0] = margin, l.hud[1] = margin, l.hud[2] = margin + w + 2.0f * pad, l.hud[3] = margin + h + 2.0f * pad;
done:
    if (help_w > 0) l.help[2] = l.help[0] + help_w, l.help[3] = l.help[1] + help_h;
    return l;
}

float lc_hud_scale(uint32_t height) { return LC_CLAMP(floorf((float)height / 240.0f) * 0.5f, 1.0f, 3.0f); }

void lc_hud_help_size(float scale, float *key_w, float *w, float *h)
{
    float dw = 0, tw, th, pad = 6.0f * scale;
    *key_w = 0;
    for (uint32_t i = 0; i < lc_viewer_key_count; i++) {
        lc_hud_text_size(lc_viewer_keys[i].key, scale, &tw, &th);
        *key_w = LC_MAX(*key_w, tw);
        lc_hud_text_size(lc_viewer_keys[i].action, scale, &tw, &th);
        dw = LC_MAX(dw, tw);
    }
    *w = *key_w + 3.0f * pad + dw + 2.0f * pad;
    *h = 12.0f * scale * (float)(lc_viewer_key_count + 1) + 2.0f * pad;
}
