/* The render backend on the device, without the renderer: 3,000 buffer fills recorded over
 * eight contexts in shuffled order, under nested markers, a barrier between two passes, cut
 * into three-command secondaries recorded by 1 and 2 threads. The buffer holds what the
 * sorted order writes last, the markers nest with increasing timestamps, and validation
 * (synchronization included) reports nothing. */
#include <stdlib.h>
#include <string.h>

#include "cpu/render_backend.h"
#include "cpu/sort_key.h"
#include "test_util.h"
#include "vk/gpu_resources.h"

#define WORDS 1000u

static void run(lc_context *ctx, uint32_t threads)
{
    lc_buffer buf;
    lc_buffer_desc bd = {.size = WORDS * 4, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT, .host_visible = true,
                         .name = "backend test buffer"};
    CHECK(lc_buffer_create(ctx, &bd, &buf) == LC_OK);
    VkQueryPool queries;
    VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                .queryCount = 2 * LC_BACKEND_MARKERS};
    VK_CHECK(vkCreateQueryPool(ctx->device, &qi, NULL, &queries));
    LC_NAME(ctx, VK_OBJECT_TYPE_QUERY_POOL, queries, "backend test queries");

    lc_block_pool *pool = lc_block_pool_create();
    lc_render_context rcs[8];
    for (int i = 0; i < 8; i++) lc_rc_init(&rcs[i], pool);
    /* Pass 1 ("outer" > "inner"): word w := w + 1; pass 2 ("second"): word w := 7 * w,
     * recorded first and into other contexts; the keys put it after pass 1 and its barrier. */
    for (uint32_t w = 0; w < WORDS; w++)
        lc_rc_fill_buffer(&rcs[w % 3], lc_sort_key(2, LC_SEQ_WORK), buf.buffer, w * 4, 4, 7 * w);
    for (uint32_t w = 0; w < WORDS; w++)
        lc_rc_fill_buffer(&rcs[3 + w % 4], lc_sort_key(1, LC_SEQ_WORK + 2), buf.buffer, w * 4, 4, w + 1);
    /* Overwritten within pass 1 (after a barrier): only the later key's value may remain. */
    for (uint32_t w = 0; w < WORDS; w += 2)
        lc_rc_fill_buffer(&rcs[7], lc_sort_key(1, LC_SEQ_WORK), buf.buffer, w * 4, 4, 0xdead);
    lc_rc_push_marker(&rcs[7], lc_sort_key(1, LC_SEQ_MARKER_PUSH), "outer", 0);
    lc_rc_push_marker(&rcs[7], lc_sort_key(1, LC_SEQ_BARRIER), "inner", -1);
    lc_rc_pop_marker(&rcs[7], lc_sort_key(1, LC_SEQ_END));
    lc_rc_pop_marker(&rcs[7], lc_sort_key(1, LC_SEQ_MARKER_POP));
    VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                           .srcStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT, .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                           .dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT, .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT};
    lc_rc_barrier(&rcs[6], lc_sort_key(1, LC_SEQ_WORK + 1), &mb, 1, NULL, 0);
    lc_rc_barrier(&rcs[0], lc_sort_key(2, LC_SEQ_BARRIER), &mb, 1, NULL, 0);
    lc_rc_push_marker(&rcs[0], lc_sort_key(2, LC_SEQ_MARKER_PUSH), "second", 1);
    lc_rc_pop_marker(&rcs[0], lc_sort_key(2, LC_SEQ_MARKER_POP));
    mb.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT, mb.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
    lc_rc_barrier(&rcs[0], lc_sort_key(3, LC_SEQ_BARRIER), &mb, 1, NULL, 0);

    lc_render_context *list[8];
    uint32_t total = 0;
    for (int i = 0; i < 8; i++) list[i] = &rcs[i], total += rcs[i].count;
    lc_command *cmds = lc_alloc(total * sizeof *cmds), *scratch = lc_alloc(total * sizeof *scratch);
    uint32_t n = lc_rc_merge(list, 8, cmds, threads);
    lc_commands_sort(cmds, scratch, n, threads);

    lc_render_backend b;
    lc_render_backend_create(ctx, &(lc_render_backend_desc){.threads = threads, .chunk = 3}, &b);
    VkCommandBuffer cmd = lc_vk_begin_once(ctx);
    lc_render_backend_translate(&b, 0, cmds, n, cmd, queries);
    lc_vk_end_once(ctx, cmd);

    CHECK_MSG(b.secondaries >= 2 * WORDS / 3, "%u secondaries for %u fills in chunks of 3", b.secondaries, n);
    const uint32_t *words = buf.mapped;
    uint32_t wrong = 0;
    for (uint32_t w = 0; w < WORDS; w++) wrong += words[w] != 7 * w;
    CHECK_MSG(wrong == 0, "%u threads: %u words differ from the last write in sorted order", threads, wrong);
    CHECK(b.marker_count == 3);
    if (b.marker_count == 3) {
        CHECK(!strcmp(b.markers[0].name, "outer") && b.markers[0].depth == 0 && b.markers[0].timer == 0);
        CHECK(!strcmp(b.markers[1].name, "inner") && b.markers[1].depth == 1 && b.markers[1].timer == -1);
        CHECK(!strcmp(b.markers[2].name, "second") && b.markers[2].depth == 0);
        uint64_t ts[6];
        CHECK(vkGetQueryPoolResults(ctx->device, queries, 0, 6, sizeof ts, ts, sizeof ts[0],
                                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS);
        /* outer begins, inner begins and ends within it, second after outer. */
        const lc_backend_marker *m = b.markers;
        CHECK(ts[m[0].query_begin] <= ts[m[1].query_begin] && ts[m[1].query_begin] <= ts[m[1].query_end]);
        CHECK(ts[m[1].query_end] <= ts[m[0].query_end] && ts[m[0].query_end] <= ts[m[2].query_begin]);
        CHECK(ts[m[2].query_begin] <= ts[m[2].query_end]);
    }
    char line[256];
    lc_command_describe(&cmds[0], line, sizeof line);
    CHECK_MSG(strstr(line, "pass 1 seq 0") && strstr(line, "marker push 'outer'"), "first command: %s", line);

    lc_render_backend_destroy(&b);
    for (int i = 0; i < 8; i++) lc_rc_destroy(&rcs[i]);
    lc_block_pool_destroy(pool);
    free(cmds), free(scratch);
    vkDestroyQueryPool(ctx->device, queries, NULL);
    lc_buffer_destroy(ctx, &buf);
}

int main(void)
{
    lc_context ctx;
    lc_context_desc cd = {.validate = true};
    if (lc_context_create(&cd, &ctx) != LC_OK) {
        fprintf(stderr, "test_gpu_render_backend: no Vulkan device\n");
        return 1;
    }
    CHECK(ctx.validation);
    run(&ctx, 1);
    run(&ctx, 2);
    lc_context_destroy(&ctx);
    uint32_t msgs = lc_validation_message_count();
    CHECK_MSG(msgs == 0, "%u validation message(s)", msgs);
    return lc_test_finish("test_gpu_render_backend");
}
