/* The visibility buffer's id split (lc_vis_id_prim_bits): one 32-bit word (draw << bits |
 * primitive) only where every draw's triangles fit the low bits and the largest id stays
 * below the all-ones background; else 0 (two words). Round trips every draw's last triangle. */
#include "geometry/visibility_scene.h"
#include "test_util.h"

/* Every id the split can produce decodes back, and none is the background. */
static void check_split(uint32_t draws, uint32_t max_triangles)
{
    uint32_t bits = lc_vis_id_prim_bits(draws, max_triangles);
    if (!bits) return;
    CHECK_MSG(bits < 32 && (1ull << bits) >= max_triangles, "%u draws x %u triangles: %u bits", draws, max_triangles, bits);
    uint32_t last_draw = draws ? draws - 1 : 0, last_prim = max_triangles ? max_triangles - 1 : 0;
    uint64_t id = (uint64_t)last_draw << bits | last_prim;
    CHECK_MSG(id < LC_VIS_BACKGROUND, "%u draws x %u triangles: id %llu reaches the background", draws, max_triangles,
              (unsigned long long)id);
    CHECK((uint32_t)(id >> bits) == last_draw && (uint32_t)(id & ((1ull << bits) - 1)) == last_prim);
}

int main(void)
{
    CHECK(lc_vis_id_prim_bits(1, 0) == 1);
    CHECK(lc_vis_id_prim_bits(1, 1) == 1);
    CHECK(lc_vis_id_prim_bits(1, 2) == 1);
    CHECK(lc_vis_id_prim_bits(1, 3) == 2);
    CHECK(lc_vis_id_prim_bits(146, 50000) == 16);        /* a Sponza-sized scene */
    CHECK(lc_vis_id_prim_bits(103823, 1280) == 11);      /* --scene mesh --grid 47 */
    CHECK(lc_vis_id_prim_bits(65535, 65536) == 16);      /* largest id 2^32 - 2 */
    CHECK(lc_vis_id_prim_bits(65536, 65536) == 0);       /* would reach 2^32 - 1 and past */
    CHECK(lc_vis_id_prim_bits(1, 1u << 31) == 31);
    CHECK(lc_vis_id_prim_bits(2, 1u << 31) == 0);
    CHECK(lc_vis_id_prim_bits(1, (1u << 31) + 1) == 0);  /* needs 32 bits */
    CHECK(lc_vis_id_prim_bits(0xffffffffu, 1) == 0);
    CHECK(lc_vis_id_prim_bits(0x7fffffffu, 2) == 1);
    for (uint32_t d = 1; d < 0xffffffffu / 3; d = d * 3 + 1)
        for (uint32_t t = 1; t < 0xffffffffu / 5; t = t * 5 + 2) check_split(d, t);
    return lc_test_finish("test_visibility_ids");
}
