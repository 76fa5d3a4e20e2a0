/* The pass interface: what a pass is (name, timer, the resources it reads and writes, its
 * data and its record function) and what it reads of the frame being recorded (lc_frame: the
 * device's pipelines and scene, the sized targets and buffers, the frame slot, the settings),
 * read-only while the jobs record. frame.c builds the list; src/passes/ record. */
#ifndef LC_PASS_H
#define LC_PASS_H

#include "renderer.h"

typedef struct lc_pass lc_pass;

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

/* The shadow views' cull on the GPU (src/passes/shadow_cull.c, shaders/geometry/view_cull.comp;
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

/* Every pipeline of the frame but the shade variants, VkPipeline members alone: the renderer
 * makes the fixed ones from one table (frame_setup.c) and destroys them all in one loop over
 * the struct; the rest are made on first use. */
typedef struct lc_frame_pipelines {
    VkPipeline depth_pipeline, tonemap_pipeline, hud_pipeline;
    VkPipeline tonemap_compute; /* tonemap.comp, where the device has format-less storage writes */
    VkPipeline tile_depth_pipeline, light_cull_coarse, light_cull_tiles, light_cull_lists, light_cull_clusters, zbin, zbin_bins;
    VkPipeline light_setup, bin_lights[LC_BIN_COUNT], bin_blocks[LC_BIN_COUNT];
    /* The visibility pass per geometry path (LC_GEOMETRY_*: object draws, meshlet draws, task
     * and mesh shaders), made on first use. */
    VkPipeline visibility_pipeline[LC_RASTER_PATHS];
    /* The one-pass visibility raster per geometry path: opaque materials, alpha MASK ones. */
    VkPipeline visibility_single_pipeline[LC_RASTER_PATHS][2];
    /* The cull of every view (view_cull.comp: the camera's, the shadow views') per
     * LC_GEOMETRY_CULL_PHASE_*; the HiZ of every view (hiz.glsl) per LC_HIZ_*. */
    VkPipeline view_cull[3], hiz[LC_HIZ_VIEW_KINDS];
    /* --raster compute: raster.comp per LC_GEOMETRY_CULL_PHASE_* (vis_scene.layout), the
     * resolve into the id image and the depth words (raster_resolve.comp), and the passes that
     * read those words in place of the depth image: the tile depth bounds and lists mode's
     * cull (tile_depth_raster.comp, cull_lists_raster.comp; the HiZ is hiz[LC_HIZ_CAMERA_RASTER]),
     * made on first use. */
    VkPipeline raster_pipeline[3], raster_big_pipeline[3], raster_resolve_pipeline;
    VkPipeline tile_depth_raster, light_cull_lists_raster;
    /* The depth passes' pipelines for alpha MASK materials (depth_mask.frag); the mesh path's
     * depth pre-pass (devices with mesh shaders only: geometry.task + geometry.mesh). */
    VkPipeline depth_mask_pipeline, mesh_depth_mask_pipeline[LC_MESH_DISPATCH_COUNT];
    VkPipeline mesh_depth_pipeline[LC_MESH_DISPATCH_COUNT];
    /* --mesh-dispatch indirect's compute cull, list scan and list writer, per
     * LC_GEOMETRY_CULL_PHASE_* (devices with mesh shaders and indirect-count draws). */
    VkPipeline mesh_cull[3], mesh_scan[3], mesh_list[3];
    /* Shadow views: depth (shadow_depth.vert), alpha MASK casters (+ depth_mask.frag); their
     * GPU cull is view_cull, their HiZ hiz[LC_HIZ_SHADOW_VIEWS]. */
    VkPipeline shadow_pipeline, shadow_mask_pipeline;
} lc_frame_pipelines;

/* The shade variants [mode][LC_LOOP_*][LC_ANALYSIS_*], made on first use, VkPipeline members
 * alone (destroyed in one loop): forward (shade.frag), the mesh path's forward per dispatch,
 * visibility [..][fused tonemap], and the transparent pass's (blending over the HDR image,
 * depth LESS_OR_EQUAL without writes). */
