/* The probes' capture (probe_capture.h): six views per probe through a renderer of its own,
 * read back as HDR, resampled into an equirectangular map on the host. */
#include "views/probe_capture.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lights/exposure.h"

/* The cube's faces as the camera's yaw and pitch (yaw 0 looks along -Z, positive yaw turns to -X). */
static const float k_faces[6][2] = {{0, 0}, {90, 0}, {180, 0}, {-90, 0}, {90, 90}, {90, -90}};

static float half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31u, man = h & 1023u, bits;
    if (exp == 0) {
        float f = ldexpf((float)man, -24);
        return sign ? -f : f;
    }
    if (exp == 31) bits = sign | 0x7F800000u | (man << 13);
    else bits = sign | ((exp + 112u) << 23) | (man << 13);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

typedef struct face {
    lc_m4 view_proj;
    float forward[3];
    float *rgb;   /* FACE^2 * 3, the HDR radiance; the sky's where the view saw nothing */
} face;

/* One texel of a face: bilinear over its pixel centres, clamped to the face. */
static void face_sample(const face *f, float x, float y, float out[3])
{
    const uint32_t n = LC_PROBE_FACE_SIZE;
    x = LC_CLAMP(x - 0.5f, 0.0f, (float)(n - 1)), y = LC_CLAMP(y - 0.5f, 0.0f, (float)(n - 1));
    uint32_t x0 = (uint32_t)x, y0 = (uint32_t)y, x1 = LC_MIN(x0 + 1, n - 1), y1 = LC_MIN(y0 + 1, n - 1);
    float fx = x - (float)x0, fy = y - (float)y0;
    for (int c = 0; c < 3; c++) {
        float a = f->rgb[(y0 * n + x0) * 3 + c] * (1 - fx) + f->rgb[(y0 * n + x1) * 3 + c] * fx;
        float b = f->rgb[(y1 * n + x0) * 3 + c] * (1 - fx) + f->rgb[(y1 * n + x1) * 3 + c] * fx;
        out[c] = a * (1 - fy) + b * fy;
    }
}

/* Direction d (from the probe) in face f's pixels: false where it is behind the face. */
static bool face_project(const face *f, const float p[3], const float d[3], float *px, float *py)
{
    const float *m = f->view_proj.m;
    float q[3] = {p[0] + d[0], p[1] + d[1], p[2] + d[2]};
    float cx = m[0] * q[0] + m[4] * q[1] + m[8] * q[2] + m[12];
    float cy = m[1] * q[0] + m[5] * q[1] + m[9] * q[2] + m[13];
    float cw = m[3] * q[0] + m[7] * q[1] + m[11] * q[2] + m[15];
    if (!(cw > 0.0f)) return false;
    *px = (cx / cw * 0.5f + 0.5f) * (float)LC_PROBE_FACE_SIZE;
    *py = (cy / cw * 0.5f + 0.5f) * (float)LC_PROBE_FACE_SIZE;
    return true;
}

/* The six faces into an equirectangular image (texel directions as environment.c's). */
static void resample(const face faces[6], const float p[3], lc_environment_image *out)
{
    const uint32_t w = LC_PROBE_MAP_WIDTH, h = w / 2;
    out->width = w, out->height = h;
    out->rgb = lc_alloc((size_t)w * h * 3 * sizeof(float));
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            double phi = ((x + 0.5) / w - 0.5) * 2.0 * 3.14159265358979, theta = (y + 0.5) / h * 3.14159265358979;
            float d[3] = {(float)(sin(theta) * sin(phi)), (float)cos(theta), (float)(-sin(theta) * cos(phi))};
            int best = 0;
            float best_dot = -2.0f;
            for (int f = 0; f < 6; f++) {
                float dot = d[0] * faces[f].forward[0] + d[1] * faces[f].forward[1] + d[2] * faces[f].forward[2];
                if (dot > best_dot) best_dot = dot, best = f;
            }
            float px = 0.0f, py = 0.0f, *o = &out->rgb[((size_t)y * w + x) * 3];
            if (face_project(&faces[best], p, d, &px, &py)) face_sample(&faces[best], px, py, o);
            else o[0] = o[1] = o[2] = 0.0f;
        }
}

