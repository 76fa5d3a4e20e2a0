/* The frame, top to bottom (lc_renderer_render): the slot and the target's image, the host's
 * share (light build, object culling, shadow views), the pass list in stages (begin, views,
 * per-view depth, light cull(s), shade, transparent, post), recorded by the jobs from a
 * read-only lc_frame, sorted, submitted. Settings are applied between frames
 * (lc_renderer_apply). docs/ARCHITECTURE.md walks it. */
#include "frame_state.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/jobs.h"
#include "lights/exposure.h"
#include "materials/material_samplers.h"
#include "passes/passes.h"
#include "vk/pipelines.h"

const char *const lc_timer_names[LC_TIMER_COUNT] = {LC_TIMERS(LC_ENUM_NAME)};
const char *const lc_cpu_timer_names[LC_CPU_COUNT] = {LC_CPU_TIMERS(LC_ENUM_NAME)};
const char *const lc_zbin_kernel_names[LC_ZBIN_KERNEL_COUNT] = {LC_ZBIN_KERNELS(LC_ENUM_NAME)};
const char *const lc_vis_ids_names[LC_VIS_IDS_COUNT] = {LC_VIS_IDS(LC_ENUM_NAME)};
const char *const lc_bin_kernel_names[LC_BIN_KERNEL_COUNT] = {LC_BIN_KERNELS(LC_ENUM_NAME)};
const char *const lc_scalarize_merge_names[LC_SCALARIZE_MERGE_COUNT] = {LC_SCALARIZE_MERGES(LC_ENUM_NAME)};
const char *const lc_shading_names[LC_SHADING_COUNT] = {LC_SHADINGS(LC_ENUM_NAME)};
const char *const lc_rasterizer_names[LC_RASTERIZER_COUNT] = {LC_RASTERIZERS(LC_ENUM_NAME)};
const char *const lc_tonemap_names[LC_TONEMAP_COUNT] = {LC_TONEMAPS(LC_ENUM_NAME)};
const char *const lc_binning_names[LC_BINNING_COUNT] = {LC_BINNINGS(LC_ENUM_NAME)};
const char *const lc_heatmap_kind_names[LC_HEATMAP_KIND_COUNT] = {"all", "decals", "probes", "lights"};
/* The modes and views are numbered in lc_shared.h (GLSL reads them too): their names here,
 * one for each (the asserts count them). */
#define MODE_NAMES "brute", "lists", "tiles", "clusters", "zbin", "objects"
#define VIEW_NAMES "shaded", "heatmap", "tightness", "meshlets", "base-colour", "normals", "roughness-metallic", "shadow-atlas", \
                   "cascades", "triangles", "overdraw", "probes"
_Static_assert(sizeof((const char *[]){MODE_NAMES}) / sizeof(const char *) == LC_MODE_COUNT, "a name for each mode");
_Static_assert(sizeof((const char *[]){VIEW_NAMES}) / sizeof(const char *) == LC_VIEW_COUNT, "a name for each view");
const char *const lc_mode_names[LC_MODE_COUNT] = {MODE_NAMES};
const char *const lc_view_names[LC_VIEW_COUNT] = {VIEW_NAMES};

#define MAX_PASSES (40 + 2 * LC_SHADOW_UPDATES_MAX + LC_SHADOW_CASCADES_MAX + LC_SHADOW_OVERLAY_PASSES_MAX) /* object motion + shadow cull (3; with occlusion 5: + hiz, phase 2) and views (per phase; the cascades only in phase 1) + mdi + occlusion (7; mesh indirect + occlusion 10; compute raster + occlusion 13) + light cull (6) + transparent cull (6) + analysis, shade, transparent, tonemap, HUD, readback */
_Static_assert(MAX_PASSES <= LC_BACKEND_MARKERS, "a marker per pass");
_Static_assert(LC_BACKEND_SLOTS == LC_FRAMES_IN_FLIGHT, "one backend pool set per frame slot");

int lc_mode_from_name(const char *name) { return lc_name_index(name, lc_mode_names, LC_MODE_COUNT); }

lc_status lc_renderer_set_light_capacity(lc_renderer *r, uint32_t capacity)
{
    vkDeviceWaitIdle(r->ctx->device);
    r->desc.light_capacity = capacity;
    lc_status s = lc_frame_create_light_buffers(r);
    if (s != LC_OK) return s;
    return lc_frame_rebuild_sized(r, r->sized.analysis_allocated);
}

/* ---- creation ---- */

lc_renderer *lc_renderer_alloc(void) { return lc_calloc(1, sizeof(lc_renderer)); }

