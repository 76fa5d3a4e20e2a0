/* The sun and the environment (environment.h): the source image on the CPU (the procedural
 * sky, or the .hdr box-filtered to at most LC_ENV_SOURCE_WIDTH wide, with box mips), then the
 * prefilter in compute: environment_irradiance.comp (SH9) and environment_specular.comp (one
 * dispatch per roughness level). */
#include "lights/environment.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image.h>

#include "vk/pipelines.h"

const char *const lc_environment_names[LC_ENVIRONMENT_COUNT] = {"none", "sky", "file"};

#define LC_ENV_SOURCE_WIDTH 512u /* wider files are box-filtered down first: the prefilter's lowest roughness needs no more */
#define LC_ENV_SKY_WIDTH 256u
#define PI 3.14159265358979

/* Bytes of a Radiance header up to its resolution line's end (the blank line, then
 * "-Y H +X W"); -1 where there is none. Leaves the file rewound. */
static long hdr_header_bytes(FILE *f)
{
    int c, prev = 0;
    long n = 0;
    bool blank = false;
    while ((c = fgetc(f)) != EOF && n < (1l << 16)) {
        n++;
        if (c == '\n' && blank) break;
        if (c == '\n' && prev == '\n') blank = true;
        prev = c;
    }
    rewind(f);
    return c == '\n' && blank ? n : -1;
}

lc_status lc_environment_load(const char *path, lc_environment_image *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        lc_error("--environment %s: cannot open the file", path);
        return LC_ERR_INPUT;
    }
    int is_hdr = stbi_is_hdr_from_file(f);
    int w = 0, h = 0, comp = 0;
    /* stb_image reads past a truncated file as zeros: the pixels must at least fit the
     * smallest run-length encoding of w x h (per scanline a 4-byte header, per channel a
     * 2-byte run each 127 pixels), or w * h flat pixels where RLE does not apply. */
    long header = is_hdr ? hdr_header_bytes(f) : -1, size = -1;
    if (is_hdr && stbi_info_from_file(f, &w, &h, &comp) && fseek(f, 0, SEEK_END) == 0) size = ftell(f);
    rewind(f);
    double need = w < 8 || w >= 32768 ? 4.0 * w * h : (double)h * (4.0 + 8.0 * ((w + 126) / 127));
    bool truncated = is_hdr && (header < 0 || size < 0 || (double)(size - header) < need);
    float *rgb = is_hdr && !truncated ? stbi_loadf_from_file(f, &w, &h, &comp, 3) : NULL;
    fclose(f);
    if (!is_hdr || !rgb) {
        const char *why = !is_hdr ? "not a Radiance .hdr image" : truncated ? "the file ends before its pixels do" : stbi_failure_reason();
        lc_error("--environment %s: cannot read the image (%s)", path, why ? why : "corrupt");
        stbi_image_free(rgb);
        return LC_ERR_INPUT;
    }
    if (w < 2 || h < 1 || w > 32768 || h > 16384) {
        lc_error("--environment %s: %dx%d is not a usable equirectangular image", path, w, h);
        stbi_image_free(rgb);
        return LC_ERR_INPUT;
    }
    /* Non-finite or negative texels (a damaged file that still parses) would poison every sum. */
    for (size_t i = 0; i < (size_t)w * (size_t)h * 3; i++)
        if (!isfinite(rgb[i]) || rgb[i] < 0.0f) rgb[i] = 0.0f;
    out->rgb = rgb;
    out->width = (uint32_t)w;
    out->height = (uint32_t)h;
    return LC_OK;
}

void lc_environment_image_free(lc_environment_image *img)
{
    stbi_image_free(img->rgb);
    memset(img, 0, sizeof *img);
}

/* Direction of texel (x + 0.5, y + 0.5): as lc_env_dir in shaders/lights/environment_map.glsl. */
static void texel_dir(uint32_t x, uint32_t y, uint32_t w, uint32_t h, float d[3])
{
    double phi = ((x + 0.5) / w - 0.5) * 2.0 * PI, theta = (y + 0.5) / h * PI;
    d[0] = (float)(sin(theta) * sin(phi));
    d[1] = (float)cos(theta);
    d[2] = (float)(-sin(theta) * cos(phi));
}

