#include "viewer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "renderdoc.h"

#define HUD_CAP 60000

typedef struct script_event {
    uint32_t frame;
    char action[32];
    char arg[256];
    int a, b;
} script_event;

typedef struct viewer {
    lc_app app;
    lc_frame_settings fs;
    bool paused, show_help, show_hud;
    float time, move_speed;
    double last_x, last_y;
    bool looking;
    int pending_resize_w, pending_resize_h;
    uint32_t screenshot_index;
    char screenshot_path[1024];
    bool screenshot_requested;
    bool capture_requested;
    lc_renderdoc *rdoc;
    double smooth[LC_TIMER_COUNT + 1];
    double cpu_frame_ms;
    char inspector[1024];
    int inspect_x, inspect_y;
    bool inspect_requested;
    script_event *script;
    uint32_t script_count, script_next;
    bool quit;
    char message[1200];
    double message_until;
    float *hud;
} viewer;

static void set_message(viewer *v, const char *fmt, const char *arg)
{
    snprintf(v->message, sizeof v->message, fmt, arg);
    v->message_until = glfwGetTime() + 3.0;
    lc_info("%s", v->message);
}

static void reset_camera(viewer *v)
{
    const float *c = v->app.opt.camera_set ? v->app.opt.camera : v->app.scene.default_camera;
    v->app.camera.position[0] = c[0];
    v->app.camera.position[1] = c[1];
    v->app.camera.position[2] = c[2];
    v->app.camera.yaw_deg = c[3];
    v->app.camera.pitch_deg = c[4];
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
    lc_light_set_destroy(&app->lights);
    app->lights = fresh;
    app->light_count = n;
    free(app->animated);
    app->animated = lc_calloc(n, sizeof *app->animated);
    char buf[32];
    snprintf(buf, sizeof buf, "%u", n);
    set_message(v, "lights: %s", buf);
    return LC_OK;
}

