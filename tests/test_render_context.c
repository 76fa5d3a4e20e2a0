/* Render contexts without a GPU: the sort key's field order and depth mapping, the radix
 * sort against a reference stable sort for any thread count, sorted output independent of
 * how commands were split over contexts, multi-pass packages, packages never spanning
 * blocks, and the block pool staying flat over 2,000 frames. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/render_context.h"
#include "cpu/sort_key.h"
#include "test_util.h"

static void test_key_order(void)
{
    /* Each field outranks every field after it. */
    uint64_t lo = lc_sort_key_draw(3, LC_SEQ_WORK, 1, 5, 7, 100);
    CHECK(lc_sort_key_draw(4, 0, 0, 0, 0, 0) > lc_sort_key_draw(3, 255, 15, 4095, 4095, 65535));
    CHECK(lc_sort_key_draw(3, LC_SEQ_WORK + 1, 0, 0, 0, 0) > lc_sort_key_draw(3, LC_SEQ_WORK, 15, 4095, 4095, 65535));
    CHECK(lc_sort_key_draw(3, LC_SEQ_WORK, 2, 0, 0, 0) > lc_sort_key_draw(3, LC_SEQ_WORK, 1, 4095, 4095, 65535));
    CHECK(lc_sort_key_draw(3, LC_SEQ_WORK, 1, 6, 0, 0) > lc_sort_key_draw(3, LC_SEQ_WORK, 1, 5, 4095, 65535));
    CHECK(lc_sort_key_draw(3, LC_SEQ_WORK, 1, 5, 8, 0) > lc_sort_key_draw(3, LC_SEQ_WORK, 1, 5, 7, 65535));
    CHECK(lc_sort_key_draw(3, LC_SEQ_WORK, 1, 5, 7, 101) > lo);
    /* Fields round-trip and are masked to their width. */
    CHECK(lc_sort_key_pass(lo) == 3 && lc_sort_key_seq(lo) == LC_SEQ_WORK && lc_sort_key_shader_pass(lo) == 1);
    CHECK(lc_sort_key_pipeline(lo) == 5 && lc_sort_key_material(lo) == 7 && lc_sort_key_depth(lo) == 100);
    uint64_t masked = lc_sort_key_draw(1, 2, 0x13, 0x1005, 0x1006, 0x10007);
    CHECK(lc_sort_key_pass(masked) == 1 && lc_sort_key_seq(masked) == 2 && lc_sort_key_shader_pass(masked) == 3);
    CHECK(lc_sort_key_pipeline(masked) == 5 && lc_sort_key_material(masked) == 6 && lc_sort_key_depth(masked) == 7);
    /* A pass's steps in order: marker, barriers, begin, state, work, end, marker. */
    uint32_t seq[] = {LC_SEQ_MARKER_PUSH, LC_SEQ_BARRIER, LC_SEQ_BEGIN, LC_SEQ_STATE, LC_SEQ_WORK, LC_SEQ_END, LC_SEQ_MARKER_POP};
    for (size_t i = 1; i < LC_ARRAY_COUNT(seq); i++) CHECK(lc_sort_key(2, seq[i]) > lc_sort_key(2, seq[i - 1]));
    /* Depth: front to back, monotonic, clamped; back to front reverses it. */
    uint32_t prev = 0;
    for (float d = 0.05f; d < 500.0f; d *= 1.01f) {
        uint32_t q = lc_sort_depth(d, 0.05f, 400.0f);
        CHECK_MSG(q >= prev, "depth %f maps to %u after %u", d, q, prev);
        prev = q;
    }
    CHECK(lc_sort_depth(0.01f, 0.05f, 400.0f) == 0 && lc_sort_depth(1000.0f, 0.05f, 400.0f) == LC_KEY_DEPTH_MAX);
    CHECK(lc_sort_depth(1.0f, 0.05f, 400.0f) < lc_sort_depth(1.1f, 0.05f, 400.0f)); /* 10 % apart: distinct */
    CHECK(lc_sort_depth(100.0f, 0.05f, 400.0f) < lc_sort_depth(110.0f, 0.05f, 400.0f));
    CHECK(lc_sort_depth_back_to_front(1.0f, 0.05f, 400.0f) > lc_sort_depth_back_to_front(2.0f, 0.05f, 400.0f));
}

/* Reference: stable merge sort on the key. */
static void merge_sort(lc_command *a, lc_command *tmp, uint32_t n)
{
    if (n < 2) return;
    uint32_t h = n / 2;
    merge_sort(a, tmp, h);
    merge_sort(a + h, tmp, n - h);
    uint32_t i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = a[j].sort_key < a[i].sort_key ? a[j++] : a[i++];
    while (i < h) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    memcpy(a, tmp, n * sizeof *a);
}

