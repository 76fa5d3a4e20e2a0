// Descriptor bindings of set 0, shared by every shader; layouts from shared/lc_shared.h.
#ifndef LC_COMMON_GLSL
#define LC_COMMON_GLSL

#include "shared/lc_shared.h"

layout(std140, set = 0, binding = LC_BIND_FRAME) uniform FrameBlock { lc_frame_ubo frame; };

layout(std430, set = 0, binding = LC_BIND_LIGHTS) readonly buffer LightBlock { lc_gpu_light lights[]; };
layout(std430, set = 0, binding = LC_BIND_DECALS) readonly buffer DecalBlock { lc_gpu_decal decals[]; };

#ifdef LC_CULL_WRITER
#define LC_CULL_ACCESS
#else
#define LC_CULL_ACCESS readonly
#endif

layout(std430, set = 0, binding = LC_BIND_TILE_BITS) LC_CULL_ACCESS buffer TileBitsBlock { uint tile_bits[]; };
layout(std430, set = 0, binding = LC_BIND_TILE_MASK) LC_CULL_ACCESS buffer TileMaskBlock { uint tile_mask[]; };
layout(std430, set = 0, binding = LC_BIND_TILE_LISTS) LC_CULL_ACCESS buffer TileListBlock { uint tile_lists[]; };
layout(std430, set = 0, binding = LC_BIND_ZBINS) LC_CULL_ACCESS buffer ZbinBlock { uvec2 zbins[]; };
layout(std430, set = 0, binding = LC_BIND_CLUSTER_BITS) LC_CULL_ACCESS buffer ClusterBlock { uint cluster_bits[]; };
layout(std430, set = 0, binding = LC_BIND_COUNTERS) buffer CounterBlock { lc_gpu_counters counters; };
layout(std430, set = 0, binding = LC_BIND_OBJECTS) readonly buffer ObjectBlock { lc_gpu_object objects[]; };
layout(std430, set = 0, binding = LC_BIND_OBJECT_MASKS) readonly buffer ObjectMaskBlock { lc_gpu_object_mask object_masks[]; };

// Words of the per-tile bucket mask: one bit per bucket of 32 lights.
uint lc_mask_words() { return (frame.light_info.y + 31u) / 32u; }
// Where the cluster bucket masks start in cluster_bits: after every cluster's bucket words.
uint lc_cluster_mask_base() { return frame.zbin_info.y * frame.zbin_info.z * frame.zbin_info.w * frame.light_info.y; }

// Positive view depth (the camera looks along -Z in view space).
float lc_view_depth(vec3 world) { return -(frame.view * vec4(world, 1.0)).z; }

// A vertex's world tangent (lc_vertex.tangent): xyz by the object's world matrix (a direction in
// the surface, not a normal); the bitangent sign flips where the transform mirrors, so
// cross(normal, tangent) * w stays the bitangent in world space. precise: scene.vert and
// geometry.mesh give the same bits.
// The world normal (unnormalized), precise like the position and the tangent: every stage that
// computes it (scene.vert, the mesh shader, the visibility rebuild) gets the same bits, so the
// shadow lookup's normal offset does not move a point across a texel's comparison between paths.
vec3 lc_world_normal(lc_gpu_object obj, vec3 n)
{
    precise vec3 w = mat3(obj.normal) * n;
    return w;
}

vec4 lc_world_tangent(lc_gpu_object obj, vec4 t)
{
    precise vec3 w = mat3(obj.world) * t.xyz;
    return vec4(w, (obj.info.z & LC_OBJECT_MIRRORED) != 0u ? -t.w : t.w);
}

// Inflated light radius for culling: conservative under float rounding.
float lc_cull_radius(float r) { return r * float(LC_LIGHT_CULL_RADIUS_SCALE) + float(LC_LIGHT_CULL_RADIUS_BIAS); }

#endif
