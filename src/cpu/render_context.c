#include "cpu/render_context.h"

#include "cpu/jobs.h"

#include <stdlib.h>
#include <string.h>

/* ---- block pool ---- */

typedef struct block_run {
    uint8_t *memory;
    uint32_t length; /* in blocks */
} block_run;

struct lc_block_pool {
    lc_jobs_lock lock; /* contexts of concurrent jobs take and return blocks */
    block_run *free;
    uint32_t free_count, free_capacity;
    uint32_t blocks, free_blocks;
};

lc_block_pool *lc_block_pool_create(void)
{
    lc_block_pool *pool = lc_calloc(1, sizeof *pool);
    lc_jobs_lock_init(&pool->lock);
    return pool;
}

void lc_block_pool_destroy(lc_block_pool *pool)
{
    if (!pool) return;
    for (uint32_t i = 0; i < pool->free_count; i++) free(pool->free[i].memory);
    free(pool->free);
    lc_jobs_lock_destroy(&pool->lock);
    free(pool);
}

uint32_t lc_block_pool_blocks(const lc_block_pool *pool) { return pool->blocks; }
uint32_t lc_block_pool_free_blocks(const lc_block_pool *pool) { return pool->free_blocks; }

/* A free block (length 1) or run of exactly length blocks, or a new one. Runs are reused
 * only at their own length: large packages come from the same few places each frame. */
static uint8_t *pool_take(lc_block_pool *pool, uint32_t length)
{
    uint8_t *memory = NULL;
    lc_jobs_lock_take(&pool->lock);
    for (uint32_t i = pool->free_count; i-- > 0;) {
        if (pool->free[i].length == length) {
            memory = pool->free[i].memory;
            pool->free[i] = pool->free[--pool->free_count];
            pool->free_blocks -= length;
            break;
        }
    }
    if (!memory) pool->blocks += length;
    lc_jobs_lock_give(&pool->lock);
    if (!memory) {
        memory = aligned_alloc(64, (size_t)length * LC_BLOCK_SIZE);
        if (!memory) {
            lc_error("out of memory for a %u-block render package run", length);
            abort();
        }
    }
    return memory;
}

static void pool_return(lc_block_pool *pool, uint8_t *memory, uint32_t length)
{
    lc_jobs_lock_take(&pool->lock);
    if (pool->free_count == pool->free_capacity) {
        pool->free_capacity = pool->free_capacity ? pool->free_capacity * 2 : 64;
        pool->free = lc_realloc(pool->free, pool->free_capacity * sizeof *pool->free);
    }
    pool->free[pool->free_count++] = (block_run){memory, length};
    pool->free_blocks += length;
    lc_jobs_lock_give(&pool->lock);
}

/* ---- context ---- */

void lc_rc_init(lc_render_context *rc, lc_block_pool *pool)
{
    memset(rc, 0, sizeof *rc);
    rc->pool = pool;
}

void lc_rc_reset(lc_render_context *rc)
{
    for (uint32_t i = 0; i < rc->block_count; i++) pool_return(rc->pool, rc->blocks[i], rc->block_lengths[i]);
    rc->block_count = 0;
    rc->count = 0;
    rc->cursor = rc->end = NULL;
}

void lc_rc_destroy(lc_render_context *rc)
{
    if (rc->pool) lc_rc_reset(rc);
    free(rc->commands);
    free(rc->blocks);
    free(rc->block_lengths);
    memset(rc, 0, sizeof *rc);
}

static uint8_t *hold(lc_render_context *rc, uint32_t length)
{
    if (rc->block_count == rc->block_capacity) {
        rc->block_capacity = rc->block_capacity ? rc->block_capacity * 2 : 8;
        rc->blocks = lc_realloc(rc->blocks, rc->block_capacity * sizeof *rc->blocks);
        rc->block_lengths = lc_realloc(rc->block_lengths, rc->block_capacity * sizeof *rc->block_lengths);
    }
    uint8_t *memory = pool_take(rc->pool, length);
    rc->blocks[rc->block_count] = memory;
    rc->block_lengths[rc->block_count++] = length;
    return memory;
}

