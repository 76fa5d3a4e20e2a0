/* The viewer's keys: one list for its help panel (H or F1), --help and docs/OPTIONS.md. */
#ifndef LC_KEYS_H
#define LC_KEYS_H

#include <stdint.h>

typedef struct lc_viewer_key {
    const char *key;    /* as printed: "W A S D" */
    const char *action;
} lc_viewer_key;

extern const lc_viewer_key lc_viewer_keys[];
extern const uint32_t lc_viewer_key_count;

#endif
