#include "app/options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "cpu/jobs.h"
#include "lights/exposure.h"
#include "lights/shadows.h"
#include "lights/lights.h"

void lc_options_usage(FILE *f)
{
    fputs(
        "usage: lightcull [options]            viewer (or --headless)\n"
        "       lightcull bench [--quick] ...  benchmark sweep (see docs/BENCHMARKS.md)\n"
        "\n"
        "scene and lights:\n"
        "  --scene default|mesh|PATH  built-in hall, built-in ~30k-triangle mesh, or a glTF 2.0 / OBJ file\n"
        "                           (default: default)\n"
        "  --grid N                 the scene's objects replicated N x N x N, 1..64 (default 1)\n"
        "  --lights N               generated point and spot lights, 0..1048576 (default 1024; 0: no\n"
        "                           local lights, only the sun and the environment)\n"
        "  --seed S                 light generation seed (default 1)\n"
        "  --lights-file FILE.json  explicit static light list instead of generated lights\n"
        "                           (without either: a glTF's own KHR_lights_punctual lights, if any)\n"
        "camera and output:\n"
        "  --camera X,Y,Z,YAW,PITCH start camera; Y up, yaw 0 looks along -Z, degrees\n"
        "  --camera-index N         start from the file's camera N (default: its first, if it has one)\n"
        "  --fov DEG                vertical field of view (default 60, or the file camera's)\n"
        "  --exposure EV            camera exposure as EV100, -32..48 (default: automatic, from the\n"
        "                           lights' mean illuminance over the scene and the sun's)\n"
        "  --sun X,Y,Z,LUX          a sun: the direction towards it (Y up) and its illuminance in lux,\n"
        "                           0 < LUX <= 1e6 (noon: ~100000, but past ~60000 a white surface\n"
        "                           saturates the half-float HDR image); off unless given\n"
        "  --environment sky|none|FILE.hdr\n"
        "                           light from all around (default sky): a procedural sky, none (a\n"
        "                           faint ambient), or an equirectangular Radiance .hdr; its level\n"
        "                           follows the exposure, so it fills what the lights leave\n"
        "  --size WxH               window or image size (default 1280x720)\n"
        "  --device N               Vulkan device index (default: discrete GPU first)\n"
        "  --headless               render offscreen, no window\n"
        "  --frames K               render K frames then exit (headless default 1)\n"
        "  --out FILE.png           write the last frame (no HUD); with a window, frame K of --frames K\n"
        "                           or, without --frames, the view as the window closes\n"
        "  --stats FILE.json        write device, mode, size, light counts, GPU ms (medians)\n"
        "  --validate               Khronos validation + synchronization validation; exit 1 on any message\n"
        "culling:\n"
        "  --mode NAME              brute, lists, tiles, clusters, zbin (default zbin)\n"
        "  --shading forward|visibility  forward raster shading (default), or a visibility buffer\n"
        "                           shaded by compute (the same light loops)\n"
        "  --visibility-ids auto|32|64  the visibility buffer's ids: one 32-bit word (draw, triangle)\n"
        "                           where the scene fits, else two (auto, default); 32 fails where\n"
        "                           it does not fit; both give the same image\n"
        "  --tonemap auto|compute|fragment|fused  the tonemap: compute where the output can be a storage\n"
        "                           image, else fragment; both give the same image. fused: the\n"
        "                           visibility shade tonemaps as it writes (no tonemap pass; within\n"
        "                           1/255; other frames take compute, with a warning). auto\n"
        "                           (default): fused for visibility shading in the shaded view,\n"
        "                           else compute, else fragment\n"
        "  --scalarize on|off       subgroup-uniform light loops (default on)\n"
        "  --scalarize-merge tiles|always  where scalarized loops merge the subgroup's lanes: only\n"
        "                           subgroups that span tiles (tiles, default; elsewhere the loads are\n"
        "                           uniform already) or every subgroup (always); the same image\n"
        "  --object-cull on|off     CPU object culling, sphere then OOBB, of the direct path's draws\n"
        "                           (default on; off draws every object; mdi and mesh cull on the GPU)\n"
        "  --pairs                  count light-pixel pairs: evaluated, exact, missed (stats)\n"
        "  --view NAME              shaded, heatmap, tightness, meshlets, base-colour, normals,\n"
        "                           roughness-metallic, shadow-atlas, triangles (default shaded;\n"
        "                           shadow-atlas: the shadow views' depth atlas; triangles: visibility\n"
        "                           shading, a colour per triangle id from either rasterizer; overdraw:\n"
        "                           --raster compute, the 64-bit atomics each pixel took, 0..16 on a ramp)\n"
        "  --shadowed-lights N      the N most important lights (screen size x intensity, ranked every\n"
        "                           frame) cast shadows, besides those marked \"shadow\": true in a\n"
        "                           lights file (0..256, default 0; a glTF's own lights cast none without it)\n"
        "  --shadow-updates K       most shadow views rendered a frame, 1..64, most important lights\n"
        "                           first; the others reuse their atlas tile (default 16)\n"
        "  --shadow-filter F        the shadow lookup's PCF: tent (four bilinear comparisons, a 3 x 3\n"
        "                           tent; default) or bilinear (one comparison, 2 x 2 texels)\n"
        "  --shadow-cull C          where the shadow views' casters are culled: gpu (a compute pass per\n"
        "                           view, per meshlet and sublet; default) or cpu (objects, meshlets and\n"
        "                           sublets on the job threads); both draw the same shadows\n"
        "  --shadow-occlusion O     two-phase occlusion culling of the GPU-culled shadow views (what each\n"
        "                           saw when last rendered, then the rest against its HiZ): on (default)\n"
        "                           or off; both draw the same shadows\n"
        "  --tile-size N            screen tile: 8, 16, 32 or 64 pixels (default: tiles/zbin 8 within a 64 MiB\n"
        "                           budget, one step coarser with --shading visibility; lists 16)\n"
        "  --zbins N                Z-bin count, 16..65536 (default 4096)\n"
        "  --zbin-kernel K          auto, bins (one thread per bin) or lights (one per light);\n"
        "                           auto: bins up to 4096 visible lights\n"
        "  --binning KIND           tiles, zbin, clusters: bits built per tile (tiles) or per light\n"
        "                           (lights, default: screen footprints binned in parallel, then tile\n"
        "                           depth bounds; lights-nodepth: footprints alone, no tile depth pass)\n"
        "  --bin-kernel K           light binning's kernel: lights (default; per light, its footprint's\n"
        "                           cells) or blocks (per block of cells, every light; for comparison)\n"
        "  --cluster-size N         cluster tile: 16..256 pixels (default 64)\n"
        "  --cluster-slices N       cluster depth slices, 1..256 (default 32)\n"
        "  --list-max N             lights per tile list, power of two 32..4096 (default 512)\n"
        "geometry:\n"
        "  --geometry PATH          direct (a draw per object), mdi (GPU-culled meshlets, indirect draws)\n"
        "                           or mesh (GPU-culled meshlets, task + mesh shaders; VK_EXT_mesh_shader);\n"
        "                           default: from 4 M triangles mesh, else mdi, where supported,\n"
        "                           else direct (also where the scene overflows the culling buffers)\n"
        "  --occlusion on|off       mdi, mesh: two-phase HiZ occlusion culling (default on)\n"
        "  --mesh-dispatch D        mesh: indirect (a compute cull lists the surviving sublets, drawn\n"
        "                           by vkCmdDrawMeshTasksIndirectCountEXT; default where the device\n"
        "                           has it) or task (the task shader culls and launches them)\n"
        "  --meshlet-codec on|off   decode the compressed meshlets on the GPU at load, or upload\n"
        "                           the same decoded mesh from the CPU (default on)\n"
        "  --visibility-pass single|prepass  visibility shading's raster: one pass writing depth and\n"
        "                           ids together, or a depth pre-pass then the ids (EQUAL); default:\n"
        "                           prepass on the direct path, single on mdi and mesh\n"
        "  --raster R               visibility shading's rasterizer: hardware (graphics pipeline),\n"
        "                           compute (64-bit atomics into a visibility buffer, after the GPU\n"
        "                           meshlet cull on every geometry path; needs shaderBufferInt64Atomics)\n"
        "                           or auto (default: the hardware until the compute raster is measured\n"
        "                           faster on the GPU, and wherever compute cannot run);\n"
        "                           forward shading always rasterizes in hardware\n"
        "viewer and tools:\n"
        "  --no-vsync               present without vsync (for measuring)\n"
        "  --capture FILE.rdc       capture one frame with RenderDoc (if its library is present)\n"
        "  --script FILE            scripted viewer input (see README)\n"
        "  --memory-limit MB        cap lightcull's GPU memory (tests allocation failure)\n"
        "  --threads N              CPU job threads, 1..256 (default: OMP_NUM_THREADS, else all cores)\n"
        "  --quiet                  no informational output\n"
        "  --help, --version\n",
        f);
}

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