void lc_environment_sky(const float d[3], const float sun[3], bool sun_on, float out[3])
{
    static const float zenith[3] = {0.22f, 0.42f, 0.85f}, horizon[3] = {0.75f, 0.82f, 0.92f}, ground[3] = {0.28f, 0.25f, 0.22f};
    float y = d[1];
    for (int c = 0; c < 3; c++) {
        if (y >= 0.0f) {
            float t = powf(1.0f - y, 4.0f);
            out[c] = zenith[c] + (horizon[c] - zenith[c]) * t;
        } else {
            float t = fminf(-y * 8.0f, 1.0f); /* a soft horizon, then the ground's own colour */
            out[c] = horizon[c] + (ground[c] * 0.5f - horizon[c]) * t;
        }
    }
    if (!sun_on) return;
    float c = d[0] * sun[0] + d[1] * sun[1] + d[2] * sun[2];
    float glow = 0.6f * powf(fmaxf(c, 0.0f), 48.0f), disc = c > 0.9994f ? 40.0f : 0.0f; /* disc: 2 degrees across */
    static const float tint[3] = {1.0f, 0.92f, 0.8f};
    for (int k = 0; k < 3; k++) out[k] += (glow + disc) * tint[k];
}

/* Level 0 of the source (RGBA): the sky, or the file box-filtered by an integer factor. */
static float *source_level0(const lc_environment_desc *d, const float sun[3], uint32_t *w_out, uint32_t *h_out)
{
    uint32_t w, h;
    float *px;
    if (d->kind == LC_ENVIRONMENT_FILE) {
        const lc_environment_image *img = d->image;
        uint32_t f = (img->width + LC_ENV_SOURCE_WIDTH - 1) / LC_ENV_SOURCE_WIDTH;
        w = LC_MAX(img->width / f, 1u);
        h = LC_MAX(img->height / f, 1u);
        px = lc_calloc((size_t)w * h * 4, sizeof *px);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                float *o = &px[((size_t)y * w + x) * 4];
                for (uint32_t j = 0; j < f; j++)
                    for (uint32_t i = 0; i < f; i++) {
                        const float *s = &img->rgb[((size_t)LC_MIN(y * f + j, img->height - 1) * img->width + LC_MIN(x * f + i, img->width - 1)) * 3];
                        for (int c = 0; c < 3; c++) o[c] += s[c] / (float)(f * f);
                    }
                o[3] = 1.0f;
            }
    } else {
        w = LC_ENV_SKY_WIDTH;
        h = w / 2;
        px = lc_calloc((size_t)w * h * 4, sizeof *px);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                float dir[3], *o = &px[((size_t)y * w + x) * 4];
                texel_dir(x, y, w, h, dir);
                if (d->kind == LC_ENVIRONMENT_SKY) lc_environment_sky(dir, sun, d->sun_lux > 0.0f, o);
                o[3] = 1.0f;
            }
    }
    *w_out = w;
    *h_out = h;
    return px;
}

/* The irradiance on a surface facing +Y: what the level normalises. */
static double up_irradiance(const float *px, uint32_t w, uint32_t h)
{
    double e = 0.0;
    for (uint32_t y = 0; y < h; y++) {
        double theta = (y + 0.5) / h * PI, cos_t = cos(theta);
        if (cos_t <= 0.0) continue;
        double solid = (2.0 * PI / w) * (PI / h) * sin(theta);
        for (uint32_t x = 0; x < w; x++) {
            const float *p = &px[((size_t)y * w + x) * 4];
            e += (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) * cos_t * solid;
        }
    }
    return e;
}

