#include "cpu/render_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/jobs.h"
#include "cpu/sort_key.h"
#include "lc_geometry.h"

/* A step of the primary: one command it records itself, or a chunk of commands recorded
 * into a secondary. */
typedef struct lc_backend_item {
    uint32_t first, count;
    bool chunk;
    int32_t rendering;               /* the begin-rendering command a chunk continues, or -1 */
    uint32_t prologue_first, prologue_count; /* state commands replayed before a chunk */
    uint32_t marker;                 /* marker push/pop: index into b->markers */
    VkCommandBuffer buffer;
} lc_backend_item;

#define PASS_STATE_MAX 64u

static const char *const kind_names[LC_PKG_KIND_COUNT] = {
    "?", "marker push", "marker pop", "barrier", "begin rendering", "end rendering", "viewport", "bind pipeline",
    "bind set", "push constants", "bind vertex buffer", "bind index buffer", "draw", "draw indexed", "dispatch",
    "fill buffer", "copy image to buffer", "draw indirect count", "copy buffer", "draw mesh tasks", "copy buffer to image", "copy image",
};

static _Noreturn void misuse(const char *what, const lc_command *c)
{
    char line[256];
    lc_command_describe(c, line, sizeof line);
    lc_error("render backend: %s (%s)", what, line);
    abort();
}

void lc_render_backend_create(lc_context *ctx, const lc_render_backend_desc *desc, lc_render_backend *b)
{
    memset(b, 0, sizeof *b);
    b->ctx = ctx;
    b->threads = desc->threads ? desc->threads : lc_jobs_capacity();
    b->threads = LC_CLAMP(b->threads, 1u, 256u);
    b->chunk = desc->chunk ? desc->chunk : LC_BACKEND_CHUNK;
    for (uint32_t s = 0; s < LC_BACKEND_SLOTS; s++) {
        b->slots[s] = lc_calloc(b->threads, sizeof *b->slots[s]);
        for (uint32_t t = 0; t < b->threads; t++) {
            VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                           .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT, .queueFamilyIndex = ctx->queue_family};
            VK_CHECK(vkCreateCommandPool(ctx->device, &pci, NULL, &b->slots[s][t].pool));
            LC_NAMEF(ctx, VK_OBJECT_TYPE_COMMAND_POOL, b->slots[s][t].pool, "frame %u thread %u secondary pool", s, t);
        }
    }
}

void lc_render_backend_destroy(lc_render_backend *b)
{
    if (!b->ctx) return;
    for (uint32_t s = 0; s < LC_BACKEND_SLOTS; s++) {
        for (uint32_t t = 0; b->slots[s] && t < b->threads; t++) {
            if (b->slots[s][t].pool) vkDestroyCommandPool(b->ctx->device, b->slots[s][t].pool, NULL);
            free(b->slots[s][t].buffers);
        }
        free(b->slots[s]);
    }
    free(b->items);
    free(b->prologue);
    memset(b, 0, sizeof *b);
}

static lc_backend_item *add_item(lc_render_backend *b)
{
    if (b->item_count == b->item_capacity) {
        b->item_capacity = b->item_capacity ? b->item_capacity * 2 : 64;
        b->items = lc_realloc(b->items, b->item_capacity * sizeof *b->items);
    }
    lc_backend_item *it = &b->items[b->item_count++];
    memset(it, 0, sizeof *it);
    it->rendering = -1;
    return it;
}

static bool primary_kind(uint32_t kind)
{
    return kind == LC_PKG_MARKER_PUSH || kind == LC_PKG_MARKER_POP || kind == LC_PKG_BARRIER ||
           kind == LC_PKG_BEGIN_RENDERING || kind == LC_PKG_END_RENDERING;
}

static bool state_kind(uint32_t kind)
{
    return kind == LC_PKG_VIEWPORT || kind == LC_PKG_BIND_PIPELINE || kind == LC_PKG_BIND_SET ||
           kind == LC_PKG_PUSH_CONSTANTS || kind == LC_PKG_BIND_VERTEX || kind == LC_PKG_BIND_INDEX;
}

