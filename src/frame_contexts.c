/* The frame as render contexts: barriers derived from the passes' declared uses, OpenMP
 * jobs recording the passes and the scene draws into contexts, merge and sort. frame.c
 * calls these in order; the backend (cpu/render_backend.c) then translates the stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/jobs.h"
#include "frame_state.h"
#include "passes/passes.h"

#define DRAW_CHUNK 512u /* scene draws per recording job (the culling seed's work_size) */
#define RECORD_DRAW_WEIGHT 16u      /* a chunk of draws records as much as this many passes */
#define RECORD_PASSES_PER_THREAD 12u /* passes' worth of recording a thread is woken for (lc_jobs_threads_for) */

/* The barriers of one pass are derived from its declared uses before any recording, in pass
 * order, so jobs can record the passes in any order. */

static void add_memory_barrier(lc_barrier_list *l, VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                               VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access)
{
    if (l->memory_count == LC_ARRAY_COUNT(l->memory)) lc_vk_fatal("too many barriers in one pass", VK_ERROR_UNKNOWN, __FILE__, __LINE__);
    l->memory[l->memory_count++] = (VkMemoryBarrier2){.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                                                      .srcStageMask = src_stage, .srcAccessMask = src_access,
                                                      .dstStageMask = dst_stage, .dstAccessMask = dst_access};
}

/* Adds the barrier a use needs after what the resource saw last. */
void lc_frame_transition(lc_renderer *r, const lc_use *u, lc_barrier_list *out)
{
    lc_res_state *st = &r->frame.res[u->res];
    lc_image *img = r->frame.res_image[u->res];
    const VkAccessFlags2 writes = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT |
                                  VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
    bool is_write = (u->access & writes) != 0;
    bool layout_change = img && st->layout != u->layout;
    if (is_write || layout_change) {
        VkPipelineStageFlags2 src = st->write_stage | st->read_stages;
        if (img) {
            if (out->image_count == LC_ARRAY_COUNT(out->images))
                lc_vk_fatal("too many image barriers in one pass", VK_ERROR_UNKNOWN, __FILE__, __LINE__);
            out->images[out->image_count++] = lc_image_barrier(img, st->layout, u->layout, src ? src : VK_PIPELINE_STAGE_2_NONE,
                                                               st->write_access, u->stage, u->access);
        } else if (src) {
            add_memory_barrier(out, src, st->write_access, u->stage, u->access);
        }
        st->layout = img ? u->layout : st->layout;
        st->write_stage = u->stage;
        st->write_access = is_write ? u->access : 0;
        st->read_stages = is_write ? 0 : u->stage;
        st->visible_stages = is_write ? 0 : u->stage; /* a new write is visible to no one yet */
        return;
    }
    if (st->write_stage && (st->visible_stages & u->stage) != u->stage) {
        add_memory_barrier(out, st->write_stage, st->write_access, u->stage, u->access);
        st->visible_stages |= u->stage;
    }
    st->read_stages |= u->stage;
}

void lc_barrier_list_record(VkCommandBuffer cmd, const lc_barrier_list *l)
{
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = l->memory_count,
                           .pMemoryBarriers = l->memory, .imageMemoryBarrierCount = l->image_count,
                           .pImageMemoryBarriers = l->images};
    if (l->memory_count || l->image_count) vkCmdPipelineBarrier2(cmd, &di);
}

/* A pass in its render context: marker (debug label + timestamps), derived barriers, the
 * pass's own commands. */
static void record_pass(const lc_frame *f, lc_render_context *rc, const lc_pass *pass, uint32_t p, const lc_barrier_list *b)
{
    lc_rc_push_marker(rc, lc_sort_key(p, LC_SEQ_MARKER_PUSH), pass->name, (int32_t)pass->timer);
    if (b->memory_count || b->image_count)
        lc_rc_barrier(rc, lc_sort_key(p, LC_SEQ_BARRIER), b->memory, b->memory_count, b->images, b->image_count);
    pass->record(f, pass, rc, p);
    lc_rc_pop_marker(rc, lc_sort_key(p, LC_SEQ_MARKER_POP));
}

static void ensure_contexts(lc_renderer *r, uint32_t count)
{
    if (count <= r->frame.context_capacity) return;
    r->frame.contexts = lc_realloc(r->frame.contexts, count * sizeof *r->frame.contexts);
    for (uint32_t i = r->frame.context_capacity; i < count; i++) lc_rc_init(&r->frame.contexts[i], r->dev.block_pool);
    r->frame.context_capacity = count;
}

/* LC_DUMP_COMMANDS=FILE: every frame's sorted command stream as text (tests compare thread
 * counts with it). */
