/* The passes of a frame. Each returns its description (name, timer, uses) with its record
 * function, which records the pass's commands into a render context under the pass's sort
 * keys; frame.c lists them in order, derives the barriers and wraps each pass in its marker. */
#ifndef LC_PASSES_H
#define LC_PASSES_H

#include "cpu/sort_key.h"
#include "passes/pass.h"

#define LC_STAGE_FRAG VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT
#define LC_STAGE_COMPUTE VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT
#define LC_STAGE_TRANSFER VK_PIPELINE_STAGE_2_TRANSFER_BIT
#define LC_STAGE_TASK VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT
#define LC_READ VK_ACCESS_2_SHADER_STORAGE_READ_BIT
#define LC_WRITE VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT
#define LC_RW (VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT)

/* Pipeline ids of the sort keys' pipeline field. A depth pass draws its opaque materials
 * first (LC_PIPELINE_ID_DEPTH: no fragment shader, no material bound), then switches to the
 * alpha MASK depth pipeline (..._MASK_BIND) for the masked materials' draws (..._MASK). The
 * visibility passes order their draws the same way (the one-pass raster switches pipelines
 * there too). */
enum { LC_PIPELINE_ID_DEPTH = 1, LC_PIPELINE_ID_DEPTH_MASK_BIND = 2, LC_PIPELINE_ID_DEPTH_MASK = 3, LC_PIPELINE_ID_SHADE = 16 };

lc_pass lc_pass_depth_prepass(void);

/* One cull-and-draw for every view (issue 32's lc_view; views.c): a kind of view says what
 * culls it and what draws its depth in a phase (LC_GEOMETRY_CULL_PHASE_*), and what builds its
 * HiZ; a batch of views (the shadow views rendered this frame) is culled, drawn and reduced
 * together. ctx: the kind's own. */
typedef struct lc_view_kind {
    void *ctx;
    uint32_t (*cull)(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes); /* none where the draw culls (task shader) */
    uint32_t (*draw)(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes);
    lc_pass (*hiz)(void);
} lc_view_kind;
/* Phase 1 (what the view saw when last rendered) culled and drawn, the HiZ of its depth, phase
 * 2 (the rest of its frustum against the HiZ; the visibility bits) culled and drawn; without
 * occlusion one phase, all of the frustum. The passes it wrote. */
uint32_t lc_passes_cull_and_draw(const lc_frame *f, const lc_view_kind *k, bool occlusion, lc_pass *passes);
/* The camera on the frame's mdi or mesh path (the compute raster's: raster.c). */
lc_view_kind lc_view_camera(const lc_frame *f);
/* The mdi path (geometry_passes.c): counters cleared, the GPU cull of a phase
 * (LC_GEOMETRY_CULL_PHASE_*), the depth pre-pass of its indirect draws, the HiZ between phases. */
lc_pass lc_pass_geometry_clear(void);
lc_pass lc_pass_geometry_cull(uint32_t phase);
lc_pass lc_pass_depth_indirect(uint32_t phase);
lc_pass lc_pass_hiz(void);
lc_pass lc_pass_hiz_raster(void); /* the compute raster's: from its depth words (LC_RES_RASTER) */
lc_pass lc_pass_geometry_stats(void);
/* One indirect-count draw per non-empty bucket, of phase 0 (phase 1 or all) or 1 (phase 2)
 * commands, keyed for shader_pass (depth: no material; material: binds the bucket's). */
void lc_geometry_record_draws(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t shader_pass,
                              uint32_t pipeline_id, uint32_t phase);
/* The mesh path: one vkCmdDrawMeshTasksEXT per non-empty bucket (the task shader culls its
 * tasks for phase, LC_GEOMETRY_CULL_PHASE_*), or with replay the tasks the depth pass's phase drew. */
void lc_geometry_record_mesh_draws(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t shader_pass,
                                   uint32_t pipeline_id, uint32_t phase, bool replay);
/* depth prepass (mesh): cull and draw depth in one pass per phase (task + mesh shaders), or
 * under --mesh-dispatch indirect draw the mesh cull's list (mesh shader alone). */
lc_pass lc_pass_depth_mesh(const lc_frame *f, uint32_t phase);
/* mesh cull (--mesh-dispatch indirect) of a phase, step 0 (cull), 1 (list scan) or 2 (list). */
lc_pass lc_pass_mesh_cull(uint32_t phase, uint32_t step);
/* Declares what a pass that draws the mesh path's depth for a phase uses: the task shader's
 * culling, or the indirect dispatch's commands and list. */
