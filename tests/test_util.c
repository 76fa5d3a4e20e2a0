#include "test_util.h"

#include <stdlib.h>

#include "app/app.h"

int lc_test_failures;

int lc_test_finish(const char *name)
{
    if (lc_test_failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, lc_test_failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;

void lc_test_seed(uint64_t seed) { g_rng = seed; }

uint64_t lc_test_rnd64(void)
{
    uint64_t z = (g_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

float lc_test_rnd(float lo, float hi) { return lo + (hi - lo) * (float)((double)(lc_test_rnd64() >> 11) / 9007199254740992.0); }

lc_app *lc_test_app_start(int argc, char **argv)
{
    lc_options opt;
    if (lc_options_parse(argc, argv, 0, &opt) != LC_OK) return NULL;
    lc_app *app = lc_calloc(1, sizeof *app);
    if (lc_app_load(app, &opt) != LC_OK || lc_app_start_gpu(app, NULL, 0) != LC_OK) {
        lc_app_destroy(app);
        free(app);
        return NULL;
    }
    return app;
}

void lc_test_app_stop(lc_app *app)
{
    lc_app_destroy(app);
    free(app);
}
