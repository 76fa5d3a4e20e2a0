/* Renderer set-up that lc_renderer_create and the first frames of a mode call: descriptor
 * layouts and samplers, the scene's GPU data (objects, textures, material sets, the runtime
 * mesh, the visibility scene) and pipelines (fixed ones at creation, the shade variants of a
 * mode x scalarization x analysis when a frame first needs them). */
#include "frame_state.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "materials/gpu_material.h"
#include "materials/material_samplers.h"
#include "vk/pipelines.h"

/* ---- descriptor layouts, samplers ---- */

static VkDescriptorType frame_binding_type(uint32_t i)
{
    if (i == LC_BIND_FRAME) return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    if (i == LC_BIND_DEPTH || i == LC_BIND_HDR || i == LC_BIND_VISIBILITY || i == LC_BIND_HIZ || i == LC_BIND_ENV_SPECULAR ||
        i == LC_BIND_DECAL_TEXTURES || i == LC_BIND_DECAL_NORMALS || i == LC_BIND_SHADOW_ATLAS || i == LC_BIND_SHADOW_COMPARE)
        return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    if (i == LC_BIND_HDR_STORAGE || i == LC_BIND_VISIBILITY_STORAGE || i == LC_BIND_HIZ_MIPS || i == LC_BIND_OUTPUT) return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
}

uint32_t lc_frame_set_samplers(void)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < LC_BIND_COUNT; i++) n += frame_binding_type(i) == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    return n;
}

void lc_frame_create_layouts(lc_renderer *r)
{
    VkDevice dev = r->ctx->device;
    VkDescriptorSetLayoutBinding b[LC_BIND_COUNT];
    for (uint32_t i = 0; i < LC_BIND_COUNT; i++)
        b[i] = (VkDescriptorSetLayoutBinding){i, frame_binding_type(i), i == LC_BIND_HIZ_MIPS ? LC_HIZ_MAX_LEVELS : 1,
                                              VK_SHADER_STAGE_ALL, NULL};
    VkDescriptorSetLayoutCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = LC_BIND_COUNT, .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(dev, &ci, NULL, &r->dev.frame_layout));
    LC_NAME(r->ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, r->dev.frame_layout, "frame set layout");
    VkDescriptorSetLayoutBinding mb[LC_MATERIAL_BIND_COUNT];
    for (uint32_t i = 0; i < LC_MATERIAL_BIND_COUNT; i++)
        mb[i] = (VkDescriptorSetLayoutBinding){i, i == LC_BIND_MATERIAL ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                               1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
    ci.bindingCount = LC_MATERIAL_BIND_COUNT;
    ci.pBindings = mb;
    VK_CHECK(vkCreateDescriptorSetLayout(dev, &ci, NULL, &r->dev.material_layout));
    LC_NAME(r->ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, r->dev.material_layout, "material set layout");
    VkDescriptorSetLayout sets[2] = {r->dev.frame_layout, r->dev.material_layout};
    VkPushConstantRange pc = {VK_SHADER_STAGE_ALL, 0, 64};
    VkPipelineLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 2,
                                     .pSetLayouts = sets, .pushConstantRangeCount = 1, .pPushConstantRanges = &pc};
    VK_CHECK(vkCreatePipelineLayout(dev, &li, NULL, &r->dev.layout));
    LC_NAME(r->ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, r->dev.layout, "pipeline layout (frame set, material set)");

    uint32_t materials = LC_MAX(r->scene->material_count, 1u);
    /* Two frame sets a slot: the frame's, and the transparent pass's (BLEND scenes). */
    VkDescriptorPoolSize sizes[] = {
        {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2 * LC_FRAMES_IN_FLIGHT + materials},
        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * LC_FRAMES_IN_FLIGHT * LC_BIND_COUNT},
        {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 * LC_FRAMES_IN_FLIGHT * lc_frame_set_samplers() + materials * (LC_MATERIAL_BIND_COUNT - 1)},
        {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2 * LC_FRAMES_IN_FLIGHT * (LC_HIZ_MAX_LEVELS + 3)},
    };
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2 * LC_FRAMES_IN_FLIGHT + materials, .poolSizeCount = 4, .pPoolSizes = sizes};
    VK_CHECK(vkCreateDescriptorPool(dev, &pi, NULL, &r->dev.pool));
    LC_NAME(r->ctx, VK_OBJECT_TYPE_DESCRIPTOR_POOL, r->dev.pool, "descriptor pool");

    /* The material textures' samplers come with the scene (lc_frame_upload_scene). */
    VkSamplerCreateInfo si = lc_material_sampler_info(0);
    si.magFilter = si.minFilter = VK_FILTER_NEAREST;
    si.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    si.addressModeU = si.addressModeV = si.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    si.maxLod = 0.0f;
    VK_CHECK(vkCreateSampler(dev, &si, NULL, &r->dev.point_sampler));
    LC_NAME(r->ctx, VK_OBJECT_TYPE_SAMPLER, r->dev.point_sampler, "point sampler");
    /* The shadow lookup's: four texels compared with the reference and filtered in one fetch. */
    si.magFilter = si.minFilter = VK_FILTER_LINEAR;
    si.compareEnable = VK_TRUE;
    si.compareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
    VK_CHECK(vkCreateSampler(dev, &si, NULL, &r->dev.shadow_sampler));
    LC_NAME(r->ctx, VK_OBJECT_TYPE_SAMPLER, r->dev.shadow_sampler, "shadow comparison sampler");
}

