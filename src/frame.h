/* The renderer: per-frame resources and the ordered list of passes. Each pass is data (name,
 * timer, the resources it reads and writes) plus a record function; barriers are derived
 * from the declared uses. The same frame code records into a window or headless target. */
#ifndef LC_FRAME_H
#define LC_FRAME_H

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
    LC_RES_SHADOW_CULL,    /* the shadow views' GPU cull: counts and commands (lc_shadow_cull) */
    LC_RES_SHADOW_STATS,   /* its counters' copy for the host (per frame slot) */
    LC_RES_RASTER,         /* the compute raster's 64-bit visibility buffer and its big-triangle list (LC_BIND_RASTER, _WORK) */
    LC_RES_COUNT
} lc_res;

/* GPU timers: each pass adds to one. */
typedef enum lc_timer { LC_TIMER_DEPTH, LC_TIMER_CULL, LC_TIMER_SHADE, LC_TIMER_TONEMAP, LC_TIMER_HUD, LC_TIMER_READBACK, LC_TIMER_SHADOWS, LC_TIMER_COUNT } lc_timer;
extern const char *const lc_timer_names[LC_TIMER_COUNT];
/* CPU steps of a frame after the light build: filling the render contexts, merging and
 * sorting their commands, translating them into Vulkan and submitting. */
/* Host (CPU) times of a frame, in --stats cpu_ms and on the HUD. */
typedef enum lc_cpu_timer {
    LC_CPU_LIGHT_BUILD, /* light cull, sort, pack on the jobs (lc_lights_build) */
    LC_CPU_OBJECT_CULL, /* object sphere + OOBB culling on the jobs (lc_object_cull_run) */
    LC_CPU_RECORD,      /* passes and object draws into render contexts */
    LC_CPU_SORT,        /* merge + radix sort of the commands */
    LC_CPU_SUBMIT,      /* backend translation into secondaries + vkQueueSubmit */
    LC_CPU_COUNT
} lc_cpu_timer;
extern const char *const lc_cpu_timer_names[LC_CPU_COUNT];
extern const char *const lc_mode_names[LC_MODE_COUNT];
extern const char *const lc_view_names[LC_VIEW_COUNT];
/* How pixels are shaded: forward (the raster pass runs the light loop; the reference) or
 * visibility (the raster pass stores triangle ids, a compute pass rebuilds the surface and
 * runs the same light loop). */
enum { LC_SHADING_FORWARD, LC_SHADING_VISIBILITY, LC_SHADING_COUNT };
extern const char *const lc_shading_names[LC_SHADING_COUNT];
/* Which pass tonemaps (--tonemap): AUTO takes FUSED for visibility shading in the shaded
 * view, else compute, where the target's images can be storage images
 * (lc_target.storage_output), else fragment; COMPUTE and FUSED demand storage images.
 * COMPUTE and FRAGMENT give the same image (tonemap.glsl; the compute pass encodes sRGB as
 * the hardware does). FUSED: the visibility shade tonemaps its full-precision colour and
 * writes the output itself, no tonemap pass (within 1/255 of the others, which read the
 * colour back from a 16-bit float image); frames it cannot serve (forward shading, the
 * analysis views) take compute. */
enum { LC_TONEMAP_AUTO, LC_TONEMAP_COMPUTE, LC_TONEMAP_FRAGMENT, LC_TONEMAP_FUSED, LC_TONEMAP_COUNT };
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
enum { LC_VIS_IDS_AUTO, LC_VIS_IDS_32, LC_VIS_IDS_64, LC_VIS_IDS_COUNT };
extern const char *const lc_vis_ids_names[LC_VIS_IDS_COUNT];

/* The Z-bins come from one of two kernels with the same output: per light (zbin.comp: each
 * light's lanes write its bins with atomics, after a clear) or per bin (zbin_bins.comp: each
 * bin scans the lights). AUTO takes per bin up to LC_ZBIN_BINS_MAX_LIGHTS visible lights,
 * where the per-light kernel is latency-bound. */
