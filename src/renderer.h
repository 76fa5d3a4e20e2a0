/* The renderer's public face: what the app and the views ask of it. Its settings (one frame's
 * choices, lc_frame_settings), its creation (lc_renderer_desc), one frame rendered at a time,
 * and the queries over what the last frames did. What a pass reads is passes/pass.h; the
 * renderer's own state, frame_state.h. */
#ifndef LC_RENDERER_H
#define LC_RENDERER_H

#include "cpu/render_backend.h"
#include "cpu/render_context.h"
#include "scene/camera.h"
#include "vk/gpu_resources.h"
#include "cpu/object_cull.h"
#include "geometry/geometry.h"
#include "geometry/skinning.h"
#include "lights/decal_textures.h"
#include "lights/decals.h"
#include "lights/object_masks.h"
#include "lights/probes.h"
#include "lights/lights.h"
#include "lights/shadows.h"
#include "scene/scene.h"
#include "vk/vk_target.h"
#include "geometry/visibility_scene.h"
#include "lights/environment.h"

/* Resources whose state the pass list tracks. */
typedef enum lc_res {
    LC_RES_DEPTH,
    LC_RES_HDR,
    LC_RES_OUTPUT,
    LC_RES_TILE_BITS,
    LC_RES_TILE_LISTS,
    LC_RES_ZBINS,
    LC_RES_CLUSTER_BITS,
    LC_RES_COUNTERS,
    LC_RES_ANALYSIS,
    LC_RES_TILE_DEPTH,
    LC_RES_COARSE_BITS,
    LC_RES_TILE_MASK,
    LC_RES_VISIBILITY,
    LC_RES_FOOTPRINTS,
    LC_RES_BIN_WORK,       /* light binning's work list (lc_gpu_bin_work) */
    LC_RES_HIZ,            /* the HiZ pyramid (storage writes, sampled reads; GENERAL) */
    LC_RES_GEO_COMMANDS,   /* indirect draws and their counts (and the HiZ counter) */
    LC_RES_GEO_VISIBILITY, /* one bit per task, persistent across frames */
    LC_RES_GEO_STATS,      /* the frame's culling counters (host-visible) */
    LC_RES_SHADOW_ATLAS,   /* the shadow depth atlas, kept across frames (its tiles are the cache) */
    LC_RES_SHADOW_STATIC,  /* --shadow-dynamic overlay: the lights' tiles with their static casters only, kept across frames */
    LC_RES_SHADOW_CULL,    /* the shadow views' GPU cull: counts and commands (lc_shadow_cull) */
    LC_RES_SHADOW_STATS,   /* its counters' copy for the host (per frame slot) */
    LC_RES_RASTER,         /* the compute raster's 64-bit visibility buffer and its big-triangle list (LC_BIND_RASTER, _WORK) */
    LC_RES_COUNT
} lc_res;

/* Each enum below and its names come from one list, X(ID, "name") a row, as sokol writes
 * them: LC_ENUM_ID expands a row into the enum, LC_ENUM_NAME into the names (frame.c). */
#define LC_ENUM_ID(id, name) id,
#define LC_ENUM_NAME(id, name) name,

/* GPU timers: each pass adds to one. */
#define LC_TIMERS(X) X(LC_TIMER_DEPTH, "depth") X(LC_TIMER_CULL, "cull") X(LC_TIMER_SHADE, "shade") X(LC_TIMER_TONEMAP, "tonemap") \
    X(LC_TIMER_HUD, "hud") X(LC_TIMER_READBACK, "readback") X(LC_TIMER_SHADOWS, "shadows")
typedef enum lc_timer { LC_TIMERS(LC_ENUM_ID) LC_TIMER_COUNT } lc_timer;
extern const char *const lc_timer_names[LC_TIMER_COUNT];
/* CPU steps of a frame after the light build: filling the render contexts, merging and
 * sorting their commands, translating them into Vulkan and submitting. */