/* ---- scene upload ---- */

/* The object buffer: world and normal matrices per object, in draw order, and where its
 * mesh's triangles start in the runtime mesh (the GPU-driven paths' visibility ids count
 * primitives from there, as the direct path's object draws do). */
static lc_status upload_objects(lc_renderer *r)
{
    const lc_scene *s = r->scene;
    uint32_t n = LC_MAX(s->object_count, 1u);
    lc_gpu_object *objs = lc_calloc(n, sizeof *objs);
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        lc_gpu_object *g = &objs[i];
        g->world = o->world;
        lc_object_normal_matrix(&o->world, &g->normal);
        g->info = (lc_u4){o->mesh, o->material, o->flags, r->dev.geo.ms.ranges[o->mesh].first_triangle};
    }
    lc_buffer_desc od = {.size = (VkDeviceSize)n * sizeof *objs,
                         .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, .name = "scene objects"};
    lc_status st = lc_buffer_create(r->ctx, &od, &r->dev.objects);
    if (st == LC_OK) st = lc_buffer_upload(r->ctx, &r->dev.objects, objs, od.size);
    free(objs);
    return st;
}

lc_status lc_frame_upload_scene(lc_renderer *r)
{
    lc_context *ctx = r->ctx;
    const lc_scene *s = r->scene;
    lc_status st;
    /* Every path draws the runtime mesh: the codec's quantized mesh in meshlet order. */
    lc_geometry_desc gd = {.codec_off = r->desc.meshlet_codec_off, .keep_encoded = ctx->mesh_shader};
    if ((st = lc_geometry_create(ctx, s, &gd, &r->dev.geo)) != LC_OK) return st;
    if ((st = upload_objects(r)) != LC_OK) return st;

    const VkImageUsageFlags tex_usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    lc_image_desc wd = {.width = 1, .height = 1, .format = VK_FORMAT_R8G8B8A8_SRGB, .usage = tex_usage, .name = "white"};
    if ((st = lc_image_create(ctx, &wd, &r->dev.white)) != LC_OK) return st;
    const uint8_t white[4] = {255, 255, 255, 255};
    if ((st = lc_image_upload_mipmapped(ctx, &r->dev.white, white)) != LC_OK) return st;
    lc_image_desc nd = {.width = 1, .height = 1, .format = VK_FORMAT_R8G8B8A8_UNORM, .usage = tex_usage, .name = "flat normal"};
    if ((st = lc_image_create(ctx, &nd, &r->dev.flat_normal)) != LC_OK) return st;
    const uint8_t flat[4] = {128, 128, 255, 255};
    if ((st = lc_image_upload_mipmapped(ctx, &r->dev.flat_normal, flat)) != LC_OK) return st;

    /* Data textures (normals, metallic-roughness, occlusion) are sampled as stored; colour
     * ones are sRGB-encoded and decoded by the sampler. */
    r->dev.textures = lc_calloc(LC_MAX(s->image_count, 1u), sizeof *r->dev.textures);
    for (uint32_t i = 0; i < s->image_count; i++) {
        const lc_image_data *img = &s->images[i];
        lc_image_desc td = {.width = img->width, .height = img->height, .mip_levels = lc_mip_count(img->width, img->height),
                            .format = img->linear ? VK_FORMAT_R8G8B8A8_UNORM : VK_FORMAT_R8G8B8A8_SRGB, .usage = tex_usage,
                            .name = img->name[0] ? img->name : "texture"};
        if ((st = lc_image_create(ctx, &td, &r->dev.textures[i])) != LC_OK) return st;
        if ((st = lc_image_upload_mipmapped(ctx, &r->dev.textures[i], img->rgba)) != LC_OK) return st;
    }

    lc_material_samplers_create(ctx, s, r->dev.material_samplers);
    /* The forward pass's material sets: the five textures (white, or the flat normal, where a
     * slot has none) and the material's factors, a slice of one uniform buffer each. */
    uint32_t n = s->material_count;
    VkDeviceSize align = LC_MAX(ctx->props.limits.minUniformBufferOffsetAlignment, (VkDeviceSize)16);
    r->dev.material_stride = (sizeof(lc_gpu_material) + align - 1) / align * align;
    uint8_t *factors = lc_calloc(LC_MAX(n, 1u), r->dev.material_stride);
    for (uint32_t i = 0; i < n; i++) {
        lc_gpu_material g = lc_gpu_material_make(&s->materials[i], s->image_count, NULL);
        memcpy(factors + i * r->dev.material_stride, &g, sizeof g);
    }
    lc_buffer_desc fd = {.size = LC_MAX(n, 1u) * r->dev.material_stride,
                         .usage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, .name = "material factors"};
    st = lc_buffer_create(ctx, &fd, &r->dev.material_factors);
    if (st == LC_OK) st = lc_buffer_upload(ctx, &r->dev.material_factors, factors, fd.size);
    free(factors);
    if (st != LC_OK) return st;
    r->dev.material_sets = lc_calloc(LC_MAX(n, 1u), sizeof *r->dev.material_sets);
    for (uint32_t i = 0; i < n; i++) {
        VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = r->dev.pool,
                                          .descriptorSetCount = 1, .pSetLayouts = &r->dev.material_layout};
        VK_CHECK(vkAllocateDescriptorSets(ctx->device, &ai, &r->dev.material_sets[i]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET, r->dev.material_sets[i], "material %u set", i);
        VkDescriptorImageInfo ii[LC_TEX_SLOTS];
        VkWriteDescriptorSet w[LC_MATERIAL_BIND_COUNT];
        for (uint32_t t = 0; t < LC_TEX_SLOTS; t++) {
            int32_t img = lc_material_image(&s->materials[i], t, s->image_count);
            const lc_image *tex = img >= 0 ? &r->dev.textures[img] : t == LC_TEX_NORMAL ? &r->dev.flat_normal : &r->dev.white;
            VkSampler sampler = r->dev.material_samplers[img >= 0 ? s->materials[i].sampler[t] : 0];
            ii[t] = (VkDescriptorImageInfo){sampler, tex->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
            /* Texture slot t is binding t (LC_BIND_BASE_COLOR .. LC_BIND_EMISSIVE). */
            w[t] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->dev.material_sets[i],
                                          .dstBinding = t, .descriptorCount = 1,
                                          .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &ii[t]};
        }
        VkDescriptorBufferInfo bi = {r->dev.material_factors.buffer, i * r->dev.material_stride, sizeof(lc_gpu_material)};
        w[LC_BIND_MATERIAL] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->dev.material_sets[i],
                                                     .dstBinding = LC_BIND_MATERIAL, .descriptorCount = 1,
                                                     .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = &bi};
        vkUpdateDescriptorSets(ctx->device, LC_MATERIAL_BIND_COUNT, w, 0, NULL);
    }
    /* The visibility shade's view of the same scene (where the device can run it). */
    if (ctx->visibility_missing) return LC_OK;
    lc_visibility_scene_desc vsd = {.scene = s, .ranges = r->dev.geo.ms.ranges, .vertices = &r->dev.geo.vertices, .indices = &r->dev.geo.indices,
                                    .textures = r->dev.textures,
                                    .white = &r->dev.white, .samplers = r->dev.material_samplers, .frame_layout = r->dev.frame_layout,
                                    .frame_samplers = lc_frame_set_samplers()};
    if ((st = lc_visibility_scene_create(ctx, &vsd, &r->dev.vis_scene)) != LC_OK) return st;
    r->sized.vis_prim_bits = r->desc.vis_ids == LC_VIS_IDS_64 ? 0 : r->dev.vis_scene.id_prim_bits;
    if (r->desc.vis_ids == LC_VIS_IDS_32 && !r->sized.vis_prim_bits) {
        lc_error("--visibility-ids 32: the scene's %u objects and their triangles do not fit 32-bit ids (use auto or 64)",
                 s->object_count);
        return LC_ERR_USAGE;
    }
    return LC_OK;
}

