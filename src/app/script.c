#include "app/script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every script action (docs/VIEWER.md, "Scripts"); the viewer's keys map onto the same names. */
static const char *const k_actions[] = {
    "mode", "shading", "binning", "scalarize", "view", "lights-double", "lights-halve", "pause", "radius-up", "radius-down", "screenshot",
    "screenshot-hud", "capture", "help", "hud", "reset-camera", "camera-next", "resize", "minimize", "zero-size", "restore", "inspect",
    "inspect-close", "camera", "quit", "geometry", "occlusion", "animation-pause", "animation-step", "animation-next", "stats",
    "lights-file",
};

/* What a headless run does: the settings, the light clock, the outputs of a frame. */
static const char *const k_headless[] = {
    "mode", "shading", "binning", "scalarize", "view", "geometry", "occlusion", "camera", "pause", "screenshot", "stats", "quit",
    "lights-file",
};

static bool listed(const char *action, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(action, list[i])) return true;
    return false;
}

lc_status lc_script_load(lc_script *sc, const char *path, bool headless)
{
    memset(sc, 0, sizeof *sc);
    char err[512];
    char *text = lc_read_file(path, NULL, err, sizeof err);
    if (!text) {
        lc_error("--script: %s", err);
        return LC_ERR_INPUT;
    }
    uint32_t line_no = 0;
    lc_status s = LC_OK;
    for (char *line = text, *next; line && s == LC_OK; line = next) {
        line_no++;
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        while (*line == ' ' || *line == '\t') line++;
        if (!*line || *line == '#' || *line == '\r') continue;
        lc_script_event e = {0};
        char rest[sizeof e.arg + 1] = "";
        int n = sscanf(line, "%u %31s %256[^\r\n]", &e.frame, e.action, rest);
        s = LC_ERR_INPUT;
        if (n < 2) lc_error("--script %s:%u: expected 'FRAME ACTION [ARGS]'", path, line_no);
        else if (!listed(e.action, k_actions, LC_ARRAY_COUNT(k_actions))) lc_error("--script %s:%u: unknown action '%s'", path, line_no, e.action);
        else if (headless && !listed(e.action, k_headless, LC_ARRAY_COUNT(k_headless)))
            lc_error("--script %s:%u: '%s' is the viewer's (not an action under --headless)", path, line_no, e.action);
        else if (!headless && (!strcmp(e.action, "stats") || !strcmp(e.action, "lights-file")))
            lc_error("--script %s:%u: '%s' is a headless run's action (add --headless)", path, line_no, e.action);
        else if (strlen(rest) >= sizeof e.arg)
            lc_error("--script %s:%u: arguments longer than %zu characters", path, line_no, sizeof e.arg - 1);
        else if ((!strcmp(e.action, "stats") || !strcmp(e.action, "lights-file")) && !*rest)
            lc_error("--script %s:%u: '%s' needs a file name", path, line_no, e.action);
        else s = LC_OK;
        if (s != LC_OK) break;
        memcpy(e.arg, rest, sizeof e.arg);
        sscanf(rest, "%d %d", &e.a, &e.b);
        sc->events = lc_realloc(sc->events, (sc->count + 1) * sizeof *sc->events);
        sc->events[sc->count++] = e;
    }
    free(text);
    if (s != LC_OK) lc_script_free(sc);
    return s;
}

void lc_script_free(lc_script *sc)
{
    free(sc->events);
    memset(sc, 0, sizeof *sc);
}

const lc_script_event *lc_script_due(lc_script *sc, uint32_t frame)
{
    return sc->next < sc->count && sc->events[sc->next].frame <= frame ? &sc->events[sc->next++] : NULL;
}

uint32_t lc_script_frames(const lc_script *sc)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < sc->count; i++) n = LC_MAX(n, sc->events[i].frame + 1);
    return n;
}

const char *lc_script_geometry_text(const lc_renderer *r, const lc_frame_settings *fs, char *buf, size_t size)
{
    const char *brief = lc_geometry_fallback(r, fs, NULL);
    if (brief) snprintf(buf, size, "direct (%s %s)", lc_geometry_names[fs->geometry], brief);
    else if (fs->geometry == LC_GEOMETRY_MESH && fs->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT) snprintf(buf, size, "mesh (indirect)");
    else snprintf(buf, size, "%s", lc_geometry_names[fs->geometry]);
    return buf;
}

/* After a change of shading, geometry or view: the message names what runs. */
static void settings_message(const lc_app *app, const lc_frame_settings *fs, const char *what, char *msg, size_t size)
{
    char g[128];
    lc_script_geometry_text(app->renderer, fs, g, sizeof g);
    if (!strcmp(what, "shading"))
        snprintf(msg, size, "shading: %s%s%s", lc_shading_names[fs->shading], strchr(g, '(') ? "   geometry: " : "", strchr(g, '(') ? g : "");
    else snprintf(msg, size, "%s: %s", what, !strcmp(what, "view") ? lc_view_names[fs->view] : g);
}

