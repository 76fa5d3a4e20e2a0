/* The tile inspector: for one pixel of the last rendered frame, reads the culling structure
 * of the current mode back from the GPU and says which lights the forward pass walks there,
 * which of them actually reach the pixel's surface (CPU, lc_light_weight), and whether any
 * light that reaches it was left out (it never should be), and which of them cast shadows
 * (marked * in the HUD). The viewer shows it in the HUD
 * and prints it on stdout; tests parse the line. */
#ifndef LC_INSPECTOR_H
#define LC_INSPECTOR_H

#include "renderer.h"

#define LC_INSPECT_IDS 48 /* light indices kept for display */

typedef struct lc_inspection {
    uint32_t mode;
    uint32_t x, y;             /* the pixel (clamped to the frame) */
    uint32_t rect[4];          /* pixels of its tile (cluster tile in clusters mode): x0, y0, x1, y1 */
    uint32_t tile_x, tile_y;   /* tile (or cluster tile) coordinates */
    bool surface;              /* false: background, nothing is shaded there */
    float view_depth;          /* metres in front of the camera (surface only) */
    uint32_t slice;            /* clusters: depth slice */
    bool has_zbin;             /* zbin: the pixel's Z-bin below */
    uint32_t zbin, zbin_first, zbin_last; /* light index range; first > last: empty */
    uint32_t visible;          /* lights after the frustum cull (the packed list) */
    uint32_t listed;           /* lights in the tile's (cluster's) structure; brute: all */
    uint32_t evaluated;        /* lights the forward pass walks at this pixel */
    uint32_t evaluated_kind[3]; /* of those, the decals, the probes and the lights (the entity array's ranges) */
    uint32_t reach;            /* lights whose volume holds the pixel's surface point */
    uint32_t missed;           /* reach but not evaluated: always 0 unless culling is broken */
    uint32_t ids[LC_INSPECT_IDS]; /* the first evaluated light indices (depth-sorted order) */
    uint32_t id_count;
    uint32_t shadowed;         /* evaluated lights with a shadow this frame */
    uint64_t ids_shadowed;     /* bit i: ids[i] has a shadow */
} lc_inspection;

/* Reads back and inspects pixel (x, y) of the renderer's last recorded frame, in the mode
 * that frame used. Waits for the GPU. */
lc_status lc_inspect_pixel(lc_renderer *r, int x, int y, lc_inspection *out);
/* Several lines for the HUD. */
void lc_inspection_format(const lc_inspection *in, char *text, size_t size);
/* One line, key=value, for stdout and tests. */
void lc_inspection_format_line(const lc_inspection *in, char *text, size_t size);

#endif
