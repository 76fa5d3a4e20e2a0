#include "app/app.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image_write.h>

#include "app/renderdoc.h"
#include "cpu/jobs.h"
#include "lights/exposure.h"
#include "scene/animation.h"
#include "views/probe_capture.h"


/* The file's own lights (KHR_lights_punctual), static; one without a range reaches across the
 * scene (the bounds' diagonal: the window then fades it at the far side). */
static void scene_lights(lc_app *app)
{
    const lc_scene *sc = &app->scene;
    float diag = 0.0f;
    for (int a = 0; a < 3; a++) {
        float d = sc->bounds_max[a] - sc->bounds_min[a];
        diag += d * d;
    }
    diag = sqrtf(diag);
    if (!(diag > 1e-6f) || !isfinite(diag)) diag = 1.0f;
    app->lights = (lc_light_set){.lights = lc_calloc(sc->light_count, sizeof(lc_light)), .count = sc->light_count};
    memcpy(app->lights.lights, sc->lights, sc->light_count * sizeof(lc_light));
    for (uint32_t i = 0; i < sc->light_count; i++)
        if (!(app->lights.lights[i].radius > 0.0f)) app->lights.lights[i].radius = diag;
    app->lights_from_scene = true;
    lc_info("lights: the scene's %u (KHR_lights_punctual)", sc->light_count);
}

/* --animation and --time: what plays, posed at the first frame's time (skinned and morphed meshes
 * too, on the CPU once, before the upload; later frames as --skinning says). */
static lc_status start_animation(lc_app *app)
{
    lc_scene *sc = &app->scene;
    const lc_options *opt = &app->opt;
    uint32_t count = sc->anim ? sc->anim->animation_count : 0;
    app->anim_time = opt->time;
    app->anim_playing = true;
    if (opt->animation >= 0 && (uint32_t)opt->animation >= count) {
        if (!opt->animation_set) return LC_OK; /* the default, where the file has none */
        lc_error("--animation %d: scene '%s' has %u animation%s", opt->animation, sc->name, count, count == 1 ? "" : "s");
        return LC_ERR_USAGE;
    }
    if (!sc->anim) return LC_OK;
    lc_scene_anim_select(sc, opt->animation);
    lc_scene_animate(sc, app->anim_time);
    lc_scene_pose_skins(sc);
    sc->anim->moved_count = 0; /* the first frame's pose is where the renderer starts */
    return LC_OK;
}

void lc_app_select_animation(lc_app *app, int32_t active)
{
    lc_scene *sc = &app->scene;
    if (!sc->anim) return;
    /* Nodes the new choice leaves alone go back to their rest pose: one pass with every animated
     * node marked dynamic and only the new choice playing updates each object (into the moved
     * list the next frame takes), then the new choice's own marks. */
    lc_scene_anim_select(sc, LC_ANIMATION_ALL);
    sc->anim->active = active;
    lc_scene_animate(sc, app->anim_time);
    lc_scene_anim_select(sc, active);
}

void lc_app_animation_text(const lc_app *app, char *out, size_t size)
{
    const lc_scene_anim *a = app->scene.anim;
    char name[80];
    if (!a || !a->animation_count) {
        snprintf(out, size, "animation none (the scene has none)");
        return;
    }
    snprintf(out, size, "animation %s of %u   t %.2f s   %s", lc_scene_anim_name(&app->scene, name, sizeof name), a->animation_count,
             app->anim_time, app->anim_playing ? "playing" : "paused");
}

