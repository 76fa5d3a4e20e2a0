/* The skinned meshlets' GPU bounds read back and held against the posed vertices, for
 * test_gpu_skinning and test_gpu_grid_poses (static functions, included by both). */
#ifndef LC_SKIN_BOUNDS_CHECK_H
#define LC_SKIN_BOUNDS_CHECK_H

#include "app/app.h"
#include "frame_state.h"
#include "test_util.h"

#include <math.h>

typedef struct skin_bounds {
    lc_buffer meshlets, sublets;
    const lc_gpu_meshlet *ml;
    const lc_meshlet_bounds *sb;
} skin_bounds;

/* The first `meshlets` meshlets' and their sublets' bounds, copied from the GPU. */
static void skin_bounds_read(lc_app *a, uint32_t meshlets, skin_bounds *b)
{
    const lc_geometry *g = &a->renderer->dev.geo;
    VkDeviceSize size = (VkDeviceSize)meshlets * sizeof(lc_gpu_meshlet);
    VkDeviceSize sublet_size = (VkDeviceSize)meshlets * LC_MESHLET_SUBLETS * sizeof(lc_meshlet_bounds);
    lc_buffer_desc hd = {.size = size, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT, .host_visible = true, .name = "test readback"};
    CHECK(lc_buffer_create(&a->ctx, &hd, &b->meshlets) == LC_OK);
    hd.size = sublet_size;
    CHECK(lc_buffer_create(&a->ctx, &hd, &b->sublets) == LC_OK);
    VkCommandBuffer cmd = lc_vk_begin_once(&a->ctx);
    VkBufferCopy region = {.size = size}, sublet_region = {.size = sublet_size};
    vkCmdCopyBuffer(cmd, g->meshlets.buffer, b->meshlets.buffer, 1, &region);
    vkCmdCopyBuffer(cmd, g->sublet_bounds.buffer, b->sublets.buffer, 1, &sublet_region);
    lc_vk_end_once(&a->ctx, cmd);
    b->ml = b->meshlets.mapped;
    b->sb = b->sublets.mapped;
}

static void skin_bounds_free(lc_app *a, skin_bounds *b)
{
    lc_buffer_destroy(&a->ctx, &b->meshlets);
    lc_buffer_destroy(&a->ctx, &b->sublets);
}

/* How far the posed vertices v of meshlets [first, first + count) reach outside their meshlet's
 * or their sublet's sphere (<= 0: every one inside); each back-face cone must be off (a pose
 * bends it). */
static float skin_bounds_outside(const skin_bounds *b, const lc_vertex *v, uint32_t first, uint32_t count)
{
    float outside = 0.0f;
    for (uint32_t m = first; m < first + count; m++) {
        CHECK(b->ml[m].cone_apex.w >= 1.0f);
        for (uint32_t q = 0, i = b->ml[m].info.z; q < LC_MESHLET_SUBLETS; q++) {
            uint32_t n = lc_sublet_counts(b->ml[m].sublets, q) >> 8;
            const float *ms = &b->ml[m].sphere.x, *ss = &b->sb[m * LC_MESHLET_SUBLETS + q].sphere.x;
            if (n) CHECK(b->sb[m * LC_MESHLET_SUBLETS + q].cone_apex.w >= 1.0f);
            for (uint32_t e = i + n; i < e; i++) {
                float d = 0.0f, ds = 0.0f;
                for (int c = 0; c < 3; c++) {
                    d += (v[i].position[c] - ms[c]) * (v[i].position[c] - ms[c]);
                    ds += (v[i].position[c] - ss[c]) * (v[i].position[c] - ss[c]);
                }
                outside = fmaxf(outside, fmaxf(sqrtf(d) - ms[3], sqrtf(ds) - ss[3]));
            }
        }
    }
    return outside;
}

#endif
