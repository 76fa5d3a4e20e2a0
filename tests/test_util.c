#include "test_util.h"

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