/* The source image with its box mips, RGBA32F, uploaded and left SHADER_READ_ONLY. */
static lc_status upload_source(lc_context *ctx, float *level0, uint32_t w, uint32_t h, lc_image *out)
{
    uint32_t mips = lc_mip_count(w, h);
    size_t total = 0;
    for (uint32_t m = 0; m < mips; m++) total += (size_t)LC_MAX(w >> m, 1u) * LC_MAX(h >> m, 1u) * 4;
    lc_buffer staging;
    lc_buffer_desc sd = {.size = total * sizeof(float), .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT, .host_visible = true, .name = "environment staging"};
    lc_status s = lc_buffer_create(ctx, &sd, &staging);
    if (s != LC_OK) return s;
    lc_image_desc id = {.width = w, .height = h, .mip_levels = mips, .format = VK_FORMAT_R32G32B32A32_SFLOAT,
                        .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, .name = "environment source"};
    if ((s = lc_image_create(ctx, &id, out)) != LC_OK) {
        lc_buffer_destroy(ctx, &staging);
        return s;
    }
    float *dst = staging.mapped;
    VkBufferImageCopy regions[16];
    memcpy(dst, level0, (size_t)w * h * 4 * sizeof(float));
    size_t offset = 0;
    for (uint32_t m = 0; m < mips && m < 16; m++) {
        uint32_t mw = LC_MAX(w >> m, 1u), mh = LC_MAX(h >> m, 1u);
        regions[m] = (VkBufferImageCopy){.bufferOffset = offset * sizeof(float),
                                         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, m, 0, 1}, .imageExtent = {mw, mh, 1}};
        if (m + 1 < mips) { /* the next level: 2x2 boxes, the odd edge folded in */
            uint32_t nw = LC_MAX(mw >> 1, 1u), nh = LC_MAX(mh >> 1, 1u);
            float *src = dst + offset, *next = dst + offset + (size_t)mw * mh * 4;
            for (uint32_t y = 0; y < nh; y++)
                for (uint32_t x = 0; x < nw; x++)
                    for (int c = 0; c < 4; c++) {
                        float sum = 0.0f;
                        for (uint32_t j = 0; j < 2; j++)
                            for (uint32_t i = 0; i < 2; i++)
                                sum += src[((size_t)LC_MIN(2 * y + j, mh - 1) * mw + LC_MIN(2 * x + i, mw - 1)) * 4 + c];
                        next[((size_t)y * nw + x) * 4 + c] = 0.25f * sum;
                    }
        }
        offset += (size_t)mw * mh * 4;
    }
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    lc_barrier_image(cmd, out, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_NONE, 0,
                     VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    vkCmdCopyBufferToImage(cmd, staging.buffer, out->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, LC_MIN(mips, 16u), regions);
    lc_barrier_image(cmd, out, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                     VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                     VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    lc_vk_end_once(ctx, cmd);
    lc_buffer_destroy(ctx, &staging);
    return LC_OK;
}

/* The prefilter of one source: irradiance SH9 into data's lc_gpu_environment.sh, then each
 * level of layer `layer` of the specular map (left GENERAL: the caller transitions the whole
 * array once before and after). */
static void prefilter(lc_context *ctx, const lc_image *source, VkSampler sampler, lc_image *specular, uint32_t layer, const lc_buffer *data)
{
    VkDevice dev = ctx->device;
    VkDescriptorSetLayoutBinding b[3] = {
        {LC_ENV_BIND_SOURCE, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {LC_ENV_BIND_TARGET, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {LC_ENV_BIND_DATA, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    VkDescriptorSetLayoutCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 3, .pBindings = b};
    VkDescriptorSetLayout set_layout;
    VK_CHECK(vkCreateDescriptorSetLayout(dev, &ci, NULL, &set_layout));
    VkPushConstantRange pc = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
    VkPipelineLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
                                     .pSetLayouts = &set_layout, .pushConstantRangeCount = 1, .pPushConstantRanges = &pc};
    VkPipelineLayout layout;
    VK_CHECK(vkCreatePipelineLayout(dev, &li, NULL, &layout));
    uint32_t mips = specular->mip_levels;
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, mips},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, mips},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, mips}};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = mips, .poolSizeCount = 3, .pPoolSizes = sizes};
    VkDescriptorPool pool;
    VK_CHECK(vkCreateDescriptorPool(dev, &pi, NULL, &pool));
    VkDescriptorSet sets[LC_ENV_SPECULAR_MIPS];
    VkImageView views[LC_ENV_SPECULAR_MIPS];
    VkDescriptorSetLayout set_layouts[LC_ENV_SPECULAR_MIPS];
    for (uint32_t m = 0; m < mips; m++) set_layouts[m] = set_layout;
    VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
                                      .descriptorSetCount = mips, .pSetLayouts = set_layouts};
    VK_CHECK(vkAllocateDescriptorSets(dev, &ai, sets));
    VkDescriptorImageInfo src = {sampler, source->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkDescriptorBufferInfo data_info = {data->buffer, 0, sizeof(lc_gpu_environment)};
    for (uint32_t m = 0; m < mips; m++) {
        VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = specular->image,
                                    .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = specular->format,
                                    .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, m, 1, layer, 1}};
        VK_CHECK(vkCreateImageView(dev, &vi, NULL, &views[m]));
        VkDescriptorImageInfo target = {VK_NULL_HANDLE, views[m], VK_IMAGE_LAYOUT_GENERAL};
        VkWriteDescriptorSet w[3] = {
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[m], .dstBinding = LC_ENV_BIND_SOURCE, .descriptorCount = 1,
             .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &src},
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[m], .dstBinding = LC_ENV_BIND_TARGET, .descriptorCount = 1,
             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &target},
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[m], .dstBinding = LC_ENV_BIND_DATA, .descriptorCount = 1,
             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &data_info},
        };
        vkUpdateDescriptorSets(dev, 3, w, 0, NULL);
    }
    VkPipeline irradiance = lc_pipeline_compute(ctx, layout, "environment_irradiance.comp", NULL, "environment irradiance");
    VkPipeline spec = lc_pipeline_compute(ctx, layout, "environment_specular.comp", NULL, "environment specular");
    if (!irradiance || !spec) lc_vk_fatal("environment prefilter shaders", VK_ERROR_INITIALIZATION_FAILED, __FILE__, __LINE__);

    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    lc_vk_label_begin(ctx, cmd, layer ? "environment probe prefilter" : "environment prefilter");
    /* the array's earlier layers (or its clear) before these writes */
    lc_barrier_image(cmd, specular, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    /* the data buffer's upload (sun, params) before the SH writes land beside it */
    lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, irradiance);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &sets[0], 0, NULL);
    vkCmdDispatch(cmd, 1, 1, 1);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, spec);
    for (uint32_t m = 0; m < mips; m++) {
        uint32_t push[4] = {m, mips, source->width, source->height};
        uint32_t w = LC_MAX(specular->width >> m, 1u), h = LC_MAX(specular->height >> m, 1u);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &sets[m], 0, NULL);
        vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, push);
        vkCmdDispatch(cmd, (w + 7) / 8, (h + 7) / 8, 1);
    }
    /* the SH for the frames' shaders, or for the host (a probe's, read back) */
    lc_barrier_memory(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_2_HOST_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_HOST_READ_BIT);
    lc_vk_label_end(ctx, cmd);
    lc_vk_end_once(ctx, cmd);

    vkDestroyPipeline(dev, irradiance, NULL);
    vkDestroyPipeline(dev, spec, NULL);
    for (uint32_t m = 0; m < mips; m++) vkDestroyImageView(dev, views[m], NULL);
    vkDestroyDescriptorPool(dev, pool, NULL);
    vkDestroyPipelineLayout(dev, layout, NULL);
    vkDestroyDescriptorSetLayout(dev, set_layout, NULL);
}

