/* Scene bookkeeping shared by every loader: validation, object bounds, sorting, framing,
 * grid instancing, destruction. The hall is in scene_default.c, the procedural mesh in
 * scene_mesh.c, the assimp importer in scene_import.c. */
#include "scene/scene.h"


#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool finite3(const float v[3]) { return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]); }

static lc_status validate_meshes(const lc_scene *s, const char *name)
{
    for (uint32_t i = 0; i < s->mesh_count; i++) {
        const lc_mesh *m = &s->meshes[i];
        /* 64-bit sums: first + count may wrap in 32 bits. */
        if ((uint64_t)m->first_index + m->index_count > s->index_count) {
            lc_error("%s: mesh %u uses indices %u..%llu but there are only %u", name, i, m->first_index,
                     (unsigned long long)m->first_index + m->index_count, s->index_count);
            return LC_ERR_INPUT;
        }
        if ((uint64_t)m->first_vertex + m->vertex_count > s->vertex_count) {
            lc_error("%s: mesh %u uses vertices %u..%llu but there are only %u", name, i, m->first_vertex,
                     (unsigned long long)m->first_vertex + m->vertex_count, s->vertex_count);
            return LC_ERR_INPUT;
        }
        if (m->index_count % 3 != 0) {
            lc_error("%s: mesh %u has %u indices, not a whole number of triangles", name, i, m->index_count);
            return LC_ERR_INPUT;
        }
        if (m->material >= s->material_count) {
            lc_error("%s: mesh %u uses material %u of %u", name, i, m->material, s->material_count);
            return LC_ERR_INPUT;
        }
        for (uint32_t k = 0; k < m->index_count; k++)
            if (s->indices[m->first_index + k] >= m->vertex_count) {
                lc_error("%s: mesh %u index %u is %u but the mesh has only %u vertices", name, i, k,
                         s->indices[m->first_index + k], m->vertex_count);
                return LC_ERR_INPUT;
            }
        if (!finite3(m->aabb_min) || !finite3(m->aabb_max)) {
            lc_error("%s: mesh %u has non-finite bounds", name, i);
            return LC_ERR_INPUT;
        }
    }
    return LC_OK;
}

lc_status lc_scene_validate(const lc_scene *s)
{
    const char *name = s->name[0] ? s->name : "scene";
    if ((s->vertex_count && !s->vertices) || (s->index_count && !s->indices) || (s->mesh_count && !s->meshes) ||
        (s->object_count && !s->objects) || (s->material_count && !s->materials) || (s->image_count && !s->images)) {
        lc_error("%s: a count is set but its array is missing", name);
        return LC_ERR_INPUT;
    }
    if (s->object_count > LC_OBJECTS_MAX) {
        lc_error("%s: %u objects, at most %u", name, s->object_count, LC_OBJECTS_MAX);
        return LC_ERR_INPUT;
    }
    lc_status st = validate_meshes(s, name);
    if (st != LC_OK) return st;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        if (o->mesh >= s->mesh_count) {
            lc_error("%s: object %u uses mesh %u of %u", name, i, o->mesh, s->mesh_count);
            return LC_ERR_INPUT;
        }
        if (o->material >= s->material_count) {
            lc_error("%s: object %u uses material %u of %u", name, i, o->material, s->material_count);
            return LC_ERR_INPUT;
        }
        bool finite = isfinite(o->sphere[0]) && isfinite(o->sphere[1]) && isfinite(o->sphere[2]) &&
                      isfinite(o->sphere[3]);
        for (int k = 0; k < 16; k++) finite = finite && isfinite(o->world.m[k]);
        if (!finite) {
            lc_error("%s: object %u has a non-finite transform or bounds", name, i);
            return LC_ERR_INPUT;
        }
    }
    for (uint32_t i = 0; i < s->vertex_count; i++) {
        const lc_vertex *v = &s->vertices[i];
        if (!finite3(v->position) || !finite3(v->normal) || !isfinite(v->uv[0]) || !isfinite(v->uv[1]) ||
            !finite3(v->tangent) || !isfinite(v->tangent[3])) {
            lc_error("%s: vertex %u has a non-finite position, normal, UV or tangent", name, i);
            return LC_ERR_INPUT;
        }
    }
    for (uint32_t i = 0; i < s->material_count; i++) {
        const lc_material *m = &s->materials[i];
        const int32_t imgs[5] = {m->image, m->metallic_roughness_image, m->normal_image, m->occlusion_image, m->emissive_image};
        for (int k = 0; k < 5; k++)
            if (imgs[k] < -1 || (imgs[k] >= 0 && (uint32_t)imgs[k] >= s->image_count)) {
                lc_error("%s: material %u uses image %d of %u", name, i, imgs[k], s->image_count);
                return LC_ERR_INPUT;
            }
        const float f[10] = {m->alpha_cutoff, m->metallic, m->roughness, m->normal_scale, m->occlusion_strength,
                             m->emissive[0], m->emissive[1], m->emissive[2], m->base_color[0], m->base_color[3]};
        bool ok = m->alpha_mode <= LC_ALPHA_BLEND;
        for (int k = 0; k < 10; k++) ok = ok && isfinite(f[k]);
        if (!ok) {
            lc_error("%s: material %u has an unknown alpha mode or a non-finite factor", name, i);
            return LC_ERR_INPUT;
        }
    }
    for (uint32_t i = 0; i < s->image_count; i++) {
        const lc_image_data *img = &s->images[i];
        if (!img->width || !img->height || !img->rgba) {
            lc_error("%s: image %u ('%s') is empty", name, i, img->name);
            return LC_ERR_INPUT;
        }
    }
    return LC_OK;
}

