/* The frame's size-dependent resources (the culling structures, depth, HDR, visibility ids,
 * HiZ, analysis, the transparent cull's copies) and the per-slot descriptor sets that name
 * them; the light buffers sized by the light capacity. Made again on resize (frame.c). */
#include "frame_state.h"

#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "vk/pipelines.h"

#define ANALYSIS_DUMMY_BYTES 16

void lc_frame_destroy_sized(lc_renderer *r)
{
    lc_context *ctx = r->ctx;
    lc_image_destroy(ctx, &r->sized.depth);
    lc_image_destroy(ctx, &r->sized.hdr);
    lc_image_destroy(ctx, &r->sized.visibility);
    lc_hiz_destroy(ctx, &r->sized.hiz, r->sized.hiz_views);
    lc_buffer_destroy(ctx, &r->sized.tile_bits);
    lc_buffer_destroy(ctx, &r->sized.tile_lists);
    lc_buffer_destroy(ctx, &r->sized.zbins);
    lc_buffer_destroy(ctx, &r->sized.cluster_bits);
    lc_buffer_destroy(ctx, &r->sized.counters);
    lc_buffer_destroy(ctx, &r->sized.analysis);
    lc_buffer_destroy(ctx, &r->sized.tile_depth);
    lc_buffer_destroy(ctx, &r->sized.coarse_bits);
    lc_buffer_destroy(ctx, &r->sized.tile_mask);
    lc_buffer_destroy(ctx, &r->sized.footprints);
    lc_buffer_destroy(ctx, &r->sized.bin_work);
    lc_buffer_destroy(ctx, &r->sized.raster);
    lc_buffer_destroy(ctx, &r->sized.raster_work);
    lc_transparent_cull *t = &r->sized.transparent;
    lc_buffer *tb[] = {&t->tile_bits, &t->tile_lists, &t->zbins, &t->cluster_bits, &t->counters, &t->tile_depth, &t->coarse_bits,
                       &t->tile_mask, &t->footprints, &t->bin_work};
    for (size_t i = 0; i < LC_ARRAY_COUNT(tb); i++) lc_buffer_destroy(ctx, tb[i]);
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) lc_buffer_destroy(ctx, &r->frame.slots[i].readback);
}

static lc_status storage(lc_renderer *r, lc_buffer *b, uint64_t size, const char *name)
{
    lc_buffer_desc d = {.size = size ? size : 16,
                        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                        .name = name};
    return lc_buffer_create(r->ctx, &d, b);
}

/* The transparent set's frame constants and culling buffers: the transparent cull's. */
static void transparent_bindings(const lc_frame_slot *s, const lc_transparent_cull *t, VkDescriptorBufferInfo *bi)
{
    bi[LC_BIND_FRAME].buffer = s->ubo_transparent.buffer;
    bi[LC_BIND_TILE_BITS].buffer = t->tile_bits.buffer;
    bi[LC_BIND_TILE_LISTS].buffer = t->tile_lists.buffer;
    bi[LC_BIND_ZBINS].buffer = t->zbins.buffer;
    bi[LC_BIND_CLUSTER_BITS].buffer = t->cluster_bits.buffer;
    bi[LC_BIND_COUNTERS].buffer = t->counters.buffer;
    bi[LC_BIND_TILE_DEPTH].buffer = t->tile_depth.buffer;
    bi[LC_BIND_COARSE_BITS].buffer = t->coarse_bits.buffer;
    bi[LC_BIND_TILE_MASK].buffer = t->tile_mask.buffer;
    bi[LC_BIND_FOOTPRINTS].buffer = t->footprints.buffer;
    bi[LC_BIND_BIN_WORK].buffer = t->bin_work.buffer;
}

