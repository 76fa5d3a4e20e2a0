#version 460
#extension GL_GOOGLE_include_directive : require
// The posed bounds of the skinned meshlets (src/geometry/skinning.c), a lane per meshlet of a run
// of --grid copies of one skin, no vertex read: a posed vertex is its joints' matrices applied to
// its bind position and blended with weights that are not negative and sum to 1, so it lies in
// the hull of those joints' moves of it. At load each sublet got, per joint that moves one of its
// vertices, the bind-space sphere of the vertices that joint moves (lc_skin_sphere); here each
// such sphere goes through its joint's matrix (its radius scaled by the 3x3's largest stretch,
// bounded from above), the sublet's sphere bounds its joints' spheres (centred on their box) and
// the meshlet's its sublets'. The back-face cones are switched off (cutoff 1: a pose bends them).
// Every cull reads these spheres, so none drops a posed triangle, whatever the pose.
#include "shared/lc_shared.h"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
#include "shared/lc_skin.h"

layout(local_size_x = LC_SKIN_BOUNDS_LANES) in;
layout(std430, set = 0, binding = LC_SKIN_BIND_JOINTS) readonly buffer JointBlock { mat4 joints[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_MESHLETS) buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_SUBLETS) buffer SubletBlock { lc_meshlet_bounds sublets[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_SPHERES) readonly buffer SphereBlock { lc_skin_sphere spheres[]; };
layout(std430, set = 0, binding = LC_SKIN_BIND_SPHERE_RANGES) readonly buffer RangeBlock { uvec4 ranges[]; };
layout(push_constant) uniform Push { lc_skin_push push; };

// Joint sphere e moved by its joint's matrix of the copy whose first matrix is jbase: the
// centre through the matrix, the radius times an upper bound of the 3x3's largest singular value
// (the square root of the largest absolute row sum of its Gram matrix: exact for a rotation and
// a uniform scale), and a relative hair for the blend's rounding.
vec4 moved(uint e, uint jbase)
{
    lc_skin_sphere s = spheres[e];
    mat4 m = joints[jbase + s.joint.x];
    vec3 c = (m * vec4(s.sphere.xyz, 1.0)).xyz;
    vec3 a0 = m[0].xyz, a1 = m[1].xyz, a2 = m[2].xyz;
    float g01 = abs(dot(a0, a1)), g02 = abs(dot(a0, a2)), g12 = abs(dot(a1, a2));
    float g = max(max(dot(a0, a0) + g01 + g02, dot(a1, a1) + g01 + g12), dot(a2, a2) + g02 + g12);
    float stretch = sqrt(g);
    float r = s.sphere.w * stretch;
    return vec4(c, r + 1e-5 * (length(c) + (length(s.sphere.xyz) + s.sphere.w) * stretch));
}

// The sphere around spheres [e, e + n): centred on their box, reaching the farthest.
vec4 around(uint e, uint n, uint jbase)
{
    vec3 lo = vec3(3.4e38), hi = vec3(-3.4e38);
    for (uint k = e; k < e + n; k++) {
        vec4 s = moved(k, jbase);
        lo = min(lo, s.xyz - s.w), hi = max(hi, s.xyz + s.w);
    }
    vec3 c = 0.5 * (lo + hi);
    float r = 0.0;
    for (uint k = e; k < e + n; k++) {
        vec4 s = moved(k, jbase);
        r = max(r, distance(s.xyz, c) + s.w);
    }
    return vec4(c, r * (1.0 + 1e-5) + 1e-6 * length(c));
}

void main()
{
    uint t = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * LC_SKIN_BOUNDS_LANES + gl_LocalInvocationID.x;
    if (t >= push.run.x * push.meshlets.y) return;
    uint copy = t / push.meshlets.y, mi = push.meshlets.x + t;
    uvec4 range = ranges[push.meshlets.z + t % push.meshlets.y];
    uint jbase = push.joints.x + copy * push.joints.y;

    vec4 sub[LC_MESHLET_SUBLETS];
    vec3 lo = vec3(3.4e38), hi = vec3(-3.4e38);
    uint e = range.x;
    for (uint q = 0u; q < LC_MESHLET_SUBLETS; q++) {
        uint n = lc_skin_sphere_count(range, q);
        sub[q] = n == 0u ? vec4(0.0, 0.0, 0.0, -1.0) : around(e, n, jbase);
        e += n;
        if (n != 0u) lo = min(lo, sub[q].xyz - sub[q].w), hi = max(hi, sub[q].xyz + sub[q].w);
        if (n != 0u && push.run.z != 0u) {
            sublets[mi * LC_MESHLET_SUBLETS + q].sphere = sub[q];
            sublets[mi * LC_MESHLET_SUBLETS + q].cone_apex.w = 1.0;
        }
    }
    vec3 c = 0.5 * (lo + hi);
    float r = -1.0;
    for (uint q = 0u; q < LC_MESHLET_SUBLETS; q++)
        if (sub[q].w >= 0.0) r = max(r, distance(sub[q].xyz, c) + sub[q].w);
    meshlets[mi].sphere = r < 0.0 ? vec4(0.0) : vec4(c, r * (1.0 + 1e-5) + 1e-6 * length(c));
    meshlets[mi].cone_apex.w = 1.0;
}
