/* Render contexts (Stingray's RenderContext): what a job records instead of Vulkan calls.
 * A context is an array of commands {64-bit sort key, package pointer, flags} beside a
 * package stream: the packages (self-contained data for one state change, draw, dispatch,
 * barrier or marker) live in fixed-size blocks from a block pool that all contexts share.
 * Contexts are merged and radix-sorted on the keys (sort_key.h), then the backend
 * (render_backend.h) translates the sorted commands into Vulkan. One package can be
 * referenced by several commands with different keys (a multi-pass draw).
 *
 * Threads: one context per job; the pool is shared under an OpenMP lock. Blocks go back to
 * the pool with lc_rc_reset, once the backend has translated the frame that used them. */
#ifndef LC_RENDER_CONTEXT_H
#define LC_RENDER_CONTEXT_H

#include <volk.h>

#include "common.h"

/* Package stream blocks. A package never spans blocks; one larger than a block gets a
 * dedicated run of contiguous blocks, recycled as a run of the same length. */
#define LC_BLOCK_SIZE (64u * 1024u)
#define LC_PACKAGE_ALIGN 16u

typedef struct lc_block_pool lc_block_pool;
lc_block_pool *lc_block_pool_create(void);
void lc_block_pool_destroy(lc_block_pool *pool);
/* Blocks the pool has allocated (in use + free): flat once the workload is. */
uint32_t lc_block_pool_blocks(const lc_block_pool *pool);
uint32_t lc_block_pool_free_blocks(const lc_block_pool *pool);

/* Package kinds (the low byte of lc_command.flags), so the backend knows what a command
 * points to without reading the package. */
typedef enum lc_package_kind {
    LC_PKG_MARKER_PUSH = 1, /* debug label + GPU timestamp (lc_pkg_marker) */
    LC_PKG_MARKER_POP,      /* no package */
    LC_PKG_BARRIER,         /* lc_pkg_barrier */
    LC_PKG_BEGIN_RENDERING, /* lc_pkg_rendering */
    LC_PKG_END_RENDERING,   /* no package */
    LC_PKG_VIEWPORT,        /* lc_pkg_viewport: viewport and scissor */
    LC_PKG_BIND_PIPELINE,   /* lc_pkg_bind_pipeline */
    LC_PKG_BIND_SET,        /* lc_pkg_bind_set */
    LC_PKG_PUSH_CONSTANTS,  /* lc_pkg_push_constants */
    LC_PKG_BIND_VERTEX,     /* lc_pkg_bind_buffer */
    LC_PKG_BIND_INDEX,      /* lc_pkg_bind_buffer */
    LC_PKG_DRAW,            /* lc_pkg_draw */
    LC_PKG_DRAW_INDEXED,    /* lc_pkg_draw_indexed (multi-pass: shader pass from the key) */
    LC_PKG_DISPATCH,        /* lc_pkg_dispatch */
    LC_PKG_FILL_BUFFER,     /* lc_pkg_fill_buffer */
    LC_PKG_COPY_IMAGE_TO_BUFFER, /* lc_pkg_copy_image_to_buffer */
    LC_PKG_DRAW_INDIRECT_COUNT,  /* lc_pkg_draw_indirect_count (multi-pass like LC_PKG_DRAW_INDEXED) */
    LC_PKG_COPY_BUFFER,          /* lc_pkg_copy_buffer */
    LC_PKG_DRAW_MESH_TASKS,      /* lc_pkg_draw_mesh_tasks (multi-pass like LC_PKG_DRAW_INDEXED) */
    LC_PKG_COPY_BUFFER_TO_IMAGE, /* lc_pkg_copy_image_to_buffer (the same fields, the other way) */
    LC_PKG_COPY_IMAGE,           /* lc_pkg_copy_image */
    LC_PKG_KIND_COUNT
} lc_package_kind;
#define LC_PKG_KIND_MASK 0xffu

typedef struct lc_command {
    uint64_t sort_key;
    const void *package;
    uint32_t flags; /* lc_package_kind in the low byte */
} lc_command;

typedef struct lc_pkg_marker {
    int32_t timer; /* the frame's timer this marker adds to; -1: none */
    char name[];   /* NUL-terminated */
} lc_pkg_marker;

typedef struct lc_pkg_barrier {
    uint32_t memory_count, image_count;
    VkMemoryBarrier2 *memory;
    VkImageMemoryBarrier2 *images;
} lc_pkg_barrier;

