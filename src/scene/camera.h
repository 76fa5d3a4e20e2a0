/* Camera: position, yaw/pitch, vertical field of view; view and Vulkan projection matrices,
 * and world-space frustum planes. Y up, right-handed; yaw 0 looks along -Z, positive yaw
 * turns towards -X, positive pitch looks up. */
#ifndef LC_CAMERA_H
#define LC_CAMERA_H

#include <stdbool.h>
#include <stdint.h>

#include "lc_shared.h"

typedef struct lc_camera {
    float position[3];
    float yaw_deg, pitch_deg;
    float fov_y_deg;     /* vertical */
    float near_z, far_z; /* positive distances */
} lc_camera;

void lc_camera_forward(const lc_camera *cam, float out[3]);
void lc_camera_right(const lc_camera *cam, float out[3]);
/* view: world to view; proj: view to Vulkan clip space (y down, depth 0 at near, 1 at far). */
void lc_camera_matrices(const lc_camera *cam, float aspect, lc_m4 *view, lc_m4 *proj);
/* Six planes (left, right, bottom, top, near, far) of view_proj, normalised, inward:
 * a point p is inside when dot(plane.xyz, p) + plane.w >= 0 for all six. */
void lc_frustum_planes(const lc_m4 *view_proj, float planes[6][4]);
/* Whether any of count world spheres (x, y, z, radius) reaches into the frustum of planes
 * (lc_frustum_planes): a moved caster against a cached shadow view or cascade. */
bool lc_frustum_touches_spheres(const float planes[6][4], const float (*spheres)[4], uint32_t count);
void lc_m4_mul(const lc_m4 *a, const lc_m4 *b, lc_m4 *out); /* out = a * b */
void lc_m4_inverse(const lc_m4 *m, lc_m4 *out);

#endif
