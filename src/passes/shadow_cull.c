/* shadow cull: the shadow views rendered this frame culled on the GPU, before their depth
 * passes (shadow_views.c draws what it leaves). The same tasks as the camera's cull, one lane
 * per task and a row of workgroups per view in one dispatch (shaders/geometry/view_cull.comp, the camera's cull given the views),
 * against the view's frustum; each view's region of the buffer gets its commands compacted
 * into lists (the opaque casters', one per alpha MASK bucket) and their counts, which the view
 * draws with one indirect-count draw per list. The CPU records a few commands per view and
 * culls nothing: the alternative, --shadow-cull cpu, culls each view's objects and meshlets on
 * the job threads (frame_shadows.c, which also makes this cull's buffer). Three passes: the
 * counts cleared, the cull, its counters to the host.
 * With --shadow-occlusion on the views are culled in two phases, as the camera's mdi path is
 * (geometry_passes.c): phase 1 draws what each view saw when last rendered (a bit per task and
 * view identity, kept in this buffer across frames), `shadow hiz` reduces each view's tile to
 * a max-depth pyramid (shaders/geometry/hiz.glsl, the camera's HiZ shader given the views: a
 * workgroup a view), and phase 2 tests the rest of the view's frustum against it, draws what
 * became visible and writes the bits. Depth-only draws with a LESS test give the same depth in any order and without the
 * hidden ones, so the atlas is the same with occlusion on and off. */
#include "passes/passes.h"

#include <stdlib.h>
#include <string.h>

static void record_clear(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_shadow_cull *c = &f->dev->shadow_cull;
    /* The stats and both phases' counts (phase 2's start after every slot's of phase 1). */
    lc_rc_fill_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), c->buffer.buffer, 0, (VkDeviceSize)c->map_first * 4, 0);
}

static lc_view_cull_push cull_push(const lc_frame *f)
{
    const lc_shadow_cull *c = &f->dev->shadow_cull;
    uint32_t tasks = f->dev->geo.shadow_task_count;
    return (lc_view_cull_push){.counts = {tasks, 0, f->dev->geo.bucket_count, 0}, .hiz_size = {0, 0, LC_VIEW_CULL_SHADOWS, 0},
                               .region = {tasks, c->map_first, c->commands_first, c->region},
                               .view = {c->lists, c->views * c->lists, c->bits_first, c->hiz_first}};
}

static void record_cull(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->pipes.view_cull[phase]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    /* A row of workgroups per view: its record and face are in the slot's record buffer
     * after the records (lc_frame_shadows). */
    lc_view_cull_push push = cull_push(f);
    lc_rc_push_constants(rc, state, f->dev->layout, 0, sizeof push, &push);
    lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), LC_DIV_UP(f->dev->geo.shadow_task_count, LC_CULL_GROUP), f->dev->shadows.render_count, 1);
}


static void record_hiz(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->pipes.hiz[LC_HIZ_SHADOW_VIEWS]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    lc_hiz_push push = {.size = {f->dev->shadow_cull.hiz_first, 0, 0, 0}};
    lc_rc_push_constants(rc, state, f->dev->layout, 0, sizeof push, &push);
    lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), f->dev->shadows.render_count, 1, 1);
}

static void record_stats(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    /* The views' counters and each cascade's (lc_geometry.h). */
    VkBufferCopy region = {.srcOffset = LC_SHADOW_CULL_STATS * 4, .size = LC_SHADOW_CULL_COUNTS * 4};
    lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), f->dev->shadow_cull.buffer.buffer, f->slot->shadow_stats.buffer, &region);
}

/* The views' cull: their buffer, and the camera's buffers and HiZ the same kernel declares (a
 * pipeline's descriptors all count as used, view_cull.comp). */
static lc_pass cull_pass(const char *name, uint32_t phase)
{
    return (lc_pass){.name = name, .timer = LC_TIMER_SHADOWS, .record = record_cull, .data.phase = phase, .use_count = 4,
                     .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_COMPUTE, LC_RW, 0},
                              {LC_RES_GEO_COMMANDS, LC_STAGE_COMPUTE, LC_RW, 0},
                              {LC_RES_GEO_VISIBILITY, LC_STAGE_COMPUTE, LC_RW, 0},
                              {LC_RES_HIZ, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_GENERAL}}};
}

uint32_t lc_passes_shadow_cull(uint32_t phase, lc_pass *passes)
{
    lc_pass stats = {.name = "shadow cull stats", .timer = LC_TIMER_SHADOWS, .record = record_stats, .use_count = 2,
                     .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, 0},
                              {LC_RES_SHADOW_STATS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
    if (phase == LC_GEOMETRY_CULL_PHASE_2) {
        passes[0] = cull_pass("shadow cull / phase 2", phase);
        passes[1] = stats;
        return 2;
    }
    passes[0] = (lc_pass){.name = "shadow cull clear", .timer = LC_TIMER_SHADOWS, .record = record_clear, .use_count = 1,
                          .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
    bool two = phase == LC_GEOMETRY_CULL_PHASE_1;
    passes[1] = cull_pass(two ? "shadow cull / phase 1" : "shadow cull", phase);
    if (two) return 2; /* the stats after phase 2 */
    passes[2] = stats;
    return 3;
}

lc_pass lc_pass_shadow_hiz(void)
{
    return (lc_pass){.name = "shadow hiz", .timer = LC_TIMER_SHADOWS, .record = record_hiz, .use_count = 2,
                     .uses = {{LC_RES_SHADOW_ATLAS, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL},
                              {LC_RES_SHADOW_CULL, LC_STAGE_COMPUTE, LC_RW, 0}}};
}

void lc_shadow_cull_record_draws(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t v, uint32_t phase)
{
    const lc_shadow_cull *c = &f->dev->shadow_cull;
    uint32_t counts = LC_SHADOW_CULL_COUNTS + (phase == LC_GEOMETRY_CULL_PHASE_2 ? c->views * c->lists : 0);
    for (uint32_t l = 0; l < c->lists; l++) {
        if (!c->list_tasks[l]) continue;
        uint32_t bucket = c->list_bucket[l];
        lc_pkg_draw_indirect_count *d = lc_rc_alloc(rc, sizeof *d);
        d->buffer = d->count_buffer = c->buffer.buffer;
        d->offset = ((VkDeviceSize)c->commands_first + ((VkDeviceSize)v * c->region + c->list_first[l]) * 5) * 4;
        d->count_offset = (VkDeviceSize)(counts + v * c->lists + l) * 4;
        d->max_draws = c->list_tasks[l];
        d->stride = sizeof(VkDrawIndexedIndirectCommand);
        /* Both faces (closed shapes cast from inside as well); a masked list binds its material. */
        lc_draw_material_of(f, bucket == UINT32_MAX ? 0 : bucket / 2, LC_RASTER_NONE, &d->mat);
        uint64_t key = bucket == UINT32_MAX ? lc_sort_key_draw(pass, LC_SEQ_WORK, LC_SHADER_PASS_DEPTH, LC_PIPELINE_ID_DEPTH, 0, 0)
                                            : lc_depth_draw_key(f, pass, bucket / 2, 0);
        lc_rc_command(rc, key, d, LC_PKG_DRAW_INDIRECT_COUNT);
    }
}
