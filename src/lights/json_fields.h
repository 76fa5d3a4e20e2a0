/* Reading the entity files (lights, decals, probes: lights.c, decals.c, probes.c): the file read
 * and parsed with one error line when either fails, and the fields every schema has, numbers and
 * arrays of numbers with range checks, each refusal one lc_error line that names the file, the
 * entry and the field: `decals file 'd.json': decal 3: "size"[1] = -1 is outside [0, 1e+06]`. */
#ifndef LC_JSON_FIELDS_H
#define LC_JSON_FIELDS_H

#include <cjson/cJSON.h>

#include "common.h"

/* Whose fields are read: the file ("lights", "decals", "probes") and its name, and the entry
 * (its kind "light", "decal", "probe", and index) while in_entry. */
typedef struct lc_json_ctx {
    const char *file_kind;
    const char *entry_kind;
    const char *what;
    uint32_t index;
    bool in_entry;
} lc_json_ctx;

/* "<file_kind> file '<what>': [<entry_kind> <index>: ]<message>" through lc_error. */
void lc_json_fail(const lc_json_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The accepted values: [lo, hi], or (lo, hi] when lo_open. */
typedef struct lc_json_range {
    double lo, hi;
    bool lo_open;
} lc_json_range;

/* A finite number in range; missing: def, or a refusal when required (def unused). */
bool lc_json_number(const lc_json_ctx *c, const cJSON *obj, const char *key, bool required, double def, lc_json_range range,
                    double *out);
/* An array of n finite numbers, each in range; missing: def's n values, or a refusal when
 * required (def may be NULL then). */
bool lc_json_numbers(const lc_json_ctx *c, const cJSON *obj, const char *key, int n, bool required, const double *def,
                     lc_json_range range, double *out);
/* The same into floats. */
bool lc_json_floats(const lc_json_ctx *c, const cJSON *obj, const char *key, int n, bool required, const float *def,
                    lc_json_range range, float *out);

/* The document, or NULL after "invalid JSON at line L, column C" (the parser's stop). */
cJSON *lc_json_parse(const lc_json_ctx *c, const char *text, size_t size);

/* Reads path and hands its text to parse (as what: path); a file that cannot be read is
 * refused with "<file_kind> file: <reason>" (LC_ERR_INPUT). */
typedef lc_status (*lc_json_parse_fn)(void *out, const char *text, size_t size, const char *what);
lc_status lc_json_load(const char *file_kind, const char *path, lc_json_parse_fn parse, void *out);

#endif
