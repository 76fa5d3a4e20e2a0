/* The geometry paths (direct, mdi, mesh), written once for C (src/geometry/geometry.c,
 * src/passes/geometry_passes.c) and GLSL (shaders/geometry/view_cull.comp, hiz.comp).
 *
 * Culling works on tasks: one (object, meshlet) pair per 256-meshlet of each object's mesh.
 * The cull pass writes every task's VkDrawIndexedIndirectCommand at the task's place in its
 * bucket's range, instanceCount 1 when it survives and 0 when not, so draws keep task order on
 * any GPU (material x winding: each bucket is one vkCmdDrawIndexedIndirectCount with its
 * material set bound, so no descriptor indexing is needed). Two-phase occlusion keeps one
 * visibility bit per task. */
#ifndef LC_GEOMETRY_SHARED_H
#define LC_GEOMETRY_SHARED_H

#include "lc_shared.h"

#define LC_GEOMETRY_DIRECT 0
#define LC_GEOMETRY_MDI 1
#define LC_GEOMETRY_MESH 2
#define LC_GEOMETRY_COUNT 3

/* Raster state of a draw (dynamic cull mode and front face); 0: leave as is. */
#define LC_RASTER_BACK_CCW 1u /* single-sided material, object keeps winding */
#define LC_RASTER_BACK_CW 2u  /* single-sided material, mirrored object */
#define LC_RASTER_NONE 3u     /* two-sided material */

/* lc_gpu_cull_object.info.y flags. */
#define LC_GEOMETRY_CULL_CONE 1u /* the transform is a similarity: the back-face cone test holds in world space */
#define LC_GEOMETRY_CULL_MOVABLE 2u /* an animation can move it: not drawn into views with LC_VIEW_STATIC */

/* Cull pass phases (specialization constant 0). */
#define LC_GEOMETRY_CULL_PHASE_ALL 0u /* occlusion off: every task that passes frustum and cone */
#define LC_GEOMETRY_CULL_PHASE_1 1u   /* tasks visible last frame */
#define LC_GEOMETRY_CULL_PHASE_2 2u   /* the rest, against the HiZ of phase 1; updates the bits */

#define LC_CULL_GROUP 64u   /* cull workgroup size */
#define LC_RASTER_GROUP 128u /* compute raster workgroup: one task's triangles, one a lane (raster.comp); 128 against 64 and 256: docs/RASTER.md */
/* The compute raster's big triangles (raster.glsl): a triangle whose pixel box holds at least
 * LC_RASTER_BIG_MIN pixels is set up once and scanned by the big pass, a workgroup of
 * LC_RASTER_BIG_SIDE_X x LC_RASTER_BIG_SIDE_Y lanes per LC_RASTER_BIG_TILE^2-pixel tile of its
 * box (each lane up to LC_RASTER_BIG_TILE^2 / (SIDE_X x SIDE_Y) = 256 pixels: small workgroups
 * and long lanes measured best on the H100, docs/RASTER.md); LC_RASTER_BIG_GROUPS workgroups
 * take the tiles in turn. The list (LC_BIND_RASTER_WORK): counters, then LC_RASTER_BIG_TRIANGLES
 * set-ups of LC_RASTER_WORK_TRIANGLE_WORDS words, then LC_RASTER_BIG_ITEMS (triangle, tile
 * x | y << 16) items; past either capacity the triangle goes to its workgroup's medium queue (a
 * clipped one: its lane scans it). */
#define LC_RASTER_BIG_MIN 128u
#define LC_RASTER_MEDIUM_MIN 24u /* from this box area up to the big ones: scanned by the whole raster workgroup */
#define LC_RASTER_BIG_TILE 128u
#define LC_RASTER_BIG_SIDE_X 8u
#define LC_RASTER_BIG_SIDE_Y 8u
#define LC_RASTER_BIG_GROUPS 8192u
#define LC_RASTER_BIG_TRIANGLES 262144u /* Sponza at 4K: 32,860 */
#define LC_RASTER_BIG_ITEMS 1048576u
#define LC_RASTER_WORK_TRIANGLE_COUNT 0u
#define LC_RASTER_WORK_ITEM_COUNT 1u
#define LC_RASTER_WORK_PHASE_END 2u /* the items phase 1 left (phase 2's start) */
#define LC_RASTER_WORK_TRIANGLES 4u
#define LC_RASTER_WORK_TRIANGLE_WORDS 16u /* v0..v2 (x, y), z0..z2, vertices, id, material | masked << 31, object */
#define LC_RASTER_WORK_ITEMS (LC_RASTER_WORK_TRIANGLES + LC_RASTER_BIG_TRIANGLES * LC_RASTER_WORK_TRIANGLE_WORDS)
#define LC_RASTER_WORK_WORDS (LC_RASTER_WORK_ITEMS + 2u * LC_RASTER_BIG_ITEMS)
#define LC_HIZ_MAX_LEVELS 15u /* 16384 pixels: 15 levels */
#define LC_HIZ_TILE 64u     /* level-0 pixels per workgroup side; levels 1..6 inside the workgroup */
#define LC_HIZ_TILE_LEVELS 6u
/* The counts buffer: [0] the HiZ workgroup counter, [4..16) the frame's lc_gpu_geometry_stats
 * (copied to a host-visible buffer per frame slot), then the draw counts per bucket of phase 1
 * (or all) and of phase 2. Device-local, cleared once a frame. */
