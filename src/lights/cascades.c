/* The sun's cascades on the host: fit, matrices, selection and enclosure, the cache
 * (cascades.h says why each is as it is). */
#include "lights/cascades.h"

#include <math.h>
#include <string.h>

#include "common.h"

void lc_cascades_reset(lc_cascades *c, uint32_t count, uint32_t size)
{
    memset(c, 0, sizeof *c);
    c->count = LC_MIN(count, LC_SHADOW_CASCADES_MAX);
    c->size = size;
    if (c->count) lc_cascades_band_height(c->count, size, &c->cols);
}

uint32_t lc_cascades_band_height(uint32_t count, uint32_t size, uint32_t *cols)
{
    uint32_t per_row = LC_MAX(1u, LC_CASCADE_BAND_Y / LC_MAX(size, 1u));
    if (cols) *cols = per_row;
    return count ? LC_DIV_UP(count, per_row) * size : 0u;
}

float lc_cascade_split(float near_z, float far_z, float lambda, uint32_t i, uint32_t n)
{
    if (i == 0) return near_z;
    if (i >= n) return far_z;
    float t = (float)i / (float)n;
    float log_split = near_z * powf(far_z / near_z, t), uniform = near_z + (far_z - near_z) * t;
    return lambda * log_split + (1.0f - lambda) * uniform;
}

