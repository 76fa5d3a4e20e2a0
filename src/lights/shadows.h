/* Shadows for many lights, the host's half: which lights cast shadows this frame, their views
 * (a spot light's cone, a point light's six cube faces), where each view lies in the depth
 * atlas, which views are rendered this frame and which reuse their tile, and each shadowed
 * light's lc_gpu_shadow record. The GPU half: the shadow view passes (src/passes/shadow_views.c)
 * and the lookup in the light evaluation (shaders/shading/shadow.glsl).
 *
 * Which lights: every light marked "shadow": true (lights file), then the shadowed_lights most
 * important of the others that the frame's light list holds (screen size x intensity, ranked
 * again every frame as lights move; equal importance: the lower light index first). Only lights
 * that can light the visible frame compete (the frustum-culled list), so an off-screen light
 * never takes a tile.
 *
 * Storage: one D32 atlas of LC_SHADOW_BLOCKS blocks of LC_SHADOW_TILE texels (lc_shared.h),
 * each holding one view of 256 x 256, four of 128 or sixteen of 64: per-light resolution from
 * screen size. A light's views take the size its volume has on screen (the texels across a
 * face about the pixels across the light's radius there), at least 64 and at most 256, with a
 * margin before a light changes size (so a light near a boundary does not re-render every
 * frame); when the frame's views need more blocks than the atlas has, the least important
 * lights step down first. Against Granite's alternative (spot maps in a 2D array, point lights
 * in a cube array, seed 002): an atlas is one image and one descriptor, any mix of spots and
 * points and of sizes fills it, and a light keeps its tiles while others come and go; a cube
 * array needs its own image per shape and size. What the atlas costs: cube faces become plain
 * rectangles, so the shader picks the face itself and PCF cannot filter across a face seam;
 * each face's view is widened by LC_SHADOW_GUARD texels on every side, so the PCF kernel at a
 * face's edge still reads texels the face rendered.
 *
 * Caching: a view is rendered again only when its light changed what the view sees (type,
 * position, direction, range or cone), its size changed, its tile is new, or a caster moved
 * inside it: its bounds before or after the move touch the view's frustum (lc_shadow_frame_desc
 * .moved; a paused animation moves nothing and re-renders nothing). The whole view is rendered
 * again, static casters included (--shadow-dynamic redraw, the default). With overlay a view
 * holds its static casters only, kept in a second atlas, and a moved caster re-renders nothing:
 * each view it touches gets its static map copied back and the movable casters drawn over it
 * that frame, outside the budget (lc_shadow_overlay; docs/ANIMATION.md weighs the two).
 * lc_shadows_invalidate forgets
 * every tile (the atlas made again). At most `updates` views are rendered a
 * frame; the others keep their tile as last rendered, with the matrix it was rendered with,
 * and a view never rendered shadows nothing until its turn comes.
 *
 * Which views take the budget: the ones that have waited longest for a render (frames since
 * their light changed, or their tile was new), and among those that waited equally long the
 * most important lights' first (the selection's order: marked lights, then importance). With
 * N views waiting and K a frame, the first frame renders the K most important and every view
 * is rendered within ceil(N/K) frames of its light changing: lights that move every frame are
 * rendered round robin in importance order, each every ceil(N/K) frames. Ranking by
 * importance x (frames waited + 1) bounds nothing: a light 1000 times brighter than another
 * outranks it for 1000 frames, so with more such lights than K the dim ones are never drawn
 * (simulated: 256 views, 16 a frame, importances over six decades, views left unrendered
 * after 400 frames). A static view re-renders nothing after its first render. */
#ifndef LC_SHADOWS_H
#define LC_SHADOWS_H

#include "cpu/object_cull.h"
#include "lights/cascades.h"
#include "lights/lights.h"

#define LC_SHADOW_BLOCKS (LC_SHADOW_ATLAS_COLS * LC_SHADOW_ATLAS_COLS) /* 256 blocks of 256^2: a 4096^2 atlas */
#define LC_SHADOW_LEVELS 3u       /* view sizes: LC_SHADOW_TILE >> level, 256, 128 and 64 texels */
#define LC_SHADOW_LIGHTS_MAX LC_SHADOW_RECORDS /* 256 shadowed lights (--shadowed-lights, records): 1,536 views at most, 64 x 64 fits them */
#define LC_SHADOW_VIEWS_MAX (LC_SHADOW_LIGHTS_MAX * 6u)
#define LC_SHADOW_UPDATES_DEFAULT 16u /* --shadow-updates */
#define LC_SHADOW_UPDATES_MAX (LC_SHADOW_VIEW_SLOTS - LC_SHADOW_CASCADES_MAX) /* 64: the view slots less the cascades' */
#define LC_SHADOW_GUARD 2.0f /* texels each view reaches past its face or cone (the PCF kernel's reach, and one more) */
#define LC_SHADOW_CULL_GPU 0u /* --shadow-cull gpu (default): view_cull.comp per view */
#define LC_SHADOW_CULL_CPU 1u /* --shadow-cull cpu: object and meshlet cull per view on the job threads */
#define LC_SHADOW_OCCLUSION_ON 0u  /* --shadow-occlusion on (default): the GPU cull's two phases against each view's HiZ */
#define LC_SHADOW_OCCLUSION_OFF 1u /* --shadow-occlusion off: one phase, the frustum alone */
#define LC_SHADOW_DYNAMIC_REDRAW 0u  /* --shadow-dynamic redraw (default): a view a moved caster touches is rendered again, whole */
#define LC_SHADOW_DYNAMIC_OVERLAY 1u /* --shadow-dynamic overlay: lights' views cache their static casters; the movable ones are drawn over a copy */
#define LC_SHADOW_SPOT_MAX_DEG 80.0f /* wider cones are shadowed within this half-angle only */