lc_status lc_script_settings(lc_app *app, lc_frame_settings *fs, const char *action, const char *arg, char *msg, size_t size,
                             bool *handled)
{
    *handled = true;
    *msg = 0;
    if (!strcmp(action, "mode")) {
        int m = lc_mode_from_name(arg);
        if (m < 0 && *arg) {
            lc_error("script: unknown mode '%s' (brute, lists, tiles, clusters, zbin, objects; none: next)", arg);
            return LC_ERR_INPUT;
        }
        /* The cycle (M, 1-5) goes through the GPU modes; objects is named (forward shading only). */
        if (m < 0) m = fs->mode + 1 >= LC_MODE_GPU_COUNT ? LC_MODE_BRUTE : (int)fs->mode + 1;
        if (m == LC_MODE_OBJECTS && fs->shading == LC_SHADING_VISIBILITY) {
            snprintf(msg, size, "mode objects: forward shading only");
            return LC_OK;
        }
        fs->mode = (uint32_t)m;
        snprintf(msg, size, "mode: %s", lc_mode_names[m]);
    } else if (!strcmp(action, "shading")) {
        int found = lc_name_index(arg, lc_shading_names, LC_SHADING_COUNT);
        if (found < 0 && *arg) {
            lc_error("script: unknown shading '%s' (forward, visibility; none: toggle)", arg);
            return LC_ERR_INPUT;
        }
        uint32_t next = found >= 0 ? (uint32_t)found : (fs->shading + 1) % LC_SHADING_COUNT;
        const char *refusal = lc_renderer_query(app->renderer).visibility_refusal; /* the renderer's own reason, if any */
        if (next == LC_SHADING_VISIBILITY && app->ctx.visibility_missing) {
            snprintf(msg, size, "visibility shading needs %s", app->ctx.visibility_missing);
        } else if (next == LC_SHADING_VISIBILITY && fs->mode == LC_MODE_OBJECTS) {
            snprintf(msg, size, "visibility shading: mode objects is forward shading's (pick another mode first)");
        } else if (next == LC_SHADING_VISIBILITY && refusal[0]) {
            snprintf(msg, size, "visibility shading: %s", refusal);
        } else {
            fs->shading = next;
            settings_message(app, fs, "shading", msg, size);
        }
    } else if (!strcmp(action, "binning")) {
        int found = lc_name_index(arg, lc_binning_names, LC_BINNING_COUNT);
        if (found < 0 && *arg) {
            lc_error("script: unknown binning '%s' (tiles, lights, lights-nodepth; none: next)", arg);
            return LC_ERR_INPUT;
        }
        fs->binning = found >= 0 ? (uint32_t)found : (fs->binning + 1) % LC_BINNING_COUNT;
        snprintf(msg, size, "binning: %s", lc_binning_names[fs->binning]);
    } else if (!strcmp(action, "scalarize")) {
        /* on and off as --scalarize says them (merging as the command line's --scalarize-merge);
         * always: on, merged in every subgroup (--scalarize-merge always); none: toggle. */
        if (!strcmp(arg, "on") || !strcmp(arg, "off")) {
            fs->scalarize = arg[1] == 'n';
            fs->scalarize_merge = app->opt.scalarize_merge;
        } else if (!strcmp(arg, "always")) {
            fs->scalarize = true;
            fs->scalarize_merge = LC_SCALARIZE_MERGE_ALWAYS;
        } else if (*arg) {
            lc_error("script: scalarize '%s' is not on, off or always (none: toggle)", arg);
            return LC_ERR_INPUT;
        } else {
            fs->scalarize = !fs->scalarize;
        }
        snprintf(msg, size, "scalarization %s%s", fs->scalarize ? "on" : "off",
                 fs->scalarize && fs->scalarize_merge == LC_SCALARIZE_MERGE_ALWAYS ? " (merged in every subgroup)" : "");
    } else if (!strcmp(action, "view")) {
        int found = lc_name_index(arg, lc_view_names, LC_VIEW_COUNT);
        if (found < 0 && *arg) {
            lc_error("script: unknown view '%s' (shaded, heatmap, tightness, meshlets, base-colour, normals, roughness-metallic; none: next)",
                     arg);
            return LC_ERR_INPUT;
        }
        fs->view = found >= 0 ? (uint32_t)found : (fs->view + 1) % LC_VIEW_COUNT;
        settings_message(app, fs, "view", msg, size);
    } else if (!strcmp(action, "geometry")) {
        /* Cycles the paths this device runs: direct -> mdi -> mesh -> direct. */
        const lc_context *ctx = &app->ctx;
        int g = lc_name_index(arg, lc_geometry_names, LC_GEOMETRY_COUNT);
        if ((g < 0 && *arg) || (g == LC_GEOMETRY_MESH && !ctx->mesh_shader) || (g == LC_GEOMETRY_MDI && !ctx->indirect)) {
            lc_error("script: geometry '%s' is not available here (direct%s%s)", arg, ctx->indirect ? ", mdi" : "",
                     ctx->mesh_shader ? ", mesh" : "");
            return LC_ERR_INPUT;
        }
        if (g < 0) {
            g = fs->geometry;
            do g = (g + 1) % LC_GEOMETRY_COUNT;
            while ((g == LC_GEOMETRY_MDI && !ctx->indirect) || (g == LC_GEOMETRY_MESH && !ctx->mesh_shader));
        }
        fs->geometry = (uint32_t)g;
        settings_message(app, fs, "geometry", msg, size);
    } else if (!strcmp(action, "occlusion")) {
        /* on, off, or none: toggle */
        if (*arg && strcmp(arg, "on") && strcmp(arg, "off")) {
            lc_error("script: occlusion '%s' is not on or off (none: toggle)", arg);
            return LC_ERR_INPUT;
        }
        fs->occlusion = *arg ? arg[1] == 'n' : !fs->occlusion;
        snprintf(msg, size, "occlusion culling %s", fs->occlusion ? "on" : "off");
    } else if (!strcmp(action, "camera")) {
        float c[5];
        if (sscanf(arg, "%f,%f,%f,%f,%f", &c[0], &c[1], &c[2], &c[3], &c[4]) != 5) {
            lc_error("script: camera expects X,Y,Z,YAW,PITCH, got '%s'", arg);
            return LC_ERR_INPUT;
        }
        memcpy(app->camera.position, c, sizeof(float) * 3);
        app->camera.yaw_deg = c[3];
        app->camera.pitch_deg = c[4];
    } else {
        *handled = false;
    }
    return LC_OK;
}