lc_status lc_renderer_create(lc_context *ctx, lc_target *target, const lc_scene *scene, const lc_renderer_desc *desc,
                             lc_renderer *r)
{
    memset(r, 0, sizeof *r);
    r->ctx = ctx;
    r->target = target;
    r->scene = scene;
    r->desc = *desc;
    r->requested = *desc;
    lc_renderer_desc *d = &r->desc;
    if (!d->light_capacity) d->light_capacity = 1024;
    if (!d->decals) d->decal_count = 0;
    if (!d->environment.probes || !d->environment.probe_images) d->environment.probe_count = 0;
    /* the entity array: decals, then probes, ahead of the lights */
    d->light_capacity += d->decal_count + d->environment.probe_count;
    if (!d->tile_size) d->tile_size = 16;
    if (!d->zbin_count) d->zbin_count = 4096;
    if (!d->cluster_tile) d->cluster_tile = 64;
    if (!d->cluster_slices) d->cluster_slices = 32;
    if (!d->list_max) d->list_max = 512;

    lc_frame_create_layouts(r);
    r->frame.threads = lc_jobs_threads();
    r->dev.block_pool = lc_block_pool_create();
    /* LC_BACKEND_CHUNK=N (tests): smaller chunks split even small passes over secondaries. */
    const char *chunk = getenv("LC_BACKEND_CHUNK");
    /* Pools for every core, so that a later lc_jobs_init (bench --threads) may use them all. */
    lc_render_backend_desc bd = {.threads = lc_jobs_capacity(), .chunk = chunk ? (uint32_t)strtoul(chunk, NULL, 10) : 0};
    lc_render_backend_create(ctx, &bd, &r->dev.backend);
    lc_status s = lc_frame_upload_scene(r);
    if (s != LC_OK) return s;
    if ((s = lc_environment_create(ctx, &d->environment, &r->dev.environment)) != LC_OK) return s;
    static lc_image_data *const no_images[LC_DECAL_TEXTURE_KINDS];
    static const uint32_t no_counts[LC_DECAL_TEXTURE_KINDS];
    bool images = d->decal_images && d->decal_image_count;
    if ((s = lc_decal_textures_create(ctx, images ? d->decal_images : no_images, images ? d->decal_image_count : no_counts,
                                      &r->dev.decal_textures)) != LC_OK)
        return s;
    d->decal_images = r->requested.decal_images = NULL; /* the caller's until here */
    d->decal_image_count = r->requested.decal_image_count = NULL;
    /* The probes' records and captures are the caller's until here: the environment keeps its copy. */
    d->environment.probes = r->requested.environment.probes = NULL;
    d->environment.probe_images = r->requested.environment.probe_images = NULL;
    for (uint32_t i = 0; i < scene->material_count; i++) r->dev.materials_by_alpha[LC_MIN(scene->materials[i].alpha_mode, 2u)]++;
    for (uint32_t i = 0; i < scene->object_count; i++) r->dev.blend_objects += lc_scene_object_blends(scene, i);
    r->dev.all_objects = lc_calloc(LC_MAX(scene->object_count, 1u), sizeof *r->dev.all_objects);
    r->frame.opaque_list = lc_calloc(LC_MAX(scene->object_count, 1u), sizeof *r->frame.opaque_list);
    r->frame.blend_list = lc_calloc(LC_MAX(scene->object_count, 1u), sizeof *r->frame.blend_list);
    lc_object_cull_set_reserve(&r->dev.object_cull_set, scene->object_count);
    for (uint32_t i = 0; i < scene->object_count; i++) {
        const lc_object *o = &scene->objects[i];
        const lc_mesh *m = &scene->meshes[o->mesh];
        r->dev.all_objects[i] = i;
        lc_object_cull_set_add(&r->dev.object_cull_set, o->world.m, m->aabb_min, m->aabb_max);
    }
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        lc_frame_slot *slot = &r->frame.slots[i];
        VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                       .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT, .queueFamilyIndex = ctx->queue_family};
        VK_CHECK(vkCreateCommandPool(ctx->device, &pci, NULL, &slot->pool));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_COMMAND_POOL, slot->pool, "frame %d command pool", i);
        VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = slot->pool,
                                          .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1};
        VK_CHECK(vkAllocateCommandBuffers(ctx->device, &ai, &slot->cmd));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_COMMAND_BUFFER, slot->cmd, "frame %d commands", i);
        VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, .flags = VK_FENCE_CREATE_SIGNALED_BIT};
        VK_CHECK(vkCreateFence(ctx->device, &fi, NULL, &slot->fence));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_FENCE, slot->fence, "frame %d fence", i);
        VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                    .queryCount = LC_BACKEND_MARKERS * 2};
        VK_CHECK(vkCreateQueryPool(ctx->device, &qi, NULL, &slot->queries));
        LC_NAME(ctx, VK_OBJECT_TYPE_QUERY_POOL, slot->queries, "pass timestamps");
        lc_buffer_desc ud = {.size = sizeof(lc_frame_ubo), .usage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, .host_visible = true, .gpu_reads = true,
                             .name = "frame constants"};
        if ((s = lc_buffer_create(ctx, &ud, &slot->ubo)) != LC_OK) return s;
        lc_buffer_desc hd = {.size = 6 * sizeof(float) * 65536, .usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, .host_visible = true, .gpu_reads = true,
                             .name = "hud vertices"};
        if ((s = lc_buffer_create(ctx, &hd, &slot->hud)) != LC_OK) return s;
        VkDescriptorSetAllocateInfo dai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = r->dev.pool,
                                           .descriptorSetCount = 1, .pSetLayouts = &r->dev.frame_layout};
        VK_CHECK(vkAllocateDescriptorSets(ctx->device, &dai, &slot->set));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET, slot->set, "frame %d set", i);
        if (r->dev.blend_objects) {
            ud.name = "transparent frame constants";
            if ((s = lc_buffer_create(ctx, &ud, &slot->ubo_transparent)) != LC_OK) return s;
            VK_CHECK(vkAllocateDescriptorSets(ctx->device, &dai, &slot->set_transparent));
            LC_NAMEF(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET, slot->set_transparent, "frame %d transparent set", i);
        }
    }
    if ((s = lc_frame_create_light_buffers(r)) != LC_OK) return s;
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        lc_buffer_desc sd = {.size = LC_SHADOW_RECORDS * sizeof(lc_gpu_shadow) + LC_SHADOW_VIEW_SLOTS * sizeof(lc_gpu_view) + sizeof(lc_gpu_cascades),
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             .host_visible = true, .gpu_reads = true, .name = "shadow records"};
        if ((s = lc_buffer_create(ctx, &sd, &r->frame.slots[i].shadows)) != LC_OK) return s;
        lc_buffer_desc cd = {.size = LC_SHADOW_CULL_COUNTS * 4, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT, .host_visible = true, .name = "shadow cull stats"};
        if ((s = lc_buffer_create(ctx, &cd, &r->frame.slots[i].shadow_stats)) != LC_OK) return s;
    }
    lc_buffer_desc pd = {.size = 16, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, .name = "shadow cull placeholder"};
    if ((s = lc_buffer_create(ctx, &pd, &r->dev.shadow_cull_placeholder)) != LC_OK) return s;
    lc_shadows_init(&r->dev.shadows);
    if ((s = lc_frame_shadow_atlas(r, 1)) != LC_OK) return s;
    if ((s = lc_frame_create_pipelines(r)) != LC_OK) return s;
    if ((s = lc_frame_motion_create(r)) != LC_OK) return s;
    return lc_frame_create_sized(r, false);
}