static uint64_t random_key(void)
{
    /* Few distinct passes and materials (many equal keys: stability matters), full depth range. */
    uint64_t r = lc_test_rnd64();
    return lc_sort_key_draw((uint32_t)(r % 5), (uint32_t)(r >> 8) % 3 ? LC_SEQ_WORK : LC_SEQ_STATE, (uint32_t)(r >> 16) & 1,
                            (uint32_t)(r >> 20) % 3, (uint32_t)(r >> 24) % 17, (uint32_t)(r >> 32) % 300);
}

/* Keys varying in every field's bytes, duplicates included. */
static uint64_t random_wide_key(void)
{
    uint64_t r = lc_test_rnd64();
    return (r & 0xffff0000ffff0000ull) | ((r >> 7) % 5);
}

static void test_radix_sort(void)
{
    const uint32_t sizes[] = {0, 1, 2, 100, 4095, 4096, 50000, 100, 50000};
    for (size_t s = 0; s < LC_ARRAY_COUNT(sizes); s++) {
        uint32_t n = sizes[s];
        bool wide = s >= 7;
        lc_command *in = lc_alloc((n + 1) * sizeof *in), *ref = lc_alloc((n + 1) * sizeof *ref);
        lc_command *got = lc_alloc((n + 1) * sizeof *got), *tmp = lc_alloc((n + 1) * sizeof *tmp);
        lc_test_seed(n + 11);
        for (uint32_t i = 0; i < n; i++)
            in[i] = (lc_command){wide ? random_wide_key() : random_key(), (const void *)(uintptr_t)(i + 1), i};
        memcpy(ref, in, n * sizeof *in);
        merge_sort(ref, tmp, n);
        for (uint32_t threads = 1; threads <= 4; threads++) {
            memcpy(got, in, n * sizeof *in);
            lc_commands_sort(got, tmp, n, threads);
            bool same = true;
            for (uint32_t i = 0; i < n; i++)
                same &= got[i].sort_key == ref[i].sort_key && got[i].package == ref[i].package && got[i].flags == ref[i].flags;
            CHECK_MSG(same, "radix sort of %u %s commands on %u threads differs from the stable reference", n,
                      wide ? "wide-key" : "narrow-key", threads);
        }
        free(in), free(ref), free(got), free(tmp);
    }
}

/* The same commands recorded into 1, 2, 3, 7 or 64 contexts (contiguous runs, as jobs take
 * chunks), merged and sorted on 1 to 4 threads: one sorted stream. Packages carry their
 * recording index so streams compare by content. */
static void test_split_independence(void)
{
    lc_block_pool *pool = lc_block_pool_create();
    const uint32_t n = 20000;
    uint64_t *keys = lc_alloc(n * sizeof *keys);
    lc_test_seed(99);
    for (uint32_t i = 0; i < n; i++) keys[i] = random_key();
    uint32_t *first = NULL;
    const uint32_t splits[] = {1, 2, 3, 7, 64};
    lc_render_context rcs[64];
    lc_render_context *list[64];
    lc_command *out = lc_alloc(2 * n * sizeof *out), *tmp = lc_alloc(2 * n * sizeof *tmp);
    for (uint32_t i = 0; i < 64; i++) lc_rc_init(&rcs[i], pool), list[i] = &rcs[i];
    for (size_t s = 0; s < LC_ARRAY_COUNT(splits); s++) {
        for (uint32_t threads = 1; threads <= 4; threads++) {
            uint32_t k = splits[s];
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
            for (uint32_t c = 0; c < k; c++) {
                for (uint32_t i = n * c / k; i < n * (c + 1) / k; i++) {
                    /* Multi-pass: one package, two commands in different passes. */
                    uint32_t *pkg = lc_rc_alloc(&rcs[c], sizeof *pkg);
                    *pkg = i;
                    lc_rc_command(&rcs[c], keys[i], pkg, LC_PKG_DRAW_INDEXED);
                    lc_rc_command(&rcs[c], keys[i] ^ (1ull << LC_KEY_SHADER_PASS_SHIFT), pkg, LC_PKG_DRAW_INDEXED);
                }
            }
            uint32_t m = lc_rc_merge(list, k, out, threads);
            CHECK(m == 2 * n);
            lc_commands_sort(out, tmp, m, threads);
            uint32_t *ids = lc_alloc(m * sizeof *ids);
            for (uint32_t i = 0; i < m; i++) ids[i] = *(const uint32_t *)out[i].package;
            for (uint32_t i = 1; i < m; i++) CHECK(out[i - 1].sort_key <= out[i].sort_key);
            if (!first) {
                first = ids;
                /* Both commands of a package point at the same bytes. */
                uint32_t seen = 0;
                for (uint32_t i = 0; i < m; i++) seen += ids[i] == 17;
                CHECK(seen == 2);
            } else {
                CHECK_MSG(memcmp(first, ids, m * sizeof *ids) == 0, "sorted stream differs with %u contexts on %u threads",
                          k, threads);
                free(ids);
            }
            for (uint32_t c = 0; c < k; c++) lc_rc_reset(&rcs[c]);
        }
    }
    for (uint32_t i = 0; i < 64; i++) lc_rc_destroy(&rcs[i]);
    free(first), free(keys), free(out), free(tmp);
    lc_block_pool_destroy(pool);
}

