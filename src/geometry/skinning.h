/* GPU skinning (shaders/geometry/skin.comp): the skinned meshes' bind-pose vertices in
 * runtime-mesh order with four joints each, a joint-matrix buffer per frame slot, and one kernel
 * the frame records first (the "object motion" pass, src/frame_motion.c) that writes the posed
 * vertices over their range of the runtime mesh and refits every skinned meshlet's and sublet's
 * sphere to them, before any cull reads them. The CPU's lc_scene_pose_skins is the reference
 * (tests/test_gpu_skinning.c: within 1e-4); its own skinning takes every joint a vertex has, this
 * one the four heaviest (renormalised; one line where a file has more). */
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
    uint32_t joint_first;                 /* its matrices in the joint buffer: the identity (vertices without a joint), then its bones' */
    uint32_t joints;                      /* how many: its bones + 1 */
} lc_skin_range;

typedef struct lc_skinning {
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline skin;
    VkDescriptorPool pool;
    VkDescriptorSet sets[2];              /* per frame slot (its joint buffer) */
    lc_buffer source, weights, joints[2];
    lc_skin_range *ranges;
    uint32_t range_count, joint_count;
    bool sublets;                         /* the geometry has sublet bounds on the GPU */
} lc_skinning;

/* For every skin of the scene (none: LC_OK and nothing made). The host's copies of the skinned
 * meshlets' and sublets' bounds in g (the shadow views' CPU meshlet cull) are set once to reach
 * everywhere: the GPU's are refit to every pose, the host culls skinned objects by their joints. */
lc_status lc_skinning_create(lc_context *ctx, const lc_scene *scene, lc_geometry *g, lc_skinning *out);
void lc_skinning_destroy(lc_context *ctx, lc_skinning *sk);
/* This frame's joint matrices (joint node world x inverse bind) into slot's buffer, on the jobs
 * (a chunk of skins each). */
void lc_skinning_joints(const lc_skinning *sk, const lc_scene *scene, uint32_t slot);
/* The kernel (posed vertices and refit spheres, one dispatch per run of copies) under pass's key seq. */
void lc_skinning_record(const lc_skinning *sk, lc_render_context *rc, uint32_t pass, uint32_t seq, uint32_t slot);

#endif