void lc_renderer_destroy(lc_renderer *r)
{
    lc_context *ctx = r->ctx;
    if (!ctx || !ctx->device) return;
    vkDeviceWaitIdle(ctx->device);
    VkDevice dev = ctx->device;
    lc_frame_destroy_sized(r);
    lc_environment_destroy(ctx, &r->dev.environment);
    lc_decal_textures_destroy(ctx, &r->dev.decal_textures);
    lc_render_backend_destroy(&r->dev.backend);
    for (uint32_t i = 0; i < r->frame.context_capacity; i++) lc_rc_destroy(&r->frame.contexts[i]);
    free(r->frame.contexts);
    lc_block_pool_destroy(r->dev.block_pool);
    lc_object_cull_set_destroy(&r->dev.object_cull_set);
    lc_object_cull_result_destroy(&r->frame.object_cull);
    free(r->dev.all_objects);
    free(r->frame.opaque_list);
    free(r->frame.blend_list);
    free(r->frame.sorted);
    free(r->frame.sort_scratch);
    for (int i = 0; i < LC_FRAMES_IN_FLIGHT; i++) {
        lc_frame_slot *s = &r->frame.slots[i];
        if (s->pool) vkDestroyCommandPool(dev, s->pool, NULL);
        if (s->fence) vkDestroyFence(dev, s->fence, NULL);
        if (s->queries) vkDestroyQueryPool(dev, s->queries, NULL);
        lc_buffer_destroy(ctx, &s->ubo);
        lc_buffer_destroy(ctx, &s->ubo_transparent);
        lc_buffer_destroy(ctx, &s->lights);
        lc_buffer_destroy(ctx, &s->decals);
        lc_buffer_destroy(ctx, &s->object_masks);
        lc_buffer_destroy(ctx, &s->hud);
        lc_buffer_destroy(ctx, &s->shadow_lights);
        lc_buffer_destroy(ctx, &s->shadows);
        lc_buffer_destroy(ctx, &s->shadow_stats);
    }
    lc_shadow_cull_destroy(r);
    lc_buffer_destroy(ctx, &r->dev.shadow_cull_placeholder);
    lc_frame_motion_destroy(r);
    lc_image_destroy(ctx, &r->dev.shadow_atlas);
    lc_image_destroy(ctx, &r->dev.shadow_static);
    lc_shadows_destroy(&r->dev.shadows);
    for (uint32_t v = 0; v < LC_SHADOW_VIEW_SLOTS; v++) {
        lc_object_cull_result_destroy(&r->frame.shadow_cull[v]);
        free(r->frame.shadow_draws[v].draws);
    }
    lc_frame_destroy_pipelines(r);
    lc_visibility_scene_destroy(ctx, &r->dev.vis_scene);
    if (r->dev.textures)
        for (uint32_t i = 0; i < r->scene->image_count; i++) lc_image_destroy(ctx, &r->dev.textures[i]);
    free(r->dev.textures);
    free(r->dev.material_sets);
    lc_image_destroy(ctx, &r->dev.white);
    lc_image_destroy(ctx, &r->dev.flat_normal);
    lc_buffer_destroy(ctx, &r->dev.material_factors);
    lc_geometry_destroy(ctx, &r->dev.geo);
    lc_buffer_destroy(ctx, &r->dev.objects);
    if (r->dev.pool) vkDestroyDescriptorPool(dev, r->dev.pool, NULL);
    lc_material_samplers_destroy(ctx, r->dev.material_samplers);
    if (r->dev.point_sampler) vkDestroySampler(dev, r->dev.point_sampler, NULL);
    if (r->dev.shadow_sampler) vkDestroySampler(dev, r->dev.shadow_sampler, NULL);
    if (r->dev.layout) vkDestroyPipelineLayout(dev, r->dev.layout, NULL);
    if (r->dev.frame_layout) vkDestroyDescriptorSetLayout(dev, r->dev.frame_layout, NULL);
    if (r->dev.material_layout) vkDestroyDescriptorSetLayout(dev, r->dev.material_layout, NULL);
    lc_light_builder_destroy(&r->dev.builder);
    free(r->frame.packed);
    free(r->frame.decals_packed);
    free(r->frame.output_pixels);
    memset(r, 0, sizeof *r);
}

/* ---- per frame ---- */

void lc_renderer_set_hud(lc_renderer *r, const float *vertices, uint32_t vertex_count)
{
    r->frame.hud_vertices = vertices;
    r->frame.hud_vertex_count = LC_MIN(vertex_count, 65536u);
}

static void fill_ubo(lc_renderer *r, const lc_m4 *view, const lc_m4 *proj, uint32_t count)
{
    lc_frame_ubo *u = &r->frame.ubo;
    const lc_camera *cam = &r->settings.camera;
    memset(u, 0, sizeof *u);
    u->view = *view;
    u->proj = *proj;
    lc_m4_mul(proj, view, &u->view_proj);
    lc_m4_inverse(proj, &u->inv_proj);
    u->camera_pos = (lc_f4){cam->position[0], cam->position[1], cam->position[2], 0.0f};
    u->screen_inv = (lc_f4){1.0f / (float)r->sized.width, 1.0f / (float)r->sized.height, cam->near_z, cam->far_z};
    u->camera = (lc_gpu_view){.view_proj = u->view_proj, .eye = {cam->position[0], cam->position[1], cam->position[2], cam->near_z},
                              .rect = {0.0f, 0.0f, (float)r->sized.width, (float)r->sized.height}, .info = {LC_VIEW_CONE, 0, 0, 0}};
    lc_gpu_view_frustum(&u->camera);
    /* The tile grid of this frame's mode: lists keeps its own (16-pixel) tiles. */
    bool lists = r->settings.mode == LC_MODE_LISTS;
    u->screen = (lc_u4){r->sized.width, r->sized.height, lists ? r->sized.list_tiles_x : r->sized.tiles_x, lists ? r->sized.list_tiles_y : r->sized.tiles_y};
    u->light_info = (lc_u4){count, LC_DIV_UP(LC_MAX(count, 1u), LC_BUCKET_BITS), lists ? r->sized.list_tile : r->desc.tile_size,
                            r->desc.list_max};

    /* Z-bins span the depth range the visible lights occupy (widened as the shader widens
     * them); pixels outside it touch no light. Clusters end there too. */
    float zlo = INFINITY, zhi = -INFINITY;
    for (uint32_t i = 0; i < count; i++) {
        const lc_gpu_light *l = &r->frame.packed[i];
        zlo = fminf(zlo, l->spot_depth.z - LC_LIGHT_CULL_DEPTH_EPS * fabsf(l->spot_depth.z) - LC_LIGHT_CULL_RADIUS_BIAS);
        zhi = fmaxf(zhi, l->spot_depth.w + LC_LIGHT_CULL_DEPTH_EPS * fabsf(l->spot_depth.w) + LC_LIGHT_CULL_RADIUS_BIAS);
    }
    if (count == 0) zlo = cam->near_z, zhi = cam->near_z * 2.0f;
    zlo = fmaxf(zlo, cam->near_z * 0.5f);
    zhi = fmaxf(zhi, zlo * 1.001f + 1e-3f);
    float cluster_far = fmaxf(fminf(zhi, cam->far_z), cam->near_z * 1.01f);
    u->zbin_info = (lc_u4){r->desc.zbin_count, r->sized.cluster_x, r->sized.cluster_y, r->desc.cluster_slices};
    u->zbin_params = (lc_f4){zlo, (float)r->desc.zbin_count / (zhi - zlo),
                             (float)r->desc.cluster_slices / logf(cluster_far / cam->near_z), (float)r->desc.cluster_tile};
    u->options = (lc_u4){r->settings.mode, r->settings.view, r->settings.analysis,
                         r->settings.heat_scale ? r->settings.heat_scale : 64};
    u->exposure = (lc_f4){lc_exposure_scale(r->settings.exposure_ev100), r->settings.exposure_ev100, 0.0f, 0.0f};
    u->pass_info = (lc_u4){LC_CULL_OPAQUE, lc_frame_cull_2_5d(r) ? 1u : 0u, r->settings.heatmap_kind, 0};
    u->entity_info = (lc_u4){r->frame.decal_count, r->frame.probe_count, r->frame.decal_count + r->frame.probe_count,
                             r->settings.list_sort_off ? 0u : LC_ENTITY_FLAG_LIST_SORT};
}