void lc_pass_mesh_culls(lc_pass *p, const lc_frame_settings *s);
/* Light culling for a mode and settings->binning: appends its passes (up to 6), returns how
 * many. transparent: the transparent cull's (its own buffers and the slot's transparent set). */
uint32_t lc_passes_light_cull(const lc_frame *f, uint32_t mode, bool transparent, lc_pass *out);
lc_pass lc_pass_analysis_clear(void);
lc_pass lc_pass_shade(const lc_frame *f);
lc_pass lc_pass_visibility(const lc_frame *f);
/* Visibility in one raster pass (depth and ids together) for a cull phase, in place of the
 * depth pre-pass of that phase and lc_pass_visibility (settings.visibility_prepass false). */
lc_pass lc_pass_visibility_single(const lc_frame *f, uint32_t phase);
lc_pass lc_pass_shade_visibility(const lc_frame *f);
/* The compute raster (passes/raster.c): the visibility buffer cleared, one phase's meshlets
 * rasterized into it, resolved into the id image and the depth words (the HiZ between the
 * phases and the tile depth read those), the words copied into the depth image; lc_passes_raster
 * appends the whole sequence of a frame (cull, raster, big, HiZ between the phases, resolve,
 * depth copy; up to 13 passes) in place of the geometry path's depth and visibility passes,
 * and returns how many. lc_passes_raster_depth_settle, on the whole frame's list, drops the
 * depth copy where no pass after it uses the depth image (LC_RES_DEPTH): the list's new count. */
lc_pass lc_pass_raster_clear(void);
lc_pass lc_pass_raster(uint32_t phase);
lc_pass lc_pass_raster_big(uint32_t phase);
lc_pass lc_pass_raster_resolve(uint32_t phase);
lc_pass lc_pass_raster_depth(void);
uint32_t lc_passes_raster(const lc_frame *f, lc_pass *passes);
uint32_t lc_passes_raster_depth_settle(lc_pass *passes, uint32_t n);
/* Why this renderer cannot rasterize in compute (written into buf), or NULL. */
const char *lc_raster_missing(const lc_frame *f, char *buf, size_t size);
/* What --raster auto takes where the compute raster can run (LC_RASTERIZER_HARDWARE or _COMPUTE):
 * lc_raster_auto_for the device's type (compute on discrete GPUs). */
uint32_t lc_raster_auto(const lc_frame *f);
uint32_t lc_raster_auto_for(VkPhysicalDeviceType type);
/* transparent: the blended objects, back to front, forward shaded over the HDR image with the
 * transparent cull's lights (passes/transparent.c). */
lc_pass lc_pass_transparent(const lc_frame *f);
/* Declares what a scene pass after the depth pre-pass reads when it replays the geometry
 * path's draws (the forward shade, the visibility ids): mdi's indirect commands, or for mesh
 * the task shader's (geometry_passes.c). */
void lc_pass_read_geometry_replay(lc_pass *p, uint32_t geometry); /* geometry: lc_raster_path */
/* Declares the reads of the mode's culling structure at a stage (both shading passes). */
void lc_pass_read_cull(lc_pass *p, uint32_t mode, VkPipelineStageFlags2 stage);
/* The compute or fragment tonemap, as f->tonemap_path says. */
lc_pass lc_pass_tonemap(const lc_frame *f);
lc_pass lc_pass_hud(void);
lc_pass lc_pass_readback(void);
/* Shadow view v of this frame (dev->shadows.render[v]; shadow_views.c) in a cull phase
 * (LC_GEOMETRY_CULL_PHASE_ALL or _1: its tile cleared; _2: loaded, what phase 2 added), its
 * debug label written into name (the caller keeps it for the frame); and the read of the
 * shadow atlas by a pass that shades (or shows) with it. */
lc_pass lc_pass_shadow_view(const lc_frame *f, uint32_t v, uint32_t phase, char *name, size_t name_size);
/* The shadow views' GPU cull (shadow_cull.c): its passes for a phase into passes (returns
 * their count: ALL: clear, cull, stats; 1: clear, cull; 2: cull, stats), the views' HiZ
 * between the phases, and view v's draws of what a phase left. */
