#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// The shadow views' GPU cull (src/passes/shadow_cull.c; the layout: shared/lc_geometry.h
// LC_SHADOW_CULL_*): one lane per shadow-casting task, one dispatch for the views rendered
// this frame, a row of workgroups per view. The view's record (lc_gpu_view, shadow_block.glsl:
// the matrix its depth is drawn with, its frustum, tile and flags) is the camera's kind; the
// tests are the camera cull's (geometry_cull.glsl lc_view_sphere: object sphere, meshlet sphere) and then each sublet's sphere, without the back-face cone (the
// views draw both faces). A surviving task appends one command to its list in the view's region:
// the span of its meshlet's indices from the first to the last sublet in the frustum.
// PHASE (geometry_cull.glsl's constant): ALL draws every task in the frustum; 1 those whose
// visibility bit says the view saw them when last rendered (a fresh view's whole frustum); 2
// tests the others against the view's HiZ of phase 1 (hiz_views.comp), draws the visible
// ones and writes every bit (fresh views: nothing, phase 1 did it).
// The sun's cascades are more views of the same dispatch (record LC_SHADOW_SUN_RECORD, the
// face their cascade; orthographic matrices), always fresh (they have no HiZ: phase 1 draws
// their frustum). Seed 000's enclosure culling: a meshlet whose light-space bounds lie inside
// an earlier cascade's enclosure rectangle is not drawn into a later one (docs/SHADOWS.md
// says why no receiver that reads the later cascade can miss it); each cascade's meshlets,
// triangles and enclosed meshlets are counted for --stats.
#include "common.glsl"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;
#include "geometry_cull.glsl"

layout(local_size_x = LC_CULL_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_SUBLET_BOUNDS) readonly buffer SubletBlock { lc_meshlet_bounds sublet_bounds[]; };
#include "shading/shadow_block.glsl"
layout(std430, set = 0, binding = LC_BIND_SHADOW_CULL) buffer ShadowCullBlock { uint cull[]; };
layout(push_constant) uniform PushBlock { lc_shadow_cull_push push; };

// Whether a world sphere may put a fragment into the view against its HiZ (max depth of what
// phase 1 drew; depth 0 near, LESS test): the corners of the sphere's box projected with the
// view's matrix give a rectangle of texels in the tile, and the sphere's point nearest the
// light along the view axis its nearest depth (a perspective depth depends on the view depth
// alone); the HiZ level where the rectangle spans at most 2 x 2 texels gives the farthest
// depth drawn there.
bool shadow_hiz_visible(vec3 c, float radius, mat4 view_proj, float near_z, uint size, uint hiz)
{
    vec2 lo = vec2(1e30), hi = vec2(-1e30);
    for (uint i = 0u; i < 8u; i++) {
        vec3 corner = c + radius * vec3((i & 1u) != 0u ? 1.0 : -1.0, (i & 2u) != 0u ? 1.0 : -1.0, (i & 4u) != 0u ? 1.0 : -1.0);
        vec4 q = view_proj * vec4(corner, 1.0);
        if (q.w <= near_z * 1.001) return true; // reaches the near plane: no bound
        lo = min(lo, q.xy / q.w);
        hi = max(hi, q.xy / q.w);
    }
    vec3 axis = normalize(vec3(view_proj[0][3], view_proj[1][3], view_proj[2][3])); // w grows along it
    vec4 q = view_proj * vec4(c - radius * axis, 1.0);
    if (q.w <= near_z * 1.001) return true;
    float nearest = q.z / q.w;
    float s = float(size);
    // Texels of the tile; half a texel more on every side for rounding against the rasterizer.
    lo = (lo * 0.5 + 0.5) * s - 0.5;
    hi = (hi * 0.5 + 0.5) * s + 0.5;
    if (hi.x < 0.0 || hi.y < 0.0 || lo.x >= s || lo.y >= s) return true; // the frustum test decides
    ivec2 a = clamp(ivec2(floor(lo)), ivec2(0), ivec2(int(size) - 1)) >> 1; // level 0: half the tile's texels
    ivec2 b = clamp(ivec2(floor(hi)), ivec2(0), ivec2(int(size) - 1)) >> 1;
    int n0 = int(size) >> 1, levels = findMSB(n0) + 1;
    int lod = min(findMSB(max(b.x - a.x, b.y - a.y) - 1) + 1, levels - 1);
    a >>= lod;
    b >>= lod;
    int n = n0 >> lod;
    // Level L's first word: the words of the levels above it for the largest tile (lc_geometry.h).
    uint at = hiz + (LC_SHADOW_HIZ_WORDS - (LC_SHADOW_HIZ_WORDS >> (2u * uint(lod))));
    float z = uintBitsToFloat(cull[at + uint(a.y * n + a.x)]);
    z = max(z, uintBitsToFloat(cull[at + uint(a.y * n + b.x)]));
    z = max(z, uintBitsToFloat(cull[at + uint(b.y * n + a.x)]));
    z = max(z, uintBitsToFloat(cull[at + uint(b.y * n + b.x)]));
    return nearest <= z + 1e-6;
}

