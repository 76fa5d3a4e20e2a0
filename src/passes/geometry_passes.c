/* The mdi path's passes: counters cleared, GPU cull per phase, the depth pre-pass of the
 * survivors as indirect-count draws (one per material bucket), and the HiZ between the
 * phases. The forward pass replays the same draws (shade.c). The mesh path shares the
 * clear, the HiZ and the stats; its depth passes cull in the task shader and draw in the
 * mesh shader (one mesh-tasks draw per bucket), and the forward pass replays the flags of
 * what they drew. Under --mesh-dispatch indirect a compute cull per phase writes the list of
 * surviving sublets instead (cull, list scan, list), the depth passes draw it with one
 * indirect-count mesh-tasks draw per bucket, and the later passes draw the same commands. */
#include "passes/passes.h"

#include <string.h>

#define DEPTH_STAGES (VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT)
#define DEPTH_RW (VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT)

static void record_clear(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    uint64_t key = lc_sort_key(pass, LC_SEQ_WORK);
    lc_rc_fill_buffer(rc, key, f->dev->geo.counts.buffer, 0, VK_WHOLE_SIZE, 0);
}

// geometry clear: draw counts, the HiZ workgroup counter and this frame's statistics start at zero.
lc_pass lc_pass_geometry_clear(void)
{
    return (lc_pass){.name = "geometry clear", .timer = LC_TIMER_DEPTH, .record = record_clear, .use_count = 1,
                     .uses = {{LC_RES_GEO_COMMANDS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
}

static void record_stats(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    VkBufferCopy region = {.srcOffset = LC_GEO_COUNTS_STATS * 4, .size = sizeof(lc_gpu_geometry_stats)};
    lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), f->dev->geo.counts.buffer,
                      f->dev->geo.stats[f->slot_index].buffer, &region);
}

// geometry stats: this frame's counters into the slot's host-visible buffer (read when the
// frame completes); the culling's atomics stay in device memory.
lc_pass lc_pass_geometry_stats(void)
{
    return (lc_pass){.name = "geometry stats", .timer = LC_TIMER_DEPTH, .record = record_stats, .use_count = 2,
                     .uses = {{LC_RES_GEO_COMMANDS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, 0},
                              {LC_RES_GEO_STATS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
}

static void record_cull(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->pipes.view_cull[phase]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    lc_view_cull_push push = {.counts = {f->dev->geo.task_count, f->dev->geo.command_capacity, f->dev->geo.bucket_count, f->sized->hiz.mip_levels},
                              .hiz_size = {f->sized->width, f->sized->height, LC_VIEW_CULL_CAMERA, 0}};
    lc_rc_push_constants(rc, state, f->dev->layout, 0, sizeof push, &push);
    if (f->dev->geo.task_count) lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), LC_DIV_UP(f->dev->geo.task_count, LC_CULL_GROUP), 1, 1);
}

// geometry cull: the camera through the cull of every view (view_cull.comp), per object and per
// meshlet (frustum, back-face cone; phase 2 also the HiZ), writing one indirect draw per
// surviving meshlet into its material bucket.
lc_pass lc_pass_geometry_cull(uint32_t phase)
{
    static const char *const names[3] = {"geometry cull", "geometry cull / phase 1", "geometry cull / phase 2"};
    lc_pass p = {.name = names[phase], .timer = LC_TIMER_DEPTH, .record = record_cull, .data.phase = phase};
    p.uses[p.use_count++] = (lc_use){LC_RES_GEO_COMMANDS, LC_STAGE_COMPUTE, LC_RW, 0};
    p.uses[p.use_count++] = (lc_use){LC_RES_GEO_VISIBILITY, LC_STAGE_COMPUTE, phase == LC_GEOMETRY_CULL_PHASE_1 ? LC_READ : LC_RW, 0};
    /* Only phase 2 samples the HiZ, but every phase's pipeline binds it; the shadow views'
     * buffer is the same kernel's (a pipeline's descriptors all count as used). */
    p.uses[p.use_count++] = (lc_use){LC_RES_HIZ, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_GENERAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_SHADOW_CULL, LC_STAGE_COMPUTE, LC_RW, 0};
    return p;
}

static void record_mesh_cull(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase, step = self->data.step;
    const lc_geometry *g = &f->dev->geo;
    VkPipeline pipelines[3] = {f->dev->pipes.mesh_cull[phase], f->dev->pipes.mesh_scan[phase], f->dev->pipes.mesh_list[phase]};
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines[step]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    lc_geometry_cull_push push = {.counts = {g->task_count, g->command_capacity, g->bucket_count, f->sized->hiz.mip_levels},
                                  .hiz_size = {f->sized->width, f->sized->height, 0, 0}};
    lc_rc_push_constants(rc, state, f->dev->layout, 0, sizeof push, &push);
    /* The scan is one workgroup; the cull and the list one lane per task, the same workgroups. */
    uint32_t groups = step == 1 ? 1 : LC_DIV_UP(g->task_count, LC_CULL_GROUP);
    if (g->task_count) lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), groups, 1, 1);
}
// mesh cull (--mesh-dispatch indirect), in three steps per phase: the cull (the task shader's
// tests per sublet, its counters and visibility bytes; each workgroup's sublet count), the list
// scan (the counts' prefix, then each bucket's list range and mesh-tasks commands), the list
// (each task's sublets at its place, in task order).
lc_pass lc_pass_mesh_cull(uint32_t phase, uint32_t step)
{
    static const char *const names[3][3] = {{"mesh cull", "mesh cull / list scan", "mesh cull / list"},
                                            {"mesh cull / phase 1", "mesh cull / list scan / phase 1", "mesh cull / list / phase 1"},
                                            {"mesh cull / phase 2", "mesh cull / list scan / phase 2", "mesh cull / list / phase 2"}};
    lc_pass p = {.name = names[phase][step], .timer = LC_TIMER_DEPTH, .record = record_mesh_cull,
                 .data = {.phase = phase, .step = step}};
    p.uses[p.use_count++] = (lc_use){LC_RES_GEO_COMMANDS, LC_STAGE_COMPUTE, LC_RW, 0};
    if (step == 0) {
        p.uses[p.use_count++] = (lc_use){LC_RES_GEO_VISIBILITY, LC_STAGE_COMPUTE, LC_RW, 0};
        /* Only phase 2 samples the HiZ, but every phase's pipeline binds it. */
        p.uses[p.use_count++] = (lc_use){LC_RES_HIZ, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_GENERAL};
    }
    return p;
}

