#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// The GPU cull of every view (seed 000 and 003): the camera's (the mdi path and the compute
// raster: src/passes/geometry_passes.c) and the shadow views rendered this frame (the lights'
// faces and the sun's cascades: src/passes/shadow_cull.c). One lane per task (object, meshlet)
// and a row of workgroups per view: one row for the camera (frame.camera), one per shadow view
// (shadow_views[row]); lc_view_cull_push.hiz_size.z says which. Every view goes through the same
// decision (cull_view_task: object sphere, meshlet sphere and back-face cone where the view has
// LC_VIEW_CONE; a later cascade's enclosure; the span of sublets in the frustum where the view
// draws spans) and the same two-phase rule (geometry_cull.glsl lc_view_phase_of). What differs
// is where a view keeps its state, and why:
//  - the camera's visibility bits are LC_BIND_GEO_VISIBILITY, its HiZ the sampled pyramid
//    (hiz.comp), and each task has a fixed command slot in its bucket (tasks are stored in
//    bucket order), written every phase with instanceCount 1 or 0: the draws keep task order
//    whatever order the lanes run in, so coplanar surfaces tie the same way every frame and on
//    every GPU. It draws whole meshlets: the visibility ids count triangles from a meshlet's
//    first (gl_PrimitiveID), so its draws start there.
//  - a shadow view's bits and HiZ (hiz_views.comp) are in the shadow cull buffer, a view
//    identity's bits and a view slot's pyramid each; depth-only draws leave the same depth in
//    any order, so its commands are appended to its lists (the opaque casters', one per alpha
//    MASK bucket) and a view draws only what it keeps. It draws the span of its meshlet's
//    sublets from the first to the last in the frustum (and not enclosed).
// The sun's cascades are shadow views (record LC_SHADOW_SUN_RECORD, the face their cascade;
// orthographic matrices), always fresh (they have no HiZ: phase 1 draws their frustum). Seed
// 000's enclosure culling: a meshlet or sublet whose light-space bounds lie inside an earlier
// cascade's enclosure rectangle is not drawn into a later one (docs/SHADOWS.md says why no
// receiver that reads the later cascade can miss it).
#include "common.glsl"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;
#include "geometry_cull.glsl"

layout(local_size_x = LC_CULL_GROUP) in;

layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) writeonly buffer CommandBlock { uint commands[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_BUCKETS) readonly buffer BucketBlock { uint bucket_first[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_SUBLET_BOUNDS) readonly buffer SubletBlock { lc_meshlet_bounds sublet_bounds[]; };
#include "shading/shadow_block.glsl"
layout(std430, set = 0, binding = LC_BIND_SHADOW_CULL) buffer ShadowCullBlock { uint cull[]; };
layout(push_constant) uniform PushBlock { lc_view_cull_push push; };

// Whether a world sphere may put a fragment into a shadow view against its HiZ (max depth of
// what phase 1 drew; depth 0 near, LESS test): the corners of the sphere's box projected with
// the view's matrix give a rectangle of texels in the tile, and the sphere's point nearest the
// light along the view axis its nearest depth (a perspective depth depends on the view depth
// alone); the HiZ level where the rectangle spans at most 2 x 2 texels gives the farthest
// depth drawn there. (The camera's test, hiz_visible, projects the sphere's tangents.)
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

// One task in one view, before the phases: why it is out (0: in; 1: outside the frustum, or every
// sublet is; 2: facing away; 3: enclosed by an earlier cascade), the triangles to draw (a
// span of the meshlet's) and its world sphere (the HiZ test's).
struct lc_view_task {
    uint why;
    bool object_in; // the object's sphere is in the frustum (the shadow stats' `inside`)
    uint first, end;
    vec3 center;
    float radius;
};

lc_view_task cull_view_task(lc_gpu_view v, uvec2 t)
{
    lc_view_task r = lc_view_task(1u, false, 0u, 0u, vec3(0.0), 0.0);
    lc_gpu_cull_object co = cull_objects[t.x];
    // A static view (--shadow-dynamic overlay) leaves out what an animation can move: it is
    // drawn over the view's cached map each frame (passes/shadow_overlay.c).
    if ((v.info.x & LC_VIEW_STATIC) != 0u && (co.info.y & LC_GEOMETRY_CULL_MOVABLE) != 0u) return r;
    if (!lc_view_sphere(v, co.sphere.xyz, co.sphere.w)) return r;
    r.object_in = true;
    lc_gpu_meshlet m = meshlets[t.y];
    mat4 world = objects[t.x].world;
    r.why = lc_view_cull_bounds(v, co, world, m.sphere, m.cone_apex, m.cone_axis, r.center, r.radius);
    if (r.why != 0u) return r;
    bool later_cascade = (v.info.x & LC_VIEW_CASCADE) != 0u && v.info.z > 0u;
    if (later_cascade && cascade_enclosed(r.center, r.radius, v.info.z)) {
        r.why = 3u;
        return r;
    }
    if ((v.info.x & LC_VIEW_SUBLET_SPANS) == 0u) {
        r.end = m.info.w;
        return r;
    }
    // The span from the first to the last sublet in the frustum; a later cascade also leaves
    // out the sublets an earlier one encloses (the same rule for the smaller sphere,
    // docs/SHADOWS.md), trimming the span's ends.
    float scale = uintBitsToFloat(co.info.z);
    uint first = ~0u, end = 0u, at = 0u;
    bool any_enclosed = false;
    for (uint k = 0u; k < LC_MESHLET_SUBLETS; k++) {
        uint n = lc_sublet_counts(m.sublets, k) & 0xffu;
        if (n == 0u) break;
        vec4 s = sublet_bounds[t.y * LC_MESHLET_SUBLETS + k].sphere;
        vec3 sc = (world * vec4(s.xyz, 1.0)).xyz;
        float sr = s.w * scale;
        bool seen = lc_view_sphere(v, sc, sr);
        bool enclosed = seen && later_cascade && cascade_enclosed(sc, sr, v.info.z);
        any_enclosed = any_enclosed || enclosed;
        if (seen && !enclosed) {
            first = min(first, at);
            end = at + n;
        }
        at += n;
    }
    if (first == ~0u) r.why = any_enclosed ? 3u : 1u; // every sublet in the frustum enclosed: the meshlet counts as enclosed
    else r.first = first, r.end = end;
    return r;
}

// A visibility bit (atomics: 32 tasks share a word), in the camera's buffer or the shadow cull's.
void set_bit(uint word, uint bit, bool visible, bool camera)
{
    if (camera) {
        if (visible) atomicOr(visibility[word], bit);
        else atomicAnd(visibility[word], ~bit);
    } else {
        if (visible) atomicOr(cull[word], bit);
        else atomicAnd(cull[word], ~bit);
    }
}

// The shadow views' counters (lc_geometry.h LC_SHADOW_CULL_STATS and, a row being one view, its
// cascade's). Every invocation of the subgroup calls it.
void count_shadow_view(bool cascade, uint cascade_index, uint triangles, uint inside, uint occluded, uint drawn, uint enclosed)
{
    uvec3 sum = subgroupAdd(uvec3(triangles, inside, occluded));
    if (subgroupElect()) {
        if (sum.x != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 0u], sum.x);
        if (sum.y != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 1u], sum.y);
        if (sum.z != 0u) atomicAdd(cull[LC_SHADOW_CULL_STATS + 2u], sum.z);
    }
    if (cascade) {
        uvec2 more = subgroupAdd(uvec2(drawn, enclosed));
        uint at = LC_SHADOW_CULL_CASCADE_STATS + 4u * cascade_index;
        if (subgroupElect()) {
            if (more.x != 0u) atomicAdd(cull[at + 0u], more.x);
            if (sum.x != 0u) atomicAdd(cull[at + 1u], sum.x);
            if (more.y != 0u) atomicAdd(cull[at + 2u], more.y);
        }
    }
}

