/* Deterministic random numbers from --seed (splitmix64): the same seed gives the same lights,
 * decals and animation phases on every machine and thread count. */
#ifndef LC_RNG_H
#define LC_RNG_H

#include <stdint.h>

typedef struct lc_rng {
    uint64_t state;
} lc_rng;

/* splitmix64's finaliser: a well-mixed 64-bit hash of z. */
static inline uint64_t lc_rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t lc_rng_next(lc_rng *r) { return lc_rng_mix64(r->state += 0x9E3779B97F4A7C15ull); }

/* Uniform in [0, 1): 24 random bits, exactly representable. */
static inline float lc_rng_unit(lc_rng *r) { return (float)(lc_rng_next(r) >> 40) * (1.0f / 16777216.0f); }

static inline float lc_rng_range(lc_rng *r, float lo, float hi) { return lo + (hi - lo) * lc_rng_unit(r); }

#endif
