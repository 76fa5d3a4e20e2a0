/* lightcull: parse arguments, pick viewer, headless or bench. */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/headless.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "bench") == 0) return lc_bench_main(argc, argv);
    lc_options opt;
    lc_status s = lc_options_parse(argc, argv, 1, &opt);
    if (s != LC_OK) return lc_status_exit_code(s);
    if (opt.help_markdown) {
        lc_options_markdown(stdout);
        return 0;
    }
    if (opt.help) {
        lc_options_usage(stdout);
        return 0;
    }
    if (opt.version) {
        printf("lightcull 0.1\n");
        return 0;
    }
    s = opt.headless ? lc_run_headless(&opt) : lc_run_viewer(&opt);
    if (s == LC_OK && opt.validate && lc_validation_message_count() > 0) {
        lc_error("%u validation message(s)", lc_validation_message_count());
        return 1;
    }
    return lc_status_exit_code(s);
}