lc_status lc_app_load(lc_app *app, const lc_options *opt)
{
    memset(app, 0, sizeof *app);
    app->opt = *opt;
    app->renderer = lc_renderer_alloc(); /* zeroed: destroying it before it is made is a no-op */
    app->radius_scale = 1.0f;
    lc_set_quiet(opt->quiet);
    if (opt->cull_2_5d && (opt->mode == LC_MODE_BRUTE || opt->mode == LC_MODE_CLUSTERS || opt->mode == LC_MODE_OBJECTS ||
                           (opt->mode != LC_MODE_LISTS && opt->binning == LC_BINNING_LIGHTS_NODEPTH)))
        lc_info("note: --cull-2.5d on has no effect here: it needs tile depth bounds (tiles, zbin, lists; not --binning lights-nodepth)");
    lc_jobs_init(opt->threads);
    lc_status s = LC_OK;
    if (opt->out) s = lc_check_writable(opt->out);
    if (s == LC_OK && opt->stats) s = lc_check_writable(opt->stats);
    /* A capture that cannot be written fails the run (exit 1) before any frame, naming the path. */
    if (s == LC_OK && opt->capture && lc_check_writable(opt->capture) != LC_OK) s = LC_ERR_RUNTIME;
    if (s != LC_OK) return s;
    if (strcmp(opt->scene, "default") == 0)
        s = lc_scene_load_default(&app->scene);
    else if (strcmp(opt->scene, "mesh") == 0)
        s = lc_scene_load_mesh(&app->scene);
    else
        s = lc_scene_load_file(&app->scene, opt->scene);
    if (s == LC_OK) s = lc_scene_grid(&app->scene, opt->grid);
    if (s == LC_OK && !opt->grid_phase_same) s = lc_scene_anim_instance(&app->scene, opt->grid * opt->grid * opt->grid, opt->seed);
    if (s == LC_OK && opt->figures) s = lc_scene_add_figures(&app->scene, opt->figures, opt->figure_count, opt->seed);
    if (s != LC_OK) return s;
    /* --camera-index picks a file camera; without it the first one is taken where the scene
     * starts from it (an object with a camera). */
    lc_scene *sc = &app->scene;
    if (opt->camera_index_set) {
        if (opt->camera_index >= sc->camera_count) {
            lc_error("--camera-index %u: scene '%s' has %u camera%s", opt->camera_index, sc->name, sc->camera_count,
                     sc->camera_count == 1 ? "" : "s");
            return LC_ERR_USAGE;
        }
        sc->camera_index = opt->camera_index;
        sc->start = LC_START_CAMERA;
        memcpy(sc->default_camera, sc->cameras[sc->camera_index].pose, sizeof sc->default_camera);
    }
    /* An object (or a grid of anything) is framed for this window's fields of view; interiors
     * and file cameras keep their view. */
    if (sc->start == LC_START_FRAMED)
        lc_scene_frame(sc, opt->fov, (float)opt->width / (float)LC_MAX(opt->height, 1u));
    if (opt->lights_file)
        s = lc_lights_load_json(&app->lights, opt->lights_file);
    else if (!opt->lights_set && app->scene.light_count)
        scene_lights(app);
    else if ((app->model_look = !opt->lights_set && lc_app_model_look(app)))
        s = lc_lights_generate_model(&app->lights, opt->seed, app->scene.light_bounds_min, app->scene.light_bounds_max);
    else if (opt->lights) /* --lights 0: none */
        s = lc_lights_generate(&app->lights, opt->lights, opt->seed, app->scene.light_bounds_min, app->scene.light_bounds_max);
    if (s == LC_OK && opt->decals_file)
        s = lc_decals_load_json(&app->decals, opt->decals_file);
    else if (s == LC_OK && opt->decals)
        s = lc_decals_generate(&app->decals, opt->decals, opt->seed, &app->scene);
    if (s == LC_OK && opt->environment == LC_ENVIRONMENT_FILE) s = lc_environment_load(opt->environment_file, &app->environment_image);
    if (s != LC_OK) return s;
    if (opt->light_motion_off) app->lights.animated = false;
    if (opt->probes_file && opt->probes) {
        lc_error("--probes-file and --probes: give one of them");
        return LC_ERR_USAGE;
    }
    if (opt->probes_file && (s = lc_probes_load_json(&app->probes, opt->probes_file)) != LC_OK) return s;
    if (opt->probes) lc_probes_grid(&app->probes, opt->probes, app->scene.bounds_min, app->scene.bounds_max);
    /* After the framing and the lights, which come from the rest pose whatever --time says. */
    if ((s = start_animation(app)) != LC_OK) return s;
    app->light_count = app->lights.count;
    lc_app_set_exposure(app);
    app->animated = lc_calloc(app->lights.count, sizeof *app->animated);
    lc_frame_log_init(&app->gpu_log, LC_TIMER_COUNT + 1, opt->frames);
    lc_frame_log_init(&app->cpu_log, LC_CPU_COUNT, opt->frames);
    if (opt->stats) { /* the last 4,096 frames at most: 192 passes' worth is 6 MiB */
        lc_frame_log_init(&app->pass_log, LC_BACKEND_MARKERS, LC_FRAME_LOG_FRAMES);
        app->pass_names = lc_calloc(LC_BACKEND_MARKERS, sizeof *app->pass_names);
    }

    const float *c = opt->camera_set ? opt->camera : app->scene.default_camera;
    app->camera = (lc_camera){
        .position = {c[0], c[1], c[2]},
        .yaw_deg = c[3],
        .pitch_deg = c[4],
        .fov_y_deg = opt->fov,
    };
    const lc_scene *sc_ = &app->scene;
    lc_app_set_projection(app, sc_->start == LC_START_CAMERA && !opt->camera_set && sc_->camera_index < sc_->camera_count
                                   ? &sc_->cameras[sc_->camera_index]
                                   : NULL);
    return LC_OK;
}

