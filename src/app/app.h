/* A lightcull run: scene, lights, device, target and renderer set up from the options,
 * shared by the headless path, the viewer and the benchmark. */
#ifndef LC_APP_H
#define LC_APP_H

#include "renderer.h"
#include "app/frame_log.h"
#include "app/options.h"
#include "lights/probes.h"

typedef struct lc_app {
    lc_options opt;
    lc_context ctx;
    lc_target target;
    lc_renderer *renderer; /* lc_renderer_alloc'd by lc_app_load: the app sees the renderer's API alone */
    lc_scene scene;
    lc_light_set lights;
    lc_decal_set decals;       /* --decals-file or --decals (static: the renderer reads them each frame) */
    bool model_look;        /* the lights and environment of a model's first look (lc_app_model_look) */
    lc_light *animated;        /* this frame's lights */
    uint32_t light_count;      /* active count (the viewer may halve it) */
    float radius_scale;        /* viewer: scales every radius */
    float exposure_ev100;      /* the camera's exposure: --exposure, or lc_exposure_auto of the lights */
    bool exposure_auto;
    lc_camera camera;
    struct GLFWwindow *window;
    /* The last frames' GPU ms per timer, then the whole frame (LC_TIMER_COUNT + 1 series),
     * and CPU ms per stage (LC_CPU_COUNT series), for medians. */
    lc_frame_log gpu_log, cpu_log;
    /* With --stats: each pass's GPU ms (LC_BACKEND_MARKERS series) over the frames since the
     * frame's list of passes last changed, for the passes_ms medians, and the passes' labels. */
    lc_frame_log pass_log;
    char (*pass_names)[48];
    uint32_t pass_count;
    uint64_t timing_serial;
    lc_environment_image environment_image; /* --environment FILE.hdr, read before any device work */
    lc_probe_set probes;       /* --probes-file or --probes (lights/probes.h), in blending order; captured by lc_app_start_gpu */
    double probes_ms;          /* their capture and prefilter at start */
    /* Animation (scene/animation.h): its clock (seconds), whether it runs (the viewer pauses
     * it), and whether the lights are the scene's (they follow their nodes). */
    double anim_time;
    bool anim_playing;
    bool lights_from_scene;
    double anim_ms;            /* the last frame's lc_scene_animate (evaluation, CPU skinning) */
} lc_app;

/* Plays another animation (an index, LC_ANIMATION_ALL or _NONE) from the current clock. */
void lc_app_select_animation(lc_app *app, int32_t active);
/* "animation walk of 3   t 1.25 s   playing", for the HUD. */
void lc_app_animation_text(const lc_app *app, char *out, size_t size);

/* Loads the scene and lights (exit-2 class errors come first, before any device work). */
/* Sets the exposure: --exposure, or automatic from the base lights over the light bounds. */
void lc_app_set_exposure(lc_app *app);
/* Replaces the lights between frames (the viewer's lights-double and lights-halve, a script's
 * lights-file): takes fresh, keeps --light-motion off, makes the per-light state again, and
 * meters an automatic exposure on the new lights as a camera would. */
void lc_app_replace_lights(lc_app *app, lc_light_set fresh);
/* The sun and the environment the options ask for (the renderer's desc). */
lc_environment_desc lc_app_environment(const lc_app *app);
/* The HUD's words for them: "sun 100000 lux from 0.30,1.00,0.20   environment sky", then
 * "   probes 4 (file, blended smaller first)" where there are environment probes. */
void lc_app_sun_environment_text(const lc_app *app, char *out, size_t size);
/* Whether the device refuses a geometry path (mesh without mesh shaders, mdi without indirect-count
 * draws): then one line, prefix first, naming the device and what it lacks. */
/* Whether the app lights the scene as a model's first look (lc_lights_generate_model): a file
 * seen from outside (not a room) with neither a lights file nor lights of its own; --lights N
 * asks for N generated lights instead. */
bool lc_app_model_look(const lc_app *app);
bool lc_app_geometry_refused(const lc_app *app, uint32_t geometry, const char *prefix);
/* Where the lights came from: "generated" (--lights), "file" (--lights-file) or "scene" (the
 * glTF's KHR_lights_punctual). */
const char *lc_app_light_source(const lc_app *app);
lc_status lc_app_load(lc_app *app, const lc_options *opt);
/* Device, target (window when app->window is set), renderer. */
/* The camera's field of view and clip planes: a file camera's own (fc), else --fov and
 * planes from the scene's size (lc_scene_clip_planes). */
void lc_app_set_projection(lc_app *app, const lc_scene_camera *fc);
/* The camera as a --camera X,Y,Z,YAW,PITCH argument that reproduces it. */
void lc_app_camera_argument(const lc_app *app, char *out, size_t size);
lc_status lc_app_start_gpu(lc_app *app, const char **instance_exts, uint32_t ext_count);
void lc_app_destroy(lc_app *app);

/* The geometry path without --geometry: GPU culling (occlusion as --occlusion says) from
 * LC_GEOMETRY_AUTO_TRIANGLES triangles up, through mesh shaders where the device has them,
 * else mdi where it draws indirect counts; direct draws below. Measured on an H100
 * (docs/BENCHMARKS.md): on Sponza (262 k triangles, 1,160 meshlets) the GPU cull removes
 * little and costs more than direct (4K depth: direct 2.03 ms, mesh 3.13, mdi 3.39); on
 * `--scene mesh --grid 13` (67.5 M) with occlusion, mesh 10.5 ms, mdi 24.6; direct 48.3. */
#define LC_GEOMETRY_AUTO_TRIANGLES (4u << 20)
uint32_t lc_app_geometry(const lc_app *app);
/* Visibility shading's raster without --visibility-pass: the depth pre-pass and the EQUAL id
 * pass on the direct path, one pass writing both on mdi and mesh. Measured on an H100
 * (docs/BENCHMARKS.md, "One raster pass for visibility"): the pre-pass is faster where
 * fragments cost more than geometry (the direct path, the scenes it is the default for), one
 * pass where the geometry is the dearer half (the GPU-driven paths, the scenes with millions of
 * triangles they are the default for). */
bool lc_app_visibility_prepass(uint32_t geometry);
/* Animates the lights for time t, culls the objects and renders one frame. */
lc_status lc_app_frame(lc_app *app, const lc_frame_settings *settings, float time);
lc_frame_settings lc_app_settings(const lc_app *app);
void lc_app_record_timings(lc_app *app);

/* --out, --stats; pairs counted from the analysis buffer. */
lc_status lc_app_write_png(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);
lc_status lc_app_write_stats(lc_app *app, const char *path, const uint64_t *pairs, uint32_t frames);
/* Renders one more frame with these settings (NULL: lc_app_settings) and exact analysis, and
 * sums evaluated/exact/missed: pairs[0..2] over every entity, then three each for the decals,
 * the probes and the lights (LC_PAIRS_WORDS). LC_ERR_RUNTIME where no frame could be rendered
 * (a window that cannot be drawn). */
#define LC_PAIRS_WORDS 12
lc_status lc_app_count_pairs(lc_app *app, const lc_frame_settings *settings, float time, uint64_t pairs[LC_PAIRS_WORDS]);

lc_status lc_run_viewer(const lc_options *opt);
int lc_bench_main(int argc, char **argv);
/* lightcull bench --contexts N [--frames F]: record + merge + sort of N synthetic draws per
 * thread count (bench_contexts.c). Returns the exit code. */
int lc_bench_contexts_main(int argc, char **argv);

#endif
