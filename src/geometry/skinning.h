/* GPU skinning (shaders/geometry/skin.comp, skin_bounds.comp): the skinned meshes' bind-pose
 * vertices in runtime-mesh order with four joints each, per sublet the bind spheres of the
 * vertices each of its joints moves, a joint-matrix buffer per frame slot, and two kernels the
 * frame records first (the "object motion" pass, src/frame_motion.c): one writes the posed
 * vertices over their range of the runtime mesh, the other moves the joint spheres to the pose
 * and writes every skinned meshlet's and sublet's sphere around them (a posed vertex lies in the
 * hull of its joints' moves of it), before any cull reads them. The CPU's lc_scene_pose_skins
 * is the reference (tests/test_gpu_skinning.c: within 1e-4); its own skinning takes every joint
 * a vertex has, this one the four heaviest (renormalised; one line where a file has more). */
#ifndef LC_SKINNING_H
#define LC_SKINNING_H

#include "cpu/render_context.h"
#include "geometry/geometry.h"
#include "lc_skin.h"
#include "scene/animation.h"

typedef struct lc_skin_range {
    uint32_t skin;                        /* lc_scene_anim.skins[] */
    uint32_t source_first, runtime_first, count; /* vertices: in the source buffer (shared by --grid copies of a skin), in the runtime mesh */
    uint32_t meshlet_first, meshlet_count;
    uint32_t source_meshlet;              /* its meshlets' joint sphere ranges (shared by --grid copies of a skin) */
    uint32_t joint_first;                 /* its matrices in the joint buffer: the identity (vertices without a joint), then its bones' */
    uint32_t joints;                      /* how many: its bones + 1 */
} lc_skin_range;

typedef struct lc_skinning {
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline skin, bounds;             /* skin.comp (posed vertices), skin_bounds.comp (posed spheres) */
    VkDescriptorPool pool;
    VkDescriptorSet sets[2];              /* per frame slot (its joint buffer) */
    lc_buffer source, weights, joints[2];
    lc_buffer spheres, sphere_ranges;     /* lc_skin_sphere per sublet and joint; uvec4 per source meshlet */
    lc_skin_range *ranges;
    uint32_t range_count, joint_count;
    bool sublets;                         /* the geometry has sublet bounds on the GPU */
} lc_skinning;

/* For every skin of the scene (none: LC_OK and nothing made). The host's copies of the skinned
 * meshlets' and sublets' bounds in g (the shadow views' CPU meshlet cull) are set once to reach
 * everywhere: the GPU's are posed every frame, the host culls skinned objects by their joints. */
lc_status lc_skinning_create(lc_context *ctx, const lc_scene *scene, lc_geometry *g, lc_skinning *out);
void lc_skinning_destroy(lc_context *ctx, lc_skinning *sk);
/* This frame's joint matrices (joint node world x inverse bind) into slot's buffer, on the jobs
 * (a chunk of skins each). */
void lc_skinning_joints(const lc_skinning *sk, const lc_scene *scene, uint32_t slot);
/* The kernels (posed vertices, then posed spheres; a dispatch each per run of copies) under pass's key seq. */
void lc_skinning_record(const lc_skinning *sk, lc_render_context *rc, uint32_t pass, uint32_t seq, uint32_t slot);

#endif