static lc_status parse_uint_range(const char *flag, const char *v, uint64_t lo, uint64_t hi, uint32_t *out)
{
    uint64_t x;
    char why[96];
    snprintf(why, sizeof why, "expected a whole number in %llu..%llu", (unsigned long long)lo, (unsigned long long)hi);
    if (!parse_u64(v, &x) || x < lo || x > hi) return bad(flag, v, why);
    *out = (uint32_t)x;
    return LC_OK;
}

lc_status lc_options_parse(int argc, char **argv, int first, lc_options *o)
{
    memset(o, 0, sizeof *o);
    o->scene = "default";
    o->lights = 1024;
    o->environment = LC_ENVIRONMENT_SKY;
    o->grid = 1;
    o->seed = 1;
    o->fov = 60.0f;
    /* Visibility shading's raster and the mesh path's dispatch: unset, the app chooses by the
     * geometry path and the device (lc_app_visibility_prepass, lc_app_start_gpu). */
    o->visibility_prepass = true;
    o->width = 1280;
    o->height = 720;
    o->mode = LC_MODE_ZBIN;
    o->scalarize = true;
    o->binning = LC_BINNING_LIGHTS; /* the faster on every device measured (docs/BENCHMARKS.md) */
    o->object_cull = true;
    o->vsync = true;
    o->geometry = -1;
    o->occlusion = true;
    o->meshlet_codec = true;
    bool frames_set = false;

    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        /* Flags without a value. */
        if (!strcmp(a, "--headless")) { o->headless = true; continue; }
        if (!strcmp(a, "--validate")) { o->validate = true; continue; }
        if (!strcmp(a, "--pairs")) { o->pairs = true; continue; }
        if (!strcmp(a, "--no-vsync")) { o->vsync = false; continue; }
        if (!strcmp(a, "--quiet")) { o->quiet = true; continue; }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { o->help = true; continue; }
        if (!strcmp(a, "--version")) { o->version = true; continue; }
        if (strncmp(a, "--", 2) != 0) return bad(a, NULL, "unexpected argument (see --help)");
        static const char *const with_value[] = {
            "--scene", "--grid", "--lights", "--seed", "--lights-file", "--camera", "--camera-index", "--fov", "--exposure", "--size", "--device", "--frames",
            "--out", "--stats", "--mode", "--shading", "--tonemap", "--scalarize", "--scalarize-merge", "--object-cull", "--view", "--tile-size", "--zbins", "--zbin-kernel", "--visibility-ids", "--binning", "--bin-kernel", "--cluster-size",
            "--cluster-slices", "--list-max", "--capture", "--script", "--memory-limit", "--threads", "--geometry", "--occlusion", "--visibility-pass", "--mesh-dispatch", "--raster",
            "--meshlet-codec", "--sun", "--environment", "--shadowed-lights", "--shadow-updates", "--shadow-filter", "--shadow-cull", "--shadow-occlusion"};
        bool known = false;
        for (size_t k = 0; k < LC_ARRAY_COUNT(with_value); k++) known = known || !strcmp(a, with_value[k]);
        if (!known) return bad(a, NULL, "unknown option (see --help)");
        if (i + 1 >= argc) return bad(a, NULL, "needs a value");
        const char *v = argv[++i];
        lc_status s = LC_OK;
        uint64_t u;
        if (!strcmp(a, "--scene")) {
            if (!*v) return bad(a, v, "empty path");
            o->scene = v;
        } else if (!strcmp(a, "--shadowed-lights")) {
            s = parse_uint_range(a, v, 0, LC_SHADOW_LIGHTS_MAX, &o->shadowed_lights);
        } else if (!strcmp(a, "--shadow-updates")) {
            s = parse_uint_range(a, v, 1, LC_SHADOW_UPDATES_MAX, &o->shadow_updates);
        } else if (!strcmp(a, "--shadow-filter")) {
            if (!strcmp(v, "bilinear")) o->shadow_filter = LC_SHADOW_FILTER_BILINEAR;
            else if (!strcmp(v, "tent")) o->shadow_filter = LC_SHADOW_FILTER_TENT;
            else return bad(a, v, "expected tent or bilinear");
        } else if (!strcmp(a, "--shadow-cull")) {
            if (!strcmp(v, "gpu")) o->shadow_cull = LC_SHADOW_CULL_GPU;
            else if (!strcmp(v, "cpu")) o->shadow_cull = LC_SHADOW_CULL_CPU;
            else return bad(a, v, "expected gpu or cpu");
        } else if (!strcmp(a, "--shadow-occlusion")) {
            if (!strcmp(v, "on")) o->shadow_occlusion = LC_SHADOW_OCCLUSION_ON;
            else if (!strcmp(v, "off")) o->shadow_occlusion = LC_SHADOW_OCCLUSION_OFF;
            else return bad(a, v, "expected on or off");
        } else if (!strcmp(a, "--grid")) {
            s = parse_uint_range(a, v, 1, 64, &o->grid);
        } else if (!strcmp(a, "--lights")) {
            s = parse_uint_range(a, v, 0, LC_LIGHTS_MAX, &o->lights); /* 0: none (the sun and the environment light the scene) */
            o->lights_set = true;
        } else if (!strcmp(a, "--seed")) {
            if (!parse_u64(v, &u)) return bad(a, v, "expected a non-negative whole number");
            o->seed = u;
        } else if (!strcmp(a, "--lights-file")) {
            o->lights_file = v;
        } else if (!strcmp(a, "--camera")) {
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v);
            int n = 0;
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                if (n >= 5 || !parse_float(tok, &o->camera[n])) return bad(a, v, "expected X,Y,Z,YAW_DEG,PITCH_DEG");
                n++;
            }
            if (n != 5) return bad(a, v, "expected X,Y,Z,YAW_DEG,PITCH_DEG");
            if (fabsf(o->camera[4]) > 89.9f) return bad(a, v, "pitch must be within -89.9..89.9 degrees");
            o->camera_set = true;
        } else if (!strcmp(a, "--fov")) {
            if (!parse_float(v, &o->fov) || o->fov < 1.0f || o->fov > 170.0f) return bad(a, v, "expected degrees in 1..170");
            o->fov_set = true;
        } else if (!strcmp(a, "--exposure")) {
            if (!parse_float(v, &o->exposure) || !(o->exposure >= LC_EXPOSURE_EV_MIN && o->exposure <= LC_EXPOSURE_EV_MAX))
                return bad(a, v, "expected an EV100 in -32..48");
            o->exposure_set = true;
        } else if (!strcmp(a, "--sun")) {
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v);
            int n = 0;
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                if (n >= 4 || !parse_float(tok, &o->sun[n])) return bad(a, v, "expected X,Y,Z,LUX (the direction towards the sun, lux)");
                n++;
            }
            if (n != 4) return bad(a, v, "expected X,Y,Z,LUX (the direction towards the sun, lux)");
            if (!(o->sun[0] * o->sun[0] + o->sun[1] * o->sun[1] + o->sun[2] * o->sun[2] > 1e-12f))
                return bad(a, v, "the direction towards the sun must not be zero");
            if (!(o->sun[3] > 0.0f && o->sun[3] <= 1e6f)) return bad(a, v, "the illuminance must be in 0..1e6 lux (0 excluded)");
            o->sun_set = true;
        } else if (!strcmp(a, "--environment")) {
            o->environment_file = NULL;
            if (!strcmp(v, "sky")) o->environment = LC_ENVIRONMENT_SKY;
            else if (!strcmp(v, "none")) o->environment = LC_ENVIRONMENT_NONE;
            else if (!*v) return bad(a, v, "expected sky, none or a .hdr file");
            else {
                o->environment = LC_ENVIRONMENT_FILE;
                o->environment_file = v;
            }
        } else if (!strcmp(a, "--camera-index")) {
            s = parse_uint_range(a, v, 0, 1u << 20, &o->camera_index);
            o->camera_index_set = true;
        } else if (!strcmp(a, "--size")) {
            unsigned long w, h;
            char tail;
            if (sscanf(v, "%lux%lu%c", &w, &h, &tail) != 2 || v[0] == '-' || strchr(v, '-'))
                return bad(a, v, "expected WxH, e.g. 1280x720");
            if (w == 0 || h == 0) return bad(a, v, "width and height must be at least 1");
            if (w > 16384 || h > 16384) return bad(a, v, "larger than 16384 on a side");
            o->width = (uint32_t)w;
            o->height = (uint32_t)h;
        } else if (!strcmp(a, "--device")) {
            uint32_t d;
            s = parse_uint_range(a, v, 0, 64, &d);
            o->device = (int)d;
            o->device_set = true;
        } else if (!strcmp(a, "--frames")) {
            s = parse_uint_range(a, v, 1, 100000000, &o->frames);
            frames_set = true;
        } else if (!strcmp(a, "--out")) {
            o->out = v;
        } else if (!strcmp(a, "--stats")) {
            o->stats = v;
        } else if (!strcmp(a, "--mode")) {
            o->mode = lc_mode_from_name(v);
            if (o->mode < 0) return bad(a, v, "unknown mode; expected brute, lists, tiles, clusters or zbin");
        } else if (!strcmp(a, "--shading")) {
            int found = lc_name_index(v, lc_shading_names, LC_SHADING_COUNT);
            if (found < 0) return bad(a, v, "expected forward or visibility");
            o->shading = (uint32_t)found;
        } else if (!strcmp(a, "--tonemap")) {
            int found = lc_name_index(v, lc_tonemap_names, LC_TONEMAP_COUNT);
            if (found < 0) return bad(a, v, "expected auto, compute, fragment or fused");
            o->tonemap = (uint32_t)found;
        } else if (!strcmp(a, "--geometry")) {
            o->geometry = lc_name_index(v, lc_geometry_names, LC_GEOMETRY_COUNT);
            if (o->geometry < 0) return bad(a, v, "expected direct, mdi or mesh");
        } else if (!strcmp(a, "--mesh-dispatch")) {
            int found = lc_name_index(v, lc_mesh_dispatch_names, LC_MESH_DISPATCH_COUNT);
            if (found < 0) return bad(a, v, "expected task or indirect");
            o->mesh_dispatch = (uint32_t)found;
            o->mesh_dispatch_set = true;
        } else if (!strcmp(a, "--occlusion") || !strcmp(a, "--meshlet-codec")) {
            bool *flag = !strcmp(a, "--occlusion") ? &o->occlusion : &o->meshlet_codec;
            if (!strcmp(v, "on")) *flag = true;
            else if (!strcmp(v, "off")) *flag = false;
            else return bad(a, v, "expected on or off");
        } else if (!strcmp(a, "--visibility-pass")) {
            if (!strcmp(v, "single")) o->visibility_prepass = false;
            else if (!strcmp(v, "prepass")) o->visibility_prepass = true;
            else return bad(a, v, "expected single or prepass");
            o->visibility_pass_set = true;
        } else if (!strcmp(a, "--raster")) {
            int found = lc_name_index(v, lc_rasterizer_names, LC_RASTERIZER_COUNT);
            if (found < 0) return bad(a, v, "expected hardware, compute or auto");
            o->raster = (uint32_t)found;
        } else if (!strcmp(a, "--scalarize")) {
            if (!strcmp(v, "on")) o->scalarize = true;
            else if (!strcmp(v, "off")) o->scalarize = false;
            else return bad(a, v, "expected on or off");
        } else if (!strcmp(a, "--object-cull")) {
            if (!strcmp(v, "on")) o->object_cull = true;
            else if (!strcmp(v, "off")) o->object_cull = false;
            else return bad(a, v, "expected on or off");
        } else if (!strcmp(a, "--view")) {
            int found = lc_name_index(v, lc_view_names, LC_VIEW_COUNT);
            if (found < 0) return bad(a, v, "expected shaded, heatmap, tightness, meshlets, base-colour, normals, roughness-metallic, shadow-atlas, triangles or overdraw");
            o->view = (uint32_t)found;
        } else if (!strcmp(a, "--tile-size")) {
            s = parse_uint_range(a, v, 8, 64, &o->tile_size);
            if (s == LC_OK && o->tile_size != 8 && o->tile_size != 16 && o->tile_size != 32 && o->tile_size != 64)
                return bad(a, v, "expected 8, 16, 32 or 64");
        } else if (!strcmp(a, "--zbins")) {
            s = parse_uint_range(a, v, 16, 65536, &o->zbins);
        } else if (!strcmp(a, "--zbin-kernel")) {
            int found = lc_name_index(v, lc_zbin_kernel_names, 3);
            if (found < 0) return bad(a, v, "expected auto, bins or lights");
            o->zbin_kernel = (uint32_t)found;
        } else if (!strcmp(a, "--visibility-ids")) {
            int found = lc_name_index(v, lc_vis_ids_names, LC_VIS_IDS_COUNT);
            if (found < 0) return bad(a, v, "expected auto, 32 or 64");
            o->vis_ids = (uint32_t)found;
        } else if (!strcmp(a, "--binning")) {
            int found = lc_name_index(v, lc_binning_names, LC_BINNING_COUNT);
            if (found < 0) return bad(a, v, "expected tiles, lights or lights-nodepth");
            o->binning = (uint32_t)found;
        } else if (!strcmp(a, "--scalarize-merge")) {
            int found = lc_name_index(v, lc_scalarize_merge_names, LC_SCALARIZE_MERGE_COUNT);
            if (found < 0) return bad(a, v, "expected tiles or always");
            o->scalarize_merge = (uint32_t)found;
        } else if (!strcmp(a, "--bin-kernel")) {
            int found = lc_name_index(v, lc_bin_kernel_names, LC_BIN_KERNEL_COUNT);
            if (found < 0) return bad(a, v, "expected lights or blocks");
            o->bin_kernel = (uint32_t)found;
        } else if (!strcmp(a, "--cluster-size")) {
            s = parse_uint_range(a, v, 16, 256, &o->cluster_tile);
        } else if (!strcmp(a, "--cluster-slices")) {
            s = parse_uint_range(a, v, 1, 256, &o->cluster_slices);
        } else if (!strcmp(a, "--list-max")) {
            s = parse_uint_range(a, v, 32, 4096, &o->list_max);
            if (s == LC_OK && (o->list_max & (o->list_max - 1))) return bad(a, v, "expected a power of two");
        } else if (!strcmp(a, "--capture")) {
            o->capture = v;
        } else if (!strcmp(a, "--script")) {
            o->script = v;
        } else if (!strcmp(a, "--memory-limit")) {
            if (!parse_u64(v, &u) || u < 1 || u > (1ull << 24)) return bad(a, v, "expected megabytes, 1..16777216");
            o->memory_limit = u << 20;
        } else if (!strcmp(a, "--threads")) {
            s = parse_uint_range(a, v, 1, LC_JOBS_MAX_THREADS, &o->threads);
        }
        if (s != LC_OK) return s;
    }
    if (o->headless && !frames_set) o->frames = 1;
    if (o->shading != LC_SHADING_VISIBILITY && o->raster == LC_RASTERIZER_COMPUTE) {
        lc_error("--raster compute: visibility shading's rasterizer (add --shading visibility; forward shading rasterizes in hardware)");
        return LC_ERR_USAGE;
    }
    if (o->shading != LC_SHADING_VISIBILITY && o->view == LC_VIEW_TRIANGLES) {
        lc_error("--view triangles: the visibility buffer's view (add --shading visibility)");
        return LC_ERR_USAGE;
    }
    if ((o->shading != LC_SHADING_VISIBILITY || o->raster != LC_RASTERIZER_COMPUTE) && o->view == LC_VIEW_OVERDRAW) {
        lc_error("--view overdraw: the compute raster's atomics per pixel (add --shading visibility --raster compute)");
        return LC_ERR_USAGE;
    }
    if (o->headless && o->script) {
        lc_error("--script drives the viewer's window; it cannot be combined with --headless");
        return LC_ERR_USAGE;
    }
    return LC_OK;
}
