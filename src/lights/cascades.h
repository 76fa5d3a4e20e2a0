/* The sun's cascaded shadow maps, the host's half: the cascades' fit to the camera, their
 * matrices, selection squares and enclosure rectangles, which cascades render this frame, and
 * the lc_gpu_cascades block the shaders read (lc_shared.h). The GPU half: the shadow views'
 * cull and depth passes (a cascade is one more view of them: record LC_SHADOW_SUN_RECORD, face
 * = the cascade; src/passes/shadow_cull.c, shadow_views.c) and the lookup (shadow.glsl
 * lc_sun_shadow). docs/SHADOWS.md has the scheme and why enclosure culling is correct.
 *
 * Fit: the view depth range [camera near, min(camera far, distance)] split by the practical
 * scheme (lambda x logarithmic + (1 - lambda) x uniform); each slice is bounded by the
 * smallest sphere around its eight corners, whose radius depends on the slice and the field
 * of view alone, so a cascade's size never changes as the camera turns. A cascade is a
 * square in light space larger than the sphere by the slack (--cascade-slack, a fraction of
 * the radius) and LC_CASCADE_REACH texels more on each side, its centre snapped to whole
 * texels (the same texels hold the same world, no shimmering) and kept where it was while the
 * slice's sphere still fits inside the square less the reach: a moving camera moves a cascade
 * only once it has used up that cascade's slack, so the far cascades (large spheres) stay put
 * for long stretches of motion, and a still camera gives bit-identical matrices. The slack
 * costs resolution: texels (1 + slack) times as large as the sphere alone would need. Depth: every cascade's range covers the scene's bounds along the
 * sun, so any caster between a receiver and the sun is in the cascade the receiver reads.
 *
 * Selection (shadow.glsl lc_cascade_of): the first cascade whose selection square (the
 * cascade's square shrunk by LC_CASCADE_REACH texels) holds the receiver's light-space x, y.
 * Enclosure (seed 000): cascade j's enclosure rectangle must lie inside its selection square
 * shrunk by LC_CASCADE_REACH texels of the last cascade (the coarsest); a caster (an object on
 * the CPU cull, a meshlet on the GPU's) whose light-space bounds lie inside it is drawn into no
 * later cascade. Any rectangle inside that bound is correct, so the rectangle is kept from
 * frame to frame while it stays inside, and made again (the bound less an eighth of the
 * square's half side, room to move) only when the camera has moved it out.
 *
 * Caching: a cascade is rendered when its matrix, place in the atlas or (enclosure on) an
 * earlier cascade's enclosure rectangle changed, or it was never rendered; else its texels
 * stay. A moving camera re-renders a cascade when its sphere leaves the slack (the near ones
 * most often: their spheres are small and move fastest as the camera turns) and the later
 * ones when an earlier rectangle is made again, about once per eighth of that cascade's half
 * side of motion. Cascades are not under --shadow-updates: a stale cascade shows as the
 * whole sun shadow swimming, so each one whose fit changed renders in that frame; they take
 * view slots of their own beside the budget's. */
#ifndef LC_CASCADES_H
#define LC_CASCADES_H

#include <stdbool.h>

#include "cpu/object_cull.h"
#include "lc_shared.h"
#include "scene/camera.h"

#define LC_CASCADES_DEFAULT 4u          /* --cascades */
#define LC_CASCADE_SPLIT_DEFAULT 0.75f  /* --cascade-split: lambda of the practical split scheme */
#define LC_CASCADE_DISTANCE_DEFAULT 200.0f /* --cascade-distance: metres of view depth the cascades cover (at most the far plane) */
#define LC_CASCADE_SIZE_DEFAULT 2048u   /* --cascade-size: texels on a side */
#define LC_CASCADE_SLACK_DEFAULT 0.2f /* --cascade-slack: room to move, a fraction of the slice's sphere (docs/SHADOWS.md: why 0.2) */
#define LC_CASCADE_SLACK_MAX 1.0f
#define LC_CASCADE_SIZE_MIN 256u
#define LC_CASCADE_SIZE_MAX 4096u
#define LC_CASCADE_BAND_Y (LC_SHADOW_ATLAS_COLS * LC_SHADOW_TILE) /* the atlas's rows below the lights' tiles */