#define LC_GEO_COUNTS_STATS 4u
#define LC_GEO_COUNTS_HEADER 16u

struct lc_gpu_meshlet {
    LC_F4 sphere;    /* mesh-local center, radius */
    LC_F4 cone_apex; /* mesh-local apex, w: cutoff */
    LC_F4 cone_axis; /* mesh-local unit axis, w: 0 */
    LC_U4 info;      /* x: first index, y: index count, z: first runtime vertex, w: triangle count */
    LC_U4 sublets;   /* sublet k: triangles | vertices << 8 in bits 16 * (k % 2) of component k / 2; 0 past the last */
};

struct lc_gpu_cull_object {
    LC_F4 sphere; /* world center, radius */
    LC_U4 info;   /* x: bucket, y: LC_CULL_* flags, z: largest axis scale (float bits), w: raster (LC_RASTER_*) */
};

/* Counters of one frame, read back for --stats and the HUD. */
struct lc_gpu_geometry_stats {
    LC_U4 meshlets;  /* x: drawn, y: culled by frustum, z: by back-face cone, w: by occlusion */
    LC_U4 triangles; /* x: drawn, y: drawn in phase 1, z: drawn in phase 2, w: sublets culled (the mesh path's task shader) */
    LC_U4 raster;    /* --raster compute: x: triangles rasterized, y: pixel atomics, z: near-plane clipped, w: big (to the big pass) */
};

/* Push constants of the mesh path's compute cull (geometry_mesh_cull.comp and its list). */
struct lc_geometry_cull_push {
    LC_U4 counts;   /* x: tasks, y: command capacity per phase, z: buckets, w: HiZ levels */
    LC_U4 hiz_size; /* x, y: HiZ level 0 size (the depth size), z, w: 0 */
};

/* The mesh path (geometry.task, geometry.mesh): 32 tasks per task workgroup; the sublets of
 * surviving meshlets that pass their own frustum, cone (and phase-2 HiZ) tests are compacted
 * into the payload, one mesh workgroup of 32 invocations each (the seed's 8 x 32 unit: at most
 * 32 vertices and 32 triangles, one of each per invocation). */
#define LC_MESH_TASK_GROUP 32u
#define LC_MESH_GROUP 32u
#define LC_MESH_MAX_VERTICES 32u
#define LC_MESH_MAX_TRIANGLES 32u
#define LC_MESH_SUBLET_SHIFT 3u /* a payload entry: task << 3 | sublet */
/* lc_mesh_push.tasks.w flags. */
#define LC_MESH_REPLAY 1u /* forward pass: draw what the depth pass's phase drew (its drawn flags), cull nothing */
#define LC_MESH_INLINE_DECODE 2u /* the mesh shader decodes its meshlet from the compressed stream (--meshlet-codec on) */
/* Push constants of the mesh path's draws (one per bucket), at LC_MESH_PUSH_OFFSET: after the
 * material's constants (base colour and alpha cutoff, 32 bytes at 0: alpha_mask.glsl). The depth passes cull and write a drawn
 * flag per task and phase (uint [phase index * total tasks + task] in the commands buffer,
 * which the mesh path does not use otherwise); the forward pass replays those flags. */
#define LC_MESH_PUSH_OFFSET 32
struct lc_mesh_push {
    LC_U4 tasks; /* x: the bucket's first task, y: its task count, z: phase (LC_GEOMETRY_CULL_PHASE_*), w: LC_MESH_* flags */
    LC_U4 hiz;   /* x, y: HiZ level 0 size (the depth size); z: HiZ levels; w: total tasks */
};

