/* --scene mesh: a procedural closed object to replicate with --grid (the Granite meshlet
 * seed's test scene is about 64 M triangles: 13^3 copies of a ~30k-triangle mesh). A (2,3)
 * torus knot tube with ridges: 256 rings of 60 vertices, 30,720 triangles, closed (the tube's
 * last ring welds to its first), normals from the analytic surface, UVs along and around. */
#include "scene/scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RINGS 256    /* along the knot */
#define SIDES 60     /* around the tube */
#define KNOT_P 2.0f  /* windings around the axis of symmetry */
#define KNOT_Q 3.0f  /* windings through the hole */
#define TUBE 0.3f    /* tube radius, knot of radius about 1 */
#define RIDGES 6.0f  /* ridges around the tube */
#define RIDGE_DEPTH 0.05f
#define PI_F 3.14159265358979f

static void knot(float t, float out[3])
{
    float r = 2.0f + cosf(KNOT_Q * t);
    out[0] = 0.5f * r * cosf(KNOT_P * t);
    out[1] = 0.5f * sinf(KNOT_Q * t);
    out[2] = 0.5f * r * sinf(KNOT_P * t);
}

static void sub3(const float a[3], const float b[3], float o[3])
{
    for (int c = 0; c < 3; c++) o[c] = a[c] - b[c];
}
static void cross3(const float a[3], const float b[3], float o[3])
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}
static void norm3(float v[3])
{
    float l = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int c = 0; c < 3; c++) v[c] = l > 0.0f ? v[c] / l : (c == 1 ? 1.0f : 0.0f);
}

/* Position on the ridged tube at knot parameter t and angle a around it. */
static void surface(float t, float a, float out[3])
{
    const float h = 1e-3f;
    float c[3], ahead[3], tangent[3], side[3], up[3];
    knot(t, c);
    knot(t + h, ahead);
    sub3(ahead, c, tangent);
    norm3(tangent);
    /* Frame from the curve's centre direction: smooth and periodic for this knot. */
    float radial[3] = {c[0], 0.0f, c[2]};
    cross3(tangent, radial, side);
    norm3(side);
    cross3(side, tangent, up);
    norm3(up);
    float r = TUBE * (1.0f + RIDGE_DEPTH * cosf(RIDGES * a + 4.0f * t));
    for (int k = 0; k < 3; k++) out[k] = c[k] + r * (cosf(a) * up[k] + sinf(a) * side[k]);
}

lc_status lc_scene_load_mesh(lc_scene *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "mesh");
    out->vertex_count = RINGS * SIDES;
    out->index_count = RINGS * SIDES * 6;
    out->vertices = lc_alloc((size_t)out->vertex_count * sizeof *out->vertices);
    out->indices = lc_alloc((size_t)out->index_count * sizeof *out->indices);
    const float dt = 2.0f * PI_F / RINGS, da = 2.0f * PI_F / SIDES, e = 1e-3f;
    for (uint32_t i = 0; i < RINGS; i++)
        for (uint32_t j = 0; j < SIDES; j++) {
            float t = dt * (float)i, a = da * (float)j, p[3], pt[3], pa[3], du[3], dv[3], n[3];
            surface(t, a, p);
            /* The normal from the surface's partial derivatives, pointing out of the tube. */
            surface(t + e, a, pt);
            surface(t, a + e, pa);
            sub3(pt, p, du);
            sub3(pa, p, dv);
            cross3(dv, du, n);
            norm3(n);
            lc_vertex *v = &out->vertices[i * SIDES + j];
            *v = (lc_vertex){{p[0], p[1], p[2]}, {n[0], n[1], n[2]}, {8.0f * (float)i / RINGS, (float)j / SIDES}, {0}, LC_VERTEX_WHITE};
        }
    uint32_t *idx = out->indices;
    for (uint32_t i = 0; i < RINGS; i++)
        for (uint32_t j = 0; j < SIDES; j++) {
            /* Wrapping indices weld the seams: no border edge, a closed surface. */
            uint32_t a = i * SIDES + j, b = i * SIDES + (j + 1) % SIDES;
            uint32_t c = ((i + 1) % RINGS) * SIDES + j, d = ((i + 1) % RINGS) * SIDES + (j + 1) % SIDES;
            /* Counter-clockwise seen from outside, as the normals point. */
            *idx++ = a, *idx++ = d, *idx++ = c;
            *idx++ = a, *idx++ = b, *idx++ = d;
        }
    lc_mesh_compute_tangents(out->vertices, out->vertex_count, out->indices, out->index_count);
    out->mesh_count = out->object_count = out->material_count = 1;
    out->meshes = lc_calloc(1, sizeof *out->meshes);
    out->meshes[0] = (lc_mesh){.vertex_count = out->vertex_count, .index_count = out->index_count};
    snprintf(out->meshes[0].name, sizeof out->meshes[0].name, "torus knot");
    lc_mesh_compute_aabb(out, &out->meshes[0]);
    out->materials = lc_calloc(1, sizeof *out->materials);
    out->materials[0] = lc_material_make(0.8f, 0.55f, 0.3f, -1, false);
    out->objects = lc_calloc(1, sizeof *out->objects);
    const lc_m4 identity = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    lc_object_set_world(out, &out->objects[0], &identity);
    lc_scene_compute_bounds(out);
    lc_scene_frame(out, 60.0f, 1.0f); /* the app frames it again for its window */
    lc_status st = lc_scene_validate(out);
    if (st != LC_OK) lc_scene_destroy(out);
    return st;
}