_Static_assert(sizeof(lc_material) == 19 * 4 + 8, "lc_material has no padding (scenes compare with memcmp)");

lc_material lc_material_make(float r, float g, float b, int32_t image, bool two_sided)
{
    return (lc_material){.base_color = {r, g, b, 1.0f}, .image = image, .two_sided = two_sided, .alpha_mode = LC_ALPHA_OPAQUE,
                         .alpha_cutoff = 0.5f, .metallic = 0.0f, .roughness = 0.5f, .metallic_roughness_image = -1,
                         .normal_image = -1, .normal_scale = 1.0f, .occlusion_image = -1, .occlusion_strength = 1.0f,
                         .emissive_image = -1};
}

bool lc_triangle_zero_area(const float a[3], const float b[3], const float c[3])
{
    double e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = (double)b[k] - a[k];
        e2[k] = (double)c[k] - a[k];
    }
    return e1[1] * e2[2] - e1[2] * e2[1] == 0.0 && e1[2] * e2[0] - e1[0] * e2[2] == 0.0 &&
           e1[0] * e2[1] - e1[1] * e2[0] == 0.0;
}

/* Grows lo/hi (when *any, else starts them) by the vertices of the mesh's triangles of non-zero
 * area, moved by world (NULL: mesh space). */
static void grow_by_drawn(const lc_scene *s, const lc_mesh *m, const lc_m4 *world, float lo[3], float hi[3], bool *any)
{
    const lc_vertex *v = &s->vertices[m->first_vertex];
    for (uint32_t t = 0; t + 2 < m->index_count; t += 3) {
        const uint32_t *tri = &s->indices[m->first_index + t];
        if (tri[0] >= m->vertex_count || tri[1] >= m->vertex_count || tri[2] >= m->vertex_count) continue;
        if (lc_triangle_zero_area(v[tri[0]].position, v[tri[1]].position, v[tri[2]].position)) continue;
        for (int k = 0; k < 3; k++) {
            float w[3];
            if (world) lc_transform_point(world, v[tri[k]].position, w);
            else memcpy(w, v[tri[k]].position, sizeof w);
            for (int c = 0; c < 3; c++) {
                lo[c] = *any ? fminf(lo[c], w[c]) : w[c];
                hi[c] = *any ? fmaxf(hi[c], w[c]) : w[c];
            }
            *any = true;
        }
    }
}

void lc_mesh_compute_aabb(const lc_scene *s, lc_mesh *m)
{
    float lo[3] = {0}, hi[3] = {0};
    bool any = false;
    grow_by_drawn(s, m, NULL, lo, hi, &any);
    memcpy(m->aabb_min, lo, sizeof lo);
    memcpy(m->aabb_max, hi, sizeof hi);
}