/* The device and the first view, once the GPU start has refused nothing: a refusal is then
 * the run's one line of output. */
static void start_info(const lc_app *app)
{
    lc_info("device: %s (%s)", app->ctx.props.deviceName, app->ctx.driver_info);
    if (!app->opt.camera_set) {
        static const char *const starts[] = {"inside (an interior)", "framed from outside", "the file's camera"};
        char arg[160];
        lc_app_camera_argument(app, arg, sizeof arg);
        lc_info("first view, %s: %s", starts[app->scene.start], arg);
    }
}

bool lc_app_model_look(const lc_app *app)
{
    return strcmp(app->opt.scene, "default") && strcmp(app->opt.scene, "mesh") && app->scene.start != LC_START_INTERIOR &&
           !app->opt.lights_file && !app->scene.light_count;
}

bool lc_app_geometry_refused(const lc_app *app, uint32_t geometry, const char *prefix)
{
    if (geometry == LC_GEOMETRY_MESH && !app->ctx.mesh_shader) {
        lc_error("%s--geometry mesh: device '%s' lacks %s%s; use mdi or direct", prefix, app->ctx.props.deviceName, app->ctx.mesh_missing,
                 lc_renderdoc_present() ? " (RenderDoc's capture layer, loaded for --capture, hides it)" : "");
        return true;
    }
    if (geometry == LC_GEOMETRY_MDI && !app->ctx.indirect) {
        lc_error("%s--geometry mdi: device '%s' lacks multiDrawIndirect, drawIndirectFirstInstance or drawIndirectCount%s; use direct",
                 prefix, app->ctx.props.deviceName, lc_device_hide_note(&app->ctx.hide, LC_HIDE_MULTI_DRAW_INDIRECT));
        return true;
    }
    return false;
}

const char *lc_app_light_source(const lc_app *app)
{
    if (app->opt.lights_file) return "file";
    return app->lights.animated ? "generated" : "scene";
}

lc_environment_desc lc_app_environment(const lc_app *app)
{
    const lc_options *o = &app->opt;
    lc_environment_desc d = {
        .kind = o->environment,
        .image = &app->environment_image,
        /* the only light: bright enough to read the model; beside lights or a sun: a fill */
        .level = app->model_look                   ? LC_ENVIRONMENT_LEVEL_MODEL
                 : app->lights.count || o->sun_set ? LC_ENVIRONMENT_LEVEL_FILL
                                                   : LC_ENVIRONMENT_LEVEL_ALONE,
        .sun_dir = {o->sun[0], o->sun[1], o->sun[2]},
        .sun_lux = o->sun_set ? o->sun[3] : 0.0f,
    };
    return d;
}

