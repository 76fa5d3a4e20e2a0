// Visibility id -> the triangle it names: three world-space vertices (position, normal, uv)
// and the material. The one place that knows how the scene lies on the GPU, so the object
// and meshlet scene layouts change only this function. Today: one vertex array already in
// world space, one index array, and a draw per (mesh, material); the id is (draw index,
// gl_PrimitiveID within the draw), the draw index arriving as firstInstance.
#ifndef LC_VISIBILITY_GLSL
#define LC_VISIBILITY_GLSL

layout(std430, set = 1, binding = LC_VIS_BIND_VERTICES) readonly buffer VisVertexBlock { float vis_vertices[]; };
layout(std430, set = 1, binding = LC_VIS_BIND_INDICES) readonly buffer VisIndexBlock { uint vis_indices[]; };
layout(std430, set = 1, binding = LC_VIS_BIND_DRAWS) readonly buffer VisDrawBlock { lc_gpu_draw vis_draws[]; };

struct lc_vis_vertex {
    vec3 position, normal;
    vec2 uv;
};

struct lc_vis_triangle {
    lc_vis_vertex v[3];
    uint material;
};

lc_vis_vertex lc_vis_vertex_fetch(uint index)
{
    uint b = index * LC_VERTEX_FLOATS;
    lc_vis_vertex v;
    v.position = vec3(vis_vertices[b + 0u], vis_vertices[b + 1u], vis_vertices[b + 2u]);
    v.normal = vec3(vis_vertices[b + 3u], vis_vertices[b + 4u], vis_vertices[b + 5u]);
    v.uv = vec2(vis_vertices[b + 6u], vis_vertices[b + 7u]);
    return v;
}

lc_vis_triangle lc_vis_triangle_fetch(uint draw, uint primitive)
{
    lc_gpu_draw d = vis_draws[draw];
    uint first = d.info.x + 3u * primitive; // indices are absolute (vertexOffset 0)
    lc_vis_triangle t;
    for (uint i = 0u; i < 3u; i++) t.v[i] = lc_vis_vertex_fetch(vis_indices[first + i]);
    t.material = d.info.z;
    return t;
}

#endif