/* A shadowed light's place in the atlas: its views' tiles and what each holds. */
typedef struct lc_shadow_owner {
    uint32_t light;      /* the light's index in the frame's lc_light list; UINT32_MAX: free */
    uint32_t views;      /* 1 (spot) or 6 (point) */
    uint32_t want;       /* the size its screen size asks for (a level) */
    uint32_t level;      /* its views' size: LC_SHADOW_TILE >> level (want, or smaller where the atlas is full) */
    uint16_t tile[6];    /* per view: block * 16 + the sub-tile within the block */
    bool valid[6];       /* rendered with view_proj for key */
    float key[6][11];    /* type, position, direction, range, outer angle when rendered */
    lc_m4 view_proj[6];
    uint32_t waiting_since[6]; /* frame stamp since which the view waits for a render; 0: up to date */
    uint32_t overlay_frame[6]; /* --shadow-dynamic overlay: the frame stamp it was last listed in lc_shadows.overlay at */
    uint16_t overlay_slot[6];  /* and its entry there */
} lc_shadow_owner;

/* A view waiting for a render this frame: its light's owner and record. */
typedef struct lc_shadow_pending {
    uint64_t key;        /* frames waited (longest first), then the light's rank, then the face */
    uint32_t owner, record;
    uint32_t moved;      /* 1: it waits only because a moved caster's bounds touch it (its light and tile as they were) */
} lc_shadow_pending;

/* A view rendered this frame: its tile, matrix and frustum. */
typedef struct lc_shadow_render {
    uint32_t light, face, type;
    uint32_t x, y, size; /* the tile in the atlas, texels */
    uint32_t record;     /* its light's lc_gpu_shadow record (the vertex shader reads the matrix there) */
    uint32_t owner;      /* its light's owner: owner * 6 + face names the view's occlusion bits across frames */
    bool cascade;        /* a sun cascade (face: the cascade; record LC_SHADOW_SUN_RECORD; lights/cascades.h) */
    bool fresh;          /* its first render since the owner took its light (or the atlas was made): no bits yet */
    lc_m4 view_proj;
    float planes[6][4];
    float eye[3];        /* the light's position: draws go front to back from it */
} lc_shadow_render;

/* A light's view the frame draws the movable casters into (--shadow-dynamic overlay): its tile,
 * the static casters' map copied back over it from the static atlas (or, rendered this frame,
 * saved there first), then every movable caster whose sphere reaches its frustum drawn with the
 * matrix of its record (the one its tile was rendered with). */
typedef struct lc_shadow_overlay {
    uint32_t x, y, size; /* the tile in both atlases, texels */
    uint32_t record, face;
    bool save;           /* rendered this frame (static casters only): saved to the static atlas, not copied back */
    float planes[6][4];
} lc_shadow_overlay;

/* What --stats reports under "shadows" (the last frame's). triangles: drawn into the views
 * (meshlets in each view's frustum); triangles_unculled: what the objects in each view's
 * frustum hold, all of which the views drew before the meshlet cull; occlusion: the GPU cull
 * ran its two phases; culled_occlusion: meshlets its phase 2 culled by the views' HiZ. */
typedef struct lc_shadow_stats {
    uint32_t lights, views, views_rendered, views_cached;
    uint32_t views_moved, views_rendered_moved; /* views a moved caster made stale (light and tile unchanged), of them rendered this frame */
    uint32_t views_overlaid; /* --shadow-dynamic overlay: views the movable casters were drawn over this frame */
    uint32_t views_by_size[LC_SHADOW_LEVELS]; /* of 256, 128 and 64 texels */
    uint32_t lights_unplaced; /* shadowed lights the atlas had no tile for this frame (none shadowed) */
    uint64_t texels, triangles, triangles_unculled, culled_occlusion;
    bool occlusion;
    uint32_t cascades; /* the sun's (their views are not in views, views_rendered or views_cached) */
    lc_cascade_stats cascade[LC_SHADOW_CASCADES_MAX];
} lc_shadow_stats;

