/* shadow cull: the shadow views rendered this frame culled on the GPU, before their depth
 * passes (shadow_views.c draws what it leaves). The same tasks as the camera's cull, one lane
 * per task and a row of workgroups per view in one dispatch (shaders/geometry/shadow_cull.comp),
 * against the view's frustum; each view's region of the buffer gets its commands compacted
 * into lists (the opaque casters', one per alpha MASK bucket) and their counts, which the view
 * draws with one indirect-count draw per list. The CPU records a few commands per view and
 * culls nothing: the alternative, --shadow-cull cpu, culls each view's objects and meshlets on
 * the job threads (frame_shadows.c). Three passes: the counts cleared, the cull, its counters
 * to the host.
 * With --shadow-occlusion on the views are culled in two phases, as the camera's mdi path is
 * (geometry_passes.c): phase 1 draws what each view saw when last rendered (a bit per task and
 * view identity, kept in this buffer across frames), `shadow hiz` reduces each view's tile to
 * a max-depth pyramid (shaders/geometry/shadow_hiz.comp, a workgroup a view), and phase 2
 * tests the rest of the view's frustum against it, draws what became visible and writes the
 * bits. Depth-only draws with a LESS test give the same depth in any order and without the
 * hidden ones, so the atlas is the same with occlusion on and off. */
#include "passes/passes.h"

#include <stdlib.h>
#include <string.h>

void lc_shadow_cull_destroy(lc_renderer *r)
{
    lc_shadow_cull *c = &r->dev.shadow_cull;
    lc_buffer_destroy(r->ctx, &c->buffer);
    free(c->list_bucket);
    free(c->list_first);
    free(c->list_tasks);
    memset(c, 0, sizeof *c);
}

bool lc_frame_shadow_cull_gpu(const lc_renderer *r)
{
    return r->dev.shadow_cull.buffer.buffer != VK_NULL_HANDLE && r->settings.shadow_cull == LC_SHADOW_CULL_GPU;
}

bool lc_frame_shadow_occlusion(const lc_renderer *r)
{
    return lc_frame_shadow_cull_gpu(r) && r->dev.shadow_cull.bits_first && r->settings.shadow_occlusion == LC_SHADOW_OCCLUSION_ON;
}

const char *lc_shadow_cull_name(const lc_renderer *r)
{
    if (!lc_frame_shadows_on(r)) return "none";
    return lc_frame_shadow_cull_gpu(r) ? "gpu" : "cpu";
}

