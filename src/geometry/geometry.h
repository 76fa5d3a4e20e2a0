/* The runtime mesh and the geometry paths' GPU data (shared/lc_geometry.h).
 *
 * One runtime mesh serves every path and codec setting: the scene's meshes as the meshlet
 * codec's quantized mesh (positions, UVs and normals as the decoder gives them, triangles in
 * meshlet order, degenerate ones dropped). --meshlet-codec on uploads the compressed payload
 * and decodes it on the GPU into the vertex and index buffers (the seed's bandwidth
 * amplifier); off uploads the same plain arrays from the CPU. Both give identical buffers.
 *
 * For the culling paths it builds the task list (one (object, meshlet) per 256-meshlet of
 * every object), the draw buckets (material x winding; each one indirect-count draw with its
 * material bound), the command and count buffers and the persistent visibility bits. */
#ifndef LC_GEOMETRY_H
#define LC_GEOMETRY_H

#include "geometry/meshlet_scene.h"
#include "lc_geometry.h"
#include "vk/gpu_resources.h"

extern const char *const lc_geometry_names[LC_GEOMETRY_COUNT];
extern const char *const lc_mesh_dispatch_names[LC_MESH_DISPATCH_COUNT];

typedef struct lc_geometry_desc {
    bool codec_off; /* upload the decoded arrays from the CPU instead of decoding on the GPU; default false */
    bool keep_encoded; /* the mesh path can run: upload the sublet bounds, and keep the compressed meshlets on the GPU
                        (its inline decode; not with codec_off) */
} lc_geometry_desc;

typedef struct lc_geometry {
    lc_meshlet_scene ms;          /* ranges (per mesh) and bounds; the encoded stream is freed after upload */
    lc_buffer vertices, indices;  /* the runtime mesh: lc_vertex and 32-bit indices (global vertex numbers) */
    lc_buffer meshlets, cull_objects, tasks, visibility, commands, counts, buckets, vertex_meshlet;
    lc_buffer sublet_bounds;      /* lc_meshlet_bounds per sublet, LC_MESHLET_SUBLETS per meshlet (the mesh path's task shader) */
    lc_buffer stats[2];           /* per frame slot, host-visible */
    /* The compressed meshlets (headers, streams, payload) for the mesh shader's inline decode;
     * no buffers (VK_NULL_HANDLE) unless desc.keep_encoded. */
    lc_buffer enc_headers, enc_streams, enc_payload;
    uint32_t task_count, bucket_count, command_capacity;
    uint32_t shadow_task_count;   /* task_count, and the blended objects' tasks after them (they cast shadows) */
    bool cull_unavailable;        /* too many meshlet draws for the culling buffers: direct only */
    bool mesh_list_unavailable;   /* --mesh-dispatch indirect's sublet list would not fit the commands buffer */
    uint32_t *bucket_first, *bucket_tasks; /* [bucket_count]: first command, tasks (capacity) */
    uint32_t *bucket_raster;      /* [bucket_count]: LC_RASTER_* */
    uint32_t *object_raster;      /* [object_count]: LC_RASTER_* of the object's direct draw */
    bool *object_movable;         /* [object_count] or NULL: an animation can move it (LC_GEOMETRY_CULL_MOVABLE; lc_scene_movable_objects) */
    uint32_t *movable_objects, movable_count; /* those objects' indices */
    uint64_t meshlets_total, triangles_total; /* over every object */
    double decode_ms;             /* GPU decode time at load (codec on) */
    /* The meshlets buffer's contents, and every meshlet's LC_MESHLET_SUBLETS sublet bounds
     * (the sublet_bounds buffer's), for culling on the host (the shadow views). */
    lc_gpu_meshlet *meshlets_host;
    lc_meshlet_bounds *sublet_bounds_host;
} lc_geometry;

lc_status lc_geometry_create(lc_context *ctx, const lc_scene *scene, const lc_geometry_desc *desc, lc_geometry *g);
void lc_geometry_destroy(lc_context *ctx, lc_geometry *g);

/* The raster state of an object's draws: two-sided material, or back-face culling with the
 * object's winding. */
uint32_t lc_geometry_raster(const lc_scene *scene, const lc_object *o);

/* The HiZ pyramid of a width x height depth: R32 float, every level down to 1x1 (at most
 * LC_HIZ_MAX_LEVELS), a storage view per level, left in GENERAL (storage writes and sampled
 * reads; every cull pipeline binds it). */
/* A view record's frustum planes from its view_proj, as the culls test them (lc_gpu_view). */
void lc_gpu_view_frustum(lc_gpu_view *v);

lc_status lc_hiz_create(lc_context *ctx, uint32_t width, uint32_t height, lc_image *hiz, VkImageView views[LC_HIZ_MAX_LEVELS]);
void lc_hiz_destroy(lc_context *ctx, lc_image *hiz, VkImageView views[LC_HIZ_MAX_LEVELS]);

/* Reads the runtime mesh back (tests): vertices[ms.enc.vertex_count], indices[3 * triangles]. */
lc_status lc_geometry_read_mesh(lc_context *ctx, const lc_geometry *g, lc_vertex *vertices, uint32_t *indices);

/* What of an object's GPU cull record follows its world transform (sphere, axis scale, the cone
 * flag); bucket, raster state and the movable flag stay (an animation that mirrors an object
 * keeps its winding). */
void lc_geometry_cull_object_pose(const lc_object *o, lc_gpu_cull_object *out);
/* Object i's GPU cull record as uploaded: bucket (material x winding), the movable flag, raster
 * state (g->object_raster, set before), then the pose. */
lc_gpu_cull_object lc_geometry_cull_object(const lc_geometry *g, const lc_scene *scene, uint32_t i);

#endif