/* One place for every action: keys and the script both come here. */
static lc_status act(viewer *v, const char *action, const char *arg, int a, int b)
{
    lc_frame_settings *fs = &v->fs;
    if (!strcmp(action, "mode")) {
        int m = lc_mode_from_name(arg);
        if (m < 0) m = (int)((fs->mode + 1) % LC_MODE_COUNT);
        fs->mode = (uint32_t)m;
        set_message(v, "mode: %s", lc_mode_names[m]);
    } else if (!strcmp(action, "scalarize")) {
        fs->scalarize = !fs->scalarize;
        set_message(v, "scalarization %s", fs->scalarize ? "on" : "off");
    } else if (!strcmp(action, "view")) {
        int found = -1;
        for (int k = 0; k < 3; k++)
            if (!strcmp(arg, lc_view_names[k])) found = k;
        fs->view = found >= 0 ? (uint32_t)found : (fs->view + 1) % 3;
        set_message(v, "view: %s", lc_view_names[fs->view]);
    } else if (!strcmp(action, "lights-double")) {
        return set_light_count(v, v->app.light_count * 2);
    } else if (!strcmp(action, "lights-halve")) {
        return set_light_count(v, LC_MAX(v->app.light_count / 2, 1u));
    } else if (!strcmp(action, "pause")) {
        v->paused = !v->paused;
        set_message(v, "light animation %s", v->paused ? "paused" : "running");
    } else if (!strcmp(action, "radius-up") || !strcmp(action, "radius-down")) {
        v->app.radius_scale *= action[7] == 'u' ? 1.25f : 0.8f;
        v->app.radius_scale = LC_CLAMP(v->app.radius_scale, 0.05f, 20.0f);
        char buf[32];
        snprintf(buf, sizeof buf, "%.2f", v->app.radius_scale);
        set_message(v, "light radius scale %s", buf);
    } else if (!strcmp(action, "screenshot")) {
        if (arg && *arg) snprintf(v->screenshot_path, sizeof v->screenshot_path, "%s", arg);
        else snprintf(v->screenshot_path, sizeof v->screenshot_path, "lightcull-%03u.png", v->screenshot_index++);
        v->screenshot_requested = true;
    } else if (!strcmp(action, "capture")) {
        if (!v->rdoc) set_message(v, "%s", "RenderDoc is not loaded: start with --capture FILE.rdc or under RenderDoc");
        else v->capture_requested = true;
    } else if (!strcmp(action, "help")) {
        v->show_help = !v->show_help;
    } else if (!strcmp(action, "hud")) {
        v->show_hud = !v->show_hud;
    } else if (!strcmp(action, "reset-camera")) {
        reset_camera(v);
    } else if (!strcmp(action, "resize")) {
        if (a > 0 && b > 0) glfwSetWindowSize(v->app.window, a, b);
    } else if (!strcmp(action, "minimize")) {
        glfwIconifyWindow(v->app.window);
    } else if (!strcmp(action, "restore")) {
        glfwRestoreWindow(v->app.window);
    } else if (!strcmp(action, "inspect")) {
        v->inspect_x = a, v->inspect_y = b, v->inspect_requested = true;
    } else if (!strcmp(action, "camera")) {
        float c[5];
        if (sscanf(arg, "%f,%f,%f,%f,%f", &c[0], &c[1], &c[2], &c[3], &c[4]) == 5) {
            memcpy(v->app.camera.position, c, sizeof(float) * 3);
            v->app.camera.yaw_deg = c[3];
            v->app.camera.pitch_deg = c[4];
        }
    } else if (!strcmp(action, "quit")) {
        v->quit = true;
    } else {
        lc_error("script: unknown action '%s'", action);
        return LC_ERR_INPUT;
    }
    return LC_OK;
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
    case GLFW_KEY_V: act(v, "view", "", 0, 0); break;
    case GLFW_KEY_EQUAL: case GLFW_KEY_KP_ADD: act(v, "lights-double", "", 0, 0); break;
    case GLFW_KEY_MINUS: case GLFW_KEY_KP_SUBTRACT: act(v, "lights-halve", "", 0, 0); break;
    case GLFW_KEY_P: act(v, "pause", "", 0, 0); break;
    case GLFW_KEY_RIGHT_BRACKET: act(v, "radius-up", "", 0, 0); break;
    case GLFW_KEY_LEFT_BRACKET: act(v, "radius-down", "", 0, 0); break;
    case GLFW_KEY_F12: act(v, "screenshot", "", 0, 0); break;
    case GLFW_KEY_F11: act(v, "capture", "", 0, 0); break;
    case GLFW_KEY_H: case GLFW_KEY_F1: act(v, "help", "", 0, 0); break;
    case GLFW_KEY_TAB: act(v, "hud", "", 0, 0); break;
    case GLFW_KEY_R: act(v, "reset-camera", "", 0, 0); break;
    default: break;
    }
}

