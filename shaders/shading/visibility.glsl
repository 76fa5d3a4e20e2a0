// Visibility id -> the triangle it names: three world-space vertices (position, normal, uv, tangent, colour)
// and the material. The one place that knows how the scene lies on the GPU, so the object
// and meshlet scene layouts change only this function. Today: mesh-local vertices and
// mesh-local indices stored once, objects (world and normal matrices in objects[], set 0) each
// drawn as its mesh's index range; the id is (object index, primitive within the object's
// mesh) on every geometry path (visibility_id.glsl says how each path's raster finds it).
// Positions, normals and tangents are transformed exactly as scene.vert transforms them, so
// both paths see the same surface.
#ifndef LC_VISIBILITY_GLSL
#define LC_VISIBILITY_GLSL

layout(std430, set = 1, binding = LC_VIS_BIND_VERTICES) readonly buffer VisVertexBlock { float vis_vertices[]; };
layout(std430, set = 1, binding = LC_VIS_BIND_INDICES) readonly buffer VisIndexBlock { uint vis_indices[]; };
layout(std430, set = 1, binding = LC_VIS_BIND_DRAWS) readonly buffer VisDrawBlock { lc_gpu_draw vis_draws[]; };
// The runtime mesh's vertices are in meshlet order: vertex -> meshlet (--view meshlets).
layout(std430, set = 0, binding = LC_BIND_GEO_VERTEX_MESHLET) readonly buffer VisVertexMeshletBlock { uint vis_vertex_meshlet[]; };

struct lc_vis_vertex {
    vec3 position, normal;
    vec2 uv;
    vec4 tangent; // xyz, w: bitangent sign; world space after lc_vis_triangle_fetch (scene.vert's)
    vec4 color;   // COLOR_0, linear (lc_vertex.color, unpacked as the vertex input's R8G8B8A8_UNORM)
};

struct lc_vis_triangle {
    lc_vis_vertex v[3];
    uint material;
    uint vertex0; // the first vertex's runtime number (the rasterizer's provoking vertex)
};

lc_vis_vertex lc_vis_vertex_fetch(uint index)
{
    uint b = index * LC_VERTEX_FLOATS;
    lc_vis_vertex v;
    v.position = vec3(vis_vertices[b + 0u], vis_vertices[b + 1u], vis_vertices[b + 2u]);
    v.normal = vec3(vis_vertices[b + 3u], vis_vertices[b + 4u], vis_vertices[b + 5u]);
    v.uv = vec2(vis_vertices[b + 6u], vis_vertices[b + 7u]);
    v.tangent = vec4(vis_vertices[b + 8u], vis_vertices[b + 9u], vis_vertices[b + 10u], vis_vertices[b + 11u]);
    v.color = unpackUnorm4x8(floatBitsToUint(vis_vertices[b + 12u]));
    return v;
}

lc_vis_triangle lc_vis_triangle_fetch(uint draw, uint primitive)
{
    lc_gpu_draw d = vis_draws[draw];
    lc_gpu_object obj = objects[draw];
    uint first = d.info.x + 3u * primitive; // the runtime mesh: global vertex numbers (d.info.w = 0)
    lc_vis_triangle t;
    for (uint i = 0u; i < 3u; i++) {
        uint vertex = d.info.w + vis_indices[first + i];
        if (i == 0u) t.vertex0 = vertex;
        lc_vis_vertex v = lc_vis_vertex_fetch(vertex);
        precise vec3 world = (obj.world * vec4(v.position, 1.0)).xyz; // as scene.vert, bit for bit
        v.position = world;
        v.normal = lc_world_normal(obj, v.normal);
        v.tangent = lc_world_tangent(obj, v.tangent);
        t.v[i] = v;
    }
    t.material = d.info.z;
    return t;
}

#endif