/* Host (CPU) times of a frame, in --stats cpu_ms and on the HUD. */
#define LC_CPU_TIMERS(X)                                                                                    \
    X(LC_CPU_LIGHT_BUILD, "light_build") /* light cull, sort, pack on the jobs (lc_lights_build) */           \
    X(LC_CPU_OBJECT_CULL, "object_cull") /* object sphere + OOBB culling on the jobs (lc_object_cull_run) */  \
    X(LC_CPU_RECORD, "record")           /* passes and object draws into render contexts */                  \
    X(LC_CPU_SORT, "sort")               /* merge + radix sort of the commands */                            \
    X(LC_CPU_SUBMIT, "submit")           /* backend translation into secondaries + vkQueueSubmit */         \
    X(LC_CPU_ANIMATION, "animation")     /* the app's lc_scene_animate and the frame's lc_frame_motion_update (not in object_cull) */
typedef enum lc_cpu_timer { LC_CPU_TIMERS(LC_ENUM_ID) LC_CPU_COUNT } lc_cpu_timer;
extern const char *const lc_cpu_timer_names[LC_CPU_COUNT];
extern const char *const lc_mode_names[LC_MODE_COUNT];
extern const char *const lc_view_names[LC_VIEW_COUNT];
/* How pixels are shaded: forward (the raster pass runs the light loop; the reference) or
 * visibility (the raster pass stores triangle ids, a compute pass rebuilds the surface and
 * runs the same light loop). */
#define LC_SHADINGS(X) X(LC_SHADING_FORWARD, "forward") X(LC_SHADING_VISIBILITY, "visibility")
enum { LC_SHADINGS(LC_ENUM_ID) LC_SHADING_COUNT };
extern const char *const lc_shading_names[LC_SHADING_COUNT];
/* Which pass tonemaps (--tonemap): AUTO takes FUSED for visibility shading in the shaded
 * view, else compute, where the target's images can be storage images
 * (lc_target.storage_output), else fragment; COMPUTE and FUSED demand storage images.
 * COMPUTE and FRAGMENT give the same image (tonemap.glsl; the compute pass encodes sRGB as
 * the hardware does). FUSED: the visibility shade tonemaps its full-precision colour and
 * writes the output itself, no tonemap pass (within 1/255 of the others, which read the
 * colour back from a 16-bit float image); frames it cannot serve (forward shading, the
 * analysis views) take compute. */
#define LC_TONEMAPS(X) X(LC_TONEMAP_AUTO, "auto") X(LC_TONEMAP_COMPUTE, "compute") X(LC_TONEMAP_FRAGMENT, "fragment") X(LC_TONEMAP_FUSED, "fused")
enum { LC_TONEMAPS(LC_ENUM_ID) LC_TONEMAP_COUNT };
extern const char *const lc_tonemap_names[LC_TONEMAP_COUNT];
int lc_mode_from_name(const char *name); /* -1 when unknown */

/* Automatic tile and cluster sizes keep each bit array within this many bytes. */
#define LC_LIGHT_CULL_BUDGET (64ull << 20)

typedef struct lc_renderer_desc {
    uint32_t light_capacity; /* most lights a frame may hold (buffer sizes); 0: 1024; the renderer adds decal_count:
                              * its buffers hold the entity array (decals, probes, lights) */
    const lc_decal *decals;  /* the decals (static; the caller keeps them alive), file order; NULL: none */
    uint32_t decal_count;
    lc_image_data *const *decal_images; /* per texture kind the decals' textures (lc_decal_set.images), read at creation; NULL: none */
    const uint32_t *decal_image_count;  /* per kind */
    uint32_t tile_size;      /* screen tile in pixels: 8, 16, 32 or 64; 0: 8 for tiles and zbin
                                (larger when the bit arrays would pass LC_LIGHT_CULL_BUDGET), 16 for lists */
    uint32_t zbin_count;     /* 0: 4096 */
    uint32_t cluster_tile;   /* cluster tile in pixels; 0: 64, or larger past LC_LIGHT_CULL_BUDGET */
    uint32_t cluster_slices; /* 0: 32 */
    uint32_t list_max;       /* lights per tile list, power of two <= 4096; 0: 512 */
    bool meshlet_codec_off;  /* runtime mesh uploaded plain instead of decoded on the GPU (geometry.h) */
    bool skinning_cpu;       /* skinned meshes posed on the CPU and uploaded, not skinned on the GPU (src/frame_motion.c) */
    uint32_t vis_ids;        /* LC_VIS_IDS_*: the visibility buffer's id format */
    lc_environment_desc environment; /* the sun and the environment (lights/environment.h); zero: neither */
} lc_renderer_desc;