/* Whether state command b sets what a set (so a chunk after both needs only b replayed): the
 * same kind, and for pipelines the same bind point, for sets the same point and index, for
 * push constants the same layout and range. */
static bool supersedes(const lc_command *a, const lc_command *b)
{
    uint32_t kind = a->flags & LC_PKG_KIND_MASK;
    if (kind != (b->flags & LC_PKG_KIND_MASK)) return false;
    if (kind == LC_PKG_BIND_PIPELINE)
        return ((const lc_pkg_bind_pipeline *)a->package)->point == ((const lc_pkg_bind_pipeline *)b->package)->point;
    if (kind == LC_PKG_BIND_SET) {
        const lc_pkg_bind_set *x = a->package, *y = b->package;
        return x->point == y->point && x->index == y->index;
    }
    if (kind == LC_PKG_PUSH_CONSTANTS) {
        const lc_pkg_push_constants *x = a->package, *y = b->package;
        return x->layout == y->layout && x->offset == y->offset && x->size == y->size;
    }
    return true; /* viewport (and scissor), the vertex and the index buffer */
}

/* Cuts the stream into primary commands and chunks; numbers the markers. A chunk starts with
 * the pass's state so far replayed (its prologue): each state command the latest of its kind,
 * in the order they were last set (a pass of many views sets its viewport again and again). */
static void split(lc_render_backend *b, const lc_command *commands, uint32_t count)
{
    b->item_count = b->prologue_count = b->marker_count = 0;
    uint32_t pass_state[PASS_STATE_MAX], state_count = 0, stack[LC_BACKEND_MARKERS], depth = 0;
    uint32_t pass = UINT32_MAX;
    int32_t rendering = -1;
    lc_backend_item *chunk = NULL;
    for (uint32_t i = 0; i < count; i++) {
        const lc_command *c = &commands[i];
        uint32_t kind = c->flags & LC_PKG_KIND_MASK;
        if (kind == 0 || kind >= LC_PKG_KIND_COUNT) misuse("unknown package kind", c);
        if (lc_sort_key_pass(c->sort_key) != pass) {
            pass = lc_sort_key_pass(c->sort_key);
            state_count = 0;
            chunk = NULL;
        }
        if (primary_kind(kind)) {
            chunk = NULL;
            lc_backend_item *it = add_item(b);
            it->first = i, it->count = 1;
            if (kind == LC_PKG_BEGIN_RENDERING) {
                if (rendering >= 0) misuse("rendering begun twice", c);
                rendering = (int32_t)i;
            } else if (kind == LC_PKG_END_RENDERING) {
                if (rendering < 0) misuse("rendering ended without a begin", c);
                rendering = -1;
            } else if (rendering >= 0) {
                misuse("markers and barriers go outside rendering", c);
            } else if (kind == LC_PKG_MARKER_PUSH) {
                if (b->marker_count == LC_BACKEND_MARKERS) misuse("too many markers", c);
                uint32_t m = b->marker_count++;
                const lc_pkg_marker *pkg = c->package;
                b->markers[m] = (lc_backend_marker){pkg->name, pkg->timer, depth, 2 * m, 2 * m + 1};
                stack[depth++] = m;
                it->marker = m;
            } else if (kind == LC_PKG_MARKER_POP) {
                if (!depth) misuse("marker popped without a push", c);
                it->marker = stack[--depth];
            }
            continue;
        }
        if (chunk && chunk->count == b->chunk) chunk = NULL;
        if (!chunk) {
            chunk = add_item(b);
            chunk->chunk = true;
            chunk->first = i;
            chunk->rendering = rendering;
            if (b->prologue_count + state_count > b->prologue_capacity) {
                b->prologue_capacity = LC_MAX(b->prologue_capacity * 2, b->prologue_count + state_count + 256);
                b->prologue = lc_realloc(b->prologue, b->prologue_capacity * sizeof *b->prologue);
            }
            chunk->prologue_first = b->prologue_count;
            chunk->prologue_count = state_count;
            if (state_count) memcpy(b->prologue + b->prologue_count, pass_state, state_count * sizeof *pass_state);
            b->prologue_count += state_count;
        }
        chunk->count++;
        if (state_kind(kind)) {
            for (uint32_t j = 0; j < state_count; j++)
                if (supersedes(&commands[pass_state[j]], c)) {
                    memmove(pass_state + j, pass_state + j + 1, (state_count - j - 1) * sizeof *pass_state);
                    state_count--;
                    break;
                }
            if (state_count == PASS_STATE_MAX) misuse("too many state commands in one pass", c);
            pass_state[state_count++] = i;
        }
    }
    if (depth) misuse("a marker was never popped", &commands[count - 1]);
    if (rendering >= 0) misuse("rendering never ended", &commands[count - 1]);
}