enum { LC_ZBIN_KERNEL_AUTO, LC_ZBIN_KERNEL_BINS, LC_ZBIN_KERNEL_LIGHTS };
#define LC_ZBIN_BINS_MAX_LIGHTS 4096u
extern const char *const lc_zbin_kernel_names[3];

/* How tiles, zbin and clusters build their bits (--binning): TILES, each tile testing the
 * lights (tile-parallel); LIGHTS, each light's screen footprint rasterised into the cells
 * (light-parallel: light setup, then bin lights), a footprint hit then tested against the
 * tile's depth-bounded box as the tile-parallel cull tests it; LIGHTS_NODEPTH, the footprint
 * alone, no tile depth pass (zbin: its Z-bins alone carry the depth, as in Granite; on
 * Sponza that evaluates about twice the pairs). Clusters bin the footprint into the slices
 * within each light's view depth range; they never read the depth buffer. */
enum { LC_BINNING_TILES, LC_BINNING_LIGHTS, LC_BINNING_LIGHTS_NODEPTH, LC_BINNING_COUNT };
extern const char *const lc_binning_names[LC_BINNING_COUNT];
/* The variants of the light binning shaders (bin_lights.comp, bin_lights_blocks.comp TARGET). */
enum { LC_BIN_TILES, LC_BIN_TILES_DEPTH, LC_BIN_CLUSTERS, LC_BIN_COUNT };
/* Light binning's kernel: LIGHTS (default), light-parallel (bin_lights.comp: per light, its
 * footprint's cells, atomics after a clear; work follows the footprints); BLOCKS, block-parallel
 * (bin_lights_blocks.comp: per block of cells and 32 buckets, every light of each bucket; no
 * clear, no atomics). Both run the same per-cell tests: without depth bounds (zbin and tiles
 * with lights-nodepth, clusters) the same bits; with them LIGHTS tests each tile's depth range
 * where BLOCKS tests the block's, so its bits are a subset. */
enum { LC_BIN_KERNEL_LIGHTS, LC_BIN_KERNEL_BLOCKS, LC_BIN_KERNEL_COUNT };
extern const char *const lc_bin_kernel_names[LC_BIN_KERNEL_COUNT];
/* Where the scalarized light loops merge the subgroup's lanes (--scalarize-merge): TILES
 * (default), only subgroups that span screen tiles (or cluster tiles): elsewhere the lanes'
 * loads are already uniform and each walks its own lights; ALWAYS, every subgroup (the
 * classic scalarization: the lanes' Z-bin window, OR-ed masks, merged lists). The same image
 * either way. */
enum { LC_SCALARIZE_MERGE_TILES, LC_SCALARIZE_MERGE_ALWAYS, LC_SCALARIZE_MERGE_COUNT };
extern const char *const lc_scalarize_merge_names[LC_SCALARIZE_MERGE_COUNT];
/* The shade pipelines' light-loop variants: unscalarized, scalarized merging across tiles,
 * scalarized merging always (lc_loop_variant). */
enum { LC_LOOP_PLAIN, LC_LOOP_MERGE_TILES, LC_LOOP_MERGE_ALWAYS, LC_LOOP_COUNT };

/* Which rasterizer writes visibility shading's depth and ids (--raster): AUTO takes
 * lc_raster_auto's choice (compute on discrete GPUs where it can run: see there); HARDWARE,
 * the graphics pipeline (depth pre-pass and EQUAL id pass, or one pass); COMPUTE, the compute
 * raster (passes/raster.c: 64-bit atomic max of depth and id per pixel, then the id image and
 * the depth image resolved from it in compute). Forward shading always rasterizes in hardware. */
enum { LC_RASTERIZER_AUTO, LC_RASTERIZER_HARDWARE, LC_RASTERIZER_COMPUTE, LC_RASTERIZER_COUNT };
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

typedef struct lc_pass lc_pass;
typedef struct lc_renderer lc_renderer;

typedef struct lc_res_state {
    VkPipelineStageFlags2 write_stage, read_stages, visible_stages;
    VkAccessFlags2 write_access;
    VkImageLayout layout;
} lc_res_state;