void *lc_rc_alloc(lc_render_context *rc, size_t size)
{
    size = (size + LC_PACKAGE_ALIGN - 1) & ~(size_t)(LC_PACKAGE_ALIGN - 1);
    if (size == 0) size = LC_PACKAGE_ALIGN;
    uint8_t *p;
    if (rc->cursor && size <= (size_t)(rc->end - rc->cursor)) {
        p = rc->cursor;
        rc->cursor += size;
    } else if (size <= LC_BLOCK_SIZE) {
        /* The rest of the current block is left unused: a package never spans blocks. */
        p = hold(rc, 1);
        rc->cursor = p + size;
        rc->end = p + LC_BLOCK_SIZE;
    } else {
        /* A dedicated run; the current block keeps taking the small packages. */
        p = hold(rc, (uint32_t)LC_DIV_UP(size, (size_t)LC_BLOCK_SIZE));
    }
    memset(p, 0, size);
    return p;
}

void lc_rc_command(lc_render_context *rc, uint64_t sort_key, const void *package, lc_package_kind kind)
{
    if (rc->count == rc->capacity) {
        rc->capacity = rc->capacity ? rc->capacity * 2 : 256;
        rc->commands = lc_realloc(rc->commands, (size_t)rc->capacity * sizeof *rc->commands);
    }
    rc->commands[rc->count++] = (lc_command){sort_key, package, (uint32_t)kind};
}

/* ---- recording helpers ---- */

void lc_rc_push_marker(lc_render_context *rc, uint64_t key, const char *name, int32_t timer)
{
    size_t len = strlen(name);
    lc_pkg_marker *m = lc_rc_alloc(rc, sizeof *m + len + 1);
    m->timer = timer;
    memcpy(m->name, name, len + 1);
    lc_rc_command(rc, key, m, LC_PKG_MARKER_PUSH);
}

void lc_rc_pop_marker(lc_render_context *rc, uint64_t key) { lc_rc_command(rc, key, NULL, LC_PKG_MARKER_POP); }

void lc_rc_barrier(lc_render_context *rc, uint64_t key, const VkMemoryBarrier2 *memory, uint32_t memory_count,
                   const VkImageMemoryBarrier2 *images, uint32_t image_count)
{
    size_t head = (sizeof(lc_pkg_barrier) + 15) & ~(size_t)15;
    size_t mem_bytes = (size_t)memory_count * sizeof *memory, img_bytes = (size_t)image_count * sizeof *images;
    lc_pkg_barrier *b = lc_rc_alloc(rc, head + mem_bytes + img_bytes);
    b->memory_count = memory_count;
    b->image_count = image_count;
    b->memory = (VkMemoryBarrier2 *)((uint8_t *)b + head);
    b->images = (VkImageMemoryBarrier2 *)((uint8_t *)b + head + mem_bytes);
    if (mem_bytes) memcpy(b->memory, memory, mem_bytes);
    if (img_bytes) memcpy(b->images, images, img_bytes);
    lc_rc_command(rc, key, b, LC_PKG_BARRIER);
}

#define COPY_PACKAGE(rc, key, kind, type, value)                   \
    do {                                                           \
        type *pkg_ = lc_rc_alloc(rc, sizeof(type));                \
        *pkg_ = value;                                             \
        lc_rc_command(rc, key, pkg_, kind);                        \
    } while (0)

void lc_rc_begin_rendering(lc_render_context *rc, uint64_t key, const lc_pkg_rendering *rendering)
{
    COPY_PACKAGE(rc, key, LC_PKG_BEGIN_RENDERING, lc_pkg_rendering, *rendering);
}

void lc_rc_end_rendering(lc_render_context *rc, uint64_t key) { lc_rc_command(rc, key, NULL, LC_PKG_END_RENDERING); }