/* Dynamic rendering over the rectangle at (x, y) (0, 0: the whole extent); a null view means no
 * such attachment. Cleared attachments are cleared within the rectangle only (a shadow atlas
 * tile). */
typedef struct lc_pkg_rendering {
    uint32_t width, height;
    int32_t x, y;
    VkImageView color;
    VkFormat color_format;
    VkAttachmentLoadOp color_load;
    VkClearColorValue clear_color;
    VkImageView depth;
    VkFormat depth_format;
    VkImageLayout depth_layout;
    VkAttachmentLoadOp depth_load;
    VkAttachmentStoreOp depth_store;
} lc_pkg_rendering;

typedef struct lc_pkg_viewport { uint32_t width, height; int32_t x, y; } lc_pkg_viewport; /* viewport = scissor */
typedef struct lc_pkg_bind_pipeline { VkPipelineBindPoint point; VkPipeline pipeline; } lc_pkg_bind_pipeline;
typedef struct lc_pkg_bind_set {
    VkPipelineBindPoint point;
    uint32_t index;
    VkPipelineLayout layout;
    VkDescriptorSet set;
} lc_pkg_bind_set;
typedef struct lc_pkg_push_constants {
    VkPipelineLayout layout;
    uint32_t offset, size;
    uint8_t data[];
} lc_pkg_push_constants;
typedef struct lc_pkg_bind_buffer { VkBuffer buffer; VkDeviceSize offset; VkIndexType index_type; } lc_pkg_bind_buffer;
typedef struct lc_pkg_draw { uint32_t vertex_count, instance_count, first_vertex, first_instance; } lc_pkg_draw;
/* How a scene draw binds its material and sets its raster state. With LC_SHADER_PASS_MATERIAL
 * in the command's key the backend binds set at set index set_index and pushes constants (16
 * bytes at offset 0) first, unless the same material is bound already. */
typedef struct lc_draw_material {
    uint32_t material;
    uint32_t set_index;
    VkPipelineLayout layout;
    VkDescriptorSet set;
    float constants[8]; /* push constants at 0: base colour, then alpha (x: a MASK material's cutoff) */
    uint32_t raster; /* LC_RASTER_* (shared/lc_geometry.h): cull mode and front face; 0: not set */
} lc_draw_material;
/* One indexed draw. */
typedef struct lc_pkg_draw_indexed {
    uint32_t index_count, instance_count, first_index;
    int32_t vertex_offset;
    uint32_t first_instance;
    lc_draw_material mat;
} lc_pkg_draw_indexed;
/* vkCmdDrawIndexedIndirectCount: the GPU culling's draws of one bucket (one material and
 * winding). */
typedef struct lc_pkg_draw_indirect_count {
    VkBuffer buffer, count_buffer;
    VkDeviceSize offset, count_offset;
    uint32_t max_draws, stride;
    lc_draw_material mat;
} lc_pkg_draw_indirect_count;
/* vkCmdDrawMeshTasksEXT (the mesh path): the task workgroups of one bucket, after pushing
 * push (push_size bytes at push_offset: the task shader's bucket range and phase; the
 * material's constants go first). */
typedef struct lc_pkg_draw_mesh_tasks {
    uint32_t group_count;
    /* --mesh-dispatch indirect: vkCmdDrawMeshTasksIndirectCountEXT of up to max_draws
     * commands at offset in buffer (count at count_offset in count_buffer) in place of
     * group_count task workgroups; VK_NULL_HANDLE buffer: the direct draw. */
    VkBuffer buffer, count_buffer;
    VkDeviceSize offset, count_offset;
    uint32_t max_draws;
    uint32_t push_offset, push_size;
    uint8_t push[32];
    lc_draw_material mat;
} lc_pkg_draw_mesh_tasks;
typedef struct lc_pkg_dispatch { uint32_t x, y, z; } lc_pkg_dispatch;
typedef struct lc_pkg_fill_buffer { VkBuffer buffer; VkDeviceSize offset, size; uint32_t value; } lc_pkg_fill_buffer;
typedef struct lc_pkg_copy_buffer { VkBuffer src, dst; VkBufferCopy region; } lc_pkg_copy_buffer;
typedef struct lc_pkg_copy_image_to_buffer {
    VkImage image;
    VkImageLayout layout;
    VkBuffer buffer;
    VkBufferImageCopy region;
} lc_pkg_copy_image_to_buffer;
typedef struct lc_pkg_copy_image {
    VkImage src, dst;
    VkImageLayout src_layout, dst_layout;
    VkImageCopy region;
} lc_pkg_copy_image;