/* ---- pipelines ---- */

/* The pipelines made with the renderer: a row each, in one table, made by one loop
 * (lc_frame_create_pipelines). A row is a compute shader, or a graphics pipeline described
 * by its desc (the layout and the colour format are the renderer's); spec: its constant 0
 * (a phase, a binning target) or none; needs: what the device must have, else it is left
 * out (the frame never asks for it there). */
enum { SPEC_NONE = UINT32_MAX, SPEC_LIST_MAX = UINT32_MAX - 1 };
enum { NEEDS_NONE, NEEDS_STORAGE_WRITE, NEEDS_MESH, NEEDS_MESH_INDIRECT };
typedef struct pipeline_row {
    size_t at; /* offsetof(lc_frame_pipelines, ...) */
    const char *name;
    const char *compute;
    lc_graphics_desc graphics; /* where compute is NULL */
    uint32_t spec, needs;
} pipeline_row;

#define AT(field) offsetof(lc_frame_pipelines, field)
#define COMPUTE(field, shader, label) {AT(field), label, shader, {0}, SPEC_NONE, NEEDS_NONE}
#define PHASES(field, shader, label, needs)                                                                           \
    {AT(field[0]), label, shader, {0}, 0, needs}, {AT(field[1]), label " / phase 1", shader, {0}, 1, needs},          \
    {AT(field[2]), label " / phase 2", shader, {0}, 2, needs}
/* Depth only, LESS, written; scene vertices (vertex shader) or none (mesh shaders). */
#define DEPTH_DESC .depth_format = VK_FORMAT_D32_SFLOAT, .depth_compare = VK_COMPARE_OP_LESS, .depth_write = true, .dynamic_cull = true
#define MESH_DEPTH(field, task_shader, mesh_shader, frag, label, needs) \
    {AT(field), label, NULL, {.task = task_shader, .mesh = mesh_shader, .fragment = frag, DEPTH_DESC}, SPEC_NONE, needs}

