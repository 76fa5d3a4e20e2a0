#include "app/viewer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/inspector.h"
#include "app/keys.h"
#include "app/renderdoc.h"
#include "app/script.h"
#include "scene/animation.h"
#include "cpu/jobs.h"

#define HUD_CAP 65536 /* vertices; the renderer's HUD buffer holds as many */

typedef struct viewer {
    lc_app app;
    lc_frame_settings fs;
    bool paused, show_help, show_hud;
    bool cycled;           /* N was pressed: cycle_index is the file camera in view */
    uint32_t cycle_index;
    float time, move_speed;
    double last_x, last_y;
    bool looking;
    bool resized;                 /* framebuffer size changed: rebuild before the next frame */
    double minimize_at;           /* when "minimize" asked; 0: not pending */
    bool hidden;                  /* unmapped by us: no window manager iconified it */
    bool was_drawable;
    uint32_t screenshot_index, capture_index;
    char screenshot_path[1024];
    bool screenshot_requested, screenshot_hud;
    bool capture_requested;
    lc_renderdoc *rdoc;
    double smooth[LC_TIMER_COUNT + 1];
    double smooth_cpu[LC_CPU_COUNT]; /* CPU ms per lc_cpu_timer, smoothed */
    double cpu_frame_ms;
    lc_inspection inspection;
    bool inspecting;              /* the inspector panel is up */
    char inspector[2048];
    int inspect_x, inspect_y;
    bool inspect_requested;
    lc_script script;
    bool quit;
    char message[1200];
    double message_until;
    float *hud;
} viewer;

/* A line at the bottom right for three seconds; also on stdout unless hud_only. */
static void show_message(viewer *v, bool hud_only, const char *fmt, const char *arg)
{
    snprintf(v->message, sizeof v->message, fmt, arg);
    v->message_until = glfwGetTime() + 3.0;
    if (!hud_only) lc_info("%s", v->message);
}

static void set_message(viewer *v, const char *fmt, const char *arg) { show_message(v, false, fmt, arg); }

static void reset_camera(viewer *v)
{
    const float *c = v->app.opt.camera_set ? v->app.opt.camera : v->app.scene.default_camera;
    v->app.camera.position[0] = c[0];
    v->app.camera.position[1] = c[1];
    v->app.camera.position[2] = c[2];
    v->app.camera.yaw_deg = c[3];
    v->app.camera.pitch_deg = c[4];
    /* The first view's projection too, after N switched to another file camera. */
    const lc_scene *sc = &v->app.scene;
    lc_app_set_projection(&v->app, sc->start == LC_START_CAMERA && !v->app.opt.camera_set && sc->camera_index < sc->camera_count
                                        ? &sc->cameras[sc->camera_index]
                                        : NULL);
    v->cycled = false;
}

/* F11 without a file name: the --capture file first, then numbered files beside it. */
static void capture_path(viewer *v, const char *arg, char *out, size_t size)
{
    const char *base = v->app.opt.capture;
    if (arg && *arg) {
        snprintf(out, size, "%s", arg);
    } else if (base && v->capture_index == 0) {
        snprintf(out, size, "%s", base);
    } else {
        char stem[900];
        snprintf(stem, sizeof stem, "%s", base ? base : "lightcull");
        size_t n = strlen(stem);
        if (n > 4 && strcmp(stem + n - 4, ".rdc") == 0) stem[n - 4] = 0;
        snprintf(out, size, "%s-%03u.rdc", stem, v->capture_index + (base ? 0 : 1)); /* from 001 */
    }
    v->capture_index++;
}

static lc_status set_light_count(viewer *v, uint32_t n)
{
    lc_app *app = &v->app;
    if (app->opt.lights_file) {
        set_message(v, "%s", "the light count is fixed by --lights-file");
        return LC_OK;
    }
    n = LC_CLAMP(n, 1u, LC_LIGHTS_MAX);
    lc_light_set fresh;
    lc_status s = lc_lights_generate(&fresh, n, app->opt.seed, app->scene.light_bounds_min, app->scene.light_bounds_max);
    if (s != LC_OK) return s;
    lc_app_replace_lights(app, fresh);
    v->fs.exposure_ev100 = app->exposure_ev100;
    char buf[32];
    snprintf(buf, sizeof buf, "%u", n);
    set_message(v, "lights: %s", buf);
    return LC_OK;
}