/* What the passes read of this frame (lc_frame), once the host's share is done. */
static lc_frame frame_of(const lc_renderer *r)
{
    uint32_t slot = r->frame.index % LC_FRAMES_IN_FLIGHT;
    return (lc_frame){
        .ctx = r->ctx, .scene = r->scene, .desc = &r->desc, .dev = &r->dev, .sized = &r->sized, .settings = &r->settings,
        .slot = &r->frame.slots[slot], .slot_index = slot, .ubo = &r->frame.ubo, .output = r->frame.res_image[LC_RES_OUTPUT],
        .light_count = r->frame.light_count, .tonemap_path = r->frame.tonemap_path,
        .draw_list = r->frame.draw_list, .blend_list = r->frame.blend_list, .draw_count = r->frame.draw_count,
        .blend_count = r->frame.blend_count, .hud_vertex_count = r->frame.hud_vertex_count,
        .bin_frames = r->frame.bin_frames, .bin_work_fresh = r->frame.bin_work_fresh,
        .bins_lights = lc_bins_lights(r), .zbin_per_bin = lc_zbin_per_bin(r),
        .loop = lc_loop_variant(r, &r->settings), .transparent_loop = lc_transparent_loop(r, &r->settings),
        .shadow_cull_gpu = lc_frame_shadow_cull_gpu(r), .shadow_draws = r->frame.shadow_draws,
        .depth_words = r->settings.shading == LC_SHADING_VISIBILITY && r->settings.raster == LC_RASTERIZER_COMPUTE,
    };
}

/* Shadow view v's pass of a phase, its label kept in the frame state for the frame. */
static lc_pass shadow_view(lc_renderer *r, const lc_frame *f, uint32_t v, uint32_t phase)
{
    char *name = r->frame.shadow_names[v + (phase == LC_GEOMETRY_CULL_PHASE_2 ? LC_SHADOW_VIEW_SLOTS : 0)];
    return lc_pass_shadow_view(f, v, phase, name, sizeof r->frame.shadow_names[0]);
}

/* The shadow views: culled on the GPU in one dispatch a phase (or on the CPU, before the frame:
 * no cull pass), each view's depth into its atlas tile; a fresh view gets no phase 2. */
static uint32_t shadow_cull(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)ctx;
    return f->shadow_cull_gpu ? lc_passes_shadow_cull(phase, passes) : 0;
}

static uint32_t shadow_draw(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    lc_renderer *r = ctx;
    uint32_t n = 0;
    for (uint32_t v = 0; v < r->dev.shadows.render_count; v++)
        if (phase != LC_GEOMETRY_CULL_PHASE_2 || !r->dev.shadows.render[v].fresh) passes[n++] = shadow_view(r, f, v, phase);
    return n;
}

/* views: each shadow view rendered this frame, its depth into its atlas tile; with
 * occlusion in two phases as the camera's (what each view saw last, its HiZ, the rest). */
static uint32_t shadow_view_passes(lc_renderer *r, const lc_frame *f, lc_pass *passes)
{
    if (!r->dev.shadows.render_count) return 0;
    lc_view_kind k = {r, shadow_cull, shadow_draw, lc_pass_shadow_hiz};
    return lc_passes_cull_and_draw(f, &k, lc_frame_shadow_occlusion(r), passes);
}

/* per-view depth: the camera's depth (and, for visibility shading, its triangle ids) on the
 * frame's geometry path: the compute raster; mesh or mdi's GPU cull, one or two phases; or
 * the direct path's CPU-culled draws. */
static uint32_t camera_depth_passes(const lc_frame *f, lc_pass *passes)
{
    const lc_frame_settings *s = f->settings;
    uint32_t n = 0;
    /* Visibility shading in one raster pass: the depth and the ids together, where the depth
     * pre-pass would be (per phase); else the pre-pass, and the ids after it (EQUAL). */
    bool single = s->shading == LC_SHADING_VISIBILITY && !s->visibility_prepass;
    bool compute_raster = f->depth_words;
    if (compute_raster) {
        n += lc_passes_raster(f, passes + n);             // compute raster: cull, raster, resolve (passes/raster.c)
    } else if (s->geometry == LC_GEOMETRY_MESH || s->geometry == LC_GEOMETRY_MDI) {
        lc_view_kind k = lc_view_camera(f);
        passes[n++] = lc_pass_geometry_clear();               // geometry clear: draw counts and counters start at zero
        n += lc_passes_cull_and_draw(f, &k, s->occlusion, passes + n); // cull, depth (phase 1), hiz, cull, depth (phase 2)
        passes[n++] = lc_pass_geometry_stats();               // geometry stats: the counters to the host
    } else {
        passes[n++] = single ? lc_pass_visibility_single(f, LC_GEOMETRY_CULL_PHASE_ALL)
                             : lc_pass_depth_prepass();       // depth prepass: tile depth bounds, shade each pixel once
    }
    if (s->shading == LC_SHADING_VISIBILITY && !single && !compute_raster) passes[n++] = lc_pass_visibility(f); // visibility: triangle ids of the surfaces the depth kept
    return n;
}

/* light cull(s): the mode's structure for the opaque surfaces, then, where the scene has
 * blended objects, the transparent cull's (tiles from the near plane to the opaque depth). */
static uint32_t light_cull_passes(const lc_frame *f, lc_pass *passes)
{
    uint32_t mode = f->settings->mode;
    uint32_t n = lc_passes_light_cull(f, mode, false, passes);
    if (f->dev->blend_objects && mode != LC_MODE_BRUTE && mode != LC_MODE_OBJECTS) n += lc_passes_light_cull(f, mode, true, passes + n);
    return n;
}

/* shade, transparent, post: the surfaces shaded walking the structure (forward or from the
 * visibility ids), the blended objects over them, then tonemap (unless the shade fused it),
 * HUD and readback. Each pass that shades or shows reads the shadow atlas. */
static uint32_t shade_passes(const lc_frame *f, lc_pass *passes)
{
    const lc_frame_settings *s = f->settings;
    uint32_t n = 0;
    if (s->analysis != LC_ANALYSIS_OFF) passes[n++] = lc_pass_analysis_clear();
    if (s->shading == LC_SHADING_VISIBILITY) passes[n++] = lc_pass_shade_visibility(f);       // visibility shade: rebuild surfaces, walk the structure
    else passes[n++] = lc_pass_shade(f);                      // forward shade: walk the structure
    lc_pass_read_shadow_atlas(&passes[n - 1]);                // (the lights' shadows)
    return n;
}

