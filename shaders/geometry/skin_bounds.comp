#version 460
#extension GL_GOOGLE_include_directive : require
// Bounds refit after GPU skinning (src/geometry/skinning.c): a workgroup per meshlet of a skinned
// mesh, a lane per sublet. Each sphere is centred on its vertices' box and reaches the farthest
// one (a relative hair more); the back-face cone is switched off (cutoff 1: a pose bends it). The
// meshlet's own sphere, by lane 0, over all its sublets' vertices. Every cull reads these, so
// none drops a posed triangle.
#include "shared/lc_shared.h"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
#include "shared/lc_skin.h"

layout(local_size_x = LC_MESHLET_SUBLETS) in;
layout(std430, set = 0, binding = LC_SKIN_BIND_VERTICES) readonly buffer VertexBlock { float vertex_data[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_MESHLETS) buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_SUBLETS) buffer SubletBlock { lc_meshlet_bounds sublets[]; };
layout(push_constant) uniform Push { lc_skin_push push; };

vec3 position(uint g) { uint f = g * LC_VERTEX_FLOATS; return vec3(vertex_data[f], vertex_data[f + 1u], vertex_data[f + 2u]); }

vec4 sphere_of(uint first, uint count)
{
    if (count == 0u) return vec4(0.0);
    vec3 lo = vec3(3.4e38), hi = vec3(-3.4e38);
    for (uint k = 0u; k < count; k++) {
        vec3 p = position(first + k);
        lo = min(lo, p), hi = max(hi, p);
    }
    vec3 c = 0.5 * (lo + hi);
    float r2 = 0.0;
    for (uint k = 0u; k < count; k++) {
        vec3 e = position(first + k) - c;
        r2 = max(r2, dot(e, e));
    }
    return vec4(c, sqrt(r2) * (1.0 + 1e-5) + 1e-6);
}

uint sublet_code(lc_gpu_meshlet m, uint k) { return (m.sublets[k / 2u] >> (16u * (k % 2u))) & 0xffffu; }

void main()
{
    uint mi = push.range.x + gl_WorkGroupID.x;
    uint k = gl_LocalInvocationID.x;
    lc_gpu_meshlet m = meshlets[mi];
    uint before = 0u;
    for (uint q = 0u; q < k; q++) before += sublet_code(m, q) >> 8u;
    uint c = sublet_code(m, k);
    if (push.range.z != 0u && c != 0u) {
        uint b = mi * LC_MESHLET_SUBLETS + k;
        sublets[b].sphere = sphere_of(m.info.z + before, c >> 8u);
        sublets[b].cone_apex.w = 1.0;
    }
    if (k == 0u) {
        uint total = 0u;
        for (uint q = 0u; q < LC_MESHLET_SUBLETS; q++) total += sublet_code(m, q) >> 8u;
        meshlets[mi].sphere = sphere_of(m.info.z, total);
        meshlets[mi].cone_apex.w = 1.0;
    }
}