/* What the user asked for (lc_frame_settings); zero fields are the defaults above, except
 * count: LC_CASCADES_DEFAULT is applied by the options. */
typedef struct lc_cascade_settings {
    uint32_t count;     /* 0..LC_SHADOW_CASCADES_MAX; 0: no sun shadow */
    float split;        /* lambda in [0, 1]; negative: the default */
    float distance;     /* metres; 0: the default */
    uint32_t size;      /* texels; 0: the default */
    bool enclosure_off; /* --cascade-enclosure off */
    float slack;        /* 0..LC_CASCADE_SLACK_MAX; negative: the default */
} lc_cascade_settings;

/* One cascade's figures for --stats shadows.cascades (drawn figures: its last render's). */
typedef struct lc_cascade_stats {
    float near_z, far_z, texel_m;
    uint32_t objects, objects_enclosed;
    uint64_t meshlets_drawn, triangles;
    bool rendered; /* rendered this frame */
} lc_cascade_stats;

/* What a cascade's texels depend on: rendered again when any of it changed. */
typedef struct lc_cascade_key {
    float view_proj[16];
    float rect[3];
    float enclose[LC_SHADOW_CASCADES_MAX][4]; /* the earlier cascades' (with enclosure on) */
} lc_cascade_key;

typedef struct lc_cascades {
    uint32_t count, size, cols; /* the atlas's cascade band: count cascades of size texels, cols to a row */
    uint32_t asked;             /* the size asked for (size: what the device's largest image allowed) */
    lc_gpu_cascades gpu;        /* this frame's block */
    float planes[LC_SHADOW_CASCADES_MAX][6][4];
    bool render[LC_SHADOW_CASCADES_MAX]; /* rendered this frame */
    bool valid[LC_SHADOW_CASCADES_MAX];
    lc_cascade_key key[LC_SHADOW_CASCADES_MAX];
    float near_z[LC_SHADOW_CASCADES_MAX], far_z[LC_SHADOW_CASCADES_MAX];
    float eye[3];               /* a point towards the sun past the scene: draws go front to back from it */
    lc_f4 centre[LC_SHADOW_CASCADES_MAX]; /* each cascade's light-space centre (x, y) and half side (z), kept while the sphere fits */
    float axes[6];                        /* the light-space axes the centres are in */
    lc_f4 enclose[LC_SHADOW_CASCADES_MAX]; /* each cascade's enclosure rectangle, kept while it holds */
    bool enclose_kept[LC_SHADOW_CASCADES_MAX];
} lc_cascades;

/* One frame's inputs. */
typedef struct lc_cascade_frame_desc {
    const lc_camera *camera;
    float aspect;                   /* width / height */
    const float *sun;               /* towards the sun (need not be unit) */
    const float *bounds_min, *bounds_max; /* the scene's world bounds */
    lc_cascade_settings settings;
    /* World spheres of the casters that moved since the last frame, each before and after its
     * move (lc_shadow_frame_desc.moved): a cascade they touch renders again. */
    const float (*moved)[4];
    uint32_t moved_count;
} lc_cascade_frame_desc;

/* Forgets what the band holds (every cascade renders again); count, size: the band's layout
 * (0: none). */
void lc_cascades_reset(lc_cascades *c, uint32_t count, uint32_t size);
/* The atlas rows the band needs below the lights' tiles for count cascades of size texels,
 * and how many go to a row. */
uint32_t lc_cascades_band_height(uint32_t count, uint32_t size, uint32_t *cols);
/* The frame's fit, the gpu block and which cascades render (c->render). */
void lc_cascades_update(lc_cascades *c, const lc_cascade_frame_desc *d);
/* Whether a world sphere's light-space square lies inside the enclosure rectangle of a cascade
 * before k (view_cull.comp's cascade_enclosed). */
bool lc_cascades_enclosed(const lc_cascades *c, const float sphere[4], uint32_t k);
/* The split scheme's view depth of split i of n over [near_z, far_z]. */
float lc_cascade_split(float near_z, float far_z, float lambda, uint32_t i, uint32_t n);

#endif
