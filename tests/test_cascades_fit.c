/* The sun's cascades on the host (src/lights/cascades.c), no GPU: the split scheme; a still
 * camera gives bit-identical matrices and renders no cascade twice; a moving camera moves
 * each cascade by whole texels and keeps its size; turning the camera keeps every cascade's
 * size (the slices' spheres); each slice's sphere lies inside its cascade's selection square;
 * the enclosure rectangles lie inside the selection squares by the last cascade's reach, and
 * are empty with enclosure off; a caster inside cascade 0's rectangle is enclosed for the later
 * cascades, one crossing its edge is not; a small camera step re-renders the near cascade and
 * not the far ones; with the default slack a walk keeps each sphere inside its square and
 * renders each cascade only after it has used up its slack. */
#include "lights/cascades.h"
#include "test_util.h"

#include <math.h>
#include <string.h>

static const float sun[3] = {0.8f, 0.35f, -0.2f};
static const float bmin[3] = {-5, 0, -234}, bmax[3] = {5, 3, 6};

static lc_camera camera_at(float x, float z, float yaw)
{
    return (lc_camera){.position = {x, 3, z}, .yaw_deg = yaw, .pitch_deg = -20, .fov_y_deg = 60, .near_z = 0.05f, .far_z = 400};
}

/* slack 0: each cascade follows the camera by whole texels (the checks below on texel steps). */
static void update_slack(lc_cascades *c, const lc_camera *cam, bool enclosure_off, float slack)
{
    lc_cascade_frame_desc d = {.camera = cam, .aspect = 16.0f / 9.0f, .sun = sun, .bounds_min = bmin, .bounds_max = bmax,
                               .settings = {.count = 4, .split = -1.0f, .enclosure_off = enclosure_off, .slack = slack}};
    lc_cascades_update(c, &d);
}

static void update(lc_cascades *c, const lc_camera *cam, bool enclosure_off) { update_slack(c, cam, enclosure_off, 0.0f); }

/* The slice's sphere radius (on the view axis) of cascade k, as the fit computes it. */
static float slice_radius(const lc_cascades *c, uint32_t k)
{
    float tan_y = tanf(30.0f * 3.14159265f / 180.0f), tan_x = tan_y * 16.0f / 9.0f;
    float k2 = tan_x * tan_x + tan_y * tan_y, sn = c->near_z[k], sf = c->far_z[k];
    float z = fminf(0.5f * (sn + sf) * (1.0f + k2), sf);
    return fmaxf(sqrtf((z - sn) * (z - sn) + sn * sn * k2), sqrtf((sf - z) * (sf - z) + sf * sf * k2));
}

static uint32_t rendered(const lc_cascades *c)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < c->gpu.info.x; k++) n += c->render[k];
    return n;
}

/* Whether x is a whole number of steps (within float's rounding of the product). */
static bool whole(float x, float step)
{
    double q = (double)x / step;
    return fabs(q - floor(q + 0.5)) < 1e-3;
}

static void test_split(void)
{
    CHECK(lc_cascade_split(1, 100, 0.5f, 0, 4) == 1.0f);
    CHECK(lc_cascade_split(1, 100, 0.5f, 4, 4) == 100.0f);
    CHECK(fabsf(lc_cascade_split(1, 100, 1.0f, 2, 4) - 10.0f) < 1e-4f);  /* logarithmic */
    CHECK(fabsf(lc_cascade_split(1, 100, 0.0f, 2, 4) - 50.5f) < 1e-4f);  /* uniform */
    float prev = 0;
    for (uint32_t i = 0; i <= 8; i++) {
        float s = lc_cascade_split(0.05f, 200, 0.75f, i, 8);
        CHECK(s > prev);
        prev = s;
    }
}