static uint32_t transparent_passes(const lc_frame *f, lc_pass *passes)
{
    if (!f->dev->blend_objects) return 0;
    passes[0] = lc_pass_transparent(f);                       // transparent: blended objects back to front, forward shaded
    lc_pass_read_shadow_atlas(&passes[0]);
    return 1;
}

static uint32_t post_passes(const lc_frame *f, lc_pass *passes)
{
    uint32_t n = 0;
    if (f->tonemap_path != LC_TONEMAP_FUSED) {
        passes[n++] = lc_pass_tonemap(f);                     // tonemap, or heatmap / tightness / shadow atlas view (compute or fragment)
        lc_pass_read_shadow_atlas(&passes[n - 1]);
    }
    if (f->settings->hud && f->hud_vertex_count) passes[n++] = lc_pass_hud();
    if (f->settings->capture_output) passes[n++] = lc_pass_readback();
    return n;
}

/* The frame's passes in order, each with what it records from (its lc_pass_data). */
static uint32_t build_pass_list(lc_renderer *r, const lc_frame *f, lc_pass *passes)
{
    uint32_t n = 0;
    if (lc_frame_motion_pending(r)) passes[n++] = lc_pass_object_motion(); // begin: moved objects' transforms and bounds to the GPU
    n += shadow_view_passes(r, f, passes + n);   // views: the shadow views to render this frame
    n += lc_passes_shadow_overlay(f, passes + n); // (overlay: the movable casters drawn over the lights' cached views)
    n += camera_depth_passes(f, passes + n);     // per-view depth: the camera's
    n += light_cull_passes(f, passes + n);       // light cull(s)
    n += shade_passes(f, passes + n);            // shade
    n += transparent_passes(f, passes + n);      // transparent
    n += post_passes(f, passes + n);             // post: tonemap, HUD, readback
    if (f->depth_words) n = lc_passes_raster_depth_settle(passes, n); // the depth copy only where a pass reads the image
    return n;
}

/* One warning line per kind of fallback in the renderer's life, not one a frame. */
__attribute__((format(printf, 3, 4))) static void warn_once(lc_renderer *r, uint32_t bit, const char *fmt, ...)
{
    if (r->frame.fallbacks_warned & bit) return;
    r->frame.fallbacks_warned |= bit;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    lc_warn("%s", line);
}

/* The rasterizer of this frame: forward shading's is the hardware; auto takes lc_raster_auto's
 * choice where the compute raster can run, else the hardware with one warning; compute where
 * it cannot is refused in one line. The compute raster's buffer on first use. */
static lc_status settle_raster(lc_renderer *r, lc_frame_settings *s)
{
    char why[256];
    lc_frame f = frame_of(r);
    r->frame.raster_requested = s->raster;
    const char *missing = s->shading == LC_SHADING_VISIBILITY && s->raster != LC_RASTERIZER_HARDWARE ? lc_raster_missing(&f, why, sizeof why) : NULL;
    if (s->shading != LC_SHADING_VISIBILITY) s->raster = LC_RASTERIZER_HARDWARE;
    if (s->raster >= LC_RASTERIZER_COUNT) {
        lc_error("frame settings: raster %u is out of range", s->raster);
        return LC_ERR_USAGE;
    }
    if (s->raster == LC_RASTERIZER_COMPUTE && missing) {
        lc_error("--raster compute: %s", missing);
        return LC_ERR_USAGE;
    }
    if (s->raster == LC_RASTERIZER_AUTO) {
        if (missing) warn_once(r, 1u << 5, "--raster auto: the hardware rasterizer (%s)", missing);
        s->raster = missing ? LC_RASTERIZER_HARDWARE : lc_raster_auto(&f);
    }
    if (s->view == LC_VIEW_TRIANGLES && s->shading != LC_SHADING_VISIBILITY) {
        warn_once(r, 1u << 7, "--view triangles: visibility shading's view (forward shading has no id image): the shaded view");
        s->view = LC_VIEW_SHADED;
    }
    if (s->view == LC_VIEW_OVERDRAW && s->raster != LC_RASTERIZER_COMPUTE) {
        warn_once(r, 1u << 6, "--view overdraw: the compute raster's view (the hardware raster counts nothing): the shaded view");
        s->view = LC_VIEW_SHADED;
    }
    if (s->raster == LC_RASTERIZER_COMPUTE && !r->sized.raster_allocated) {
        r->sized.raster_allocated = true;
        return lc_frame_rebuild_sized(r, r->sized.analysis_allocated);
    }
    return LC_OK;
}

/* The frame's settings as the device and the scene allow them (fallbacks, refusals), and the
 * sized resources grown to them: light capacity, analysis and visibility buffers, target size. */