/* The visibility buffer's ids (--visibility-ids): one 32-bit word where the scene's draws and
 * triangles fit (lc_vis_id_prim_bits), else two (AUTO); one word or an error (32); two words
 * (64). Both give the same image. */
#define LC_VIS_IDS(X) X(LC_VIS_IDS_AUTO, "auto") X(LC_VIS_IDS_32, "32") X(LC_VIS_IDS_64, "64")
enum { LC_VIS_IDS(LC_ENUM_ID) LC_VIS_IDS_COUNT };
extern const char *const lc_vis_ids_names[LC_VIS_IDS_COUNT];

/* The Z-bins come from one of two kernels with the same output: per light (zbin.comp: each
 * light's lanes write its bins with atomics, after a clear) or per bin (zbin_bins.comp: each
 * bin scans the lights). AUTO takes per bin up to LC_ZBIN_BINS_MAX_LIGHTS visible lights,
 * where the per-light kernel is latency-bound. */
#define LC_ZBIN_KERNELS(X) X(LC_ZBIN_KERNEL_AUTO, "auto") X(LC_ZBIN_KERNEL_BINS, "bins") X(LC_ZBIN_KERNEL_LIGHTS, "lights")
enum { LC_ZBIN_KERNELS(LC_ENUM_ID) LC_ZBIN_KERNEL_COUNT };
#define LC_ZBIN_BINS_MAX_LIGHTS 4096u
extern const char *const lc_zbin_kernel_names[LC_ZBIN_KERNEL_COUNT];

/* How tiles, zbin and clusters build their bits (--binning): TILES, each tile testing the
 * lights (tile-parallel); LIGHTS, each light's screen footprint rasterised into the cells
 * (light-parallel: light setup, then bin lights), a footprint hit then tested against the
 * tile's depth-bounded box as the tile-parallel cull tests it; LIGHTS_NODEPTH, the footprint
 * alone, no tile depth pass (zbin: its Z-bins alone carry the depth, as in Granite; on
 * Sponza that evaluates about twice the pairs). Clusters bin the footprint into the slices
 * within each light's view depth range; they never read the depth buffer. */
#define LC_BINNINGS(X) X(LC_BINNING_TILES, "tiles") X(LC_BINNING_LIGHTS, "lights") X(LC_BINNING_LIGHTS_NODEPTH, "lights-nodepth")
enum { LC_BINNINGS(LC_ENUM_ID) LC_BINNING_COUNT };
extern const char *const lc_binning_names[LC_BINNING_COUNT];
/* The names of --heatmap-kind's LC_HEATMAP_KIND_* (numbered in lc_shared.h: the tonemap reads them). */
extern const char *const lc_heatmap_kind_names[LC_HEATMAP_KIND_COUNT];
/* The variants of the light binning shaders (bin_lights.comp, bin_lights_blocks.comp TARGET). */
enum { LC_BIN_TILES, LC_BIN_TILES_DEPTH, LC_BIN_CLUSTERS, LC_BIN_COUNT };
/* Light binning's kernel: LIGHTS (default), light-parallel (bin_lights.comp: per light, its
 * footprint's cells, atomics after a clear; work follows the footprints); BLOCKS, block-parallel
 * (bin_lights_blocks.comp: per block of cells and 32 buckets, every light of each bucket; no
 * clear, no atomics). Both run the same per-cell tests: without depth bounds (zbin and tiles
 * with lights-nodepth, clusters) the same bits; with them LIGHTS tests each tile's depth range
 * where BLOCKS tests the block's, so its bits are a subset. */