typedef struct lc_shade_pipelines {
    VkPipeline shade[LC_MODE_COUNT][LC_LOOP_COUNT][3];
    VkPipeline shade_mesh[LC_MESH_DISPATCH_COUNT][LC_MODE_COUNT][LC_LOOP_COUNT][3];
    VkPipeline shade_visibility[LC_MODE_COUNT][LC_LOOP_COUNT][3][2];
    VkPipeline shade_transparent[LC_MODE_COUNT][LC_LOOP_COUNT][3];
} lc_shade_pipelines;

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

    lc_frame_pipelines pipes;  /* made with the renderer, or on first use */
    lc_shade_pipelines shades; /* the shade variants, on first use; again when the shadow lookup comes on */
    uint32_t blend_objects;            /* objects whose material is LC_ALPHA_BLEND */
    uint32_t materials_by_alpha[3];    /* the scene's materials per LC_ALPHA_* */
    /* Shadows: the atlas (one tile until a frame has a shadowed light, then LC_SHADOW_BLOCKS
     * blocks) and what its tiles hold; the views' GPU cull. */
    lc_image shadow_atlas;
    /* --shadow-dynamic overlay: the lights' tiles as their static casters left them (the atlas
     * less the cascades' band), copied back before the movable casters are drawn over them. */
    lc_image shadow_static;
    lc_shadows shadows;
    lc_shadow_cull shadow_cull;
    /* LC_BIND_SHADOW_CULL where the views are not culled on the GPU: the cull of every view
     * declares that binding (a pipeline's descriptors all count as used by the validation
     * layer's synchronization), so it is a buffer of its own, aliasing no other binding's. */
    lc_buffer shadow_cull_placeholder;

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

/* What the passes read of the frame being recorded: filled by frame.c (lc_frame_of) once the
 * host's share of the frame is done, before the jobs record the passes in parallel, and read
 * only; a pass writes nothing but its render context. */
typedef struct lc_frame {
    const lc_context *ctx;
    const lc_scene *scene;
    const lc_renderer_desc *desc;
    const lc_renderer_device *dev;     /* pipelines, layouts, the scene on the GPU, the shadow atlas */
    const lc_renderer_sized *sized;    /* targets, culling buffers and grids */
    const lc_frame_settings *settings; /* as settled for this frame */
    const lc_frame_slot *slot;         /* the slot recorded into: its sets and buffers */
    uint32_t slot_index;               /* its index (per-slot buffers elsewhere: geometry stats, staging) */
    const lc_frame_ubo *ubo;           /* the frame constants */
    const lc_image *output;            /* the target's image */
    uint32_t light_count;              /* packed entities (decals, probes, lights) */
    uint32_t tonemap_path;             /* LC_TONEMAP_COMPUTE, _FRAGMENT or _FUSED */
    const uint32_t *draw_list, *blend_list; /* the opaque objects to draw, the blended ones */
    uint32_t draw_count, blend_count;
    uint32_t hud_vertex_count;
    uint32_t bin_frames;               /* frames binned by the light-parallel kernel (its work-list count) */
    bool bin_work_fresh;               /* the work list was just created: zero its counts first */
    bool bins_lights, zbin_per_bin;    /* lc_bins_lights, lc_zbin_per_bin */
    uint32_t loop, transparent_loop;   /* LC_LOOP_* of the opaque shade and of the transparent pass */
    bool shadow_cull_gpu;              /* lc_frame_shadow_cull_gpu */
    /* The camera's depth is the compute raster's words in the raster buffer (LC_RES_RASTER,
     * raster.c): the HiZ and the light cull's tile depth read them, not the depth image, which
     * is copied only where a pass after reads it (lc_passes_raster_depth_settle). */
    bool depth_words;
    const lc_shadow_draws *shadow_draws; /* per shadow view rendered: its meshlet runs (--shadow-cull cpu) */
} lc_frame;

/* What a pass carries to its record function, set by its constructor. */
typedef struct lc_pass_data {
    uint32_t phase;   /* LC_GEOMETRY_CULL_PHASE_* of a cull, depth, raster or shadow view pass */
    uint32_t step;    /* mesh cull: 0 the cull, 1 the list scan, 2 the list */
    uint32_t view;    /* shadow view: its index in dev.shadows.render */
    bool transparent; /* light cull: the transparent cull's (its own buffers and set) */
} lc_pass_data;

struct lc_pass {
    const char *name; /* debug label and timestamp name, as in the source */
    lc_timer timer;
    lc_use uses[12]; /* the forward pass of the mesh path with zbin needs 9, and the shadow atlas */
    uint32_t use_count;
    uint32_t scene_draws; /* LC_SCENE_DRAWS_*: which of the object draws' commands land in this pass */
    lc_pass_data data;
    /* Records the pass's commands into rc under sort keys of pass (its index in the list);
     * frame.c adds the marker and the derived barriers around them. */
    void (*record)(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass);
};

#endif