typedef struct lc_render_context {
    lc_block_pool *pool;
    lc_command *commands;
    uint32_t count, capacity;
    /* Blocks (and runs) held this frame, returned by lc_rc_reset. */
    uint8_t **blocks;
    uint32_t *block_lengths; /* 1, or the run's length in blocks */
    uint32_t block_count, block_capacity;
    uint8_t *cursor, *end;
} lc_render_context;

void lc_rc_init(lc_render_context *rc, lc_block_pool *pool);
void lc_rc_destroy(lc_render_context *rc);
/* Forgets the commands and returns the blocks to the pool. */
void lc_rc_reset(lc_render_context *rc);

/* size bytes of package memory (LC_PACKAGE_ALIGN-aligned, zeroed), valid until the reset. */
void *lc_rc_alloc(lc_render_context *rc, size_t size);
/* Appends a command pointing to package (NULL for kinds without one). */
void lc_rc_command(lc_render_context *rc, uint64_t sort_key, const void *package, lc_package_kind kind);

/* Recording helpers: each copies its arguments into one package and appends one command. */
void lc_rc_push_marker(lc_render_context *rc, uint64_t key, const char *name, int32_t timer);
void lc_rc_pop_marker(lc_render_context *rc, uint64_t key);
void lc_rc_barrier(lc_render_context *rc, uint64_t key, const VkMemoryBarrier2 *memory, uint32_t memory_count,
                   const VkImageMemoryBarrier2 *images, uint32_t image_count);
void lc_rc_begin_rendering(lc_render_context *rc, uint64_t key, const lc_pkg_rendering *rendering);
void lc_rc_end_rendering(lc_render_context *rc, uint64_t key);
void lc_rc_viewport(lc_render_context *rc, uint64_t key, uint32_t width, uint32_t height);
/* The viewport and scissor over the rectangle at (x, y) (a shadow atlas tile). */
void lc_rc_viewport_at(lc_render_context *rc, uint64_t key, int32_t x, int32_t y, uint32_t width, uint32_t height);
void lc_rc_bind_pipeline(lc_render_context *rc, uint64_t key, VkPipelineBindPoint point, VkPipeline pipeline);
void lc_rc_bind_set(lc_render_context *rc, uint64_t key, VkPipelineBindPoint point, VkPipelineLayout layout,
                    uint32_t index, VkDescriptorSet set);
void lc_rc_push_constants(lc_render_context *rc, uint64_t key, VkPipelineLayout layout, uint32_t offset, uint32_t size,
                          const void *data);
void lc_rc_bind_vertex_buffer(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkDeviceSize offset);
void lc_rc_bind_index_buffer(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkDeviceSize offset, VkIndexType type);
void lc_rc_draw(lc_render_context *rc, uint64_t key, uint32_t vertex_count, uint32_t first_vertex);
void lc_rc_dispatch(lc_render_context *rc, uint64_t key, uint32_t x, uint32_t y, uint32_t z);
void lc_rc_fill_buffer(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize size,
                       uint32_t value);
void lc_rc_copy_buffer(lc_render_context *rc, uint64_t key, VkBuffer src, VkBuffer dst, const VkBufferCopy *region);
void lc_rc_copy_buffer_to_image(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkImage image, VkImageLayout layout,
                                const VkBufferImageCopy *region);
void lc_rc_copy_image_to_buffer(lc_render_context *rc, uint64_t key, VkImage image, VkImageLayout layout, VkBuffer buffer,
                                const VkBufferImageCopy *region);
void lc_rc_copy_image(lc_render_context *rc, uint64_t key, VkImage src, VkImageLayout src_layout, VkImage dst, VkImageLayout dst_layout,
                      const VkImageCopy *region);

/* Concatenates the contexts' commands in context order into out (room for all); threads
 * copy in parallel. Returns the count. */
uint32_t lc_rc_merge(lc_render_context *const *contexts, uint32_t context_count, lc_command *out, uint32_t threads);
/* Stable LSD radix sort on sort_key over the key bytes that vary (scratch: room for n).
 * Threads count their slice of each pass and scatter in slice order, so the result is the
 * same for any thread count. */
void lc_commands_sort(lc_command *commands, lc_command *scratch, uint32_t n, uint32_t threads);

#endif