#define LC_BIN_KERNELS(X) X(LC_BIN_KERNEL_LIGHTS, "lights") X(LC_BIN_KERNEL_BLOCKS, "blocks")
enum { LC_BIN_KERNELS(LC_ENUM_ID) LC_BIN_KERNEL_COUNT };
extern const char *const lc_bin_kernel_names[LC_BIN_KERNEL_COUNT];
/* Where the scalarized light loops merge the subgroup's lanes (--scalarize-merge): TILES
 * (default), only subgroups that span screen tiles (or cluster tiles): elsewhere the lanes'
 * loads are already uniform and each walks its own lights; ALWAYS, every subgroup (the
 * classic scalarization: the lanes' Z-bin window, OR-ed masks, merged lists). The same image
 * either way. */
#define LC_SCALARIZE_MERGES(X) X(LC_SCALARIZE_MERGE_TILES, "tiles") X(LC_SCALARIZE_MERGE_ALWAYS, "always")
enum { LC_SCALARIZE_MERGES(LC_ENUM_ID) LC_SCALARIZE_MERGE_COUNT };
extern const char *const lc_scalarize_merge_names[LC_SCALARIZE_MERGE_COUNT];
/* The shade pipelines' light-loop variants: unscalarized, scalarized merging across tiles,
 * scalarized merging always (lc_loop_variant). */
enum { LC_LOOP_PLAIN, LC_LOOP_MERGE_TILES, LC_LOOP_MERGE_ALWAYS, LC_LOOP_COUNT };

/* Which rasterizer writes visibility shading's depth and ids (--raster): AUTO takes
 * lc_raster_auto's choice (compute on discrete GPUs where it can run: see there); HARDWARE,
 * the graphics pipeline (depth pre-pass and EQUAL id pass, or one pass); COMPUTE, the compute
 * raster (passes/raster.c: 64-bit atomic max of depth and id per pixel, then the id image and
 * the depth image resolved from it in compute). Forward shading always rasterizes in hardware. */
#define LC_RASTERIZERS(X) X(LC_RASTERIZER_AUTO, "auto") X(LC_RASTERIZER_HARDWARE, "hardware") X(LC_RASTERIZER_COMPUTE, "compute")
enum { LC_RASTERIZERS(LC_ENUM_ID) LC_RASTERIZER_COUNT };
extern const char *const lc_rasterizer_names[LC_RASTERIZER_COUNT];

/* Raster pipelines per geometry path, and the mesh path's indirect dispatch after them
 * (lc_raster_path). */
#define LC_RASTER_PATH_MESH_INDIRECT LC_GEOMETRY_COUNT
#define LC_RASTER_PATHS (LC_GEOMETRY_COUNT + 1)

