/* Fuzz target: the command-line parser (lc_options_parse). The input is split at NUL bytes
 * into arguments after argv[0]. Whatever it accepts must be within the documented ranges. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "renderer.h"
#include "fuzz_check.h"
#include "lights/lights.h"
#include "app/options.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool inside(const char *p, const char *buf, size_t size) { return p >= buf && p <= buf + size; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A NUL-terminated copy, so the last argument ends too; the parser keeps pointers into it. */
    char *buf = malloc(size + 1);
    FUZZ_CHECK(buf);
    memcpy(buf, data, size);
    buf[size] = 0;
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "lightcull";
    for (size_t i = 0; i <= size && argc <= MAX_ARGS; i++) {
        argv[argc++] = buf + i;
        i += strlen(buf + i);
    }
    argv[argc] = NULL;

    lc_options o;
    lc_status st = lc_options_parse(argc, argv, 1, &o);
    if (st != LC_OK) {
        FUZZ_CHECK(st == LC_ERR_USAGE);
    } else {
        FUZZ_CHECK(o.lights <= LC_LIGHTS_MAX); /* 0: no local lights */
        FUZZ_CHECK(o.environment < LC_ENVIRONMENT_COUNT && (o.environment == LC_ENVIRONMENT_FILE) == (o.environment_file != NULL));
        if (o.sun_set) {
            for (int k = 0; k < 4; k++) FUZZ_CHECK(isfinite(o.sun[k]));
            FUZZ_CHECK(o.sun[3] > 0.0f && o.sun[3] <= 1e6f);
        }
        FUZZ_CHECK(o.width >= 1 && o.width <= 16384 && o.height >= 1 && o.height <= 16384);
        FUZZ_CHECK(isfinite(o.fov) && o.fov >= 1.0f && o.fov <= 170.0f);
        FUZZ_CHECK(o.mode >= 0 && o.mode < LC_MODE_COUNT);
        FUZZ_CHECK(o.view < LC_VIEW_COUNT);
        FUZZ_CHECK(o.zbin_kernel <= LC_ZBIN_KERNEL_LIGHTS);
        FUZZ_CHECK(!o.headless || o.frames >= 1);
        FUZZ_CHECK(o.tile_size == 0 || o.tile_size == 8 || o.tile_size == 16 || o.tile_size == 32 || o.tile_size == 64);
        FUZZ_CHECK(o.zbins == 0 || (o.zbins >= 16 && o.zbins <= 65536));
        FUZZ_CHECK(o.cluster_tile == 0 || (o.cluster_tile >= 16 && o.cluster_tile <= 256));
        FUZZ_CHECK(o.cluster_slices == 0 || (o.cluster_slices >= 1 && o.cluster_slices <= 256));
        FUZZ_CHECK(o.list_max == 0 || (o.list_max >= 32 && o.list_max <= 4096 && !(o.list_max & (o.list_max - 1))));
        FUZZ_CHECK(o.memory_limit == 0 || (o.memory_limit >= (1ull << 20) && o.memory_limit <= (1ull << 44)));
        if (o.camera_set) {
            for (int k = 0; k < 5; k++) FUZZ_CHECK(isfinite(o.camera[k]));
            FUZZ_CHECK(fabsf(o.camera[4]) <= 89.9f);
        }
        FUZZ_CHECK(o.scene && *o.scene);
        /* String options point into the arguments, not at freed or stack memory. */
        const char *strings[] = {o.lights_file, o.out, o.stats, o.capture, o.script};
        for (size_t k = 0; k < sizeof strings / sizeof *strings; k++)
            FUZZ_CHECK(!strings[k] || inside(strings[k], buf, size));
        FUZZ_CHECK(!strcmp(o.scene, "default") || inside(o.scene, buf, size));
    }
    free(buf);
    return 0;
}
