/* The headless run (--headless): --frames frames, or a --script's, offscreen; then --out,
 * --stats and --pairs from the last frame. */
#ifndef LC_APP_HEADLESS_H
#define LC_APP_HEADLESS_H

#include "app/options.h"
#include "common.h"

lc_status lc_run_headless(const lc_options *opt);

#endif