void lc_transform_point(const lc_m4 *w, const float p[3], float out[3])
{
    /* The order the vertex shader and the old CPU path sum in: x, y, z, then translation. */
    const float *m = w->m;
    float r[3];
    for (int c = 0; c < 3; c++) r[c] = m[c] * p[0] + m[4 + c] * p[1] + m[8 + c] * p[2] + m[12 + c];
    memcpy(out, r, sizeof r);
}

void lc_transform_aabb(const lc_m4 *w, const float lo[3], const float hi[3], float out_lo[3], float out_hi[3])
{
    /* The box of the 8 transformed corners without transforming them: each output is
     * m0 x + m4 y + m8 z + m12 summed in lc_transform_point's order, and rounding is monotonic,
     * so the corner with the smaller (larger) term of each axis gives the min (max) to the bit.
     * No fminf/fmaxf calls: this runs for every moved object and skinned joint each frame. */
    const float *m = w->m;
    for (int c = 0; c < 3; c++) {
        float l = 0.0f, h = 0.0f;
        for (int k = 0; k < 3; k++) {
            float a = m[4 * k + c] * lo[k], b = m[4 * k + c] * hi[k];
            float tl = a < b ? a : b, th = a < b ? b : a;
            l = k == 0 ? tl : l + tl;
            h = k == 0 ? th : h + th;
        }
        out_lo[c] = l + m[12 + c];
        out_hi[c] = h + m[12 + c];
    }
}

static float det3(const lc_m4 *w)
{
    const float *m = w->m;
    return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
           m[8] * (m[1] * m[6] - m[5] * m[2]);
}

void lc_object_normal_matrix(const lc_m4 *w, lc_m4 *out)
{
    /* Cofactors of the upper 3x3 divided by the determinant: the inverse transpose. For a
     * rotation (det 1) or the identity this is the matrix itself, to the bit. */
    const float *m = w->m;
#define A(r, c) m[(c) * 4 + (r)]
    float cof[3][3] = {
        {A(1, 1) * A(2, 2) - A(1, 2) * A(2, 1), A(1, 2) * A(2, 0) - A(1, 0) * A(2, 2), A(1, 0) * A(2, 1) - A(1, 1) * A(2, 0)},
        {A(0, 2) * A(2, 1) - A(0, 1) * A(2, 2), A(0, 0) * A(2, 2) - A(0, 2) * A(2, 0), A(0, 1) * A(2, 0) - A(0, 0) * A(2, 1)},
        {A(0, 1) * A(1, 2) - A(0, 2) * A(1, 1), A(0, 2) * A(1, 0) - A(0, 0) * A(1, 2), A(0, 0) * A(1, 1) - A(0, 1) * A(1, 0)},
    };
#undef A
    float det = m[0] * cof[0][0] + m[4] * cof[0][1] + m[8] * cof[0][2];
    float inv = fabsf(det) > 1e-30f ? 1.0f / det : 0.0f;
    memset(out, 0, sizeof *out);
    /* cof[r][c] is the cofactor of element (r, c); the inverse transpose has it at (r, c). */
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) out->m[c * 4 + r] = det == 1.0f ? cof[r][c] : cof[r][c] * inv;
    out->m[15] = 1.0f;
}

void lc_object_set_world(const lc_scene *s, lc_object *o, const lc_m4 *world)
{
    o->world = *world;
    o->flags = det3(world) < 0.0f ? LC_OBJECT_MIRRORED : 0u;
    const lc_mesh *m = &s->meshes[o->mesh];
    float lo[3], hi[3];
    lc_transform_aabb(world, m->aabb_min, m->aabb_max, lo, hi);
    float r2 = 0.0f;
    for (int c = 0; c < 3; c++) {
        o->sphere[c] = 0.5f * (lo[c] + hi[c]);
        float h = 0.5f * (hi[c] - lo[c]);
        r2 += h * h;
    }
    /* A hair over the half-diagonal so rounding cannot leave a corner outside. */
    o->sphere[3] = sqrtf(r2) * 1.0001f + 1e-6f;
}

