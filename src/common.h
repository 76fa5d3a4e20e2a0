/* Shared helpers for every module: status codes, error reporting, small utilities.
 * Expected conditions (bad input, missing files, missing device features) return an
 * lc_status and print one line through lc_error(); VK_CHECK (in vk_context.h) is for
 * calls that only fail on out-of-memory or device loss. */
#ifndef LC_COMMON_H
#define LC_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum lc_status {
    LC_OK = 0,
    LC_ERR_USAGE,   /* bad command line: exit 2 */
    LC_ERR_INPUT,   /* bad or missing input file, impossible request: exit 2 */
    LC_ERR_RUNTIME, /* device, driver or system failure: exit 1 */
} lc_status;

/* Process exit code for a status: 0, 2 for usage/input, 1 for runtime failures. */
int lc_status_exit_code(lc_status s);

/* Prints "lightcull: <message>" as one line on stderr. */
void lc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "lightcull: warning: <message>" on stderr. */
void lc_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "lightcull: <message>" on stdout unless quiet mode is on. */
void lc_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void lc_set_quiet(bool quiet);

/* Allocation that aborts with a message on failure (only for sizes we control). */
void *lc_alloc(size_t size);
void *lc_calloc(size_t count, size_t size);
void *lc_realloc(void *ptr, size_t size);

/* Whole file into memory, NUL-terminated; NULL (and errno-based message in err) on failure. */
char *lc_read_file(const char *path, size_t *size_out, char *err, size_t err_size);

/* Writes via a temporary name and renames, so no partial file is left behind. */
lc_status lc_write_file_atomic(const char *path, const void *data, size_t size);
/* The index of name in names[0..count), or -1. */
int lc_name_index(const char *name, const char *const *names, int count);
/* Bounded string copy and append into dst[size] (truncating: an over-long path just fails to
 * open later), and the part of a path after its last '/'. */
void lc_copy_str(char *dst, size_t size, const char *src);
void lc_append_str(char *dst, size_t size, const char *src);
const char *lc_base_name(const char *path);
/* The folder of path into dst[size]: what comes before its last '/', or "." where it has none. */
void lc_dir_name(char *dst, size_t size, const char *path);
/* Whether lc_write_file_atomic could write PATH (its directory takes a new file, PATH is not
 * a directory); on failure prints "cannot write" like it and returns LC_ERR_INPUT. Run before
 * any work so that a run fails at once instead of after rendering. */
lc_status lc_check_writable(const char *path);

double lc_time_seconds(void); /* monotonic clock */

#define LC_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define LC_MIN(a, b) ((a) < (b) ? (a) : (b))
#define LC_MAX(a, b) ((a) > (b) ? (a) : (b))
#define LC_CLAMP(x, lo, hi) LC_MIN(LC_MAX(x, lo), hi)
#define LC_DIV_UP(a, b) (((a) + (b) - 1) / (b))

#endif
