/* What every benchmark shares: its list options ("1,2,4") and the median and spread of its
 * samples (bench.c, bench_cpu.c). */
#ifndef LC_BENCH_STATS_H
#define LC_BENCH_STATS_H

#include "common.h"

/* Parses "1,2,4" into out[0..*count) within lo..hi; false on a bad list. */
bool lc_bench_parse_list(const char *v, uint32_t *out, uint32_t *count, uint32_t cap, uint32_t lo, uint32_t hi);

/* Median and spread (10th to 90th percentile) of n values; sorts them. */
typedef struct lc_bench_stat { double median, p10, p90, min, max; } lc_bench_stat;
lc_bench_stat lc_bench_stat_of(double *values, uint32_t n);

#endif
