/* The entity files' shared reading (json_fields.h). */
#include "lights/json_fields.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lc_json_fail(const lc_json_ctx *c, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->in_entry)
        lc_error("%s file '%s': %s %u: %s", c->file_kind, c->what, c->entry_kind, c->index, msg);
    else
        lc_error("%s file '%s': %s", c->file_kind, c->what, msg);
}

/* One value of key (element a of its array, or the key itself when a < 0). */
static bool check(const lc_json_ctx *c, const cJSON *v, const char *key, int a, lc_json_range r, double *out)
{
    char name[96];
    if (a >= 0) snprintf(name, sizeof name, "\"%s\"[%d]", key, a);
    else snprintf(name, sizeof name, "\"%s\"", key);
    if (!cJSON_IsNumber(v)) {
        lc_json_fail(c, "%s must be a number", name);
        return false;
    }
    double x = v->valuedouble;
    if (!isfinite(x)) {
        lc_json_fail(c, "%s is not a finite number", name);
        return false;
    }
    if (x > r.hi || (r.lo_open ? !(x > r.lo) : x < r.lo)) {
        lc_json_fail(c, "%s = %g is outside %c%g, %g]", name, x, r.lo_open ? '(' : '[', r.lo, r.hi);
        return false;
    }
    *out = x;
    return true;
}

bool lc_json_number(const lc_json_ctx *c, const cJSON *obj, const char *key, bool required, double def, lc_json_range range,
                    double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) {
        if (required) lc_json_fail(c, "missing \"%s\"", key);
        *out = def;
        return !required;
    }
    return check(c, v, key, -1, range, out);
}

bool lc_json_numbers(const lc_json_ctx *c, const cJSON *obj, const char *key, int n, bool required, const double *def,
                     lc_json_range range, double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) {
        if (required) {
            lc_json_fail(c, "missing \"%s\"", key);
            return false;
        }
        memcpy(out, def, (size_t)n * sizeof *out);
        return true;
    }
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n) {
        lc_json_fail(c, "\"%s\" must be an array of %d numbers", key, n);
        return false;
    }
    for (int a = 0; a < n; a++)
        if (!check(c, cJSON_GetArrayItem(v, a), key, a, range, &out[a])) return false;
    return true;
}

bool lc_json_floats(const lc_json_ctx *c, const cJSON *obj, const char *key, int n, bool required, const float *def,
                    lc_json_range range, float *out)
{
    double d[16], v[16];
    if (n > 16) return false;
    for (int a = 0; a < n && def; a++) d[a] = def[a];
    if (!lc_json_numbers(c, obj, key, n, required, def ? d : NULL, range, v)) return false;
    for (int a = 0; a < n; a++) out[a] = (float)v[a];
    return true;
}

cJSON *lc_json_parse(const lc_json_ctx *c, const char *text, size_t size)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, false);
    if (root) return root;
    size_t off = end && end >= text && end <= text + size ? (size_t)(end - text) : 0;
    unsigned line = 1, col = 1;
    for (size_t i = 0; i < off; i++) {
        if (text[i] == '\n') line++, col = 1;
        else col++;
    }
    lc_json_ctx top = *c;
    top.in_entry = false;
    lc_json_fail(&top, "invalid JSON at line %u, column %u", line, col);
    return NULL;
}

lc_status lc_json_load(const char *file_kind, const char *path, lc_json_parse_fn parse, void *out)
{
    char err[512];
    size_t size = 0;
    char *text = lc_read_file(path, &size, err, sizeof err);
    if (!text) {
        lc_error("%s file: %s", file_kind, err);
        return LC_ERR_INPUT;
    }
    lc_status st = parse(out, text, size, path);
    free(text);
    return st;
}
