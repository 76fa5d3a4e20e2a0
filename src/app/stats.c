/* --stats FILE: the run as JSON (docs/STATS.md, docs/stats.schema.json): the options, the
 * device, the scene, what the last frames culled, drew and cost, read from the renderer through
 * lc_renderer_query once. */
#include "app/app.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lights/exposure.h"
#include "materials/gpu_material.h"
#include "views/probe_capture.h"

/* --stats raster: which rasterizer wrote the ids (forward shading: hardware), what the compute
 * raster drew (its GPU counters; 0 on the hardware), and the GPU time of the last frame's
 * raster passes by name (the hardware's depth and visibility passes, or the compute raster's
 * cull, raster and resolve passes), with their sum. */
static void stats_raster(cJSON *root, const lc_renderer *r, const lc_frame_settings *fs)
{
    const lc_renderer_info q = lc_renderer_query(r);
    const lc_geometry_counts *gc = q.geometry;
    bool compute = q.frames && gc->raster == LC_RASTERIZER_COMPUTE;
    cJSON *ra = cJSON_AddObjectToObject(root, "raster");
    cJSON_AddStringToObject(ra, "path", lc_rasterizer_names[compute ? LC_RASTERIZER_COMPUTE : LC_RASTERIZER_HARDWARE]);
    cJSON_AddStringToObject(ra, "requested", lc_rasterizer_names[fs->shading == LC_SHADING_VISIBILITY ? q.raster_requested : LC_RASTERIZER_HARDWARE]);
    cJSON_AddNumberToObject(ra, "triangles_compute", compute ? (double)gc->raster_triangles : 0);
    cJSON_AddNumberToObject(ra, "triangles_hardware", compute ? 0 : (double)gc->triangles_drawn);
    cJSON_AddNumberToObject(ra, "triangles_clipped", compute ? (double)gc->raster_clipped : 0);
    cJSON_AddNumberToObject(ra, "triangles_big", compute ? (double)gc->raster_big : 0);
    cJSON_AddNumberToObject(ra, "pixels_written", compute ? (double)gc->raster_pixels : 0);
    cJSON *ms = cJSON_AddObjectToObject(ra, "ms");
    double total = 0.0;
    static const char *const prefixes[] = {"raster", "geometry", "mesh cull", "depth prepass", "visibility /", "hiz"};
    for (uint32_t i = 0; i < q.timings->pass_count; i++) {
        const char *name = q.timings->pass_names[i];
        bool raster_pass = !strcmp(name, "visibility");
        for (size_t k = 0; k < LC_ARRAY_COUNT(prefixes); k++) raster_pass |= !strncmp(name, prefixes[k], strlen(prefixes[k]));
        if (!raster_pass || !strncmp(name, "visibility shade", 16)) continue;
        cJSON_AddNumberToObject(ms, name, q.timings->pass_ms[i]);
        total += q.timings->pass_ms[i];
    }
    cJSON_AddNumberToObject(ms, "total", total);
}

