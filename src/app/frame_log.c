#include "app/frame_log.h"

#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double lc_median(double *v, uint32_t n)
{
    if (!n) return 0.0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void lc_frame_log_init(lc_frame_log *log, uint32_t series, uint32_t frames)
{
    uint32_t cap = LC_CLAMP(frames, LC_FRAME_LOG_FRAMES, LC_FRAME_LOG_MAX_FRAMES);
    size_t bytes = (size_t)series * cap * sizeof(double);
    /* Written once here (not calloc's untouched pages), so the resident set is whole from
     * the first frame rather than growing with the log until it wraps. */
    *log = (lc_frame_log){.v = lc_alloc(bytes), .series = series, .cap = cap};
    memset(log->v, 0, bytes);
}

void lc_frame_log_free(lc_frame_log *log)
{
    free(log->v);
    memset(log, 0, sizeof *log);
}

void lc_frame_log_clear(lc_frame_log *log)
{
    log->count = 0;
    log->next = 0;
    log->total = 0;
}

void lc_frame_log_push(lc_frame_log *log, const double *values)
{
    if (!log->v) return;
    for (uint32_t s = 0; s < log->series; s++) log->v[(size_t)s * log->cap + log->next] = values[s];
    log->next = (log->next + 1) % log->cap;
    if (log->count < log->cap) log->count++;
    log->total++;
}

uint32_t lc_frame_log_last(const lc_frame_log *log, uint32_t series, uint32_t n, double *out)
{
    n = LC_MIN(n, log->count);
    const double *v = log->v + (size_t)series * log->cap;
    uint32_t first = (log->next + log->cap - n) % log->cap; /* the oldest of the n */
    uint32_t run = LC_MIN(n, log->cap - first);
    if (n) memcpy(out, v + first, run * sizeof *out);
    if (n > run) memcpy(out + run, v, (n - run) * sizeof *out);
    return n;
}

lc_frame_spread lc_frame_log_spread(const lc_frame_log *log, uint32_t series)
{
    lc_frame_spread s = {0};
    if (!log->count) return s;
    double *v = lc_alloc(log->count * sizeof *v);
    uint32_t n = lc_frame_log_last(log, series, log->count, v);
    for (uint32_t i = 0; i < n; i++) s.mean += v[i] / n;
    s.median = lc_median(v, n); /* sorted from here */
    s.p90 = v[LC_MIN(n - 1, (uint32_t)ceil(0.9 * n) - 1)];
    s.max = v[n - 1];
    free(v);
    return s;
}

double lc_frame_log_median(const lc_frame_log *log, uint32_t series) { return lc_frame_log_spread(log, series).median; }