void lc_app_sun_environment_text(const lc_app *app, char *out, size_t size)
{
    const lc_options *o = &app->opt;
    char sun[96] = "sun off";
    if (o->sun_set) snprintf(sun, sizeof sun, "sun %.0f lux from %.2f,%.2f,%.2f", o->sun[3], o->sun[0], o->sun[1], o->sun[2]);
    const char *file = o->environment_file ? lc_base_name(o->environment_file) : NULL;
    char probes[64] = "";
    if (app->probes.count)
        snprintf(probes, sizeof probes, "   probes %u (%s, blended smaller first)", app->probes.count, o->probes_file ? "file" : "grid");
    snprintf(out, size, "%s   environment %s%s", sun, o->environment == LC_ENVIRONMENT_FILE ? file : lc_environment_names[o->environment],
             probes);
}

void lc_app_replace_lights(lc_app *app, lc_light_set fresh)
{
    lc_light_set_destroy(&app->lights);
    app->lights = fresh;
    if (app->opt.light_motion_off) app->lights.animated = false;
    app->light_count = app->lights.count;
    free(app->animated);
    app->animated = lc_calloc(LC_MAX(app->lights.count, 1u), sizeof *app->animated);
    lc_app_set_exposure(app);
}

void lc_app_set_exposure(lc_app *app)
{
    app->exposure_auto = !app->opt.exposure_set;
    app->exposure_ev100 = app->opt.exposure_set ? app->opt.exposure
                                                : lc_exposure_auto_sun(app->lights.lights, app->lights.count,
                                                                       app->scene.light_bounds_min, app->scene.light_bounds_max,
                                                                       app->opt.sun_set ? app->opt.sun[3] : 0.0);
    /* A model's first-look lights read dimmer than metered, beside the sky (whose level follows
     * the exposure), so surfaces near them keep their colour instead of washing to white. */
    if (app->model_look && !app->opt.exposure_set) app->exposure_ev100 += LC_LIGHTS_MODEL_EV_BIAS;
}

void lc_app_camera_argument(const lc_app *app, char *out, size_t size)
{
    const lc_camera *c = &app->camera;
    /* + 0.0f: no "-0" in the argument */
    snprintf(out, size, "--camera %.7g,%.7g,%.7g,%.7g,%.7g", c->position[0] + 0.0f, c->position[1] + 0.0f,
             c->position[2] + 0.0f, c->yaw_deg + 0.0f, c->pitch_deg + 0.0f);
}

void lc_app_set_projection(lc_app *app, const lc_scene_camera *fc)
{
    const lc_options *opt = &app->opt;
    const lc_scene *sc = &app->scene;
    app->camera.fov_y_deg = opt->fov;
    if (fc && !opt->fov_set) {
        /* The file's vertical field of view; a window narrower than the file's aspect widens it
         * so the horizontal extent the file frames stays in view. */
        float window = (float)opt->width / (float)LC_MAX(opt->height, 1u), half = 0.5f * fc->yfov_deg * 3.14159265f / 180.0f;
        if (fc->aspect > 0.0f && window < fc->aspect) half = atanf(tanf(half) * fc->aspect / window);
        app->camera.fov_y_deg = LC_CLAMP(2.0f * half * 180.0f / 3.14159265f, 1.0f, 170.0f);
    }
    lc_scene_clip_planes(sc, fc, app->camera.position, &app->camera.near_z, &app->camera.far_z);
}

