/* The first view of an imported scene (README: "The first view"): an interior decided from the
 * geometry round the bounds' centre, else the file's first camera, else framed from outside.
 * CPU ray casts against the scene's triangles in world space. */
#include "scene/scene.h"

#include <math.h>
#include <string.h>

/* Calls fn on every triangle in world space (object transforms applied as the vertex shader
 * applies them), with the given context. */
typedef void (*tri_fn)(void *ctx, const float a[3], const float b[3], const float c[3]);
static void for_each_triangle(const lc_scene *s, tri_fn fn, void *ctx)
{
    for (uint32_t o = 0; o < s->object_count; o++) {
        const lc_object *obj = &s->objects[o];
        const lc_mesh *m = &s->meshes[obj->mesh];
        const uint32_t *idx = s->indices + m->first_index;
        const lc_vertex *v = s->vertices + m->first_vertex;
        for (uint32_t t = 0; t + 2 < m->index_count; t += 3) {
            float a[3], b[3], c[3];
            lc_transform_point(&obj->world, v[idx[t]].position, a);
            lc_transform_point(&obj->world, v[idx[t + 1]].position, b);
            lc_transform_point(&obj->world, v[idx[t + 2]].position, c);
            fn(ctx, a, b, c);
        }
    }
}

typedef struct floor_query {
    float x, z, y_max, best;
} floor_query;

static void floor_tri(void *ctx, const float a[3], const float b[3], const float c[3])
{
    floor_query *q = ctx;
    float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    /* d is minus the normal's y: twice the triangle's area seen from above. */
    float d = e1[0] * e2[2] - e2[0] * e1[2];
    if (fabsf(d) < 1e-12f) return;
    float nx = e1[1] * e2[2] - e1[2] * e2[1], nz = e1[0] * e2[1] - e1[1] * e2[0];
    if (fabsf(d) < 0.7f * sqrtf(nx * nx + d * d + nz * nz)) return; /* too steep for a floor */
    float u = ((q->x - a[0]) * e2[2] - e2[0] * (q->z - a[2])) / d;
    float v = (e1[0] * (q->z - a[2]) - (q->x - a[0]) * e1[2]) / d;
    if (u < 0.0f || v < 0.0f || u + v > 1.0f) return;
    float y = a[1] + u * e1[1] + v * e2[1];
    if (y < q->y_max && (isnan(q->best) || y > q->best)) q->best = y;
}

/* Height of the highest level surface under (x, z) below y_max, or NAN: the floor there.
 * Not the lowest one: Sponza, for one, has a slab under its floor. */
static float floor_height(const lc_scene *s, float x, float z, float y_max)
{
    floor_query q = {x, z, y_max, NAN};
    for_each_triangle(s, floor_tri, &q);
    return q.best;
}

typedef struct ray_query {
    const float *o, *d;
    float best;
} ray_query;

static void ray_tri(void *ctx, const float a[3], const float b[3], const float c[3])
{
    ray_query *r = ctx;
    const float *o = r->o, *d = r->d;
    float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    float p[3] = {d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]};
    float det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
    if (fabsf(det) < 1e-12f) return;
    float inv = 1.0f / det, q0[3] = {o[0] - a[0], o[1] - a[1], o[2] - a[2]};
    float u = (q0[0] * p[0] + q0[1] * p[1] + q0[2] * p[2]) * inv;
    if (u < 0.0f || u > 1.0f) return;
    float q[3] = {q0[1] * e1[2] - q0[2] * e1[1], q0[2] * e1[0] - q0[0] * e1[2], q0[0] * e1[1] - q0[1] * e1[0]};
    float v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) * inv;
    if (v < 0.0f || u + v > 1.0f) return;
    float dist = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) * inv;
    if (dist > 0.0f && dist < r->best) r->best = dist;
}

/* Distance along a ray to the nearest triangle (either side), or INFINITY. */
static float ray_distance(const lc_scene *s, const float o[3], const float d[3])
{
    ray_query q = {o, d, INFINITY};
    for_each_triangle(s, ray_tri, &q);
    return q.best;
}

/* Rays from the bounds' centre in the 26 directions of a 3x3x3 grid: how many meet, before
 * leaving the bounds, a triangle whose front faces the centre: a room's walls, floor and
 * ceiling do; a closed object's shell, seen from inside, shows its back (2CylinderEngine, a
 * box: 0 of 26; Sponza: 23). One pass over the triangles for all of them. */
typedef struct enclosure_query {
    float o[3], d[26][3], exit[26], best[26];
    bool facing[26]; /* the nearest hit's front faces the centre (wound counter-clockwise seen from it) */
} enclosure_query;

static void enclosure_tri(void *ctx, const float a[3], const float b[3], const float c[3])
{
    enclosure_query *q = ctx;
    float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    float n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
    for (int i = 0; i < 26; i++) {
        ray_query r = {q->o, q->d[i], q->best[i]};
        ray_tri(&r, a, b, c);
        if (r.best < q->best[i]) {
            q->best[i] = r.best;
            q->facing[i] = n[0] * q->d[i][0] + n[1] * q->d[i][1] + n[2] * q->d[i][2] < 0.0f;
        }
    }
}