lc_status lc_app_write_stats(lc_app *app, const char *path, const uint64_t *pairs, uint32_t frames)
{
    lc_renderer *r = app->renderer;
    const lc_renderer_info q = lc_renderer_query(r); /* reading the counters below changes none of it */
    /* What the last frame ran, after the renderer's fallbacks (in the viewer, after any keys or
     * script); the options where no frame ran. */
    lc_frame_settings fs = q.frames ? q.settings : lc_app_settings(app);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "device", app->ctx.props.deviceName);
    cJSON_AddStringToObject(root, "driver", app->ctx.driver_info);
    cJSON_AddStringToObject(root, "scene", app->opt.scene);
    {
        const lc_camera *c = &app->camera;
        char arg[160];
        lc_app_camera_argument(app, arg, sizeof arg);
        cJSON *cam = cJSON_AddObjectToObject(root, "camera");
        cJSON_AddItemToObject(cam, "position", cJSON_CreateFloatArray(c->position, 3));
        cJSON_AddNumberToObject(cam, "yaw", c->yaw_deg);
        cJSON_AddNumberToObject(cam, "pitch", c->pitch_deg);
        cJSON_AddNumberToObject(cam, "fov", c->fov_y_deg);
        cJSON_AddNumberToObject(cam, "near", c->near_z);
        cJSON_AddNumberToObject(cam, "far", c->far_z);
        static const char *const starts[] = {"interior", "framed", "file camera"};
        cJSON_AddStringToObject(cam, "start", app->opt.camera_set ? "--camera" : starts[app->scene.start]);
        if (app->scene.start == LC_START_CAMERA && !app->opt.camera_set)
            cJSON_AddNumberToObject(cam, "camera_index", app->scene.camera_index);
        cJSON_AddStringToObject(cam, "argument", arg);
    }
    cJSON_AddStringToObject(root, "mode", lc_mode_names[fs.mode]);
    cJSON_AddStringToObject(root, "shading", lc_shading_names[fs.shading]);
    cJSON_AddBoolToObject(root, "scalarize", lc_loop_variant(r, &fs) != LC_LOOP_PLAIN);
    cJSON_AddStringToObject(root, "scalarize_merge", lc_scalarize_merge_names[fs.scalarize_merge]);
    if (fs.shading == LC_SHADING_VISIBILITY) {
        cJSON_AddNumberToObject(root, "visibility_id_bits", q.vis_prim_bits ? 32 : 64);
        cJSON_AddStringToObject(root, "visibility_pass", fs.visibility_prepass ? "prepass" : "single");
    }
    cJSON_AddStringToObject(root, "view", lc_view_names[fs.view]);
    cJSON_AddStringToObject(root, "heatmap_kind", lc_heatmap_kind_names[fs.heatmap_kind]);
    cJSON_AddStringToObject(root, "tonemap_path", lc_tonemap_names[q.tonemap_path ? q.tonemap_path : LC_TONEMAP_FRAGMENT]);
    cJSON_AddNumberToObject(root, "width", q.width);
    cJSON_AddNumberToObject(root, "height", q.height);
    cJSON_AddNumberToObject(root, "frames", frames);
    cJSON_AddNumberToObject(root, "lights", app->light_count);
    cJSON_AddStringToObject(root, "lights_source", lc_app_light_source(app));
    cJSON_AddStringToObject(root, "light_units", "candela");
    {
        lc_material_counts mc = lc_material_count(&app->scene);
        cJSON *mo = cJSON_AddObjectToObject(root, "materials");
        cJSON_AddNumberToObject(mo, "count", mc.count);
        cJSON_AddNumberToObject(mo, "textures", mc.textures);
        cJSON_AddNumberToObject(mo, "normal_mapped", mc.normal_mapped);
        cJSON_AddNumberToObject(mo, "metallic", mc.metallic);
        cJSON_AddNumberToObject(mo, "emissive", mc.emissive);
        /* by glTF alpha mode */
        cJSON_AddNumberToObject(mo, "opaque", q.materials_by_alpha[LC_ALPHA_OPAQUE]);
        cJSON_AddNumberToObject(mo, "mask", q.materials_by_alpha[LC_ALPHA_MASK]);
        cJSON_AddNumberToObject(mo, "blend", q.materials_by_alpha[LC_ALPHA_BLEND]);
    }
    {
        cJSON *ex = cJSON_AddObjectToObject(root, "exposure");
        cJSON_AddNumberToObject(ex, "ev100", fs.exposure_ev100);
        cJSON_AddBoolToObject(ex, "automatic", app->exposure_auto);
        cJSON_AddNumberToObject(ex, "scale", lc_exposure_scale(fs.exposure_ev100));
    }
    {
        /* the sun (null when off) and the environment (lights/environment.h) */
        const lc_options *o = &app->opt;
        if (o->sun_set) {
            cJSON *sun = cJSON_AddObjectToObject(root, "sun");
            float dir[3] = {o->sun[0], o->sun[1], o->sun[2]}, len = sqrtf(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
            cJSON *d = cJSON_AddArrayToObject(sun, "direction");
            for (int c = 0; c < 3; c++) cJSON_AddItemToArray(d, cJSON_CreateNumber(dir[c] / len));
            cJSON_AddNumberToObject(sun, "lux", o->sun[3]);
        } else {
            cJSON_AddNullToObject(root, "sun");
        }
        cJSON *env = cJSON_AddObjectToObject(root, "environment");
        lc_environment_desc ed = lc_app_environment(app);
        cJSON_AddStringToObject(env, "kind", lc_environment_names[o->environment]);
        if (o->environment_file) cJSON_AddStringToObject(env, "file", o->environment_file);
        cJSON_AddNumberToObject(env, "level", o->environment == LC_ENVIRONMENT_NONE ? 0.0 : ed.level);
    }
    cJSON_AddNumberToObject(root, "lights_visible", q.lights_visible);
    {
        /* The entity array (docs/DECALS.md): decals, probes, lights, and what the frame kept of each. */
        cJSON *e = cJSON_AddObjectToObject(root, "entities");
        cJSON_AddNumberToObject(e, "decals", app->decals.count);
        cJSON_AddNumberToObject(e, "probes", app->probes.count);
        cJSON_AddNumberToObject(e, "lights", app->light_count);
        cJSON *v = cJSON_AddObjectToObject(e, "visible");
        cJSON_AddNumberToObject(v, "decals", q.decal_count);
        cJSON_AddNumberToObject(v, "probes", q.probe_count);
        cJSON_AddNumberToObject(v, "lights", q.lights_visible);
        /* Entities a fixed capacity dropped: the tile lists' (lists mode); the objects whose mask
         * overflowed (objects mode); the bit arrays hold every one. */
        lc_gpu_counters *c = fs.mode == LC_MODE_LISTS ? lc_renderer_read(r, LC_RES_COUNTERS, NULL) : NULL;
        const lc_object_masks_stats *om = q.object_masks;
        cJSON_AddNumberToObject(e, "overflow", c ? c->lists.y : om->overflow);
        free(c);
        cJSON *ok = cJSON_AddObjectToObject(e, "overflow_kinds");
        cJSON_AddNumberToObject(ok, "decals", om->overflow_kind[0]);
        cJSON_AddNumberToObject(ok, "probes", om->overflow_kind[1]);
        cJSON_AddNumberToObject(ok, "lights", om->overflow_kind[2]);
    }
    {
        /* The environment probes' capture at start (views/probe_capture.h). */
        cJSON *pr = cJSON_AddObjectToObject(root, "probes");
        cJSON_AddStringToObject(pr, "source", app->opt.probes_file ? "file" : app->probes.count ? "grid" : "none");
        cJSON_AddNumberToObject(pr, "face_size", app->probes.count ? LC_PROBE_FACE_SIZE : 0);
        cJSON_AddNumberToObject(pr, "capture_ms", app->probes_ms);
    }
    cJSON_AddBoolToObject(root, "list_sort", !fs.list_sort_off);
    cJSON_AddNumberToObject(root, "tile_size", q.tile_size);
    cJSON_AddStringToObject(root, "binning", lc_binning_names[fs.binning]);
    if (fs.binning != LC_BINNING_TILES) {
        cJSON_AddStringToObject(root, "bin_kernel", lc_bin_kernel_names[q.settings.bin_kernel]);
        if (q.settings.bin_kernel == LC_BIN_KERNEL_LIGHTS) cJSON_AddNumberToObject(root, "bin_groups", lc_bin_groups(q.light_count));
    }
    if (fs.mode == LC_MODE_ZBIN) cJSON_AddStringToObject(root, "zbin_kernel", lc_zbin_per_bin(r) ? "bins" : "lights");
    /* --cull-2.5d as asked, and whether this mode and binning applied it (lc_frame_cull_2_5d). */
    cJSON_AddStringToObject(root, "cull_2_5d", fs.cull_2_5d ? "on" : "off");
    cJSON_AddBoolToObject(root, "cull_2_5d_applied", lc_frame_cull_2_5d(r));
    cJSON_AddNumberToObject(root, "subgroup_size", app->ctx.subgroup_size);
    cJSON *ms = cJSON_AddObjectToObject(root, "gpu_ms");
    for (int i = 0; i <= LC_TIMER_COUNT; i++) {
        const char *name = i == LC_TIMER_COUNT ? "frame" : lc_timer_names[i];
        cJSON_AddNumberToObject(ms, name, lc_frame_log_median(&app->gpu_log, (uint32_t)i));
    }
    /* The whole frame's spread: a moving camera re-renders a cascade or a shadow view in some
     * frames, which the median does not show. */
    lc_frame_spread fsp = lc_frame_log_spread(&app->gpu_log, LC_TIMER_COUNT);
    cJSON *spread = cJSON_AddObjectToObject(root, "gpu_frame_ms");
    cJSON_AddNumberToObject(spread, "median", fsp.median);
    cJSON_AddNumberToObject(spread, "mean", fsp.mean);
    cJSON_AddNumberToObject(spread, "p90", fsp.p90);
    cJSON_AddNumberToObject(spread, "max", fsp.max);
    cJSON *cpu = cJSON_AddObjectToObject(root, "cpu_ms");
    for (int i = 0; i < LC_CPU_COUNT; i++)
        cJSON_AddNumberToObject(cpu, lc_cpu_timer_names[i], lc_frame_log_median(&app->cpu_log, (uint32_t)i));
    cJSON_AddNumberToObject(root, "threads", q.threads);
    cJSON *contexts = cJSON_AddObjectToObject(root, "contexts");
    cJSON_AddNumberToObject(contexts, "threads", q.threads);
    cJSON_AddNumberToObject(contexts, "commands", q.commands);
    cJSON_AddNumberToObject(contexts, "secondaries", q.secondaries);
    cJSON_AddNumberToObject(contexts, "pool_blocks", q.pool_blocks);
    cJSON *pass_medians = cJSON_AddObjectToObject(root, "passes_ms");
    for (uint32_t i = 0; i < app->pass_count; i++)
        cJSON_AddNumberToObject(pass_medians, app->pass_names[i], lc_frame_log_median(&app->pass_log, i));
    cJSON_AddNumberToObject(root, "passes_frames", app->pass_log.count);
    cJSON *passes = cJSON_AddObjectToObject(root, "passes_ms_last_frame");
    for (uint32_t i = 0; i < q.timings->pass_count; i++)
        cJSON_AddNumberToObject(passes, q.timings->pass_names[i], q.timings->pass_ms[i]);
    /* Every object is one instance of a mesh: instances = total; meshes are the unique ones.
     * visible and culled_* are the last frame's object culling (src/cpu/object_cull.h). */
    cJSON *objects = cJSON_AddObjectToObject(root, "objects");
    cJSON_AddNumberToObject(objects, "total", app->scene.object_count);
    cJSON_AddNumberToObject(objects, "instances", app->scene.object_count);
    cJSON_AddNumberToObject(objects, "meshes", app->scene.mesh_count);
    cJSON_AddNumberToObject(objects, "triangles_total", (double)lc_scene_triangles(&app->scene));
    cJSON_AddNumberToObject(objects, "visible", q.draw_count + q.blend_count); /* opaque and blended */
    cJSON_AddNumberToObject(objects, "culled_sphere", app->opt.object_cull ? q.culled_sphere : 0);
    cJSON_AddNumberToObject(objects, "culled_oobb", app->opt.object_cull ? q.culled_oobb : 0);
    /* The blended objects the last frame drew in its transparent pass (CPU-culled, direct draws
     * on every geometry path). */
    cJSON_AddNumberToObject(root, "transparent_draws", q.blend_count);
    /* The last completed frame's geometry: GPU counters for mdi, object-level counts for direct. */
    const lc_geometry_counts *gc = q.geometry;
    cJSON *geo = cJSON_AddObjectToObject(root, "geometry");
    cJSON_AddStringToObject(geo, "path", lc_geometry_names[gc->path]);
    cJSON_AddBoolToObject(geo, "occlusion", gc->occlusion);
    /* The mesh path's dispatch that ran (task shader or indirect mesh tasks); null elsewhere. */
    if (gc->path == LC_GEOMETRY_MESH) cJSON_AddStringToObject(geo, "mesh_dispatch", lc_mesh_dispatch_names[gc->mesh_dispatch]);
    else cJSON_AddNullToObject(geo, "mesh_dispatch");
    cJSON_AddStringToObject(geo, "meshlet_codec", app->opt.meshlet_codec ? "on" : "off");
    cJSON_AddNumberToObject(geo, "meshlets_total", (double)gc->meshlets_total);
    cJSON_AddNumberToObject(geo, "meshlets_drawn", (double)gc->meshlets_drawn);
    cJSON_AddNumberToObject(geo, "triangles_total", (double)gc->triangles_total);
    cJSON_AddNumberToObject(geo, "triangles_drawn", (double)gc->triangles_drawn);
    cJSON *culled = cJSON_AddObjectToObject(geo, "culled");
    cJSON_AddNumberToObject(culled, "frustum", (double)gc->culled_frustum);
    cJSON_AddNumberToObject(culled, "backface", (double)gc->culled_backface);
    cJSON_AddNumberToObject(culled, "occlusion", (double)gc->culled_occlusion);
    cJSON_AddNumberToObject(culled, "sublets", (double)gc->culled_sublets);
    cJSON_AddNumberToObject(geo, "decode_ms", q.decode_ms);
    stats_raster(root, r, &fs);
    /* The last completed frame's shadows (lights/shadows.h); ms: the shadow views' GPU time
     * (their cull's included); triangles: what the views drew, triangles_unculled: what the
     * objects in their frustums hold; cull: where the views were culled; occlusion: whether
     * the GPU cull ran its two phases, culled_occlusion: meshlets its phase 2 culled by the
     * views' HiZ. */
    const lc_shadow_stats *ss = q.shadows;
    cJSON *sh = cJSON_AddObjectToObject(root, "shadows");
    cJSON_AddNumberToObject(sh, "lights", ss->lights);
    cJSON_AddNumberToObject(sh, "views", ss->views);
    cJSON_AddNumberToObject(sh, "views_rendered", ss->views_rendered);
    cJSON_AddNumberToObject(sh, "views_cached", ss->views_cached);
    cJSON_AddNumberToObject(sh, "views_moved", ss->views_moved);
    cJSON_AddNumberToObject(sh, "views_rendered_moved", ss->views_rendered_moved);
    cJSON_AddNumberToObject(sh, "views_overlaid", ss->views_overlaid);
    /* Over the completed frames after the first (which renders every view); null for one frame. */
    if (q.shadow_frames > 1) {
        cJSON_AddNumberToObject(sh, "views_rendered_mean", (double)q.shadow_rendered_sum / (q.shadow_frames - 1));
        cJSON_AddNumberToObject(sh, "views_rendered_max", q.shadow_rendered_max);
    } else {
        cJSON_AddNullToObject(sh, "views_rendered_mean");
        cJSON_AddNullToObject(sh, "views_rendered_max");
    }
    cJSON *by_size = cJSON_AddObjectToObject(sh, "views_by_size");
    for (uint32_t v = 0; v < LC_SHADOW_LEVELS; v++) {
        char name[8];
        snprintf(name, sizeof name, "%u", LC_SHADOW_TILE >> v);
        cJSON_AddNumberToObject(by_size, name, ss->views_by_size[v]);
    }
    cJSON_AddNumberToObject(sh, "lights_unplaced", ss->lights_unplaced);
    cJSON_AddNumberToObject(sh, "texels", (double)ss->texels);
    cJSON_AddNumberToObject(sh, "triangles", (double)ss->triangles);
    cJSON_AddNumberToObject(sh, "triangles_unculled", (double)ss->triangles_unculled);
    cJSON_AddBoolToObject(sh, "occlusion", ss->occlusion);
    cJSON_AddNumberToObject(sh, "culled_occlusion", (double)ss->culled_occlusion);
    cJSON_AddNumberToObject(sh, "ms", q.timings->ms[LC_TIMER_SHADOWS]);
    cJSON_AddStringToObject(sh, "filter", lc_shadow_filter_name(q.settings.shadow_filter));
    cJSON_AddStringToObject(sh, "cull", lc_shadow_cull_name(r));
    cJSON_AddStringToObject(sh, "dynamic", lc_shadow_dynamic_name(r));
    /* The sun's cascades (lights/cascades.h): each one's view depth range and texel size now;
     * objects in its box, of them those an earlier cascade encloses (not drawn), the meshlets
     * and triangles drawn, as of its last render; rendered: 1 when rendered in this frame;
     * renders: the completed frames after the first that rendered it. */
    cJSON *cascades = cJSON_AddArrayToObject(sh, "cascades");
    for (uint32_t k = 0; k < ss->cascades; k++) {
        const lc_cascade_stats *c = &ss->cascade[k];
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "near", c->near_z);
        cJSON_AddNumberToObject(e, "far", c->far_z);
        cJSON_AddNumberToObject(e, "texel_m", c->texel_m);
        cJSON_AddNumberToObject(e, "objects", c->objects);
        cJSON_AddNumberToObject(e, "objects_enclosed", c->objects_enclosed);
        cJSON_AddNumberToObject(e, "meshlets_drawn", (double)c->meshlets_drawn);
        cJSON_AddNumberToObject(e, "triangles", (double)c->triangles);
        cJSON_AddNumberToObject(e, "rendered", c->rendered ? 1 : 0);
        cJSON_AddNumberToObject(e, "renders", q.cascade_renders[k]);
        cJSON_AddItemToArray(cascades, e);
    }
    cJSON *mem = cJSON_AddObjectToObject(root, "memory");
    cJSON_AddNumberToObject(mem, "cull_bytes", (double)lc_light_cull_bytes(r));
    cJSON_AddNumberToObject(mem, "device_bytes", (double)app->ctx.memory_allocated);
    if (pairs) {
        cJSON *p = cJSON_AddObjectToObject(root, "pairs");
        cJSON_AddNumberToObject(p, "evaluated", (double)pairs[0]);
        cJSON_AddNumberToObject(p, "exact", (double)pairs[1]);
        cJSON_AddNumberToObject(p, "missed", (double)pairs[2]);
        static const char *const kinds[3] = {"decals", "probes", "lights"};
        for (int k = 0; k < 3; k++) {
            cJSON *pk = cJSON_AddObjectToObject(p, kinds[k]);
            cJSON_AddNumberToObject(pk, "evaluated", (double)pairs[3 * (k + 1)]);
            cJSON_AddNumberToObject(pk, "exact", (double)pairs[3 * (k + 1) + 1]);
            cJSON_AddNumberToObject(pk, "missed", (double)pairs[3 * (k + 1) + 2]);
        }
    }
    if (fs.mode == LC_MODE_LISTS) {
        lc_gpu_counters *c = lc_renderer_read(r, LC_RES_COUNTERS, NULL);
        cJSON *o = cJSON_AddObjectToObject(root, "overflow");
        cJSON_AddNumberToObject(o, "tiles", c ? c->lists.x : 0);
        cJSON_AddNumberToObject(o, "lights_dropped", c ? c->lists.y : 0);
        cJSON_AddNumberToObject(o, "list_max", q.list_max);
        free(c);
    }
    /* What plays (scene/animation.h): index (-1 none, -2 all), name, the last frame's time. */
    const lc_scene_anim *an = app->scene.anim;
    cJSON *ao = cJSON_AddObjectToObject(root, "animation");
    char aname[80];
    cJSON_AddNumberToObject(ao, "index", an ? an->active : LC_ANIMATION_NONE);
    cJSON_AddStringToObject(ao, "name", lc_scene_anim_name(&app->scene, aname, sizeof aname));
    cJSON_AddNumberToObject(ao, "count", an ? an->animation_count : 0);
    cJSON_AddNumberToObject(ao, "time", app->anim_time);
    cJSON_AddBoolToObject(ao, "playing", an && an->active != LC_ANIMATION_NONE && app->anim_playing);
    cJSON_AddNumberToObject(ao, "moving_objects", an ? an->dynamic_objects : 0);
    cJSON_AddNumberToObject(ao, "cpu_ms", app->anim_ms); /* the last frame's evaluation and CPU skinning */
    cJSON_AddStringToObject(ao, "skinning", !an || !an->skin_count ? "none" : an->gpu_skinning ? "gpu" : "cpu");
    cJSON_AddNumberToObject(root, "validation_messages", lc_validation_message_count());
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    lc_status s = lc_write_file_atomic(path, text, strlen(text));
    free(text);
    return s;
}
