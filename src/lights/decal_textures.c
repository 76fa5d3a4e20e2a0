/* The decals' textures: decoding the files, one size per kind, the GPU arrays (decal_textures.h). */
#include "lights/decal_textures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene/texture_decode.h"

/* Bilinear resampling to w x h, texel centres mapped to texel centres (the array's size). */
static void resize(lc_image_data *img, uint32_t w, uint32_t h)
{
    if (img->width == w && img->height == h) return;
    uint8_t *dst = lc_alloc((size_t)w * h * 4);
    const uint8_t *src = img->rgba;
    float sx = (float)img->width / (float)w, sy = (float)img->height / (float)h;
    for (uint32_t y = 0; y < h; y++) {
        float fy = ((float)y + 0.5f) * sy - 0.5f;
        fy = fy < 0.0f ? 0.0f : fy;
        uint32_t y0 = LC_MIN((uint32_t)fy, img->height - 1), y1 = LC_MIN(y0 + 1, img->height - 1);
        float ty = fy - (float)y0;
        for (uint32_t x = 0; x < w; x++) {
            float fx = ((float)x + 0.5f) * sx - 0.5f;
            fx = fx < 0.0f ? 0.0f : fx;
            uint32_t x0 = LC_MIN((uint32_t)fx, img->width - 1), x1 = LC_MIN(x0 + 1, img->width - 1);
            float tx = fx - (float)x0;
            for (int c = 0; c < 4; c++) {
                float a = src[((size_t)y0 * img->width + x0) * 4 + c], b = src[((size_t)y0 * img->width + x1) * 4 + c];
                float d = src[((size_t)y1 * img->width + x0) * 4 + c], e = src[((size_t)y1 * img->width + x1) * 4 + c];
                float v = (a + (b - a) * tx) * (1.0f - ty) + (d + (e - d) * tx) * ty;
                dst[((size_t)y * w + x) * 4 + c] = (uint8_t)(v + 0.5f);
            }
        }
    }
    free(img->rgba);
    img->rgba = dst;
    img->width = w;
    img->height = h;
}

int32_t lc_decal_images_load(const char *const *paths, uint32_t count, bool linear, lc_image_data **out, char *err, size_t err_size)
{
    *out = NULL;
    if (!count) return -1;
    lc_texture_job *jobs = lc_calloc(count, sizeof *jobs);
    for (uint32_t i = 0; i < count; i++) {
        if (strlen(paths[i]) >= sizeof jobs[i].key) snprintf(jobs[i].error, sizeof jobs[i].error, "path too long");
        else snprintf(jobs[i].key, sizeof jobs[i].key, "%s", paths[i]);
    }
    lc_texture_decode_all(jobs, count);
    int32_t failed = -1;
    uint32_t w = 1, h = 1;
    for (uint32_t i = 0; i < count && failed < 0; i++) {
        if (!jobs[i].image.rgba) {
            snprintf(err, err_size, "%s", jobs[i].error[0] ? jobs[i].error : "cannot decode");
            failed = (int32_t)i;
        }
        w = LC_MAX(w, jobs[i].image.width), h = LC_MAX(h, jobs[i].image.height);
    }
    if (failed >= 0) {
        for (uint32_t i = 0; i < count; i++) free(jobs[i].image.rgba);
        free(jobs);
        return failed;
    }
    w = LC_MIN(w, LC_DECAL_TEXTURE_SIDE_MAX), h = LC_MIN(h, LC_DECAL_TEXTURE_SIDE_MAX);
    lc_image_data *images = lc_calloc(count, sizeof *images);
    for (uint32_t i = 0; i < count; i++) {
        images[i] = jobs[i].image;
        images[i].linear = linear;
        snprintf(images[i].name, sizeof images[i].name, "decal texture %u", i);
        resize(&images[i], w, h);
    }
    free(jobs);
    *out = images;
    return -1;
}

void lc_decal_images_free(lc_image_data *images, uint32_t count)
{
    for (uint32_t i = 0; i < count && images; i++) free(images[i].rgba);
    free(images);
}

/* One kind's array: its images one after another, or the default texel where it has none. */
static lc_status create_array(lc_context *ctx, const lc_image_data *images, uint32_t count, bool linear, lc_image *out)
{
    static const uint8_t white[4] = {255, 255, 255, 255}, flat[4] = {128, 128, 255, 255};
    uint32_t layers = LC_MAX(count, 1u);
    uint32_t w = count ? images[0].width : 1, h = count ? images[0].height : 1;
    size_t layer_bytes = (size_t)w * h * 4;
    uint8_t *pixels = lc_alloc(layer_bytes * layers);
    for (uint32_t i = 0; i < layers; i++) memcpy(pixels + i * layer_bytes, count ? images[i].rgba : linear ? flat : white, layer_bytes);
    lc_image_desc d = {.width = w, .height = h, .mip_levels = lc_mip_count(w, h), .layers = layers,
                       .format = linear ? VK_FORMAT_R8G8B8A8_UNORM : VK_FORMAT_R8G8B8A8_SRGB,
                       .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                       .name = linear ? "decal normal maps" : "decal textures"};
    lc_status s = lc_image_create(ctx, &d, out);
    if (s == LC_OK) s = lc_image_upload_mipmapped(ctx, out, pixels);
    free(pixels);
    return s;
}

lc_status lc_decal_textures_create(lc_context *ctx, lc_image_data *const images[LC_DECAL_TEXTURE_KINDS],
                                   const uint32_t count[LC_DECAL_TEXTURE_KINDS], lc_decal_textures *out)
{
    memset(out, 0, sizeof *out);
    for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++) {
        lc_status s = create_array(ctx, images[k], images[k] ? count[k] : 0, k == LC_DECAL_TEXTURE_NORMAL, &out->arrays[k]);
        if (s != LC_OK) return s;
    }
    /* Clamped: a decal's texture does not wrap across the box's edges. */
    VkSamplerCreateInfo si = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = VK_FILTER_LINEAR, .minFilter = VK_FILTER_LINEAR,
        .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR, .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .maxLod = VK_LOD_CLAMP_NONE,
    };
    VK_CHECK(vkCreateSampler(ctx->device, &si, NULL, &out->sampler));
    LC_NAME(ctx, VK_OBJECT_TYPE_SAMPLER, out->sampler, "decal texture sampler");
    return LC_OK;
}

void lc_decal_textures_destroy(lc_context *ctx, lc_decal_textures *t)
{
    for (int k = 0; k < LC_DECAL_TEXTURE_KINDS; k++) lc_image_destroy(ctx, &t->arrays[k]);
    if (t->sampler) vkDestroySampler(ctx->device, t->sampler, NULL);
    memset(t, 0, sizeof *t);
}