static void write_frame_sets(lc_renderer *r)
{
    /* The slots' frame sets, then (scenes with blended objects) their transparent sets. */
    for (int i = 0; i < 2 * LC_FRAMES_IN_FLIGHT; i++) {
        lc_frame_slot *s = &r->frame.slots[i % LC_FRAMES_IN_FLIGHT];
        const lc_transparent_cull *t = i >= LC_FRAMES_IN_FLIGHT ? &r->sized.transparent : NULL;
        if (t && !r->dev.blend_objects) break;
        VkDescriptorBufferInfo bi[LC_BIND_COUNT] = {
            [LC_BIND_FRAME] = {s->ubo.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_LIGHTS] = {s->lights.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_DECALS] = {s->decals.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_OBJECT_MASKS] = {s->object_masks.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_TILE_BITS] = {r->sized.tile_bits.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_TILE_LISTS] = {r->sized.tile_lists.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_ZBINS] = {r->sized.zbins.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_CLUSTER_BITS] = {r->sized.cluster_bits.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_COUNTERS] = {r->sized.counters.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_ANALYSIS] = {r->sized.analysis.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_TILE_DEPTH] = {r->sized.tile_depth.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_COARSE_BITS] = {r->sized.coarse_bits.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_TILE_MASK] = {r->sized.tile_mask.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_OBJECTS] = {r->dev.objects.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_FOOTPRINTS] = {r->sized.footprints.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_BIN_WORK] = {r->sized.bin_work.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_RASTER] = {r->sized.raster.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_RASTER_WORK] = {r->sized.raster_work.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_ENV_DATA] = {r->dev.environment.data.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_SHADOW_LIGHTS] = {s->shadow_lights.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_SHADOWS] = {s->shadows.buffer, 0, VK_WHOLE_SIZE},
            /* Before the GPU shadow cull has its buffer (or without it) its placeholder. */
            [LC_BIND_SHADOW_CULL] = {r->dev.shadow_cull.buffer.buffer ? r->dev.shadow_cull.buffer.buffer : r->dev.shadow_cull_placeholder.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_MESHLETS] = {r->dev.geo.meshlets.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_OBJECTS] = {r->dev.geo.cull_objects.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_TASKS] = {r->dev.geo.tasks.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_VISIBILITY] = {r->dev.geo.visibility.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_COMMANDS] = {r->dev.geo.commands.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_COUNTS] = {r->dev.geo.counts.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_BUCKETS] = {r->dev.geo.buckets.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_VERTEX_MESHLET] = {r->dev.geo.vertex_meshlet.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_VERTICES] = {r->dev.geo.vertices.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_INDICES] = {r->dev.geo.indices.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_SUBLET_BOUNDS] = {r->dev.geo.sublet_bounds.buffer ? r->dev.geo.sublet_bounds.buffer : r->dev.geo.meshlets.buffer, 0, VK_WHOLE_SIZE},
            /* Without the compressed meshlets (no mesh shaders, codec off) any valid buffer. */
            [LC_BIND_GEO_MESHLET_HEADERS] = {r->dev.geo.enc_headers.buffer ? r->dev.geo.enc_headers.buffer : r->dev.geo.meshlets.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_MESHLET_STREAMS] = {r->dev.geo.enc_streams.buffer ? r->dev.geo.enc_streams.buffer : r->dev.geo.meshlets.buffer, 0, VK_WHOLE_SIZE},
            [LC_BIND_GEO_MESHLET_PAYLOAD] = {r->dev.geo.enc_payload.buffer ? r->dev.geo.enc_payload.buffer : r->dev.geo.meshlets.buffer, 0, VK_WHOLE_SIZE},
        };
        if (t) transparent_bindings(s, t, bi);
        VkDescriptorImageInfo depth = {r->dev.point_sampler, r->sized.depth.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo hdr = {r->dev.point_sampler, r->sized.hdr.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo vis = {r->dev.point_sampler, r->sized.visibility.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo hdr_storage = {VK_NULL_HANDLE, r->sized.hdr.view, VK_IMAGE_LAYOUT_GENERAL};
        VkDescriptorImageInfo vis_storage = {VK_NULL_HANDLE, r->sized.visibility.view, VK_IMAGE_LAYOUT_GENERAL};
        VkDescriptorImageInfo hiz = {r->dev.point_sampler, r->sized.hiz.view, VK_IMAGE_LAYOUT_GENERAL};
        VkDescriptorImageInfo env = {r->dev.environment.sampler, r->dev.environment.specular.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo decal_tex[LC_DECAL_TEXTURE_KINDS];
        for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++)
            decal_tex[k] = (VkDescriptorImageInfo){r->dev.decal_textures.sampler, r->dev.decal_textures.arrays[k].view,
                                                   VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo atlas = {r->dev.point_sampler, r->dev.shadow_atlas.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo compare = {r->dev.shadow_sampler, r->dev.shadow_atlas.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
        /* Every element is valid: levels past the pyramid's repeat its last one. */
        VkDescriptorImageInfo mips[LC_HIZ_MAX_LEVELS];
        for (uint32_t m = 0; m < LC_HIZ_MAX_LEVELS; m++)
            mips[m] = (VkDescriptorImageInfo){VK_NULL_HANDLE, r->sized.hiz_views[LC_MIN(m, r->sized.hiz.mip_levels - 1)], VK_IMAGE_LAYOUT_GENERAL};
        /* Every binding but the output's (written per frame: the target image changes). */
        VkWriteDescriptorSet w[LC_BIND_COUNT];
        _Static_assert(LC_BIND_OUTPUT == LC_BIND_COUNT - 1, "the per-frame output binding comes last");
        for (uint32_t b = 0; b < LC_BIND_OUTPUT; b++) {
            w[b] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = t ? s->set_transparent : s->set, .dstBinding = b,
                                          .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          .pBufferInfo = &bi[b]};
        }
        w[LC_BIND_FRAME].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        w[LC_BIND_DEPTH].descriptorType = w[LC_BIND_HDR].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_DEPTH].pBufferInfo = w[LC_BIND_HDR].pBufferInfo = NULL;
        w[LC_BIND_DEPTH].pImageInfo = &depth;
        w[LC_BIND_HDR].pImageInfo = &hdr;
        w[LC_BIND_VISIBILITY].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_HDR_STORAGE].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        w[LC_BIND_VISIBILITY].pBufferInfo = w[LC_BIND_HDR_STORAGE].pBufferInfo = NULL;
        w[LC_BIND_VISIBILITY].pImageInfo = &vis;
        w[LC_BIND_HDR_STORAGE].pImageInfo = &hdr_storage;
        w[LC_BIND_VISIBILITY_STORAGE].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        w[LC_BIND_VISIBILITY_STORAGE].pBufferInfo = NULL;
        w[LC_BIND_VISIBILITY_STORAGE].pImageInfo = &vis_storage;
        w[LC_BIND_HIZ].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_HIZ].pBufferInfo = NULL;
        w[LC_BIND_HIZ].pImageInfo = &hiz;
        w[LC_BIND_HIZ_MIPS].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        w[LC_BIND_HIZ_MIPS].pBufferInfo = NULL;
        w[LC_BIND_HIZ_MIPS].pImageInfo = mips;
        w[LC_BIND_HIZ_MIPS].descriptorCount = LC_HIZ_MAX_LEVELS;
        w[LC_BIND_ENV_SPECULAR].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_ENV_SPECULAR].pBufferInfo = NULL;
        w[LC_BIND_ENV_SPECULAR].pImageInfo = &env;
        w[LC_BIND_DECAL_TEXTURES].descriptorType = w[LC_BIND_DECAL_NORMALS].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_DECAL_TEXTURES].pBufferInfo = w[LC_BIND_DECAL_NORMALS].pBufferInfo = NULL;
        w[LC_BIND_DECAL_TEXTURES].pImageInfo = &decal_tex[LC_DECAL_TEXTURE_BASE_COLOR];
        w[LC_BIND_DECAL_NORMALS].pImageInfo = &decal_tex[LC_DECAL_TEXTURE_NORMAL];
        w[LC_BIND_SHADOW_ATLAS].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_SHADOW_ATLAS].pBufferInfo = NULL;
        w[LC_BIND_SHADOW_ATLAS].pImageInfo = &atlas;
        w[LC_BIND_SHADOW_COMPARE].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w[LC_BIND_SHADOW_COMPARE].pBufferInfo = NULL;
        w[LC_BIND_SHADOW_COMPARE].pImageInfo = &compare;
        vkUpdateDescriptorSets(r->ctx->device, LC_BIND_OUTPUT, w, 0, NULL);
    }
}

