/* Jobs (src/cpu/jobs.c): every item of [0, count) is handed out exactly once, in chunks of
 * work_size starting at multiples of it, with thread indices below lc_jobs_threads(), for odd
 * counts and chunk sizes, one thread or many; a job kicked from inside a job runs inline;
 * lc_jobs_init clamps and defaults. */
#include "cpu/jobs.h"
#include "common.h"
#include "test_util.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

typedef struct cover {
    uint8_t *hits;
    uint32_t work_size, count, threads;
    uint32_t *chunk_thread; /* per chunk: the thread that ran it */
    uint32_t bad;           /* chunks with a wrong offset, count or thread (one writer per chunk) */
    uint8_t *chunk_bad;
} cover;

static void cover_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    cover *c = user;
    uint32_t chunk = offset / c->work_size;
    bool ok = offset % c->work_size == 0 && count >= 1 && count <= c->work_size && offset + count <= c->count &&
              (count == c->work_size || offset + count == c->count) && thread < c->threads;
    c->chunk_bad[chunk] = !ok;
    c->chunk_thread[chunk] = thread;
    /* Chunks own disjoint ranges: plain writes, no atomics (ThreadSanitizer would see overlap). */
    for (uint32_t i = offset; i < offset + count && i < c->count; i++) c->hits[i]++;
}

static void test_coverage(void)
{
    static const uint32_t counts[] = {0, 1, 2, 7, 63, 511, 512, 513, 1000, 4097, 100003};
    static const uint32_t sizes[] = {1, 3, 64, 512, 1000, 1u << 20};
    static const uint32_t threads[] = {1, 2, 3, 8, 17};
    uint32_t wrong = 0, bad_chunks = 0, runs = 0, used_other_thread = 0;
    for (size_t ti = 0; ti < LC_ARRAY_COUNT(threads); ti++) {
        lc_jobs_init(threads[ti]);
        CHECK(lc_jobs_threads() == threads[ti]);
        for (size_t ci = 0; ci < LC_ARRAY_COUNT(counts); ci++) {
            for (size_t si = 0; si < LC_ARRAY_COUNT(sizes); si++) {
                uint32_t n = counts[ci], ws = sizes[si];
                if (n / ws > 20000) continue; /* one-item chunks of 100,003: slow and no news */
                uint32_t chunks = lc_jobs_chunks(n, ws);
                CHECK(chunks == (n + ws - 1) / ws);
                cover c = {.hits = calloc(n + 1, 1), .work_size = ws, .count = n, .threads = threads[ti],
                           .chunk_thread = calloc(chunks + 1, sizeof(uint32_t)), .chunk_bad = calloc(chunks + 1, 1)};
                memset(c.chunk_bad, 1, chunks); /* a chunk never run stays bad */
                lc_jobs_run(n, ws, cover_job, &c);
                for (uint32_t i = 0; i < n; i++) wrong += c.hits[i] != 1;
                for (uint32_t k = 0; k < chunks; k++) {
                    bad_chunks += c.chunk_bad[k];
                    used_other_thread += c.chunk_thread[k] != 0;
                }
                runs++;
                free(c.hits), free(c.chunk_thread), free(c.chunk_bad);
            }
        }
    }
    printf("jobs: %u runs, %u chunks ran on a thread other than the caller\n", runs, used_other_thread);
    CHECK_MSG(wrong == 0, "%u items not processed exactly once", wrong);
    CHECK_MSG(bad_chunks == 0, "%u chunks missing or with a bad offset, count or thread", bad_chunks);
}

typedef struct nest {
    uint32_t inner_items[64];
    uint32_t bad;
    uint8_t chunk_bad[64];
} nest;

typedef struct inner_ctx {
    nest *n;
    uint32_t outer, thread;
} inner_ctx;

static void inner_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    inner_ctx *c = user;
    /* Inline: the same thread as the outer chunk. */
    if (thread != c->thread) c->n->chunk_bad[c->outer] = 1;
    c->n->inner_items[c->outer] += count;
    (void)offset;
}

static void outer_job(void *user, uint32_t offset, uint32_t count, uint32_t thread)
{
    (void)count;
    nest *n = user;
    inner_ctx c = {n, offset, thread};
    lc_jobs_run(100, 7, inner_job, &c);
}

static void test_nested(void)
{
    lc_jobs_init(4);
    nest n = {0};
    lc_jobs_run(64, 1, outer_job, &n);
    uint32_t bad = 0;
    for (int i = 0; i < 64; i++) bad += n.inner_items[i] != 100 || n.chunk_bad[i];
    CHECK_MSG(bad == 0, "%u nested jobs did not run inline and whole", bad);
}

static void test_init(void)
{
    lc_jobs_init(0);
    CHECK(lc_jobs_threads() == (uint32_t)LC_CLAMP(omp_get_max_threads(), 1, (int)LC_JOBS_MAX_THREADS));
    lc_jobs_init(100000);
    CHECK(lc_jobs_threads() == LC_JOBS_MAX_THREADS);
    lc_jobs_init(1);
    CHECK(lc_jobs_threads() == 1);
    CHECK(lc_jobs_chunks(0, 512) == 0 && lc_jobs_chunks(1, 512) == 1 && lc_jobs_chunks(513, 512) == 2);
    CHECK(lc_jobs_chunks(UINT32_MAX, 1) == UINT32_MAX && lc_jobs_chunks(UINT32_MAX, 2) == (UINT32_MAX / 2) + 1);
}

int main(void)
{
    test_init();
    test_coverage();
    test_nested();
    return lc_test_finish("test_jobs");
}
