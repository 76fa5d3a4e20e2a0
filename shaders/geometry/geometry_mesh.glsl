// The mesh path's mesh shader: one workgroup per sublet (up to 32 triangles and 32 vertices,
// one of each per invocation) of a meshlet the task shader kept. With
// --meshlet-codec on (LC_MESH_INLINE_DECODE) it decodes its meshlet from the compressed
// stream with the load-time decoder's functions (meshlet_decode.glsl, 32-bit shifts: bit for
// bit the runtime mesh); with it off it reads the decoded runtime mesh (the vertex and index
// buffers every path draws), whose sublets' vertices and triangles follow one another.
// Transforms as scene.vert does and writes scene.vert's outputs at its locations, so
// shade.frag runs unchanged; the depth passes' build (LC_MESH_DEPTH_ONLY, geometry_depth.mesh)
// writes the position alone and decodes nothing else. Per-primitive culling (the seed's): all
// three vertices outside one clip plane, back-facing under the draw's raster state, or a
// screen box that holds no pixel centre. Every test is conservative: a triangle the
// rasterizer could draw a fragment of is never culled (vertices with w <= 0 or far outside
// the screen skip the window-space tests; the window-space tests keep a margin for the
// rasterizer's sub-pixel snapping and float rounding). The rasterizer still applies the
// draw's cull mode, so the image is the mdi path's.
#include "common.glsl"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"

layout(local_size_x = LC_MESH_GROUP) in;
layout(triangles, max_vertices = LC_MESH_MAX_VERTICES, max_primitives = LC_MESH_MAX_TRIANGLES) out;

