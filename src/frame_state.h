/* The renderer's own state (frame*.c alone): what one frame holds and what the renderer is
 * made of, and the frame's steps in frame_*.c. The frame function (frame.c) builds the pass
 * list (passes/passes.h) and hands each pass a read-only lc_frame (passes/pass.h). */
#ifndef LC_FRAME_STATE_H
#define LC_FRAME_STATE_H

#include "passes/pass.h"
#include "renderer.h"

/* What a tracked resource saw last (the barriers of the next use follow from it). */
typedef struct lc_res_state {
    VkPipelineStageFlags2 write_stage, read_stages, visible_stages;
    VkAccessFlags2 write_access;
    VkImageLayout layout;
} lc_res_state;

/* What one frame holds: the frame slot it records into, its resource states, its render
 * contexts and sorted stream, its CPU results (lights, draw list), and what the last
 * completed frame reported (timings, geometry counts, the output image). */
typedef struct lc_frame_state {
    uint32_t index;           /* frames rendered: the slot is index % LC_FRAMES_IN_FLIGHT */
    bool applied;             /* lc_renderer_apply settled r->settings for the frames to come */
    lc_frame_slot slots[LC_FRAMES_IN_FLIGHT];
    lc_res_state res[LC_RES_COUNT];
    lc_image *res_image[LC_RES_COUNT];
    uint32_t tonemap_path;    /* LC_TONEMAP_COMPUTE, _FRAGMENT or _FUSED: the last recorded frame's */
    bool depth_words;         /* the last recorded frame's depth is the compute raster's words (lc_frame.depth_words):
                               * a read of LC_RES_DEPTH copies them (the depth image may not have them) */
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
     * cull against its frustum) and its debug label. */
    lc_object_cull_result shadow_cull[LC_SHADOW_VIEW_SLOTS];
    lc_shadow_draws shadow_draws[LC_SHADOW_VIEW_SLOTS]; /* the meshlets of those objects in its frustum */
    char shadow_names[2 * LC_SHADOW_VIEW_SLOTS][48]; /* phase 1 (or all), then phase 2 */
    lc_shadow_stats shadow_stats; /* of the last completed frame; ms from the GPU timer */
    /* Shadow views rendered per completed frame after the first (which renders every view): how
     * many frames, their sum and the most in one (--stats shadows.views_rendered_mean, _max). */
    uint32_t shadow_frames, shadow_rendered_max;
    uint64_t shadow_rendered_sum;
    uint32_t cascade_renders[LC_SHADOW_CASCADES_MAX]; /* of those frames, the ones that rendered each cascade */
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
    lc_frame_settings settings; /* the frames' settings, as lc_renderer_apply settled them */
    lc_frame_state frame;
};

/* frame_setup.c: layouts and samplers, the scene's GPU data, pipelines (the shade variant of
 * a mode x scalarization x analysis on first use; visibility shading: its raster and compute
 * pipelines). */
void lc_frame_create_layouts(lc_renderer *r);
lc_status lc_frame_upload_scene(lc_renderer *r);
/* The fixed pipelines, from one table (a row each); and every pipeline destroyed, in one loop
 * over lc_frame_pipelines and one over the shade variants. */
lc_status lc_frame_create_pipelines(lc_renderer *r);
void lc_frame_destroy_pipelines(lc_renderer *r);
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
/* --shadow-dynamic overlay is on: the static atlas is made (with the full atlas). */
bool lc_frame_shadow_overlay(const lc_renderer *r);
/* The size-dependent resources and the frame sets (src/frame_resources.c). */
uint32_t lc_frame_auto_tile_size(const lc_renderer *r, uint32_t shading);
lc_status lc_frame_create_sized(lc_renderer *r, bool analysis);
void lc_frame_destroy_sized(lc_renderer *r);
/* Waits for the GPU, then makes them again (a resize, an analysis level that needs more). */
lc_status lc_frame_rebuild_sized(lc_renderer *r, bool analysis);
lc_status lc_frame_create_light_buffers(lc_renderer *r);
/* Whether the shade variants have the shadow lookup (the atlas has grown: src/frame_shadows.c). */
bool lc_frame_shadows_on(const lc_renderer *r);
/* The shade variants' shadow filter constant (0 before the lookup is on). */
uint32_t lc_frame_shadow_filter(const lc_renderer *r);
/* Destroys every shade variant (forward, mesh, visibility, transparent; frame_setup.c); made
 * again on use. */
void lc_frame_destroy_shade_pipelines(lc_renderer *r);
/* What a slot's completed frame reported (frame_readback.c): waits for its fence, then takes
 * its geometry and shadow counts, timings and output image as the last frame's. */
void lc_frame_collect(lc_renderer *r, lc_frame_slot *slot);
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
 * commands), the output hand-over and the scene draws into render contexts, reading the frame
 * f only. Returns the contexts used. */
uint32_t lc_frame_record(lc_renderer *r, const lc_frame *f, const lc_pass *passes, uint32_t pass_count);
/* Merges contexts [0, count) in order and radix-sorts them into r->sorted
 * (LC_DUMP_COMMANDS=FILE writes the stream). */
void lc_frame_sort(lc_renderer *r, uint32_t count);

#endif