/* One place for every action: keys and the script both come here. */
static lc_status act(viewer *v, const char *action, const char *arg, int a, int b)
{
    lc_frame_settings *fs = &v->fs;
    GLFWwindow *w = v->app.window;
    lc_status s = LC_OK;
    bool reinspect = false; /* the inspected tile's lights change with these */
    bool handled = false;
    char msg[400];
    s = lc_script_settings(&v->app, fs, action, arg, msg, sizeof msg, &handled);
    if (handled) {
        if (*msg) set_message(v, "%s", msg);
        reinspect = s == LC_OK && (!strcmp(action, "mode") || !strcmp(action, "binning"));
    } else if (!strcmp(action, "lights-double")) {
        s = set_light_count(v, v->app.light_count * 2);
        reinspect = true;
    } else if (!strcmp(action, "lights-halve")) {
        s = set_light_count(v, LC_MAX(v->app.light_count / 2, 1u));
        reinspect = true;
    } else if (!strcmp(action, "animation-pause") || !strcmp(action, "animation-step") || !strcmp(action, "animation-next")) {
        lc_app *app = &v->app;
        const lc_scene_anim *an = app->scene.anim;
        if (!an || !an->animation_count) {
            set_message(v, "%s", "the scene has no animation");
        } else if (action[10] == 'p') {
            app->anim_playing = !app->anim_playing;
        } else if (action[10] == 's') {
            app->anim_playing = false; /* one frame's worth, then held */
            app->anim_time += 1.0 / 60.0;
        } else { /* 0, 1, ..., all, none, 0 ... */
            int32_t a = an->active, n = (int32_t)an->animation_count;
            a = a == LC_ANIMATION_NONE ? 0 : a == LC_ANIMATION_ALL ? LC_ANIMATION_NONE : a + 1 < n ? a + 1 : n > 1 ? LC_ANIMATION_ALL : LC_ANIMATION_NONE;
            lc_app_select_animation(app, a);
        }
        if (an && an->animation_count) {
            char text[160];
            lc_app_animation_text(app, text, sizeof text);
            set_message(v, "%s", text);
        }
    } else if (!strcmp(action, "pause")) {
        v->paused = !v->paused;
        set_message(v, "light animation %s", v->paused ? "paused" : "running");
    } else if (!strcmp(action, "radius-up") || !strcmp(action, "radius-down")) {
        v->app.radius_scale *= action[7] == 'u' ? 1.25f : 0.8f;
        v->app.radius_scale = LC_CLAMP(v->app.radius_scale, 0.05f, 20.0f);
        char buf[32];
        snprintf(buf, sizeof buf, "%.2f", v->app.radius_scale);
        reinspect = true;
        set_message(v, "light radius scale %s", buf);
    } else if (!strcmp(action, "screenshot") || !strcmp(action, "screenshot-hud")) {
        if (arg && *arg) snprintf(v->screenshot_path, sizeof v->screenshot_path, "%s", arg);
        else snprintf(v->screenshot_path, sizeof v->screenshot_path, "lightcull-%03u.png", v->screenshot_index++);
        v->screenshot_requested = true;
        v->screenshot_hud = action[10] == '-';
    } else if (!strcmp(action, "capture")) {
        if (!v->rdoc) {
            set_message(v, "%s", "RenderDoc is not loaded (Debian: apt-get install renderdoc)");
        } else {
            char path[1024];
            capture_path(v, arg, path, sizeof path);
            lc_renderdoc_set_path(v->rdoc, path);
            v->capture_requested = true;
        }
    } else if (!strcmp(action, "help")) {
        v->show_help = !v->show_help;
    } else if (!strcmp(action, "hud")) {
        v->show_hud = !v->show_hud;
    } else if (!strcmp(action, "camera-next")) {
        /* The file's cameras in turn, each with its own projection. */
        lc_scene *sc = &v->app.scene;
        if (!sc->camera_count) {
            set_message(v, "%s", "the scene has no cameras");
        } else {
            uint32_t from = v->cycled ? v->cycle_index : sc->start == LC_START_CAMERA ? sc->camera_index : sc->camera_count - 1;
            v->cycle_index = (from + 1) % sc->camera_count;
            v->cycled = true;
            const lc_scene_camera *c = &sc->cameras[v->cycle_index];
            memcpy(v->app.camera.position, c->pose, 3 * sizeof(float));
            v->app.camera.yaw_deg = c->pose[3];
            v->app.camera.pitch_deg = c->pose[4];
            lc_app_set_projection(&v->app, c);
            char buf[48];
            snprintf(buf, sizeof buf, "%u of %u", v->cycle_index + 1, sc->camera_count);
            set_message(v, "file camera %s", buf);
        }
    } else if (!strcmp(action, "reset-camera")) {
        reset_camera(v);
        set_message(v, "%s", "camera reset");
    } else if (!strcmp(action, "resize")) {
        if (a > 0 && b > 0) glfwSetWindowSize(w, a, b);
    } else if (!strcmp(action, "minimize")) {
        glfwIconifyWindow(w);
        v->minimize_at = glfwGetTime();
    } else if (!strcmp(action, "zero-size")) {
        /* The swapchain is rebuilt now, at a zero extent, as a resize to 0x0 would. */
        v->app.target.zero_extent = true;
        return lc_target_resize(&v->app.ctx, &v->app.target, 0, 0);
    } else if (!strcmp(action, "restore")) {
        if (v->app.target.zero_extent) v->resized = true;
        v->app.target.zero_extent = false;
        v->minimize_at = 0.0;
        if (v->hidden) glfwShowWindow(w);
        v->hidden = false;
        glfwRestoreWindow(w);
    } else if (!strcmp(action, "inspect")) {
        v->inspect_x = a, v->inspect_y = b, v->inspect_requested = true;
    } else if (!strcmp(action, "inspect-close")) {
        v->inspecting = v->inspect_requested = false;
    } else if (!strcmp(action, "quit")) {
        v->quit = true;
    } else {
        lc_error("script: unknown action '%s'", action);
        return LC_ERR_INPUT;
    }
    if (reinspect && v->inspecting) v->inspect_requested = true;
    return s;
}