static void test_still_and_moving(void)
{
    lc_cascades c;
    lc_cascades_reset(&c, 4, 1024);
    lc_camera cam = camera_at(0, 6, 0);
    update(&c, &cam, false);
    CHECK(rendered(&c) == 4);
    lc_gpu_cascades first = c.gpu;
    update(&c, &cam, false);
    CHECK(rendered(&c) == 0);
    CHECK(memcmp(&first, &c.gpu, sizeof first) == 0);
    for (uint32_t k = 0; k < 4; k++) {
        const lc_f4 *s = &c.gpu.select[k];
        CHECK(whole(s->x, s->w) && whole(s->y, s->w));
        /* The slice's sphere (on the view axis) lies inside the selection square. */
        float r = slice_radius(&c, k);
        CHECK_MSG(s->z + 0.5f * s->w >= r, "cascade %u: selection half side %g, sphere %g", k, (double)s->z, (double)r);
        /* Enclosure rectangle inside the selection square by the last cascade's reach. */
        const lc_f4 *e = &c.gpu.enclose[k];
        float reach = (float)LC_CASCADE_REACH * c.gpu.select[3].w;
        if (e->x <= e->z) {
            CHECK(e->x >= s->x - s->z + reach - 1e-3f && e->z <= s->x + s->z - reach + 1e-3f);
            CHECK(e->y >= s->y - s->z + reach - 1e-3f && e->w <= s->y + s->z - reach + 1e-3f);
        }
    }
    CHECK(c.gpu.enclose[0].x < c.gpu.enclose[0].z); /* cascade 0 encloses something */

    /* A step of 20 cm: each cascade moves by whole texels and keeps its size; the
     * near one re-renders, the far one (its rectangle's grid not crossed) does not. */
    lc_camera moved = camera_at(0.2f, 5.9f, 0);
    update(&c, &moved, false);
    for (uint32_t k = 0; k < 4; k++) {
        CHECK(c.gpu.select[k].z == first.select[k].z && c.gpu.select[k].w == first.select[k].w);
        CHECK(whole(c.gpu.select[k].x - first.select[k].x, first.select[k].w));
    }
    CHECK(c.render[0]);
    CHECK(!c.render[3]);

    /* Turning: the sizes stay (the spheres' radii do not depend on the view direction). */
    lc_camera turned = camera_at(0, 6, 37);
    update(&c, &turned, false);
    for (uint32_t k = 0; k < 4; k++) CHECK(c.gpu.select[k].z == first.select[k].z);
}

/* The default slack: a walk in 5 cm steps (and a slow turn) keeps every slice's sphere inside
 * its selection square at every step, centres on whole texels; the cascades move (and render)
 * only after the camera has used up their slack, far fewer times than the steps. Without
 * enclosure each cascade follows its own slack alone, so the far one renders no more often than
 * the near one; with it a later cascade also renders when an earlier one's enclosure rectangle
 * is made again (docs/SHADOWS.md), never less often than without. */
static void walk(bool enclosure_off, uint32_t steps, uint32_t renders[4], lc_cascades *c, lc_camera *cam, lc_gpu_cascades *first)
{
    lc_cascades_reset(c, 4, 1024);
    *cam = camera_at(0, 6, 0);
    update_slack(c, cam, enclosure_off, -1.0f);
    CHECK(rendered(c) == 4);
    *first = c->gpu;
    float tan_y = tanf(30.0f * 3.14159265f / 180.0f), tan_x = tan_y * 16.0f / 9.0f, k2 = tan_x * tan_x + tan_y * tan_y;
    for (uint32_t i = 1; i <= steps; i++) {
        *cam = camera_at(0.02f * (float)i, 6.0f - 0.05f * (float)i, 0.05f * (float)i);
        update_slack(c, cam, enclosure_off, -1.0f);
        float fwd[3];
        lc_camera_forward(cam, fwd);
        for (uint32_t k = 0; k < 4; k++) {
            renders[k] += c->render[k];
            const lc_f4 *s = &c->gpu.select[k];
            CHECK(s->z == first->select[k].z && whole(s->x, s->w) && whole(s->y, s->w));
            float r = slice_radius(c, k), sn = c->near_z[k], sf = c->far_z[k], z = fminf(0.5f * (sn + sf) * (1.0f + k2), sf);
            float p[3] = {cam->position[0] + fwd[0] * z, cam->position[1] + fwd[1] * z, cam->position[2] + fwd[2] * z};
            float px = p[0] * c->gpu.axis_x.x + p[1] * c->gpu.axis_x.y + p[2] * c->gpu.axis_x.z;
            float py = p[0] * c->gpu.axis_y.x + p[1] * c->gpu.axis_y.y + p[2] * c->gpu.axis_y.z;
            CHECK_MSG(fabsf(px - s->x) + r <= s->z + 1e-3f * s->z && fabsf(py - s->y) + r <= s->z + 1e-3f * s->z,
                      "step %u, cascade %u: the slice's sphere leaves the selection square", i, k);
        }
    }
}

