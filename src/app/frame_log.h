/* The last frames' timings (GPU passes, CPU stages) for the medians of --stats, the final
 * line of a headless run and the benchmark: a ring of fixed size, allocated and touched once,
 * so a long session (the viewer, a soak) holds no more than its last `cap` frames and its
 * memory does not grow frame by frame. */
#ifndef LC_FRAME_LOG_H
#define LC_FRAME_LOG_H

#include <stdint.h>

/* Frames a log holds unless a run asks for more (--frames, bench --frames). */
#define LC_FRAME_LOG_FRAMES 4096u
/* The most it holds: bench --frames and the headless --frames medians stop here. */
#define LC_FRAME_LOG_MAX_FRAMES 100000u

typedef struct lc_frame_log {
    double *v;          /* series x cap, one series after the other */
    uint32_t series, cap;
    uint32_t count;     /* frames held, at most cap */
    uint32_t next;      /* the slot the next frame goes to */
    uint64_t total;     /* frames pushed since the last clear, held or not */
} lc_frame_log;

/* A log of `series` values a frame holding the last `frames` frames (clamped to
 * LC_FRAME_LOG_FRAMES..LC_FRAME_LOG_MAX_FRAMES). */
void lc_frame_log_init(lc_frame_log *log, uint32_t series, uint32_t frames);
void lc_frame_log_free(lc_frame_log *log);
/* Forgets the frames held (the benchmark's warm-up, each configuration). */
void lc_frame_log_clear(lc_frame_log *log);
/* One frame: values[series]. */
void lc_frame_log_push(lc_frame_log *log, const double *values);
/* Copies one series of the last min(n, count) frames, oldest first, into out; returns how many. */
uint32_t lc_frame_log_last(const lc_frame_log *log, uint32_t series, uint32_t n, double *out);
/* The median of one series over the frames held (0 when none). */
double lc_frame_log_median(const lc_frame_log *log, uint32_t series);
/* One series over the frames held: median, mean, 90th percentile (nearest rank) and maximum
 * (all 0 when none). A moving camera's cost comes in some frames, which the median hides. */
typedef struct lc_frame_spread {
    double median, mean, p90, max;
} lc_frame_spread;
lc_frame_spread lc_frame_log_spread(const lc_frame_log *log, uint32_t series);
/* The median of values[0..count) (0 when none); sorts them in place. */
double lc_median(double *values, uint32_t count);

#endif