static const pipeline_row k_pipelines[] = {
    {AT(depth_pipeline), "depth prepass", NULL, {.vertex = "scene.vert", .scene_vertices = true, DEPTH_DESC}, SPEC_NONE, NEEDS_NONE},
    /* Alpha MASK materials' depth: the same, with the fragment shader that cuts the holes. */
    {AT(depth_mask_pipeline), "depth prepass / alpha mask", NULL,
     {.vertex = "scene.vert", .fragment = "depth_mask.frag", .scene_vertices = true, DEPTH_DESC}, SPEC_NONE, NEEDS_NONE},
    {AT(tonemap_pipeline), "tonemap", NULL, {.vertex = "fullscreen.vert", .fragment = "tonemap.frag"}, SPEC_NONE, NEEDS_NONE},
    /* Its format-less stores need shaderStorageImageWriteWithoutFormat. */
    {AT(tonemap_compute), "tonemap", "tonemap.comp", {0}, SPEC_NONE, NEEDS_STORAGE_WRITE},
    {AT(hud_pipeline), "HUD", NULL, {.vertex = "hud.vert", .fragment = "hud.frag", .blend = true, .hud_vertices = true}, SPEC_NONE, NEEDS_NONE},
    COMPUTE(tile_depth_pipeline, "tile_depth.comp", "light cull / tile depth"),
    COMPUTE(light_cull_coarse, "cull_coarse.comp", "light cull / coarse"),
    COMPUTE(light_cull_tiles, "cull_tiles.comp", "light cull / tiles"),
    {AT(light_cull_lists), "light cull / lists", "cull_lists.comp", {0}, SPEC_LIST_MAX, NEEDS_NONE},
    COMPUTE(light_cull_clusters, "cull_clusters.comp", "light cull / clusters"),
    COMPUTE(zbin, "zbin.comp", "light cull / zbin"),
    COMPUTE(zbin_bins, "zbin_bins.comp", "light cull / zbin per bin"),
    COMPUTE(light_setup, "light_setup.comp", "light cull / light setup"),
    /* Light binning per LC_BIN_* target, light-parallel and block-parallel. */
    {AT(bin_lights[LC_BIN_TILES]), "light cull / bin lights", "bin_lights.comp", {0}, LC_BIN_TILES, NEEDS_NONE},
    {AT(bin_lights[LC_BIN_TILES_DEPTH]), "light cull / bin lights / depth bounds", "bin_lights.comp", {0}, LC_BIN_TILES_DEPTH, NEEDS_NONE},
    {AT(bin_lights[LC_BIN_CLUSTERS]), "light cull / bin lights / clusters", "bin_lights.comp", {0}, LC_BIN_CLUSTERS, NEEDS_NONE},
    {AT(bin_blocks[LC_BIN_TILES]), "light cull / bin lights", "bin_lights_blocks.comp", {0}, LC_BIN_TILES, NEEDS_NONE},
    {AT(bin_blocks[LC_BIN_TILES_DEPTH]), "light cull / bin lights / depth bounds", "bin_lights_blocks.comp", {0}, LC_BIN_TILES_DEPTH, NEEDS_NONE},
    {AT(bin_blocks[LC_BIN_CLUSTERS]), "light cull / bin lights / clusters", "bin_lights_blocks.comp", {0}, LC_BIN_CLUSTERS, NEEDS_NONE},
    /* One cull for every view (the camera's and the shadow views'), one HiZ shader (hiz.glsl)
     * for every view: the camera's depth, the shadow views' atlas tiles. */
    PHASES(view_cull, "view_cull.comp", "view cull", NEEDS_NONE),
    COMPUTE(hiz[LC_HIZ_CAMERA], "hiz.comp", "hiz"),
    COMPUTE(hiz[LC_HIZ_SHADOW_VIEWS], "hiz_views.comp", "shadow hiz"),
    /* Shadow views: depth only, both faces (a light inside a closed box sees its inside); alpha
     * MASK casters with the depth pre-pass's fragment shader cutting the holes (light goes
     * through them). */
    {AT(shadow_pipeline), "shadow view", NULL, {.vertex = "shadow_depth.vert", .scene_vertices = true, DEPTH_DESC}, SPEC_NONE, NEEDS_NONE},
    {AT(shadow_mask_pipeline), "shadow view / alpha mask", NULL,
     {.vertex = "shadow_depth.vert", .fragment = "depth_mask.frag", .scene_vertices = true, DEPTH_DESC}, SPEC_NONE, NEEDS_NONE},
    /* The mesh path's depth pre-pass, only where the device has mesh shaders: per dispatch (the
     * task shader's, and --mesh-dispatch indirect's mesh shader alone, where the device has
     * indirect-count draws); masked: the full mesh shader (it writes the uv) before
     * depth_mask.frag. */
    MESH_DEPTH(mesh_depth_pipeline[LC_MESH_DISPATCH_TASK], "geometry.task", "geometry_depth.mesh", NULL, "depth prepass (mesh)", NEEDS_MESH),
    MESH_DEPTH(mesh_depth_mask_pipeline[LC_MESH_DISPATCH_TASK], "geometry.task", "geometry.mesh", "depth_mask.frag",
               "depth prepass (mesh) / alpha mask", NEEDS_MESH),
    MESH_DEPTH(mesh_depth_pipeline[LC_MESH_DISPATCH_INDIRECT], NULL, "geometry_indirect_depth.mesh", NULL, "depth prepass (mesh, indirect)",
               NEEDS_MESH_INDIRECT),
    MESH_DEPTH(mesh_depth_mask_pipeline[LC_MESH_DISPATCH_INDIRECT], NULL, "geometry_indirect.mesh", "depth_mask.frag",
               "depth prepass (mesh, indirect) / alpha mask", NEEDS_MESH_INDIRECT),
    /* --mesh-dispatch indirect's cull, list scan and list per phase. */
    PHASES(mesh_cull, "geometry_mesh_cull.comp", "mesh cull", NEEDS_MESH_INDIRECT),
    PHASES(mesh_scan, "geometry_mesh_scan.comp", "mesh cull / list scan", NEEDS_MESH_INDIRECT),
    PHASES(mesh_list, "geometry_mesh_list.comp", "mesh cull / list", NEEDS_MESH_INDIRECT),
};