/* A shadow view's draws after its meshlet cull: runs of consecutive meshlets of one object in
 * the view's frustum, each one indexed draw (the runtime mesh keeps a mesh's meshlets, and
 * each meshlet's triangles, consecutive). */
typedef struct lc_shadow_draw {
    uint32_t object, first_index, index_count;
} lc_shadow_draw;

typedef struct lc_shadow_draws {
    lc_shadow_draw *draws;
    uint32_t count, capacity;
    uint64_t triangles, triangles_unculled; /* what the draws hold, what the view's objects hold */
    uint64_t meshlets; /* meshlets with a triangle drawn */
    uint32_t objects, objects_enclosed; /* a cascade's: objects in its box, of them inside an earlier cascade's enclosure rectangle (not drawn) */
} lc_shadow_draws;

typedef struct lc_shadows {
    lc_shadow_owner owners[LC_SHADOW_LIGHTS_MAX];
    uint8_t block_level[LC_SHADOW_BLOCKS]; /* the size its sub-tiles have; 0xff: a free block */
    uint16_t block_used[LC_SHADOW_BLOCKS]; /* a bit per sub-tile in use */
    lc_shadow_render render[LC_SHADOW_VIEW_SLOTS]; /* the lights' views, then the sun's cascades */
    uint32_t render_count;
    lc_shadow_overlay overlay[LC_SHADOW_VIEWS_MAX]; /* --shadow-dynamic overlay: the views drawn over this frame */
    uint32_t overlay_count;
    lc_cascades cascades;
    lc_gpu_shadow *records; /* LC_SHADOW_LIGHTS_MAX records */
    uint32_t record_count;
    /* Scratch: the ranked candidates, per light its record (by lc_light index). */
    uint64_t *rank;
    uint32_t rank_capacity;
    lc_shadow_pending pending[LC_SHADOW_VIEWS_MAX];
    uint32_t frame; /* frame stamp */
    lc_shadow_stats stats;
} lc_shadows;

/* One frame's inputs: the lights as given to the renderer, the frame's light list (order[i]:
 * the lc_light index of sorted light i), the camera's position and the user's settings. */
typedef struct lc_shadow_frame_desc {
    const lc_light *lights;
    uint32_t count;
    const uint32_t *order;
    uint32_t visible;
    const float *camera;       /* world position */
    float screen_scale;        /* pixels per unit of tan(angle) off the view axis: height / (2 tan(fov_y / 2)) */
    uint32_t shadowed_lights;  /* --shadowed-lights: how many more lights, by importance */
    uint32_t updates;          /* --shadow-updates: most views rendered a frame; 0: LC_SHADOW_UPDATES_DEFAULT */
    /* World spheres of the casters that moved since the last frame, each before and after its
     * move: a cached view whose frustum one touches is rendered again (any view: spot, point
     * face, cascade), so no stale shadow stays and the caster is drawn where it now is. */
    const float (*moved)[4];
    uint32_t moved_count;
    /* --shadow-dynamic overlay: the lights' views are rendered with their static casters only
     * (the renderer leaves the movable ones out) and a moved caster makes none stale: each view
     * it touches is listed in lc_shadows.overlay instead, as is each view rendered this frame. */
    bool overlay;
} lc_shadow_frame_desc;

void lc_shadows_init(lc_shadows *s);
void lc_shadows_destroy(lc_shadows *s);
/* Forgets what every tile holds: each view is rendered again (within the budget). */
void lc_shadows_invalidate(lc_shadows *s);
/* Whether a frame with these lights and settings has any shadowed light (the atlas is made
 * on the first such frame). */
bool lc_shadows_wanted(const lc_light *lights, uint32_t count, uint32_t shadowed_lights);
/* The frame's shadowed lights, their tiles and views, the views to render (s->render) and the
 * records (s->records); light_record[i] for sorted light i: 0, or 1 + its record. */
void lc_shadows_update(lc_shadows *s, const lc_shadow_frame_desc *d, uint32_t *light_record);
/* A light's importance for a shadow: the square of its range over its distance (the size its
 * volume takes on screen) times its intensity and brightest colour channel. */
float lc_shadow_importance(const lc_light *l, const float camera[3]);
/* The view size (as a level: LC_SHADOW_TILE >> level texels) a light's volume asks for on
 * screen; `current`: its size now (LC_SHADOW_LEVELS: none), kept within a margin. */
uint32_t lc_shadow_level(const lc_light *l, const float camera[3], float screen_scale, uint32_t current);
/* The view-projection matrix (Vulkan clip space) of a light's view (face 0..5 of a point
 * light; 0 for a spot) rendered at `size` texels, widened by LC_SHADOW_GUARD texels; texel: a
 * texel's world size per unit of view depth. */
void lc_shadow_view_matrix(const lc_light *l, uint32_t face, uint32_t size, lc_m4 *view_proj, float *near_z, float *far_z, float *texel);

#endif