typedef struct lc_frame_slot {
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkQueryPool queries;
    uint32_t query_count;
    lc_buffer ubo, lights, hud;
    lc_buffer decals; /* LC_BIND_DECALS: the frame's lc_gpu_decal, entity order */
    lc_buffer object_masks; /* LC_BIND_OBJECT_MASKS: --mode objects' uvec4 per scene object */
    VkDescriptorSet set;
    /* Scenes with BLEND materials: the transparent light cull's and pass's frame constants
     * (pass_info LC_CULL_TRANSPARENT) and set (its own culling buffers, lc_transparent_cull). */
    lc_buffer ubo_transparent;
    VkDescriptorSet set_transparent;
    bool submitted;
    lc_backend_marker markers[LC_BACKEND_MARKERS]; /* this slot's frame; names in marker_names */
    char marker_names[LC_BACKEND_MARKERS][48];
    uint32_t marker_count;
    bool readback_pending;
    lc_buffer readback;
    lc_geometry_counts geometry; /* this slot's frame; GPU counts are added when it completes */
    lc_buffer shadow_lights, shadows; /* LC_BIND_SHADOW_LIGHTS (per light), LC_BIND_SHADOWS (records) */
    lc_buffer shadow_stats;      /* the shadow cull's LC_SHADOW_CULL_STATS of this slot's frame (host-visible) */
    uint32_t shadow_views_culled; /* views this slot's frame culled on the GPU (0: its stats say nothing) */
    lc_shadow_stats shadow_frame; /* this slot's frame's (lc_frame_shadows); the GPU's triangles added when it completes */
} lc_frame_slot;

/* The shadow views' cull on the GPU (src/passes/shadow_cull.c, shaders/geometry/shadow_cull.comp;
 * the buffer's layout: lc_geometry.h LC_SHADOW_CULL_*). Made with the full shadow atlas, for
 * --shadow-updates views; lists: the opaque casters' (0), then one per alpha MASK bucket. With
 * --shadow-occlusion on (and room in a storage buffer) it holds the views' visibility bits and
 * HiZ pyramids too. */
typedef struct lc_shadow_cull {
    lc_buffer buffer;       /* LC_BIND_SHADOW_CULL; VK_NULL_HANDLE: the views are culled on the CPU */
    uint32_t lists;         /* counters per view */
    uint32_t views;         /* view slots (--shadow-updates) */
    uint32_t map_first, commands_first, region; /* uints; commands per view */
    uint32_t bits_first, bits_words, hiz_first; /* uints; words per view identity; 0: no occlusion */
    uint32_t *list_bucket;  /* [lists]: the masked list's bucket (list 0: UINT32_MAX) */
    uint32_t *list_first, *list_tasks; /* [lists]: first command in a view's region, most commands */
} lc_shadow_cull;

/* Moving objects (src/frame_motion.c): host copies of the GPU's per-object records, and per
 * frame slot a staging buffer of both arrays; first, count: this frame's range to copy. */
typedef struct lc_frame_motion {
    lc_gpu_object *objects;
    lc_gpu_cull_object *cull;
    lc_buffer staging[LC_FRAMES_IN_FLIGHT];
    uint32_t first, count;
    /* Skinned meshes: their part of the staging (after the objects' skin_bytes), the pose the
     * GPU has (lc_scene_anim.pose_serial), whether this frame uploads a new one. */
    bool skinned, skins_pending;
    size_t skin_bytes;
    uint32_t pose_serial;
    lc_skinning gpu; /* GPU skinning (geometry/skinning.h); range_count 0: the CPU poses and uploads */
} lc_frame_motion;

/* Made once with the renderer, for its device and scene (lc_renderer_create): layouts and
 * samplers, the scene on the GPU, the pipelines (shade variants on first use), and the CPU
 * frame's machinery (block pool, backend, object culling set, light builder). */