static bool device_has(const lc_context *ctx, uint32_t needs)
{
    switch (needs) {
    case NEEDS_STORAGE_WRITE: return ctx->storage_write_without_format;
    case NEEDS_MESH: return ctx->mesh_shader;
    case NEEDS_MESH_INDIRECT: return ctx->mesh_shader && ctx->mesh_indirect;
    default: return true;
    }
}

lc_status lc_frame_create_pipelines(lc_renderer *r)
{
    lc_context *ctx = r->ctx;
    for (size_t i = 0; i < LC_ARRAY_COUNT(k_pipelines); i++) {
        const pipeline_row *row = &k_pipelines[i];
        if (!device_has(ctx, row->needs)) continue;
        lc_spec spec = {.values = {row->spec == SPEC_LIST_MAX ? r->desc.list_max : row->spec}, .count = 1};
        const lc_spec *sp = row->spec == SPEC_NONE ? NULL : &spec;
        VkPipeline *out = (VkPipeline *)((char *)&r->dev.pipes + row->at);
        if (row->compute) {
            *out = lc_pipeline_compute(ctx, r->dev.layout, row->compute, sp, row->name);
        } else {
            lc_graphics_desc d = row->graphics;
            d.layout = r->dev.layout, d.spec = sp, d.name = row->name;
            if (d.fragment && !d.depth_format) d.color_format = r->target->format; /* tonemap, HUD: into the output */
            *out = lc_pipeline_graphics(ctx, &d);
        }
        if (!*out) return LC_ERR_RUNTIME;
    }
    return LC_OK;
}

/* Destroys n pipelines from p (a struct of VkPipeline members alone) and clears them. */
static void destroy_pipelines(VkDevice dev, VkPipeline *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i]) vkDestroyPipeline(dev, p[i], NULL);
        p[i] = VK_NULL_HANDLE;
    }
}
_Static_assert(sizeof(lc_frame_pipelines) % sizeof(VkPipeline) == 0 && sizeof(lc_shade_pipelines) % sizeof(VkPipeline) == 0,
               "pipeline structs hold VkPipeline members alone");

void lc_frame_destroy_pipelines(lc_renderer *r)
{
    destroy_pipelines(r->ctx->device, (VkPipeline *)&r->dev.pipes, sizeof r->dev.pipes / sizeof(VkPipeline));
    lc_frame_destroy_shade_pipelines(r);
}

uint32_t lc_loop_variant(const lc_renderer *r, const lc_frame_settings *s)
{
    /* Compute always has subgroup arithmetic (lc_context_create checks); fragments may not. */
    if (!s->scalarize || (s->shading == LC_SHADING_FORWARD && !r->ctx->subgroup_fragment)) return LC_LOOP_PLAIN;
    return s->scalarize_merge == LC_SCALARIZE_MERGE_ALWAYS ? LC_LOOP_MERGE_ALWAYS : LC_LOOP_MERGE_TILES;
}

const char *lc_geometry_fallback(const lc_renderer *r, const lc_frame_settings *s, const char **why)
{
    const lc_context *ctx = r->ctx;
    const char *brief = NULL, *clause = NULL;
    if (s->geometry == LC_GEOMETRY_DIRECT) return NULL;
    /* The app refuses the first two up front; the benchmark and the API can still ask. */
    if (s->geometry == LC_GEOMETRY_MDI && !ctx->indirect)
        brief = "needs indirect-count draws", clause = "this device draws the direct path (it lacks multiDrawIndirect, "
                                                      "drawIndirectFirstInstance or drawIndirectCount)";
    else if (s->geometry == LC_GEOMETRY_MESH && !ctx->mesh_shader)
        brief = "needs mesh shaders", clause = "this device draws the direct path (it lacks VK_EXT_mesh_shader's task and mesh shaders)";
    else if (r->dev.geo.cull_unavailable)
        brief = "needs culling buffers this scene overflows", clause = "this scene draws the direct path (its meshlet draws "
                                                                       "overflow the GPU culling buffers)";
    if (why) *why = clause;
    return brief;
}

