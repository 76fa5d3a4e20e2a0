/* What comes back from the GPU: a completed frame's counts, timings and image, collected
 * when its slot comes round again (or lc_renderer_finish waits for every slot), and the
 * synchronous read of a tracked resource (tests, the inspector, the probes' capture). */
#include <stdlib.h>
#include <string.h>

#include "frame_state.h"

void lc_frame_collect(lc_renderer *r, lc_frame_slot *slot)
{
    if (!slot->submitted) return;
    VkResult waited = vkWaitForFences(r->ctx->device, 1, &slot->fence, VK_TRUE, UINT64_MAX);
    if (lc_fault_device_lost()) waited = VK_ERROR_DEVICE_LOST;
    if (waited < 0) lc_vk_fatal("vkWaitForFences", waited, __FILE__, __LINE__);
    slot->submitted = false;
    lc_geometry_counts gc = slot->geometry;
    if (gc.path != LC_GEOMETRY_DIRECT) {
        const lc_gpu_geometry_stats *st = r->dev.geo.stats[slot - r->frame.slots].mapped;
        gc.meshlets_drawn = st->meshlets.x;
        gc.culled_frustum = st->meshlets.y;
        gc.culled_backface = st->meshlets.z;
        gc.culled_occlusion = st->meshlets.w;
        gc.triangles_drawn = st->triangles.x;
        gc.culled_sublets = st->triangles.w;
    }
    if (gc.raster == LC_RASTERIZER_COMPUTE) {
        const lc_gpu_geometry_stats *st = r->dev.geo.stats[slot - r->frame.slots].mapped;
        gc.raster_triangles = st->raster.x;
        gc.raster_pixels = st->raster.y;
        gc.raster_clipped = st->raster.z;
        gc.raster_big = st->raster.w;
    }
    r->frame.geometry = gc;
    /* The shadow stats of this slot's frame, with what its GPU cull drew (frame_shadows.c). */
    r->frame.shadow_stats = slot->shadow_frame;
    if (r->frame.shadow_frames++) {
        r->frame.shadow_rendered_sum += slot->shadow_frame.views_rendered;
        r->frame.shadow_rendered_max = LC_MAX(r->frame.shadow_rendered_max, slot->shadow_frame.views_rendered);
        for (uint32_t k = 0; k < slot->shadow_frame.cascades && k < LC_SHADOW_CASCADES_MAX; k++)
            r->frame.cascade_renders[k] += slot->shadow_frame.cascade[k].rendered ? 1u : 0u;
    }
    if (slot->shadow_views_culled) {
        const uint32_t *st = slot->shadow_stats.mapped;
        r->frame.shadow_stats.triangles = st[0];
        r->frame.shadow_stats.triangles_unculled = st[1];
        r->frame.shadow_stats.culled_occlusion = st[2];
    }
    /* Each cascade's figures: those of its last render (a cached one drew nothing this frame). */
    for (uint32_t k = 0; k < r->frame.shadow_stats.cascades; k++) {
        lc_cascade_stats *c = &r->frame.shadow_stats.cascade[k];
        if (c->rendered && slot->shadow_views_culled) {
            const uint32_t *st = (const uint32_t *)slot->shadow_stats.mapped + LC_SHADOW_CULL_CASCADE_STATS + 4 * k;
            c->meshlets_drawn = st[0];
            c->triangles = st[1];
        }
        if (c->rendered) {
            r->frame.cascade_last[k] = *c;
        } else {
            c->objects = r->frame.cascade_last[k].objects;
            c->objects_enclosed = r->frame.cascade_last[k].objects_enclosed;
            c->meshlets_drawn = r->frame.cascade_last[k].meshlets_drawn;
            c->triangles = r->frame.cascade_last[k].triangles;
        }
    }
    uint64_t ts[LC_BACKEND_MARKERS * 2];
    uint32_t n = slot->marker_count * 2;
    if (n && vkGetQueryPoolResults(r->ctx->device, slot->queries, 0, n, sizeof ts, ts, sizeof ts[0],
                                   VK_QUERY_RESULT_64_BIT) == VK_SUCCESS) {
        lc_frame_timings t = {.valid = true};
        double tick_ms = r->ctx->timestamp_period * 1e-6;
        uint64_t first = UINT64_MAX, last = 0;
        /* One marker per pass; a nested marker's time is already in its parent's timer. */
        for (uint32_t p = 0; p < slot->marker_count; p++) {
            const lc_backend_marker *m = &slot->markers[p];
            double ms = (double)(ts[m->query_end] - ts[m->query_begin]) * tick_ms;
            if (m->timer >= 0 && m->timer < LC_TIMER_COUNT && m->depth == 0) t.ms[m->timer] += ms;
            memcpy(t.pass_names[p], slot->marker_names[p], sizeof t.pass_names[p]);
            t.pass_ms[p] = ms;
            t.pass_count = p + 1;
            first = LC_MIN(first, ts[m->query_begin]);
            last = LC_MAX(last, ts[m->query_end]);
        }
        t.frame_ms = (double)(last - first) * tick_ms;
        r->frame.timings = t;
        r->frame.timings_serial++;
    }
    if (slot->readback_pending) {
        slot->readback_pending = false;
        size_t bytes = (size_t)r->frame.output_width * r->frame.output_height * 4;
        r->frame.output_pixels = lc_realloc(r->frame.output_pixels, bytes);
        memcpy(r->frame.output_pixels, slot->readback.mapped, bytes);
        if (r->target->format == VK_FORMAT_B8G8R8A8_SRGB) {
            for (size_t i = 0; i < bytes; i += 4) {
                uint8_t t = r->frame.output_pixels[i];
                r->frame.output_pixels[i] = r->frame.output_pixels[i + 2];
                r->frame.output_pixels[i + 2] = t;
            }
        }
    }
}