/* What a command buffer has bound, so draws of one material bind it once. */
typedef struct cb_state {
    uint32_t material;
    VkPipelineLayout layout;
    uint32_t raster; /* LC_RASTER_* set last; 0: unknown (a new buffer or pipeline) */
} cb_state;

static void set_raster(VkCommandBuffer cb, cb_state *st, uint32_t raster)
{
    if (!raster || raster == st->raster) return;
    st->raster = raster;
    vkCmdSetCullMode(cb, raster == LC_RASTER_NONE ? VK_CULL_MODE_NONE : VK_CULL_MODE_BACK_BIT);
    vkCmdSetFrontFace(cb, raster == LC_RASTER_BACK_CW ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE);
}

/* The draw's material (multi-pass: only commands keyed for the material shader pass bind it)
 * and raster state. */
static void bind_material(VkCommandBuffer cb, cb_state *st, const lc_command *c, const lc_draw_material *m)
{
    set_raster(cb, st, m->raster);
    if (lc_sort_key_shader_pass(c->sort_key) != LC_SHADER_PASS_MATERIAL || (st->material == m->material && st->layout == m->layout))
        return;
    st->material = m->material;
    st->layout = m->layout;
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, m->layout, m->set_index, 1, &m->set, 0, NULL);
    vkCmdPushConstants(cb, m->layout, VK_SHADER_STAGE_ALL, 0, sizeof m->constants, m->constants);
}