typedef struct lc_renderer_device {
    VkDescriptorSetLayout frame_layout, material_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkSampler point_sampler, shadow_sampler; /* shadow: bilinear, compare LESS_OR_EQUAL */
    VkSampler material_samplers[LC_SAMPLER_KEYS]; /* per sampler key the scene's materials use (material_samplers.h) */

    /* Scene on the GPU: the runtime mesh, culling data (geometry.h). */
    lc_geometry geo;
    lc_buffer objects; /* lc_gpu_object per scene object (LC_BIND_OBJECTS) */
    lc_frame_motion motion; /* scenes with animations */
    lc_image *textures;
    lc_image white, flat_normal; /* for material slots without a texture (the forward pass's sets) */
    lc_buffer material_factors;  /* lc_gpu_material per material, material_stride apart (LC_BIND_MATERIAL) */
    VkDeviceSize material_stride;
    lc_environment environment; /* the sun and the prefiltered environment (LC_BIND_ENV_*) */
    lc_decal_textures decal_textures; /* LC_BIND_DECAL_TEXTURES */
    VkDescriptorSet *material_sets;
    lc_visibility_scene vis_scene;

    VkPipeline depth_pipeline, tonemap_pipeline, hud_pipeline;
    VkPipeline tonemap_compute; /* tonemap.comp, where the device has format-less storage writes */
    VkPipeline tile_depth_pipeline, light_cull_coarse, light_cull_tiles, light_cull_lists, light_cull_clusters, zbin, zbin_bins;
    VkPipeline light_setup, bin_lights[LC_BIN_COUNT], bin_blocks[LC_BIN_COUNT];
    /* Shade variants [mode][LC_LOOP_*][LC_ANALYSIS_*], made on first use. */
    VkPipeline shade[LC_MODE_COUNT][LC_LOOP_COUNT][3];
    /* The visibility pass per geometry path (LC_GEOMETRY_*: object draws, meshlet draws, task
     * and mesh shaders), made on first use; the shade variants [..][fused tonemap]. */
    VkPipeline visibility_pipeline[LC_RASTER_PATHS];
    /* The one-pass visibility raster per geometry path: opaque materials, alpha MASK ones. */
    VkPipeline visibility_single_pipeline[LC_RASTER_PATHS][2];
    VkPipeline shade_visibility[LC_MODE_COUNT][LC_LOOP_COUNT][3][2];
    VkPipeline geometry_cull[3], hiz_pipeline; /* geometry_cull.comp per LC_GEOMETRY_CULL_PHASE_*, hiz.comp */
    /* --raster compute: raster.comp per LC_GEOMETRY_CULL_PHASE_* (vis_scene.layout) and the
     * resolve into the id image and the depth words (raster_resolve.comp), made on first use. */
    VkPipeline raster_pipeline[3], raster_big_pipeline[3], raster_resolve_pipeline;
    /* The mesh path (devices with mesh shaders only): the depth pre-pass (geometry.task +
     * geometry.mesh), and the forward shade variants (+ shade.frag), made on first use. */
    /* The depth passes' pipelines for alpha MASK materials (depth_mask.frag). */
    VkPipeline depth_mask_pipeline, mesh_depth_mask_pipeline[LC_MESH_DISPATCH_COUNT];
    VkPipeline mesh_depth_pipeline[LC_MESH_DISPATCH_COUNT], shade_mesh[LC_MESH_DISPATCH_COUNT][LC_MODE_COUNT][LC_LOOP_COUNT][3];
    /* --mesh-dispatch indirect's compute cull, list scan and list writer, per
     * LC_GEOMETRY_CULL_PHASE_* (devices with mesh shaders and indirect-count draws). */
    VkPipeline mesh_cull[3], mesh_scan[3], mesh_list[3];
    /* The transparent pass (BLEND materials): shade.frag blending over the HDR image, depth
     * LESS_OR_EQUAL without writes, [mode][LC_LOOP_*][LC_ANALYSIS_*], made on first use. */
    VkPipeline shade_transparent[LC_MODE_COUNT][LC_LOOP_COUNT][3];
    uint32_t blend_objects;            /* objects whose material is LC_ALPHA_BLEND */
    uint32_t materials_by_alpha[3];    /* the scene's materials per LC_ALPHA_* */
    /* Shadows: the views' depth pipeline (shadow_depth.vert), the atlas (one tile until a
     * frame has a shadowed light, then LC_SHADOW_BLOCKS blocks) and what its tiles hold. */
    VkPipeline shadow_pipeline;
    VkPipeline shadow_mask_pipeline; /* alpha MASK casters: shadow_depth.vert, depth_mask.frag */
    lc_image shadow_atlas;
    lc_shadows shadows;
    VkPipeline shadow_cull_pipeline[3]; /* shadow_cull.comp per phase (LC_GEOMETRY_CULL_PHASE_*) */
    VkPipeline shadow_hiz_pipeline;     /* shadow_hiz.comp */
    lc_shadow_cull shadow_cull;

    /* The render contexts' package blocks and the backend that translates them. */
    lc_block_pool *block_pool;
    lc_render_backend backend;
    /* Object culling (src/cpu/object_cull.h): the scene's objects as a culling set. */
    lc_object_cull_set object_cull_set;
    uint32_t *all_objects; /* 0..objects-1: the draw list with object culling off */
    lc_light_builder builder;
} lc_renderer_device;

