/* Shared by the fuzz targets: an invariant check that stops the run with a message, in the
 * libFuzzer build (where the crash is saved as a reproducer) and in the replay tests alike. */
#ifndef LC_FUZZ_CHECK_H
#define LC_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_CHECK(cond)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

#endif