void lc_rc_viewport(lc_render_context *rc, uint64_t key, uint32_t width, uint32_t height)
{
    COPY_PACKAGE(rc, key, LC_PKG_VIEWPORT, lc_pkg_viewport, ((lc_pkg_viewport){width, height, 0, 0}));
}

void lc_rc_viewport_at(lc_render_context *rc, uint64_t key, int32_t x, int32_t y, uint32_t width, uint32_t height)
{
    COPY_PACKAGE(rc, key, LC_PKG_VIEWPORT, lc_pkg_viewport, ((lc_pkg_viewport){width, height, x, y}));
}

void lc_rc_bind_pipeline(lc_render_context *rc, uint64_t key, VkPipelineBindPoint point, VkPipeline pipeline)
{
    COPY_PACKAGE(rc, key, LC_PKG_BIND_PIPELINE, lc_pkg_bind_pipeline, ((lc_pkg_bind_pipeline){point, pipeline}));
}

void lc_rc_bind_set(lc_render_context *rc, uint64_t key, VkPipelineBindPoint point, VkPipelineLayout layout,
                    uint32_t index, VkDescriptorSet set)
{
    COPY_PACKAGE(rc, key, LC_PKG_BIND_SET, lc_pkg_bind_set, ((lc_pkg_bind_set){point, index, layout, set}));
}

void lc_rc_push_constants(lc_render_context *rc, uint64_t key, VkPipelineLayout layout, uint32_t offset, uint32_t size,
                          const void *data)
{
    lc_pkg_push_constants *p = lc_rc_alloc(rc, sizeof *p + size);
    p->layout = layout;
    p->offset = offset;
    p->size = size;
    memcpy(p->data, data, size);
    lc_rc_command(rc, key, p, LC_PKG_PUSH_CONSTANTS);
}

void lc_rc_bind_vertex_buffer(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkDeviceSize offset)
{
    COPY_PACKAGE(rc, key, LC_PKG_BIND_VERTEX, lc_pkg_bind_buffer, ((lc_pkg_bind_buffer){buffer, offset, VK_INDEX_TYPE_UINT32}));
}

void lc_rc_bind_index_buffer(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkDeviceSize offset, VkIndexType type)
{
    COPY_PACKAGE(rc, key, LC_PKG_BIND_INDEX, lc_pkg_bind_buffer, ((lc_pkg_bind_buffer){buffer, offset, type}));
}

void lc_rc_draw(lc_render_context *rc, uint64_t key, uint32_t vertex_count, uint32_t first_vertex)
{
    COPY_PACKAGE(rc, key, LC_PKG_DRAW, lc_pkg_draw, ((lc_pkg_draw){vertex_count, 1, first_vertex, 0}));
}

void lc_rc_dispatch(lc_render_context *rc, uint64_t key, uint32_t x, uint32_t y, uint32_t z)
{
    COPY_PACKAGE(rc, key, LC_PKG_DISPATCH, lc_pkg_dispatch, ((lc_pkg_dispatch){x, y, z}));
}

void lc_rc_fill_buffer(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize size,
                       uint32_t value)
{
    COPY_PACKAGE(rc, key, LC_PKG_FILL_BUFFER, lc_pkg_fill_buffer, ((lc_pkg_fill_buffer){buffer, offset, size, value}));
}

void lc_rc_copy_buffer(lc_render_context *rc, uint64_t key, VkBuffer src, VkBuffer dst, const VkBufferCopy *region)
{
    COPY_PACKAGE(rc, key, LC_PKG_COPY_BUFFER, lc_pkg_copy_buffer, ((lc_pkg_copy_buffer){src, dst, *region}));
}

void lc_rc_copy_image_to_buffer(lc_render_context *rc, uint64_t key, VkImage image, VkImageLayout layout, VkBuffer buffer,
                                const VkBufferImageCopy *region)
{
    COPY_PACKAGE(rc, key, LC_PKG_COPY_IMAGE_TO_BUFFER, lc_pkg_copy_image_to_buffer,
                 ((lc_pkg_copy_image_to_buffer){image, layout, buffer, *region}));
}

