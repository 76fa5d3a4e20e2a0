/* Scripts (--script FILE, docs/VIEWER.md "Scripts"): the file's timed actions, and the actions
 * that change a frame's settings, shared by the viewer's keys, the viewer's scripts and headless
 * runs (which change settings between frames through the same path the keys take). */
#ifndef LC_SCRIPT_H
#define LC_SCRIPT_H

#include "app/app.h"

typedef struct lc_script_event {
    uint32_t frame; /* runs before this frame (from 0) is rendered */
    char action[32];
    char arg[256];
    int a, b;       /* the first two integers of arg, for "resize W H" and "inspect X Y" */
} lc_script_event;

typedef struct lc_script {
    lc_script_event *events; /* in file order */
    uint32_t count, next;
} lc_script;

/* Reads a script. An unknown action or a malformed line is an error naming the line (LC_ERR_INPUT,
 * exit 2), and so is, when headless, an action that needs the viewer's window. */
lc_status lc_script_load(lc_script *sc, const char *path, bool headless);
void lc_script_free(lc_script *sc);
/* The next event due at or before frame, or NULL. */
const lc_script_event *lc_script_due(lc_script *sc, uint32_t frame);
/* Frames a headless run renders for the script: through its last event's frame. */
uint32_t lc_script_frames(const lc_script *sc);

/* The settings actions (mode, shading, binning, scalarize, view, geometry, occlusion, camera):
 * sets *handled where action is one, changes fs (and the app's camera) and writes what changed
 * as one line to msg (empty: nothing to say). A bad argument is an error (LC_ERR_INPUT). */
lc_status lc_script_settings(lc_app *app, lc_frame_settings *fs, const char *action, const char *arg, char *msg, size_t size,
                             bool *handled);
/* The geometry path as it runs, for the HUD and the messages: the request, or what runs instead
 * with why ("direct (mesh needs mesh shaders)"; lc_geometry_fallback). */
const char *lc_script_geometry_text(const lc_renderer *r, const lc_frame_settings *fs, char *buf, size_t size);

/* A headless run's script: the settings as its actions left them, the light clock, the outputs
 * asked of the frame about to render. */
typedef struct lc_script_run {
    lc_script script;
    lc_frame_settings fs;
    float time;                   /* the lights' clock: from --time, 1/60 s a frame unless paused */
    bool paused, quit;
    char screenshot[1024], stats[1024]; /* non-empty: write after this frame */
} lc_script_run;

/* Before headless frame f: runs the actions due, then sets *fs to the frame's settings (from
 * lc_app_settings at frame 0, as a fresh process starts) and *time to the lights' clock. After
 * quit, run->quit is set and nothing is to be rendered. */
lc_status lc_script_before_frame(lc_script_run *run, lc_app *app, uint32_t f, lc_frame_settings *fs, float *time);
/* After headless frame f: the screenshot and stats (with --pairs, counted on one more frame of
 * the same settings, as a fresh process counts them) the frame's actions asked for. */
lc_status lc_script_after_frame(lc_script_run *run, lc_app *app, uint32_t f);

#endif
