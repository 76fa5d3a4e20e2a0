/* Minimal assertion helpers for the C tests: each failed check prints file:line and the
 * expression, and the test exits non-zero at the end. */
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

/* Returns the process exit code and prints a summary line. */
int lc_test_finish(const char *name);

#endif