// Whether a world sphere's light-space square lies inside the enclosure rectangle of a
// cascade before cascade k (lc_cascades_enclosed on the host).
bool cascade_enclosed(vec3 c, float r, uint k)
{
    vec2 p = vec2(dot(c, cascades.axis_x.xyz), dot(c, cascades.axis_y.xyz));
    for (uint j = 0u; j < k; j++) {
        vec4 e = cascades.enclose[j];
        if (all(greaterThanEqual(p - r, e.xy)) && all(lessThanEqual(p + r, e.zw))) return true;
    }
    return false;
}

// A task's visibility bit for the view's next render (atomics: 32 tasks share a word).
void set_bit(uint word, uint bit, bool visible)
{
    if (visible == ((cull[word] & bit) != 0u)) return;
    if (visible) atomicOr(cull[word], bit);
    else atomicAnd(cull[word], ~bit);
}

void main()
{
    uint task = gl_GlobalInvocationID.x;
    uint view = gl_WorkGroupID.y;
    lc_gpu_view sv = shadow_views[view];
    bool cascade = (sv.info.x & LC_VIEW_CASCADE) != 0u;
    uint cascade_index = sv.info.z;
    uint triangles = 0u, inside = 0u, occluded = 0u, enclosed = 0u, drawn = 0u;
    if (task < push.region.x) {
        uvec2 t = tasks[task];
        lc_gpu_cull_object co = cull_objects[t.x];
        uint first = 0u, end = 0u; // triangles of the meshlet in the frustum
        lc_gpu_meshlet m = meshlets[t.y];
        vec3 center = vec3(0.0);
        float radius = 0.0;
        if (lc_view_sphere(sv, co.sphere.xyz, co.sphere.w)) {
            inside = m.info.w;
            mat4 world = objects[t.x].world;
            float scale = uintBitsToFloat(co.info.z);
            // The camera's meshlet test (no cone: the view has no LC_VIEW_CONE).
            bool in_view = lc_view_cull_bounds(sv, co, world, m.sphere, m.cone_apex, m.cone_axis, center, radius) == 0u;
            // Phase 2 leaves the cascades (fresh views): the enclosed are counted once.
            if (cascade && cascade_index > 0u && in_view && cascade_enclosed(center, radius, cascade_index)) {
                enclosed = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 0u : 1u;
            } else if (in_view) {
                first = ~0u;
                uint at = 0u;
                // A later cascade also leaves out the sublets an earlier one encloses: the same
                // rule for the smaller sphere (docs/SHADOWS.md), trimming the drawn span's ends.
                bool trim = cascade && cascade_index > 0u, any_left = false;
                for (uint k = 0u; k < LC_MESHLET_SUBLETS; k++) {
                    uint n = lc_sublet_counts(m.sublets, k) & 0xffu;
                    if (n == 0u) break;
                    vec4 s = sublet_bounds[t.y * LC_MESHLET_SUBLETS + k].sphere;
                    vec3 sc = (world * vec4(s.xyz, 1.0)).xyz;
                    float sr = s.w * scale;
                    bool seen = lc_view_sphere(sv, sc, sr);
                    bool left = seen && trim && cascade_enclosed(sc, sr, cascade_index);
                    any_left = any_left || left;
                    if (seen && !left) {
                        first = min(first, at);
                        end = at + n;
                    }
                    at += n;
                }
                // Every sublet in the frustum enclosed: the meshlet counts as enclosed.
                if (any_left && first == ~0u) enclosed = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 0u : 1u;
            }
        }
        bool draw = first < end;
        if (PHASE != LC_GEOMETRY_CULL_PHASE_ALL) {
            // The view's bit for the task (info.w: the view's identity across frames), and the
            // two-phase rule every view follows (geometry_cull.glsl lc_view_phase_of). A fresh view
            // has no bits to go by: phase 1 draws its whole frustum and sets its bits, and phase 2
            // leaves it (a HiZ of nothing would hide nothing), so its tile is rendered once.
            uint word = push.view.z + sv.info.w * ((push.region.x + 31u) >> 5u) + (task >> 5u), bit = 1u << (task & 31u);
            bool fresh = (sv.info.x & LC_VIEW_FRESH) != 0u, was_visible = !fresh && (cull[word] & bit) != 0u;
            bool hiz = lc_view_tests_hiz(first < end, fresh)
                           ? shadow_hiz_visible(center, radius * 1.0001, sv.view_proj, sv.eye.w, uint(sv.rect.z), push.view.w + view * LC_SHADOW_HIZ_WORDS)
                           : true;
            lc_view_phase p = lc_view_phase_of(first < end, hiz, was_visible, fresh);
            draw = p.draw;
            occluded = p.occluded ? 1u : 0u;
            if (p.write) set_bit(word, bit, p.bit);
            // Phase 1 counts a fresh view's objects, phase 2 the others'.
            if ((PHASE == LC_GEOMETRY_CULL_PHASE_1) != fresh) inside = 0u;
        }
        if (draw) {
            uint bucket = co.info.x;
            uvec2 list = uvec2(cull[push.region.y + 2u * bucket], cull[push.region.y + 2u * bucket + 1u]);
            uint counts = LC_SHADOW_CULL_COUNTS + (PHASE == LC_GEOMETRY_CULL_PHASE_2 ? push.view.y : 0u);
            uint slot = atomicAdd(cull[counts + view * push.view.x + list.y], 1u);
            uint c = push.region.z + (view * push.region.w + list.x + slot) * 5u;
            cull[c + 0u] = 3u * (end - first);
            cull[c + 1u] = 1u;
            cull[c + 2u] = m.info.x + 3u * first;
            cull[c + 3u] = 0u;
            cull[c + 4u] = t.x; // firstInstance: the object (shadow_depth.vert)
            triangles = end - first;
            drawn = 1u;
        }
    }
    uvec3 sum = subgroupAdd(uvec3(triangles, inside, occluded));
    if (subgroupElect()) {
        if (sum.x != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 0u], sum.x);
        if (sum.y != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 1u], sum.y);
        if (sum.z != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 2u], sum.z);
    }
    if (cascade) { // a workgroup row is one view: the subgroup's lanes share the cascade
        uvec2 more = subgroupAdd(uvec2(drawn, enclosed));
        uint at = LC_SHADOW_CULL_CASCADE_STATS + 4u * cascade_index;
        if (subgroupElect()) {
            if (more.x != 0u) atomicAdd(cull[at + 0u], more.x);
            if (sum.x != 0u) atomicAdd(cull[at + 1u], sum.x);
            if (more.y != 0u) atomicAdd(cull[at + 2u], more.y);
        }
    }
}