/* The transparent light cull's buffers, as large as the opaque cull's. */
static lc_status create_transparent_cull(lc_renderer *r)
{
    const lc_renderer_sized *z = &r->sized;
    lc_transparent_cull *t = &r->sized.transparent;
    struct { lc_buffer *b; const lc_buffer *like; const char *name; } all[] = {
        {&t->tile_bits, &z->tile_bits, "transparent tile bits"}, {&t->tile_lists, &z->tile_lists, "transparent tile lists"},
        {&t->zbins, &z->zbins, "transparent zbins"}, {&t->cluster_bits, &z->cluster_bits, "transparent cluster bits"},
        {&t->counters, &z->counters, "transparent cull counters"}, {&t->tile_depth, &z->tile_depth, "transparent tile depth"},
        {&t->coarse_bits, &z->coarse_bits, "transparent coarse bits"}, {&t->tile_mask, &z->tile_mask, "transparent tile bucket mask"},
        {&t->footprints, &z->footprints, "transparent light footprints"}, {&t->bin_work, &z->bin_work, "transparent light binning work list"},
    };
    for (size_t i = 0; i < LC_ARRAY_COUNT(all); i++) {
        lc_status s = storage(r, all[i].b, all[i].like->size, all[i].name);
        if (s != LC_OK) return s;
    }
    return LC_OK;
}

