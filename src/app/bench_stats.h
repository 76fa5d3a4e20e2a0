/* What every benchmark shares: its command line (one table of options per sub-command, one
 * parser) and the median and spread of its samples (bench.c, bench_cpu.c, bench_contexts.c,
 * bench_meshlets.c). */
#ifndef LC_BENCH_STATS_H
#define LC_BENCH_STATS_H

#include "common.h"

/* Parses "1,2,4" into out[0..*count) within lo..hi; false on a bad list. */
bool lc_bench_parse_list(const char *v, uint32_t *out, uint32_t *count, uint32_t cap, uint32_t lo, uint32_t hi);
/* Parses "a,b" into the indices of names (at most cap); false on an unknown name. */
bool lc_bench_parse_names(const char *v, const char *const *names, uint32_t name_count, uint32_t *out, uint32_t *count,
                          uint32_t cap);

/* One option of a bench sub-command. `out` points at what the kind fills:
 *   FLAG      bool, set true (no value)
 *   STRING    const char *, the value as given
 *   STRINGS   const char *[cap], appended to; *count how many
 *   LIST      uint32_t[cap], "1,2,4" with each value in lo..hi; *count how many (a single value:
 *             cap 1)
 *   NAMES     uint32_t[cap], comma-separated names of names[0..name_count) as their indices
 *   SIZES     uint32_t[cap][2], "WxH,WxH" with 1..hi per side
 * `expect` ends the one-line error for a bad value ("expected ..."). Options not in the table
 * are refused, as is a second sub-command's option. */
typedef enum { LC_BENCH_FLAG, LC_BENCH_STRING, LC_BENCH_STRINGS, LC_BENCH_LIST, LC_BENCH_NAMES, LC_BENCH_SIZES } lc_bench_arg_kind;
typedef struct lc_bench_arg {
    const char *name;
    lc_bench_arg_kind kind;
    void *out;
    uint32_t *count;
    uint32_t cap, lo, hi;
    const char *const *names;
    uint32_t name_count;
    const char *expect;
} lc_bench_arg;
/* Parses argv[2..argc) against the table; `command` names the sub-command in errors ("bench",
 * "bench --cpu"). Returns 0, or 2 after one error line. */
int lc_bench_parse_args(int argc, char **argv, const char *command, const lc_bench_arg *args, uint32_t arg_count);

/* Median and spread (10th to 90th percentile) of n values; sorts them. */
typedef struct lc_bench_stat { double median, p10, p90, min, max; } lc_bench_stat;
lc_bench_stat lc_bench_stat_of(double *values, uint32_t n);

#endif
