/* The frame log (src/app/frame_log.c): a fixed ring of the last frames' timings. It must keep
 * exactly the newest frames in order once it wraps, never reallocate (a long session's
 * memory stays flat: the soak found per-frame arrays that grew for the whole run), and give
 * medians and spreads (mean, 90th percentile, max) over what it holds. */
#include "app/app.h"
#include "test_util.h"

#include <math.h>
#include <stdlib.h>

int main(void)
{
    lc_frame_log log;
    lc_frame_log_init(&log, 3, 1);
    CHECK(log.cap == LC_FRAME_LOG_FRAMES && log.count == 0 && log.total == 0);
    CHECK(lc_frame_log_median(&log, 0) == 0.0);

    /* Before it wraps: every frame, oldest first; series apart. */
    for (uint32_t f = 0; f < 10; f++) {
        double v[3] = {f, 100.0 + f, -(double)f};
        lc_frame_log_push(&log, v);
    }
    double out[LC_FRAME_LOG_FRAMES + 8];
    CHECK(lc_frame_log_last(&log, 0, 100, out) == 10);
    for (uint32_t i = 0; i < 10; i++) CHECK(out[i] == i);
    CHECK(lc_frame_log_last(&log, 1, 3, out) == 3);
    CHECK(out[0] == 107.0 && out[1] == 108.0 && out[2] == 109.0);
    CHECK(lc_frame_log_median(&log, 2) == -4.5);
    /* The median does not reorder what it holds. */
    CHECK(lc_frame_log_last(&log, 2, 2, out) == 2 && out[0] == -8.0 && out[1] == -9.0);
    /* The spread of 0..9: median 4.5, mean 4.5, 90th percentile (nearest rank, the 9th of 10) 8,
     * max 9; of the third series -9..0 (one spike low: the max is the largest, not the last). */
    lc_frame_spread sp = lc_frame_log_spread(&log, 0);
    CHECK(sp.median == 4.5 && fabs(sp.mean - 4.5) < 1e-12 && sp.p90 == 8.0 && sp.max == 9.0);
    sp = lc_frame_log_spread(&log, 2);
    CHECK(sp.max == 0.0 && sp.p90 == -1.0 && fabs(sp.mean + 4.5) < 1e-12);
    CHECK(lc_frame_log_last(&log, 2, 2, out) == 2 && out[0] == -8.0 && out[1] == -9.0);

    /* Past the capacity: the same memory, the newest cap frames, oldest first across the seam. */
    const double *memory = log.v;
    uint32_t frames = 3 * LC_FRAME_LOG_FRAMES + 123;
    for (uint32_t f = 10; f < frames; f++) {
        double v[3] = {f, 100.0 + f, -(double)f};
        lc_frame_log_push(&log, v);
    }
    CHECK(log.v == memory && log.cap == LC_FRAME_LOG_FRAMES);
    CHECK(log.count == LC_FRAME_LOG_FRAMES && log.total == frames);
    CHECK(lc_frame_log_last(&log, 0, LC_FRAME_LOG_FRAMES + 8, out) == LC_FRAME_LOG_FRAMES);
    int wrong = 0;
    for (uint32_t i = 0; i < LC_FRAME_LOG_FRAMES; i++) wrong += out[i] != (double)(frames - LC_FRAME_LOG_FRAMES + i);
    CHECK_MSG(wrong == 0, "%d frames out of order or lost after the wrap", wrong);
    CHECK(lc_frame_log_last(&log, 1, 5, out) == 5);
    for (uint32_t i = 0; i < 5; i++) CHECK(out[i] == 100.0 + (frames - 5 + i));
    /* Median of the last cap frames: frames - cap ... frames - 1. */
    CHECK(lc_frame_log_median(&log, 0) == (double)frames - LC_FRAME_LOG_FRAMES / 2 - 0.5);

    /* Clear forgets; the next frames start a new window. */
    lc_frame_log_clear(&log);
    CHECK(log.count == 0 && log.total == 0 && lc_frame_log_last(&log, 0, 4, out) == 0);
    double v[3] = {7.0, 8.0, 9.0};
    lc_frame_log_push(&log, v);
    CHECK(lc_frame_log_median(&log, 1) == 8.0);
    lc_frame_log_free(&log);
    CHECK(log.v == NULL);

    /* A run asking for more frames gets them, up to the most a log holds. */
    lc_frame_log_init(&log, 1, 10000);
    CHECK(log.cap == 10000);
    lc_frame_log_free(&log);
    lc_frame_log_init(&log, 1, 4000000000u);
    CHECK(log.cap == LC_FRAME_LOG_MAX_FRAMES);
    lc_frame_log_free(&log);
    /* Pushing to a log never set up (a failed load) is a no-op. */
    lc_frame_log_push(&log, v);
    CHECK(log.count == 0);
    return lc_test_finish("test_frame_log");
}