lc_renderer_info lc_renderer_query(const lc_renderer *r)
{
    const lc_frame_state *f = &r->frame;
    const lc_frame_slot *last = &f->slots[(f->index + LC_FRAMES_IN_FLIGHT - 1) % LC_FRAMES_IN_FLIGHT];
    return (lc_renderer_info){
        .frames = f->index, .width = r->sized.width, .height = r->sized.height, .settings = r->settings,
        .raster_requested = f->raster_requested, .tonemap_path = f->tonemap_path, .tile_size = f->ubo.light_info.z,
        .heat_scale = f->ubo.options.w, .list_max = r->desc.list_max, .zbin_count = r->desc.zbin_count,
        .cluster_tile = r->desc.cluster_tile, .cluster_slices = r->desc.cluster_slices, .cluster_x = r->sized.cluster_x,
        .cluster_y = r->sized.cluster_y, .vis_prim_bits = r->sized.vis_prim_bits,
        .light_count = f->light_count, .decal_count = f->decal_count, .probe_count = f->probe_count, .lights_visible = f->lights_visible,
        .draw_count = f->draw_count, .blend_count = f->blend_count, .culled_sphere = f->object_cull.culled_sphere,
        .culled_oobb = f->object_cull.culled_oobb, .object_masks = &f->object_masks, .ubo = &f->ubo, .packed = f->packed,
        .decals_packed = f->decals_packed, .shadow_of = last->shadow_lights.mapped, .cpu_ms = f->cpu_ms,
        .threads = f->threads, .backend_threads = r->dev.backend.threads, .commands = f->sorted_count,
        .secondaries = r->dev.backend.secondaries, .pool_blocks = lc_block_pool_blocks(r->dev.block_pool),
        .timings = &f->timings, .timings_serial = f->timings_serial, .geometry = &f->geometry, .shadows = &f->shadow_stats,
        .shadow_frames = f->shadow_frames, .shadow_rendered_max = f->shadow_rendered_max, .shadow_rendered_sum = f->shadow_rendered_sum,
        .cascade_renders = f->cascade_renders,
        .output_pixels = f->output_pixels, .output_width = f->output_width, .output_height = f->output_height,
        .materials_by_alpha = {r->dev.materials_by_alpha[0], r->dev.materials_by_alpha[1], r->dev.materials_by_alpha[2]},
        .gpu_skinning = r->dev.motion.gpu.range_count > 0, .cull_unavailable = r->dev.geo.cull_unavailable,
        .decode_ms = r->dev.geo.decode_ms, .visibility_refusal = r->dev.vis_scene.refusal,
        .radiance_scale = r->dev.environment.radiance_scale,
    };
}

void lc_renderer_finish(lc_renderer *r)
{
    /* Oldest frame first, so the last frame's timings and counts are the ones kept. */
    for (uint32_t i = 0; i < LC_FRAMES_IN_FLIGHT; i++) lc_frame_collect(r, &r->frame.slots[(r->frame.index + i) % LC_FRAMES_IN_FLIGHT]);
}