/* Each probe's capture through the same prefilter as the sky, into layer 1 + i; its SH comes
 * back through a host-visible record and lands in records[i]. */
static lc_status prefilter_probes(lc_context *ctx, const lc_environment_desc *desc, lc_environment *env, lc_gpu_probe *records)
{
    lc_buffer scratch;
    lc_buffer_desc bd = {.size = sizeof(lc_gpu_environment), .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, .host_visible = true,
                         .name = "environment probe irradiance"};
    lc_status s = lc_buffer_create(ctx, &bd, &scratch);
    if (s != LC_OK) return s;
    for (uint32_t i = 0; i < desc->probe_count && s == LC_OK; i++) {
        const lc_environment_image *img = &desc->probe_images[i];
        float *rgba = lc_calloc((size_t)img->width * img->height * 4, sizeof *rgba);
        for (size_t t = 0; t < (size_t)img->width * img->height; t++) {
            for (int c = 0; c < 3; c++) rgba[t * 4 + c] = isfinite(img->rgb[t * 3 + c]) ? LC_MAX(img->rgb[t * 3 + c], 0.0f) : 0.0f;
            rgba[t * 4 + 3] = 1.0f;
        }
        lc_image source = {0};
        s = upload_source(ctx, rgba, img->width, img->height, &source);
        free(rgba);
        if (s != LC_OK) break;
        prefilter(ctx, &source, env->sampler, &env->specular, 1 + i, &scratch);
        lc_image_destroy(ctx, &source);
        const lc_gpu_environment *g = scratch.mapped;
        records[i] = desc->probes[i];
        records[i].position.w = (float)(1 + i);
        memcpy(records[i].sh, g->sh, sizeof records[i].sh);
    }
    lc_buffer_destroy(ctx, &scratch);
    return s;
}