static lc_status settle_settings(lc_renderer *r, const lc_frame_settings *settings, uint32_t count)
{
    lc_context *ctx = r->ctx;
    r->settings = *settings;
    lc_frame_settings *s = &r->settings;
    if (s->mode >= LC_MODE_COUNT || s->geometry >= LC_GEOMETRY_COUNT || s->view >= LC_VIEW_COUNT) {
        lc_error("frame settings: mode %u, geometry %u or view %u is out of range", s->mode, s->geometry, s->view);
        return LC_ERR_USAGE;
    }
    if (s->shading == LC_SHADING_VISIBILITY && s->mode == LC_MODE_OBJECTS) {
        lc_error("--mode objects: per-object masks need a draw per object, which visibility shading has not (use --shading forward)");
        return LC_ERR_USAGE;
    }
    if (s->shading == LC_SHADING_VISIBILITY && ctx->visibility_missing) {
        lc_error("--shading visibility: device '%s' lacks the Vulkan feature %s", ctx->props.deviceName, ctx->visibility_missing);
        return LC_ERR_USAGE;
    }
    if (s->shading == LC_SHADING_VISIBILITY && r->dev.vis_scene.refusal[0]) {
        lc_error("--shading visibility: %s", r->dev.vis_scene.refusal);
        return LC_ERR_USAGE;
    }
    /* The visibility buffer on first use, and the automatic tile size of this shading path. */
    bool vis_first = s->shading == LC_SHADING_VISIBILITY && !r->sized.visibility_allocated;
    if (vis_first || (!r->requested.tile_size && lc_frame_auto_tile_size(r, s->shading) != r->desc.tile_size)) {
        r->sized.visibility_allocated |= vis_first;
        lc_status st = lc_frame_rebuild_sized(r, r->sized.analysis_allocated);
        if (st != LC_OK) return st;
    }
    /* What cannot run as asked runs the direct path, and says so once (lc_geometry_fallback
     * names the reason; --stats names what ran). */
    const char *why;
    if (lc_geometry_fallback(r, s, &why)) {
        warn_once(r, 1u << 0, "--geometry %s: %s", lc_geometry_names[s->geometry], why);
        s->geometry = LC_GEOMETRY_DIRECT;
    }
    if (s->geometry == LC_GEOMETRY_DIRECT) s->occlusion = false; /* documented: occlusion is mdi's and mesh's */
    lc_status rst = settle_raster(r, s);
    if (rst != LC_OK) return rst;
    if (s->mesh_dispatch >= LC_MESH_DISPATCH_COUNT) {
        lc_error("frame settings: mesh dispatch %u is out of range", s->mesh_dispatch);
        return LC_ERR_USAGE;
    }
    const char *missing = s->geometry == LC_GEOMETRY_MESH && s->mesh_dispatch == LC_MESH_DISPATCH_INDIRECT ? lc_mesh_indirect_missing(r) : NULL;
    if (missing) {
        lc_error("--mesh-dispatch indirect: %s", missing);
        return LC_ERR_USAGE;
    }
    if ((s->view == LC_VIEW_HEATMAP || s->view == LC_VIEW_TIGHTNESS) && s->analysis == LC_ANALYSIS_OFF)
        s->analysis = LC_ANALYSIS_COUNT;
    if (s->scalarize && lc_loop_variant(r, s) == LC_LOOP_PLAIN)
        warn_once(r, 1u << 2, "scalarization: this device has no subgroup arithmetic in fragment shaders%s: forward "
                              "shading runs the unscalarized loop", lc_device_hide_note(&ctx->hide, LC_HIDE_SUBGROUP_FRAGMENT));
    uint32_t entities = r->desc.decal_count + r->dev.environment.probe_count; /* ahead of the lights in the array */
    if (count + entities > r->desc.light_capacity) {
        lc_status st = lc_renderer_set_light_capacity(r, count + entities);
        if (st != LC_OK) return st;
    }
    if (s->analysis != LC_ANALYSIS_OFF && !r->sized.analysis_allocated) {
        lc_status st = lc_frame_rebuild_sized(r, true);
        if (st != LC_OK) return st;
    }
    if (r->target->width != r->sized.width || r->target->height != r->sized.height) {
        lc_status st = lc_frame_rebuild_sized(r, r->sized.analysis_allocated);
        if (st != LC_OK) return st;
    }
    if ((s->tonemap == LC_TONEMAP_COMPUTE || s->tonemap == LC_TONEMAP_FUSED) && !(r->target->storage_output && r->dev.pipes.tonemap_compute)) {
        lc_error("--tonemap %s: the %s on device '%s' cannot be a storage image%s; use auto or fragment", lc_tonemap_names[s->tonemap],
                 r->target->headless ? "output image" : "window's swapchain", ctx->props.deviceName,
                 ctx->storage_write_without_format ? "" : lc_device_hidden(&ctx->hide, LC_HIDE_STORAGE_WRITE_WITHOUT_FORMAT)
                     ? " (shaderStorageImageWriteWithoutFormat hidden by LC_DEVICE_HIDE)" : " (no shaderStorageImageWriteWithoutFormat)");
        return LC_ERR_USAGE;
    }
    if (s->tonemap == LC_TONEMAP_FUSED && s->shading == LC_SHADING_VISIBILITY && s->view == LC_VIEW_SHADED && lc_frame_transparent(r))
        warn_once(r, 1u << 4, "--tonemap fused: the scene's blended objects are drawn over the shaded image before it is tonemapped: "
                              "the compute pass tonemaps");
    if (s->tonemap == LC_TONEMAP_FUSED && !(s->shading == LC_SHADING_VISIBILITY && s->view == LC_VIEW_SHADED))
        warn_once(r, 1u << 3, "--tonemap fused: %s%s%s tonemaps in the compute pass (only visibility shading's shaded view fuses)",
                  s->shading == LC_SHADING_FORWARD ? "forward shading" : "the ", s->shading == LC_SHADING_FORWARD ? "" : lc_view_names[s->view],
                  s->shading == LC_SHADING_FORWARD ? "" : " view");
    return LC_OK;
}

/* The target's next image; false when there is none this frame (also when the swapchain was
 * rebuilt at acquire: the frame is dropped, the resize comes with the next). */
static bool acquire(lc_renderer *r, lc_target_frame *tf)
{
    lc_context *ctx = r->ctx;
    if (lc_target_acquire(ctx, r->target, r->frame.index % LC_FRAMES_IN_FLIGHT, tf) != LC_ACQUIRE_OK) return false;
    if (r->target->width == r->sized.width && r->target->height == r->sized.height) return true;
    VkSemaphoreSubmitInfo wait = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = tf->wait,
                                  .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    VkSubmitInfo2 si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2, .waitSemaphoreInfoCount = tf->wait ? 1 : 0,
                        .pWaitSemaphoreInfos = &wait};
    VK_CHECK(vkQueueSubmit2(ctx->queue, 1, &si, VK_NULL_HANDLE));
    r->target->needs_rebuild = true;
    return false;
}

/* The tonemap path of the frames to come (the visibility shade's variant follows it). Where
 * the target has storage_output every image of it has a storage view (vk_target.c). */
static void settle_tonemap(lc_renderer *r)
{
    const lc_frame_settings *s = &r->settings;
    bool tonemap_compute = r->target->storage_output && r->dev.pipes.tonemap_compute && s->tonemap != LC_TONEMAP_FRAGMENT;
    /* Fused: the visibility shade writes the output itself, in the shaded view (the analysis
     * views colour from counters the shade is still writing). */
    bool fused = tonemap_compute && s->tonemap != LC_TONEMAP_COMPUTE && s->shading == LC_SHADING_VISIBILITY &&
                 s->view == LC_VIEW_SHADED && !lc_frame_transparent(r);
    /* Blended objects are drawn over the shaded HDR image before it is tonemapped: scenes
     * with BLEND objects take the compute tonemap. */
    r->frame.tonemap_path = fused ? LC_TONEMAP_FUSED : tonemap_compute ? LC_TONEMAP_COMPUTE : LC_TONEMAP_FRAGMENT;
}

/* The compute tonemap paths write the target image through its storage view (the slot's set
 * is idle: lc_frame_collect waited for its frame). */