/* The automatic tile size (no --tile-size): the finest tiles whose bit arrays fit the budget
 * (65,536 lights at 3840x2160 take 64-pixel tiles); with visibility shading one step coarser.
 * The visibility shade evaluates a light at a small part of the forward pass's cost, so there
 * the cull, whose work follows the tile count, weighs more than the extra lights coarser tiles
 * let through (H100, 4096 lights, zbin, light binning, before the work list: 1920x1080 hall,
 * 8 -> 16 pixels: frame 1.170 -> 1.145 ms; 3840x2160, 16 -> 32: hall 3.874 -> 3.874, Sponza
 * 4.638 -> 4.615; the forward pass at 4K is faster with the finer tiles: 8 against 16 pixels,
 * 13.39 against 13.59 ms). Switching shading rebuilds the sized resources. */
uint32_t lc_frame_auto_tile_size(const lc_renderer *r, uint32_t shading)
{
    /* Tile bits, plus the coarse blocks (1/16) and bucket masks (1/32) that go with them. */
    uint32_t size = 8;
    while (size < 64 && (uint64_t)LC_DIV_UP(r->sized.width, size) * LC_DIV_UP(r->sized.height, size) * r->sized.buckets * 4 * 35 / 32 > LC_LIGHT_CULL_BUDGET)
        size *= 2;
    return shading == LC_SHADING_VISIBILITY && size < 64 ? size * 2 : size;
}