lc_status lc_app_start_gpu(lc_app *app, const char **instance_exts, uint32_t ext_count)
{
    const lc_options *opt = &app->opt;
    lc_context_desc cd = {
        .pick_device = opt->device_set,
        .device_index = opt->device,
        .validate = opt->validate,
        .instance_extensions = instance_exts,
        .instance_extension_count = ext_count,
        .swapchain = app->window != NULL,
        .memory_limit = opt->memory_limit,
    };
    lc_status s = lc_context_create(&cd, &app->ctx);
    if (s != LC_OK) return s;
    /* --grid's per-copy poses: each copy's posed vertices in the one runtime vertex buffer. */
    const lc_scene_anim *an = app->scene.anim;
    uint64_t vertex_bytes = (uint64_t)app->scene.vertex_count * sizeof(lc_vertex);
    if (an && an->instance_count > 1 && vertex_bytes > app->ctx.props.limits.maxStorageBufferRange) {
        lc_error("%s: %u copies each posed on its own need %.0f MiB of vertices, more than device '%s' holds in one "
                 "storage buffer (%.0f MiB): a smaller --grid or --figure-count, or --grid-phase same",
                 app->scene.name, an->instance_count, vertex_bytes / 1048576.0, app->ctx.props.deviceName,
                 app->ctx.props.limits.maxStorageBufferRange / 1048576.0);
        return LC_ERR_USAGE;
    }
    /* The compute raster needs 64-bit buffer atomics (the frame refuses the rest: ids that do
     * not fit 32 bits, a scene past the culling buffers). */
    if (opt->shading == LC_SHADING_VISIBILITY && opt->raster == LC_RASTERIZER_COMPUTE && !app->ctx.buffer_int64_atomics) {
        lc_error("--raster compute: device '%s' lacks the Vulkan feature%s%s", app->ctx.props.deviceName,
                 app->ctx.shader_int64 ? " shaderBufferInt64Atomics" : "s shaderInt64 and shaderBufferInt64Atomics",
                 lc_device_hide_note(&app->ctx.hide, LC_HIDE_INT64));
        return LC_ERR_USAGE;
    }
    /* The geometry path asked for must exist here; without --geometry, lc_app_geometry picks. */
    if (app->opt.geometry >= 0 && lc_app_geometry_refused(app, (uint32_t)app->opt.geometry, "")) return LC_ERR_USAGE;
    /* The mesh path's dispatch: indirect mesh tasks where the device draws them (faster on the
     * H100 where the mesh path is the default: docs/BENCHMARKS.md), else the task shader. */
    if (!app->opt.mesh_dispatch_set) app->opt.mesh_dispatch = app->ctx.mesh_indirect ? LC_MESH_DISPATCH_INDIRECT : LC_MESH_DISPATCH_TASK;
    if (app->opt.mesh_dispatch == LC_MESH_DISPATCH_INDIRECT && app->ctx.mesh_shader && !app->ctx.mesh_indirect) {
        lc_error("--mesh-dispatch indirect: device '%s' lacks %s (vkCmdDrawMeshTasksIndirectCountEXT, gl_DrawID); use "
                 "--mesh-dispatch task", app->ctx.props.deviceName, lc_mesh_indirect_lacks(&app->ctx));
        return LC_ERR_USAGE;
    }
    /* Visibility shading where the device can run it on this scene, refused before any
     * pipeline is built (the frame checks again for the viewer's toggle). */
    if (app->opt.shading == LC_SHADING_VISIBILITY) {
        char why[256];
        if (app->ctx.visibility_missing) {
            lc_error("--shading visibility: device '%s' lacks the Vulkan feature %s", app->ctx.props.deviceName,
                     app->ctx.visibility_missing);
            return LC_ERR_USAGE;
        }
        if (!lc_vis_textures_fit(&app->ctx, lc_vis_textures(&app->scene, NULL, NULL), lc_frame_set_samplers(), why, sizeof why)) {
            lc_error("--shading visibility: %s", why);
            return LC_ERR_USAGE;
        }
    }
    start_info(app);
    if (app->window)
        s = lc_target_create_window(&app->ctx, app->window, opt->vsync, &app->target);
    else
        s = lc_target_create_headless(&app->ctx, opt->width, opt->height, &app->target);
    if (s != LC_OK) return s;
    lc_renderer_desc rd = {
        .light_capacity = app->lights.count,
        .decals = app->decals.decals,
        .decal_count = app->decals.count,
        .decal_images = app->decals.images,
        .decal_image_count = app->decals.image_count,
        .tile_size = opt->tile_size,
        .zbin_count = opt->zbins,
        .cluster_tile = opt->cluster_tile,
        .cluster_slices = opt->cluster_slices,
        .list_max = opt->list_max,
        .vis_ids = opt->vis_ids,
        .meshlet_codec_off = !opt->meshlet_codec,
        .skinning_cpu = opt->skinning_cpu,
        .environment = lc_app_environment(app),
    };
    /* The probes' capture (views/probe_capture.h): the scene lit as the first frame will be,
     * rendered from each probe, before the renderer that shades with them. */
    lc_environment_image *probe_images = NULL;
    lc_gpu_probe *probe_records = NULL;
    if (app->probes.count) {
        double t0 = lc_time_seconds();
        probe_images = lc_calloc(app->probes.count, sizeof *probe_images);
        probe_records = lc_calloc(app->probes.count, sizeof *probe_records);
        lc_lights_animate(&app->lights, (float)app->anim_time, app->animated);
        lc_frame_settings fs = lc_app_settings(app);
        s = lc_probes_capture(&app->ctx, &app->scene, &rd, &fs, app->animated, app->light_count, &app->probes, probe_images, probe_records);
        if (s != LC_OK) {
            free(probe_images);
            free(probe_records);
            return s;
        }
        rd.environment.probes = probe_records;
        rd.environment.probe_images = probe_images;
        rd.environment.probe_count = app->probes.count;
        app->probes_ms = (lc_time_seconds() - t0) * 1e3;
    }
    lc_status st = lc_renderer_create(&app->ctx, &app->target, &app->scene, &rd, app->renderer);
    for (uint32_t i = 0; probe_images && i < app->probes.count; i++) lc_environment_image_free(&probe_images[i]);
    free(probe_images);
    free(probe_records);
    if (st == LC_OK && app->probes.count)
        lc_info("probes: %u captured at %ux%u a face in %.0f ms", app->probes.count, LC_PROBE_FACE_SIZE,
                LC_PROBE_FACE_SIZE, app->probes_ms + 0.0);
    /* Skinned on the GPU from here on: the scene bounds its skins instead of posing them. */
    if (st == LC_OK && app->scene.anim) app->scene.anim->gpu_skinning = lc_renderer_query(app->renderer).gpu_skinning;
    return st;
}

