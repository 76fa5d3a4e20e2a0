/* Minimal assertion helpers for the C tests: each failed check prints file:line and the
 * expression, and the test exits non-zero at the end. A part that cannot run (no Sponza, a
 * device feature missing) calls lc_test_skip; the policy is tests/script_util.sh's: any
 * failure fails the test, else any skip makes it exit 77 (ctest: Skipped). */
#ifndef LC_TEST_UTIL_H
#define LC_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>

extern int lc_test_failures;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            lc_test_failures++;                                                  \
        }                                                                        \
    } while (0)

#define CHECK_MSG(cond, ...)                                                     \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                        \
            fputc('\n', stderr);                                                 \
            lc_test_failures++;                                                  \
        }                                                                        \
    } while (0)

/* A seeded random sequence (splitmix64), the same on every run: lc_test_seed, then
 * lc_test_rnd64 for 64 bits or lc_test_rnd(lo, hi) for a float in [lo, hi). */
void lc_test_seed(uint64_t seed);
uint64_t lc_test_rnd64(void);
float lc_test_rnd(float lo, float hi);

/* A headless lightcull as the command line argv[0..argc) would start it (scene, lights,
 * device, renderer), or NULL; lc_test_app_stop destroys it. */
struct lc_app;
struct lc_app *lc_test_app_start(int argc, char **argv);
void lc_test_app_stop(struct lc_app *app);

/* Part WHAT could not run because of WHY (printf-style); lc_test_finish reports it as
 * "skipped: WHAT (WHY)" and returns 77 when nothing failed. */
void lc_test_skip(const char *what, const char *why_fmt, ...) __attribute__((format(printf, 2, 3)));

/* Returns the process exit code (0, 1 on any failure, else 77 on any skip) and prints a
 * summary line. */
int lc_test_finish(const char *name);

/* A glTF binary (.glb) of json and, when bin_size is not 0, a BIN chunk of bin; malloc'd,
 * *size its length. */
uint8_t *lc_test_glb(const char *json, const uint8_t *bin, size_t bin_size, size_t *size);

#endif