static void bind_output(lc_renderer *r, lc_frame_slot *slot, const lc_target_frame *tf)
{
    lc_context *ctx = r->ctx;
    if (r->frame.tonemap_path != LC_TONEMAP_FRAGMENT) {
        VkDescriptorImageInfo out = {VK_NULL_HANDLE, tf->image->storage_view, VK_IMAGE_LAYOUT_GENERAL};
        VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = slot->set, .dstBinding = LC_BIND_OUTPUT,
                                  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &out};
        vkUpdateDescriptorSets(ctx->device, 1, &w, 0, NULL);
    }
}

bool lc_frame_transparent(const lc_renderer *r) { return r->dev.blend_objects > 0; }

/* The draw list without its blended objects, which go to the transparent pass (in draw-list
 * order: the pass sorts them back to front by their keys). */
static void split_blended(lc_renderer *r)
{
    r->frame.blend_count = 0;
    if (!lc_frame_transparent(r)) return;
    uint32_t opaque = 0;
    for (uint32_t i = 0; i < r->frame.draw_count; i++) {
        uint32_t o = r->frame.draw_list[i];
        if (lc_scene_object_blends(r->scene, o)) r->frame.blend_list[r->frame.blend_count++] = o;
        else r->frame.opaque_list[opaque++] = o;
    }
    r->frame.draw_list = r->frame.opaque_list;
    r->frame.draw_count = opaque;
}

/* The host's share of the frame: the light list (frustum cull, sort by depth, pack), the
 * objects to draw (sphere then OOBB against the frustum, Stingray's), and the slot's lights,
 * frame constants and HUD. */
static void host_frame(lc_renderer *r, lc_frame_slot *slot, const lc_light *lights, uint32_t count)
{
    const lc_frame_settings *s = &r->settings;
    lc_m4 view, proj, view_proj;
    lc_camera_matrices(&s->camera, (float)r->sized.width / (float)r->sized.height, &view, &proj);
    lc_m4_mul(&proj, &view, &view_proj);
    float planes[6][4];
    lc_frustum_planes(&view_proj, planes);
    double t0 = lc_time_seconds();
    /* The entity array: the visible decals (file order, reversed), the visible probes (blending order), then
     * the visible lights sorted by view depth. */
    r->frame.decal_count = lc_decals_build(r->desc.decals, r->desc.decal_count, &view, planes, r->frame.packed, r->frame.decals_packed);
    r->frame.probe_count = lc_probes_build(r->dev.environment.probes, r->dev.environment.probe_count, &view, planes,
                                           r->frame.packed + r->frame.decal_count);
    uint32_t first_light = r->frame.decal_count + r->frame.probe_count;
    r->frame.lights_visible = lc_lights_build(&r->dev.builder, lights, count, &view, planes, r->frame.packed + first_light);
    r->frame.light_count = first_light + r->frame.lights_visible;
    double t1 = lc_time_seconds();
    r->frame.cpu_ms[LC_CPU_LIGHT_BUILD] = (t1 - t0) * 1e3;
    /* This frame's threads: the jobs' count (bench --threads changes it between frames). */
    r->frame.threads = LC_MIN(lc_jobs_threads(), r->dev.backend.threads);
    r->dev.backend.active_threads = r->frame.threads;
    lc_frame_motion_update(r, slot); /* moved objects: culling set, GPU records (before the culls) */
    if (s->object_cull_off || !r->dev.object_cull_set.count) {
        r->frame.draw_list = r->dev.all_objects;
        r->frame.draw_count = r->scene->object_count;
    } else {
        lc_object_cull_run(&r->dev.object_cull_set, &view_proj, planes, &r->frame.object_cull);
        r->frame.draw_list = r->frame.object_cull.indices;
        r->frame.draw_count = r->frame.object_cull.visible;
    }
    split_blended(r);
    /* --mode objects: the drawn objects' entity masks (opaque and blended), straight into the slot. */
    memset(&r->frame.object_masks, 0, sizeof r->frame.object_masks);
    if (s->mode == LC_MODE_OBJECTS) {
        lc_gpu_object_mask *masks = slot->object_masks.mapped;
        lc_object_masks_build(&r->dev.object_cull_set, r->frame.draw_list, r->frame.draw_count, r->frame.packed, r->frame.decal_count,
                              r->frame.probe_count, r->frame.lights_visible, masks, &r->frame.object_masks);
        lc_object_masks_build(&r->dev.object_cull_set, r->frame.blend_list, r->frame.blend_count, r->frame.packed, r->frame.decal_count,
                              r->frame.probe_count, r->frame.lights_visible, masks, &r->frame.object_masks);
    }
    lc_frame_shadows(r, slot, lights, count);
    r->frame.cpu_ms[LC_CPU_OBJECT_CULL] = (lc_time_seconds() - t1) * 1e3 - r->frame.cpu_ms[LC_CPU_ANIMATION];
    memcpy(slot->lights.mapped, r->frame.packed, (size_t)r->frame.light_count * sizeof(lc_gpu_light));
    if (r->frame.decal_count) memcpy(slot->decals.mapped, r->frame.decals_packed, (size_t)r->frame.decal_count * sizeof(lc_gpu_decal));
    fill_ubo(r, &view, &proj, r->frame.light_count);
    memcpy(slot->ubo.mapped, &r->frame.ubo, sizeof r->frame.ubo);
    if (lc_frame_transparent(r)) {
        lc_frame_ubo t = r->frame.ubo;
        t.pass_info = (lc_u4){LC_CULL_TRANSPARENT, 0, 0, 0}; /* no 2.5D: blended surfaces have no depth of their own */
        memcpy(slot->ubo_transparent.mapped, &t, sizeof t);
    }
    if (s->hud && r->frame.hud_vertex_count)
        memcpy(slot->hud.mapped, r->frame.hud_vertices, (size_t)r->frame.hud_vertex_count * 6 * sizeof(float));
}

/* The backend translates the sorted commands into the slot's command buffer (secondaries in
 * parallel, executed in order by the primary), which is submitted; the contexts' blocks go
 * back to the pool. */