void lc_app_destroy(lc_app *app)
{
    if (app->renderer) lc_renderer_destroy(app->renderer);
    free(app->renderer);
    lc_target_destroy(&app->ctx, &app->target);
    lc_context_destroy(&app->ctx);
    lc_scene_destroy(&app->scene);
    lc_light_set_destroy(&app->lights);
    lc_decal_set_destroy(&app->decals);
    lc_environment_image_free(&app->environment_image);
    lc_probe_set_destroy(&app->probes);
    free(app->animated);
    lc_frame_log_free(&app->gpu_log);
    lc_frame_log_free(&app->cpu_log);
    lc_frame_log_free(&app->pass_log);
    free(app->pass_names);
    memset(app, 0, sizeof *app);
}

lc_frame_settings lc_app_settings(const lc_app *app)
{
    return (lc_frame_settings){
        .mode = (uint32_t)app->opt.mode,
        .shading = app->opt.shading,
        .scalarize = app->opt.scalarize,
        .list_sort_off = !app->opt.list_sort,
        .scalarize_merge = app->opt.scalarize_merge,
        .view = app->opt.view,
        .binning = app->opt.binning,
        .heatmap_kind = app->opt.heatmap_kind,
        .camera = app->camera,
        .object_cull_off = !app->opt.object_cull,
        .geometry = app->opt.geometry < 0 ? lc_app_geometry(app) : (uint32_t)app->opt.geometry,
        .occlusion = app->opt.occlusion,
        .mesh_dispatch = app->opt.mesh_dispatch,
        .visibility_prepass = app->opt.visibility_pass_set ? app->opt.visibility_prepass
                                                           : lc_app_visibility_prepass(app->opt.geometry < 0 ? lc_app_geometry(app) : (uint32_t)app->opt.geometry),
        .tonemap = app->opt.tonemap,
        .zbin_kernel = app->opt.zbin_kernel,
        .bin_kernel = app->opt.bin_kernel,
        .cull_2_5d = app->opt.cull_2_5d,
        .exposure_ev100 = app->exposure_ev100,
        .shadowed_lights = app->opt.shadowed_lights,
        .shadow_updates = app->opt.shadow_updates,
        .shadow_filter = app->opt.shadow_filter,
        .shadow_cull = app->opt.shadow_cull,
        .shadow_occlusion = app->opt.shadow_occlusion,
        .shadow_dynamic = app->opt.shadow_dynamic,
        .cascades = app->opt.cascades,
        .raster = app->opt.raster,
    };
}