static int enclosed_directions(const lc_scene *s)
{
    enclosure_query q;
    int n = 0;
    for (int k = 0; k < 3; k++) q.o[k] = 0.5f * (s->bounds_min[k] + s->bounds_max[k]);
    for (int x = -1; x <= 1; x++)
        for (int y = -1; y <= 1; y++)
            for (int z = -1; z <= 1; z++) {
                if (!x && !y && !z) continue;
                float d[3] = {(float)x, (float)y, (float)z}, len = sqrtf((float)(x * x + y * y + z * z)), t = INFINITY;
                for (int k = 0; k < 3; k++) {
                    q.d[n][k] = d[k] / len;
                    if (d[k] != 0.0f) t = LC_MIN(t, (d[k] > 0 ? s->bounds_max[k] - q.o[k] : q.o[k] - s->bounds_min[k]) / fabsf(q.d[n][k]));
                }
                q.exit[n] = t * 1.001f;
                q.facing[n] = false;
                q.best[n++] = INFINITY;
            }
    for_each_triangle(s, enclosure_tri, &q);
    int hits = 0, facing = 0;
    for (int i = 0; i < 26; i++) hits += q.best[i] <= q.exit[i], facing += q.best[i] <= q.exit[i] && q.facing[i];
    (void)hits;
    return facing;
}

/* Of the 26 directions from the bounds' centre, how many must meet an inward-facing surface. */
#define INTERIOR_MIN_ENCLOSED 20
/* Headroom (scene units, metres in glTF) over the floor where the camera would stand that makes
 * an enclosed space a room a person walks in: a door's height. */
#define INTERIOR_MIN_HEADROOM 2.0f

/* Where the camera would stand is a room: open to the sky above it (a courtyard, a street), or
 * with a door's height of headroom over the floor there. A closed hollow object (a pumpkin, a
 * sphere) encloses its centre with surfaces facing in as a room does, but nobody stands in it. */
static bool room_to_stand(const lc_scene *s, float x, float floor_y, float z)
{
    float o[3] = {x, floor_y + 1e-3f * LC_MAX(1.0f, fabsf(floor_y)), z}, up[3] = {0.0f, 1.0f, 0.0f};
    float above = ray_distance(s, o, up);
    return isinf(above) || above >= INTERIOR_MIN_HEADROOM;
}

/* The first view of an imported scene, whatever its units. An interior (the rule, also in the
 * README): there is a floor under the bounds' middle, walking back along the longest
 * horizontal axis from there at eye height leaves more than a tenth of that side before
 * something is in the way, surfaces facing the centre enclose it (enclosed_directions, not
 * the bounds' proportions or size), and where the camera would stand is open to the sky or
 * has a door's height of headroom (room_to_stand). Then the camera stands there looking along that axis (for
 * Sponza: the end of the atrium, looking down its length) and lights fill the bounds. Anything
 * else is LC_START_FRAMED (lc_scene_frame,
 * once the window's aspect is known), or LC_START_CAMERA when the file has a camera. */
void lc_scene_first_view(lc_scene *s)
{
    const float *lo = s->bounds_min, *hi = s->bounds_max;
    float size[3] = {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
    float centre[3] = {0.5f * (lo[0] + hi[0]), 0.5f * (lo[1] + hi[1]), 0.5f * (lo[2] + hi[2])};
    int axis = size[0] >= size[2] ? 0 : 2;
    float *cam = s->default_camera;
    cam[3] = axis == 0 ? -90.0f : 180.0f; /* towards +X or +Z */
    cam[4] = 5.0f;
    float eye = LC_MIN(1.7f, 0.25f * size[1]); /* metres, unless the whole scene is tiny */
    float floor_y = floor_height(s, centre[0], centre[2], centre[1]);
    float back = 0.0f;
    if (!isnan(floor_y)) {
        float o[3] = {centre[0], floor_y + eye, centre[2]}, d[3] = {0.0f, 0.0f, 0.0f};
        d[axis] = -1.0f;
        float hit = LC_MIN(ray_distance(s, o, d), centre[axis] - lo[axis]);
        back = hit - LC_MAX(0.1f * hit, LC_MIN(1.0f, 0.5f * hit));
    }
    /* Walls all round, facing in: see enclosed_directions. A terrain, a street or a spread of
     * objects leaves most directions open; a closed object shows its back faces. */
    float stand[3] = {centre[0], floor_y, centre[2]};
    stand[axis] -= back;
    bool room = back > 0.1f * size[axis] && enclosed_directions(s) >= INTERIOR_MIN_ENCLOSED;
    if (room) {
        float y = floor_height(s, stand[0], stand[2], floor_y + eye);
        stand[1] = isnan(y) ? floor_y : y;
        room = room_to_stand(s, stand[0], stand[1], stand[2]);
    }
    if (room) {
        cam[0] = stand[0];
        cam[1] = stand[1] + eye;
        cam[2] = stand[2];
        s->start = LC_START_INTERIOR;
        float largest = LC_MAX(size[0], LC_MAX(size[1], size[2]));
        for (int c = 0; c < 3; c++) {
            /* A flat scene still needs a volume to put lights in. */
            float half = size[c] < 0.01f * largest ? 0.25f * largest : 0.47f * size[c];
            s->light_bounds_min[c] = centre[c] - half;
            s->light_bounds_max[c] = centre[c] + half;
        }
        return;
    }
    /* Framed for a square view until the caller knows the aspect; lights around the object. */
    lc_scene_frame(s, 60.0f, 1.0f);
    if (s->camera_count) {
        memcpy(cam, s->cameras[0].pose, sizeof s->cameras[0].pose);
        s->camera_index = 0;
        s->start = LC_START_CAMERA;
    }
}