lc_status lc_frame_create_sized(lc_renderer *r, bool analysis)
{
    lc_context *ctx = r->ctx;
    lc_renderer_desc *d = &r->desc;
    r->sized.width = r->target->width;
    r->sized.height = r->target->height;
    r->sized.buckets = LC_DIV_UP(d->light_capacity, LC_BUCKET_BITS);
    if (!r->requested.tile_size) d->tile_size = lc_frame_auto_tile_size(r, r->settings.shading);
    if (!r->requested.cluster_tile) {
        d->cluster_tile = 64;
        while (d->cluster_tile < 256 && (uint64_t)LC_DIV_UP(r->sized.width, d->cluster_tile) * LC_DIV_UP(r->sized.height, d->cluster_tile) *
                                                d->cluster_slices * r->sized.buckets * 4 > LC_LIGHT_CULL_BUDGET)
            d->cluster_tile *= 2;
    }
    r->sized.tiles_x = LC_DIV_UP(r->sized.width, d->tile_size);
    r->sized.tiles_y = LC_DIV_UP(r->sized.height, d->tile_size);
    r->sized.list_tile = r->requested.tile_size ? r->requested.tile_size : 16;
    r->sized.list_tiles_x = LC_DIV_UP(r->sized.width, r->sized.list_tile);
    r->sized.list_tiles_y = LC_DIV_UP(r->sized.height, r->sized.list_tile);
    uint64_t list_tiles = (uint64_t)r->sized.list_tiles_x * r->sized.list_tiles_y;
    r->sized.coarse_x = LC_DIV_UP(r->sized.tiles_x, LC_COARSE);
    r->sized.coarse_y = LC_DIV_UP(r->sized.tiles_y, LC_COARSE);
    r->sized.cluster_x = LC_DIV_UP(r->sized.width, d->cluster_tile);
    r->sized.cluster_y = LC_DIV_UP(r->sized.height, d->cluster_tile);
    uint64_t tiles = (uint64_t)r->sized.tiles_x * r->sized.tiles_y;
    uint64_t clusters = (uint64_t)r->sized.cluster_x * r->sized.cluster_y * d->cluster_slices;
    memset(r->sized.cull_bytes, 0, sizeof r->sized.cull_bytes);
    uint64_t coarse_bytes = (uint64_t)r->sized.coarse_x * r->sized.coarse_y * r->sized.buckets * 4;
    uint64_t mask_bytes = tiles * LC_DIV_UP(r->sized.buckets, 32u) * 4;
    r->sized.cull_bytes[LC_MODE_TILES] = tiles * r->sized.buckets * 4 + tiles * sizeof(lc_gpu_tile_depth) + coarse_bytes + mask_bytes;
    r->sized.cull_bytes[LC_MODE_LISTS] = list_tiles * (d->list_max + 1) * 4 + sizeof(lc_gpu_counters);
    /* Each cluster's bucket words, then (after all of them) its bucket mask words. */
    r->sized.cull_bytes[LC_MODE_CLUSTERS] = clusters * (r->sized.buckets + LC_DIV_UP(r->sized.buckets, 32u)) * 4;
    r->sized.cull_bytes[LC_MODE_ZBIN] = r->sized.cull_bytes[LC_MODE_TILES] + (uint64_t)d->zbin_count * 8;
    r->sized.cull_bytes[LC_MODE_OBJECTS] = (uint64_t)(r->scene ? r->scene->object_count : 0) * sizeof(lc_gpu_object_mask);

    lc_image_desc dd = {.width = r->sized.width, .height = r->sized.height, .format = VK_FORMAT_D32_SFLOAT,
                        .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                        .name = "depth"};
    lc_image_desc hd = {.width = r->sized.width, .height = r->sized.height, .format = VK_FORMAT_R16G16B16A16_SFLOAT,
                        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                                 VK_IMAGE_USAGE_TRANSFER_SRC_BIT, /* read back by the probes' capture */
                        .name = "hdr"};
    /* Full size only once a frame shades through the visibility buffer. */
    lc_image_desc vd = {.width = r->sized.visibility_allocated ? r->sized.width : 1, .height = r->sized.visibility_allocated ? r->sized.height : 1,
                        .format = r->sized.vis_prim_bits ? VK_FORMAT_R32_UINT : VK_FORMAT_R32G32_UINT,
                        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT,
                        .name = "visibility"};
    lc_status s;
    if ((s = lc_image_create(ctx, &dd, &r->sized.depth)) != LC_OK) return s;
    if ((s = lc_image_create(ctx, &hd, &r->sized.hdr)) != LC_OK) return s;
    if ((s = lc_image_create(ctx, &vd, &r->sized.visibility)) != LC_OK) return s;
    if ((s = lc_hiz_create(ctx, r->sized.width, r->sized.height, &r->sized.hiz, r->sized.hiz_views)) != LC_OK) return s;
    r->sized.hiz_groups_x = LC_DIV_UP(r->sized.width, LC_HIZ_TILE);
    r->sized.hiz_groups_y = LC_DIV_UP(r->sized.height, LC_HIZ_TILE);
    if ((s = storage(r, &r->sized.tile_bits, tiles * r->sized.buckets * 4, "tile bits")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.tile_depth, tiles * sizeof(lc_gpu_tile_depth), "tile depth")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.coarse_bits, coarse_bytes, "coarse bits")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.tile_mask, mask_bytes, "tile bucket mask")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.footprints, (uint64_t)d->light_capacity * sizeof(lc_gpu_footprint), "light footprints")) != LC_OK)
        return s;
    if ((s = storage(r, &r->sized.bin_work, sizeof(lc_gpu_bin_work) + lc_bin_items(d->light_capacity) * 8, "light binning work list")) !=
        LC_OK)
        return s;
    if ((s = storage(r, &r->sized.raster_work, r->sized.raster_allocated ? (uint64_t)LC_RASTER_WORK_WORDS * 4 : 16, "raster big-triangle list")) != LC_OK)
        return s;
    r->frame.bin_work_fresh = true; /* its counts are zeroed by the first light-binning frame */
    if ((s = storage(r, &r->sized.tile_lists, list_tiles * (d->list_max + 1) * 4, "tile lists")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.zbins, (uint64_t)d->zbin_count * 8, "zbins")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.cluster_bits, r->sized.cull_bytes[LC_MODE_CLUSTERS], "cluster bits")) != LC_OK) return s;
    if ((s = storage(r, &r->sized.counters, sizeof(lc_gpu_counters), "cull counters")) != LC_OK) return s;
    uint64_t analysis_bytes = analysis ? (uint64_t)r->sized.width * r->sized.height * LC_ANALYSIS_WORDS * 4 : ANALYSIS_DUMMY_BYTES;
    if ((s = storage(r, &r->sized.analysis, analysis_bytes, "analysis")) != LC_OK) return s;
    r->sized.analysis_allocated = analysis;
    /* The compute raster's buffer, full size once a frame rasterizes in compute: the 64-bit
     * words, the overdraw counts, the resolved depth (LC_BIND_RASTER). */
    if ((s = storage(r, &r->sized.raster, r->sized.raster_allocated ? (uint64_t)r->sized.width * r->sized.height * 16 : 16, "raster visibility buffer")) !=
        LC_OK)
        return s;
    if (r->dev.blend_objects && (s = create_transparent_cull(r)) != LC_OK) return s;
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        lc_buffer_desc rd = {.size = (VkDeviceSize)r->sized.width * r->sized.height * 4, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                             .host_visible = true, .name = "output readback"};
        if ((s = lc_buffer_create(ctx, &rd, &r->frame.slots[i].readback)) != LC_OK) return s;
    }
    /* The shadow atlas is not sized: its tiles (and their state) outlive the rebuild. */
    lc_res_state atlas = r->frame.res[LC_RES_SHADOW_ATLAS], statics = r->frame.res[LC_RES_SHADOW_STATIC];
    memset(r->frame.res, 0, sizeof r->frame.res);
    r->frame.res[LC_RES_SHADOW_ATLAS] = atlas;
    r->frame.res[LC_RES_SHADOW_STATIC] = statics;
    r->frame.res_image[LC_RES_SHADOW_ATLAS] = &r->dev.shadow_atlas;
    r->frame.res_image[LC_RES_SHADOW_STATIC] = &r->dev.shadow_static;
    r->frame.res_image[LC_RES_DEPTH] = &r->sized.depth;
    r->frame.res_image[LC_RES_HDR] = &r->sized.hdr;
    r->frame.res_image[LC_RES_VISIBILITY] = &r->sized.visibility;
    r->frame.res_image[LC_RES_HIZ] = &r->sized.hiz;
    r->frame.res[LC_RES_HIZ].layout = VK_IMAGE_LAYOUT_GENERAL; /* lc_hiz_create leaves it there */
    write_frame_sets(r);
    return LC_OK;
}