bool lc_app_visibility_prepass(uint32_t geometry) { return geometry == LC_GEOMETRY_DIRECT; }

uint32_t lc_app_geometry(const lc_app *app)
{
    /* The default, not a fallback: a scene whose meshlet draws overflow the GPU culling buffers
     * has only the direct path (docs/COMMAND-LINE.md, --geometry). The same rule for either shading: the
     * visibility pass replays the depth pre-pass's draws as the forward pass does, so the
     * GPU cull saves it what it saves the forward pass, and costs what it costs there. */
    if (lc_scene_triangles(&app->scene) < LC_GEOMETRY_AUTO_TRIANGLES || lc_renderer_query(app->renderer).cull_unavailable)
        return LC_GEOMETRY_DIRECT;
    if (app->ctx.mesh_shader) return LC_GEOMETRY_MESH;
    return app->ctx.indirect ? LC_GEOMETRY_MDI : LC_GEOMETRY_DIRECT;
}

lc_status lc_app_frame(lc_app *app, const lc_frame_settings *settings, float time)
{
    /* The scene at the animation clock: moved objects for the renderer's culls and caches, and
     * the file's lights that follow animated nodes. */
    if (app->scene.anim) {
        double t0 = lc_time_seconds();
        lc_scene_animate(&app->scene, app->anim_time);
        app->anim_ms = (lc_time_seconds() - t0) * 1e3;
        if (app->lights_from_scene)
            for (uint32_t i = 0; i < app->lights.count && i < app->scene.light_count; i++) {
                memcpy(app->lights.lights[i].position, app->scene.lights[i].position, sizeof app->scene.lights[i].position);
                memcpy(app->lights.lights[i].direction, app->scene.lights[i].direction, sizeof app->scene.lights[i].direction);
            }
    }
    lc_lights_animate(&app->lights, time, app->animated);
    if (app->radius_scale != 1.0f)
        for (uint32_t i = 0; i < app->light_count; i++) app->animated[i].radius *= app->radius_scale;
    uint32_t before = lc_renderer_query(app->renderer).frames;
    lc_status s = lc_renderer_apply(app->renderer, settings, app->animated, app->light_count);
    if (s == LC_OK) s = lc_renderer_render(app->renderer, app->animated, app->light_count);
    if (app->scene.anim && lc_renderer_query(app->renderer).frames != before) app->scene.anim->moved_count = 0; /* taken by that frame */
    if (s == LC_OK && lc_renderer_query(app->renderer).frames != before) { /* skipped frames (minimised) recorded nothing */
        double cpu_ms[LC_CPU_COUNT];
        memcpy(cpu_ms, lc_renderer_query(app->renderer).cpu_ms, sizeof cpu_ms);
        cpu_ms[LC_CPU_ANIMATION] += app->scene.anim ? app->anim_ms : 0.0; /* the app's evaluation beside the frame's update */
        lc_frame_log_push(&app->cpu_log, cpu_ms);
    }
    return s;
}