/* A bucket draw's key; in a depth or visibility pass (pipeline id DEPTH), a masked
 * material's draws go after the opaque ones, under the pass's masked pipeline
 * (lc_depth_draw_key). */
static uint64_t draw_key(const lc_frame *f, uint32_t pass, uint32_t shader_pass, uint32_t pipeline_id, uint32_t material,
                         uint32_t order)
{
    if (pipeline_id == LC_PIPELINE_ID_DEPTH && lc_material_masked(f->scene, material))
        return lc_sort_key_draw(pass, LC_SEQ_WORK, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH_MASK, material, order);
    return lc_sort_key_draw(pass, LC_SEQ_WORK, shader_pass, pipeline_id, material, order);
}

void lc_geometry_record_draws(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t shader_pass,
                              uint32_t pipeline_id, uint32_t phase)
{
    const lc_geometry *g = &f->dev->geo;
    for (uint32_t b = 0; b < g->bucket_count; b++) {
        if (!g->bucket_tasks[b]) continue;
        lc_pkg_draw_indirect_count *d = lc_rc_alloc(rc, sizeof *d);
        uint32_t material = b / 2;
        d->buffer = g->commands.buffer;
        d->offset = ((VkDeviceSize)phase * g->command_capacity + g->bucket_first[b]) * sizeof(VkDrawIndexedIndirectCommand);
        d->count_buffer = g->counts.buffer;
        d->count_offset = (VkDeviceSize)(LC_GEO_COUNTS_HEADER + phase * g->bucket_count + b) * 4;
        d->max_draws = g->bucket_tasks[b];
        d->stride = sizeof(VkDrawIndexedIndirectCommand);
        lc_draw_material_of(f, material, g->bucket_raster[b], &d->mat);
        lc_rc_command(rc, draw_key(f, pass, shader_pass, pipeline_id, material, b * 2 + phase), d, LC_PKG_DRAW_INDIRECT_COUNT);
    }
}