void main()
{
    uint task = gl_GlobalInvocationID.x;
    bool camera = push.hiz_size.z == LC_VIEW_CULL_CAMERA;
    uint row = gl_WorkGroupID.y;
    lc_gpu_view v; // the frame's uniform block and the shadow records' storage lay it out differently
    if (camera) v = frame.camera;
    else v = shadow_views[row];
    bool cascade = (v.info.x & LC_VIEW_CASCADE) != 0u;
    uint phase = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
    uint f = 0u, b = 0u, o = 0u, drawn = 0u, triangles = 0u, inside = 0u, enclosed = 0u;
    if (task < push.counts.x) {
        uvec2 t = tasks[task];
        lc_view_task d = cull_view_task(v, t);
        bool in_view = d.why == 0u;
        // The view's visibility bit for the task: the camera's always; a shadow view's per view
        // identity (info.w), where the buffer has them (--shadow-occlusion on).
        // One phase (ALL) keeps no shadow view's bits (the buffer has them only with occlusion).
        bool fresh = (v.info.x & LC_VIEW_FRESH) != 0u;
        bool has_bits = camera || PHASE != LC_GEOMETRY_CULL_PHASE_ALL;
        uint word = camera ? task >> 5u : push.view.z + v.info.w * ((push.counts.x + 31u) >> 5u) + (task >> 5u);
        uint bit = 1u << (task & 31u);
        bool bit_now = has_bits && ((camera ? visibility[word] : cull[word]) & bit) != 0u;
        bool was_visible = !fresh && bit_now; // a fresh view's bits are an earlier owner's
        bool hiz = true;
        if (lc_view_tests_hiz(in_view, fresh)) {
            hiz = camera ? hiz_visible(d.center, d.radius, push.hiz_size.xy, push.counts.w)
                         : shadow_hiz_visible(d.center, d.radius * 1.0001, v.view_proj, v.eye.w, uint(v.rect.z),
                                              push.view.w + row * LC_SHADOW_HIZ_WORDS);
        }
        lc_view_phase p = lc_view_phase_of(in_view, hiz, was_visible, fresh);
        if (!has_bits) p = lc_view_phase(in_view, false, false, false); // one phase, nothing kept
        if (has_bits && p.write && p.bit != bit_now) set_bit(word, bit, p.bit, camera);
        o = p.occluded ? 1u : 0u;
        drawn = p.draw ? 1u : 0u;
        triangles = p.draw ? d.end - d.first : 0u;
        // Phase 2 counts the culled (phase 1 draws only what was visible); the enclosed once.
        if (PHASE != LC_GEOMETRY_CULL_PHASE_1) {
            f = d.why == 1u ? 1u : 0u;
            b = d.why == 2u ? 1u : 0u;
        }
        enclosed = d.why == 3u && PHASE != LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
        // Phase 1 counts a fresh shadow view's objects, phase 2 the others'.
        inside = d.object_in ? meshlets[t.y].info.w : 0u;
        if (PHASE != LC_GEOMETRY_CULL_PHASE_ALL && (PHASE == LC_GEOMETRY_CULL_PHASE_1) != fresh) inside = 0u;

        lc_gpu_meshlet m = meshlets[t.y];
        uint bucket = cull_objects[t.x].info.x;
        if (camera) {
            uint slot = task - bucket_first[bucket];
            atomicMax(counts[LC_GEO_COUNTS_HEADER + phase * push.counts.z + bucket], slot + 1u);
            uint c = (phase * push.counts.y + task) * 5u;
            commands[c + 0u] = m.info.y;
            commands[c + 1u] = p.draw ? 1u : 0u;
            commands[c + 2u] = m.info.x;
            commands[c + 3u] = 0u;
            commands[c + 4u] = t.x;
        } else if (p.draw) {
            uvec2 list = uvec2(cull[push.region.y + 2u * bucket], cull[push.region.y + 2u * bucket + 1u]);
            uint at = LC_SHADOW_CULL_COUNTS + phase * push.view.y;
            uint slot = atomicAdd(cull[at + row * push.view.x + list.y], 1u);
            uint c = push.region.z + (row * push.region.w + list.x + slot) * 5u;
            cull[c + 0u] = 3u * (d.end - d.first);
            cull[c + 1u] = 1u;
            cull[c + 2u] = m.info.x + 3u * d.first;
            cull[c + 3u] = 0u;
            cull[c + 4u] = t.x; // firstInstance: the object (shadow_depth.vert)
        }
    }
    // A row is one view, so every lane of a subgroup takes the same branch.
    if (camera) lc_cull_count(f, b, o, drawn, triangles);
    else count_shadow_view(cascade, v.info.z, triangles, inside, o, drawn, enclosed);
}