/* Whether [p, p + size) lies inside one block or run the context holds. */
static bool inside_one_block(const lc_render_context *rc, const uint8_t *p, size_t size)
{
    for (uint32_t i = 0; i < rc->block_count; i++) {
        const uint8_t *b = rc->blocks[i];
        if (p >= b && p + size <= b + (size_t)rc->block_lengths[i] * LC_BLOCK_SIZE) return true;
    }
    return false;
}

/* 2,000 frames of 4 contexts (on 2 threads every 100th frame: a parallel region a frame
 * costs more than the test on a loaded 2-core machine) with a workload that cycles every 10 frames
 * (up to ~120 KiB of packages a context, one 200 KiB package every 5th frame): after the
 * first cycle the pool allocates nothing more. */
static void test_block_pool_flat(void)
{
    lc_block_pool *pool = lc_block_pool_create();
    lc_render_context rcs[4];
    for (int i = 0; i < 4; i++) lc_rc_init(&rcs[i], pool);
    uint32_t after_warmup = 0, spans = 0;
    for (uint32_t frame = 0; frame < 2000; frame++) {
#pragma omp parallel for num_threads(frame % 100 ? 1 : 2) schedule(dynamic, 1) reduction(+ : spans)
        for (int c = 0; c < 4; c++) {
            lc_render_context *rc = &rcs[c];
            uint32_t packages = 200 + 150 * ((frame + (uint32_t)c) % 10);
            for (uint32_t i = 0; i < packages; i++) {
                size_t size = 16 + (i * 37 + frame) % 120;
                uint8_t *p = lc_rc_alloc(rc, size);
                spans += !inside_one_block(rc, p, size);
                lc_rc_command(rc, i, p, LC_PKG_DRAW);
            }
            if (frame % 5 == (uint32_t)c) {
                size_t big = 200 * 1024;
                uint8_t *p = lc_rc_alloc(rc, big);
                spans += !inside_one_block(rc, p, big);
                p[big - 1] = 1; /* the whole run is ours */
            }
        }
        for (int c = 0; c < 4; c++) lc_rc_reset(&rcs[c]);
        CHECK(lc_block_pool_free_blocks(pool) == lc_block_pool_blocks(pool)); /* every block came back */
        if (frame == 20) after_warmup = lc_block_pool_blocks(pool);
        if (frame > 20 && lc_block_pool_blocks(pool) != after_warmup) {
            CHECK_MSG(false, "frame %u: the pool grew from %u to %u blocks", frame, after_warmup, lc_block_pool_blocks(pool));
            break;
        }
    }
    CHECK(spans == 0);
    CHECK(after_warmup > 4); /* the workload needs several blocks: the test measures something */
    printf("block pool: %u blocks (%u KiB) flat over 2000 frames\n", after_warmup, after_warmup * (LC_BLOCK_SIZE / 1024));
    for (int i = 0; i < 4; i++) lc_rc_destroy(&rcs[i]);
    lc_block_pool_destroy(pool);
}

static void test_packages(void)
{
    lc_block_pool *pool = lc_block_pool_create();
    lc_render_context rc;
    lc_rc_init(&rc, pool);
    lc_rc_push_marker(&rc, 5, "outer", 2);
    VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2, .srcStageMask = 1, .dstStageMask = 2};
    lc_rc_barrier(&rc, 6, &mb, 1, NULL, 0);
    float pc[4] = {1, 2, 3, 4};
    lc_rc_push_constants(&rc, 7, VK_NULL_HANDLE, 0, sizeof pc, pc);
    lc_rc_pop_marker(&rc, 8);
    CHECK(rc.count == 4);
    const lc_pkg_marker *m = rc.commands[0].package;
    CHECK(rc.commands[0].flags == LC_PKG_MARKER_PUSH && m->timer == 2 && strcmp(m->name, "outer") == 0);
    const lc_pkg_barrier *b = rc.commands[1].package;
    CHECK(b->memory_count == 1 && b->image_count == 0 && b->memory[0].dstStageMask == 2);
    const lc_pkg_push_constants *p = rc.commands[2].package;
    CHECK(p->size == 16 && memcmp(p->data, pc, 16) == 0);
    CHECK(rc.commands[3].package == NULL && rc.commands[3].flags == LC_PKG_MARKER_POP);
    for (uint32_t i = 0; i < 3; i++) CHECK((uintptr_t)rc.commands[i].package % LC_PACKAGE_ALIGN == 0);
    lc_rc_destroy(&rc);
    lc_block_pool_destroy(pool);
}

int main(void)
{
    test_key_order();
    test_radix_sort();
    test_split_independence();
    test_block_pool_flat();
    test_packages();
    return lc_test_finish("test_render_context");
}