typedef struct lc_frame_settings {
    uint32_t mode;           /* LC_MODE_* */
    uint32_t shading;        /* LC_SHADING_*; visibility needs lc_context.visibility_missing == NULL */
    bool scalarize;
    bool list_sort_off;      /* --list-sort off: lists keep their append order (the demonstration, docs/DECALS.md) */
    uint32_t scalarize_merge; /* LC_SCALARIZE_MERGE_*, with scalarize */
    uint32_t view;           /* LC_VIEW_* */
    uint32_t binning;        /* LC_BINNING_*: tiles, zbin and clusters */
    uint32_t heatmap_kind;   /* LC_HEATMAP_*: what the heatmap and tightness views count */
    uint32_t analysis;       /* LC_ANALYSIS_*; views other than shaded need at least COUNT */
    uint32_t heat_scale;     /* lights mapped to the top of the heatmap ramp; 0: 64 */
    lc_camera camera;
    bool capture_output;     /* read back the final image (lc_renderer.output_pixels) */
    bool hud;                /* draw the HUD vertices set with lc_renderer_set_hud */
    bool object_cull_off;    /* draw every object (default: only those the CPU cull keeps) */
    uint32_t geometry;       /* LC_GEOMETRY_*: direct (CPU-recorded draws) or mdi (GPU culling) */
    bool occlusion;          /* mdi: two-phase HiZ occlusion culling */
    uint32_t tonemap;        /* LC_TONEMAP_*: the pass that tonemaps (default auto) */
    uint32_t zbin_kernel;    /* LC_ZBIN_KERNEL_*: which kernel fills the Z-bins (default auto) */
    uint32_t bin_kernel;     /* LC_BIN_KERNEL_*: which kernel bins the lights (--binning lights; default lights) */
    bool cull_2_5d;          /* --cull-2.5d: 2.5D culling where tile depth bounds exist (lc_frame_cull_2_5d); default off */
    float exposure_ev100;    /* the camera's exposure (lights/exposure.h); 0 unless set */
    uint32_t shadowed_lights; /* --shadowed-lights: this many of the most important lights cast shadows too (lights/shadows.h) */
    uint32_t shadow_updates;  /* --shadow-updates: most shadow views rendered a frame; 0: LC_SHADOW_UPDATES_DEFAULT */
    uint32_t shadow_filter;   /* --shadow-filter: LC_SHADOW_FILTER_BILINEAR or _TENT; 0: LC_SHADOW_FILTER_TENT */
    uint32_t shadow_cull;     /* --shadow-cull: LC_SHADOW_CULL_GPU (default) or LC_SHADOW_CULL_CPU */
    uint32_t shadow_occlusion; /* --shadow-occlusion: LC_SHADOW_OCCLUSION_ON (default: two-phase HiZ culling of the GPU-culled views) or _OFF */
    uint32_t shadow_dynamic;   /* --shadow-dynamic: LC_SHADOW_DYNAMIC_REDRAW (default) or _OVERLAY (lights/shadows.h); fixed once the atlas is made */
    lc_cascade_settings cascades; /* the sun's cascaded shadow maps (--cascades and the rest; lights/cascades.h): none without a sun */
    bool visibility_prepass; /* visibility shading: a depth pre-pass then the ids with depth EQUAL;
                                default (false): one raster pass writes depth and ids together */
    uint32_t mesh_dispatch;  /* LC_MESH_DISPATCH_*: the mesh path's task shader (default) or indirect mesh tasks */
    uint32_t raster;         /* LC_RASTERIZER_*: asked for; after the frame's fallbacks HARDWARE or COMPUTE */
} lc_frame_settings;

/* What the geometry path drew in a frame (--stats geometry, the HUD). */
typedef struct lc_geometry_counts {
    uint32_t path;           /* LC_GEOMETRY_* */
    bool occlusion;
    uint64_t meshlets_total, meshlets_drawn, triangles_total, triangles_drawn;
    uint64_t culled_frustum, culled_backface, culled_occlusion;
    uint64_t culled_sublets; /* mesh path: sublets of drawn meshlets its task shader culled (frustum, cone, HiZ) */
    uint32_t mesh_dispatch;  /* mesh path: LC_MESH_DISPATCH_* that ran */
    uint32_t raster;         /* LC_RASTERIZER_HARDWARE or _COMPUTE: what wrote the ids */
    uint64_t raster_triangles, raster_pixels, raster_clipped, raster_big; /* compute raster: lc_gpu_geometry_stats.raster */
} lc_geometry_counts;

typedef struct lc_frame_timings {
    bool valid;
    double ms[LC_TIMER_COUNT];
    double frame_ms;         /* first to last timestamp */
    uint32_t pass_count;     /* every marker (one per pass, every dispatch has one), in order */
    char pass_names[LC_BACKEND_MARKERS][48];
    double pass_ms[LC_BACKEND_MARKERS];
} lc_frame_timings;

typedef struct lc_renderer lc_renderer;

/* A renderer's storage for lc_renderer_create, zeroed; the caller frees it after
 * lc_renderer_destroy. */
lc_renderer *lc_renderer_alloc(void);
lc_status lc_renderer_create(lc_context *ctx, lc_target *target, const lc_scene *scene, const lc_renderer_desc *desc,
                             lc_renderer *r);
void lc_renderer_destroy(lc_renderer *r);

/* What the renderer reports (lc_renderer_query): its sizes and the settings it settled, the
 * last recorded frame's host figures, the last completed frame's GPU figures, and what it made
 * of the scene. Pointers stay valid until the next frame or lc_renderer_finish. */