void lc_app_record_timings(lc_app *app)
{
    const lc_frame_timings *t = lc_renderer_query(app->renderer).timings;
    if (!t->valid || lc_renderer_query(app->renderer).timings_serial == app->timing_serial) return;
    app->timing_serial = lc_renderer_query(app->renderer).timings_serial;
    double v[LC_TIMER_COUNT + 1];
    memcpy(v, t->ms, sizeof t->ms);
    v[LC_TIMER_COUNT] = t->frame_ms;
    lc_frame_log_push(&app->gpu_log, v);
    if (!app->pass_log.v) return;
    /* A frame whose passes differ (a view switched, a shadow view more) starts the medians again. */
    bool same = t->pass_count == app->pass_count;
    for (uint32_t i = 0; same && i < t->pass_count; i++) same = strcmp(t->pass_names[i], app->pass_names[i]) == 0;
    if (!same) {
        lc_frame_log_clear(&app->pass_log);
        app->pass_count = t->pass_count;
        memcpy(app->pass_names, t->pass_names, t->pass_count * sizeof *app->pass_names);
    }
    lc_frame_log_push(&app->pass_log, t->pass_ms);
}

typedef struct png_buf { uint8_t *data; size_t size, cap; } png_buf;

static void png_write(void *ctx, void *data, int size)
{
    png_buf *b = ctx;
    if (b->size + (size_t)size > b->cap) {
        b->cap = (b->size + (size_t)size) * 2;
        b->data = lc_realloc(b->data, b->cap);
    }
    memcpy(b->data + b->size, data, (size_t)size);
    b->size += (size_t)size;
}

lc_status lc_app_write_png(const char *path, const uint8_t *rgba, uint32_t w, uint32_t h)
{
    png_buf b = {0};
    if (!stbi_write_png_to_func(png_write, &b, (int)w, (int)h, 4, rgba, (int)w * 4)) {
        free(b.data);
        lc_error("cannot encode PNG for '%s'", path);
        return LC_ERR_RUNTIME;
    }
    lc_status s = lc_write_file_atomic(path, b.data, b.size);
    free(b.data);
    return s;
}

lc_status lc_app_count_pairs(lc_app *app, const lc_frame_settings *settings, float time, uint64_t pairs[LC_PAIRS_WORDS])
{
    lc_frame_settings s = settings ? *settings : lc_app_settings(app);
    s.analysis = LC_ANALYSIS_EXACT;
    s.capture_output = false;
    s.hud = false;
    uint32_t before = lc_renderer_query(app->renderer).frames;
    lc_status st = lc_app_frame(app, &s, time);
    if (st != LC_OK) return st;
    if (lc_renderer_query(app->renderer).frames == before) return LC_ERR_RUNTIME; /* skipped: nothing to count */
    size_t size = 0;
    uint32_t *a = lc_renderer_read(app->renderer, LC_RES_ANALYSIS, &size);
    if (!a) return LC_ERR_RUNTIME;
    memset(pairs, 0, LC_PAIRS_WORDS * sizeof *pairs);
    size_t pixels = (size_t)lc_renderer_query(app->renderer).width * lc_renderer_query(app->renderer).height;
    for (size_t i = 0; i < pixels && (i + 1) * LC_ANALYSIS_WORDS * 4 <= size; i++) {
        const uint32_t *p = &a[i * LC_ANALYSIS_WORDS];
        /* (evaluated, contributing, exact) of every kind, the decals, the probes; the lights' the rest. */
        uint32_t kinds[4][3] = {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}, {p[6], p[7], p[8]}};
        for (int c = 0; c < 3; c++) kinds[3][c] = p[c] - p[3 + c] - p[6 + c];
        for (int k = 0; k < 4; k++) {
            pairs[3 * k] += kinds[k][0];
            pairs[3 * k + 1] += kinds[k][2];
            /* Evaluated entities are distinct, so exact - contributing is what the mode skipped. */
            pairs[3 * k + 2] += kinds[k][2] > kinds[k][1] ? kinds[k][2] - kinds[k][1] : 0;
        }
    }
    free(a);
    return LC_OK;
}
