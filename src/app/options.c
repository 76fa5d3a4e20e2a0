#include "app/options.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "renderer.h"
#include "cpu/jobs.h"
#include "geometry/geometry.h"
#include "lights/environment.h"
#include "lights/exposure.h"
#include "lights/shadows.h"
#include "lights/lights.h"
#include "lights/probes.h"

/* set_field 0 means "none": offset 0 is the scene path, never a flag. */
_Static_assert(offsetof(lc_options, scene) == 0, "set_field 0 must not name a bool");

const char *const lc_option_section_names[LC_OPTSEC_COUNT] = {
    "scene and lights", "camera and output", "culling", "geometry", "shadows", "animation", "viewer and tools"};

/* ---- value parsers: each reads one value into its row's field ---- */

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+') return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

static bool parse_float(const char *s, float *out)
{
    if (!s || !*s) return false;
    char *end;
    errno = 0;
    float v = strtof(s, &end);
    if (errno || *end || !isfinite(v)) return false;
    *out = v;
    return true;
}

static lc_status bad(const char *flag, const char *value, const char *why)
{
    lc_error("%s%s%s: %s", flag, value ? " " : "", value ? value : "", why);
    return LC_ERR_USAGE;
}

static void *field(const lc_option *opt, lc_options *o) { return (char *)o + opt->field; }

/* Stores a whole number into a bool, a uint32_t or an int field (int and uint32_t may alias). */
static void store(const lc_option *opt, lc_options *o, uint64_t v)
{
    if (opt->field_size == sizeof(bool)) *(bool *)field(opt, o) = v != 0;
    else if (opt->field_size == sizeof(uint32_t)) *(uint32_t *)field(opt, o) = (uint32_t)v;
    else *(uint64_t *)field(opt, o) = v;
}

/* Whole number in lo..hi ("expected a whole number in lo..hi"), a power of two where pow2_why. */
static lc_status opt_uint(const lc_option *opt, const char *v, lc_options *o)
{
    uint64_t x;
    char why[96];
    snprintf(why, sizeof why, "expected a whole number in %.0f..%.0f", opt->lo, opt->hi);
    if (!parse_u64(v, &x) || (double)x < opt->lo || (double)x > opt->hi) return bad(opt->flag, v, why);
    if (opt->pow2_why && (x & (x - 1))) return bad(opt->flag, v, opt->pow2_why);
    store(opt, o, x);
    return LC_OK;
}

/* One of names: stores its index. The error lists the names unless the row words it. */
static lc_status opt_names(const lc_option *opt, const char *v, lc_options *o)
{
    for (uint32_t i = 0; i < opt->name_count; i++)
        if (opt->names[i] && !strcmp(v, opt->names[i])) {
            store(opt, o, i);
            return LC_OK;
        }
    if (opt->why) return bad(opt->flag, v, opt->why);
    char why[512] = "expected ";
    uint32_t listed = 0, total = 0;
    for (uint32_t i = 0; i < opt->name_count; i++) total += opt->names[i] != NULL;
    for (uint32_t i = 0; i < opt->name_count; i++) {
        if (!opt->names[i]) continue;
        size_t len = strlen(why);
        snprintf(why + len, sizeof why - len, "%s%s", listed == 0 ? "" : listed + 1 == total ? " or " : ", ", opt->names[i]);
        listed++;
    }
    return bad(opt->flag, v, why);
}

static lc_status opt_on_off(const lc_option *opt, const char *v, lc_options *o)
{
    if (!strcmp(v, "on")) store(opt, o, 1);
    else if (!strcmp(v, "off")) store(opt, o, 0);
    else return bad(opt->flag, v, "expected on or off");
    return LC_OK;
}

/* The argument itself (it points into argv). */
static lc_status opt_string(const lc_option *opt, const char *v, lc_options *o)
{
    *(const char **)field(opt, o) = v;
    return LC_OK;
}

static lc_status opt_scene(const lc_option *opt, const char *v, lc_options *o)
{
    if (!*v) return bad(opt->flag, v, "empty path");
    o->scene = v;
    return LC_OK;
}

static lc_status opt_seed(const lc_option *opt, const char *v, lc_options *o)
{
    if (!parse_u64(v, &o->seed)) return bad(opt->flag, v, "expected a non-negative whole number");
    return LC_OK;
}

/* A finite float in lo..hi. */
static lc_status opt_float(const lc_option *opt, const char *v, lc_options *o)
{
    float *f = field(opt, o);
    if (!parse_float(v, f) || !(*f >= opt->lo && *f <= opt->hi)) return bad(opt->flag, v, opt->why);
    return LC_OK;
}

/* Comma-separated floats into field[0..n), n = hi. */
static lc_status parse_floats(const lc_option *opt, const char *v, lc_options *o, int n_want)
{
    float *out = field(opt, o);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", v);
    int n = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (n >= n_want || !parse_float(tok, &out[n])) return bad(opt->flag, v, opt->why);
        n++;
    }
    if (n != n_want) return bad(opt->flag, v, opt->why);
    return LC_OK;
}

