/* The render backend (Stingray's RenderDevice): translates a sorted command stream
 * (render_context.h) into Vulkan. The stream is cut into chunks at pass boundaries, at the
 * commands the primary records itself (markers, barriers, begin/end rendering) and every
 * LC_BACKEND_CHUNK commands within a big pass; job threads (cpu/jobs.h) record the chunks into
 * secondary command buffers from their own command pool of the frame slot, and the
 * primary executes them in stream order. Dynamic rendering begins in the primary with
 * VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT; the secondaries inside inherit it
 * (VkCommandBufferInheritanceRenderingInfo). A chunk that starts within a pass first
 * replays the pass's state commands before it (secondaries inherit no state). The chunk
 * cut depends only on the stream, never on the thread count. */
#ifndef LC_RENDER_BACKEND_H
#define LC_RENDER_BACKEND_H

#include "cpu/render_context.h"
#include "vk/vk_context.h"

#define LC_BACKEND_CHUNK 1024u   /* commands per secondary within a pass */
#define LC_BACKEND_MARKERS 192u  /* markers a frame may push (2 timestamps each): a pass each, a shadow view each (per cull phase), a sun cascade each and the shadow overlay's */
#define LC_BACKEND_SLOTS 2u      /* frame slots; each has its own pools per thread */

/* A marker of the last translated frame: its name, timer and timestamp queries. */
typedef struct lc_backend_marker {
    const char *name; /* points into the package stream: copy before the contexts reset */
    int32_t timer;
    uint32_t depth;   /* nesting depth, 0 outermost */
    uint32_t query_begin, query_end;
} lc_backend_marker;

typedef struct lc_backend_thread {
    VkCommandPool pool;
    VkCommandBuffer *buffers;
    uint32_t used, allocated;
} lc_backend_thread;

typedef struct lc_render_backend {
    lc_context *ctx;
    uint32_t threads;        /* command pools per slot: the most threads a frame may use */
    uint32_t active_threads; /* threads this frame (<= threads; 0: threads) */
    uint32_t chunk;
    lc_backend_thread *slots[LC_BACKEND_SLOTS]; /* [slot][thread] */
    /* The chunking of the last frame (reused buffers). */
    struct lc_backend_item *items;
    uint32_t item_count, item_capacity;
    uint32_t *prologue;
    uint32_t prologue_count, prologue_capacity;
    lc_backend_marker markers[LC_BACKEND_MARKERS];
    uint32_t marker_count;
    uint32_t secondaries; /* recorded last frame */
} lc_render_backend;

typedef struct lc_render_backend_desc {
    uint32_t threads; /* 0: lc_jobs_capacity() */
    uint32_t chunk;   /* commands per secondary within a pass; 0: LC_BACKEND_CHUNK */
} lc_render_backend_desc;

void lc_render_backend_create(lc_context *ctx, const lc_render_backend_desc *desc, lc_render_backend *b);
void lc_render_backend_destroy(lc_render_backend *b);

/* Records the sorted commands into primary (begun by the caller, outside any rendering)
 * with slot's secondaries; resets queries [0, 2 * LC_BACKEND_MARKERS) of the query pool
 * first. The slot's previous frame must have completed. Marker timestamps and names land in
 * b->markers. Misuse (a marker or barrier inside rendering, unbalanced markers, more than
 * LC_BACKEND_MARKERS) is a programming error: one message and abort. */
void lc_render_backend_translate(lc_render_backend *b, uint32_t slot, const lc_command *commands, uint32_t count,
                                 VkCommandBuffer primary, VkQueryPool queries);

/* One line describing a command without handles or pointers (kind, key fields, the
 * package's counts): the sorted stream as text, the same for every thread count. */
void lc_command_describe(const lc_command *c, char *out, size_t size);

#endif