lc_status lc_probes_capture(lc_context *ctx, const lc_scene *scene, const lc_renderer_desc *desc, const lc_frame_settings *settings,
                            const lc_light *lights, uint32_t light_count, const lc_probe_set *set, lc_environment_image *images,
                            lc_gpu_probe *records)
{
    memset(images, 0, set->count * sizeof *images);
    const uint32_t n = LC_PROBE_FACE_SIZE;
    lc_target target;
    lc_status s = lc_target_create_headless(ctx, n, n, &target);
    if (s != LC_OK) return s;
    lc_renderer_desc d = *desc;
    d.environment.probes = NULL, d.environment.probe_images = NULL, d.environment.probe_count = 0; /* one bounce */
    d.light_capacity = LC_MAX(light_count, 1u);
    lc_renderer *r = lc_renderer_alloc();
    s = lc_renderer_create(ctx, &target, scene, &d, r);
    lc_frame_settings fs = *settings;
    fs.mode = LC_MODE_BRUTE;
    fs.shading = LC_SHADING_FORWARD;
    fs.view = LC_VIEW_SHADED;
    fs.analysis = LC_ANALYSIS_OFF;
    fs.capture_output = false;
    fs.hud = false;
    fs.geometry = LC_GEOMETRY_DIRECT;
    fs.occlusion = false;
    fs.tonemap = LC_TONEMAP_AUTO;
    fs.raster = LC_RASTERIZER_AUTO;
    /* Where a view sees nothing: the sky's radiance at this exposure, as the shading scales it. */
    float sky_scale = lc_renderer_query(r).radiance_scale / lc_exposure_scale(fs.exposure_ev100);
    face faces[6] = {0};
    for (uint32_t i = 0; i < set->count && s == LC_OK; i++) {
        const lc_probe *pr = &set->probes[i];
        for (int f = 0; f < 6 && s == LC_OK; f++) {
            lc_camera cam = {.position = {pr->position[0], pr->position[1], pr->position[2]}, .yaw_deg = k_faces[f][0],
                             .pitch_deg = k_faces[f][1], .fov_y_deg = 90.0f};
            lc_scene_clip_planes(scene, NULL, cam.position, &cam.near_z, &cam.far_z);
            fs.camera = cam;
            s = lc_renderer_apply(r, &fs, lights, light_count);
            if (s == LC_OK) s = lc_renderer_render(r, lights, light_count);
            if (s != LC_OK) break;
            lc_m4 view, proj;
            lc_camera_matrices(&cam, 1.0f, &view, &proj);
            lc_m4_mul(&proj, &view, &faces[f].view_proj);
            lc_camera_forward(&cam, faces[f].forward);
            uint16_t *hdr = lc_renderer_read(r, LC_RES_HDR, NULL);
            float *depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
            if (!hdr || !depth) {
                free(hdr), free(depth);
                lc_error("probe %u: cannot read its capture back", i);
                s = LC_ERR_RUNTIME;
                break;
            }
            free(faces[f].rgb);
            faces[f].rgb = lc_calloc((size_t)n * n * 3, sizeof(float));
            for (uint32_t y = 0; y < n; y++)
                for (uint32_t x = 0; x < n; x++) {
                    float *o = &faces[f].rgb[(y * n + x) * 3];
                    if (depth[y * n + x] >= 1.0f && sky_scale > 0.0f) {
                        /* the pixel centre's direction, through the inverse of face_project */
                        float fwd[3], right[3], up[3];
                        lc_camera_forward(&cam, fwd);
                        const float *m = view.m; /* rows of the view's rotation: right, up, -forward */
                        right[0] = m[0], right[1] = m[4], right[2] = m[8];
                        up[0] = m[1], up[1] = m[5], up[2] = m[9];
                        float u = ((x + 0.5f) / n) * 2.0f - 1.0f, v = 1.0f - ((y + 0.5f) / n) * 2.0f, dir[3], len = 0.0f;
                        for (int c = 0; c < 3; c++) {
                            dir[c] = fwd[c] + u * right[c] + v * up[c];
                            len += dir[c] * dir[c];
                        }
                        for (int c = 0; c < 3; c++) dir[c] /= sqrtf(len);
                        lc_environment_radiance(&d.environment, dir, o);
                        for (int c = 0; c < 3; c++) o[c] *= sky_scale;
                    } else {
                        for (int c = 0; c < 3; c++) o[c] = half_to_float(hdr[(y * n + x) * 4 + c]);
                    }
                }
            free(hdr);
            free(depth);
        }
        if (s != LC_OK) break;
        resample(faces, pr->position, &images[i]);
        records[i] = (lc_gpu_probe){.position = {pr->position[0], pr->position[1], pr->position[2], 0.0f},
                                    .extents = {pr->extents[0], pr->extents[1], pr->extents[2], lc_probe_fade(pr)}};
    }
    for (int f = 0; f < 6; f++) free(faces[f].rgb);
    lc_renderer_destroy(r);
    free(r);
    lc_target_destroy(ctx, &target);
    if (s != LC_OK)
        for (uint32_t i = 0; i < set->count; i++) lc_environment_image_free(&images[i]);
    return s;
}