/* The transparent light cull's own buffers: the opaque cull's, sized alike, written by the
 * same passes through the slot's transparent set. */
typedef struct lc_transparent_cull {
    lc_buffer tile_bits, tile_lists, zbins, cluster_bits, counters, tile_depth, coarse_bits, tile_mask, footprints, bin_work;
} lc_transparent_cull;

/* What follows the target's size and the light capacity (rebuilt by lc_renderer_resize and
 * lc_renderer_set_light_capacity): targets, the culling structures' grids and buffers. */
typedef struct lc_renderer_sized {
    uint32_t width, height;
    uint32_t tiles_x, tiles_y, coarse_x, coarse_y, cluster_x, cluster_y, buckets;
    uint32_t list_tile, list_tiles_x, list_tiles_y; /* lists mode keeps 16-pixel tiles unless --tile-size */
    lc_image depth, hdr;
    lc_image visibility;      /* R32G32_UINT ids; 1x1 until a frame uses --shading visibility */
    bool visibility_allocated;
    uint32_t vis_prim_bits;   /* visibility ids: (draw << bits) | primitive in R32_UINT; 0: (draw, primitive) in R32G32_UINT */
    lc_image hiz; /* max-depth pyramid of phase 1 (occlusion) */
    VkImageView hiz_views[LC_HIZ_MAX_LEVELS];
    uint32_t hiz_groups_x, hiz_groups_y;
    lc_buffer tile_bits, tile_lists, zbins, cluster_bits, counters, analysis, tile_depth, coarse_bits, tile_mask;
    lc_buffer footprints; /* light binning: lc_gpu_footprint per light */
    lc_buffer bin_work;   /* light binning: the light-parallel kernel's work list */
    lc_buffer raster;     /* --raster compute: uint64 per pixel once a frame rasterizes in compute; 16 bytes before */
    lc_buffer raster_work; /* --raster compute: the big-triangle list (LC_RASTER_WORK_WORDS), 16 bytes before */
    bool raster_allocated;
    bool analysis_allocated;
    uint64_t cull_bytes[LC_MODE_COUNT];
    lc_transparent_cull transparent; /* allocated where the scene has BLEND objects */
} lc_renderer_sized;

/* What one frame holds: the frame slot it records into, its resource states, its render
 * contexts and sorted stream, its CPU results (lights, draw list), and what the last
 * completed frame reported (timings, geometry counts, the output image). */
