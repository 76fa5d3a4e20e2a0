/* The compute raster (--raster compute, visibility shading): the meshlet cull's commands of
 * each phase rasterized by raster.comp into a 64-bit visibility buffer (depth key and id, one
 * atomic max per pixel), then resolved by a compute pass into the id image (the shade reads
 * it) and the depth as floats in the buffer's depth words. Those words are the camera's depth:
 * the HiZ between the phases and the light cull's tile depth read them (their *_raster.comp
 * variants), and so does a host read of LC_RES_DEPTH (frame_readback.c). The D32 depth image
 * gets them by a copy (`raster depth`) only where a pass after reads that image: the
 * transparent pass's hardware depth test (lc_passes_raster_depth_settle). Every geometry path
 * runs the mdi path's GPU cull under it (direct: one phase, no occlusion). No hardware depth
 * pre-pass and no fragment pass runs. */
#include "passes/passes.h"

#include <stdio.h>
#include <string.h>

static void record_clear(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    /* The per-pixel atomic counters after the buffer only for --view overdraw. */
    VkDeviceSize pixels = (VkDeviceSize)f->sized->width * f->sized->height;
    lc_rc_fill_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), f->sized->raster.buffer, 0, pixels * (f->settings->view == LC_VIEW_OVERDRAW ? 12 : 8), 0);
    lc_rc_fill_buffer(rc, lc_sort_key(pass, LC_SEQ_WORK), f->sized->raster_work.buffer, 0, 16, 0);
}

// raster clear: the visibility buffer to 0 (no depth, no id: the resolve's background), the
// big-triangle list empty.
lc_pass lc_pass_raster_clear(void)
{
    return (lc_pass){.name = "raster clear", .timer = LC_TIMER_DEPTH, .record = record_clear, .use_count = 1,
                     .uses = {{LC_RES_RASTER, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, 0}}};
}

/* A raster pipeline and its two sets (the frame's, the visibility scene's); the pass's key. */
static uint64_t bind_raster(const lc_frame *f, lc_render_context *rc, uint32_t pass, VkPipeline pipeline)
{
    uint64_t key = lc_sort_key(pass, LC_SEQ_WORK);
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->vis_scene.layout, 0, f->slot->set);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->vis_scene.layout, 1, f->dev->vis_scene.set);
    return key;
}

static void record_raster(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    uint32_t tasks = f->dev->geo.task_count;
    if (!tasks) return;
    uint64_t key = bind_raster(f, rc, pass, f->dev->pipes.raster_pipeline[phase]);
    /* One workgroup per task (its command of the phase), in rows of at most 65535. */
    uint32_t x = LC_MIN(tasks, 65535u);
    lc_rc_dispatch(rc, key, x, LC_DIV_UP(tasks, x), 1);
}

// raster (/ phase N): the phase's surviving meshlets' triangles, one lane each, into the
// visibility buffer (atomic max of depth key and id); the big ones into the big pass's list.
lc_pass lc_pass_raster(uint32_t phase)
{
    static const char *const names[3] = {"raster", "raster / phase 1", "raster / phase 2"};
    lc_pass p = {.name = names[phase], .timer = LC_TIMER_DEPTH,
                 .record = record_raster, .data.phase = phase};
    p.uses[p.use_count++] = (lc_use){LC_RES_RASTER, LC_STAGE_COMPUTE, LC_RW, 0};
    /* The commands (read) and the counts' raster statistics (atomics). */
    p.uses[p.use_count++] = (lc_use){LC_RES_GEO_COMMANDS, LC_STAGE_COMPUTE, LC_RW, 0};
    return p;
}

static void record_big(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    uint32_t phase = self->data.phase;
    uint64_t key = bind_raster(f, rc, pass, f->dev->pipes.raster_big_pipeline[phase]);
    lc_rc_dispatch(rc, key, LC_RASTER_BIG_GROUPS, 1, 1);
}

// raster / big (/ phase N): the phase's big triangles (their box past LC_RASTER_BIG_MIN pixels),
// a workgroup per tile of each, so a floor at 4K is not one lane's loop.
lc_pass lc_pass_raster_big(uint32_t phase)
{
    static const char *const names[3] = {"raster / big", "raster / big / phase 1", "raster / big / phase 2"};
    lc_pass p = {.name = names[phase], .timer = LC_TIMER_DEPTH,
                 .record = record_big, .data.phase = phase};
    p.uses[p.use_count++] = (lc_use){LC_RES_RASTER, LC_STAGE_COMPUTE, LC_RW, 0};
    p.uses[p.use_count++] = (lc_use){LC_RES_GEO_COMMANDS, LC_STAGE_COMPUTE, LC_RW, 0};
    return p;
}

static void record_resolve(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    uint64_t key = lc_sort_key(pass, LC_SEQ_WORK);
    lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->pipes.raster_resolve_pipeline);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, f->dev->layout, 0, f->slot->set);
    lc_rc_dispatch(rc, key, LC_DIV_UP(f->sized->width, 16u), LC_DIV_UP(f->sized->height, 8u), 1);
}

// raster resolve (/ phase 1): the visibility buffer into the id image (storage writes) and
// its depth words (floats), in compute: no fragment pass.
lc_pass lc_pass_raster_resolve(uint32_t phase)
{
    lc_pass p = {.name = phase == LC_GEOMETRY_CULL_PHASE_1 ? "raster resolve / phase 1" : "raster resolve", .timer = LC_TIMER_DEPTH,
                 .record = record_resolve};
    p.uses[p.use_count++] = (lc_use){LC_RES_RASTER, LC_STAGE_COMPUTE, LC_RW, 0};
    p.uses[p.use_count++] = (lc_use){LC_RES_VISIBILITY, LC_STAGE_COMPUTE, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_IMAGE_LAYOUT_GENERAL};
    return p;
}