void lc_rc_copy_buffer_to_image(lc_render_context *rc, uint64_t key, VkBuffer buffer, VkImage image, VkImageLayout layout,
                                const VkBufferImageCopy *region)
{
    COPY_PACKAGE(rc, key, LC_PKG_COPY_BUFFER_TO_IMAGE, lc_pkg_copy_image_to_buffer,
                 ((lc_pkg_copy_image_to_buffer){image, layout, buffer, *region}));
}

void lc_rc_copy_image(lc_render_context *rc, uint64_t key, VkImage src, VkImageLayout src_layout, VkImage dst, VkImageLayout dst_layout,
                      const VkImageCopy *region)
{
    COPY_PACKAGE(rc, key, LC_PKG_COPY_IMAGE, lc_pkg_copy_image, ((lc_pkg_copy_image){src, dst, src_layout, dst_layout, *region}));
}

/* ---- merge and sort ---- */

typedef struct merge_job {
    lc_render_context *const *contexts;
    const uint32_t *offsets;
    lc_command *out;
} merge_job;

static void merge_copy(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const merge_job *job = user;
    for (uint32_t i = first; i < first + count; i++)
        if (job->contexts[i]->count)
            memcpy(job->out + job->offsets[i], job->contexts[i]->commands, (size_t)job->contexts[i]->count * sizeof *job->out);
}

uint32_t lc_rc_merge(lc_render_context *const *contexts, uint32_t context_count, lc_command *out, uint32_t threads)
{
    uint32_t total = 0;
    for (uint32_t i = 0; i < context_count; i++) total += contexts[i]->count;
    /* Large contexts copy in parallel; the offsets are fixed first, so order is by context. */
    if (threads < 2 || total < 16384) {
        uint32_t at = 0;
        for (uint32_t i = 0; i < context_count; i++) {
            /* A context that recorded nothing may hold no array at all (memcpy's null source). */
            if (contexts[i]->count) memcpy(out + at, contexts[i]->commands, (size_t)contexts[i]->count * sizeof *out);
            at += contexts[i]->count;
        }
        return total;
    }
    uint32_t *offsets = lc_alloc((size_t)(context_count + 1) * sizeof *offsets);
    offsets[0] = 0;
    for (uint32_t i = 0; i < context_count; i++) offsets[i + 1] = offsets[i] + contexts[i]->count;
    merge_job job = {contexts, offsets, out};
    lc_jobs_run_on(threads, context_count, 1, merge_copy, &job);
    free(offsets);
    return total;
}

#define RADIX_MAX_THREADS 64

/* Stable counting passes over the bytes in `bytes` (one team, barriers between passes).
 * Slice t of the source scatters after all smaller digits and after the same digit in slices
 * before t, so the output is the stable order whatever the team size. The result ends in src
 * (after an odd number of passes each thread copies its slice back). */
typedef struct radix_team {
    lc_command *src, *dst;
    uint32_t n, byte_count, threads;
    const uint32_t *bytes;
    uint32_t (*counts)[256];
} radix_team;

/* Digit d of slice s scatters to counts[s][d]: the exclusive prefix over (digit, slice). */
static void radix_offsets(void *user)
{
    radix_team *rt = user;
    uint32_t sum = 0;
    for (uint32_t d = 0; d < 256; d++)
        for (uint32_t s = 0; s < rt->threads; s++) {
            uint32_t k = rt->counts[s][d];
            rt->counts[s][d] = sum;
            sum += k;
        }
}

static void radix_member(void *user, uint32_t t, uint32_t nt)
{
    radix_team *rt = user;
    uint32_t lo = lc_jobs_team_split(rt->n, t, nt), hi = lc_jobs_team_split(rt->n, t + 1, nt);
    lc_command *from = rt->src, *to = rt->dst;
    for (uint32_t b = 0; b < rt->byte_count; b++) {
        uint32_t shift = 8 * rt->bytes[b], *c = rt->counts[t];
        memset(c, 0, 256 * sizeof *c);
        for (uint32_t i = lo; i < hi; i++) c[(from[i].sort_key >> shift) & 0xffu]++;
        lc_jobs_team_single(radix_offsets, rt);
        for (uint32_t i = lo; i < hi; i++) to[c[(from[i].sort_key >> shift) & 0xffu]++] = from[i];
        lc_jobs_team_barrier();
        lc_command *x = from;
        from = to;
        to = x;
    }
    if (from != rt->src) memcpy(rt->src + lo, from + lo, (size_t)(hi - lo) * sizeof *rt->src);
}