typedef struct lc_frame_state {
    uint32_t index;           /* frames rendered: the slot is index % LC_FRAMES_IN_FLIGHT */
    lc_frame_slot slots[LC_FRAMES_IN_FLIGHT];
    lc_res_state res[LC_RES_COUNT];
    lc_image *res_image[LC_RES_COUNT];
    uint32_t tonemap_path;    /* LC_TONEMAP_COMPUTE, _FRAGMENT or _FUSED: the last recorded frame's */
    uint32_t bin_frames;      /* frames binned by the light-parallel kernel: which work-list count (lc_bin_push) */
    bool bin_work_fresh;      /* the work list was just created: light cull / prepare zeroes its counts first */
    /* Render contexts: one per pass and one per chunk of scene draws, filled by the jobs,
     * merged, sorted and translated by the backend. */
    uint32_t threads;
    lc_render_context *contexts;
    uint32_t context_capacity;
    lc_command *sorted, *sort_scratch;
    uint32_t sorted_count, sorted_capacity;
    double cpu_ms[LC_CPU_COUNT]; /* the last frame's */
    /* The camera's object culling; the draw list is the visible objects, ascending (all of
     * them with object_cull_off). */
    lc_object_cull_result object_cull;
    const uint32_t *draw_list;
    uint32_t draw_count;
    /* Scenes with BLEND objects: the draw list splits into the opaque objects (draw_list then
     * points at opaque_list) and the blended ones (blend_list, drawn by the transparent pass). */
    uint32_t *opaque_list, *blend_list;
    uint32_t blend_count;
    uint32_t transparent_cull_pass; /* the first pass of the transparent light cull; UINT32_MAX: none */
    lc_frame_ubo ubo;
    uint32_t light_count;     /* packed entities this frame: the entity array's length (decals, probes, lights) */
    uint32_t decal_count;     /* visible decals: entities [0, decal_count) */
    uint32_t probe_count;     /* visible environment probes: entities [decal_count, decal_count + probe_count), blending order */
    uint32_t lights_visible;  /* visible lights: the rest, sorted by view depth */
    lc_gpu_light *packed;     /* the last frame's packed entities (host copy, for the inspector) */
    lc_gpu_decal *decals_packed; /* the last frame's decal shading data (host copy) */
    lc_object_masks_stats object_masks; /* --mode objects: the last frame's masks (objects, overflow) */
    uint32_t hud_vertex_count;
    const float *hud_vertices;

    lc_frame_timings timings; /* of the last completed frame */
    lc_geometry_counts geometry; /* of the last completed frame */
    uint64_t timings_serial;  /* bumped each time a frame's timings arrive */
    /* Final image of the last frame with capture_output: RGBA8, width*height*4. */
    uint8_t *output_pixels;
    uint32_t output_width, output_height;
    uint32_t fallbacks_warned; /* bits of the fallbacks already announced (one line each) */
    uint32_t raster_requested; /* LC_RASTERIZER_* the last frame's settings asked for (settings.raster: what ran) */
    /* The shadow views rendered this frame (dev.shadows.render): each one's objects (the CPU
     * cull against its frustum), its debug label, and the pass of the first one. */
    lc_object_cull_result shadow_cull[LC_SHADOW_VIEW_SLOTS];
    lc_shadow_draws shadow_draws[LC_SHADOW_VIEW_SLOTS]; /* the meshlets of those objects in its frustum */
    char shadow_names[2 * LC_SHADOW_VIEW_SLOTS][48]; /* phase 1 (or all), then phase 2 */
    uint32_t shadow_first_pass, shadow_phase2_pass; /* the first view's pass of each phase (phase 2: UINT32_MAX without) */
    uint32_t shadow_phase2_views[LC_SHADOW_VIEW_SLOTS]; /* the view of each phase-2 pass (fresh views have none) */
    lc_shadow_stats shadow_stats; /* of the last completed frame; ms from the GPU timer */
    /* Shadow views rendered per completed frame after the first (which renders every view): how
     * many frames, their sum and the most in one (--stats shadows.views_rendered_mean, _max). */
    uint32_t shadow_frames, shadow_rendered_max;
    uint64_t shadow_rendered_sum;
    lc_cascade_stats cascade_last[LC_SHADOW_CASCADES_MAX]; /* each cascade's figures as of its last render */
} lc_frame_state;

/* The renderer: what its creation asked for, what is made once (dev), what follows the size
 * (sized), what the user sets per frame (settings) and what one frame holds (frame). */
