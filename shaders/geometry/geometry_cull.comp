#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// GPU culling of the mdi path (src/geometry/geometry.c builds the tasks): one lane per
// (object, meshlet). Frustum (object sphere, then meshlet sphere), back-face cone, and in
// phase 2 the HiZ of phase 1's depth (the seed's projected-sphere bounds, findMSB LOD, 2x2
// fetch). Survivors become VkDrawIndexedIndirectCommands in their bucket's range.
#include "common.glsl"
#include "shared/lc_geometry.h"

layout(constant_id = 0) const uint PHASE = LC_CULL_PHASE_ALL;
layout(local_size_x = LC_CULL_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_MESHLETS) readonly buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_OBJECTS) readonly buffer CullObjectBlock { lc_gpu_cull_object cull_objects[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_TASKS) readonly buffer TaskBlock { uvec2 tasks[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_VISIBILITY) buffer VisibilityBlock { uint visibility[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) writeonly buffer CommandBlock { uint commands[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_COUNTS) buffer CountBlock { uint counts[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_BUCKETS) readonly buffer BucketBlock { uint bucket_first[]; };
layout(set = 0, binding = LC_BIND_HIZ) uniform sampler2D hiz;
layout(push_constant) uniform PushBlock { lc_cull_push push; };

bool sphere_in_frustum(vec3 c, float r)
{
    mat4 m = frame.view_proj;
    vec4 row0 = vec4(m[0][0], m[1][0], m[2][0], m[3][0]);
    vec4 row1 = vec4(m[0][1], m[1][1], m[2][1], m[3][1]);
    vec4 row2 = vec4(m[0][2], m[1][2], m[2][2], m[3][2]);
    vec4 row3 = vec4(m[0][3], m[1][3], m[2][3], m[3][3]);
    vec4 planes[6] = vec4[6](row3 + row0, row3 - row0, row3 + row1, row3 - row1, row2, row3 - row2);
    for (int i = 0; i < 6; i++) {
        vec4 p = planes[i];
        float len = length(p.xyz);
        // A small slack keeps the test conservative under rounding.
        if (dot(p.xyz, c) + p.w < -(r * len) * 1.0001 - 1e-5 * len) return false;
    }
    return true;
}

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

// Whether a world sphere may be visible against the HiZ (max depth) of phase 1.
bool hiz_visible(vec3 center, float radius)
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
    vec2 size = vec2(push.hiz_size.xy);
    vec2 px = (nx * 0.5 + 0.5) * size.x;
    vec2 py = (ny * 0.5 + 0.5) * size.y;
    vec2 rx = vec2(min(px.x, px.y), max(px.x, px.y));
    vec2 ry = vec2(min(py.x, py.y), max(py.x, py.y));
    if (rx.y < 0.0 || ry.y < 0.0 || rx.x >= size.x || ry.x >= size.y) return true; // the frustum test decides
    ivec2 res = ivec2(push.hiz_size.xy);
    ivec2 ix = ivec2(floor(clamp(rx, vec2(-1.0), vec2(size.x))));
    ivec2 iy = ivec2(floor(clamp(ry, vec2(-1.0), vec2(size.y))));
    ix.x = clamp(ix.x, 0, res.x - 1);
    ix.y = clamp(ix.y, ix.x, res.x - 1);
    iy.x = clamp(iy.x, 0, res.y - 1);
    iy.y = clamp(iy.y, iy.x, res.y - 1);
    int max_delta = max(ix.y - ix.x, iy.y - iy.x);
    int lod = min(findMSB(max_delta - 1) + 1, int(push.counts.w) - 1);
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

void count(uint frustum, uint backface, uint occlusion, uint drawn, uint triangles)
{
    uvec4 m = subgroupAdd(uvec4(drawn, frustum, backface, occlusion));
    uint t = subgroupAdd(triangles);
    if (subgroupElect()) {
        // lc_gpu_geometry_stats at LC_GEO_COUNTS_STATS: meshlets (drawn, frustum, back-face,
        // occlusion), triangles (drawn, phase 1, phase 2).
        const uint S = LC_GEO_COUNTS_STATS;
        if (m.x != 0u) atomicAdd(counts[S + 0u], m.x);
        if (m.y != 0u) atomicAdd(counts[S + 1u], m.y);
        if (m.z != 0u) atomicAdd(counts[S + 2u], m.z);
        if (m.w != 0u) atomicAdd(counts[S + 3u], m.w);
        if (t != 0u) {
            atomicAdd(counts[S + 4u], t);
            if (PHASE == LC_CULL_PHASE_1) atomicAdd(counts[S + 5u], t);
            if (PHASE == LC_CULL_PHASE_2) atomicAdd(counts[S + 6u], t);
        }
    }
}

void main()
{
    uint task = gl_GlobalInvocationID.x;
    bool in_range = task < push.counts.x;
    uint f = 0u, b = 0u, o = 0u, drawn = 0u, tris = 0u;
    if (in_range) {
        uvec2 t = tasks[task];
        lc_gpu_cull_object co = cull_objects[t.x];
        lc_gpu_meshlet m = meshlets[t.y];
        mat4 world = objects[t.x].world;
        float scale = uintBitsToFloat(co.info.z);
        vec3 center = (world * vec4(m.sphere.xyz, 1.0)).xyz;
        float radius = m.sphere.w * scale;
        bool was_visible = (visibility[task >> 5u] & (1u << (task & 31u))) != 0u;
        bool visible = true;
        if (!sphere_in_frustum(co.sphere.xyz, co.sphere.w) || !sphere_in_frustum(center, radius)) {
            visible = false;
            f = 1u;
        } else if ((co.info.y & LC_CULL_CONE) != 0u && co.info.w != LC_RASTER_NONE && m.cone_apex.w < 1.0) {
            // Every triangle faces away: the rasterizer would cull them all.
            vec3 apex = (world * vec4(m.cone_apex.xyz, 1.0)).xyz;
            vec3 axis = normalize(mat3(world) * m.cone_axis.xyz);
            if (dot(normalize(apex - frame.camera_pos.xyz), axis) >= m.cone_apex.w) {
                visible = false;
                b = 1u;
            }
        }
        bool draw = visible;
        if (PHASE == LC_CULL_PHASE_1) {
            draw = visible && was_visible;
            f = b = 0u; // phase 2 counts the culled ones
        } else if (PHASE == LC_CULL_PHASE_2 && visible) {
            visible = hiz_visible(center, radius);
            draw = visible && !was_visible;
            if (!visible && !was_visible) o = 1u;
        }
        if (PHASE != LC_CULL_PHASE_1 && visible != was_visible) {
            uint bit = 1u << (task & 31u);
            if (visible) atomicOr(visibility[task >> 5u], bit);
            else atomicAnd(visibility[task >> 5u], ~bit);
        }
        if (draw) {
            uint bucket = co.info.x;
            uint phase = PHASE == LC_CULL_PHASE_2 ? 1u : 0u;
            uint slot = atomicAdd(counts[LC_GEO_COUNTS_HEADER + phase * push.counts.z + bucket], 1u);
            uint c = (phase * push.counts.y + bucket_first[bucket] + slot) * 5u;
            commands[c + 0u] = m.info.y;
            commands[c + 1u] = 1u;
            commands[c + 2u] = m.info.x;
            commands[c + 3u] = 0u;
            commands[c + 4u] = t.x;
            drawn = 1u;
            tris = m.info.w;
        }
    }
    count(f, b, o, drawn, tris);
}