static void key_cb(GLFWwindow *w, int key, int scancode, int action, int mods)
{
    (void)scancode;
    (void)mods;
    viewer *v = glfwGetWindowUserPointer(w);
    if (action != GLFW_PRESS) return;
    if (key >= GLFW_KEY_1 && key <= GLFW_KEY_5) act(v, "mode", lc_mode_names[key - GLFW_KEY_1], 0, 0);
    switch (key) {
    case GLFW_KEY_ESCAPE: v->quit = true; break;
    case GLFW_KEY_M: act(v, "mode", "", 0, 0); break;
    case GLFW_KEY_C: act(v, "scalarize", "", 0, 0); break;
    case GLFW_KEY_B: act(v, "shading", "", 0, 0); break;
    case GLFW_KEY_L: act(v, "binning", "", 0, 0); break;
    case GLFW_KEY_V: act(v, "view", "", 0, 0); break;
    case GLFW_KEY_G: act(v, "geometry", "", 0, 0); break;
    case GLFW_KEY_O: act(v, "occlusion", "", 0, 0); break;
    case GLFW_KEY_EQUAL: case GLFW_KEY_KP_ADD: act(v, "lights-double", "", 0, 0); break;
    case GLFW_KEY_MINUS: case GLFW_KEY_KP_SUBTRACT: act(v, "lights-halve", "", 0, 0); break;
    case GLFW_KEY_P: act(v, "pause", "", 0, 0); break;
    case GLFW_KEY_T: act(v, "animation-pause", "", 0, 0); break;
    case GLFW_KEY_Y: act(v, "animation-step", "", 0, 0); break;
    case GLFW_KEY_U: act(v, "animation-next", "", 0, 0); break;
    case GLFW_KEY_RIGHT_BRACKET: act(v, "radius-up", "", 0, 0); break;
    case GLFW_KEY_LEFT_BRACKET: act(v, "radius-down", "", 0, 0); break;
    case GLFW_KEY_F12: act(v, "screenshot", "", 0, 0); break;
    case GLFW_KEY_F11: act(v, "capture", "", 0, 0); break;
    case GLFW_KEY_H: case GLFW_KEY_F1: act(v, "help", "", 0, 0); break;
    case GLFW_KEY_TAB: act(v, "hud", "", 0, 0); break;
    case GLFW_KEY_R: act(v, "reset-camera", "", 0, 0); break;
    case GLFW_KEY_N: act(v, "camera-next", "", 0, 0); break;
    case GLFW_KEY_BACKSPACE: act(v, "inspect-close", "", 0, 0); break;
    default: break;
    }
}

static void framebuffer_cb(GLFWwindow *w, int width, int height)
{
    (void)width;
    (void)height;
    viewer *v = glfwGetWindowUserPointer(w);
    v->resized = true;
}