typedef struct lc_renderer_info {
    uint32_t frames;               /* frames rendered (skipped ones do not count) */
    uint32_t width, height;        /* the frame's size */
    lc_frame_settings settings;    /* as lc_renderer_apply settled them */
    uint32_t raster_requested;     /* LC_RASTERIZER_* the settings asked for (settings.raster: what ran) */
    uint32_t tonemap_path;         /* LC_TONEMAP_* of the last frame (0 before one) */
    uint32_t tile_size;            /* the last frame's screen tile (lists keep their own) */
    uint32_t heat_scale;           /* lights at the top of the heatmap ramp */
    uint32_t list_max, zbin_count, cluster_tile, cluster_slices, cluster_x, cluster_y;
    uint32_t vis_prim_bits;        /* visibility ids: primitive bits in one word; 0: two words */
    /* The last frame's entity array (decals, probes, lights) and objects. */
    uint32_t light_count, decal_count, probe_count, lights_visible;
    uint32_t draw_count, blend_count; /* opaque objects drawn, blended ones */
    uint32_t culled_sphere, culled_oobb;
    const lc_object_masks_stats *object_masks; /* --mode objects */
    const lc_frame_ubo *ubo;       /* its frame constants */
    const lc_gpu_light *packed;    /* its packed entities (host copy) */
    const lc_gpu_decal *decals_packed;
    const uint32_t *shadow_of;     /* its per-light shadow records (LC_BIND_SHADOW_LIGHTS) */
    const double *cpu_ms;          /* [LC_CPU_COUNT] */
    uint32_t threads, backend_threads; /* recording threads of the last frame, most the backend has */
    uint32_t commands, secondaries, pool_blocks;
    /* The last completed frame. */
    const lc_frame_timings *timings;
    uint64_t timings_serial;       /* bumped each time a frame's timings arrive */
    const lc_geometry_counts *geometry;
    const lc_shadow_stats *shadows;
    uint32_t shadow_frames, shadow_rendered_max; /* completed frames with shadow stats; most views one rendered */
    uint64_t shadow_rendered_sum;
    const uint32_t *cascade_renders; /* [cascades]: of those frames, the ones that rendered each cascade */
    const uint8_t *output_pixels;  /* RGBA8, with capture_output */
    uint32_t output_width, output_height;
    /* The scene as the renderer holds it. */
    uint32_t materials_by_alpha[3];
    bool gpu_skinning, cull_unavailable;
    double decode_ms;              /* the meshlet codec's decode at load */
    const char *visibility_refusal; /* why visibility shading cannot draw this scene, or "" */
    float radiance_scale;          /* the environment's */
} lc_renderer_info;
lc_renderer_info lc_renderer_query(const lc_renderer *r);

/* Between frames: takes the settings for the frames to come as the device and the scene allow
 * them (fallbacks warned once; what cannot run is LC_ERR_USAGE with a one-line error) and makes
 * what they need: sized resources (target size, analysis, visibility and raster buffers), room
 * for count lights, the full shadow atlas once lights cast shadows, the shade pipelines. May
 * wait for the GPU. */
lc_status lc_renderer_apply(lc_renderer *r, const lc_frame_settings *settings, const lc_light *lights, uint32_t count);
/* Builds the light list, records and submits one frame under the applied settings (at most the
 * count of lights lc_renderer_apply was given). LC_OK also when the window was minimised or
 * out of date and the frame was skipped. */
lc_status lc_renderer_render(lc_renderer *r, const lc_light *lights, uint32_t count);
/* Waits for all frames; timings and output_pixels are then up to date. */
void lc_renderer_finish(lc_renderer *r);
/* Grows the light capacity (culling buffers); waits for the GPU. */
lc_status lc_renderer_set_light_capacity(lc_renderer *r, uint32_t capacity);
/* Follows the target's size; waits for the GPU. */
lc_status lc_renderer_resize(lc_renderer *r);
void lc_renderer_set_hud(lc_renderer *r, const float *vertices, uint32_t vertex_count);

/* Whether this frame runs the transparent light cull and pass: the scene has BLEND objects
 * (even where none is in view this frame, so both culls' work lists stay in step). */