static void record_depth(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    VkDeviceSize pixels = (VkDeviceSize)f->sized->width * f->sized->height;
    VkBufferImageCopy region = {.bufferOffset = pixels * 4 * LC_RASTER_DEPTH_WORD,
                                .imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                                .imageExtent = {f->sized->width, f->sized->height, 1}};
    lc_rc_copy_buffer_to_image(rc, lc_sort_key(pass, LC_SEQ_WORK), f->sized->raster.buffer, f->sized->depth.image,
                               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &region);
}

// raster depth: the frame's resolved depth words copied into the D32 depth image, for a pass
// after that reads a depth image (the transparent pass's depth test): a transfer, not a
// full-screen fragment pass writing gl_FragDepth. Only in frames that have such a pass.
lc_pass lc_pass_raster_depth(void)
{
    lc_pass p = {.name = "raster depth", .timer = LC_TIMER_DEPTH, .record = record_depth};
    p.uses[p.use_count++] = (lc_use){LC_RES_RASTER, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_READ_BIT, 0};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, LC_STAGE_TRANSFER, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL};
    return p;
}

/* The camera as a view of the compute raster: the mdi path's cull, the raster's draws. */
static uint32_t raster_cull(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)f, (void)ctx;
    passes[0] = lc_pass_geometry_cull(phase);     // geometry cull (/ phase 1): the meshlets to raster; late: the rest against the HiZ
    return 1;
}

static uint32_t raster_draw(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)f, (void)ctx;
    uint32_t n = 0;
    passes[n++] = lc_pass_raster(phase);          // raster (/ phase N): their triangles into the buffer
    passes[n++] = lc_pass_raster_big(phase);      // raster / big (/ phase N): the big ones a tile a workgroup
    if (phase == LC_GEOMETRY_CULL_PHASE_1)
        passes[n++] = lc_pass_raster_resolve(phase); // raster resolve / phase 1: the depth words the HiZ reads
    return n;
}

uint32_t lc_passes_raster(const lc_frame *f, lc_pass *passes)
{
    uint32_t n = 0;
    lc_view_kind k = {NULL, raster_cull, raster_draw, lc_pass_hiz_raster};
    passes[n++] = lc_pass_geometry_clear();          // geometry clear: counters start at zero
    passes[n++] = lc_pass_raster_clear();            // raster clear: the visibility buffer empty
    n += lc_passes_cull_and_draw(f, &k, f->settings->occlusion, passes + n); // cull, raster (phase 1), hiz, cull, raster (phase 2)
    passes[n++] = lc_pass_raster_resolve(LC_GEOMETRY_CULL_PHASE_ALL); // raster resolve: ids and depth for the frame
    passes[n++] = lc_pass_raster_depth();            // raster depth: the depth image, if a pass after reads it (settled below)
    passes[n++] = lc_pass_geometry_stats();          // geometry stats: the counters (the raster's too) to the host
    return n;
}

/* The depth copy stays where a pass after it uses the depth image: the transparent pass (its
 * hardware depth test) today, whatever reads LC_RES_DEPTH tomorrow; the HiZ and the light cull
 * read the words under the compute raster. Without a copy no pass of the frame touches the
 * depth image, so none reads it stale. */
uint32_t lc_passes_raster_depth_settle(lc_pass *passes, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (passes[i].record != record_depth) continue;
        for (uint32_t j = i + 1; j < n; j++)
            for (uint32_t u = 0; u < passes[j].use_count; u++)
                if (passes[j].uses[u].res == LC_RES_DEPTH) return n;
        memmove(passes + i, passes + i + 1, (n - i - 1) * sizeof *passes);
        return n - 1;
    }
    return n;
}

const char *lc_raster_missing(const lc_frame *f, char *buf, size_t size)
{
    const lc_context *ctx = f->ctx;
    if (!ctx->buffer_int64_atomics) {
        snprintf(buf, size, "device '%s' lacks the Vulkan feature%s%s", ctx->props.deviceName,
                 ctx->shader_int64 ? " shaderBufferInt64Atomics" : "s shaderInt64 and shaderBufferInt64Atomics",
                 lc_device_hidden(&ctx->hide, LC_HIDE_INT64) ? " (hidden by LC_DEVICE_HIDE)" : "");
        return buf;
    }
    if (!f->sized->vis_prim_bits) {
        snprintf(buf, size, "the scene's ids do not fit the 32 bits beside the depth (--visibility-ids 64 or too many triangles)");
        return buf;
    }
    if (f->dev->geo.cull_unavailable) {
        snprintf(buf, size, "the scene has more meshlet draws than the GPU culling buffers hold");
        return buf;
    }
    return NULL;
}

uint32_t lc_raster_auto_for(VkPhysicalDeviceType type)
{
    /* A device-class rule, from measurements (docs/RASTER.md, "auto"): on a discrete GPU the
     * compute raster takes the NVIDIA H100's 4K frame from 4.087 to 1.213 ms (hall) and was the
     * faster at every size measured (1080p to 4K, hall, Sponza, the 67 M-triangle grid): its
     * graphics units are few beside its compute units. On lavapipe (a CPU device) the hardware
     * raster is the faster from 720p up. Integrated and virtual GPUs are not measured: the
     * hardware. Deterministic (no timing at start), so tests see one choice per device. */
    return type == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ? LC_RASTERIZER_COMPUTE : LC_RASTERIZER_HARDWARE;
}

uint32_t lc_raster_auto(const lc_frame *f) { return lc_raster_auto_for(f->ctx->props.deviceType); }
