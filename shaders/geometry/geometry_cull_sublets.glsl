// The mesh path's culling of one task (object, meshlet) per sublet, shared by the task
// shader (geometry.task, --mesh-dispatch task) and the indirect dispatch's compute cull
// (geometry_mesh_cull.comp): the same tests, phases, counters and visibility bytes, so both
// dispatches draw the same sublets. The includer declares PHASE and includes
// geometry_cull.glsl first; hiz_info: HiZ level 0 size, levels.
#ifndef LC_GEOMETRY_CULL_SUBLETS_GLSL
#define LC_GEOMETRY_CULL_SUBLETS_GLSL

#include "shared/lc_meshlet.h"

layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) buffer DrawnBlock { uint drawn_flags[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_SUBLET_BOUNDS) readonly buffer SubletBlock { lc_meshlet_bounds sublet_bounds[]; };

// The sublets of a task this PHASE draws (a bit per sublet; the mesh path's two phases work
// per sublet). The meshlet's tests first (object sphere, meshlet frustum and cone; phase 2
// its HiZ), then each sublet's own: frustum and cone, and in phase 2 the HiZ of phase 1.
// The visibility buffer holds a byte per task: the sublets that passed the HiZ last frame.
// Phase 1 draws those of them still in the frustum and facing the camera; phase 2 tests every
// sublet of the meshlets that pass and draws the visible ones phase 1 did not, and records
// the visible set for the next frame. Conservative for any visibility byte: what phase 1
// leaves out, phase 2 tests against a HiZ of a subset of the final depth. Counters as the mdi
// cull counts meshlets (drawn in one phase, or culled by one test), so both paths report the
// same meshlet counts; `sublets` counts the sublets of drawn meshlets that neither phase drew.
uint cull_task(uint task, uvec3 hiz_info, out uint f, out uint b, out uint o, out uint drawn, out uint sublets_culled, out uint triangles)
{
    f = b = o = drawn = sublets_culled = triangles = 0u;
    uvec2 t = tasks[task];
    lc_gpu_cull_object co = cull_objects[t.x];
    lc_gpu_meshlet m = meshlets[t.y];
    mat4 world = objects[t.x].world;
    uint word = task >> 2u, shift = 8u * (task & 3u);
    uint prev = (visibility[word] >> shift) & 0xffu;
    vec3 center = vec3(0.0);
    float radius = 0.0;
    uint why = sphere_in_frustum(co.sphere.xyz, co.sphere.w) ? lc_cull_bounds(co, world, m.sphere, m.cone_apex, m.cone_axis, center, radius)
                                                              : 1u;
    if (PHASE == LC_GEOMETRY_CULL_PHASE_1 && (why != 0u || prev == 0u)) return 0u; // phase 2 decides and counts
    f = why == 1u ? 1u : 0u;
    b = why == 2u ? 1u : 0u;
    bool pass = why == 0u && (PHASE != LC_GEOMETRY_CULL_PHASE_2 || hiz_visible(center, radius, hiz_info.xy, hiz_info.z));
    uint drawn_1 = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? drawn_flags[task] : 0u; // phase 1's sublets this frame
    uint visible = 0u, present = 0u;
    if (pass) {
        for (uint k = 0u; k < LC_MESHLET_SUBLETS; k++) {
            uint n = lc_sublet_counts(m.sublets, k) & 0xffu;
            if (n == 0u) break;
            present++;
            if (PHASE == LC_GEOMETRY_CULL_PHASE_1 && (prev & (1u << k)) == 0u) continue;
            lc_meshlet_bounds sb = sublet_bounds[t.y * LC_MESHLET_SUBLETS + k];
            vec3 c;
            float r;
            if (lc_cull_bounds(co, world, sb.sphere, sb.cone_apex, sb.cone_axis, c, r) != 0u) continue;
            if (PHASE == LC_GEOMETRY_CULL_PHASE_2 && !hiz_visible(c, r, hiz_info.xy, hiz_info.z)) continue;
            visible |= 1u << k;
            if ((drawn_1 & (1u << k)) == 0u) triangles += n; // drawn in this phase
        }
    }
    uint keep = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? visible & ~drawn_1 : visible;
    if (PHASE == LC_GEOMETRY_CULL_PHASE_1) {
        drawn = 1u;
    } else if (PHASE == LC_GEOMETRY_CULL_PHASE_ALL) {
        drawn = why == 0u ? 1u : 0u;
        if (why == 0u) sublets_culled = present - bitCount(keep);
    } else {
        if (why == 0u && prev == 0u) {
            drawn = pass ? 1u : 0u;
            o = pass ? 0u : 1u;
        }
        if (pass) sublets_culled = present - bitCount(visible | drawn_1);
        if (visible != prev) atomicXor(visibility[word], (visible ^ prev) << shift);
    }
    return keep;
}

#endif