lc_status lc_shadow_cull_create(lc_renderer *r)
{
    lc_shadow_cull *c = &r->dev.shadow_cull;
    const lc_geometry *g = &r->dev.geo;
    lc_shadow_cull_destroy(r);
    if (r->settings.shadow_cull != LC_SHADOW_CULL_GPU) return LC_OK;
    if (!g->shadow_task_count) {
        lc_info("--shadow-cull gpu: the scene has no GPU culling buffers (%s): the shadow views are culled on the CPU",
                g->cull_unavailable ? "too many meshlet draws" : "no meshlets");
        return LC_OK;
    }
    /* Lists: each masked bucket's, laid out first, then the opaque casters' (list 0; blended
     * objects cast as opaque, from their tasks past the camera's), which takes the rest. */
    c->list_bucket = lc_calloc(g->bucket_count + 1, sizeof *c->list_bucket);
    c->list_first = lc_calloc(g->bucket_count + 1, sizeof *c->list_first);
    c->list_tasks = lc_calloc(g->bucket_count + 1, sizeof *c->list_tasks);
    c->lists = 1;
    uint32_t first = 0;
    for (uint32_t b = 0; b < g->bucket_count; b++) {
        if (!g->bucket_tasks[b] || !lc_material_masked(r, b / 2)) continue;
        uint32_t l = c->lists++;
        c->list_bucket[l] = b;
        c->list_first[l] = first;
        c->list_tasks[l] = g->bucket_tasks[b];
        first += g->bucket_tasks[b];
    }
    c->list_bucket[0] = UINT32_MAX;
    c->list_first[0] = first;
    c->list_tasks[0] = g->shadow_task_count - first;
    /* The buffer: the stats, 2 x views x lists counts (phase 1 or all, phase 2), the bucket
     * map, then a region a view; with occlusion the bits and the HiZ pyramids. */
    /* View slots: the lights' budget, then the sun's cascades (more views of the same dispatch). */
    uint32_t views = (r->settings.shadow_updates ? r->settings.shadow_updates : LC_SHADOW_UPDATES_DEFAULT) + r->dev.shadows.cascades.count;
    c->views = views;
    c->map_first = LC_SHADOW_CULL_COUNTS + 2 * views * c->lists;
    c->commands_first = c->map_first + 2 * g->bucket_count;
    c->region = g->shadow_task_count;
    uint32_t *head = lc_calloc(c->commands_first, sizeof *head);
    for (uint32_t b = 0; b < g->bucket_count; b++) head[c->map_first + 2 * b] = c->list_first[0]; /* list 0 */
    for (uint32_t l = 1; l < c->lists; l++) {
        head[c->map_first + 2 * c->list_bucket[l]] = c->list_first[l];
        head[c->map_first + 2 * c->list_bucket[l] + 1] = l;
    }
    VkDeviceSize bytes = ((VkDeviceSize)c->commands_first + (VkDeviceSize)views * c->region * 5) * 4;
    /* With occlusion: the bits of every view identity, then a HiZ pyramid per view slot. */
    VkDeviceSize range = r->ctx->props.limits.maxStorageBufferRange;
    if (r->settings.shadow_occlusion == LC_SHADOW_OCCLUSION_ON && bytes <= range) {
        uint32_t words = LC_DIV_UP(g->shadow_task_count, 32u);
        VkDeviceSize bits = (VkDeviceSize)LC_SHADOW_OCCLUSION_VIEWS * words, hiz = (VkDeviceSize)views * LC_SHADOW_HIZ_WORDS;
        VkDeviceSize with = bytes + (bits + hiz) * 4;
        if (with > range) {
            lc_info("--shadow-occlusion on: the visibility bits of %u shadow views of %u meshlet draws and %u HiZ pyramids need "
                    "%.0f MiB, more than the device's storage buffers reach: the shadow views run without occlusion culling",
                    LC_SHADOW_OCCLUSION_VIEWS, c->region, views, (double)with / 1048576.0);
        } else {
            c->bits_words = words;
            c->bits_first = (uint32_t)(bytes / 4);
            c->hiz_first = (uint32_t)(c->bits_first + bits);
            bytes = with;
        }
    }
    lc_status s = LC_OK;
    if (bytes > range) {
        lc_info("--shadow-cull gpu: %u views of %u meshlet draws need %.0f MiB, more than the device's storage buffers reach: "
                "the shadow views are culled on the CPU", views, c->region, (double)bytes / 1048576.0);
    } else {
        lc_buffer_desc d = {.size = bytes,
                            .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                            .name = "shadow cull"};
        s = lc_buffer_create(r->ctx, &d, &c->buffer);
        if (s == LC_OK) s = lc_buffer_upload(r->ctx, &c->buffer, head, (VkDeviceSize)c->commands_first * 4);
        if (s == LC_OK && c->bits_first) {
            /* No view has been rendered yet: every bit 0 (the views' first renders draw all in
             * phase 2 and say so with lc_shadow_render.fresh anyway). */
            VkCommandBuffer cmd = lc_vk_begin_once(r->ctx);
            vkCmdFillBuffer(cmd, c->buffer.buffer, (VkDeviceSize)c->bits_first * 4, (VkDeviceSize)LC_SHADOW_OCCLUSION_VIEWS * c->bits_words * 4, 0);
            lc_vk_end_once(r->ctx, cmd);
        }
    }
    free(head);
    if (s != LC_OK || !c->buffer.buffer) {
        lc_shadow_cull_destroy(r);
        return s;
    }
    r->frame.res[LC_RES_SHADOW_CULL] = (lc_res_state){0};
    return LC_OK;
}

static void record_clear(lc_renderer *r, lc_render_context *rc, uint32_t pass)
{
    const lc_shadow_cull *c = &r->dev.shadow_cull;
    /* The stats and both phases' counts (phase 2's start after every slot's of phase 1). */
    lc_rc_fill_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), c->buffer.buffer, 0, (VkDeviceSize)c->map_first * 4, 0);
}

static lc_shadow_cull_push cull_push(const lc_renderer *r)
{
    const lc_shadow_cull *c = &r->dev.shadow_cull;
    return (lc_shadow_cull_push){.region = {r->dev.geo.shadow_task_count, c->map_first, c->commands_first, c->region},
                                 .view = {c->lists, c->views * c->lists, c->bits_first, c->hiz_first}};
}