lc_status lc_frame_rebuild_sized(lc_renderer *r, bool analysis)
{
    lc_renderer_finish(r);
    vkDeviceWaitIdle(r->ctx->device);
    lc_frame_destroy_sized(r);
    return lc_frame_create_sized(r, analysis);
}

lc_status lc_renderer_resize(lc_renderer *r) { return lc_frame_rebuild_sized(r, r->sized.analysis_allocated); }

lc_status lc_frame_create_light_buffers(lc_renderer *r)
{
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        lc_frame_slot *s = &r->frame.slots[i];
        lc_buffer_destroy(r->ctx, &s->lights);
        lc_buffer_desc ld = {.size = (VkDeviceSize)r->desc.light_capacity * sizeof(lc_gpu_light),
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, .host_visible = true, .gpu_reads = true, .name = "lights"};
        lc_status st = lc_buffer_create(r->ctx, &ld, &s->lights);
        if (st != LC_OK) return st;
        lc_buffer_destroy(r->ctx, &s->decals);
        lc_buffer_desc dd = {.size = (VkDeviceSize)LC_MAX(r->desc.decal_count, 1u) * sizeof(lc_gpu_decal),
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, .host_visible = true, .gpu_reads = true, .name = "decals"};
        if ((st = lc_buffer_create(r->ctx, &dd, &s->decals)) != LC_OK) return st;
        lc_buffer_destroy(r->ctx, &s->object_masks);
        uint32_t objects = r->scene ? r->scene->object_count : 0;
        lc_buffer_desc od = {.size = (VkDeviceSize)LC_MAX(objects, 1u) * sizeof(lc_gpu_object_mask), .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             .host_visible = true, .gpu_reads = true, .name = "object masks"};
        if ((st = lc_buffer_create(r->ctx, &od, &s->object_masks)) != LC_OK) return st;
        memset(s->object_masks.mapped, 0, od.size); /* objects not drawn yet read no entity */
        lc_buffer_destroy(r->ctx, &s->shadow_lights);
        lc_buffer_desc sd = {.size = (VkDeviceSize)r->desc.light_capacity * sizeof(uint32_t), .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             .host_visible = true, .gpu_reads = true, .name = "shadow lights"};
        if ((st = lc_buffer_create(r->ctx, &sd, &s->shadow_lights)) != LC_OK) return st;
    }
    free(r->frame.packed);
    r->frame.packed = lc_calloc(r->desc.light_capacity, sizeof *r->frame.packed);
    free(r->frame.decals_packed);
    r->frame.decals_packed = lc_calloc(LC_MAX(r->desc.decal_count, 1u), sizeof *r->frame.decals_packed);
    return LC_OK;
}