static void test_slack(void)
{
    lc_cascades c;
    lc_camera cam;
    lc_gpu_cascades first;
    uint32_t on[4] = {0}, off[4] = {0}, steps = 400;
    walk(true, steps, off, &c, &cam, &first);
    walk(false, steps, on, &c, &cam, &first);
    printf("default slack (%.1f), %u steps of 5 cm: cascades rendered %u, %u, %u, %u times (enclosure off: %u, %u, %u, %u)\n",
           (double)LC_CASCADE_SLACK_DEFAULT, steps, on[0], on[1], on[2], on[3], off[0], off[1], off[2], off[3]);
    CHECK_MSG(off[0] > 0 && off[0] < steps / 4, "cascade 0 rendered %u times in %u steps", off[0], steps);
    CHECK_MSG(off[3] <= off[0], "enclosure off: cascade 3 rendered %u times, cascade 0 %u", off[3], off[0]);
    for (uint32_t k = 0; k < 4; k++) {
        CHECK_MSG(on[k] >= off[k] && on[k] < steps / 4, "cascade %u rendered %u times with enclosure, %u without, in %u steps", k, on[k],
                  off[k], steps);
    }
    CHECK(on[0] == off[0]); /* the first cascade has no earlier rectangle to follow */
    /* The slack's price: texels 1 + slack times those of no slack. */
    lc_cascades none;
    lc_cascades_reset(&none, 4, 1024);
    update(&none, &cam, false);
    CHECK(fabsf(c.gpu.select[0].w / none.gpu.select[0].w - (1.0f + LC_CASCADE_SLACK_DEFAULT)) < 1e-4f);
}

static void test_enclosure(void)
{
    lc_cascades c;
    lc_cascades_reset(&c, 4, 1024);
    lc_camera cam = camera_at(0, 6, 0);
    update(&c, &cam, false);
    const lc_f4 *e = &c.gpu.enclose[0];
    /* A point at the rectangle's centre in light space, moved back to the world. */
    float lx = 0.5f * (e->x + e->z), ly = 0.5f * (e->y + e->w);
    const lc_f4 *ax = &c.gpu.axis_x, *ay = &c.gpu.axis_y;
    float inside[4] = {lx * ax->x + ly * ay->x, lx * ax->y + ly * ay->y, lx * ax->z + ly * ay->z, 0.1f};
    CHECK(!lc_cascades_enclosed(&c, inside, 0)); /* nothing is before cascade 0 */
    CHECK(lc_cascades_enclosed(&c, inside, 1) && lc_cascades_enclosed(&c, inside, 3));
    float wide = 0.5f * (e->z - e->x) + 0.01f; /* reaching past the rectangle */
    float crossing[4] = {inside[0], inside[1], inside[2], wide};
    CHECK(!lc_cascades_enclosed(&c, crossing, 1));
    update(&c, &cam, true);
    for (uint32_t k = 0; k < 4; k++) CHECK(c.gpu.enclose[k].x > c.gpu.enclose[k].z);
    CHECK(!lc_cascades_enclosed(&c, inside, 3));
    CHECK(rendered(&c) == 3); /* cascades 1..3 depended on the rectangles */
}

int main(void)
{
    test_split();
    test_still_and_moving();
    test_slack();
    test_enclosure();
    return lc_test_finish("test_cascades_fit");
}