bool lc_frame_transparent(const lc_renderer *r);

/* The light cull's choices and sizes (frame_light_cull.c). Whether this frame's Z-bins come from the per-bin kernel (lc_frame_settings.zbin_kernel and
 * the visible light count). */
bool lc_zbin_per_bin(const lc_renderer *r);
/* The shade pipelines' LC_LOOP_* for these settings: unscalarized where scalarize is off or
 * the forward pass has no fragment subgroup arithmetic on this device. */
uint32_t lc_loop_variant(const lc_renderer *r, const lc_frame_settings *s);
/* A geometry path the frame cannot honour runs the direct path, and says so. NULL where the
 * request runs as asked; else the HUD's few words ("needs mesh shaders", after the requested
 * name) and, in *why, the warning's clause (what runs and why). */
const char *lc_geometry_fallback(const lc_renderer *r, const lc_frame_settings *s, const char **why);
/* Why --mesh-dispatch indirect cannot run (the device or the scene's list), or NULL. */
const char *lc_mesh_indirect_missing(const lc_renderer *r);
/* The Vulkan features a device with mesh shaders lacks for --mesh-dispatch indirect. */
const char *lc_mesh_indirect_lacks(const lc_context *ctx);
/* The raster pipelines' path: the geometry path, or LC_RASTER_PATH_MESH_INDIRECT for the mesh
 * path under --mesh-dispatch indirect (its mesh shader reads the list; no task shader). */
static inline uint32_t lc_raster_path(const lc_frame_settings *s)
{
    return s->geometry == LC_GEOMETRY_MESH && s->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT ? LC_RASTER_PATH_MESH_INDIRECT : s->geometry;
}
/* Whether a mode's bits come from the --binning choice (tiles, clusters, zbin; brute force and
 * lists do not bin). */
bool lc_mode_bins(uint32_t mode);
/* Whether this frame's bits come from the light-parallel kernel (light binning, its work list). */
bool lc_bins_lights(const lc_renderer *r);
/* Whether this frame's opaque light cull applies 2.5D culling: --cull-2.5d on, and a mode whose
 * tiles have depth bounds to slice (tiles and zbin with --binning tiles or lights; lists). Not
 * in clusters (their slices are the depth test), brute force, or --binning lights-nodepth
 * (no tile depth pass); never in the transparent cull. */
bool lc_frame_cull_2_5d(const lc_renderer *r);
/* Workgroups of the light-parallel bin kernel for this many visible lights (they take the
 * work list's items in turn; passes/light_cull.c). */
uint32_t lc_bin_groups(uint32_t lights);
/* Items the work list holds for this light capacity. */
uint64_t lc_bin_items(uint32_t light_capacity);
/* Bytes of the culling buffers this frame's mode uses (cull_bytes[mode]), with light
 * binning's footprints and, for the light-parallel kernel, its work list: --stats
 * memory.cull_bytes and the benchmark's cull_bytes. */
uint64_t lc_light_cull_bytes(const lc_renderer *r);
/* Synchronous read-back of a tracked resource after lc_renderer_finish (tests, --pairs,
 * the tile inspector, the probes' capture). Depth comes back as floats, the HDR colour as
 * RGBA half floats. Caller frees. */
void *lc_renderer_read(lc_renderer *r, lc_res res, size_t *size_out);
/* Combined image samplers in the frame set (every stage sees them): the visibility shade's
 * textures share the per-stage limit with them. */
uint32_t lc_frame_set_samplers(void);
/* Where the views are culled, for --stats and the HUD: "gpu", "cpu", or "none" before a frame
 * has had a shadowed light. */
const char *lc_shadow_cull_name(const lc_renderer *r);
/* --shadow-dynamic as it runs: "redraw", "overlay" (the static atlas is made), "none" before shadows. */
const char *lc_shadow_dynamic_name(const lc_renderer *r);
/* The shadow filter's name for these settings (--stats, the HUD). */
const char *lc_shadow_filter_name(uint32_t shadow_filter); /* LC_SHADOW_FILTER_* (0: the default) */

#endif