static void radix_team_start(void *user, uint32_t t, uint32_t nt)
{
    radix_team *rt = user;
    if (t == 0) rt->threads = nt;
    lc_jobs_team_barrier();
    radix_member(rt, t, nt);
}

/* The keys' OR and AND over each slice, combined in slice order afterwards. */
typedef struct key_bits_job {
    const lc_command *commands;
    uint64_t *or_bits, *and_bits; /* per chunk */
    uint32_t chunk;
} key_bits_job;

static void key_bits(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    key_bits_job *job = user;
    uint64_t o = 0, a = ~0ull;
    for (uint32_t i = first; i < first + count; i++) {
        o |= job->commands[i].sort_key;
        a &= job->commands[i].sort_key;
    }
    job->or_bits[first / job->chunk] = o;
    job->and_bits[first / job->chunk] = a;
}

void lc_commands_sort(lc_command *commands, lc_command *scratch, uint32_t n, uint32_t threads)
{
    if (n < 2) return;
    if (n < 16384) threads = 1; /* too small to pay for a parallel region */
    threads = LC_CLAMP(threads, 1u, (uint32_t)RADIX_MAX_THREADS);
    /* The bytes that vary: one read, shared by the threads (the parallel passes count their
     * own digits); on one thread the same read also counts every byte's digits (the
     * whole-array counts do not depend on order), so each pass only scatters. */
    static _Thread_local uint32_t hist[8][256];
    uint64_t all_or = 0, all_and = ~0ull;
    if (threads > 1) {
        uint64_t or_bits[RADIX_MAX_THREADS], and_bits[RADIX_MAX_THREADS];
        key_bits_job job = {commands, or_bits, and_bits, LC_DIV_UP(n, threads)};
        lc_jobs_run_on(threads, n, job.chunk, key_bits, &job);
        for (uint32_t c = 0; c < lc_jobs_chunks(n, job.chunk); c++) {
            all_or |= or_bits[c];
            all_and &= and_bits[c];
        }
    } else {
        memset(hist, 0, sizeof hist);
        for (uint32_t i = 0; i < n; i++) {
            uint64_t k = commands[i].sort_key;
            all_or |= k;
            all_and &= k;
            for (int b = 0; b < 8; b++) hist[b][(k >> (8 * b)) & 0xffu]++;
        }
    }
    uint64_t varying = all_or ^ all_and;
    uint32_t bytes[8], byte_count = 0;
    for (uint32_t b = 0; b < 8; b++)
        if ((varying >> (8 * b)) & 0xffu) bytes[byte_count++] = b; /* skip bytes every key shares */
    if (threads > 1) {
        uint32_t counts[RADIX_MAX_THREADS][256];
        radix_team rt = {commands, scratch, n, byte_count, 0, bytes, counts};
        lc_jobs_team_on(threads, radix_team_start, &rt);
        return;
    }
    lc_command *src = commands, *dst = scratch;
    for (uint32_t k = 0; k < byte_count; k++) {
        uint32_t shift = 8 * bytes[k], offset[256], sum = 0;
        for (uint32_t d = 0; d < 256; d++) offset[d] = sum, sum += hist[bytes[k]][d];
        for (uint32_t i = 0; i < n; i++) dst[offset[(src[i].sort_key >> shift) & 0xffu]++] = src[i];
        lc_command *t = src;
        src = dst;
        dst = t;
    }
    if (src != commands) memcpy(commands, src, (size_t)n * sizeof *commands);
}