static float dot3(const float *a, const float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void normalize3(float v[3])
{
    float l = sqrtf(dot3(v, v));
    for (int k = 0; k < 3; k++) v[k] /= l;
}

/* Rounds to the nearest multiple of step, in doubles: light-space coordinates of a large scene
 * over a texel of a centimetre pass float's 24 bits. */
static float snap_nearest(double x, double step) { return (float)(floor(x / step + 0.5) * step); }

bool lc_cascades_enclosed(const lc_cascades *c, const float sphere[4], uint32_t k)
{
    const lc_gpu_cascades *g = &c->gpu;
    float x = dot3(sphere, &g->axis_x.x), y = dot3(sphere, &g->axis_y.x), r = sphere[3];
    for (uint32_t j = 0; j < k && j < g->info.x; j++) {
        const lc_f4 *e = &g->enclose[j];
        if (x - r >= e->x && y - r >= e->y && x + r <= e->z && y + r <= e->w) return true;
    }
    return false;
}

void lc_cascades_update(lc_cascades *c, const lc_cascade_frame_desc *d)
{
    const lc_cascade_settings *s = &d->settings;
    uint32_t n = LC_MIN(s->count, c->count);
    lc_gpu_cascades *g = &c->gpu;
    memset(g, 0, sizeof *g);
    memset(c->render, 0, sizeof c->render);
    if (!n || !c->size) return;
    float lambda = s->split >= 0.0f ? s->split : LC_CASCADE_SPLIT_DEFAULT;
    float slack = s->slack >= 0.0f ? fminf(s->slack, LC_CASCADE_SLACK_MAX) : LC_CASCADE_SLACK_DEFAULT;
    float distance = s->distance > 0.0f ? s->distance : LC_CASCADE_DISTANCE_DEFAULT;
    float size = (float)c->size;

    /* Light space: x and y across the sun's direction, depth along it. */
    float dir[3] = {d->sun[0], d->sun[1], d->sun[2]};
    normalize3(dir);
    float up[3] = {0.0f, 1.0f, 0.0f};
    if (fabsf(dir[1]) > 0.99f) up[0] = 0.0f, up[1] = 0.0f, up[2] = 1.0f;
    float ax[3] = {up[1] * dir[2] - up[2] * dir[1], up[2] * dir[0] - up[0] * dir[2], up[0] * dir[1] - up[1] * dir[0]};
    normalize3(ax);
    float ay[3] = {dir[1] * ax[2] - dir[2] * ax[1], dir[2] * ax[0] - dir[0] * ax[2], dir[0] * ax[1] - dir[1] * ax[0]};
    /* Depth: the scene's bounds along the sun, a margin more on each side. */
    float zmin = INFINITY, zmax = -INFINITY, centre[3];
    for (int i = 0; i < 8; i++) {
        float p[3] = {(i & 1) ? d->bounds_max[0] : d->bounds_min[0], (i & 2) ? d->bounds_max[1] : d->bounds_min[1],
                      (i & 4) ? d->bounds_max[2] : d->bounds_min[2]};
        float z = dot3(p, dir);
        zmin = fminf(zmin, z), zmax = fmaxf(zmax, z);
    }
    for (int k = 0; k < 3; k++) centre[k] = 0.5f * (d->bounds_min[k] + d->bounds_max[k]);
    float margin = 0.01f * (zmax - zmin) + 0.05f;
    zmin -= margin, zmax += margin;
    float depth_scale = 1.0f / (zmax - zmin);
    for (int k = 0; k < 3; k++) c->eye[k] = centre[k] + dir[k] * (zmax - dot3(centre, dir));
    /* Centres are kept in light-space coordinates: a new sun direction forgets them. */
    float axes[6] = {ax[0], ax[1], ax[2], ay[0], ay[1], ay[2]};
    bool same_axes = memcmp(axes, c->axes, sizeof axes) == 0;
    memcpy(c->axes, axes, sizeof axes);
    g->info = (lc_u4){n, 0, 0, 0};
    g->axis_x = (lc_f4){ax[0], ax[1], ax[2], 0.0f};
    g->axis_y = (lc_f4){ay[0], ay[1], ay[2], 0.0f};
    g->depth = (lc_f4){depth_scale, zmax, 0.0f, 0.0f};

    /* The slices and their spheres (centre on the view axis, radius from the slice alone). */
    const lc_camera *cam = d->camera;
    float fwd[3];
    lc_camera_forward(cam, fwd);
    float tan_y = tanf(0.5f * cam->fov_y_deg * 3.14159265358979f / 180.0f), tan_x = tan_y * d->aspect;
    float k2 = tan_x * tan_x + tan_y * tan_y;
    float near_all = cam->near_z, far_all = fminf(cam->far_z, distance);
    if (!(far_all > near_all)) far_all = near_all * 2.0f;
    float half[LC_SHADOW_CASCADES_MAX], texel[LC_SHADOW_CASCADES_MAX];
    for (uint32_t k = 0; k < n; k++) {
        float sn = lc_cascade_split(near_all, far_all, lambda, k, n), sf = lc_cascade_split(near_all, far_all, lambda, k + 1, n);
        float z = fminf(0.5f * (sn + sf) * (1.0f + k2), sf);
        float r = fmaxf(sqrtf((z - sn) * (z - sn) + sn * sn * k2), sqrtf((sf - z) * (sf - z) + sf * sf * k2));
        /* The square holds the sphere, the slack and LC_CASCADE_REACH texels more on each side. */
        float cover = r * (1.0f + slack);
        half[k] = cover * size / (size - 2.0f * (float)LC_CASCADE_REACH);
        texel[k] = 2.0f * half[k] / size;
        c->near_z[k] = sn, c->far_z[k] = sf;
        float p[3] = {cam->position[0] + fwd[0] * z, cam->position[1] + fwd[1] * z, cam->position[2] + fwd[2] * z};
        float px = dot3(p, ax), py = dot3(p, ay);
        /* The kept centre while the sphere fits inside the square less the reach (per axis:
         * the sphere's distance from the centre plus its radius within cover), else a new one
         * at the nearest texel. */
        lc_f4 *kept = &c->centre[k];
        bool fits = same_axes && kept->z == half[k] && fabsf(px - kept->x) + r <= cover && fabsf(py - kept->y) + r <= cover;
        if (!fits) *kept = (lc_f4){snap_nearest(px, texel[k]), snap_nearest(py, texel[k]), half[k], 0.0f};
        float cx = kept->x, cy = kept->y;
        float sel = half[k] - (float)LC_CASCADE_REACH * texel[k];
        g->select[k] = (lc_f4){cx, cy, sel, texel[k]};
        g->rect[k] = (lc_f4){(float)(k % c->cols * c->size), (float)(LC_CASCADE_BAND_Y + k / c->cols * c->size), size, 0.0f};
        float ih = 1.0f / half[k];
        lc_m4 *m = &g->view_proj[k];
        memset(m, 0, sizeof *m);
        for (int a = 0; a < 3; a++) {
            m->m[a * 4 + 0] = ax[a] * ih;
            m->m[a * 4 + 1] = ay[a] * ih;
            m->m[a * 4 + 2] = -dir[a] * depth_scale;
        }
        m->m[12] = -cx * ih;
        m->m[13] = -cy * ih;
        m->m[14] = zmax * depth_scale;
        m->m[15] = 1.0f;
        lc_frustum_planes(m, c->planes[k]);
    }
    /* Enclosure rectangles: each stays as it was while it lies inside its selection square
     * less the coarsest cascade's reach; a new one is that square less a further eighth of its
     * half side, room for the camera to move before it changes (cascades.h). */
    float reach_last = (float)LC_CASCADE_REACH * texel[n - 1];
    for (uint32_t k = 0; k < n; k++) {
        const lc_f4 *sel = &g->select[k];
        float in = sel->z - reach_last;
        lc_f4 most = {sel->x - in, sel->y - in, sel->x + in, sel->y + in}, *kept = &c->enclose[k];
        bool holds = c->enclose_kept[k] && kept->x >= most.x && kept->y >= most.y && kept->z <= most.z && kept->w <= most.w;
        if (s->enclosure_off || in <= 0.0f) {
            c->enclose_kept[k] = false;
        } else if (!holds) {
            float slack = in / 8.0f;
            *kept = (lc_f4){most.x + slack, most.y + slack, most.z - slack, most.w - slack};
            c->enclose_kept[k] = true;
        }
        g->enclose[k] = c->enclose_kept[k] ? *kept : (lc_f4){1.0f, 1.0f, -1.0f, -1.0f};
    }
    /* The cache: what each cascade's texels depend on. */
    for (uint32_t k = 0; k < n; k++) {
        lc_cascade_key key;
        memset(&key, 0, sizeof key);
        memcpy(key.view_proj, g->view_proj[k].m, sizeof key.view_proj);
        memcpy(key.rect, &g->rect[k], sizeof key.rect);
        for (uint32_t j = 0; j < k && !s->enclosure_off; j++) memcpy(key.enclose[j], &g->enclose[j], sizeof key.enclose[j]);
        c->render[k] = !c->valid[k] || memcmp(&key, &c->key[k], sizeof key) != 0 || lc_frustum_touches_spheres(c->planes[k], d->moved, d->moved_count);
        c->key[k] = key;
        c->valid[k] = true;
    }
}
