/* glTF animation on the CPU: the scene's node hierarchy (what assimp's node tree flattens into
 * objects), the file's animations read from its JSON (scene/gltf_anim.c: assimp 5.2 turns STEP
 * and CUBICSPLINE samplers into its own linear keys and drops the tangents), and each frame's
 * evaluation: node transforms, the objects and lights that follow animated nodes, and the list of
 * objects that moved (their bounds before and after), which the renderer's culls and caches take.
 *
 * Skinned meshes: each frame the clock moves a skin's animated joints, either the renderer
 * skins it on the GPU (gpu_skinning; src/geometry/skinning.h) and the scene only bounds it
 * conservatively for the object culls, or (--skinning cpu, the reference) the scene's vertices
 * are posed here (linear blend skinning, every joint a vertex has) and the renderer uploads
 * them; either way the renderer bounds the skinned meshlets to the pose (docs/ANIMATION.md). */
#ifndef LC_ANIMATION_H
#define LC_ANIMATION_H

#include "scene/scene.h"

enum { LC_ANIM_TRANSLATION, LC_ANIM_ROTATION, LC_ANIM_SCALE, LC_ANIM_WEIGHTS };
enum { LC_INTERP_LINEAR, LC_INTERP_STEP, LC_INTERP_CUBIC };

/* --animation: an index, or these. */
#define LC_ANIMATION_NONE (-1)
#define LC_ANIMATION_ALL (-2)

/* One channel with its sampler's keys. node: the glTF node while reading, the scene's node
 * (lc_scene_anim.nodes) once imported. */
typedef struct lc_anim_channel {
    uint32_t node, path, interp; /* LC_ANIM_*, LC_INTERP_* */
    uint32_t key_count, comps;   /* comps: 3 (translation, scale), 4 (rotation, xyzw), the node mesh's morph targets (weights) */
    float *times;                /* key_count, ascending */
    float *values;               /* key_count * comps; CUBIC: key_count * 3 * comps (in-tangent, value, out-tangent) */
} lc_anim_channel;

typedef struct lc_animation {
    char name[64];
    float end;                   /* the last key's time: the loop's length */
    lc_anim_channel *channels;
    uint32_t channel_count;
} lc_animation;

/* A node as the file gives it: its rest transform, TRS or a matrix (a node with a matrix is
 * never animated, as the spec says). */
typedef struct lc_anim_node {
    uint32_t parent;             /* UINT32_MAX: a root; parents come before their children */
    float t[3], r[4], s[3];      /* rest translation, rotation (xyzw), scale */
    lc_m4 matrix;
    bool has_matrix;
    bool dynamic;                /* it or an ancestor is animated by the active animation(s) */
    lc_m4 world;                 /* this frame's */
    uint32_t weight_count;       /* its mesh's morph targets (0: none) */
    float *weights, *rest_weights; /* this frame's morph weights; the file's (node or mesh "weights", else 0) */
} lc_anim_node;

/* A skinned mesh's bind pose and its joints (assimp's bones: joint node, inverse bind matrix,
 * the vertices it moves). */
typedef struct lc_skin_bone {
    uint32_t node;
    lc_m4 offset;                /* inverse bind matrix */
    float box[2][3];             /* bind-pose box of the vertices it moves (empty: lo > hi) */
    uint32_t weight_count;
    uint32_t *vertex;            /* mesh-local vertex numbers */
    float *weight;
} lc_skin_bone;

typedef struct lc_skin {
    uint32_t mesh;
    bool dynamic;                /* a joint is animated by the active animation(s): posed every frame the clock moves */
    lc_vertex *bind;             /* the mesh's vertices as the file gives them */
    float still_box[2][3];       /* bind-pose box of the vertices no joint moves (empty: lo > hi) */
    lc_skin_bone *bones;
    uint32_t bone_count;
    bool shared;                 /* bind and the bones' vertex and weight arrays belong to another skin (a --grid copy's) */
} lc_skin;

/* A morph-target mesh (not skinned), posed on the CPU from its node's weights: base + the sum of
 * weight x (target - base), positions and normals (glTF's targets, which assimp hands over as
 * absolute shapes). Meshes are shared: the first node that draws it drives its weights. */
typedef struct lc_morph {
    uint32_t mesh, node, target_count;
    lc_vertex *base;
    float *delta;                /* [target][vertex][6]: position, normal differences */
    bool shared;                 /* base and delta belong to another morph (a --grid copy's) */
} lc_morph;