void lc_scene_compute_bounds(lc_scene *s)
{
    /* The world positions of the drawn triangles' vertices, not the transformed mesh boxes:
     * a box turned by a rotation grows, so the same model split into meshes another way (an
     * optimiser's output) would frame and light differently. Once, at load. */
    float lo[3] = {0}, hi[3] = {0};
    bool any = false;
    for (uint32_t i = 0; i < s->object_count; i++)
        grow_by_drawn(s, &s->meshes[s->objects[i].mesh], &s->objects[i].world, lo, hi, &any);
    memcpy(s->bounds_min, lo, sizeof lo);
    memcpy(s->bounds_max, hi, sizeof hi);
}

void lc_scene_sort_objects(lc_scene *s)
{
    /* Counting sort: stable, and materials are few compared to objects. */
    uint32_t n = s->material_count;
    if (!n || s->object_count < 2) return;
    uint32_t *start = lc_calloc((size_t)n + 1, sizeof *start);
    for (uint32_t i = 0; i < s->object_count; i++) start[LC_MIN(s->objects[i].material, n - 1) + 1]++;
    for (uint32_t m = 0; m < n; m++) start[m + 1] += start[m];
    lc_object *sorted = lc_alloc((size_t)s->object_count * sizeof *sorted);
    for (uint32_t i = 0; i < s->object_count; i++) sorted[start[LC_MIN(s->objects[i].material, n - 1)]++] = s->objects[i];
    free(s->objects);
    s->objects = sorted;
    free(start);
}

bool lc_scene_object_blends(const lc_scene *s, uint32_t object)
{
    uint32_t m = s->objects[object].material;
    return m < s->material_count && s->materials[m].alpha_mode == LC_ALPHA_BLEND;
}

bool lc_scene_object_casts(const lc_scene *s, uint32_t object)
{
    uint32_t m = s->objects[object].material;
    return !lc_scene_object_blends(s, object) || s->materials[m].base_color[3] >= LC_BLEND_CASTS_ALPHA;
}

uint64_t lc_scene_triangles(const lc_scene *s)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < s->object_count; i++) n += s->meshes[s->objects[i].mesh].index_count / 3;
    return n;
}

/* Radius around c holding every object: from the transformed vertices when there are few
 * enough (a box's sphere, not its AABB's), else from the objects' spheres. */
#define FRAME_VERTEX_BUDGET (1u << 22)
static float enclosing_radius(const lc_scene *s, const float c[3])
{
    uint64_t work = 0;
    for (uint32_t i = 0; i < s->object_count; i++) work += s->meshes[s->objects[i].mesh].vertex_count;
    float r2 = 0.0f, r = 0.0f;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        if (work > FRAME_VERTEX_BUDGET) {
            float d2 = 0.0f;
            for (int k = 0; k < 3; k++) d2 += (o->sphere[k] - c[k]) * (o->sphere[k] - c[k]);
            r = LC_MAX(r, sqrtf(d2) + o->sphere[3]);
            continue;
        }
        const lc_mesh *m = &s->meshes[o->mesh];
        for (uint32_t v = 0; v < m->vertex_count; v++) {
            float p[3], d2 = 0.0f;
            lc_transform_point(&o->world, s->vertices[m->first_vertex + v].position, p);
            for (int k = 0; k < 3; k++) d2 += (p[k] - c[k]) * (p[k] - c[k]);
            r2 = LC_MAX(r2, d2);
        }
    }
    return LC_MAX(r, sqrtf(r2));
}

/* Distance from c back along f at which everything fits both fields of view (half angles hx,
 * hy): each point p (or object sphere of radius q past the budget) needs
 * d >= dot(p - c, f) + |x| / tan(h) + q / sin(h) on each axis. */