static void record(VkCommandBuffer cb, const lc_command *c, cb_state *st)
{
    const void *p = c->package;
    switch (c->flags & LC_PKG_KIND_MASK) {
    case LC_PKG_VIEWPORT: {
        const lc_pkg_viewport *v = p;
        VkViewport vp = {(float)v->x, (float)v->y, (float)v->width, (float)v->height, 0.0f, 1.0f};
        VkRect2D sc = {{v->x, v->y}, {v->width, v->height}};
        vkCmdSetViewport(cb, 0, 1, &vp);
        vkCmdSetScissor(cb, 0, 1, &sc);
        break;
    }
    case LC_PKG_BIND_PIPELINE: {
        const lc_pkg_bind_pipeline *b = p;
        vkCmdBindPipeline(cb, b->point, b->pipeline);
        st->raster = 0;
        break;
    }
    case LC_PKG_BIND_SET: {
        const lc_pkg_bind_set *s = p;
        vkCmdBindDescriptorSets(cb, s->point, s->layout, s->index, 1, &s->set, 0, NULL);
        st->material = UINT32_MAX;
        break;
    }
    case LC_PKG_PUSH_CONSTANTS: {
        const lc_pkg_push_constants *pc = p;
        vkCmdPushConstants(cb, pc->layout, VK_SHADER_STAGE_ALL, pc->offset, pc->size, pc->data);
        st->material = UINT32_MAX;
        break;
    }
    case LC_PKG_BIND_VERTEX: {
        const lc_pkg_bind_buffer *b = p;
        vkCmdBindVertexBuffers(cb, 0, 1, &b->buffer, &b->offset);
        break;
    }
    case LC_PKG_BIND_INDEX: {
        const lc_pkg_bind_buffer *b = p;
        vkCmdBindIndexBuffer(cb, b->buffer, b->offset, b->index_type);
        break;
    }
    case LC_PKG_DRAW: {
        const lc_pkg_draw *d = p;
        vkCmdDraw(cb, d->vertex_count, d->instance_count, d->first_vertex, d->first_instance);
        break;
    }
    case LC_PKG_DRAW_INDEXED: {
        const lc_pkg_draw_indexed *d = p;
        bind_material(cb, st, c, &d->mat);
        vkCmdDrawIndexed(cb, d->index_count, d->instance_count, d->first_index, d->vertex_offset, d->first_instance);
        break;
    }
    case LC_PKG_DRAW_INDIRECT_COUNT: {
        const lc_pkg_draw_indirect_count *d = p;
        bind_material(cb, st, c, &d->mat);
        vkCmdDrawIndexedIndirectCount(cb, d->buffer, d->offset, d->count_buffer, d->count_offset, d->max_draws, d->stride);
        break;
    }
    case LC_PKG_DRAW_MESH_TASKS: {
        const lc_pkg_draw_mesh_tasks *d = p;
        bind_material(cb, st, c, &d->mat);
        vkCmdPushConstants(cb, d->mat.layout, VK_SHADER_STAGE_ALL, d->push_offset, d->push_size, d->push);
        if (d->buffer)
            vkCmdDrawMeshTasksIndirectCountEXT(cb, d->buffer, d->offset, d->count_buffer, d->count_offset, d->max_draws,
                                               sizeof(VkDrawMeshTasksIndirectCommandEXT));
        else
            vkCmdDrawMeshTasksEXT(cb, d->group_count, 1, 1);
        break;
    }
    case LC_PKG_DISPATCH: {
        const lc_pkg_dispatch *d = p;
        vkCmdDispatch(cb, d->x, d->y, d->z);
        break;
    }
    case LC_PKG_COPY_BUFFER: {
        const lc_pkg_copy_buffer *cp = p;
        vkCmdCopyBuffer(cb, cp->src, cp->dst, 1, &cp->region);
        break;
    }
    case LC_PKG_FILL_BUFFER: {
        const lc_pkg_fill_buffer *f = p;
        vkCmdFillBuffer(cb, f->buffer, f->offset, f->size, f->value);
        break;
    }
    case LC_PKG_COPY_IMAGE_TO_BUFFER: {
        const lc_pkg_copy_image_to_buffer *cp = p;
        vkCmdCopyImageToBuffer(cb, cp->image, cp->layout, cp->buffer, 1, &cp->region);
        break;
    }
    case LC_PKG_COPY_BUFFER_TO_IMAGE: {
        const lc_pkg_copy_image_to_buffer *cp = p;
        vkCmdCopyBufferToImage(cb, cp->buffer, cp->image, cp->layout, 1, &cp->region);
        break;
    }
    case LC_PKG_COPY_IMAGE: {
        const lc_pkg_copy_image *cp = p;
        vkCmdCopyImage(cb, cp->src, cp->src_layout, cp->dst, cp->dst_layout, 1, &cp->region);
        break;
    }
    default: misuse("a primary command in a secondary", c);
    }
}

static VkCommandBuffer next_buffer(lc_context *ctx, lc_backend_thread *th)
{
    if (th->used == th->allocated) {
        uint32_t more = th->allocated ? th->allocated : 16;
        th->buffers = lc_realloc(th->buffers, (th->allocated + more) * sizeof *th->buffers);
        VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = th->pool,
                                          .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY, .commandBufferCount = more};
        VK_CHECK(vkAllocateCommandBuffers(ctx->device, &ai, th->buffers + th->allocated));
        for (uint32_t i = 0; i < more; i++)
            LC_NAMEF(ctx, VK_OBJECT_TYPE_COMMAND_BUFFER, th->buffers[th->allocated + i], "secondary %u", th->allocated + i);
        th->allocated += more;
    }
    return th->buffers[th->used++];
}

