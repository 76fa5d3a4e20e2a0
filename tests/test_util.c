#include "test_util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"

int lc_test_failures;

/* The skipped parts, reported by lc_test_finish; a test skips a handful at most. */
static char g_skips[8][256];
static int g_skip_count;

void lc_test_skip(const char *what, const char *why_fmt, ...)
{
    if (g_skip_count == (int)(sizeof g_skips / sizeof g_skips[0])) return;
    char why[192];
    va_list ap;
    va_start(ap, why_fmt);
    vsnprintf(why, sizeof why, why_fmt, ap);
    va_end(ap);
    snprintf(g_skips[g_skip_count++], sizeof g_skips[0], "%s (%s)", what, why);
}

int lc_test_finish(const char *name)
{
    if (lc_test_failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, lc_test_failures);
        return 1;
    }
    if (g_skip_count) {
        for (int i = 0; i < g_skip_count; i++) printf("skipped: %s\n", g_skips[i]);
        printf("%s: the checks that ran passed, %d part(s) skipped\n", name, g_skip_count);
        return 77;
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

uint8_t *lc_test_glb(const char *json, const uint8_t *bin, size_t bin_size, size_t *size)
{
    size_t jlen = strlen(json), jpad = (jlen + 3) & ~3u, bpad = (bin_size + 3) & ~3u;
    *size = 12 + 8 + jpad + (bin_size ? 8 + bpad : 0);
    uint8_t *g = calloc(*size, 1);
    uint32_t head[5] = {0x46546C67u, 2, (uint32_t)*size, (uint32_t)jpad, 0x4E4F534Au};
    memcpy(g, head, sizeof head);
    memcpy(g + 20, json, jlen);
    memset(g + 20 + jlen, ' ', jpad - jlen);
    if (bin_size) {
        uint32_t bh[2] = {(uint32_t)bpad, 0x004E4942u};
        memcpy(g + 20 + jpad, bh, 8);
        memcpy(g + 28 + jpad, bin, bin_size);
    }
    return g;
}