const char *lc_mesh_indirect_lacks(const lc_context *ctx)
{
    return ctx->indirect ? "shaderDrawParameters" : "multiDrawIndirect, drawIndirectFirstInstance or drawIndirectCount";
}

const char *lc_mesh_indirect_missing(const lc_renderer *r)
{
    static char line[512];
    const lc_context *ctx = r->ctx;
    if (!ctx->mesh_indirect) {
        snprintf(line, sizeof line, "device '%s' lacks %s (vkCmdDrawMeshTasksIndirectCountEXT, gl_DrawID); use --mesh-dispatch task",
                 ctx->props.deviceName, !ctx->mesh_shader ? ctx->mesh_missing : lc_mesh_indirect_lacks(ctx));
        return line;
    }
    if (r->dev.geo.mesh_list_unavailable)
        return "the scene's sublet list is larger than this device's storage buffers; use --mesh-dispatch task";
    return NULL;
}

/* The light loop's specialisation for a LC_LOOP_* variant: SCALARIZE (constant 1) and
 * SUBGROUPS (constant 6: where its subgroups may span tiles, light_loop.glsl). A visibility
 * shade subgroup never leaves its 8x4 workgroup, so it lies in one tile where the tile sizes
 * are multiples of 8 (powers of two from 8: a requested size holds for the renderer's life, an
 * automatic one stays a power of two) and in one cluster tile where that is a multiple of 8
 * too. The forward pass's fragment subgroups ask. */
static uint32_t loop_subgroups(const lc_renderer *r, uint32_t loop, bool visibility)
{
    if (loop == LC_LOOP_MERGE_ALWAYS) return LC_SUBGROUPS_MERGE_ALL;
    if (!visibility || r->desc.tile_size % 8 || r->sized.list_tile % 8) return LC_SUBGROUPS_ASK;
    return r->desc.cluster_tile % 8 ? LC_SUBGROUPS_IN_TILE : LC_SUBGROUPS_IN_CLUSTER;
}

static const char *const loop_names[LC_LOOP_COUNT] = {"", " / scalarized", " / scalarized, merged always"};

/* The compute raster's (--raster compute): raster.comp per cull phase, with the visibility
 * shade's layout and texture constants (its alpha test samples as the shade does), the
 * resolve into the id image and the depth words, and the kernels that read those words where
 * the hardware raster's read the depth image: the HiZ, the tile depth bounds, lists mode's
 * cull (each its own SPIR-V: declaring the depth image at all would make it a use). */
static lc_status raster_pipelines(lc_renderer *r)
{
    static const char *const names[3] = {"raster", "raster / phase 1", "raster / phase 2"};
    static const char *const big_names[3] = {"raster / big", "raster / big / phase 1", "raster / big / phase 2"};
    /* LC_RASTER_BIG_LIMIT=N (tests): a big-triangle list of N set-ups, so that its overflow runs. */
    const char *limit = getenv("LC_RASTER_BIG_LIMIT");
    uint32_t big_limit = limit ? (uint32_t)strtoul(limit, NULL, 10) : LC_RASTER_BIG_TRIANGLES;
    big_limit = LC_MIN(LC_MAX(big_limit, 1u), LC_RASTER_BIG_TRIANGLES);
    for (uint32_t p = 0; p < 3; p++) {
        lc_spec spec = {.values = {p, 0, 0, r->dev.vis_scene.texture_count, r->ctx->sampled_array_dynamic_indexing, r->sized.vis_prim_bits,
                                   LC_MAX(r->dev.geo.task_count, 1u), big_limit},
                        .count = 8};
        bool bindless = r->dev.vis_scene.bindless;
        r->dev.pipes.raster_pipeline[p] = lc_pipeline_compute(r->ctx, r->dev.vis_scene.layout, bindless ? "raster_bindless.comp" : "raster.comp", &spec, names[p]);
        r->dev.pipes.raster_big_pipeline[p] =
            lc_pipeline_compute(r->ctx, r->dev.vis_scene.layout, bindless ? "raster_big_bindless.comp" : "raster_big.comp", &spec, big_names[p]);
        if (!r->dev.pipes.raster_pipeline[p] || !r->dev.pipes.raster_big_pipeline[p]) return LC_ERR_RUNTIME;
    }
    lc_frame_pipelines *pp = &r->dev.pipes;
    pp->hiz[LC_HIZ_CAMERA_RASTER] = lc_pipeline_compute(r->ctx, r->dev.layout, "hiz_raster.comp", NULL, "hiz / raster words");
    pp->tile_depth_raster = lc_pipeline_compute(r->ctx, r->dev.layout, "tile_depth_raster.comp", NULL, "light cull / tile depth / raster words");
    lc_spec list_max = {.values = {r->desc.list_max}, .count = 1};
    pp->light_cull_lists_raster = lc_pipeline_compute(r->ctx, r->dev.layout, "cull_lists_raster.comp", &list_max, "light cull / lists / raster words");
    if (!pp->hiz[LC_HIZ_CAMERA_RASTER] || !pp->tile_depth_raster || !pp->light_cull_lists_raster) return LC_ERR_RUNTIME;
    /* Last: its handle says the set is made. */
    pp->raster_resolve_pipeline = lc_pipeline_compute(r->ctx, r->dev.layout, "raster_resolve.comp", NULL, "raster resolve");
    return pp->raster_resolve_pipeline ? LC_OK : LC_ERR_RUNTIME;
}