uint32_t lc_passes_shadow_cull(uint32_t phase, lc_pass *passes);
lc_pass lc_pass_shadow_hiz(void);
void lc_shadow_cull_record_draws(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t v, uint32_t phase);
void lc_pass_read_shadow_atlas(lc_pass *p);
/* --shadow-dynamic overlay (shadow_overlay.c): the frame's overlay views (dev->shadows.overlay)
 * into passes: the tiles rendered this frame saved to the static atlas, the others' static maps
 * copied back, then the movable casters drawn over each, LC_SHADOW_OVERLAY_PASS_VIEWS views a
 * pass. Returns their count (0: no overlay view this frame). */
#define LC_SHADOW_OVERLAY_PASS_VIEWS 250u /* the steps a pass has between its begin and end (sort_key.h) */
#define LC_SHADOW_OVERLAY_PASSES_MAX (2u + (LC_SHADOW_VIEWS_MAX + LC_SHADOW_OVERLAY_PASS_VIEWS - 1u) / LC_SHADOW_OVERLAY_PASS_VIEWS)
uint32_t lc_passes_shadow_overlay(const lc_frame *f, lc_pass *passes);

/* passes/scene_draws.c: what every pass that draws the scene shares. */
/* A scene pass the frame does not have (lc_scene_draws_record skips its commands). */
#define LC_NO_PASS UINT32_MAX
/* How every scene draw package (direct, mdi bucket, mesh bucket) binds a material of the
 * scene (its set, its base colour) and sets its raster state (LC_RASTER_*). */
void lc_draw_material_of(const lc_frame *f, uint32_t material, uint32_t raster, lc_draw_material *out);
/* Whether a material is alpha MASK with a cutoff (its depth draws need the masked pipeline). */
bool lc_material_masked(const lc_scene *scene, uint32_t material);
/* A depth pass's draw key for a material: opaque ones front to back under the depth pipeline;
 * masked ones after them, their material bound, under the masked depth pipeline, which
 * lc_bind_depth_mask binds between the two (where the scene has masked materials). */
uint64_t lc_depth_draw_key(const lc_frame *f, uint32_t pass, uint32_t material, uint32_t depth);
void lc_bind_depth_mask(const lc_frame *f, lc_render_context *rc, uint32_t pass, VkPipeline pipeline);
/* The same within step seq of the pass (a pass of several views, each its own step). */
uint64_t lc_depth_draw_key_at(const lc_frame *f, uint32_t pass, uint32_t seq, uint32_t material, uint32_t depth);
void lc_bind_depth_mask_at(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t seq, VkPipeline pipeline);
/* The frame's draw list [first, first + count) (the objects the CPU cull kept, f->draw_list):
 * one package per object draw, referenced by two commands, one keyed for the depth pre-pass
 * (front to back) and one for the pass after it with depth EQUAL (forward shade or
 * visibility: by material, then object). A job records one chunk into its own context. */
void lc_scene_draws_record(const lc_frame *f, lc_render_context *rc, uint32_t first, uint32_t count,
                           uint32_t depth_pass, uint32_t equal_pass);

/* Dynamic rendering into the frame's attachments: colour and/or depth over the full target,
 * with viewport and scissor. A null image means no such attachment. */
typedef struct lc_rendering {
    const lc_image *color;
    VkAttachmentLoadOp color_load;
    VkClearColorValue clear_color;
    const lc_image *depth;
    VkImageLayout depth_layout;
    VkAttachmentLoadOp depth_load;
    VkAttachmentStoreOp depth_store;
} lc_rendering;
void lc_begin_rendering(const lc_frame *f, lc_render_context *rc, uint32_t pass, const lc_rendering *desc);
/* A depth-only pass over the frame's depth: cleared, or loaded (occlusion's phase 2). */
void lc_begin_depth_rendering(const lc_frame *f, lc_render_context *rc, uint32_t pass, bool load);
/* The state every scene draw of a pass starts from: the graphics pipeline, the frame set
 * and, for vertex-pipeline draws (not the mesh path), the runtime mesh's vertex and index
 * buffers. */
void lc_bind_scene(const lc_frame *f, lc_render_context *rc, uint32_t pass, VkPipeline pipeline, bool runtime_mesh);
void lc_bind_scene_at(const lc_frame *f, lc_render_context *rc, uint64_t state, VkPipeline pipeline, bool runtime_mesh); /* under key state */
/* One object's draw package as every direct-path scene pass draws it (its mesh's meshlet
 * range, the object as firstInstance, its material and raster state). */
void lc_scene_draw_package(const lc_frame *f, uint32_t object, lc_pkg_draw_indexed *p);
/* The forward shade's pipeline id in sort keys (mode x effective scalarization x analysis). */
uint32_t lc_shade_pipeline_id(const lc_frame *f);

#endif