/* The mesh path's dispatch (--mesh-dispatch): the task shader culls and compacts into its
 * payload (task), or a compute cull writes a list of the surviving sublets and each bucket is
 * one vkCmdDrawMeshTasksIndirectCountEXT over its part of the list, with no task shader
 * (indirect: seed 003's layout, LC_MESH_ROW sublets per row and up to LC_MESH_ROWS rows per
 * draw, gl_DrawID picking the block of rows). */
#define LC_MESH_DISPATCH_TASK 0u
#define LC_MESH_DISPATCH_INDIRECT 1u
#define LC_MESH_DISPATCH_COUNT 2u
#define LC_MESH_ROW 8u
/* Rows per command: 32, 256 sublets a mesh-tasks command. lavapipe holds a command's mesh
 * outputs until it has run every workgroup: with 32768 rows (262,144 sublets a command)
 * `--scene mesh --grid 8` peaked at 1.9 GB resident and took 13 s a frame, with 32 at 221 MB
 * and 5.4 s; on the H200 grid 13's visibility frame is 9.93 ms against 9.87 with 32768
 * (docs/bench/h200-mesh-rows-grid13.csv). */
#define LC_MESH_ROWS 32u
#define LC_MESH_DRAW_SUBLETS (LC_MESH_ROW * LC_MESH_ROWS)
#define LC_MESH_SCAN_GROUP 256u /* the list scan's one workgroup */
/* The indirect dispatch's regions of the commands buffer, in uints (T tasks, B buckets),
 * after the drawn flags ([0, 2T): per phase index, as the task shader's): per phase index p
 * (0: all or phase 1, 1: phase 2) the sublet list (8T entries, task << 3 | sublet, in task
 * order), the cull workgroups' sublet sums (then their exclusive prefix), each bucket's list
 * range (first, end) and its mesh-tasks commands (3 uints each; bucket b's from slot
 * first task / LC_MESH_ROWS + b: at most ceil(tasks / LC_MESH_ROWS) of them, never overlapping). */
#define LC_MESH_LIST_GROUPS(T) (((T) + LC_CULL_GROUP - 1u) / LC_CULL_GROUP)
#define LC_MESH_LIST_SLOTS(T, B) ((T) / LC_MESH_ROWS + (B) + 1u)
#define LC_MESH_LIST_ENTRIES(T, p) (2u * (T) + (p) * 8u * (T))
#define LC_MESH_LIST_SUMS(T, p) (18u * (T) + (p) * LC_MESH_LIST_GROUPS(T))
#define LC_MESH_LIST_RANGES(T, B, p) (18u * (T) + 2u * LC_MESH_LIST_GROUPS(T) + (p) * 2u * (B))
#define LC_MESH_LIST_DRAWS(T, B, p) (18u * (T) + 2u * LC_MESH_LIST_GROUPS(T) + 4u * (B) + (p) * 3u * LC_MESH_LIST_SLOTS(T, B))
#define LC_MESH_LIST_WORDS(T, B) LC_MESH_LIST_DRAWS(T, B, 2u)
#define LC_MESH_INDIRECT 4u /* lc_mesh_push.tasks.w: the mesh shader reads its sublet from the list (hiz.x: the bucket) */

/* Shadow views culled on the GPU (view_cull.comp, src/passes/shadow_cull.c): one dispatch,
 * a lane per task and a row of workgroups per view rendered this frame, against the view's
 * frustum (its light's record: object sphere, meshlet sphere, then each sublet's), no cone
 * (shadow views draw both faces). A task that survives writes one VkDrawIndexedIndirectCommand: the span of
 * its meshlet from its first to its last sublet in the frustum. Commands are compacted per
 * view: the opaque casters into one list (one pipeline, no material), each alpha MASK
 * bucket into its own (its material bound), so a view is one indirect-count draw plus one per
 * masked bucket. Depth-only draws leave the same depth in any order, so compaction by atomics
 * keeps every image deterministic.
 * Two-phase occlusion (--shadow-occlusion on): a visibility bit per task and view identity
 * (a shadowed light's owner in the atlas x face, kept across frames); phase 1 draws what was
 * visible when the view was last rendered, hiz_views.comp (hiz.glsl) reduces the view's tile to a
 * max-depth pyramid, phase 2 tests the rest against it, draws what became visible and writes
 * every task's bit. Phase 2 reuses the commands region (phase 1's draws are done by then)
 * with its own counts. The shadow cull buffer, in uints: */
