// The meshlet culling of every view's compute cull (view_cull.comp: the camera on the mdi path
// and the compute raster, the shadow views) and the mesh path's task shader (geometry.task) and
// indirect cull (geometry_cull_sublets.glsl): the same tests (lc_view_cull_bounds, hiz_visible)
// and the same two-phase rule (lc_view_phase_of), so every path keeps the same meshlets; the
// mesh path works per sublet. The includer declares PHASE (LC_GEOMETRY_CULL_PHASE_*), the
// buffers below come from here.
// Frustum (object sphere, then meshlet sphere), back-face cone, and in phase 2 the HiZ of
// phase 1's depth (the seed's projected-sphere bounds, findMSB LOD, 2x2 fetch).
#ifndef LC_GEOMETRY_CULL_GLSL
#define LC_GEOMETRY_CULL_GLSL

#include "common.glsl"
#include "shared/lc_geometry.h"

layout(std430, set = 0, binding = LC_BIND_GEO_MESHLETS) readonly buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_OBJECTS) readonly buffer CullObjectBlock { lc_gpu_cull_object cull_objects[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_TASKS) readonly buffer TaskBlock { uvec2 tasks[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_VISIBILITY) buffer VisibilityBlock { uint visibility[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_COUNTS) buffer CountBlock { uint counts[]; };
layout(set = 0, binding = LC_BIND_HIZ) uniform sampler2D hiz;

// The six planes of a view-projection matrix's frustum (Vulkan clip space: left, right,
// top, bottom, near at 0, far), not normalised.
void lc_frustum_planes(mat4 m, out vec4 planes[6])
{
    vec4 row0 = vec4(m[0][0], m[1][0], m[2][0], m[3][0]);
    vec4 row1 = vec4(m[0][1], m[1][1], m[2][1], m[3][1]);
    vec4 row2 = vec4(m[0][2], m[1][2], m[2][2], m[3][2]);
    vec4 row3 = vec4(m[0][3], m[1][3], m[2][3], m[3][3]);
    planes = vec4[6](row3 + row0, row3 - row0, row3 + row1, row3 - row1, row2, row3 - row2);
}

bool lc_sphere_in_planes(vec4 planes[6], vec3 c, float r)
{
    for (int i = 0; i < 6; i++) {
        vec4 p = planes[i];
        float len = length(p.xyz);
        // A small slack keeps the test conservative under rounding.
        if (dot(p.xyz, c) + p.w < -(r * len) * 1.0001 - 1e-5 * len) return false;
    }
    return true;
}

// Whether a world sphere may lie in a view's frustum (lc_gpu_view: the camera's, a shadow
// view's).
bool lc_view_sphere(lc_gpu_view view, vec3 c, float r) { return lc_sphere_in_planes(view.planes, c, r); }

// The camera's frustum.
bool sphere_in_frustum(vec3 c, float r) { return lc_view_sphere(frame.camera, c, r); }

// Tangent bounds of a sphere seen along +z (the seed's project_sphere_flat).
vec2 project_sphere_flat(float view_xy, float view_z, float radius)
{
    float len = length(vec2(view_xy, view_z));
    float sin_xy = radius / len;
    float cos_xy = sqrt(1.0 - sin_xy * sin_xy);
    vec2 rot_lo = mat2(cos_xy, sin_xy, -sin_xy, cos_xy) * vec2(view_xy, view_z);
    vec2 rot_hi = mat2(cos_xy, -sin_xy, +sin_xy, cos_xy) * vec2(view_xy, view_z);
    return vec2(rot_lo.x / rot_lo.y, rot_hi.x / rot_hi.y);
}

// Whether a world sphere may be visible against the HiZ (max depth) of phase 1; hiz_size is
// level 0's size (the depth size), levels the pyramid's level count.
bool hiz_visible(vec3 center, float radius, uvec2 hiz_size, uint levels)
{
    vec3 v = (frame.view * vec4(center, 1.0)).xyz;
    float d = -v.z; // distance along the view direction
    float near_z = frame.screen_inv.z;
    if (d - radius <= near_z * 1.001) return true; // touches the near plane: no bound
    mat4 P = frame.proj;
    vec2 tx = project_sphere_flat(v.x, d, radius);
    vec2 ty = project_sphere_flat(v.y, d, radius);
    vec2 nx = tx * P[0][0] + P[2][0] * -1.0;
    vec2 ny = ty * P[1][1] + P[2][1] * -1.0;
    vec2 size = vec2(hiz_size);
    vec2 px = (nx * 0.5 + 0.5) * size.x;
    vec2 py = (ny * 0.5 + 0.5) * size.y;
    vec2 rx = vec2(min(px.x, px.y), max(px.x, px.y));
    vec2 ry = vec2(min(py.x, py.y), max(py.x, py.y));
    if (rx.y < 0.0 || ry.y < 0.0 || rx.x >= size.x || ry.x >= size.y) return true; // the frustum test decides
    ivec2 res = ivec2(hiz_size);
    ivec2 ix = ivec2(floor(clamp(rx, vec2(-1.0), vec2(size.x))));
    ivec2 iy = ivec2(floor(clamp(ry, vec2(-1.0), vec2(size.y))));
    ix.x = clamp(ix.x, 0, res.x - 1);
    ix.y = clamp(ix.y, ix.x, res.x - 1);
    iy.x = clamp(iy.x, 0, res.y - 1);
    iy.y = clamp(iy.y, iy.x, res.y - 1);
    int max_delta = max(ix.y - ix.x, iy.y - iy.x);
    int lod = min(findMSB(max_delta - 1) + 1, int(levels) - 1);
    ivec2 lod_max = max(res >> lod, ivec2(1)) - 1;
    ix = min(ix >> lod, lod_max.xx);
    iy = min(iy >> lod, lod_max.yy);
    ivec2 c = ivec2(ix.x, iy.x);
    float z = texelFetch(hiz, c, lod).x;
    bool wide_x = ix.y != ix.x, wide_y = iy.y != iy.x;
    if (wide_x) z = max(z, texelFetch(hiz, ivec2(ix.y, iy.x), lod).x);
    if (wide_y) z = max(z, texelFetch(hiz, ivec2(ix.x, iy.y), lod).x);
    if (wide_x && wide_y) z = max(z, texelFetch(hiz, ivec2(ix.y, iy.y), lod).x);
    // Depth 0 is near: the sphere's nearest point against the farthest depth drawn there.
    float dn = d - radius;
    float closest = (P[2][2] * -dn + P[3][2]) / dn;
    return closest <= z * 1.000001 + 1e-7;
}

// The frustum and back-face cone tests of one meshlet (or sublet) of an object whose own
// sphere passed, in a view: 0 when it may be visible, 1 outside the frustum, 2 facing away (the
// rasterizer would cull every triangle; views without LC_VIEW_CONE draw both faces). center and
// radius: its world bounding sphere, for the HiZ.
uint lc_view_cull_bounds(lc_gpu_view view, lc_gpu_cull_object co, mat4 world, vec4 sphere, vec4 cone_apex, vec4 cone_axis,
                         out vec3 center, out float radius)
{
    center = (world * vec4(sphere.xyz, 1.0)).xyz;
    radius = sphere.w * uintBitsToFloat(co.info.z);
    if (!lc_view_sphere(view, center, radius)) return 1u;
    if ((view.info.x & LC_VIEW_CONE) != 0u && (co.info.y & LC_GEOMETRY_CULL_CONE) != 0u && co.info.w != LC_RASTER_NONE &&
        cone_apex.w < 1.0) {
        vec3 apex = (world * vec4(cone_apex.xyz, 1.0)).xyz;
        vec3 axis = normalize(mat3(world) * cone_axis.xyz);
        if (dot(normalize(apex - view.eye.xyz), axis) >= cone_apex.w) return 2u;
    }
    return 0u;
}

// The camera's.
uint lc_cull_bounds(lc_gpu_cull_object co, mat4 world, vec4 sphere, vec4 cone_apex, vec4 cone_axis, out vec3 center,
                    out float radius)
{
    return lc_view_cull_bounds(frame.camera, co, world, sphere, cone_apex, cone_axis, center, radius);
}

// The two-phase rule of one task in a view, for every view (the camera's cull, the shadow
// views'): in_view: it passed the frustum (and cone) tests; hiz_visible: the HiZ test's answer
// where lc_view_tests_hiz asked for it; was_visible: its visibility bit (what the view saw when
// last rendered); fresh: the view has no bits yet (a shadow view's first render since its light
// took the tile; the camera always has them). Phase 1 draws what was visible (a fresh view: its
// whole frustum, and writes its bits); phase 2 tests the rest against the HiZ of phase 1, draws
// what became visible and writes every bit (a fresh view: nothing, phase 1 did it); one phase
// (ALL) draws the frustum and writes the bits where the view keeps them.
struct lc_view_phase {
    bool draw, write, bit; // drawn; whether its visibility bit is written, and to what
    bool occluded;         // in the frustum but hidden by the HiZ (phase 2's count)
};

bool lc_view_tests_hiz(bool in_view, bool fresh) { return PHASE == LC_GEOMETRY_CULL_PHASE_2 && in_view && !fresh; }

lc_view_phase lc_view_phase_of(bool in_view, bool hiz_visible, bool was_visible, bool fresh)
{
    lc_view_phase r = lc_view_phase(in_view, true, in_view, false);
    if (PHASE == LC_GEOMETRY_CULL_PHASE_1) {
        r.draw = in_view && (was_visible || fresh);
        r.write = fresh;
    } else if (PHASE == LC_GEOMETRY_CULL_PHASE_2) {
        r.write = !fresh;
        r.bit = in_view && hiz_visible;
        r.draw = !fresh && r.bit && !was_visible;
        r.occluded = !fresh && in_view && !r.bit && !was_visible;
    }
    return r;
}

// The frame's counters (lc_gpu_geometry_stats at LC_GEO_COUNTS_STATS): meshlets (drawn,
// frustum, back-face, occlusion), triangles (drawn, phase 1, phase 2). One atomic per
// subgroup and counter; every invocation of the subgroup calls it.
void lc_cull_count(uint frustum, uint backface, uint occlusion, uint drawn, uint triangles)
{
    uvec4 m = subgroupAdd(uvec4(drawn, frustum, backface, occlusion));
    uint t = subgroupAdd(triangles);
    if (subgroupElect()) {
        const uint S = LC_GEO_COUNTS_STATS;
        if (m.x != 0u) atomicAdd(counts[S + 0u], m.x);
        if (m.y != 0u) atomicAdd(counts[S + 1u], m.y);
        if (m.z != 0u) atomicAdd(counts[S + 2u], m.z);
        if (m.w != 0u) atomicAdd(counts[S + 3u], m.w);
        if (t != 0u) {
            atomicAdd(counts[S + 4u], t);
            if (PHASE == LC_GEOMETRY_CULL_PHASE_1) atomicAdd(counts[S + 5u], t);
            if (PHASE == LC_GEOMETRY_CULL_PHASE_2) atomicAdd(counts[S + 6u], t);
        }
    }
}

#endif
