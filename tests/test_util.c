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