struct lc_renderer {
    lc_context *ctx;
    lc_target *target;
    const lc_scene *scene;
    lc_renderer_desc desc;      /* effective sizes */
    lc_renderer_desc requested; /* as asked for: zero fields are chosen per size and light count */
    lc_renderer_device dev;
    lc_renderer_sized sized;
    lc_frame_settings settings; /* this frame's, as settle_settings left them */
    lc_frame_state frame;
};

lc_status lc_renderer_create(lc_context *ctx, lc_target *target, const lc_scene *scene, const lc_renderer_desc *desc,
                             lc_renderer *r);
void lc_renderer_destroy(lc_renderer *r);

/* Builds the light list, records and submits one frame. LC_OK also when the window was
 * minimised or out of date and the frame was skipped. */
lc_status lc_renderer_render(lc_renderer *r, const lc_frame_settings *settings, const lc_light *lights, uint32_t count);
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
 * work list's items in turn). */
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

/* For the passes. */
typedef struct lc_use {
    lc_res res;
    VkPipelineStageFlags2 stage;
    VkAccessFlags2 access;
    VkImageLayout layout; /* images only */
} lc_use;

/* The scene's object draws record one package per object and two commands
 * (lc_scene_draws_record): one for the depth pre-pass, one for the pass after it that tests
 * depth EQUAL (the forward shade, or the visibility ids). */
enum {
    LC_SCENE_DRAWS_NONE = 0,
    LC_SCENE_DRAWS_DEPTH = 1, /* the depth pre-pass: front to back (bounding spheres' far points) */
    LC_SCENE_DRAWS_EQUAL = 2, /* forward shade or visibility: by material, then object */
};

struct lc_pass {
    const char *name; /* debug label and timestamp name, as in the source */
    lc_timer timer;
    lc_use uses[12]; /* the forward pass of the mesh path with zbin needs 9, and the shadow atlas */
    uint32_t use_count;
    uint32_t scene_draws; /* LC_SCENE_DRAWS_*: which of the object draws' commands land in this pass */
    /* Records the pass's commands into rc under sort keys of pass (its index in the list);
     * frame.c adds the marker and the derived barriers around them. */
    void (*record)(lc_renderer *r, lc_render_context *rc, uint32_t pass);
};

/* frame_setup.c: layouts and samplers, the scene's GPU data, pipelines (the shade variant of
 * a mode x scalarization x analysis on first use; visibility shading: its raster and compute
 * pipelines). */
void lc_frame_create_layouts(lc_renderer *r);
/* Combined image samplers in the frame set (every stage sees them): the visibility shade's
 * textures share the per-stage limit with them. */
uint32_t lc_frame_set_samplers(void);
lc_status lc_frame_upload_scene(lc_renderer *r);
lc_status lc_frame_create_pipelines(lc_renderer *r);
lc_status lc_frame_shade_pipeline(lc_renderer *r, uint32_t mode, uint32_t loop, uint32_t analysis);
/* The transparent pass's pipeline (forward shading, blended, depth LESS_OR_EQUAL read-only),
 * and its loop variant: the forward fragment shader's, whatever the frame's shading. */
lc_status lc_frame_transparent_pipeline(lc_renderer *r, uint32_t mode, uint32_t loop, uint32_t analysis);
uint32_t lc_transparent_loop(const lc_renderer *r, const lc_frame_settings *s);

/* Shadows (frame_shadows.c): the atlas with room for `tiles` views (cleared; what its tiles
 * held is forgotten); the full atlas on the first frame with a shadowed light (waits for the
 * GPU, rewrites the frame sets); the frame's shadowed lights, records and views to render. */
lc_status lc_frame_shadow_atlas(lc_renderer *r, uint32_t tiles);
lc_status lc_frame_grow_shadow_atlas(lc_renderer *r);
/* The sun's cascades this frame asks for (the renderer has a sun and settings.cascades.count),
 * and whether the atlas must be made again for them or for the first shadowed light. */