static void mouse_cb(GLFWwindow *w, int button, int action, int mods)
{
    (void)mods;
    viewer *v = glfwGetWindowUserPointer(w);
    if (button == GLFW_MOUSE_BUTTON_RIGHT) {
        v->looking = action == GLFW_PRESS;
        glfwGetCursorPos(w, &v->last_x, &v->last_y);
        glfwSetInputMode(w, GLFW_CURSOR, v->looking ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    } else if (button == GLFW_MOUSE_BUTTON_LEFT && action == GLFW_PRESS) {
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

static lc_status load_script(viewer *v, const char *path)
{
    char err[512];
    char *text = lc_read_file(path, NULL, err, sizeof err);
    if (!text) {
        lc_error("--script: %s", err);
        return LC_ERR_INPUT;
    }
    uint32_t line_no = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        line_no++;
        while (*line == ' ' || *line == '\t') line++;
        if (!*line || *line == '#') continue;
        script_event e = {0};
        char rest[300] = "";
        int n = sscanf(line, "%u %31s %299[^\n]", &e.frame, e.action, rest);
        if (n < 2) {
            lc_error("--script %s:%u: expected 'FRAME ACTION [ARGS]'", path, line_no);
            free(text);
            return LC_ERR_INPUT;
        }
        snprintf(e.arg, sizeof e.arg, "%s", rest);
        sscanf(rest, "%d %d", &e.a, &e.b);
        v->script = lc_realloc(v->script, (v->script_count + 1) * sizeof *v->script);
        v->script[v->script_count++] = e;
    }
    free(text);
    return LC_OK;
}

/* Reads the culling structure of the clicked pixel's tile back from the GPU. */
static void inspect(viewer *v)
{
    lc_renderer *r = &v->app.renderer;
    int x = LC_CLAMP(v->inspect_x, 0, (int)r->width - 1), y = LC_CLAMP(v->inspect_y, 0, (int)r->height - 1);
    uint32_t mode = v->fs.mode, n = 0;
    char *out = v->inspector;
    size_t cap = sizeof v->inspector, len = 0;
    uint32_t buckets = r->ubo.light_info.y;
    len += (size_t)snprintf(out + len, cap - len, "inspector: pixel %d,%d mode %s\n", x, y, lc_mode_names[mode]);
    uint32_t tile = (uint32_t)(y / (int)r->desc.tile_size) * r->tiles_x + (uint32_t)(x / (int)r->desc.tile_size);
    uint32_t *ids = lc_calloc(r->light_count + 1, sizeof *ids);
    if (mode == LC_MODE_TILES || mode == LC_MODE_ZBIN) {
        uint32_t *bits = lc_renderer_read(r, LC_RES_TILE_BITS, NULL);
        for (uint32_t i = 0; bits && i < r->light_count; i++)
            if (bits[(size_t)tile * buckets + i / 32] & (1u << (i % 32))) ids[n++] = i;
        free(bits);
    } else if (mode == LC_MODE_LISTS) {
        uint32_t *lists = lc_renderer_read(r, LC_RES_TILE_LISTS, NULL);
        uint32_t stride = r->desc.list_max + 1;
        if (lists) {
            n = LC_MIN(lists[(size_t)tile * stride], r->desc.list_max);
            memcpy(ids, &lists[(size_t)tile * stride + 1], n * sizeof *ids);
        }
        free(lists);
    } else if (mode == LC_MODE_CLUSTERS) {
        float *depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
        uint32_t *bits = lc_renderer_read(r, LC_RES_CLUSTER_BITS, NULL);
        if (depth && bits && depth[(size_t)y * r->width + (uint32_t)x] < 1.0f) {
            lc_m4 inv = r->ubo.inv_proj;
            float z = depth[(size_t)y * r->width + (uint32_t)x];
            float vz = -(inv.m[10] * z + inv.m[14]) / (inv.m[11] * z + inv.m[15]);
            uint32_t ct = r->desc.cluster_tile;
            float s = floorf(logf(fmaxf(vz, r->ubo.screen_inv.z) / r->ubo.screen_inv.z) * r->ubo.zbin_params.z);
            uint32_t slice = (uint32_t)LC_CLAMP(s, 0.0f, (float)(r->desc.cluster_slices - 1));
            uint32_t cl = (slice * r->cluster_y + (uint32_t)y / ct) * r->cluster_x + (uint32_t)x / ct;
            for (uint32_t i = 0; i < r->light_count; i++)
                if (bits[(size_t)cl * buckets + i / 32] & (1u << (i % 32))) ids[n++] = i;
            len += (size_t)snprintf(out + len, cap - len, "cluster slice %u, view depth %.2f\n", slice, vz);
        }
        free(depth);
        free(bits);
    } else {
        for (uint32_t i = 0; i < r->light_count; i++) ids[n++] = i;
    }
    len += (size_t)snprintf(out + len, cap - len, "%s %u: %u lights", mode == LC_MODE_CLUSTERS ? "cluster" : "tile",
                            mode == LC_MODE_CLUSTERS ? 0 : tile, n);
    for (uint32_t i = 0; i < n && i < 24 && len < cap - 16; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%u", i % 12 ? " " : "\n  ", ids[i]);
    if (n > 24) len += (size_t)snprintf(out + len, cap - len, " ...");
    if (mode == LC_MODE_ZBIN && len < cap - 64) {
        float *depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
        uint32_t *zb = lc_renderer_read(r, LC_RES_ZBINS, NULL);
        if (depth && zb && depth[(size_t)y * r->width + (uint32_t)x] < 1.0f) {
            lc_m4 inv = r->ubo.inv_proj;
            float z = depth[(size_t)y * r->width + (uint32_t)x];
            float vz = -(inv.m[10] * z + inv.m[14]) / (inv.m[11] * z + inv.m[15]);
            float bin = floorf((vz - r->ubo.zbin_params.x) * r->ubo.zbin_params.y);
            if (bin >= 0 && bin < (float)r->desc.zbin_count) {
                uint32_t first = zb[(uint32_t)bin * 2], last = ~zb[(uint32_t)bin * 2 + 1];
                if (first <= last)
                    snprintf(out + len, cap - len, "\nzbin %u (depth %.2f): lights %u..%u", (uint32_t)bin, vz, first, last);
                else
                    snprintf(out + len, cap - len, "\nzbin %u (depth %.2f): empty", (uint32_t)bin, vz);
            }
        }
        free(depth);
        free(zb);
    }
    free(ids);
}

static const char *k_help =
    "keys\n"
    "  W A S D / Q E   move (Shift: faster)   right mouse: look\n"
    "  wheel           move speed              R: reset camera\n"
    "  1..5            brute lists tiles clusters zbin   M: next mode\n"
    "  C               scalarization on/off\n"
    "  V               view: shaded / heatmap / tightness\n"
    "  + / -           double / halve the light count\n"
    "  [ / ]           scale light radii down / up\n"
    "  P               pause light animation\n"
    "  left click      tile inspector (lights of the clicked tile)\n"
    "  F12             screenshot (PNG, no HUD)\n"
    "  F11             RenderDoc capture (--capture FILE.rdc)\n"
    "  Tab             HUD on/off      H or F1: this help     Esc: quit";

static uint32_t build_hud(viewer *v)
{
    lc_app *app = &v->app;
    lc_renderer *r = &app->renderer;
    static const float white[4] = {1, 1, 1, 1}, yellow[4] = {1, 0.9f, 0.3f, 1}, panel[4] = {0, 0, 0, 0.55f};
    char text[2048];
    int len = snprintf(text, sizeof text,
                       "%s\nmode %s  scalarize %s%s  view %s\nlights %u visible / %u total  radius x%.2f%s\n"
                       "%ux%u  frame %.2f ms (cpu)\n",
                       app->ctx.props.deviceName, lc_mode_names[v->fs.mode], v->fs.scalarize ? "on" : "off",
                       v->fs.scalarize && !app->ctx.subgroup_fragment ? " (unsupported)" : "", lc_view_names[v->fs.view],
                       r->light_count, app->light_count, app->radius_scale, v->paused ? "  paused" : "", r->width,
                       r->height, v->cpu_frame_ms);
    len += snprintf(text + len, sizeof text - (size_t)len, "gpu ms: depth %.3f  cull %.3f  shade %.3f  tonemap %.3f  total %.3f\n",
                    v->smooth[LC_TIMER_DEPTH], v->smooth[LC_TIMER_CULL], v->smooth[LC_TIMER_SHADE],
                    v->smooth[LC_TIMER_TONEMAP], v->smooth[LC_TIMER_COUNT]);
    snprintf(text + len, sizeof text - (size_t)len, "H or F1: keys");
    uint32_t n = 0;
    n = lc_hud_rect(v->hud, HUD_CAP, n, 4, 4, 560, 118, panel);
    n = lc_hud_text(v->hud, HUD_CAP, n, 10, 10, 1.5f, text, white);
    float y = 124;
    if (v->fs.view == LC_VIEW_HEATMAP) {
        char legend[64];
        snprintf(legend, sizeof legend, "0%36s%u lights evaluated", "", r->ubo.options.w);
        n = lc_hud_text(v->hud, HUD_CAP, n, 8, (float)r->height - 34, 1.0f, legend, white);
    } else if (v->fs.view == LC_VIEW_TIGHTNESS) {
        n = lc_hud_text(v->hud, HUD_CAP, n, 8, (float)r->height - 24, 1.5f,
                        "green: evaluated and contributing   red: evaluated for nothing", white);
    }
    if (v->inspector[0]) {
        n = lc_hud_rect(v->hud, HUD_CAP, n, 4, y, 560, y + 100, panel);
        n = lc_hud_text(v->hud, HUD_CAP, n, 10, y + 6, 1.5f, v->inspector, yellow);
        y += 106;
    }
    if (v->show_help) {
        n = lc_hud_rect(v->hud, HUD_CAP, n, 4, y, 620, y + 230, panel);
        n = lc_hud_text(v->hud, HUD_CAP, n, 10, y + 6, 1.5f, k_help, white);
    }
    if (v->message[0] && glfwGetTime() < v->message_until)
        n = lc_hud_text(v->hud, HUD_CAP, n, 10, (float)r->height - 60, 2.0f, v->message, yellow);
    return n;
}

lc_status lc_run_viewer(const lc_options *opt)
{
    viewer *v = lc_calloc(1, sizeof *v);
    lc_app *app = &v->app;
    lc_status s = lc_app_load(app, opt);
    if (s == LC_OK && opt->script) s = load_script(v, opt->script);
    if (s != LC_OK) goto done;
    /* Loaded before the instance so its layer can hook Vulkan; optional. */
    v->rdoc = opt->capture ? NULL : lc_renderdoc_try_load(NULL);
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
    uint32_t ext_count = 0;
    const char **exts = glfwGetRequiredInstanceExtensions(&ext_count);
    if ((s = lc_app_start_gpu(app, exts, ext_count)) != LC_OK) goto done_glfw;

    v->fs = lc_app_settings(app);
    v->fs.hud = true;
    v->show_hud = true;
    v->move_speed = 4.0f;
    v->hud = lc_calloc(HUD_CAP, 6 * sizeof(float));
    double last = glfwGetTime();
    for (uint32_t frame = 0; !v->quit && !glfwWindowShouldClose(app->window); frame++) {
        glfwPollEvents();
        while (v->script_next < v->script_count && v->script[v->script_next].frame <= frame) {
            script_event *e = &v->script[v->script_next++];
            if ((s = act(v, e->action, e->arg, e->a, e->b)) != LC_OK) goto done_gpu;
        }
        double now = glfwGetTime();
        float dt = (float)(now - last);
        last = now;
        v->cpu_frame_ms = v->cpu_frame_ms * 0.9 + dt * 1000.0 * 0.1;
        if (!v->paused) v->time += opt->script ? 1.0f / 60.0f : dt;
        move_camera(v, dt);

        lc_frame_settings fs = v->fs;
        fs.camera = app->camera;
        fs.capture_output = v->screenshot_requested;
        fs.hud = v->show_hud && !v->screenshot_requested; /* screenshots show the scene only */
        lc_renderer_set_hud(&app->renderer, v->hud, fs.hud ? build_hud(v) : 0);
        bool capture = v->capture_requested;
        if (capture) lc_renderdoc_begin(v->rdoc, &app->ctx);
        if ((s = lc_app_frame(app, &fs, v->time)) != LC_OK) goto done_gpu;
        if (capture) {
            lc_renderer_finish(&app->renderer);
            lc_renderdoc_end(v->rdoc, &app->ctx);
            v->capture_requested = false;
        }
        if (v->screenshot_requested) {
            lc_renderer_finish(&app->renderer);
            if (app->renderer.output_pixels) {
                s = lc_app_write_png(v->screenshot_path, app->renderer.output_pixels, app->renderer.output_width,
                                     app->renderer.output_height);
                if (s != LC_OK) goto done_gpu;
                set_message(v, "screenshot: %s", v->screenshot_path);
                v->screenshot_requested = false;
            }
        }
        if (v->inspect_requested) {
            v->inspect_requested = false;
            inspect(v);
        }
        const lc_frame_timings *t = &app->renderer.timings;
        if (t->valid) {
            for (int i = 0; i < LC_TIMER_COUNT; i++) v->smooth[i] = v->smooth[i] * 0.9 + t->ms[i] * 0.1;
            v->smooth[LC_TIMER_COUNT] = v->smooth[LC_TIMER_COUNT] * 0.9 + t->frame_ms * 0.1;
        }
        lc_app_record_timings(app);
        if (opt->frames && frame + 1 >= opt->frames && v->script_next >= v->script_count) break;
    }
    lc_renderer_finish(&app->renderer);
    if (opt->stats) s = lc_app_write_stats(app, opt->stats, NULL, app->timing_count);
done_gpu:
    lc_renderer_finish(&app->renderer);
done_glfw:
    lc_renderer_destroy(&app->renderer);
    lc_target_destroy(&app->ctx, &app->target);
    if (app->window) glfwDestroyWindow(app->window);
    app->window = NULL;
    glfwTerminate();
done:
    lc_app_destroy(app);
    lc_renderdoc_unload(v->rdoc);
    free(v->script);
    free(v->hud);
    free(v);
    return s;
}