layout(std430, set = 0, binding = LC_BIND_GEO_MESHLETS) readonly buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_OBJECTS) readonly buffer CullObjectBlock { lc_gpu_cull_object cull_objects[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_TASKS) readonly buffer TaskBlock { uvec2 tasks[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_VERTICES) readonly buffer VertexBlock { float vertex_data[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_INDICES) readonly buffer IndexBlock { uint index_data[]; };

// The depth pre-pass and the forward pass (depth EQUAL) link this shader with different
// fragment stages: the position must come out bit-identical in both.
out gl_MeshPerVertexEXT {
    invariant vec4 gl_Position;
} gl_MeshVerticesEXT[];
// Only the cull flag (and the primitive id where fragments follow): the full built-in block
// would declare gl_PrimitiveShadingRateEXT and with it the FragmentShadingRateKHR capability
// the device does not enable.
perprimitiveEXT out gl_MeshPerPrimitiveEXT {
#ifndef LC_MESH_DEPTH_ONLY
    // The triangle's place in its object's mesh, as the direct path's object draw numbers it:
    // the visibility pass's id (visibility_id.glsl).
    int gl_PrimitiveID;
#endif
    bool gl_CullPrimitiveEXT;
} gl_MeshPrimitivesEXT[];

layout(std430, set = 0, binding = LC_BIND_GEO_MESHLET_HEADERS) readonly buffer HeaderBlock { lc_meshlet_header lc_meshlet_headers[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_MESHLET_STREAMS) readonly buffer StreamBlock { lc_meshlet_stream lc_meshlet_streams[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_MESHLET_PAYLOAD) readonly buffer PayloadBlock { uint lc_meshlet_payload[]; };
#include "geometry/meshlet_decode.glsl"

layout(push_constant) uniform PushBlock { layout(offset = LC_MESH_PUSH_OFFSET) lc_mesh_push push; };

#ifndef LC_MESH_DEPTH_ONLY
layout(location = 0) out vec3 out_world[];
layout(location = 1) out vec3 out_normal[];
layout(location = 2) out vec2 out_uv[];
layout(location = 3) out float out_depth[];
layout(location = 4) flat out uint out_draw[];    // the object index (scene.vert: gl_InstanceIndex)
layout(location = 5) flat out uint out_vertex[];  // the runtime vertex (scene.vert: gl_VertexIndex) for --view meshlets
layout(location = 6) out vec4 out_tangent[];      // world tangent, w: bitangent sign (scene.vert's)
layout(location = 7) out vec4 out_vertex_color[]; // COLOR_0 (scene.vert's)
#endif

#ifdef LC_MESH_INDIRECT_DISPATCH
// --mesh-dispatch indirect: no task shader; the workgroup's sublet is its entry in the
// bucket's part of the compute cull's list (geometry_mesh_scan.comp's layout: rows of
// LC_MESH_ROW, LC_MESH_ROWS rows per command, gl_DrawID the command).
layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) readonly buffer ListBlock { uint list_words[]; };
#else
struct lc_task_payload {
    uint entries[LC_MESH_TASK_GROUP * LC_MESHLET_SUBLETS]; // task << LC_MESH_SUBLET_SHIFT | sublet
};
taskPayloadSharedEXT lc_task_payload payload;
#endif

// Clip codes: the vertex is strictly outside a plane of the clip volume.
#define CLIP_NEG_X 1u
#define CLIP_POS_X 2u
#define CLIP_NEG_Y 4u
#define CLIP_POS_Y 8u
#define CLIP_NEG_Z 16u
#define CLIP_POS_Z 32u
#define CLIP_PLANES 63u
#define CLIP_NO_WINDOW 64u // w <= 0 or far off screen: no window-space test

// Pixels a window coordinate may move between our float math and the rasterizer's
// fixed-point snapping (8 sub-pixel bits: half a sub-pixel), generously.
#define WINDOW_SLACK (2.0 / 256.0)

shared vec2 s_window[LC_MESH_MAX_VERTICES];
shared uint s_code[LC_MESH_MAX_VERTICES];

uint clip_code(vec4 c, out vec2 window)
{
    uint code = 0u;
    if (c.x < -c.w) code |= CLIP_NEG_X;
    if (c.x > c.w) code |= CLIP_POS_X;
    if (c.y < -c.w) code |= CLIP_NEG_Y;
    if (c.y > c.w) code |= CLIP_POS_Y;
    if (c.z < 0.0) code |= CLIP_NEG_Z;
    if (c.z > c.w) code |= CLIP_POS_Z;
    window = vec2(0.0);
    if (c.w <= 0.0) return code | CLIP_NO_WINDOW;
    vec2 ndc = c.xy / c.w;
    if (any(greaterThan(abs(ndc), vec2(4.0)))) return code | CLIP_NO_WINDOW;
    // Framebuffer coordinates of the viewport (0, 0, width, height): no y flip in Vulkan.
    window = (ndc * 0.5 + 0.5) * vec2(frame.screen.xy);
    return code;
}

// Whether the rasterizer certainly draws no fragment of the triangle.
bool cull_triangle(uvec3 v, uint raster)
{
    uint ca = s_code[v.x], cb = s_code[v.y], cc = s_code[v.z];
    if ((ca & cb & cc & CLIP_PLANES) != 0u) return true; // wholly outside one plane
    if (((ca | cb | cc) & CLIP_NO_WINDOW) != 0u) return false;
    vec2 a = s_window[v.x], b = s_window[v.y], c = s_window[v.z];
    // Micro-polygons: the box (widened by the slack) holds no pixel centre (k + 0.5).
    vec2 lo = min(min(a, b), c) - WINDOW_SLACK;
    vec2 hi = max(max(a, b), c) + WINDOW_SLACK;
    bvec2 empty = greaterThan(ceil(lo - 0.5), floor(hi - 0.5));
    if (any(empty)) return true;
    if (raster == LC_RASTER_NONE || raster == 0u) return false;
    // Back faces: Vulkan's area is -cross / 2; counter-clockwise front faces have area > 0.
    // Culled only when the sign holds for any snapping of the vertices within the slack and
    // under float rounding of the products.
    precise vec2 u = b - a;
    precise vec2 w = c - a;
    precise float cross_uw = u.x * w.y - u.y * w.x;
    float u1 = abs(u.x) + abs(u.y), w1 = abs(w.x) + abs(w.y);
    float margin = 2.0 * WINDOW_SLACK * 2.0 * (u1 + w1) + 16.0 * WINDOW_SLACK * WINDOW_SLACK + u1 * w1 * (1.0 / 1048576.0);
    if (raster == LC_RASTER_BACK_CCW) return cross_uw > margin;  // a < 0: back-facing
    if (raster == LC_RASTER_BACK_CW) return cross_uw < -margin;  // a > 0: back-facing
    return false;
}

void main()
{
    uint local = gl_LocalInvocationIndex;
#ifdef LC_MESH_INDIRECT_DISPATCH
    uint T = push.hiz.w, B = push.hiz.y, p = push.tasks.z == LC_GEOMETRY_CULL_PHASE_2 ? 1u : 0u;
    uint ranges = LC_MESH_LIST_RANGES(T, B, p) + 2u * push.hiz.x;
    uint at = list_words[ranges] + (gl_DrawID * LC_MESH_ROWS + gl_WorkGroupID.y) * LC_MESH_ROW + gl_WorkGroupID.x;
    if (at >= list_words[ranges + 1u]) { // past the bucket's last sublet: the last row's rest
        SetMeshOutputsEXT(0u, 0u);
        return;
    }
    uint entry = list_words[LC_MESH_LIST_ENTRIES(T, p) + at];
#else
    uint entry = payload.entries[gl_WorkGroupID.x];
#endif
    uint task = entry >> LC_MESH_SUBLET_SHIFT;
    uint sublet = entry & ((1u << LC_MESH_SUBLET_SHIFT) - 1u);
    uvec2 t = tasks[task];
    lc_gpu_meshlet m = meshlets[t.y];
    uint object = t.x;
    uint raster = cull_objects[object].info.w;

    // The sublet's counts, and its first triangle and vertex in the meshlet (the counts of the
    // sublets before it).
    uint sub_triangle = 0u, sub_vertex = 0u, triangle_count = 0u, vertex_count = 0u;
    for (uint k = 0u; k <= sublet; k++) {
        uint c = lc_sublet_counts(m.sublets, k);
        if (k < sublet) {
            sub_triangle += c & 0xffu;
            sub_vertex += c >> 8u;
        } else {
            triangle_count = min(c & 0xffu, LC_MESH_MAX_TRIANGLES);
            vertex_count = min(c >> 8u, LC_MESH_MAX_VERTICES);
        }
    }
    SetMeshOutputsEXT(vertex_count, triangle_count);
    bool inline_decode = (push.tasks.w & LC_MESH_INLINE_DECODE) != 0u;
    uint stream = 0u;
    if (inline_decode) stream = lc_meshlet_headers[t.y].stream_offset + sublet * LC_MESHLET_STREAM_COUNT;
    uint first_vertex = m.info.z + sub_vertex;

    // The vertex of this invocation: scene.vert's math on the runtime mesh's lc_vertex.
    if (local < vertex_count) {
        uint g = first_vertex + local;
        vec3 in_position;
        if (inline_decode) {
            in_position = lc_meshlet_position(lc_meshlet_streams[stream + LC_MESHLET_STREAM_POSITION], local);
        } else {
            uint f = g * LC_VERTEX_FLOATS;
            in_position = vec3(vertex_data[f], vertex_data[f + 1u], vertex_data[f + 2u]);
        }
        lc_gpu_object obj = objects[object];
        // precise, as in scene.vert: no stage-dependent fused multiply-adds, so both stages
        // produce the same positions bit for bit (the forward pass of another path tests
        // EQUAL against them, and every path must draw the same image).
        precise vec3 world = (obj.world * vec4(in_position, 1.0)).xyz;
        precise vec4 clip = frame.view_proj * vec4(world, 1.0);
        gl_MeshVerticesEXT[local].gl_Position = clip;
#ifndef LC_MESH_DEPTH_ONLY
        vec3 in_normal;
        vec2 in_uv;
        vec4 in_tangent;
        uint in_color;
        if (inline_decode) {
            in_normal = lc_meshlet_normal(lc_meshlet_streams[stream + LC_MESHLET_STREAM_NORMAL], local);
            in_tangent = lc_meshlet_tangent(lc_meshlet_streams[stream + LC_MESHLET_STREAM_NORMAL], local);
            in_uv = lc_meshlet_uv(lc_meshlet_streams[stream + LC_MESHLET_STREAM_UV], local);
            in_color = lc_meshlet_color(lc_meshlet_streams[stream + LC_MESHLET_STREAM_COLOR], local);
        } else {
            uint f = g * LC_VERTEX_FLOATS;
            in_normal = vec3(vertex_data[f + 3u], vertex_data[f + 4u], vertex_data[f + 5u]);
            in_uv = vec2(vertex_data[f + 6u], vertex_data[f + 7u]);
            in_tangent = vec4(vertex_data[f + 8u], vertex_data[f + 9u], vertex_data[f + 10u], vertex_data[f + 11u]);
            in_color = floatBitsToUint(vertex_data[f + 12u]);
        }
        out_world[local] = world;
        out_normal[local] = lc_world_normal(obj, in_normal);
        out_uv[local] = in_uv;
        out_tangent[local] = lc_world_tangent(obj, in_tangent);
        out_vertex_color[local] = unpackUnorm4x8(in_color); // the vertex input's R8G8B8A8_UNORM
        out_depth[local] = lc_view_depth(world);
        out_vertex[local] = g;
        out_draw[local] = object;
#endif
        vec2 window;
        s_code[local] = clip_code(clip, window);
        s_window[local] = window;
    }
    barrier();

    // The triangle of this invocation (sublet-local vertex numbers), with the per-primitive
    // cull flag (compacting the survivors instead measured slower on NVIDIA: the extra
    // ballot and barrier cost more than the culled triangles' output).
    if (local < triangle_count) {
        uvec3 tri;
        if (inline_decode) {
            tri = lc_meshlet_triangle(lc_meshlet_streams[stream + LC_MESHLET_STREAM_INDEX], local);
        } else {
            uint j = m.info.x + (sub_triangle + local) * 3u;
            tri = uvec3(index_data[j], index_data[j + 1u], index_data[j + 2u]) - first_vertex;
        }
        tri = min(tri, uvec3(vertex_count - 1u));
        gl_PrimitiveTriangleIndicesEXT[local] = tri;
        gl_MeshPrimitivesEXT[local].gl_CullPrimitiveEXT = cull_triangle(tri, raster);
#ifndef LC_MESH_DEPTH_ONLY
        gl_MeshPrimitivesEXT[local].gl_PrimitiveID = int(m.info.x / 3u + sub_triangle + local - objects[object].info.w);
#endif
    }
}