static void mouse_cb(GLFWwindow *w, int button, int action, int mods)
{
    (void)mods;
    viewer *v = glfwGetWindowUserPointer(w);
    if (button == GLFW_MOUSE_BUTTON_RIGHT) {
        v->looking = action == GLFW_PRESS;
        glfwGetCursorPos(w, &v->last_x, &v->last_y);
        glfwSetInputMode(w, GLFW_CURSOR, v->looking ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    } else if (button == GLFW_MOUSE_BUTTON_LEFT && action == GLFW_PRESS && !v->looking) {
        double x, y;
        glfwGetCursorPos(w, &x, &y);
        int ww, wh, fw, fh;
        glfwGetWindowSize(w, &ww, &wh);
        glfwGetFramebufferSize(w, &fw, &fh);
        act(v, "inspect", "", (int)(x * fw / LC_MAX(ww, 1)), (int)(y * fh / LC_MAX(wh, 1)));
    }
}

static void cursor_cb(GLFWwindow *w, double x, double y)
{
    viewer *v = glfwGetWindowUserPointer(w);
    if (!v->looking) return;
    v->app.camera.yaw_deg -= (float)(x - v->last_x) * 0.15f;
    v->app.camera.pitch_deg = LC_CLAMP(v->app.camera.pitch_deg - (float)(y - v->last_y) * 0.15f, -89.0f, 89.0f);
    v->last_x = x, v->last_y = y;
}

static void scroll_cb(GLFWwindow *w, double dx, double dy)
{
    (void)dx;
    viewer *v = glfwGetWindowUserPointer(w);
    v->move_speed = LC_CLAMP(v->move_speed * (dy > 0 ? 1.25f : 0.8f), 0.1f, 200.0f);
    char buf[32];
    snprintf(buf, sizeof buf, "%.1f", v->move_speed);
    show_message(v, true, "move speed %s m/s", buf);
}

static void move_camera(viewer *v, float dt)
{
    GLFWwindow *w = v->app.window;
    float f[3], r[3], d[3] = {0, 0, 0};
    lc_camera_forward(&v->app.camera, f);
    lc_camera_right(&v->app.camera, r);
    float s = v->move_speed * dt;
    if (glfwGetKey(w, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS) s *= 4.0f;
    for (int i = 0; i < 3; i++) {
        if (glfwGetKey(w, GLFW_KEY_W) == GLFW_PRESS) d[i] += f[i] * s;
        if (glfwGetKey(w, GLFW_KEY_S) == GLFW_PRESS) d[i] -= f[i] * s;
        if (glfwGetKey(w, GLFW_KEY_D) == GLFW_PRESS) d[i] += r[i] * s;
        if (glfwGetKey(w, GLFW_KEY_A) == GLFW_PRESS) d[i] -= r[i] * s;
    }
    if (glfwGetKey(w, GLFW_KEY_E) == GLFW_PRESS) d[1] += s;
    if (glfwGetKey(w, GLFW_KEY_Q) == GLFW_PRESS) d[1] -= s;
    for (int i = 0; i < 3; i++) v->app.camera.position[i] += d[i];
}

/* Reads the clicked pixel's tile back from the GPU: the HUD panel, and one line on stdout. */
static void inspect(viewer *v)
{
    v->inspect_requested = false;
    if (lc_inspect_pixel(v->app.renderer, v->inspect_x, v->inspect_y, &v->inspection) != LC_OK) {
        set_message(v, "%s", "inspector: read-back failed");
        return;
    }
    v->inspecting = true;
    lc_inspection_format(&v->inspection, v->inspector, sizeof v->inspector);
    char line[1024];
    lc_inspection_format_line(&v->inspection, line, sizeof line);
    lc_info("%s", line);
}


static const float k_white[4] = {1, 1, 1, 1}, k_yellow[4] = {1, 0.9f, 0.3f, 1}, k_panel[4] = {0, 0, 0, 0.6f};

/* Heatmap: numbers over the bar tonemap.frag draws (x 8..264, 20..8 px above the bottom),
 * on a panel that leaves the bar itself uncovered. */
static uint32_t heat_legend(viewer *v, uint32_t n, float scale)
{
    const lc_renderer_info q = lc_renderer_query(v->app.renderer);
    const char *label = "lights evaluated per pixel";
    float h = (float)q.height, tw, th, lw;
    lc_hud_text_size(label, scale, &lw, &th);
    float base = h - 22; /* just above the bar */
    n = lc_hud_rect(v->hud, HUD_CAP, n, 4, base - th - 4, 280 + lw, base, k_panel);
    n = lc_hud_text(v->hud, HUD_CAP, n, 276, base - th - 1, scale, label, k_white);
    uint32_t top = q.heat_scale;
    for (int k = 0; k <= 4; k++) {
        char num[16];
        snprintf(num, sizeof num, k == 4 ? "%u+" : "%u", top * (uint32_t)k / 4);
        lc_hud_text_size(num, scale, &tw, &th);
        float tick = 8.0f + 64.0f * (float)k - (k == 4 ? 1.0f : 0.0f);
        float x = k == 0 ? tick : k == 4 ? tick - tw + 1 : tick - 0.5f * tw;
        n = lc_hud_text(v->hud, HUD_CAP, n, x, base - th - 1, scale, num, k_white);
        n = lc_hud_rect(v->hud, HUD_CAP, n, tick, base - 1, tick + 1, base + 2, k_white);
    }
    return n;
}

/* A legend of two swatches, first and second, beside the first two lines of text, bottom left. */
static uint32_t swatch_legend(viewer *v, uint32_t n, float scale, const char *text, const float first[4], const float second[4])
{
    float h = (float)lc_renderer_query(v->app.renderer).height, line = 12 * scale;
    float tw, th;
    lc_hud_text_size(text, scale, &tw, &th);
    float y = h - 8 - th;
    n = lc_hud_rect(v->hud, HUD_CAP, n, 4, y - 4, 32 + tw, h - 4, k_panel);
    n = lc_hud_rect(v->hud, HUD_CAP, n, 10, y, 10 + 8 * scale, y + 8 * scale, first);
    n = lc_hud_rect(v->hud, HUD_CAP, n, 10, y + line, 10 + 8 * scale, y + line + 8 * scale, second);
    return lc_hud_text(v->hud, HUD_CAP, n, 14 + 10 * scale, y, scale, text, k_white);
}

static const float k_red[4] = {1, 0, 0, 1}, k_green[4] = {0, 1, 0, 1};

/* Tightness: what the two colours mean. */
static uint32_t tightness_legend(viewer *v, uint32_t n, float scale)
{
    char text[160];
    snprintf(text, sizeof text, "evaluated and contributing\nevaluated for nothing (wasted)\nfull colour: %u lights",
             lc_renderer_query(v->app.renderer).heat_scale);
    return swatch_legend(v, n, scale, text, k_green, k_red);
}

/* --view roughness-metallic: what its two channels mean. */
static uint32_t roughness_metallic_legend(viewer *v, uint32_t n, float scale)
{
    return swatch_legend(v, n, scale, "red: roughness (perceptual)\ngreen: metallic", k_red, k_green);
}

/* The inspected tile's outline and the clicked pixel. */
static uint32_t inspector_marks(viewer *v, uint32_t n)
{
    const lc_inspection *in = &v->inspection;
    float x0 = (float)in->rect[0], y0 = (float)in->rect[1], x1 = (float)in->rect[2], y1 = (float)in->rect[3];
    float px = (float)in->x, py = (float)in->y;
    n = lc_hud_rect(v->hud, HUD_CAP, n, x0, y0, x1, y0 + 1, k_yellow);
    n = lc_hud_rect(v->hud, HUD_CAP, n, x0, y1 - 1, x1, y1, k_yellow);
    n = lc_hud_rect(v->hud, HUD_CAP, n, x0, y0, x0 + 1, y1, k_yellow);
    n = lc_hud_rect(v->hud, HUD_CAP, n, x1 - 1, y0, x1, y1, k_yellow);
    n = lc_hud_rect(v->hud, HUD_CAP, n, px - 3, py, px + 4, py + 1, k_yellow);
    return lc_hud_rect(v->hud, HUD_CAP, n, px, py - 3, px + 1, py + 4, k_yellow);
}

/* The key help: two columns on a panel (lc_hud_place keeps it clear of the HUD). */
static uint32_t help_panel(viewer *v, uint32_t n, float scale, float x, float y)
{
    static const float panel[4] = {0, 0, 0, 0.8f};
    float kw, pw, ph, line = 12.0f * scale, pad = 6.0f * scale;
    lc_hud_help_size(scale, &kw, &pw, &ph);
    n = lc_hud_rect(v->hud, HUD_CAP, n, x, y, x + pw, y + ph, panel);
    n = lc_hud_text(v->hud, HUD_CAP, n, x + pad, y + pad, scale, "keys", k_yellow);
    for (size_t i = 0; i < lc_viewer_key_count; i++) {
        float ly = y + pad + line * (float)(i + 1);
        n = lc_hud_text(v->hud, HUD_CAP, n, x + pad, ly, scale, lc_viewer_keys[i].key, k_yellow);
        n = lc_hud_text(v->hud, HUD_CAP, n, x + pad + kw + 3.0f * pad, ly, scale, lc_viewer_keys[i].action, k_white);
    }
    return n;
}

static uint32_t build_hud(viewer *v)
{
    lc_app *app = &v->app;
    lc_renderer *r = app->renderer;
    const lc_renderer_info q = lc_renderer_query(r);
    /* Readable on a 640x360 window, not huge on a 4K one. */
    float scale = lc_hud_scale(q.height);
    const lc_camera *cam = &app->camera;
    const double *g = v->smooth;
    uint32_t loop = lc_loop_variant(r, &v->fs); /* unscalarized where the device falls back */
    char geometry[128], text[1900], sun_env[256], anim_text[160];
    lc_app_animation_text(app, anim_text, sizeof anim_text);
    uint32_t cascades_rendered = 0;
    for (uint32_t k = 0; k < q.shadows->cascades; k++) cascades_rendered += q.shadows->cascade[k].rendered;
    lc_app_sun_environment_text(app, sun_env, sizeof sun_env);
    lc_script_geometry_text(app->renderer, &v->fs, geometry, sizeof geometry);
    const char *view = lc_view_names[v->fs.view];
    snprintf(text, sizeof text,
             "%s   %ux%u   vsync %s\n"
             "mode %s   shading %s   binning %s   tiles %u px   scalarization %s%s   view %s\n"
             "lights %u visible / %u total (%s)   decals %u / %u   probes %u   radius x%.2f%s   exposure EV100 %.2f (%s)   %s\n"
             "objects %u (%u meshes)   triangles %.2f M   %s\n"
             "materials %u opaque / %u mask / %u blend   transparent draws %u\n"
             "geometry %s%s   raster %s   meshlets %llu / %llu   triangles %.2f / %.2f M   culled: frustum %llu  back %llu  occl %llu  sublets %llu\n"
             "shadows: lights %u   views %u (rendered %u, cached %u, overlaid %u)   sun cascades %u (rendered %u)   texels %.1f M   triangles %.2f M (%s cull%s)   occl %llu   %.3f ms   %s PCF\n"
             "frame %.2f ms (%.0f fps)   GPU %.3f ms\n"
             "GPU ms: depth %.3f  cull %.3f  shade %.3f  tonemap %.3f  HUD %.3f\n"
             "CPU ms: lights %.3f  objects %.3f  record %.3f  sort %.3f  submit %.3f   threads %u\n"
             "camera %.1f %.1f %.1f  yaw %.0f  pitch %.0f   speed %.1f m/s\n"
             "H or F1: keys%s",
             app->ctx.props.deviceName, q.width, q.height, app->opt.vsync ? "on" : "off", lc_mode_names[v->fs.mode],
             lc_shading_names[v->fs.shading], lc_binning_names[v->fs.binning], q.tile_size, v->fs.scalarize ? "on" : "off",
             v->fs.scalarize && loop == LC_LOOP_PLAIN ? " (unsupported)" : loop == LC_LOOP_MERGE_ALWAYS ? " (merge always)" : "",
             view, q.lights_visible, app->light_count, lc_app_light_source(app), q.decal_count, app->decals.count,
             q.probe_count, app->radius_scale,
             v->paused ? "   paused" : "", app->exposure_ev100, app->exposure_auto ? "auto" : "fixed", sun_env,
             app->scene.object_count, app->scene.mesh_count, (double)lc_scene_triangles(&app->scene) * 1e-6, anim_text,
             q.materials_by_alpha[LC_ALPHA_OPAQUE], q.materials_by_alpha[LC_ALPHA_MASK],
             q.materials_by_alpha[LC_ALPHA_BLEND], q.blend_count,
             geometry, q.geometry->occlusion ? " + occlusion" : "",
             lc_rasterizer_names[q.geometry->raster == LC_RASTERIZER_COMPUTE ? LC_RASTERIZER_COMPUTE : LC_RASTERIZER_HARDWARE],
             (unsigned long long)q.geometry->meshlets_drawn, (unsigned long long)q.geometry->meshlets_total,
             (double)q.geometry->triangles_drawn * 1e-6, (double)q.geometry->triangles_total * 1e-6,
             (unsigned long long)q.geometry->culled_frustum, (unsigned long long)q.geometry->culled_backface,
             (unsigned long long)q.geometry->culled_occlusion, (unsigned long long)q.geometry->culled_sublets,
             q.shadows->lights, q.shadows->views, q.shadows->views_rendered,
             q.shadows->views_cached, q.shadows->views_overlaid, q.shadows->cascades, cascades_rendered, (double)q.shadows->texels * 1e-6,
             (double)q.shadows->triangles * 1e-6, lc_shadow_cull_name(r),
             q.shadows->occlusion ? " + occlusion" : "", (unsigned long long)q.shadows->culled_occlusion,
             g[LC_TIMER_SHADOWS],
             lc_shadow_filter_name(q.settings.shadow_filter),
             v->cpu_frame_ms, v->cpu_frame_ms > 0 ? 1000.0 / v->cpu_frame_ms : 0.0, g[LC_TIMER_COUNT], g[LC_TIMER_DEPTH],
             g[LC_TIMER_CULL], g[LC_TIMER_SHADE], g[LC_TIMER_TONEMAP], g[LC_TIMER_HUD], v->smooth_cpu[LC_CPU_LIGHT_BUILD],
             v->smooth_cpu[LC_CPU_OBJECT_CULL], v->smooth_cpu[LC_CPU_RECORD],
             v->smooth_cpu[LC_CPU_SORT], v->smooth_cpu[LC_CPU_SUBMIT], q.threads, cam->position[0], cam->position[1],
             cam->position[2], cam->yaw_deg, cam->pitch_deg, v->move_speed,
             v->rdoc ? "   F11: RenderDoc capture" : "");
    uint32_t n = 0;
    float y = 4, kw, pw = 0, ph = 0;
    if (v->show_help) lc_hud_help_size(scale, &kw, &pw, &ph);
    static char wrapped[sizeof text + 512];
    lc_hud_layout l = lc_hud_place(text, scale, (float)q.width, (float)q.height, pw, ph, wrapped, sizeof wrapped);
    if (l.hud_shown) n = lc_hud_panel(v->hud, HUD_CAP, n, l.hud[0], l.hud[1], scale, wrapped, k_white, k_panel, &y);
    if (v->inspecting) {
        n = inspector_marks(v, n);
        n = lc_hud_panel(v->hud, HUD_CAP, n, 4, y + 4, scale, v->inspector, k_yellow, k_panel, &y);
    }
    if (v->show_help) n = help_panel(v, n, scale, l.help[0], l.help[1]);
    if (v->fs.view == LC_VIEW_HEATMAP) n = heat_legend(v, n, scale);
    else if (v->fs.view == LC_VIEW_TIGHTNESS) n = tightness_legend(v, n, scale);
    else if (v->fs.view == LC_VIEW_ROUGHNESS_METALLIC) n = roughness_metallic_legend(v, n, scale);
    if (v->message[0] && glfwGetTime() < v->message_until) {
        float tw, th;
        lc_hud_text_size(v->message, scale * 1.5f, &tw, &th);
        n = lc_hud_panel(v->hud, HUD_CAP, n, (float)q.width - tw - 16, (float)q.height - th - 16, scale * 1.5f,
                         v->message, k_yellow, k_panel, NULL);
    }
    return n;
}

/* Minimised, hidden or zero-sized: nothing to present to. */
static bool drawable(viewer *v)
{
    GLFWwindow *w = v->app.window;
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(w, &fw, &fh);
    if (v->app.target.zero_extent) fw = fh = 0;
    return fw > 0 && fh > 0 && !glfwGetWindowAttrib(w, GLFW_ICONIFIED) && glfwGetWindowAttrib(w, GLFW_VISIBLE);
}

/* Under a bare X server (Xvfb in the tests) no window manager iconifies the window: unmap it
 * ourselves, which is what a window manager does. */
static void minimize_fallback(viewer *v)
{
    if (v->minimize_at <= 0.0 || glfwGetTime() - v->minimize_at < 0.3) return;
    v->minimize_at = 0.0;
    if (glfwGetWindowAttrib(v->app.window, GLFW_ICONIFIED)) return;
    glfwHideWindow(v->app.window);
    v->hidden = true;
    set_message(v, "%s", "no window manager iconified the window: hidden instead");
}

static lc_status render(viewer *v, bool *rendered)
{
    lc_app *app = &v->app;
    lc_frame_settings fs = v->fs;
    fs.camera = app->camera;
    fs.capture_output = v->screenshot_requested;
    fs.hud = v->show_hud && (!v->screenshot_requested || v->screenshot_hud); /* F12 shows the scene only */
    lc_renderer_set_hud(app->renderer, v->hud, fs.hud ? build_hud(v) : 0);
    bool capture = v->capture_requested;
    if (capture) lc_renderdoc_begin(v->rdoc, &app->ctx);
    uint32_t before = lc_renderer_query(app->renderer).frames;
    lc_status s = lc_app_frame(app, &fs, v->time);
    *rendered = lc_renderer_query(app->renderer).frames != before; /* false: skipped (swapchain out of date) */
    if (capture) {
        lc_renderer_finish(app->renderer);
        if (lc_renderdoc_end(v->rdoc, &app->ctx) && *rendered)
            show_message(v, true, "RenderDoc capture: %s", lc_renderdoc_path(v->rdoc)); /* logged by renderdoc.c */
        v->capture_requested = !*rendered && s == LC_OK; /* try again on the next frame */
    }
    if (s != LC_OK || !*rendered) return s;
    if (v->screenshot_requested) {
        lc_renderer_finish(app->renderer);
        v->screenshot_requested = false;
        s = lc_app_write_png(v->screenshot_path, lc_renderer_query(app->renderer).output_pixels,
                             lc_renderer_query(app->renderer).output_width, lc_renderer_query(app->renderer).output_height);
        if (s != LC_OK) return s;
        set_message(v, "screenshot: %s", v->screenshot_path);
    }
    if (v->inspect_requested) inspect(v);
    const lc_frame_timings *t = lc_renderer_query(app->renderer).timings;
    if (t->valid) {
        for (int i = 0; i < LC_TIMER_COUNT; i++) v->smooth[i] = v->smooth[i] * 0.9 + t->ms[i] * 0.1;
        v->smooth[LC_TIMER_COUNT] = v->smooth[LC_TIMER_COUNT] * 0.9 + t->frame_ms * 0.1;
    }
    for (int i = 0; i < LC_CPU_COUNT; i++) v->smooth_cpu[i] = v->smooth_cpu[i] * 0.9 + lc_renderer_query(app->renderer).cpu_ms[i] * 0.1;
    lc_app_record_timings(app);
    return LC_OK;
}

lc_status lc_run_viewer(const lc_options *opt)
{
    viewer *v = lc_calloc(1, sizeof *v);
    lc_app *app = &v->app;
    lc_status s = lc_app_load(app, opt);
    if (s == LC_OK && opt->script) s = lc_script_load(&v->script, opt->script, false);
    if (s != LC_OK) goto done;
    /* Loaded before the instance so its layer can hook Vulkan: F11 works whenever RenderDoc
     * is installed; --capture makes it required. Not with --geometry mesh: RenderDoc's layer
     * (1.24) hides VK_EXT_mesh_shader and Vulkan 1.3, so loading it would take away the path
     * asked for (F11 then says RenderDoc is not loaded). */
    v->rdoc = opt->capture || opt->geometry == LC_GEOMETRY_MESH ? NULL : lc_renderdoc_try_load(NULL);
    if (opt->capture && (s = lc_renderdoc_load(&v->rdoc, opt->capture)) != LC_OK) goto done;
    if (!glfwInit()) {
        lc_error("cannot open a window (no display?); use --headless");
        s = LC_ERR_RUNTIME;
        goto done;
    }
    if (!glfwVulkanSupported()) {
        lc_error("GLFW found no Vulkan loader");
        s = LC_ERR_RUNTIME;
        goto done_glfw;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    app->window = glfwCreateWindow((int)opt->width, (int)opt->height, "lightcull", NULL, NULL);
    if (!app->window) {
        lc_error("cannot create a %ux%u window", opt->width, opt->height);
        s = LC_ERR_RUNTIME;
        goto done_glfw;
    }
    glfwSetWindowUserPointer(app->window, v);
    glfwSetKeyCallback(app->window, key_cb);
    glfwSetMouseButtonCallback(app->window, mouse_cb);
    glfwSetCursorPosCallback(app->window, cursor_cb);
    glfwSetScrollCallback(app->window, scroll_cb);
    glfwSetFramebufferSizeCallback(app->window, framebuffer_cb);
    uint32_t ext_count = 0;
    const char **exts = glfwGetRequiredInstanceExtensions(&ext_count);
    if ((s = lc_app_start_gpu(app, exts, ext_count)) != LC_OK) goto done_glfw;

    v->fs = lc_app_settings(app);
    v->show_hud = true;
    v->was_drawable = true;
    v->move_speed = 4.0f;
    v->hud = lc_calloc(HUD_CAP, 6 * sizeof(float));
    double last = glfwGetTime();
    for (uint32_t frame = 0; !v->quit && !glfwWindowShouldClose(app->window); frame++) {
        glfwPollEvents();
        for (const lc_script_event *e; (e = lc_script_due(&v->script, frame));) {
            if ((s = act(v, e->action, e->arg, e->a, e->b)) != LC_OK) goto done_gpu;
        }
        /* --capture and --out with --frames K: the last frame (--out without the HUD, as headless). */
        if (opt->capture && opt->frames && frame + 1 == opt->frames && v->rdoc) act(v, "capture", opt->capture, 0, 0);
        if (opt->out && opt->frames && frame + 1 == opt->frames) act(v, "screenshot", opt->out, 0, 0);
        double now = glfwGetTime();
        float dt = (float)(now - last);
        last = now;
        v->cpu_frame_ms = v->cpu_frame_ms * 0.9 + dt * 1000.0 * 0.1;
        /* A script runs on a fixed clock, so its frames are reproducible. */
        if (!v->paused) v->time += opt->script ? 1.0f / 60.0f : dt;
        if (app->anim_playing) app->anim_time += opt->script ? 1.0 / 60.0 : (double)dt;
        move_camera(v, dt);
        minimize_fallback(v);
        bool can_draw = drawable(v);
        if (can_draw != v->was_drawable) lc_info("window %s", can_draw ? "visible: rendering" : "minimised: rendering paused");
        v->was_drawable = can_draw;
        if (!can_draw) {
            /* Nothing to present to: sleep until something happens (the script keeps ticking). */
            if (opt->script || opt->frames) glfwWaitEventsTimeout(0.05);
            else glfwWaitEvents();
            continue;
        }
        if (v->resized) {
            /* Rebuild now rather than have the next acquire find the swapchain out of date. */
            v->resized = false;
            if ((s = lc_target_resize(&app->ctx, &app->target, 0, 0)) != LC_OK) goto done_gpu;
        }
        bool rendered = false;
        if ((s = render(v, &rendered)) != LC_OK) goto done_gpu;
        if (opt->frames && frame + 1 >= opt->frames && v->script.next >= v->script.count) break;
    }
    /* --out without --frames: the view as the window closes, one more frame. */
    for (int tries = 0; opt->out && !opt->frames && tries < 3; tries++) {
        bool rendered = false;
        act(v, "screenshot", opt->out, 0, 0);
        if (!drawable(v)) break;
        if ((s = render(v, &rendered)) != LC_OK) goto done_gpu;
        if (rendered) break;
    }
    if (opt->out && v->screenshot_requested) {
        lc_error("--out %s: the window could not be drawn as it closed (minimised?); no frame written", opt->out);
        s = LC_ERR_RUNTIME;
        goto done_gpu;
    }
    lc_renderer_finish(app->renderer);
    lc_app_record_timings(app);
    /* --pairs: one more frame of the view as it ends, with the exact counts (as headless). */
    uint64_t pairs[LC_PAIRS_WORDS];
    bool counted = false;
    for (int tries = 0; opt->pairs && opt->stats && !counted && tries < 3 && drawable(v); tries++) {
        lc_frame_settings fs = v->fs;
        fs.camera = app->camera;
        lc_status c = lc_app_count_pairs(app, &fs, v->time, pairs);
        if (c != LC_OK && c != LC_ERR_RUNTIME) {
            s = c;
            goto done_gpu;
        }
        counted = c == LC_OK;
    }
    if (opt->pairs && opt->stats && !counted) {
        lc_error("--pairs: the window could not be drawn as it closed (minimised?); no pairs counted");
        s = LC_ERR_RUNTIME;
        goto done_gpu;
    }
    if (opt->stats)
        s = lc_app_write_stats(app, opt->stats, counted ? pairs : NULL, (uint32_t)LC_MIN(app->gpu_log.total, UINT32_MAX));
done_gpu:
    lc_renderer_finish(app->renderer);
done_glfw:
    lc_renderer_destroy(app->renderer);
    lc_target_destroy(&app->ctx, &app->target);
    if (app->window) glfwDestroyWindow(app->window);
    app->window = NULL;
    glfwTerminate();
done:
    lc_app_destroy(app);
    lc_renderdoc_unload(v->rdoc);
    lc_script_free(&v->script);
    free(v->hud);
    free(v);
    return s;
}
