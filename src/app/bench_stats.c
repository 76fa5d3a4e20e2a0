#include "app/bench_stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(const double *sorted, uint32_t n, double p)
{
    if (!n) return 0.0;
    double pos = p * (double)(n - 1);
    uint32_t i = (uint32_t)pos;
    double f = pos - (double)i;
    return i + 1 < n ? sorted[i] * (1.0 - f) + sorted[i + 1] * f : sorted[i];
}

lc_bench_stat lc_bench_stat_of(double *v, uint32_t n)
{
    lc_bench_stat st = {0};
    if (!n) return st;
    qsort(v, n, sizeof *v, cmp_double);
    st.median = percentile(v, n, 0.5);
    st.p10 = percentile(v, n, 0.1);
    st.p90 = percentile(v, n, 0.9);
    st.min = v[0];
    st.max = v[n - 1];
    return st;
}

bool lc_bench_parse_list(const char *v, uint32_t *out, uint32_t *count, uint32_t cap, uint32_t lo, uint32_t hi)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", v);
    *count = 0;
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        char *end;
        unsigned long x = strtoul(t, &end, 10);
        if (*end || x < lo || x > hi || *count >= cap) return false;
        out[(*count)++] = (uint32_t)x;
    }
    return *count > 0;
}