/* lights-file FILE: the lights of a fresh process given --lights-file FILE, exposure included. */
static lc_status load_lights(lc_script_run *run, lc_app *app, const char *path)
{
    lc_light_set fresh;
    lc_status s = lc_lights_load_json(&fresh, path);
    if (s != LC_OK) return s;
    app->opt.lights_file = path; /* the script's text: lives as long as the run */
    app->lights_from_scene = false; /* the start's environment stays (a model's look keeps its level) */
    lc_app_replace_lights(app, fresh);
    run->fs.exposure_ev100 = app->exposure_ev100;
    return LC_OK;
}

lc_status lc_script_before_frame(lc_script_run *run, lc_app *app, uint32_t f, lc_frame_settings *fs, float *time)
{
    if (f == 0) {
        run->fs = *fs;
        run->time = *time;
    }
    for (const lc_script_event *e; !run->quit && (e = lc_script_due(&run->script, f));) {
        bool handled = false;
        char msg[400];
        lc_status s = lc_script_settings(app, &run->fs, e->action, e->arg, msg, sizeof msg, &handled);
        if (s != LC_OK) return s;
        if (handled) {
            if (*msg) lc_info("frame %u: %s", f, msg);
        } else if (!strcmp(e->action, "pause")) {
            run->paused = !run->paused;
        } else if (!strcmp(e->action, "screenshot")) {
            snprintf(run->screenshot, sizeof run->screenshot, "%s", *e->arg ? e->arg : "lightcull-000.png");
        } else if (!strcmp(e->action, "stats")) {
            snprintf(run->stats, sizeof run->stats, "%s", e->arg);
        } else if (!strcmp(e->action, "lights-file")) {
            if ((s = load_lights(run, app, e->arg)) != LC_OK) return s;
        } else if (!strcmp(e->action, "quit")) {
            run->quit = true;
        }
    }
    if (run->quit && f == 0 && (app->opt.out || app->opt.stats)) {
        lc_error("--script: 'quit' at frame 0 leaves no frame for %s", app->opt.out ? "--out" : "--stats");
        return LC_ERR_INPUT;
    }
    /* The viewer's clock: each frame 1/60 s on from the last unless paused (the first at --time). */
    if (f > 0 && !run->paused) run->time += 1.0f / 60.0f;
    run->fs.camera = app->camera; /* --pairs after the run counts with it too */
    *fs = run->fs;
    fs->capture_output |= run->screenshot[0] != 0;
    *time = run->time;
    return LC_OK;
}

lc_status lc_script_after_frame(lc_script_run *run, lc_app *app, uint32_t f)
{
    lc_status s = LC_OK;
    if (!run->screenshot[0] && !run->stats[0]) return s;
    lc_renderer_finish(app->renderer);
    lc_app_record_timings(app);
    lc_renderer_info q = lc_renderer_query(app->renderer);
    if (run->screenshot[0]) s = lc_app_write_png(run->screenshot, q.output_pixels, q.output_width, q.output_height);
    run->screenshot[0] = 0;
    uint64_t pairs[LC_PAIRS_WORDS];
    if (s == LC_OK && run->stats[0] && app->opt.pairs) {
        lc_frame_settings fs = run->fs;
        fs.camera = app->camera;
        s = lc_app_count_pairs(app, &fs, run->time, pairs);
        if (s == LC_OK) lc_renderer_finish(app->renderer);
    }
    if (s == LC_OK && run->stats[0]) s = lc_app_write_stats(app, run->stats, app->opt.pairs ? pairs : NULL, f + 1);
    run->stats[0] = 0;
    return s;
}