#define LC_SHADOW_CULL_STATS 0u  /* uvec4: triangles drawn, triangles of the objects in the views' frustums, meshlets culled by the HiZ (phase 2), 0 */
#define LC_SHADOW_CULL_CASCADE_STATS 4u /* per sun cascade a uvec4: meshlets drawn, triangles drawn, meshlets enclosed by an earlier cascade, 0 */
#define LC_SHADOW_CULL_COUNTS (LC_SHADOW_CULL_CASCADE_STATS + 4u * LC_SHADOW_CASCADES_MAX) /* per phase (phase 1 or all, then phase 2) and view slot, counters_per_view draw counts: the opaque list's, then each masked bucket's */
/* ... then per bucket a uvec2 (the first command of its list in a view's region, its counter),
 * then the commands: per view slot a region of `region` commands; with occlusion then the
 * visibility bits (LC_SHADOW_OCCLUSION_VIEWS identities of ceil(tasks / 32) words) and per
 * view slot a HiZ pyramid of LC_SHADOW_HIZ_WORDS floats. The buffer's host side:
 * made by src/frame_shadows.c, recorded by src/passes/shadow_cull.c (lc_shadow_cull in
 * src/passes/pass.h). */
#define LC_SHADOW_OCCLUSION_VIEWS (LC_SHADOW_RECORDS * 6u + LC_SHADOW_CASCADES_MAX) /* bit arrays: owner * 6 + face (src/lights/shadows.h), then the cascades' */
/* A view's HiZ: level 0 is its tile at half resolution (each texel the max of 2 x 2), down to
 * one texel; level L starts at the words of the levels above it for the largest tile
 * (LC_SHADOW_TILE), so a smaller tile's levels start at the same places. Tiles lie at multiples
 * of their size in the atlas, so no texel of any level straddles two views. */
#define LC_SHADOW_HIZ_LEVELS 8u /* 128 x 128 down to 1 x 1 */
#define LC_SHADOW_HIZ_WORDS 21845u /* (4^8 - 1) / 3 */
/* Push constants of view_cull.comp, the cull of every view: which views (hiz_size.z), then
 * each kind's layout (the camera's the first two, the shadow views' the last two). */
#define LC_VIEW_CULL_CAMERA 0u  /* the camera (frame.camera), one workgroup row */
#define LC_VIEW_CULL_SHADOWS 1u /* the shadow views rendered this frame (shadow_views[row]) */
struct lc_view_cull_push {
    LC_U4 counts;   /* x: tasks (the camera's; the shadow-casting ones), y: the camera's command capacity per phase, z: buckets, w: the camera's HiZ levels */
    LC_U4 hiz_size; /* x, y: the camera's HiZ level 0 size (the depth size); z: LC_VIEW_CULL_*; w: 0 */
    LC_U4 region;   /* shadow views: x: tasks, y: the bucket map's first uint, z: the commands' first uint, w: region (commands per view) */
    LC_U4 view;     /* shadow views: x: counters per view; y: phase 2's first count (after phase 1's); z: the visibility bits' first uint; w: the HiZ's first uint (z, w: 0 without occlusion) */
};
/* The kinds of view of the one HiZ shader (hiz.glsl; the pipelines' index): the camera's depth
 * (hiz.comp), the shadow views rendered this frame (hiz_views.comp: their atlas tiles, a
 * workgroup each), the camera's depth as the compute raster's words in the raster buffer
 * (hiz_raster.comp: no depth image). */
#define LC_HIZ_CAMERA 0u
#define LC_HIZ_SHADOW_VIEWS 1u
#define LC_HIZ_CAMERA_RASTER 2u
#define LC_HIZ_VIEW_KINDS 3u
/* Push constants of hiz.glsl. */
struct lc_hiz_push {
    LC_U4 size; /* the camera: x, y: depth size; z: levels; w: workgroups. Shadow views: x: their pyramids' first uint in the shadow cull buffer */
};

/* Sublet k's counts in lc_gpu_meshlet.sublets (as geometry.c packs them): triangles |
 * vertices << 8; 0 past the meshlet's last sublet. */
#ifdef LC_GLSL
uint lc_sublet_counts(uvec4 sublets, uint k) { return (sublets[k >> 1u] >> (16u * (k & 1u))) & 0xffffu; }
#else
static inline uint32_t lc_sublet_counts(lc_u4 sublets, uint32_t k) { return ((&sublets.x)[k >> 1u] >> (16u * (k & 1u))) & 0xffffu; }
typedef struct lc_gpu_meshlet lc_gpu_meshlet;
typedef struct lc_gpu_cull_object lc_gpu_cull_object;
typedef struct lc_gpu_geometry_stats lc_gpu_geometry_stats;
typedef struct lc_geometry_cull_push lc_geometry_cull_push;
typedef struct lc_view_cull_push lc_view_cull_push;
typedef struct lc_hiz_push lc_hiz_push;
typedef struct lc_mesh_push lc_mesh_push;
#endif

#endif