static void record_depth(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    lc_begin_depth_rendering(f, rc, pass, phase == LC_GEOMETRY_CULL_PHASE_2);
    lc_bind_scene(f, rc, pass, f->dev->pipes.depth_pipeline, true);
    lc_bind_depth_mask(f, rc, pass, f->dev->pipes.depth_mask_pipeline);
    lc_geometry_record_draws(f, rc, pass, LC_SHADER_PASS_DEPTH, LC_PIPELINE_ID_DEPTH, phase == LC_GEOMETRY_CULL_PHASE_2 ? 1 : 0);
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// depth prepass (indirect): the cull's draws; phase 2 adds to phase 1's depth.
lc_pass lc_pass_depth_indirect(uint32_t phase)
{
    static const char *const names[3] = {"depth prepass", "depth prepass / phase 1", "depth prepass / phase 2"};
    lc_pass p = {.name = names[phase], .timer = LC_TIMER_DEPTH, .record = record_depth, .data.phase = phase};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, DEPTH_STAGES, DEPTH_RW, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
    p.uses[p.use_count++] = (lc_use){LC_RES_GEO_COMMANDS, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, 0};
    return p;
}

void lc_geometry_record_mesh_draws(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t shader_pass,
                                   uint32_t pipeline_id, uint32_t phase, bool replay)
{
    const lc_geometry *g = &f->dev->geo;
    bool indirect = f->settings->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT;
    for (uint32_t b = 0; b < g->bucket_count; b++) {
        if (!g->bucket_tasks[b]) continue;
        lc_pkg_draw_mesh_tasks *d = lc_rc_alloc(rc, sizeof *d);
        memset(d, 0, sizeof *d);
        uint32_t material = b / 2;
        /* Tasks are stored in bucket order (lc_geometry_create): the bucket's range. */
        /* Scenes with skins draw the posed runtime mesh, not the load-time compressed stream (src/frame_motion.c). */
        uint32_t flags = (replay ? LC_MESH_REPLAY : 0u) | (g->enc_payload.buffer && !f->dev->motion.skinned ? LC_MESH_INLINE_DECODE : 0u);
        lc_mesh_push push = {.tasks = {g->bucket_first[b], g->bucket_tasks[b], phase, flags},
                             .hiz = {f->sized->width, f->sized->height, f->sized->hiz.mip_levels, g->task_count}};
        d->group_count = LC_DIV_UP(g->bucket_tasks[b], LC_MESH_TASK_GROUP);
        if (indirect) {
            /* The mesh cull's commands for the bucket (rows of sublets; replay draws them
             * again), the count its list scan wrote; the mesh shader finds the bucket's list
             * range from the bucket (hiz.x) and the bucket count (hiz.y). */
            uint32_t p = phase == LC_GEOMETRY_CULL_PHASE_2 ? 1 : 0;
            push.tasks.w = flags | LC_MESH_INDIRECT;
            push.hiz = (lc_u4){b, g->bucket_count, 0, g->task_count};
            d->buffer = g->commands.buffer;
            d->offset = ((VkDeviceSize)LC_MESH_LIST_DRAWS(g->task_count, g->bucket_count, p) + 3ull * (g->bucket_first[b] / LC_MESH_ROWS + b)) * 4;
            d->count_buffer = g->counts.buffer;
            d->count_offset = (VkDeviceSize)(LC_GEO_COUNTS_HEADER + p * g->bucket_count + b) * 4;
            d->max_draws = LC_DIV_UP(g->bucket_tasks[b] * LC_MESHLET_SUBLETS, LC_MESH_DRAW_SUBLETS);
        }
        _Static_assert(sizeof push <= sizeof d->push, "lc_mesh_push fits the package");
        memcpy(d->push, &push, sizeof push);
        d->push_offset = LC_MESH_PUSH_OFFSET;
        d->push_size = sizeof push;
        lc_draw_material_of(f, material, g->bucket_raster[b], &d->mat);
        uint32_t index = phase == LC_GEOMETRY_CULL_PHASE_2 ? 1 : 0;
        lc_rc_command(rc, draw_key(f, pass, shader_pass, pipeline_id, material, b * 2 + index), d, LC_PKG_DRAW_MESH_TASKS);
    }
}

static void record_depth_mesh(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    lc_begin_depth_rendering(f, rc, pass, phase == LC_GEOMETRY_CULL_PHASE_2);
    uint32_t dispatch = f->settings->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT;
    lc_bind_scene(f, rc, pass, f->dev->pipes.mesh_depth_pipeline[dispatch], false);
    lc_bind_depth_mask(f, rc, pass, f->dev->pipes.mesh_depth_mask_pipeline[dispatch]);
    lc_geometry_record_mesh_draws(f, rc, pass, LC_SHADER_PASS_DEPTH, LC_PIPELINE_ID_DEPTH, phase, false);
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// depth prepass (mesh): the task shader culls each bucket's tasks (the mdi cull's tests and
// phases) and the mesh shader draws the survivors' depth; phase 2 adds to phase 1's depth.
// Under --mesh-dispatch indirect the mesh shader alone draws the mesh cull's list.
lc_pass lc_pass_depth_mesh(const lc_frame *f, uint32_t phase)
{
    static const char *const names[3] = {"depth prepass", "depth prepass / phase 1", "depth prepass / phase 2"};
    lc_pass p = {.name = names[phase], .timer = LC_TIMER_DEPTH, .record = record_depth_mesh, .data.phase = phase};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, DEPTH_STAGES, DEPTH_RW, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
    lc_pass_mesh_culls(&p, f->settings);
    return p;
}

static void record_hiz(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->pipes.hiz[f->depth_words ? LC_HIZ_CAMERA_RASTER : LC_HIZ_CAMERA]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    lc_hiz_push push = {.size = {f->sized->width, f->sized->height, f->sized->hiz.mip_levels, f->sized->hiz_groups_x * f->sized->hiz_groups_y}};
    lc_rc_push_constants(rc, state, f->dev->layout, 0, sizeof push, &push);
    lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), f->sized->hiz_groups_x, f->sized->hiz_groups_y, 1);
}

