/* The 64-bit sort key of a render-context command (Ericson, "Order your graphics draw calls
 * around!"; Stingray's render contexts). Commands from every context are merged and sorted
 * on it, so the key alone decides where a command lands in the frame:
 *
 *   bits 63..56  pass          the frame's pass (layer): its index in frame.c's pass list
 *   bits 55..48  sequence      step within the pass: marker push, barriers, begin rendering,
 *                              state, work (draws, dispatches, fills, copies), end, marker pop
 *   bits 47..44  shader pass   which variant of a multi-pass package the backend translates
 *                              (LC_SHADER_PASS_*): one object draw package, two commands
 *   bits 43..32  pipeline      pipeline id: draws of one pipeline side by side
 *   bits 31..28  spare
 *   bits 27..16  material      material id: fewer material binds within a pipeline
 *   bits 15..0   depth         16-bit view depth; front to back for opaque draws
 *                              (lc_sort_depth), back to front is its complement; zero
 *                              where draws must keep their recorded order (the forward
 *                              shade: equal keys keep it, see lc_scene_draws_record)
 *
 * Depth fills the two low bytes and material ids below 256 the third, so the radix sort,
 * which skips the bytes every key shares, makes few passes. Commands with equal keys keep
 * their recording order (the sort is stable and contexts are merged in order), so a state
 * sequence shares one key. */
#ifndef LC_SORT_KEY_H
#define LC_SORT_KEY_H

#include <math.h>
#include <stdint.h>

#define LC_KEY_PASS_SHIFT 56
#define LC_KEY_SEQ_SHIFT 48
#define LC_KEY_SHADER_PASS_SHIFT 44
#define LC_KEY_PIPELINE_SHIFT 32
#define LC_KEY_MATERIAL_SHIFT 16
#define LC_KEY_DEPTH_SHIFT 0

#define LC_KEY_PASS_MAX 0xffu
#define LC_KEY_SHADER_PASS_MAX 0xfu
#define LC_KEY_PIPELINE_MAX 0xfffu
#define LC_KEY_MATERIAL_MAX 0xfffu
#define LC_KEY_DEPTH_MAX 0xffffu

/* Steps within a pass (the sequence field). */
enum {
    LC_SEQ_MARKER_PUSH = 0,
    LC_SEQ_BARRIER = 1,
    LC_SEQ_BEGIN = 2,
    LC_SEQ_STATE = 3,
    LC_SEQ_WORK = 128,
    LC_SEQ_END = 254,
    LC_SEQ_MARKER_POP = 255,
};

/* Shader passes of a multi-pass object draw. */
enum {
    LC_SHADER_PASS_DEPTH = 0,    /* geometry only: no material bound */
    LC_SHADER_PASS_MATERIAL = 1, /* binds the draw's material set and constants */
};

/* The key of step seq in pass (the other fields zero). */
static inline uint64_t lc_sort_key(uint32_t pass, uint32_t seq)
{
    return (uint64_t)(pass & LC_KEY_PASS_MAX) << LC_KEY_PASS_SHIFT | (uint64_t)(seq & 0xffu) << LC_KEY_SEQ_SHIFT;
}

/* The key of a draw: pass, sequence, shader pass, pipeline, material and depth; fields are
 * masked to their width. */
static inline uint64_t lc_sort_key_draw(uint32_t pass, uint32_t seq, uint32_t shader_pass, uint32_t pipeline,
                                        uint32_t material, uint32_t depth)
{
    return lc_sort_key(pass, seq) | (uint64_t)(shader_pass & LC_KEY_SHADER_PASS_MAX) << LC_KEY_SHADER_PASS_SHIFT |
           (uint64_t)(pipeline & LC_KEY_PIPELINE_MAX) << LC_KEY_PIPELINE_SHIFT |
           (uint64_t)(material & LC_KEY_MATERIAL_MAX) << LC_KEY_MATERIAL_SHIFT |
           (uint64_t)(depth & LC_KEY_DEPTH_MAX) << LC_KEY_DEPTH_SHIFT;
}

static inline uint32_t lc_sort_key_pass(uint64_t k) { return (uint32_t)(k >> LC_KEY_PASS_SHIFT) & LC_KEY_PASS_MAX; }
static inline uint32_t lc_sort_key_seq(uint64_t k) { return (uint32_t)(k >> LC_KEY_SEQ_SHIFT) & 0xffu; }
static inline uint32_t lc_sort_key_shader_pass(uint64_t k) { return (uint32_t)(k >> LC_KEY_SHADER_PASS_SHIFT) & LC_KEY_SHADER_PASS_MAX; }
static inline uint32_t lc_sort_key_pipeline(uint64_t k) { return (uint32_t)(k >> LC_KEY_PIPELINE_SHIFT) & LC_KEY_PIPELINE_MAX; }
static inline uint32_t lc_sort_key_material(uint64_t k) { return (uint32_t)(k >> LC_KEY_MATERIAL_SHIFT) & LC_KEY_MATERIAL_MAX; }
static inline uint32_t lc_sort_key_depth(uint64_t k) { return (uint32_t)(k >> LC_KEY_DEPTH_SHIFT) & LC_KEY_DEPTH_MAX; }

/* View depth d in [near, far] to 16 bits, logarithmically (equal relative steps: near
 * objects keep their order as well as far ones); nearer is smaller, so ascending keys draw
 * front to back. Outside the range clamps; NaN sorts last. */
static inline uint32_t lc_sort_depth(float d, float near_z, float far_z)
{
    if (!(d == d)) return LC_KEY_DEPTH_MAX;
    if (d <= near_z) return 0;
    if (d >= far_z) return LC_KEY_DEPTH_MAX;
    float t = logf(d / near_z) / logf(far_z / near_z);
    uint32_t q = (uint32_t)(t * (float)LC_KEY_DEPTH_MAX + 0.5f);
    return q > LC_KEY_DEPTH_MAX ? LC_KEY_DEPTH_MAX : q;
}
/* Back to front (blended draws). */
static inline uint32_t lc_sort_depth_back_to_front(float d, float near_z, float far_z)
{
    return LC_KEY_DEPTH_MAX - lc_sort_depth(d, near_z, far_z);
}

#endif