/* The visibility path's pipelines: its raster pass for the frame's geometry path, and the
 * compute shade variant (the forward pass's specialisation plus the texture count; bindless
 * where the scene's textures are). */
/* The shading's ENTITY_KINDS constant: the kinds besides lights this run holds (both are fixed at
 * load), so a run without decals or probes shades with the light loop alone. */
static uint32_t entity_kinds(const lc_renderer *r)
{
    return (r->desc.decal_count ? LC_ENTITY_KINDS_DECALS : 0u) | (r->dev.environment.probe_count ? LC_ENTITY_KINDS_PROBES : 0u);
}

static lc_status visibility_pipelines(lc_renderer *r, uint32_t mode, uint32_t loop, uint32_t analysis)
{
    uint32_t geometry = r->settings.geometry, raster = lc_raster_path(&r->settings);
    bool single = !r->settings.visibility_prepass;
    for (uint32_t masked = 0; masked < (single ? 2u : 1u); masked++) {
        VkPipeline *vp = single ? &r->dev.pipes.visibility_single_pipeline[raster][masked] : &r->dev.pipes.visibility_pipeline[raster];
        if (*vp) continue;
        static const char *const names[3][LC_GEOMETRY_COUNT] = {
            {"visibility", "visibility / mdi", "visibility / mesh"},
            {"visibility / single", "visibility / mdi / single", "visibility / mesh / single"},
            {"visibility / single / alpha mask", "visibility / mdi / single / alpha mask", "visibility / mesh / single / alpha mask"}};
        bool mesh = geometry == LC_GEOMETRY_MESH;
        /* Constant 1: the mdi path's draws are meshlets, whose primitives the fragment shader
         * renumbers within the object's mesh (visibility_id.glsl). Constant 2: the alpha MASK
         * test (the EQUAL pass writes no depth: one pipeline for every material). */
        lc_spec spec = {.values = {r->sized.vis_prim_bits, geometry == LC_GEOMETRY_MDI, !single || masked}, .count = 3};
        lc_graphics_desc d = {.vertex = mesh ? NULL : "scene.vert", .fragment = r->sized.vis_prim_bits ? "visibility_packed.frag" : "visibility.frag",
                              .spec = &spec, .layout = r->dev.layout,
                              .color_format = r->sized.vis_prim_bits ? VK_FORMAT_R32_UINT : VK_FORMAT_R32G32_UINT,
                              .depth_format = VK_FORMAT_D32_SFLOAT,
                              /* After the depth pre-pass, as the forward shade: EQUAL, so each
                               * pixel runs the fragment shader for its visible surface only (and
                               * among fragments at that depth the last drawn wins, as there). */
                              .depth_compare = VK_COMPARE_OP_EQUAL, .depth_write = false,
                              .scene_vertices = !mesh, .dynamic_cull = true, .name = names[single + masked][geometry]};
        if (mesh) {
            d.task = raster == LC_RASTER_PATH_MESH_INDIRECT ? NULL : "geometry.task";
            d.mesh = raster == LC_RASTER_PATH_MESH_INDIRECT ? "geometry_indirect.mesh" : "geometry.mesh";
        }
        if (single) {
            /* One pass (visibility_single): depth and ids together. LESS_OR_EQUAL: among the
             * fragments at a pixel's nearest depth the last drawn wins, as with the EQUAL test
             * after a pre-pass, so drawn in that pass's order the same coplanar surface wins. */
            d.depth_compare = VK_COMPARE_OP_LESS_OR_EQUAL;
            d.depth_write = true;
        }
        if (!(*vp = lc_pipeline_graphics(r->ctx, &d))) return LC_ERR_RUNTIME;
    }
    if (r->settings.raster == LC_RASTERIZER_COMPUTE && !r->dev.pipes.raster_resolve_pipeline) {
        lc_status st = raster_pipelines(r);
        if (st != LC_OK) return st;
    }
    uint32_t fused = r->frame.tonemap_path == LC_TONEMAP_FUSED;
    if (r->dev.shades.shade_visibility[mode][loop][analysis][fused]) return LC_OK;
    char name[96];
    snprintf(name, sizeof name, "visibility shade / %s%s%s%s", lc_mode_names[mode], loop_names[loop],
             analysis == LC_ANALYSIS_EXACT ? " / pairs" : analysis ? " / counts" : "", fused ? " / tonemap" : "");
    lc_spec spec = {.values = {mode, loop != LC_LOOP_PLAIN, analysis, r->dev.vis_scene.texture_count,
                               r->ctx->sampled_array_dynamic_indexing, r->sized.vis_prim_bits, loop_subgroups(r, loop, true),
                               lc_frame_shadow_filter(r), entity_kinds(r)},
                    .count = 9};
    static const char *const files[2][2] = {{"shade_visibility.comp", "shade_visibility_tonemap.comp"},
                                            {"shade_visibility_bindless.comp", "shade_visibility_tonemap_bindless.comp"}};
    r->dev.shades.shade_visibility[mode][loop][analysis][fused] =
        lc_pipeline_compute(r->ctx, r->dev.vis_scene.layout, files[r->dev.vis_scene.bindless][fused], &spec, name);
    return r->dev.shades.shade_visibility[mode][loop][analysis][fused] ? LC_OK : LC_ERR_RUNTIME;
}