// hiz: every level of phase 1's max depth in one dispatch (the last workgroup finishes the top).
lc_pass lc_pass_hiz(void)
{
    return (lc_pass){
        .name = "hiz",
        .timer = LC_TIMER_DEPTH,
        .record = record_hiz,
        .use_count = 3,
        .uses = {{LC_RES_DEPTH, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL},
                 {LC_RES_HIZ, LC_STAGE_COMPUTE, LC_RW, VK_IMAGE_LAYOUT_GENERAL},
                 {LC_RES_GEO_COMMANDS, LC_STAGE_COMPUTE, LC_RW, 0}},
    };
}

// hiz (the compute raster's): the same pyramid from the resolve's depth words, which it reads in
// place of the depth image (record_hiz binds hiz_raster.comp where lc_frame.depth_words says so).
lc_pass lc_pass_hiz_raster(void)
{
    lc_pass p = lc_pass_hiz();
    p.uses[0] = (lc_use){LC_RES_RASTER, LC_STAGE_COMPUTE, LC_READ, 0};
    return p;
}

void lc_pass_mesh_culls(lc_pass *p, const lc_frame_settings *s)
{
    if (s->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT) {
        lc_pass_read_geometry_replay(p, LC_RASTER_PATH_MESH_INDIRECT);
        return;
    }
    /* Counters, drawn flags (in the commands buffer) and visibility bits: task shader atomics.
     * The phase is a push constant, so every phase's task shader writes the bits statically. */
    p->uses[p->use_count++] = (lc_use){LC_RES_GEO_COMMANDS, LC_STAGE_TASK, LC_RW, 0};
    p->uses[p->use_count++] = (lc_use){LC_RES_GEO_VISIBILITY, LC_STAGE_TASK, LC_RW, 0};
    /* Only phase 2 samples the HiZ, but every phase's pipeline binds it. */
    p->uses[p->use_count++] = (lc_use){LC_RES_HIZ, LC_STAGE_TASK, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_GENERAL};
}

void lc_pass_read_geometry_replay(lc_pass *p, uint32_t geometry)
{
    if (geometry == LC_RASTER_PATH_MESH_INDIRECT) {
        /* The mesh cull's commands and counts, and the list the mesh shader reads. */
        p->uses[p->use_count++] = (lc_use){LC_RES_GEO_COMMANDS, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT,
                                           VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT, 0};
        return;
    }
    if (geometry == LC_GEOMETRY_MDI)
        p->uses[p->use_count++] = (lc_use){LC_RES_GEO_COMMANDS, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                                           VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT, 0};
    if (geometry == LC_GEOMETRY_MESH) {
        /* The task shader replays the drawn flags, but its culling code (counters, visibility
         * bits, HiZ) is there statically, as the depth passes declare it. */
        p->uses[p->use_count++] = (lc_use){LC_RES_GEO_COMMANDS, LC_STAGE_TASK, LC_RW, 0};
        p->uses[p->use_count++] = (lc_use){LC_RES_GEO_VISIBILITY, LC_STAGE_TASK, LC_RW, 0};
        p->uses[p->use_count++] = (lc_use){LC_RES_HIZ, LC_STAGE_TASK, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_GENERAL};
    }
}
