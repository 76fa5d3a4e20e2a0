#include "scene/texture_decode.h"

#include "cpu/jobs.h"

#include <assimp/texture.h>
#include <stb/stb_image.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TEXTURE_SIDE 4096 /* larger images are halved until they fit */
#define MAX_DECODE_SIDE 16384 /* larger images are not decoded at all */

/* Halves an image with a 2x2 box filter (in sRGB space: close enough for a fallback). */
static void halve(lc_image_data *img)
{
    uint32_t w = LC_MAX(1u, img->width / 2), h = LC_MAX(1u, img->height / 2);
    uint8_t *dst = lc_alloc((size_t)w * h * 4);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                uint32_t x0 = LC_MIN(2 * x, img->width - 1), x1 = LC_MIN(2 * x + 1, img->width - 1);
                uint32_t y0 = LC_MIN(2 * y, img->height - 1), y1 = LC_MIN(2 * y + 1, img->height - 1);
                const uint8_t *s = img->rgba;
                uint32_t sum = s[((size_t)y0 * img->width + x0) * 4 + c] + s[((size_t)y0 * img->width + x1) * 4 + c] +
                               s[((size_t)y1 * img->width + x0) * 4 + c] + s[((size_t)y1 * img->width + x1) * 4 + c];
                dst[((size_t)y * w + x) * 4 + c] = (uint8_t)((sum + 2) / 4);
            }
    free(img->rgba);
    img->rgba = dst;
    img->width = w;
    img->height = h;
}

static const char *stb_reason(void)
{
    const char *r = stbi_failure_reason();
    return r ? r : "cannot decode";
}

/* Undoes %XX escapes (glTF URIs); false if there were none. */
static bool percent_decode(char *s)
{
    bool changed = false;
    char *out = s;
    for (const char *p = s; *p; p++) {
        unsigned v;
        if (p[0] == '%' && p[1] && p[2] && sscanf(p + 1, "%2x", &v) == 1 && v) {
            *out++ = (char)v;
            p += 2;
            changed = true;
        } else {
            *out++ = *p;
        }
    }
    *out = 0;
    return changed;
}

static bool decode(lc_texture_job *job)
{
    if (job->error[0]) return false; /* failed while resolving */
    const struct aiTexture *t = job->embedded;
    int w = 0, h = 0, comp = 0;
    uint8_t *pixels = NULL;
    if (t && t->mHeight == 0) { /* compressed (PNG, JPEG) bytes, mWidth of them */
        if (t->mWidth > (unsigned)INT32_MAX) {
            snprintf(job->error, sizeof job->error, "embedded image too large");
            return false;
        }
        const uint8_t *data = (const uint8_t *)t->pcData;
        if (!stbi_info_from_memory(data, (int)t->mWidth, &w, &h, &comp) || w > MAX_DECODE_SIDE || h > MAX_DECODE_SIDE) {
            snprintf(job->error, sizeof job->error, "%s",
                     w > MAX_DECODE_SIDE || h > MAX_DECODE_SIDE ? "image too large" : stb_reason());
            return false;
        }
        pixels = stbi_load_from_memory(data, (int)t->mWidth, &w, &h, &comp, 4);
    } else if (t) { /* raw BGRA texels */
        if (t->mWidth > MAX_DECODE_SIDE || t->mHeight > MAX_DECODE_SIDE) {
            snprintf(job->error, sizeof job->error, "image too large");
            return false;
        }
        w = (int)t->mWidth;
        h = (int)t->mHeight;
        pixels = lc_alloc((size_t)w * h * 4);
        for (size_t i = 0; i < (size_t)w * h; i++) {
            const struct aiTexel *s = &t->pcData[i];
            uint8_t *d = pixels + 4 * i;
            d[0] = s->r, d[1] = s->g, d[2] = s->b, d[3] = s->a;
        }
    } else {
        FILE *f = fopen(job->key, "rb");
        char decoded[sizeof job->key];
        snprintf(decoded, sizeof decoded, "%s", job->key);
        if (!f && errno == ENOENT && percent_decode(decoded)) f = fopen(decoded, "rb");
        if (!f) {
            snprintf(job->error, sizeof job->error, "%s", strerror(errno));
            return false;
        }
        if (!stbi_info_from_file(f, &w, &h, &comp))
            snprintf(job->error, sizeof job->error, "%s", stb_reason());
        else if (w > MAX_DECODE_SIDE || h > MAX_DECODE_SIDE)
            snprintf(job->error, sizeof job->error, "image too large (%dx%d)", w, h);
        else
            pixels = stbi_load_from_file(f, &w, &h, &comp, 4);
        fclose(f);
        if (!pixels && job->error[0]) return false;
    }
    if (!pixels) {
        snprintf(job->error, sizeof job->error, "%s", stb_reason());
        return false;
    }
    job->image.width = (uint32_t)w;
    job->image.height = (uint32_t)h;
    job->image.rgba = pixels;
    while (job->image.width > MAX_TEXTURE_SIDE || job->image.height > MAX_TEXTURE_SIDE) halve(&job->image);
    return true;
}

static void decode_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)thread;
    lc_texture_job *jobs = user;
    for (uint32_t i = offset; i < offset + count; i++) decode(&jobs[i]); /* success leaves image.rgba set */
}

/* Decoding PNGs dominates load time: one job per texture, spread over the job threads. */
void lc_texture_decode_all(lc_texture_job *jobs, uint32_t count) { lc_jobs_run(count, 1, decode_job, jobs); }
