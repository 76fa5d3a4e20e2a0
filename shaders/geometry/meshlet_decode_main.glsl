// Body of meshlet_decode.comp and meshlet_decode_u32.comp. Dispatch: (8, meshlets, 1),
// x the sublet; gl_WorkGroupID.y + push.meshlet_base the meshlet.
#include "shared/lc_meshlet.h"

layout(local_size_x = LC_MESHLET_DECODE_LANES) in;

layout(std430, set = 0, binding = LC_MESHLET_BIND_HEADERS) readonly buffer HeaderBlock { lc_meshlet_header lc_meshlet_headers[]; };
layout(std430, set = 0, binding = LC_MESHLET_BIND_STREAMS) readonly buffer StreamBlock { lc_meshlet_stream lc_meshlet_streams[]; };
layout(std430, set = 0, binding = LC_MESHLET_BIND_PAYLOAD) readonly buffer PayloadBlock { uint lc_meshlet_payload[]; };
layout(std430, set = 0, binding = LC_MESHLET_BIND_VERTICES) writeonly buffer VertexBlock { uint out_vertices[]; }; // lc_vertex: the floats' bits, then the colour
layout(std430, set = 0, binding = LC_MESHLET_BIND_INDICES) writeonly buffer IndexBlock { uint out_indices[]; };
layout(std430, set = 0, binding = LC_MESHLET_BIND_INDICES8) buffer Index8Block { uint out_indices8[]; };

layout(push_constant) uniform PushBlock { lc_meshlet_decode_push push; };

#include "geometry/meshlet_decode.glsl"

void main()
{
    uint meshlet = push.meshlet_base + gl_WorkGroupID.y;
    uint sublet = gl_WorkGroupID.x;
    uint lane = gl_LocalInvocationIndex;
    if (meshlet >= push.meshlet_count) return;
    lc_meshlet_header h = lc_meshlet_headers[meshlet];
    if (sublet >= h.sublet_count) return;

    // This sublet's first vertex and triangle: the counts of the sublets before it.
    uint vertex = h.vertex_offset, triangle = h.primitive_offset;
    for (uint k = 0u; k < sublet; k++) {
        lc_meshlet_stream s = lc_meshlet_streams[h.stream_offset + k * LC_MESHLET_STREAM_COUNT + LC_MESHLET_STREAM_INDEX];
        triangle += s.base_value[0];
        vertex += s.base_value[1];
    }
    uint first = h.stream_offset + sublet * LC_MESHLET_STREAM_COUNT;
    lc_meshlet_stream si = lc_meshlet_streams[first + LC_MESHLET_STREAM_INDEX];
    uint triangle_count = si.base_value[0], vertex_count = si.base_value[1];

    if (lane < triangle_count) {
        uvec3 local = lc_meshlet_triangle(si, lane);
        uvec3 t = local + vertex;
        uint o = (triangle + lane) * 3u;
        out_indices[o + 0u] = t.x;
        out_indices[o + 1u] = t.y;
        out_indices[o + 2u] = t.z;
        // Bytes of neighbouring triangles share words: OR them into the zeroed buffer.
        uvec3 t8 = local + (vertex - h.vertex_offset);
        for (uint k = 0u; k < 3u; k++) {
            uint b = o + k;
            atomicOr(out_indices8[b >> 2u], t8[k] << ((b & 3u) * 8u));
        }
    }
    if (lane < vertex_count) {
        vec3 p = lc_meshlet_position(lc_meshlet_streams[first + LC_MESHLET_STREAM_POSITION], lane);
        vec3 n = lc_meshlet_normal(lc_meshlet_streams[first + LC_MESHLET_STREAM_NORMAL], lane);
        vec4 t = lc_meshlet_tangent(lc_meshlet_streams[first + LC_MESHLET_STREAM_NORMAL], lane);
        vec2 uv = lc_meshlet_uv(lc_meshlet_streams[first + LC_MESHLET_STREAM_UV], lane);
        uint color = lc_meshlet_color(lc_meshlet_streams[first + LC_MESHLET_STREAM_COLOR], lane);
        uint o = (vertex + lane) * LC_VERTEX_FLOATS;
        out_vertices[o + 0u] = floatBitsToUint(p.x);
        out_vertices[o + 1u] = floatBitsToUint(p.y);
        out_vertices[o + 2u] = floatBitsToUint(p.z);
        out_vertices[o + 3u] = floatBitsToUint(n.x);
        out_vertices[o + 4u] = floatBitsToUint(n.y);
        out_vertices[o + 5u] = floatBitsToUint(n.z);
        out_vertices[o + 6u] = floatBitsToUint(uv.x);
        out_vertices[o + 7u] = floatBitsToUint(uv.y);
        out_vertices[o + 8u] = floatBitsToUint(t.x);
        out_vertices[o + 9u] = floatBitsToUint(t.y);
        out_vertices[o + 10u] = floatBitsToUint(t.z);
        out_vertices[o + 11u] = floatBitsToUint(t.w);
        out_vertices[o + 12u] = color;
    }
}