static void record_chunk(lc_render_backend *b, lc_backend_thread *th, const lc_command *commands, lc_backend_item *it)
{
    VkCommandBuffer cb = next_buffer(b->ctx, th);
    VkFormat color_format = VK_FORMAT_UNDEFINED;
    VkCommandBufferInheritanceRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
                                                  .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkCommandBufferInheritanceInfo ii = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, .pInheritanceInfo = &ii};
    if (it->rendering >= 0) {
        const lc_pkg_rendering *r = commands[it->rendering].package;
        color_format = r->color_format;
        ri.colorAttachmentCount = r->color ? 1 : 0;
        ri.pColorAttachmentFormats = &color_format;
        ri.depthAttachmentFormat = r->depth ? r->depth_format : VK_FORMAT_UNDEFINED;
        ii.pNext = &ri;
        bi.flags |= VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT;
    }
    VK_CHECK(vkBeginCommandBuffer(cb, &bi));
    cb_state st = {.material = UINT32_MAX};
    for (uint32_t i = 0; i < it->prologue_count; i++) record(cb, &commands[b->prologue[it->prologue_first + i]], &st);
    for (uint32_t i = 0; i < it->count; i++) record(cb, &commands[it->first + i], &st);
    VK_CHECK(vkEndCommandBuffer(cb));
    it->buffer = cb;
}

static void record_primary(lc_render_backend *b, VkCommandBuffer cb, const lc_command *c, const lc_backend_item *it,
                           VkQueryPool queries)
{
    switch (c->flags & LC_PKG_KIND_MASK) {
    case LC_PKG_MARKER_PUSH: {
        const lc_backend_marker *m = &b->markers[it->marker];
        lc_vk_label_begin(b->ctx, cb, m->name);
        vkCmdWriteTimestamp2(cb, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, queries, m->query_begin);
        break;
    }
    case LC_PKG_MARKER_POP:
        vkCmdWriteTimestamp2(cb, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, queries, b->markers[it->marker].query_end);
        lc_vk_label_end(b->ctx, cb);
        break;
    case LC_PKG_BARRIER: {
        const lc_pkg_barrier *p = c->package;
        VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                               .memoryBarrierCount = p->memory_count, .pMemoryBarriers = p->memory,
                               .imageMemoryBarrierCount = p->image_count, .pImageMemoryBarriers = p->images};
        if (p->memory_count || p->image_count) vkCmdPipelineBarrier2(cb, &di);
        break;
    }
    case LC_PKG_BEGIN_RENDERING: {
        const lc_pkg_rendering *d = c->package;
        VkRenderingAttachmentInfo color = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = d->color,
            .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, .loadOp = d->color_load,
            .storeOp = VK_ATTACHMENT_STORE_OP_STORE, .clearValue.color = d->clear_color,
        };
        VkRenderingAttachmentInfo depth = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = d->depth, .imageLayout = d->depth_layout,
            .loadOp = d->depth_load, .storeOp = d->depth_store, .clearValue.depthStencil = {1.0f, 0},
        };
        VkRenderingInfo ri = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
            .flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
            .renderArea = {{d->x, d->y}, {d->width, d->height}},
            .layerCount = 1,
            .colorAttachmentCount = d->color ? 1 : 0,
            .pColorAttachments = d->color ? &color : NULL,
            .pDepthAttachment = d->depth ? &depth : NULL,
        };
        vkCmdBeginRendering(cb, &ri);
        break;
    }
    case LC_PKG_END_RENDERING: vkCmdEndRendering(cb); break;
    default: misuse("a secondary command in the primary", c);
    }
}

typedef struct secondary_job {
    lc_render_backend *b;
    lc_backend_thread *threads; /* the slot's, one per job thread */
    const lc_command *commands;
} secondary_job;

static void record_secondaries(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    secondary_job *job = user;
    for (uint32_t i = first; i < first + count; i++)
        if (job->b->items[i].chunk) record_chunk(job->b, &job->threads[thread], job->commands, &job->b->items[i]);
}