static float fit_distance(const lc_scene *s, const float c[3], const float f[3], const float rt[3], const float up[3],
                          float hx, float hy)
{
    uint64_t work = 0;
    for (uint32_t i = 0; i < s->object_count; i++) work += s->meshes[s->objects[i].mesh].vertex_count;
    float tx = tanf(hx), ty = tanf(hy), sx = sinf(hx), sy = sinf(hy), d = 0.0f;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        const lc_mesh *m = &s->meshes[o->mesh];
        uint32_t n = work > FRAME_VERTEX_BUDGET ? 1 : m->vertex_count;
        for (uint32_t v = 0; v < n; v++) {
            float p[3], q = 0.0f;
            if (work > FRAME_VERTEX_BUDGET) memcpy(p, o->sphere, sizeof p), q = o->sphere[3];
            else lc_transform_point(&o->world, s->vertices[m->first_vertex + v].position, p);
            float a = 0.0f, x = 0.0f, y = 0.0f;
            for (int k = 0; k < 3; k++) a += (p[k] - c[k]) * f[k], x += (p[k] - c[k]) * rt[k], y += (p[k] - c[k]) * up[k];
            d = LC_MAX(d, LC_MAX(a + fabsf(x) / tx + q / sx, a + fabsf(y) / ty + q / sy));
        }
    }
    return d;
}

/* The middle of the transformed vertices' bounds (tighter than the objects' boxes, and the
 * same however a file's meshes are placed in their local frames, e.g. after gltfpack); the
 * bounds' middle past the vertex budget. */
static void geometry_centre(const lc_scene *s, float c[3])
{
    uint64_t work = 0;
    for (uint32_t i = 0; i < s->object_count; i++) work += s->meshes[s->objects[i].mesh].vertex_count;
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (uint32_t i = 0; i < s->object_count && work <= FRAME_VERTEX_BUDGET; i++) {
        const lc_object *o = &s->objects[i];
        const lc_mesh *m = &s->meshes[o->mesh];
        for (uint32_t v = 0; v < m->vertex_count; v++) {
            float p[3];
            lc_transform_point(&o->world, s->vertices[m->first_vertex + v].position, p);
            for (int k = 0; k < 3; k++) lo[k] = LC_MIN(lo[k], p[k]), hi[k] = LC_MAX(hi[k], p[k]);
        }
    }
    for (int k = 0; k < 3; k++)
        c[k] = lo[k] <= hi[k] ? 0.5f * (lo[k] + hi[k]) : 0.5f * (s->bounds_min[k] + s->bounds_max[k]);
}

/* The share of each half field of view (as tangents) a framed model reaches at most. */
#define FRAME_FILL 0.8f

void lc_scene_frame(lc_scene *s, float fov_y_deg, float aspect)
{
    float c[3];
    geometry_centre(s, c);
    float r = LC_MAX(enclosing_radius(s, c), 1e-3f);
    /* The model fits FRAME_FILL of each field of view (a margin all round: nothing at the
     * image's edge); the sphere fits the narrower of the two: sin(half fov) = r / distance. */
    float half_y = atanf(FRAME_FILL * tanf(0.5f * fov_y_deg * 3.14159265f / 180.0f));
    float half_x = atanf(FRAME_FILL * tanf(0.5f * fov_y_deg * 3.14159265f / 180.0f) * LC_MAX(aspect, 1e-3f));
    float half = LC_MIN(half_y, half_x);
    /* From the front (+Z), a little above: yaw 0 looks along -Z, pitch down 20 degrees. The
     * distance fits the geometry's projection (a long model fills the width) and never exceeds
     * the bounding sphere's. */
    const float pitch = -20.0f * 3.14159265f / 180.0f;
    float f[3] = {0.0f, sinf(pitch), -cosf(pitch)}, rt[3] = {1.0f, 0.0f, 0.0f}, up[3] = {0.0f, cosf(pitch), sinf(pitch)};
    float fit = fit_distance(s, c, f, rt, up, LC_MAX(half_x, 1e-3f), LC_MAX(half_y, 1e-3f));
    float dist = LC_MIN(r / sinf(LC_MAX(half, 1e-3f)), LC_MAX(fit, 2.0f * r / 100.0f));
    s->default_camera[0] = c[0];
    s->default_camera[1] = c[1] - dist * sinf(pitch);
    s->default_camera[2] = c[2] + dist * cosf(pitch);
    s->default_camera[3] = 0.0f;
    s->default_camera[4] = -20.0f;
    s->start = LC_START_FRAMED;
    /* Lights fill a volume around the object: its bounds, grown by half the radius on each side. */
    for (int k = 0; k < 3; k++) {
        s->light_bounds_min[k] = s->bounds_min[k] - 0.5f * r;
        s->light_bounds_max[k] = s->bounds_max[k] + 0.5f * r;
    }
}