/* Layout changes of the whole specular array, with a clear of the sky's layer where there is
 * no sky (the shading reads black there). */
static void specular_layout(lc_context *ctx, lc_image *img, bool start, bool clear_sky)
{
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    if (start) {
        lc_barrier_image(cmd, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_NONE, 0,
                         VK_PIPELINE_STAGE_2_CLEAR_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                         VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
        if (clear_sky) {
            VkClearColorValue black = {{0.0f, 0.0f, 0.0f, 0.0f}};
            VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, img->mip_levels, 0, 1};
            vkCmdClearColorImage(cmd, img->image, VK_IMAGE_LAYOUT_GENERAL, &black, 1, &range);
        }
    } else {
        lc_barrier_image(cmd, img, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                         VK_PIPELINE_STAGE_2_CLEAR_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                         VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                         VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    }
    lc_vk_end_once(ctx, cmd);
}

static void sun_unit(const lc_environment_desc *desc, float sun[3], bool *on)
{
    float len = sqrtf(desc->sun_dir[0] * desc->sun_dir[0] + desc->sun_dir[1] * desc->sun_dir[1] + desc->sun_dir[2] * desc->sun_dir[2]);
    *on = desc->sun_lux > 0.0f && len > 0.0f;
    for (int c = 0; c < 3; c++) sun[c] = *on ? desc->sun_dir[c] / len : (c == 1);
}

void lc_environment_radiance(const lc_environment_desc *desc, const float d[3], float out[3])
{
    out[0] = out[1] = out[2] = 0.0f;
    if (desc->kind == LC_ENVIRONMENT_SKY) {
        float sun[3];
        bool on;
        sun_unit(desc, sun, &on);
        lc_environment_sky(d, sun, on, out);
    } else if (desc->kind == LC_ENVIRONMENT_FILE && desc->image && desc->image->rgb) {
        /* texel_dir's inverse */
        const lc_environment_image *img = desc->image;
        double u = atan2(d[0], -d[2]) / (2.0 * PI) + 0.5, v = acos(LC_CLAMP(d[1], -1.0f, 1.0f)) / PI;
        uint32_t x = (uint32_t)LC_CLAMP(u * img->width, 0.0, img->width - 1.0), y = (uint32_t)LC_CLAMP(v * img->height, 0.0, img->height - 1.0);
        for (int c = 0; c < 3; c++) out[c] = img->rgb[((size_t)y * img->width + x) * 3 + c];
    }
}

lc_status lc_environment_create(lc_context *ctx, const lc_environment_desc *desc, lc_environment *out)
{
    memset(out, 0, sizeof *out);
    float sun[3];
    bool sun_on;
    sun_unit(desc, sun, &sun_on);
    bool env_on = desc->kind == LC_ENVIRONMENT_SKY || (desc->kind == LC_ENVIRONMENT_FILE && desc->image && desc->image->rgb);
    uint32_t probes = desc->probes && desc->probe_images ? desc->probe_count : 0;

    VkSamplerCreateInfo si = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = VK_FILTER_LINEAR, .minFilter = VK_FILTER_LINEAR,
        .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR, .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
        .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .maxLod = VK_LOD_CLAMP_NONE,
    };
    VK_CHECK(vkCreateSampler(ctx->device, &si, NULL, &out->sampler));
    LC_NAME(ctx, VK_OBJECT_TYPE_SAMPLER, out->sampler, "environment sampler");

    uint32_t w = 2, h = 1;
    float *level0 = env_on ? source_level0(desc, sun, &w, &h) : lc_calloc(8, sizeof(float));
    double e_up = up_irradiance(level0, w, h);
    float level = desc->level > 0.0f ? desc->level : LC_ENVIRONMENT_LEVEL_ALONE;
    out->radiance_scale = env_on && e_up > 0.0 ? (float)(PI * level / e_up) : 0.0f;
    out->probe_count = probes;

    lc_gpu_environment g = {
        .sun_dir = {sun[0], sun[1], sun[2], sun_on ? 1.0f : 0.0f},
        .sun_illuminance = {sun_on ? desc->sun_lux : 0.0f, sun_on ? desc->sun_lux : 0.0f, sun_on ? desc->sun_lux : 0.0f, 0.0f},
        /* E_up * x / pi (a white Lambert surface's radiance) times the exposure's 1 / x reads `level` */
        .params = {out->radiance_scale, (float)LC_ENV_SPECULAR_MIPS, env_on ? 1.0f : 0.0f, (float)probes},
    };
    size_t data_size = sizeof g + (size_t)probes * sizeof(lc_gpu_probe);
    lc_buffer_desc bd = {.size = data_size, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                         .name = "environment"};
    lc_image source = {0};
    /* Nothing to prefilter: one black level for the binding (renderers in tests make many). */
    bool filtered = env_on || probes;
    lc_image_desc sd = {.width = LC_ENV_SPECULAR_WIDTH, .height = LC_ENV_SPECULAR_WIDTH / 2, .mip_levels = filtered ? LC_ENV_SPECULAR_MIPS : 1,
                        .layers = 1 + probes, .format = VK_FORMAT_R16G16B16A16_SFLOAT,
                        .usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                        .name = "environment specular"};
    lc_status s = lc_buffer_create(ctx, &bd, &out->data);
    if (s == LC_OK) s = lc_image_create(ctx, &sd, &out->specular);
    if (s == LC_OK) specular_layout(ctx, &out->specular, true, !env_on);
    uint8_t *data = lc_calloc(1, data_size);
    memcpy(data, &g, sizeof g);
    if (s == LC_OK && probes) s = prefilter_probes(ctx, desc, out, (lc_gpu_probe *)(data + sizeof g));
    if (s == LC_OK && probes) {
        out->probes = lc_calloc(probes, sizeof *out->probes);
        memcpy(out->probes, data + sizeof g, probes * sizeof *out->probes);
    }
    if (s == LC_OK) s = lc_buffer_upload(ctx, &out->data, data, data_size);
    free(data);
    if (s == LC_OK && env_on) s = upload_source(ctx, level0, w, h, &source);
    free(level0);
    if (s != LC_OK) return s;
    if (env_on) {
        prefilter(ctx, &source, out->sampler, &out->specular, 0, &out->data);
        lc_image_destroy(ctx, &source);
    }
    specular_layout(ctx, &out->specular, false, false);
    return LC_OK;
}

void lc_environment_destroy(lc_context *ctx, lc_environment *env)
{
    lc_buffer_destroy(ctx, &env->data);
    lc_image_destroy(ctx, &env->specular);
    if (env->sampler) vkDestroySampler(ctx->device, env->sampler, NULL);
    free(env->probes);
    memset(env, 0, sizeof *env);
}
