/* The HiZ's CPU reference for the tests: the folded max-depth pyramid of a depth image. */
#ifndef LC_TEST_HIZ_REF_H
#define LC_TEST_HIZ_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common.h"

/* Texel (x, y) of level L: the max over pixels [x 2^L, (x + 1) 2^L), the last texel of a row or
 * column reaching to the image's edge (hiz.glsl). */
static inline float lc_test_hiz_fold(const float *depth, uint32_t w, uint32_t h, uint32_t level, uint32_t x, uint32_t y)
{
    uint32_t lw = LC_MAX(w >> level, 1u), lh = LC_MAX(h >> level, 1u);
    uint32_t x0 = x << level, y0 = y << level;
    uint32_t x1 = x == lw - 1 ? w : LC_MIN((x + 1) << level, w), y1 = y == lh - 1 ? h : LC_MIN((y + 1) << level, h);
    float z = 0.0f;
    for (uint32_t j = y0; j < y1; j++)
        for (uint32_t i = x0; i < x1; i++) z = depth[j * w + i] > z ? depth[j * w + i] : z;
    return z;
}

/* Every level of a read-back pyramid (levels one after another) against the fold of depth;
 * returns the texels that differ (the first printed, named by what), texels: how many. */
static inline uint32_t lc_test_hiz_compare(const char *what, const float *depth, const float *hiz, size_t bytes, uint32_t w, uint32_t h,
                                           uint32_t levels, uint32_t *texels)
{
    uint32_t bad = 0;
    size_t at = 0;
    *texels = 0;
    for (uint32_t m = 0; m < levels; m++) {
        uint32_t lw = LC_MAX(w >> m, 1u), lh = LC_MAX(h >> m, 1u);
        for (uint32_t y = 0; y < lh; y++)
            for (uint32_t x = 0; x < lw; x++) {
                float want = lc_test_hiz_fold(depth, w, h, m, x, y), got = hiz[at + (size_t)y * lw + x];
                if (got != want && !bad++) fprintf(stderr, "  %s: hiz level %u texel %u,%u: %g, want %g\n", what, m, x, y, got, want);
                (*texels)++;
            }
        at += (size_t)lw * lh;
    }
    if (at * 4 != bytes) {
        fprintf(stderr, "  %s: the pyramid holds %zu bytes, its levels %zu\n", what, bytes, at * 4);
        bad++;
    }
    return bad;
}

#endif