/* --animation N|all|none: an index, -2 all, -1 none. */
static lc_status opt_animation(const lc_option *opt, const char *v, lc_options *o)
{
    uint64_t u;
    if (!strcmp(v, "none")) o->animation = -1;
    else if (!strcmp(v, "all")) o->animation = -2;
    else if (parse_u64(v, &u) && u <= 65535) o->animation = (int32_t)u;
    else return bad(opt->flag, v, opt->why);
    return LC_OK;
}

static lc_status opt_camera(const lc_option *opt, const char *v, lc_options *o)
{
    lc_status s = parse_floats(opt, v, o, 5);
    if (s != LC_OK) return s;
    const float *c = field(opt, o);
    if (fabsf(c[4]) > 89.9f) return bad(opt->flag, v, "pitch must be within -89.9..89.9 degrees");
    return LC_OK;
}

static lc_status opt_sun(const lc_option *opt, const char *v, lc_options *o)
{
    lc_status s = parse_floats(opt, v, o, 4);
    if (s != LC_OK) return s;
    if (!(o->sun[0] * o->sun[0] + o->sun[1] * o->sun[1] + o->sun[2] * o->sun[2] > 1e-12f))
        return bad(opt->flag, v, "the direction towards the sun must not be zero");
    if (!(o->sun[3] > 0.0f && o->sun[3] <= 1e6f)) return bad(opt->flag, v, "the illuminance must be in 0..1e6 lux (0 excluded)");
    return LC_OK;
}

static lc_status opt_environment(const lc_option *opt, const char *v, lc_options *o)
{
    o->environment_file = NULL;
    if (!strcmp(v, "sky")) o->environment = LC_ENVIRONMENT_SKY;
    else if (!strcmp(v, "none")) o->environment = LC_ENVIRONMENT_NONE;
    else if (!*v) return bad(opt->flag, v, "expected sky, none or a .hdr file");
    else {
        o->environment = LC_ENVIRONMENT_FILE;
        o->environment_file = v;
    }
    return LC_OK;
}

static lc_status opt_probes(const lc_option *opt, const char *v, lc_options *o)
{
    uint64_t u;
    if (!strcmp(v, "auto")) o->probes = LC_PROBES_AUTO;
    else if (parse_u64(v, &u) && u >= 1 && u <= LC_PROBES_MAX) o->probes = (uint32_t)u;
    else return bad(opt->flag, v, "expected auto or a count of probes, 1..256");
    return LC_OK;
}

static lc_status opt_size(const lc_option *opt, const char *v, lc_options *o)
{
    unsigned long w, h;
    char tail;
    if (sscanf(v, "%lux%lu%c", &w, &h, &tail) != 2 || v[0] == '-' || strchr(v, '-')) return bad(opt->flag, v, "expected WxH, e.g. 1280x720");
    if (w == 0 || h == 0) return bad(opt->flag, v, "width and height must be at least 1");
    if (w > 16384 || h > 16384) return bad(opt->flag, v, "larger than 16384 on a side");
    o->width = (uint32_t)w;
    o->height = (uint32_t)h;
    return LC_OK;
}

static lc_status opt_memory_limit(const lc_option *opt, const char *v, lc_options *o)
{
    uint64_t u;
    if (!parse_u64(v, &u) || u < 1 || u > (1ull << 24)) return bad(opt->flag, v, "expected megabytes, 1..16777216");
    o->memory_limit = u << 20;
    return LC_OK;
}

/* ---- the table ---- */

/* Named values that have no names list of their own elsewhere, indexed by the value stored. */
static const char *const k_skinning[] = {"gpu", "cpu"}; /* stored into skinning_cpu */
static const char *const k_grid_phase[] = {"spread", "same"}; /* stored into grid_phase_same */
static const char *const k_light_motion[] = {"on", "off"}; /* stored into light_motion_off */
static const char *const k_on_off_enum[] = {[LC_SHADOW_OCCLUSION_ON] = "on", [LC_SHADOW_OCCLUSION_OFF] = "off"};
static const char *const k_shadow_filter[] = {[LC_SHADOW_FILTER_BILINEAR] = "bilinear", [LC_SHADOW_FILTER_TENT] = "tent"};
static const char *const k_shadow_cull[] = {[LC_SHADOW_CULL_GPU] = "gpu", [LC_SHADOW_CULL_CPU] = "cpu"};
static const char *const k_shadow_dynamic[] = {[LC_SHADOW_DYNAMIC_REDRAW] = "redraw", [LC_SHADOW_DYNAMIC_OVERLAY] = "overlay"};
static const char *const k_visibility_pass[] = {"single", "prepass"}; /* index = visibility_prepass */

#define FIELD(f) .field = offsetof(lc_options, f), .field_size = sizeof(((lc_options *)0)->f)
#define SET(f) .set_field = offsetof(lc_options, f)
#define NAMES(list, count) .parse = opt_names, .names = (list), .name_count = (count)
#define UINT(lo_, hi_) .parse = opt_uint, .lo = (lo_), .hi = (hi_)
#define SWITCH(f, v) FIELD(f), .lo = (v)

/* To add an option: a field in lc_options, then one row here (a parser from above, or a new
 * static one for a value with its own syntax); --help, docs/OPTIONS.md (regenerate it:
 * lightcull --help-markdown > docs/OPTIONS.md) and the tests follow. */
