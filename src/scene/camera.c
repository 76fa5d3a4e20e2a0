#include "scene/camera.h"

#include <cglm/cglm.h>
#include <cglm/clipspace/persp_rh_zo.h>
#include <cglm/clipspace/view_rh.h>
#include <math.h>
#include <string.h>

void lc_camera_forward(const lc_camera *cam, float out[3])
{
    float yaw = glm_rad(cam->yaw_deg), pitch = glm_rad(cam->pitch_deg);
    out[0] = -sinf(yaw) * cosf(pitch);
    out[1] = sinf(pitch);
    out[2] = -cosf(yaw) * cosf(pitch);
}

void lc_camera_right(const lc_camera *cam, float out[3])
{
    float yaw = glm_rad(cam->yaw_deg);
    out[0] = cosf(yaw);
    out[1] = 0.0f;
    out[2] = -sinf(yaw);
}

void lc_camera_matrices(const lc_camera *cam, float aspect, lc_m4 *view, lc_m4 *proj)
{
    vec3 eye, fwd, center, up = {0.0f, 1.0f, 0.0f};
    glm_vec3_copy((float *)cam->position, eye);
    lc_camera_forward(cam, fwd);
    glm_vec3_add(eye, fwd, center);
    if (fabsf(fwd[1]) > 0.9999f) up[0] = 1.0f, up[1] = 0.0f; /* looking straight up or down */
    mat4 v, p;
    glm_lookat_rh(eye, center, up, v);
    glm_perspective_rh_zo(glm_rad(cam->fov_y_deg), aspect, cam->near_z, cam->far_z, p);
    p[1][1] = -p[1][1]; /* Vulkan clip space has y pointing down */
    memcpy(view->m, v, sizeof v);
    memcpy(proj->m, p, sizeof p);
}

void lc_m4_mul(const lc_m4 *a, const lc_m4 *b, lc_m4 *out)
{
    mat4 ma, mb, r;
    memcpy(ma, a->m, sizeof ma);
    memcpy(mb, b->m, sizeof mb);
    glm_mat4_mul(ma, mb, r);
    memcpy(out->m, r, sizeof r);
}

void lc_m4_inverse(const lc_m4 *m, lc_m4 *out)
{
    mat4 a, r;
    memcpy(a, m->m, sizeof a);
    glm_mat4_inv(a, r);
    memcpy(out->m, r, sizeof r);
}

void lc_frustum_planes(const lc_m4 *view_proj, float planes[6][4])
{
    /* Gribb-Hartmann on row vectors; Vulkan depth 0..1, so near is row 2 alone. */
    const float *m = view_proj->m;
    float row[4][4];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) row[r][c] = m[c * 4 + r];
    for (int i = 0; i < 4; i++) {
        planes[0][i] = row[3][i] + row[0][i]; /* left */
        planes[1][i] = row[3][i] - row[0][i]; /* right */
        planes[2][i] = row[3][i] + row[1][i]; /* y >= -w */
        planes[3][i] = row[3][i] - row[1][i]; /* y <= w */
        planes[4][i] = row[2][i];             /* near: z >= 0 */
        planes[5][i] = row[3][i] - row[2][i]; /* far: z <= w */
    }
    for (int p = 0; p < 6; p++) {
        float len = sqrtf(planes[p][0] * planes[p][0] + planes[p][1] * planes[p][1] + planes[p][2] * planes[p][2]);
        for (int i = 0; i < 4; i++) planes[p][i] /= len;
    }
}

bool lc_frustum_touches_spheres(const float planes[6][4], const float (*spheres)[4], uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        const float *c = spheres[i];
        bool inside = true;
        for (int p = 0; p < 6 && inside; p++) inside = planes[p][0] * c[0] + planes[p][1] * c[1] + planes[p][2] * c[2] + planes[p][3] >= -c[3];
        if (inside) return true;
    }
    return false;
}