uint32_t lc_frame_cascades_wanted(const lc_renderer *r, const lc_frame_settings *s);
bool lc_frame_shadow_atlas_stale(const lc_renderer *r, const lc_frame_settings *s, const lc_light *lights, uint32_t count);
/* The shadow views' GPU cull (passes/shadow_cull.c): its buffer for the scene's tasks and
 * settings->shadow_updates views (none where the views are culled on the CPU: --shadow-cull
 * cpu, or a scene without GPU culling buffers), and whether this frame culls on the GPU. */
lc_status lc_shadow_cull_create(lc_renderer *r);
void lc_shadow_cull_destroy(lc_renderer *r);
bool lc_frame_shadow_cull_gpu(const lc_renderer *r);
/* Whether the GPU-culled views run two-phase occlusion (--shadow-occlusion on and the buffer
 * had room for it). */
bool lc_frame_shadow_occlusion(const lc_renderer *r);
/* Where the views are culled, for --stats and the HUD: "gpu", "cpu", or "none" before a frame
 * has had a shadowed light. */
const char *lc_shadow_cull_name(const lc_renderer *r);
/* The size-dependent resources and the frame sets (src/frame_resources.c). */
uint32_t lc_frame_auto_tile_size(const lc_renderer *r, uint32_t shading);
lc_status lc_frame_create_sized(lc_renderer *r, bool analysis);
void lc_frame_destroy_sized(lc_renderer *r);
/* Waits for the GPU, then makes them again (a resize, an analysis level that needs more). */
lc_status lc_frame_rebuild_sized(lc_renderer *r, bool analysis);
lc_status lc_frame_create_light_buffers(lc_renderer *r);
/* Whether the shade variants have the shadow lookup (the atlas has grown: src/frame_shadows.c). */
bool lc_frame_shadows_on(const lc_renderer *r);
/* The shade variants' shadow filter constant (0 before the lookup is on), and its name. */
uint32_t lc_frame_shadow_filter(const lc_renderer *r);
const char *lc_shadow_filter_name(const lc_frame_settings *s);
/* Destroys every shade variant (forward, mesh, visibility, transparent); made again on use. */
void lc_frame_destroy_shade_pipelines(lc_renderer *r);
void lc_frame_shadows(lc_renderer *r, lc_frame_slot *slot, const lc_light *lights, uint32_t count);
/* Moving objects (frame_motion.c): made with the renderer where the scene has animations; each
 * frame the moved objects (lc_scene_anim.moved) into the object culling set, the host copies
 * and the slot's staging; whether this frame copies them to the GPU (the "object motion" pass,
 * first in the frame); the moved objects' bounds, before and after each move, for the shadow
 * cache. */
lc_status lc_frame_motion_create(lc_renderer *r);
void lc_frame_motion_destroy(lc_renderer *r);
void lc_frame_motion_update(lc_renderer *r, lc_frame_slot *slot);
bool lc_frame_motion_pending(const lc_renderer *r);
const float (*lc_frame_motion_bounds(const lc_renderer *r, uint32_t *count))[4];
lc_pass lc_pass_object_motion(void);

/* The frame as render contexts (frame_contexts.c), called by lc_renderer_render in order. */
/* The barriers of one pass, derived from its uses. */
typedef struct lc_barrier_list {
    VkMemoryBarrier2 memory[12];
    VkImageMemoryBarrier2 images[8];
    uint32_t memory_count, image_count;
} lc_barrier_list;
/* Adds the barrier a use needs after what the resource saw last (and advances its state). */
void lc_frame_transition(lc_renderer *r, const lc_use *u, lc_barrier_list *out);
void lc_barrier_list_record(VkCommandBuffer cmd, const lc_barrier_list *list);
/* Derives the passes' barriers, then OpenMP jobs record each pass (marker, barriers, its
 * commands), the output hand-over and the scene draws into render contexts. Returns the
 * contexts used. */
uint32_t lc_frame_record(lc_renderer *r, const lc_pass *passes, uint32_t pass_count);
/* Merges contexts [0, count) in order and radix-sorts them into r->sorted
 * (LC_DUMP_COMMANDS=FILE writes the stream). */
void lc_frame_sort(lc_renderer *r, uint32_t count);

#endif