static const lc_option k_options[] = {
    /* scene and lights */
    {.flag = "--scene", .value = "default|mesh|PATH", .section = LC_OPTSEC_SCENE, .parse = opt_scene,
     .help = "built-in hall, built-in ~30k-triangle mesh, or a glTF 2.0 / OBJ file (default: default)",
     .stats = "scene"},
    {.flag = "--grid", .value = "N", .section = LC_OPTSEC_SCENE, UINT(1, 64), FIELD(grid),
     .help = "the scene's objects replicated N x N x N, 1..64 (default 1)"},
    {.flag = "--grid-phase", .value = "spread|same", .section = LC_OPTSEC_SCENE, NAMES(k_grid_phase, LC_ARRAY_COUNT(k_grid_phase)),
     FIELD(grid_phase_same), .why = "expected spread or same",
     .help = "an animated file's --grid copies each posed on their own, copy 0 at the clock and the others at a phase from "
             "--seed within the longest animation (spread, default; skinned and morphed meshes copied per copy), or all "
             "sharing one pose (same)"},
    {.flag = "--figures", .value = "FILE", .section = LC_OPTSEC_SCENE, .parse = opt_string, FIELD(figures),
     .help = "add --figure-count copies of an animated glTF file to a still scene, stood on its floor (a jittered grid "
             "over the middle of its ground plan, from --seed), each posed on its own at a phase from --seed "
             "(docs/ANIMATION.md)"},
    {.flag = "--figure-count", .value = "N", .section = LC_OPTSEC_SCENE, UINT(1, 4096), FIELD(figure_count),
     .help = "how many --figures, 1..4096 (default 64)"},
    {.flag = "--lights", .value = "N", .section = LC_OPTSEC_SCENE, UINT(0, LC_LIGHTS_MAX), FIELD(lights), SET(lights_set),
     .help = "generated point and spot lights, 0..1048576 (default 1024; 0: no local lights, only the sun and the environment; "
             "default for a file seen from outside: 16 near-white lights and a brighter sky)",
     .stats = "lights"},
    {.flag = "--light-motion", .value = "on|off", .section = LC_OPTSEC_SCENE, NAMES(k_light_motion, LC_ARRAY_COUNT(k_light_motion)),
     FIELD(light_motion_off), .why = "expected on or off",
     .help = "generated lights orbit and bob (on, default) or stand still (off: shadow views re-render only for moving "
             "objects)"},
    {.flag = "--seed", .value = "S", .section = LC_OPTSEC_SCENE, .parse = opt_seed, .help = "light generation seed (default 1)"},
    {.flag = "--lights-file", .value = "FILE.json", .section = LC_OPTSEC_SCENE, .parse = opt_string, FIELD(lights_file),
     .help = "explicit static light list instead of generated lights (without either: a glTF's own KHR_lights_punctual "
             "lights, if any)", .stats = "lights_source"},
    {.flag = "--decals", .value = "N", .section = LC_OPTSEC_SCENE, UINT(0, LC_DECALS_MAX), FIELD(decals),
     .help = "generated decals scattered over the scene's surfaces from --seed, with built-in patterns, 0..65536 "
             "(default 0; docs/DECALS.md)", .stats = "entities.decals"},
    {.flag = "--decals-file", .value = "FILE.json", .section = LC_OPTSEC_SCENE, .parse = opt_string, FIELD(decals_file),
     .help = "decals from a file instead (oriented boxes projecting along their local -Y, applied in file order; schema "
             "in docs/DECALS.md)", .stats = "entities.decals"},
    {.flag = "--sun", .value = "X,Y,Z,LUX", .section = LC_OPTSEC_SCENE, .parse = opt_sun, FIELD(sun), SET(sun_set),
     .why = "expected X,Y,Z,LUX (the direction towards the sun, lux)",
     .help = "a sun: the direction towards it (Y up) and its illuminance in lux, 0 < LUX <= 1e6 (noon: ~100000, but past "
             "~60000 a white surface saturates the half-float HDR image); off unless given", .stats = "sun"},
    {.flag = "--environment", .value = "sky|none|FILE.hdr", .section = LC_OPTSEC_SCENE, .parse = opt_environment,
     .help = "light from all around (default sky): a procedural sky, none (a faint ambient), or an equirectangular "
             "Radiance .hdr; its level follows the exposure, so it fills what the lights leave",
     .stats = "environment.kind"},
    {.flag = "--probes-file", .value = "FILE.json", .section = LC_OPTSEC_SCENE, .parse = opt_string, FIELD(probes_file),
     .help = "environment probes: {\"probes\": [{\"position\": [x,y,z], \"extents\": [hx,hy,hz]}]}, boxes about the "
             "capture point with half sizes; each captured at load (six views of the lit scene) and prefiltered as the sky "
             "is; blended smaller volume first, the sky beyond (docs/PROBES.md)", .stats = "entities.probes"},
    {.flag = "--probes", .value = "auto|N", .section = LC_OPTSEC_SCENE, .parse = opt_probes,
     .help = "environment probes in a grid over the scene's bounds: at most N (1..256), the grid whose cells are nearest "
             "to cubes; auto: at most 16 (default none; docs/PROBES.md)", .stats = "entities.probes"},
    /* camera and output */
    {.flag = "--camera", .value = "X,Y,Z,YAW,PITCH", .section = LC_OPTSEC_CAMERA, .parse = opt_camera, FIELD(camera),
     SET(camera_set), .why = "expected X,Y,Z,YAW_DEG,PITCH_DEG", .help = "start camera; Y up, yaw 0 looks along -Z, degrees",
     .stats = "camera.argument"},
    {.flag = "--camera-to", .value = "X,Y,Z,YAW,PITCH", .section = LC_OPTSEC_CAMERA, .parse = opt_camera, FIELD(camera_to),
     SET(camera_to_set), .why = "expected X,Y,Z,YAW_DEG,PITCH_DEG",
     .help = "headless: the camera moves in a straight line from the start camera to this one over --frames (position, "
             "yaw and pitch; the last frame stands here), to measure what a moving camera costs"},
    {.flag = "--camera-index", .value = "N", .section = LC_OPTSEC_CAMERA, UINT(0, 1u << 20), FIELD(camera_index),
     SET(camera_index_set), .help = "start from the file's camera N (default: its first, if it has one)",
     .stats = "camera.camera_index"},
    {.flag = "--fov", .value = "DEG", .section = LC_OPTSEC_CAMERA, .parse = opt_float, FIELD(fov), SET(fov_set), .lo = 1,
     .hi = 170, .why = "expected degrees in 1..170", .help = "vertical field of view (default 60, or the file camera's)",
     .stats = "camera.fov"},
    {.flag = "--exposure", .value = "EV", .section = LC_OPTSEC_CAMERA, .parse = opt_float, FIELD(exposure), SET(exposure_set),
     .lo = LC_EXPOSURE_EV_MIN, .hi = LC_EXPOSURE_EV_MAX, .why = "expected an EV100 in -32..48",
     .help = "camera exposure as EV100, -32..48 (default: automatic, from the lights' mean illuminance over the scene and "
             "the sun's)", .stats = "exposure.ev100"},
    {.flag = "--size", .value = "WxH", .section = LC_OPTSEC_CAMERA, .parse = opt_size, .help = "window or image size (default 1280x720)",
     .stats = "width"},
    {.flag = "--device", .value = "N", .section = LC_OPTSEC_CAMERA, UINT(0, 64), FIELD(device), SET(device_set),
     .help = "Vulkan device index (default: discrete GPU first)", .stats = "device"},
    {.flag = "--headless", .section = LC_OPTSEC_CAMERA, SWITCH(headless, 1), .help = "render offscreen, no window"},
    {.flag = "--frames", .value = "K", .section = LC_OPTSEC_CAMERA, UINT(1, 100000000), FIELD(frames), SET(frames_set),
     .help = "render K frames then exit (headless default 1)", .stats = "frames"},
    {.flag = "--out", .value = "FILE.png", .section = LC_OPTSEC_CAMERA, .parse = opt_string, FIELD(out),
     .help = "write the last frame (no HUD); with a window, frame K of --frames K or, without --frames, the view as the "
             "window closes"},
    {.flag = "--stats", .value = "FILE.json", .section = LC_OPTSEC_CAMERA, .parse = opt_string, FIELD(stats),
     .help = "write device, mode, size, light counts, GPU and CPU ms (medians over the frames), culling and shadow "
             "counters as JSON (every key: docs/STATS.md; schema: docs/stats.schema.json)"},
    {.flag = "--validate", .section = LC_OPTSEC_CAMERA, SWITCH(validate, 1),
     .help = "Khronos validation + synchronization validation; exit 1 on any message", .stats = "validation_messages"},
    /* culling */
    {.flag = "--mode", .value = "NAME", .section = LC_OPTSEC_CULLING, NAMES(lc_mode_names, LC_MODE_COUNT), FIELD(mode),
     .why = "unknown mode; expected brute, lists, tiles, clusters, zbin or objects",
     .help = "light culling: brute, lists, tiles, clusters, zbin (default zbin); objects: the CPU culls decals, probes and "
             "lights per object into 32 + 32 + 64 bits (forward shading only; an object touching more walks that kind "
             "whole, counted in entities.overflow: docs/CULLING.md)",
     .stats = "mode"},
    {.flag = "--shading", .value = "forward|visibility", .section = LC_OPTSEC_CULLING, NAMES(lc_shading_names, LC_SHADING_COUNT),
     FIELD(shading), .help = "forward raster shading (default), or a visibility buffer shaded by compute (the same light loops)",
     .stats = "shading"},
    {.flag = "--visibility-ids", .value = "auto|32|64", .section = LC_OPTSEC_CULLING, NAMES(lc_vis_ids_names, LC_VIS_IDS_COUNT),
     FIELD(vis_ids),
     .help = "the visibility buffer's ids: one 32-bit word (draw, triangle) where the scene fits, else two (auto, "
             "default); 32 fails where it does not fit; both give the same image", .stats = "visibility_id_bits"},
    {.flag = "--visibility-pass", .value = "single|prepass", .section = LC_OPTSEC_CULLING, NAMES(k_visibility_pass, 2),
     FIELD(visibility_prepass), SET(visibility_pass_set),
     .help = "visibility shading's raster: one pass writing depth and ids together, or a depth pre-pass then the ids "
             "(EQUAL); default: prepass on the direct path, single on mdi and mesh", .stats = "visibility_pass"},
    {.flag = "--raster", .value = "R", .section = LC_OPTSEC_CULLING, NAMES(lc_rasterizer_names, LC_RASTERIZER_COUNT),
     FIELD(raster), .why = "expected hardware, compute or auto",
     .help = "visibility shading's rasterizer: hardware (graphics pipeline), compute (64-bit atomics into a visibility "
             "buffer, after the GPU meshlet cull on every geometry path; needs shaderBufferInt64Atomics) or auto (default: "
             "compute on discrete GPUs, the hardware on other devices and wherever compute cannot run); "
             "forward shading always rasterizes in hardware", .stats = "raster.path"},
    {.flag = "--tonemap", .value = "auto|compute|fragment|fused", .section = LC_OPTSEC_CULLING,
     NAMES(lc_tonemap_names, LC_TONEMAP_COUNT), FIELD(tonemap),
     .help = "the tonemap: compute where the output can be a storage image, else fragment; both give the same image. "
             "fused: the visibility shade tonemaps as it writes (no tonemap pass; within 1/255; other frames take compute, "
             "with a warning). auto (default): fused for visibility shading in the shaded view, else compute, else fragment",
     .stats = "tonemap_path"},
    {.flag = "--scalarize", .value = "on|off", .section = LC_OPTSEC_CULLING, .parse = opt_on_off, FIELD(scalarize),
     .help = "subgroup-uniform light loops (default on)", .stats = "scalarize"},
    {.flag = "--scalarize-merge", .value = "tiles|always", .section = LC_OPTSEC_CULLING,
     NAMES(lc_scalarize_merge_names, LC_SCALARIZE_MERGE_COUNT), FIELD(scalarize_merge),
     .help = "where scalarized loops merge the subgroup's lanes: only subgroups that span tiles (tiles, default; "
             "elsewhere the loads are uniform already) or every subgroup (always); the same image",
     .stats = "scalarize_merge"},
    {.flag = "--list-sort", .value = "on|off", .section = LC_OPTSEC_CULLING, .parse = opt_on_off, FIELD(list_sort),
     .help = "lists mode sorts each tile's list, so decals composite in their order as in every other mode (default on; "
             "off: the append order, for the demonstration in docs/DECALS.md)", .stats = "list_sort"},
    {.flag = "--object-cull", .value = "on|off", .section = LC_OPTSEC_CULLING, .parse = opt_on_off, FIELD(object_cull),
     .help = "CPU object culling, sphere then OOBB, of the direct path's draws (default on; off draws every object; mdi "
             "and mesh cull on the GPU)", .stats = "objects.culled_sphere"},
    {.flag = "--pairs", .section = LC_OPTSEC_CULLING, SWITCH(pairs, 1), .help = "count entity-pixel pairs: evaluated, exact, missed, in all and per kind: decals, probes, lights (stats)",
     .stats = "pairs"},
    {.flag = "--view", .value = "NAME", .section = LC_OPTSEC_CULLING, NAMES(lc_view_names, LC_VIEW_COUNT), FIELD(view),
     .help = "shaded, heatmap, tightness, meshlets, base-colour, normals, roughness-metallic, shadow-atlas, cascades, "
             "triangles, overdraw, probes (default shaded; shadow-atlas: the shadow views' depth atlas; cascades: shaded, tinted by "
             "the sun's cascade that shadows each pixel; triangles: visibility shading, a colour per triangle id from either "
             "rasterizer; overdraw: --raster compute, the 64-bit atomics each pixel took, 0..16 on a ramp; probes: shaded, "
             "tinted by the environment probe that weighs most in each pixel's blend, grey where the sky does)", .stats = "view"},
    {.flag = "--heatmap-kind", .value = "KIND", .section = LC_OPTSEC_CULLING, NAMES(lc_heatmap_kind_names, LC_HEATMAP_KIND_COUNT),
     FIELD(heatmap_kind),
     .help = "what --view heatmap and tightness count: all (default), decals, probes or lights (each kind's evaluated and "
             "contributing entities per pixel)", .stats = "heatmap_kind"},
    {.flag = "--tile-size", .value = "N", .section = LC_OPTSEC_CULLING, UINT(8, 64), FIELD(tile_size),
     .pow2_why = "expected 8, 16, 32 or 64",
     .help = "screen tile: 8, 16, 32 or 64 pixels (default: tiles/zbin 8 within a 64 MiB budget, one step coarser with "
             "--shading visibility; lists 16)", .stats = "tile_size"},
    {.flag = "--zbins", .value = "N", .section = LC_OPTSEC_CULLING, UINT(16, 65536), FIELD(zbins),
     .help = "Z-bin count, 16..65536 (default 4096)"},
    {.flag = "--zbin-kernel", .value = "K", .section = LC_OPTSEC_CULLING, NAMES(lc_zbin_kernel_names, 3), FIELD(zbin_kernel),
     .help = "auto, bins (one thread per bin) or lights (one per light); auto: bins up to 4096 visible lights",
     .stats = "zbin_kernel"},
    {.flag = "--binning", .value = "KIND", .section = LC_OPTSEC_CULLING, NAMES(lc_binning_names, LC_BINNING_COUNT),
     FIELD(binning),
     .help = "how tiles, zbin and clusters build their bits: per tile (tiles) or per light (lights, default: screen "
             "footprints binned in parallel, then tile depth bounds; lights-nodepth: footprints alone, no tile depth pass)",
     .stats = "binning"},
    {.flag = "--bin-kernel", .value = "K", .section = LC_OPTSEC_CULLING, NAMES(lc_bin_kernel_names, LC_BIN_KERNEL_COUNT),
     FIELD(bin_kernel),
     .help = "light binning's kernel: lights (default; per light, its footprint's cells) or blocks (per block of cells, "
             "every light; for comparison)", .stats = "bin_kernel"},
    {.flag = "--cull-2.5d", .value = "on|off", .section = LC_OPTSEC_CULLING, .parse = opt_on_off, FIELD(cull_2_5d),
     .help = "2.5D culling (Harada): tiles, zbin and lists keep a light only where its depth range meets one of 32 "
             "depth slices holding a pixel of the tile; the same image, fewer lights evaluated (default off; not with "
             "--binning lights-nodepth, clusters or brute; see docs/CULLING.md)", .stats = "cull_2_5d"},
    {.flag = "--cluster-size", .value = "N", .section = LC_OPTSEC_CULLING, UINT(16, 256), FIELD(cluster_tile),
     .help = "cluster tile: 16..256 pixels (default 64)"},
    {.flag = "--cluster-slices", .value = "N", .section = LC_OPTSEC_CULLING, UINT(1, 256), FIELD(cluster_slices),
     .help = "cluster depth slices, 1..256 (default 32)"},
    {.flag = "--list-max", .value = "N", .section = LC_OPTSEC_CULLING, UINT(32, 4096), FIELD(list_max),
     .pow2_why = "expected a power of two", .help = "lights per tile list, power of two 32..4096 (default 512)",
     .stats = "overflow.list_max"},
    /* geometry */
    {.flag = "--geometry", .value = "PATH", .section = LC_OPTSEC_GEOMETRY, NAMES(lc_geometry_names, LC_GEOMETRY_COUNT),
     FIELD(geometry),
     .help = "direct (a draw per object), mdi (GPU-culled meshlets, indirect draws) or mesh (GPU-culled meshlets, task + "
             "mesh shaders; VK_EXT_mesh_shader); default: from 4 M triangles mesh, else mdi, where supported, else direct "
             "(also where the scene overflows the culling buffers)", .stats = "geometry.path"},
    {.flag = "--occlusion", .value = "on|off", .section = LC_OPTSEC_GEOMETRY, .parse = opt_on_off, FIELD(occlusion),
     .help = "mdi, mesh: two-phase HiZ occlusion culling (default on)", .stats = "geometry.occlusion"},
    {.flag = "--mesh-dispatch", .value = "D", .section = LC_OPTSEC_GEOMETRY,
     NAMES(lc_mesh_dispatch_names, LC_MESH_DISPATCH_COUNT), FIELD(mesh_dispatch), SET(mesh_dispatch_set),
     .help = "mesh: indirect (a compute cull lists the surviving sublets, drawn by vkCmdDrawMeshTasksIndirectCountEXT; "
             "default where the device has it) or task (the task shader culls and launches them)",
     .stats = "geometry.mesh_dispatch"},
    {.flag = "--meshlet-codec", .value = "on|off", .section = LC_OPTSEC_GEOMETRY, .parse = opt_on_off, FIELD(meshlet_codec),
     .help = "decode the compressed meshlets on the GPU at load, or upload the same decoded mesh from the CPU (default on)",
     .stats = "geometry.meshlet_codec"},
    /* shadows */
    {.flag = "--shadowed-lights", .value = "N", .section = LC_OPTSEC_SHADOWS, UINT(0, LC_SHADOW_LIGHTS_MAX),
     FIELD(shadowed_lights),
     .help = "the N most important lights (screen size x intensity, ranked every frame) cast shadows, besides those marked "
             "\"shadow\": true in a lights file (0..256, default 0; a glTF's own lights cast none without it)",
     .stats = "shadows.lights"},
    {.flag = "--shadow-updates", .value = "K", .section = LC_OPTSEC_SHADOWS, UINT(1, LC_SHADOW_UPDATES_MAX), FIELD(shadow_updates),
     .help = "most shadow views rendered a frame, 1..64, most important lights first; the others reuse their atlas tile "
             "(default 16)"},
    {.flag = "--shadow-filter", .value = "F", .section = LC_OPTSEC_SHADOWS, NAMES(k_shadow_filter, LC_ARRAY_COUNT(k_shadow_filter)),
     FIELD(shadow_filter), .why = "expected tent or bilinear",
     .help = "the shadow lookup's PCF: tent (four bilinear comparisons, a 3 x 3 tent; default) or bilinear (one "
             "comparison, 2 x 2 texels)", .stats = "shadows.filter"},
    {.flag = "--shadow-cull", .value = "C", .section = LC_OPTSEC_SHADOWS, NAMES(k_shadow_cull, LC_ARRAY_COUNT(k_shadow_cull)),
     FIELD(shadow_cull),
     .help = "where the shadow views' casters are culled: gpu (a compute pass per view, per meshlet and sublet; default) "
             "or cpu (objects, meshlets and sublets on the job threads); both draw the same shadows",
     .stats = "shadows.cull"},
    {.flag = "--shadow-occlusion", .value = "O", .section = LC_OPTSEC_SHADOWS,
     NAMES(k_on_off_enum, LC_ARRAY_COUNT(k_on_off_enum)), FIELD(shadow_occlusion),
     .help = "two-phase occlusion culling of the GPU-culled shadow views (what each saw when last rendered, then the rest "
             "against its HiZ): on (default) or off; both draw the same shadows", .stats = "shadows.occlusion"},
    {.flag = "--shadow-dynamic", .value = "D", .section = LC_OPTSEC_SHADOWS,
     NAMES(k_shadow_dynamic, LC_ARRAY_COUNT(k_shadow_dynamic)), FIELD(shadow_dynamic), .why = "expected redraw or overlay",
     .help = "casters an animation moves, in the lights' cached shadow views: redraw (a view one moves in is rendered "
             "again whole, within --shadow-updates; default) or overlay (the views cache their static casters in a "
             "second atlas; each frame a moved caster touches a view, its static map is copied back and the movable "
             "casters drawn over it, outside the budget); both draw the same shadows", .stats = "shadows.dynamic"},
    /* the sun's cascaded shadow maps (lights/cascades.h) */
    {.flag = "--cascades", .value = "N", .section = LC_OPTSEC_SHADOWS, UINT(0, LC_SHADOW_CASCADES_MAX), FIELD(cascades.count),
     .help = "the sun's cascaded shadow maps with --sun, 0..8 (default 4; 0: the sun casts no shadow)",
     .stats = "shadows.cascades"},
    {.flag = "--cascade-split", .value = "L", .section = LC_OPTSEC_SHADOWS, .parse = opt_float, FIELD(cascades.split), .lo = 0,
     .hi = 1, .why = "expected a number in 0..1",
     .help = "their split of the view depth: L x logarithmic + (1 - L) x uniform, 0..1 (default 0.75)"},
    {.flag = "--cascade-distance", .value = "M", .section = LC_OPTSEC_SHADOWS, .parse = opt_float, FIELD(cascades.distance),
     .lo = 1, .hi = 1e5, .why = "expected metres in 1..100000",
     .help = "metres of view depth they cover, at most the far plane, 1..100000 (default 200)"},
    {.flag = "--cascade-slack", .value = "F", .section = LC_OPTSEC_SHADOWS, .parse = opt_float, FIELD(cascades.slack),
     .lo = 0, .hi = LC_CASCADE_SLACK_MAX, .why = "expected a fraction in 0..1",
     .help = "room each cascade leaves its slice to move in before it follows the camera and renders again, a "
             "fraction of the slice's radius, 0..1 (default 0.2; 0: it follows every texel; texels grow by 1 + F)"},
    {.flag = "--cascade-size", .value = "N", .section = LC_OPTSEC_SHADOWS, UINT(LC_CASCADE_SIZE_MIN, LC_CASCADE_SIZE_MAX),
     FIELD(cascades.size), .pow2_why = "expected a power of two",
     .help = "texels on a side of each, a power of two 256..4096 (default 2048)"},
    {.flag = "--cascade-enclosure", .value = "on|off", .section = LC_OPTSEC_SHADOWS,
     NAMES(k_on_off_enum, LC_ARRAY_COUNT(k_on_off_enum)), FIELD(cascades.enclosure_off), .why = "expected on or off",
     .help = "leave out of a later cascade the casters an earlier one encloses (seed 000; default on; the same image, "
             "docs/SHADOWS.md)"},
    /* animation (scene/animation.h) */
    {.flag = "--animation", .value = "N|all|none", .section = LC_OPTSEC_ANIMATION, .parse = opt_animation,
     SET(animation_set), .why = "expected an animation number (0..65535), all or none",
     .help = "which of a glTF file's animations plays (default 0, the first), looping; all: every one at once; none: the "
             "rest pose. Nodes, their objects, lights and skinned meshes move with them", .stats = "animation.index"},
    {.flag = "--time", .value = "T", .section = LC_OPTSEC_ANIMATION, .parse = opt_float, FIELD(time), .lo = 0, .hi = 1e6,
     .why = "expected seconds, 0..1e6",
     .help = "the first frame's time in seconds, 0..1e6 (default 0); headless, each later frame adds 1/60 s (lights and "
             "animations alike)", .stats = "animation.time"},
    {.flag = "--skinning", .value = "gpu|cpu", .section = LC_OPTSEC_ANIMATION, NAMES(k_skinning, LC_ARRAY_COUNT(k_skinning)),
     FIELD(skinning_cpu), .why = "expected gpu or cpu",
     .help = "skinned meshes posed by a compute pass before the culls, four joints a vertex (gpu, default), or on the CPU, "
             "every joint, and uploaded (cpu: the reference); meshlet bounds follow the pose either way (GPU: from each "
             "joint's bind spheres; CPU: refit)",
     .stats = "animation.skinning"},
    /* viewer and tools */
    {.flag = "--no-vsync", .section = LC_OPTSEC_TOOLS, SWITCH(vsync, 0), .help = "present without vsync (for measuring)"},
    {.flag = "--capture", .value = "FILE.rdc", .section = LC_OPTSEC_TOOLS, .parse = opt_string, FIELD(capture),
     .help = "capture one frame with RenderDoc (if its library is present); a capture that cannot be written exits 1"},
    {.flag = "--script", .value = "FILE", .section = LC_OPTSEC_TOOLS, .parse = opt_string, FIELD(script),
     .help = "timed actions, one 'FRAME ACTION [ARGS]' a line: the viewer's keys; with --headless the settings, screenshot, "
             "stats and lights-file actions (docs/VIEWER.md, \"Scripts\")"},
    {.flag = "--memory-limit", .value = "MB", .section = LC_OPTSEC_TOOLS, .parse = opt_memory_limit,
     .help = "cap lightcull's GPU memory (tests allocation failure)"},
    {.flag = "--threads", .value = "N", .section = LC_OPTSEC_TOOLS, UINT(1, LC_JOBS_MAX_THREADS), FIELD(threads),
     .help = "CPU job threads, 1..256 (default: OMP_NUM_THREADS, else all cores)", .stats = "threads"},
    {.flag = "--quiet", .section = LC_OPTSEC_TOOLS, SWITCH(quiet, 1), .help = "no informational output"},
    {.flag = "--help", .alias = "-h", .section = LC_OPTSEC_TOOLS, SWITCH(help, 1), .help = "this help"},
    {.flag = "--help-markdown", .section = LC_OPTSEC_TOOLS, SWITCH(help_markdown, 1),
     .help = "this help as Markdown (docs/OPTIONS.md is its output)"},
    {.flag = "--version", .section = LC_OPTSEC_TOOLS, SWITCH(version, 1), .help = "the version"},
};