static lc_status submit(lc_renderer *r, lc_frame_slot *slot, const lc_target_frame *tf, uint32_t jobs)
{
    lc_context *ctx = r->ctx;
    VK_CHECK(vkResetCommandPool(ctx->device, slot->pool, 0));
    VkCommandBuffer cmd = slot->cmd;
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
    lc_render_backend_translate(&r->dev.backend, r->frame.index % LC_FRAMES_IN_FLIGHT, r->frame.sorted, r->frame.sorted_count, cmd,
                                slot->queries);
    VK_CHECK(vkEndCommandBuffer(cmd));
    slot->marker_count = r->dev.backend.marker_count;
    for (uint32_t m = 0; m < slot->marker_count; m++) {
        slot->markers[m] = r->dev.backend.markers[m];
        snprintf(slot->marker_names[m], sizeof slot->marker_names[m], "%s", r->dev.backend.markers[m].name);
        slot->markers[m].name = slot->marker_names[m];
    }
    for (uint32_t j = 0; j < jobs; j++) lc_rc_reset(&r->frame.contexts[j]);

    VkSemaphoreSubmitInfo wait = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = tf->wait,
                                  .stageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT};
    VkSemaphoreSubmitInfo signal = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = tf->signal,
                                    .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    VkCommandBufferSubmitInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
    VkSubmitInfo2 si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .waitSemaphoreInfoCount = tf->wait ? 1 : 0,
        .pWaitSemaphoreInfos = &wait,
        .commandBufferInfoCount = 1,
        .pCommandBufferInfos = &cbi,
        .signalSemaphoreInfoCount = tf->signal ? 1 : 0,
        .pSignalSemaphoreInfos = &signal,
    };
    VK_CHECK(vkResetFences(ctx->device, 1, &slot->fence));
    VkResult res = lc_fault_device_lost() ? VK_ERROR_DEVICE_LOST : vkQueueSubmit2(ctx->queue, 1, &si, slot->fence);
    if (res == VK_ERROR_DEVICE_LOST) {
        lc_error("the GPU device was lost while rendering");
        return LC_ERR_RUNTIME;
    }
    VK_CHECK(res);
    slot->submitted = true;
    return LC_OK;
}

/* The slot's geometry counts: the direct path draws every meshlet of the objects the CPU cull
 * kept (the rest count as frustum-culled); mdi's and mesh's counts arrive with the frame. */
static void count_geometry(lc_renderer *r, lc_frame_slot *slot)
{
    const lc_frame_settings *s = &r->settings;
    slot->geometry = (lc_geometry_counts){.path = s->geometry, .occlusion = s->occlusion, .mesh_dispatch = s->mesh_dispatch, .raster = s->raster,
                                          .meshlets_total = r->dev.geo.meshlets_total, .triangles_total = r->dev.geo.triangles_total};
    if (s->geometry != LC_GEOMETRY_DIRECT) return;
    for (uint32_t i = 0; i < r->frame.draw_count; i++) {
        const lc_meshlet_range *m = &r->dev.geo.ms.ranges[r->scene->objects[r->frame.draw_list[i]].mesh];
        slot->geometry.meshlets_drawn += m->meshlet_count;
        slot->geometry.triangles_drawn += m->triangle_count;
    }
    slot->geometry.culled_frustum = r->dev.geo.meshlets_total - slot->geometry.meshlets_drawn;
}

/* Between frames: the settings as the device and the scene allow them, what they need grown
 * (sized resources, light capacity, the full shadow atlas: these wait for the GPU), and their
 * shade pipelines, so that the frame itself only renders. */
lc_status lc_renderer_apply(lc_renderer *r, const lc_frame_settings *settings, const lc_light *lights, uint32_t count)
{
    r->frame.applied = false;
    lc_status st = settle_settings(r, settings, count);
    if (st != LC_OK) return st;
    /* The full shadow atlas once a frame has a shadowed light or the sun's cascades (it waits
     * for the GPU, once, and again if the cascades' band changes), and
     * shade pipelines with the shadow lookup from then on (lc_frame_shadows_on). */
    if (lc_frame_shadow_atlas_stale(r, settings, lights, count)) {
        st = lc_frame_grow_shadow_atlas(r);
        if (st != LC_OK) return st;
        /* Shade variants were built without the shadow lookup (SHADOWS, shadow.glsl): again with it. */
        lc_frame_destroy_shade_pipelines(r);
    }
    const lc_frame_settings *s = &r->settings;
    settle_tonemap(r);
    st = lc_frame_shade_pipeline(r, s->mode, lc_loop_variant(r, s), s->analysis);
    if (st == LC_OK && lc_frame_transparent(r)) st = lc_frame_transparent_pipeline(r, s->mode, lc_transparent_loop(r, s), s->analysis);
    if (st != LC_OK) return st;
    r->frame.applied = true;
    return LC_OK;
}

/* One frame, top to bottom: the target's image, the host's work, the pass list recorded into
 * render contexts by jobs and sorted, then one submit. */
lc_status lc_renderer_render(lc_renderer *r, const lc_light *lights, uint32_t count)
{
    uint32_t entities = r->desc.decal_count + r->dev.environment.probe_count;
    if (!r->frame.applied || count + entities > r->desc.light_capacity) {
        lc_error("lc_renderer_render: %s", !r->frame.applied ? "no settings applied (lc_renderer_apply first)"
                                                              : "more lights than lc_renderer_apply made room for");
        return LC_ERR_USAGE;
    }
    lc_frame_slot *slot = &r->frame.slots[r->frame.index % LC_FRAMES_IN_FLIGHT];
    lc_frame_collect(r, slot);
    lc_target_frame tf;
    if (!acquire(r, &tf)) return LC_OK;
    bind_output(r, slot, &tf);
    host_frame(r, slot, lights, count);

    /* The pass list; OpenMP jobs record it into render contexts (one per pass, one per chunk
     * of scene draws), which are merged and sorted into one command stream. */
    r->frame.res_image[LC_RES_OUTPUT] = tf.image;
    r->frame.res[LC_RES_OUTPUT] = (lc_res_state){
        .write_stage = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, /* the acquire semaphore waits here */
        .layout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    double t_record = lc_time_seconds();
    lc_pass passes[MAX_PASSES];
    lc_frame f = frame_of(r);
    uint32_t n = build_pass_list(r, &f, passes);
    r->frame.depth_words = f.depth_words;
    uint32_t jobs = lc_frame_record(r, &f, passes, n);
    double t_sort = lc_time_seconds();
    lc_frame_sort(r, jobs);
    double t_submit = lc_time_seconds();
    lc_status st = submit(r, slot, &tf, jobs);
    if (st != LC_OK) return st;
    double t_done = lc_time_seconds();
    r->frame.cpu_ms[LC_CPU_RECORD] = (t_sort - t_record) * 1e3;
    r->frame.cpu_ms[LC_CPU_SORT] = (t_submit - t_sort) * 1e3;
    r->frame.cpu_ms[LC_CPU_SUBMIT] = (t_done - t_submit) * 1e3;
    slot->readback_pending = r->settings.capture_output;
    if (lc_bins_lights(r)) {
        r->frame.bin_frames++; /* the next such frame uses the other work-list count */
        r->frame.bin_work_fresh = false;
    }
    count_geometry(r, slot);
    r->frame.output_width = r->sized.width;
    r->frame.output_height = r->sized.height;
    lc_target_present(r->ctx, r->target, &tf);
    r->frame.index++;
    return LC_OK;
}