static void dump_commands(const lc_renderer *r)
{
    const char *path = getenv("LC_DUMP_COMMANDS");
    if (!path || !*path) return;
    FILE *f = fopen(path, r->frame.index == 0 ? "w" : "a");
    if (!f) return;
    fprintf(f, "frame %u: %u commands\n", r->frame.index, r->frame.sorted_count);
    char line[256];
    for (uint32_t i = 0; i < r->frame.sorted_count; i++) {
        lc_command_describe(&r->frame.sorted[i], line, sizeof line);
        fprintf(f, "%s\n", line);
    }
    fclose(f);
}


/* What the jobs share: the frame they read, the contexts they fill (one each). */
typedef struct record_job {
    const lc_frame *f;
    lc_render_context *contexts;
    const lc_pass *passes;
    uint32_t n;
    const lc_barrier_list *barriers;
    const uint32_t *scene_pass;
    uint32_t draws;
} record_job;

/* Context j: pass j's own commands, the final hand-over (j == n), or a chunk of scene draws. */
static void record_context(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const record_job *job = user;
    uint32_t n = job->n;
    for (uint32_t j = first; j < first + count; j++) {
        lc_render_context *rc = &job->contexts[j];
        if (j < n) {
            record_pass(job->f, rc, &job->passes[j], j, &job->barriers[j]);
        } else if (j == n) {
            const lc_barrier_list *b = &job->barriers[n];
            lc_rc_barrier(rc, lc_sort_key(n, LC_SEQ_BARRIER), b->memory, b->memory_count, b->images, b->image_count);
        } else {
            uint32_t at = (j - n - 1) * DRAW_CHUNK;
            lc_scene_draws_record(job->f, rc, at, LC_MIN(DRAW_CHUNK, job->draws - at), job->scene_pass[LC_SCENE_DRAWS_DEPTH],
                                  job->scene_pass[LC_SCENE_DRAWS_EQUAL]);
        }
    }
}

uint32_t lc_frame_record(lc_renderer *r, const lc_frame *f, const lc_pass *passes, uint32_t n)
{
    lc_barrier_list barriers[LC_BACKEND_MARKERS + 1];
    uint32_t scene_pass[3] = {LC_NO_PASS, LC_NO_PASS, LC_NO_PASS}; /* by LC_SCENE_DRAWS_* */
    for (uint32_t p = 0; p < n; p++) {
        memset(&barriers[p], 0, sizeof barriers[p]);
        for (uint32_t u = 0; u < passes[p].use_count; u++) lc_frame_transition(r, &passes[p].uses[u], &barriers[p]);
        if (passes[p].scene_draws != LC_SCENE_DRAWS_NONE) scene_pass[passes[p].scene_draws] = p;
    }
    /* After the last pass: hand the output over, to present (window) or for copies (headless). */
    memset(&barriers[n], 0, sizeof barriers[n]);
    lc_use final = {LC_RES_OUTPUT, VK_PIPELINE_STAGE_2_NONE, 0,
                    r->target->headless ? VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL : VK_IMAGE_LAYOUT_PRESENT_SRC_KHR};
    lc_frame_transition(r, &final, &barriers[n]);

    /* The direct path records the CPU cull's draw list; mdi's draws come from the GPU cull. */
    uint32_t draws = r->settings.geometry == LC_GEOMETRY_DIRECT ? r->frame.draw_count : 0, jobs = n + 1 + LC_DIV_UP(draws, DRAW_CHUNK);
    ensure_contexts(r, jobs);
    record_job job = {f, r->frame.contexts, passes, n, barriers, scene_pass, draws};
    /* Threads for the work: a pass's context is a few packages, a chunk of scene draws
     * DRAW_CHUNK of them (RECORD_DRAW_WEIGHT passes' worth). */
    uint32_t work = n + 1 + RECORD_DRAW_WEIGHT * LC_DIV_UP(draws, DRAW_CHUNK);
    lc_jobs_run_on(lc_jobs_threads_for(r->frame.threads, work, RECORD_PASSES_PER_THREAD), jobs, 1, record_context, &job);
    return jobs;
}

void lc_frame_sort(lc_renderer *r, uint32_t contexts)
{
    uint32_t total = 0;
    for (uint32_t j = 0; j < contexts; j++) total += r->frame.contexts[j].count;
    if (total > r->frame.sorted_capacity) {
        r->frame.sorted_capacity = total + total / 2;
        free(r->frame.sorted);
        free(r->frame.sort_scratch);
        r->frame.sorted = lc_alloc((size_t)r->frame.sorted_capacity * sizeof *r->frame.sorted);
        r->frame.sort_scratch = lc_alloc((size_t)r->frame.sorted_capacity * sizeof *r->frame.sort_scratch);
    }
    lc_render_context **list = lc_alloc((size_t)LC_MAX(contexts, 1u) * sizeof *list);
    for (uint32_t j = 0; j < contexts; j++) list[j] = &r->frame.contexts[j];
    r->frame.sorted_count = lc_rc_merge(list, contexts, r->frame.sorted, r->frame.threads);
    free(list);
    lc_commands_sort(r->frame.sorted, r->frame.sort_scratch, r->frame.sorted_count, r->frame.threads);
    dump_commands(r);
}