const lc_option *lc_options_table(uint32_t *count)
{
    *count = (uint32_t)LC_ARRAY_COUNT(k_options);
    return k_options;
}

static const lc_option *find(const char *a)
{
    for (size_t k = 0; k < LC_ARRAY_COUNT(k_options); k++)
        if (!strcmp(a, k_options[k].flag) || (k_options[k].alias && !strcmp(a, k_options[k].alias))) return &k_options[k];
    return NULL;
}

lc_status lc_options_parse(int argc, char **argv, int first, lc_options *o)
{
    memset(o, 0, sizeof *o);
    o->scene = "default";
    o->lights = 1024;
    o->environment = LC_ENVIRONMENT_SKY;
    o->grid = 1;
    o->figure_count = 64;
    o->seed = 1;
    o->fov = 60.0f;
    /* Visibility shading's raster and the mesh path's dispatch: unset, the app chooses by the
     * geometry path and the device (lc_app_visibility_prepass, lc_app_start_gpu). */
    o->visibility_prepass = true;
    o->width = 1280;
    o->height = 720;
    o->mode = LC_MODE_ZBIN;
    o->scalarize = true;
    o->list_sort = true;
    o->binning = LC_BINNING_LIGHTS; /* the faster on every device measured (docs/BENCHMARKS.md) */
    o->object_cull = true;
    o->vsync = true;
    o->geometry = -1;
    o->occlusion = true;
    o->meshlet_codec = true;
    o->cascades = (lc_cascade_settings){.count = LC_CASCADES_DEFAULT, .split = -1.0f, .slack = -1.0f};

    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        const lc_option *opt = find(a);
        if (opt && !opt->value) {
            store(opt, o, (uint64_t)opt->lo);
            continue;
        }
        if (strncmp(a, "--", 2) != 0) return bad(a, NULL, "unexpected argument (see --help)");
        if (!opt) return bad(a, NULL, "unknown option (see --help)");
        if (i + 1 >= argc) return bad(a, NULL, "needs a value");
        lc_status s = opt->parse(opt, argv[++i], o);
        if (s != LC_OK) return s;
        if (opt->set_field) *(bool *)((char *)o + opt->set_field) = true;
    }
    if (o->headless && !o->frames_set) o->frames = 1;
    if (o->shading != LC_SHADING_VISIBILITY && o->raster == LC_RASTERIZER_COMPUTE) {
        lc_error("--raster compute: visibility shading's rasterizer (add --shading visibility; forward shading rasterizes in hardware)");
        return LC_ERR_USAGE;
    }
    if (o->shading != LC_SHADING_VISIBILITY && o->view == LC_VIEW_TRIANGLES) {
        lc_error("--view triangles: the visibility buffer's view (add --shading visibility)");
        return LC_ERR_USAGE;
    }
    if (o->shading == LC_SHADING_VISIBILITY && o->mode == LC_MODE_OBJECTS) {
        lc_error("--mode objects: per-object masks need a draw per object, which visibility shading has not (use --shading forward)");
        return LC_ERR_USAGE;
    }
    if ((o->shading != LC_SHADING_VISIBILITY || o->raster != LC_RASTERIZER_COMPUTE) && o->view == LC_VIEW_OVERDRAW) {
        lc_error("--view overdraw: the compute raster's atomics per pixel (add --shading visibility --raster compute)");
        return LC_ERR_USAGE;
    }
    if (o->camera_to_set && !o->headless) {
        lc_error("--camera-to moves the headless camera; the viewer's moves by keys or --script");
        return LC_ERR_USAGE;
    }
    if (o->camera_to_set && o->script) {
        lc_error("--camera-to and --script both move the headless camera (use the script's camera action)");
        return LC_ERR_USAGE;
    }
    return LC_OK;
}