static void record_cull(lc_renderer *r, lc_render_context *rc, uint32_t pass, uint32_t phase)
{
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, r->dev.shadow_cull_pipeline[phase]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, r->dev.layout, 0, lc_current_slot(r)->set);
    /* A row of workgroups per view: its record and face are in the slot's record buffer
     * after the records (lc_frame_shadows). */
    lc_shadow_cull_push push = cull_push(r);
    lc_rc_push_constants(rc, state, r->dev.layout, 0, sizeof push, &push);
    lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), LC_DIV_UP(r->dev.geo.shadow_task_count, LC_CULL_GROUP), r->dev.shadows.render_count, 1);
}

static void record_cull_all(lc_renderer *r, lc_render_context *rc, uint32_t pass) { record_cull(r, rc, pass, LC_GEOMETRY_CULL_PHASE_ALL); }
static void record_cull_1(lc_renderer *r, lc_render_context *rc, uint32_t pass) { record_cull(r, rc, pass, LC_GEOMETRY_CULL_PHASE_1); }
static void record_cull_2(lc_renderer *r, lc_render_context *rc, uint32_t pass) { record_cull(r, rc, pass, LC_GEOMETRY_CULL_PHASE_2); }

static void record_hiz(lc_renderer *r, lc_render_context *rc, uint32_t pass)
{
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, r->dev.shadow_hiz_pipeline);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_COMPUTE, r->dev.layout, 0, lc_current_slot(r)->set);
    lc_shadow_cull_push push = cull_push(r);
    lc_rc_push_constants(rc, state, r->dev.layout, 0, sizeof push, &push);
    lc_rc_dispatch(rc, lc_sort_key(pass, LC_SEQ_WORK), r->dev.shadows.render_count, 1, 1);
}

static void record_stats(lc_renderer *r, lc_render_context *rc, uint32_t pass)
{
    /* The views' counters and each cascade's (lc_geometry.h). */
    VkBufferCopy region = {.srcOffset = LC_SHADOW_CULL_STATS * 4, .size = LC_SHADOW_CULL_COUNTS * 4};
    lc_rc_copy_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), r->dev.shadow_cull.buffer.buffer, lc_current_slot(r)->shadow_stats.buffer, &region);
}

uint32_t lc_passes_shadow_cull(lc_renderer *r, uint32_t phase, lc_pass *passes)
{
    (void)r;
    lc_pass stats = {.name = "shadow cull stats", .timer = LC_TIMER_SHADOWS, .record = record_stats, .use_count = 2,
                     .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, 0},
                              {LC_RES_SHADOW_STATS, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
    if (phase == LC_GEOMETRY_CULL_PHASE_2) {
        passes[0] = (lc_pass){.name = "shadow cull / phase 2", .timer = LC_TIMER_SHADOWS, .record = record_cull_2, .use_count = 1,
                              .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_COMPUTE, LC_RW, 0}}};
        passes[1] = stats;
        return 2;
    }
    passes[0] = (lc_pass){.name = "shadow cull clear", .timer = LC_TIMER_SHADOWS, .record = record_clear, .use_count = 1,
                          .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
    bool two = phase == LC_GEOMETRY_CULL_PHASE_1;
    passes[1] = (lc_pass){.name = two ? "shadow cull / phase 1" : "shadow cull", .timer = LC_TIMER_SHADOWS,
                          .record = two ? record_cull_1 : record_cull_all, .use_count = 1,
                          .uses = {{LC_RES_SHADOW_CULL, LC_STAGE_COMPUTE, LC_RW, 0}}};
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

void lc_shadow_cull_record_draws(const lc_renderer *r, lc_render_context *rc, uint32_t pass, uint32_t v, uint32_t phase)
{
    const lc_shadow_cull *c = &r->dev.shadow_cull;
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
        lc_draw_material_of(r, bucket == UINT32_MAX ? 0 : bucket / 2, LC_RASTER_NONE, &d->mat);
        uint64_t key = bucket == UINT32_MAX ? lc_sort_key_draw(pass, LC_SEQ_WORK, LC_SHADER_PASS_DEPTH, LC_PIPELINE_ID_DEPTH, 0, 0)
                                            : lc_depth_draw_key(r, pass, bucket / 2, 0);
        lc_rc_command(rc, key, d, LC_PKG_DRAW_INDIRECT_COUNT);
    }
}