void lc_render_backend_translate(lc_render_backend *b, uint32_t slot, const lc_command *commands, uint32_t count,
                                 VkCommandBuffer primary, VkQueryPool queries)
{
    split(b, commands, count);
    lc_backend_thread *threads = b->slots[slot % LC_BACKEND_SLOTS];
    for (uint32_t t = 0; t < b->threads; t++) {
        VK_CHECK(vkResetCommandPool(b->ctx->device, threads[t].pool, 0));
        threads[t].used = 0;
    }
    /* Secondaries in parallel: each thread records into buffers of its own pool. */
    uint32_t items = b->item_count;
    uint32_t active = b->active_threads ? LC_MIN(b->active_threads, b->threads) : b->threads;
    secondary_job job = {b, threads, commands};
    lc_jobs_run_on(active, items, 1, record_secondaries, &job);
    b->secondaries = 0;
    vkCmdResetQueryPool(primary, queries, 0, 2 * LC_BACKEND_MARKERS);
    /* The primary in stream order; runs of chunks go out in one vkCmdExecuteCommands. */
    VkCommandBuffer run[64];
    uint32_t run_count = 0;
    for (uint32_t i = 0; i < items; i++) {
        const lc_backend_item *it = &b->items[i];
        if (it->chunk) {
            run[run_count++] = it->buffer;
            b->secondaries++;
        }
        bool flush = !it->chunk || run_count == LC_ARRAY_COUNT(run) || i + 1 == items || !b->items[i + 1].chunk;
        if (flush && run_count) {
            vkCmdExecuteCommands(primary, run_count, run);
            run_count = 0;
        }
        if (!it->chunk) record_primary(b, primary, &commands[it->first], it, queries);
    }
}

void lc_command_describe(const lc_command *c, char *out, size_t size)
{
    uint32_t kind = c->flags & LC_PKG_KIND_MASK;
    uint64_t k = c->sort_key;
    int n = snprintf(out, size, "pass %u seq %u shader %u pipeline %u material %u depth %u %s", lc_sort_key_pass(k),
                     lc_sort_key_seq(k), lc_sort_key_shader_pass(k), lc_sort_key_pipeline(k), lc_sort_key_material(k),
                     lc_sort_key_depth(k), kind < LC_PKG_KIND_COUNT ? kind_names[kind] : "?");
    if (n < 0 || (size_t)n >= size || !c->package) return;
    char *at = out + n;
    size_t left = size - (size_t)n;
    switch (kind) {
    case LC_PKG_MARKER_PUSH: snprintf(at, left, " '%s'", ((const lc_pkg_marker *)c->package)->name); break;
    case LC_PKG_BARRIER: {
        const lc_pkg_barrier *p = c->package;
        snprintf(at, left, " %u memory %u image", p->memory_count, p->image_count);
        break;
    }
    case LC_PKG_VIEWPORT:
    case LC_PKG_BEGIN_RENDERING: {
        const uint32_t *wh = c->package; /* both start with width, height */
        snprintf(at, left, " %ux%u", wh[0], wh[1]);
        break;
    }
    case LC_PKG_PUSH_CONSTANTS: snprintf(at, left, " %u bytes", ((const lc_pkg_push_constants *)c->package)->size); break;
    case LC_PKG_DRAW: {
        const lc_pkg_draw *d = c->package;
        snprintf(at, left, " %u vertices", d->vertex_count);
        break;
    }
    case LC_PKG_DRAW_INDEXED: {
        const lc_pkg_draw_indexed *d = c->package;
        snprintf(at, left, " %u indices from %u vertex offset %d instance %u material %u", d->index_count, d->first_index,
                 d->vertex_offset, d->first_instance, d->mat.material);
        break;
    }
    case LC_PKG_DISPATCH: {
        const lc_pkg_dispatch *d = c->package;
        snprintf(at, left, " %ux%ux%u", d->x, d->y, d->z);
        break;
    }
    case LC_PKG_DRAW_INDIRECT_COUNT: {
        const lc_pkg_draw_indirect_count *d = c->package;
        snprintf(at, left, " up to %u draws material %u raster %u", d->max_draws, d->mat.material, d->mat.raster);
        break;
    }
    case LC_PKG_DRAW_MESH_TASKS: {
        const lc_pkg_draw_mesh_tasks *d = c->package;
        if (d->buffer) snprintf(at, left, " up to %u mesh-tasks commands material %u raster %u", d->max_draws, d->mat.material, d->mat.raster);
        else snprintf(at, left, " %u task groups material %u raster %u", d->group_count, d->mat.material, d->mat.raster);
        break;
    }
    case LC_PKG_FILL_BUFFER: {
        const lc_pkg_fill_buffer *f = c->package;
        snprintf(at, left, " value 0x%x", f->value);
        break;
    }
    default: break;
    }
}