/* Shade variants are made on first use: 5 modes x 3 loops x 3 is too many to build up front. */
lc_status lc_frame_shade_pipeline(lc_renderer *r, uint32_t mode, uint32_t loop, uint32_t analysis)
{
    if (r->settings.shading == LC_SHADING_VISIBILITY) return visibility_pipelines(r, mode, loop, analysis);
    /* The mesh path: the same fragment shader behind the task and mesh shaders. */
    bool mesh = r->settings.geometry == LC_GEOMETRY_MESH;
    uint32_t dispatch = r->settings.mesh_dispatch == LC_MESH_DISPATCH_INDIRECT;
    VkPipeline *p = mesh ? &r->dev.shades.shade_mesh[dispatch][mode][loop][analysis] : &r->dev.shades.shade[mode][loop][analysis];
    if (*p) return LC_OK;
    char name[96];
    snprintf(name, sizeof name, "forward shade / %s%s%s%s", lc_mode_names[mode], loop_names[loop],
             analysis == LC_ANALYSIS_EXACT ? " / pairs" : analysis ? " / counts" : "", mesh ? dispatch ? " / mesh, indirect" : " / mesh" : "");
    /* Constants 3-5 are the visibility shade's; the fragment shader has none of them. 7: the shadow filter, 8: the
     * entity kinds. */
    lc_spec spec = {.values = {mode, loop != LC_LOOP_PLAIN, analysis, 0, 0, 0, loop_subgroups(r, loop, false), lc_frame_shadow_filter(r),
                               entity_kinds(r)},
                    .count = 9};
    lc_graphics_desc d = {.vertex = "scene.vert", .fragment = "shade.frag", .spec = &spec, .layout = r->dev.layout,
                          .color_format = VK_FORMAT_R16G16B16A16_SFLOAT, .depth_format = VK_FORMAT_D32_SFLOAT,
                          .depth_compare = VK_COMPARE_OP_EQUAL, .scene_vertices = !mesh, .dynamic_cull = true, .name = name};
    if (mesh) {
        d.task = dispatch ? NULL : "geometry.task";
        d.mesh = dispatch ? "geometry_indirect.mesh" : "geometry.mesh";
    }
    *p = lc_pipeline_graphics(r->ctx, &d);
    return *p ? LC_OK : LC_ERR_RUNTIME;
}


uint32_t lc_transparent_loop(const lc_renderer *r, const lc_frame_settings *s)
{
    lc_frame_settings forward = *s;
    forward.shading = LC_SHADING_FORWARD;
    return lc_loop_variant(r, &forward);
}

/* The forward shade's fragment shader over the direct path's vertices (transparent draws are
 * CPU-sorted object draws on every geometry path), blending into the HDR image behind the
 * opaque depth: LESS_OR_EQUAL, no depth writes. */
lc_status lc_frame_transparent_pipeline(lc_renderer *r, uint32_t mode, uint32_t loop, uint32_t analysis)
{
    VkPipeline *p = &r->dev.shades.shade_transparent[mode][loop][analysis];
    if (*p) return LC_OK;
    char name[96];
    snprintf(name, sizeof name, "transparent / %s%s%s", lc_mode_names[mode], loop_names[loop],
             analysis == LC_ANALYSIS_EXACT ? " / pairs" : analysis ? " / counts" : "");
    lc_spec spec = {.values = {mode, loop != LC_LOOP_PLAIN, analysis, 0, 0, 0, loop_subgroups(r, loop, false), lc_frame_shadow_filter(r),
                               entity_kinds(r)},
                    .count = 9};
    lc_graphics_desc d = {.vertex = "scene.vert", .fragment = "shade.frag", .spec = &spec, .layout = r->dev.layout,
                          .color_format = VK_FORMAT_R16G16B16A16_SFLOAT, .depth_format = VK_FORMAT_D32_SFLOAT,
                          .depth_compare = VK_COMPARE_OP_LESS_OR_EQUAL, .blend = true, .scene_vertices = true, .dynamic_cull = true,
                          .name = name};
    *p = lc_pipeline_graphics(r->ctx, &d);
    return *p ? LC_OK : LC_ERR_RUNTIME;
}

/* Every shade variant (made again on first use): forward, mesh, visibility and transparent. */
void lc_frame_destroy_shade_pipelines(lc_renderer *r)
{
    destroy_pipelines(r->ctx->device, (VkPipeline *)&r->dev.shades, sizeof r->dev.shades / sizeof(VkPipeline));
}
