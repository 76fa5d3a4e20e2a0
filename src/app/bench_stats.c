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

bool lc_bench_parse_names(const char *v, const char *const *names, uint32_t name_count, uint32_t *out, uint32_t *count,
                          uint32_t cap)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", v);
    *count = 0;
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int k = lc_name_index(t, names, (int)name_count);
        if (k < 0 || *count >= cap) return false;
        out[(*count)++] = (uint32_t)k;
    }
    return *count > 0;
}

static bool parse_sizes(const char *v, uint32_t (*out)[2], uint32_t *count, uint32_t cap, uint32_t hi)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", v);
    *count = 0;
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        unsigned w, h;
        char tail;
        if (sscanf(t, "%ux%u%c", &w, &h, &tail) != 2 || !w || !h || w > hi || h > hi || *count >= cap) return false;
        out[*count][0] = w, out[*count][1] = h, (*count)++;
    }
    return *count > 0;
}

static bool parse_value(const lc_bench_arg *a, const char *v)
{
    uint32_t scratch;
    uint32_t *count = a->count ? a->count : &scratch;
    switch (a->kind) {
    case LC_BENCH_STRING: *(const char **)a->out = v; return true;
    case LC_BENCH_STRINGS:
        if (*count >= a->cap) return false;
        ((const char **)a->out)[(*count)++] = v;
        return true;
    case LC_BENCH_LIST: return lc_bench_parse_list(v, a->out, count, LC_MAX(a->cap, 1u), a->lo, a->hi);
    case LC_BENCH_NAMES: return lc_bench_parse_names(v, a->names, a->name_count, a->out, count, a->cap);
    case LC_BENCH_SIZES: return parse_sizes(v, a->out, count, a->cap, a->hi);
    case LC_BENCH_FLAG: break;
    }
    return false;
}

int lc_bench_parse_args(int argc, char **argv, const char *command, const lc_bench_arg *args, uint32_t arg_count)
{
    for (int i = 2; i < argc; i++) {
        const lc_bench_arg *a = NULL;
        for (uint32_t k = 0; k < arg_count && !a; k++)
            if (!strcmp(argv[i], args[k].name)) a = &args[k];
        if (!a) {
            lc_error("%s: unknown option %s (see lightcull bench --help)", command, argv[i]);
            return 2;
        }
        if (a->kind == LC_BENCH_FLAG) {
            *(bool *)a->out = true;
            continue;
        }
        if (i + 1 >= argc) {
            lc_error("%s: %s needs a value (see lightcull bench --help)", command, a->name);
            return 2;
        }
        const char *v = argv[++i];
        if (!parse_value(a, v)) {
            lc_error("%s: %s %s: expected %s", command, a->name, v, a->expect);
            return 2;
        }
    }
    return 0;
}