typedef struct lc_scene_anim {
    lc_anim_node *nodes;
    uint32_t node_count;
    lc_animation *animations;
    uint32_t animation_count;
    lc_skin *skins;
    uint32_t skin_count;
    lc_morph *morphs;
    uint32_t morph_count;
    uint32_t *light_node;        /* per lc_scene light: the node it follows, UINT32_MAX: none */
    int32_t active;              /* an animation, LC_ANIMATION_ALL or LC_ANIMATION_NONE */
    double time;                 /* of the last lc_scene_animate */
    /* The objects lc_scene_animate moved since the list was last cleared (the app clears it once
     * a frame has taken it: moved_count = 0), and per entry two world spheres: its bounds
     * before its first move since, then after its last. An object is listed once (moved_slot:
     * its entry, where moved[moved_slot[i]] == i). */
    uint32_t *moved;
    float (*moved_bounds)[4];
    uint32_t moved_count, moved_capacity;
    /* lc_scene_animate's scratch, kept between frames (no allocation a frame): the nodes' local
     * TRS, and per object its entry in the moved list, whether this pass moved it and its sphere
     * before. */
    float (*scratch_trs)[10];
    uint32_t scratch_nodes, scratch_objects;
    uint32_t *moved_slot;
    uint8_t *scratch_moved;
    float (*scratch_before)[4];
    bool skins_disjoint;         /* no two skins pose the same mesh: they are bounded on the jobs */
    uint32_t dynamic_objects;    /* objects that follow a dynamic node, or draw a dynamic skin */
    uint32_t pose_serial;        /* bumped each time skinned vertices are posed (the renderer uploads them) */
    /* The renderer skins on the GPU (src/geometry/skinning.h): lc_scene_animate then poses no
     * vertices, it bounds each dynamic skin conservatively (the union of its joints' boxes, each
     * moved by its joint: a blended vertex lies in their hull) for the object culls. */
    bool gpu_skinning;
    double posed_time;           /* the time the dynamic skins were last posed at */
    /* Per-copy poses (lc_scene_anim_instance, --grid-phase spread): the nodes are instance_count
     * copies of instance_nodes each (copy c's node j at c * instance_nodes + j, parents within the
     * copy), the channels name copy 0's nodes, and copy c plays at the clock + phase[c]. 0: one pose. */
    uint32_t instance_count, instance_nodes;
    float *instance_phase;
    uint32_t *mesh_source;       /* [mesh_count] with instances: the mesh each one copies (itself for an original) */
    uint32_t mesh_count;         /* the scene's, when mesh_objects was built */
    uint32_t *mesh_object_start; /* [mesh_count + 1]: the objects that draw each mesh, in mesh_objects (lc_scene_anim_select) */
    uint32_t *mesh_objects;
} lc_scene_anim;

/* Gives each of the copies lc_scene_grid made (copies = n^3, its objects object-major) a pose of its
 * own: the node hierarchy, skins, morph targets and their meshes are copied per copy (the mesh
 * data too: each copy's posed vertices have a range of their own), and copy c plays at the clock
 * + a phase drawn from seed (copy 0: none; the others uniform in [0, the longest animation's
 * length)). A scene without animations, or copies 1: nothing. Too many vertices: LC_ERR_USAGE. */
lc_status lc_scene_anim_instance(lc_scene *scene, uint32_t copies, uint64_t seed);
/* --figures (scene_figures.c): count copies of the animated file at path stood on the scene's
 * floor (a jittered grid over the middle of its ground plan, from seed; each at the lowest
 * upward-facing surface with the figure's height free above it), each posed on its own, its
 * phase from seed. The scene must have no animation of its own, the file one: else LC_ERR_USAGE. */
lc_status lc_scene_add_figures(lc_scene *scene, const char *path, uint32_t count, uint64_t seed);
/* Picks what plays (an index < animation_count, LC_ANIMATION_ALL or LC_ANIMATION_NONE) and
 * marks the nodes it moves. */
void lc_scene_anim_select(lc_scene *scene, int32_t active);
/* The objects any of the scene's animations can move (following an animated node, or drawing a
 * mesh an animated skin or morph poses), whichever plays now: an array of object_count the
 * caller frees, or NULL (no animation). Under --shadow-dynamic overlay these casters are left
 * out of the cached shadow maps and drawn over them (lights/shadows.h). */
bool *lc_scene_movable_objects(const lc_scene *scene);
/* The active animation(s) at time t (seconds; each loops over its length, the pose at a loop's
 * end shown at its end time): node worlds, the objects and lights that follow dynamic nodes;
 * objects whose world changed are added to the moved list. Nothing moves without an animation. */
void lc_scene_animate(lc_scene *scene, double t);
/* Poses every morph-target mesh from its node's weights and every skinned mesh from its joints'
 * nodes as they stand, on the CPU: vertices, AABB and the bounds of the objects that draw it
 * (lc_scene_animate poses the dynamic ones itself; the app calls this before the upload). */
void lc_scene_pose_skins(lc_scene *scene);
/* A channel's value at time t (comps floats; rotations normalised). */
void lc_anim_channel_sample(const lc_anim_channel *c, float t, float *out);
/* The time an animation shows at clock t: t within its first loop, then wrapped. */
float lc_animation_local_time(const lc_animation *a, double t);
/* The active animation's name for the HUD and --stats: "none", "all" or the name (or "#N"). */
const char *lc_scene_anim_name(const lc_scene *scene, char *buf, size_t size);
void lc_scene_anim_destroy(lc_scene_anim *anim);
void lc_animations_free(lc_animation *a, uint32_t count);

#endif