void *lc_renderer_read(lc_renderer *r, lc_res res, size_t *size_out)
{
    lc_context *ctx = r->ctx;
    lc_renderer_finish(r);
    VK_CHECK(vkDeviceWaitIdle(ctx->device));
    lc_buffer *src = NULL;
    VkDeviceSize size = 0;
    switch (res) {
    case LC_RES_DEPTH: size = (VkDeviceSize)r->sized.width * r->sized.height * 4; break;
    case LC_RES_HDR: size = (VkDeviceSize)r->sized.width * r->sized.height * 8; break;
    case LC_RES_HIZ:
        for (uint32_t m = 0; m < r->sized.hiz.mip_levels; m++)
            size += (VkDeviceSize)LC_MAX(r->sized.width >> m, 1u) * LC_MAX(r->sized.height >> m, 1u) * 4;
        break;
    case LC_RES_GEO_VISIBILITY: src = &r->dev.geo.visibility; break;
    case LC_RES_TILE_BITS: src = &r->sized.tile_bits; break;
    case LC_RES_TILE_LISTS: src = &r->sized.tile_lists; break;
    case LC_RES_ZBINS: src = &r->sized.zbins; break;
    case LC_RES_CLUSTER_BITS: src = &r->sized.cluster_bits; break;
    case LC_RES_COUNTERS: src = &r->sized.counters; break;
    case LC_RES_ANALYSIS: src = &r->sized.analysis; break;
    case LC_RES_TILE_DEPTH: src = &r->sized.tile_depth; break;
    case LC_RES_COARSE_BITS: src = &r->sized.coarse_bits; break;
    case LC_RES_TILE_MASK: src = &r->sized.tile_mask; break;
    case LC_RES_FOOTPRINTS: src = &r->sized.footprints; break;
    case LC_RES_BIN_WORK: src = &r->sized.bin_work; break;
    default: return NULL;
    }
    if (src) size = src->size;
    /* Under the compute raster the frame's depth is the resolve's words (the depth image has
     * them only in frames with a transparent pass): the same floats, row-major, so the copy
     * is of that range of the raster buffer. */
    VkDeviceSize src_offset = 0;
    if (res == LC_RES_DEPTH && r->frame.depth_words) {
        res = LC_RES_RASTER;
        src = &r->sized.raster;
        src_offset = size * LC_RASTER_DEPTH_WORD;
    }
    lc_buffer host;
    lc_buffer_desc hd = {.size = size, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT, .host_visible = true, .name = "readback"};
    if (lc_buffer_create(ctx, &hd, &host) != LC_OK) return NULL;
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    lc_use u = {res, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                res == LC_RES_DEPTH || res == LC_RES_HDR ? VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL
                : res == LC_RES_HIZ ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_UNDEFINED};
    lc_barrier_list barrier = {0};
    lc_frame_transition(r, &u, &barrier);
    lc_barrier_list_record(cmd, &barrier);
    if (src) {
        VkBufferCopy region = {.srcOffset = src_offset, .size = size};
        vkCmdCopyBuffer(cmd, src->buffer, host.buffer, 1, &region);
    } else if (res == LC_RES_HIZ) {
        /* Every level, one after another. */
        VkDeviceSize offset = 0;
        for (uint32_t m = 0; m < r->sized.hiz.mip_levels; m++) {
            uint32_t w = LC_MAX(r->sized.width >> m, 1u), h = LC_MAX(r->sized.height >> m, 1u);
            VkBufferImageCopy region = {.bufferOffset = offset, .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, m, 0, 1},
                                        .imageExtent = {w, h, 1}};
            vkCmdCopyImageToBuffer(cmd, r->sized.hiz.image, VK_IMAGE_LAYOUT_GENERAL, host.buffer, 1, &region);
            offset += (VkDeviceSize)w * h * 4;
        }
    } else if (res == LC_RES_HDR) {
        VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                    .imageExtent = {r->sized.width, r->sized.height, 1}};
        vkCmdCopyImageToBuffer(cmd, r->sized.hdr.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, host.buffer, 1, &region);
    } else {
        VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                                    .imageExtent = {r->sized.width, r->sized.height, 1}};
        vkCmdCopyImageToBuffer(cmd, r->sized.depth.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, host.buffer, 1, &region);
    }
    lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                      VK_ACCESS_2_HOST_READ_BIT);
    lc_vk_end_once(ctx, cmd);
    void *out = lc_alloc(size);
    memcpy(out, host.mapped, size);
    lc_buffer_destroy(ctx, &host);
    if (size_out) *size_out = size;
    return out;
}