void lc_scene_clip_planes(const lc_scene *s, const lc_scene_camera *cam, const float position[3], float *near_z,
                          float *far_z)
{
    float ext[3], c[3], d2 = 0.0f;
    for (int i = 0; i < 3; i++) {
        ext[i] = s->bounds_max[i] - s->bounds_min[i];
        c[i] = 0.5f * (s->bounds_max[i] + s->bounds_min[i]);
        d2 += (position[i] - c[i]) * (position[i] - c[i]);
    }
    float diag = LC_MAX(sqrtf(ext[0] * ext[0] + ext[1] * ext[1] + ext[2] * ext[2]), 1e-6f);
    /* Room-sized scenes keep 0.05 m; a 4 cm object gets a near plane it is not cut by, a city
     * one that leaves the far/near ratio (the depth's precision) near 4e4 at worst. */
    float near = LC_CLAMP(0.05f, diag / 20000.0f, diag / 500.0f);
    float far = LC_MAX(2.0f * diag, LC_MIN(10.0f, 20.0f * diag));
    /* Past the scene's farthest point from here. */
    float beyond = 1.5f * (sqrtf(d2) + 0.5f * diag);
    if (cam) {
        near = cam->znear > 0.0f ? cam->znear : near;
        far = isfinite(cam->zfar) ? cam->zfar : LC_MAX(beyond, 10.0f * near);
    } else {
        far = LC_MAX(far, beyond);
    }
    *near_z = near;
    *far_z = LC_MAX(far, near * 1.01f);
}

lc_status lc_scene_grid(lc_scene *s, uint32_t n)
{
    if (n < 1 || n > LC_GRID_MAX) {
        lc_error("--grid %u: must be 1..%u", n, LC_GRID_MAX);
        return LC_ERR_USAGE;
    }
    if (n == 1) return LC_OK;
    uint64_t total = (uint64_t)s->object_count * n * n * n;
    if (total > LC_OBJECTS_MAX) {
        lc_error("--grid %u: %s would have %llu objects, at most %u", n, s->name, (unsigned long long)total,
                 LC_OBJECTS_MAX);
        return LC_ERR_USAGE;
    }
    float step[3];
    float size[3] = {s->bounds_max[0] - s->bounds_min[0], s->bounds_max[1] - s->bounds_min[1],
                     s->bounds_max[2] - s->bounds_min[2]};
    float largest = LC_MAX(size[0], LC_MAX(size[1], size[2]));
    for (int k = 0; k < 3; k++) step[k] = size[k] + 0.25f * LC_MAX(largest, 1e-3f); /* the gap: a quarter of the largest side */
    uint32_t per = s->object_count;
    lc_object *objs = lc_alloc((size_t)total * sizeof *objs);
    uint32_t out = 0;
    /* Object-major so the copies stay grouped by material, as the originals were. */
    for (uint32_t i = 0; i < per; i++)
        for (uint32_t z = 0; z < n; z++)
            for (uint32_t y = 0; y < n; y++)
                for (uint32_t x = 0; x < n; x++) {
                    lc_object o = s->objects[i];
                    float t[3] = {x * step[0], y * step[1], z * step[2]};
                    for (int k = 0; k < 3; k++) {
                        o.world.m[12 + k] += t[k];
                        o.sphere[k] += t[k];
                        o.offset[k] += t[k];
                    }
                    objs[out++] = o;
                }
    free(s->objects);
    s->objects = objs;
    s->object_count = out;
    for (int k = 0; k < 3; k++) s->bounds_max[k] += (float)(n - 1) * step[k];
    s->start = LC_START_FRAMED;
    return LC_OK;
}

void lc_scene_destroy(lc_scene *s)
{
    if (!s) return;
    for (uint32_t i = 0; i < s->image_count && s->images; i++) free(s->images[i].rgba);
    free(s->images);
    free(s->materials);
    free(s->objects);
    free(s->meshes);
    free(s->indices);
    free(s->vertices);
    free(s->cameras);
    free(s->lights);
    if (s->anim_destroy) s->anim_destroy(s->anim);
    memset(s, 0, sizeof *s);
}
