/* The headless run: the app's frames offscreen, a --script's settings between them
 * (app/script.h), a RenderDoc capture of the last (--capture), then the outputs. */
#include "app/headless.h"

#include <stdlib.h>

#include "app/app.h"
#include "app/renderdoc.h"
#include "app/script.h"

lc_status lc_run_headless(const lc_options *opt)
{
    lc_app *app = lc_calloc(1, sizeof *app);
    lc_status s = lc_app_load(app, opt);
    lc_renderdoc *rdoc = NULL;
    if (s == LC_OK && opt->capture) s = lc_renderdoc_load(&rdoc, opt->capture);
    lc_script_run run = {0}; /* --script: settings changed between frames (app/script.h) */
    if (s == LC_OK && opt->script) s = lc_script_load(&run.script, opt->script, true);
    if (s == LC_OK) s = lc_app_start_gpu(app, NULL, 0);
    uint32_t frames = LC_MAX(opt->frames ? opt->frames : 1, lc_script_frames(&run.script));
    float time = 0.0f;
    const lc_camera start = app->camera;
    for (uint32_t f = 0; s == LC_OK && f < frames; f++) {
        /* Headless time advances per frame from --time, so output is reproducible. */
        app->anim_time = (double)opt->time + (double)f / 60.0;
        time = (float)app->anim_time;
        if (opt->camera_to_set) { /* --camera-to: a straight path, the last frame at its end */
            float t = frames > 1 ? (float)f / (float)(frames - 1) : 1.0f;
            const float *e = opt->camera_to;
            for (int k = 0; k < 3; k++) app->camera.position[k] = start.position[k] + (e[k] - start.position[k]) * t;
            app->camera.yaw_deg = start.yaw_deg + (e[3] - start.yaw_deg) * t;
            app->camera.pitch_deg = start.pitch_deg + (e[4] - start.pitch_deg) * t;
        }
        lc_frame_settings fs = lc_app_settings(app);
        fs.capture_output = opt->out && (f + 1 == frames || opt->script); /* a script may quit early */
        if (opt->script && (s = lc_script_before_frame(&run, app, f, &fs, &time)) != LC_OK) break;
        if (run.quit) {
            frames = f;
            break;
        }
        bool capture = rdoc && f + 1 == frames;
        if (capture) lc_renderdoc_begin(rdoc, &app->ctx);
        s = lc_app_frame(app, &fs, time);
        if (capture) {
            lc_renderer_finish(app->renderer);
            if (!lc_renderdoc_end(rdoc, &app->ctx) && s == LC_OK) s = LC_ERR_RUNTIME; /* the message names the path */
        }
        lc_app_record_timings(app);
        if (s == LC_OK && opt->script) s = lc_script_after_frame(&run, app, f);
    }
    if (s == LC_OK) {
        lc_renderer_finish(app->renderer);
        lc_app_record_timings(app);
    }
    /* Outputs last, after every GPU step (--pairs renders again), so a failure leaves none. */
    uint64_t pairs[LC_PAIRS_WORDS];
    if (s == LC_OK && opt->pairs) s = lc_app_count_pairs(app, opt->script ? &run.fs : NULL, time, pairs);
    lc_renderer_info q = {0}; /* the last frame rendered, --pairs' included (no renderer where the start failed) */
    if (s == LC_OK) q = lc_renderer_query(app->renderer);
    if (s == LC_OK && opt->out) s = lc_app_write_png(opt->out, q.output_pixels, q.output_width, q.output_height);
    if (s == LC_OK && opt->stats) s = lc_app_write_stats(app, opt->stats, opt->pairs ? pairs : NULL, frames);
    if (s == LC_OK) {
        lc_info("%s: %u frames %ux%u, %u lights (%u visible), GPU frame %.3f ms", lc_mode_names[opt->mode], frames, q.width,
                q.height, app->light_count, q.lights_visible, lc_frame_log_median(&app->gpu_log, LC_TIMER_COUNT));
    }
    lc_app_destroy(app);
    lc_renderdoc_unload(rdoc);
    lc_script_free(&run.script);
    free(app);
    return s;
}
