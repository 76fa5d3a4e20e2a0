// Decoding of the compressed meshlet format (shared/lc_meshlet.h); the CPU reference is
// src/geometry/meshlet_codec.c, and both must agree bit for bit: every float step below is
// exact or one correctly rounded operation, marked precise so nothing is fused.
// The includer declares lc_meshlet_streams[] and lc_meshlet_payload[], and defines
// LC_MESHLET_INT64 (and enables GL_ARB_gpu_shader_int64) where the device has shaderInt64;
// else two 32-bit shifts do the work.
#ifndef LC_MESHLET_DECODE_GLSL
#define LC_MESHLET_DECODE_GLSL

#include "shared/lc_meshlet.h"

// `count` bits from bit `start` of the stream at word `offset`: one 64-bit shift of two
// words (the seed's decode; the encoder keeps every value inside the pair).
uint lc_meshlet_bits(uint offset, uint start, uint count)
{
    uint word = offset + start / 32u;
    uint shift = start & 31u;
    uint w0 = lc_meshlet_payload[word], w1 = lc_meshlet_payload[word + 1u];
#ifdef LC_MESHLET_INT64
    uint v = uint(packUint2x32(uvec2(w0, w1)) >> shift);
#else
    uint v = shift == 0u ? w0 : (w0 >> shift) | (w1 << (32u - shift));
#endif
    return bitfieldExtract(v, 0, int(count));
}

// Component c of value `lane` of a base + delta stream with `width`-bit signed components.
int lc_meshlet_component(lc_meshlet_stream s, uint lane, uint comps, uint c, uint width)
{
    uint bits = s.bits & LC_MESHLET_BITS_MASK;
    uint d = lc_meshlet_bits(s.offset_in_words, (lane * comps + c) * bits, bits);
    uint base = s.base_value[(c * width) / 32u] >> ((c * width) & 31u);
    return bitfieldExtract(int(base + d), 0, int(width));
}

int lc_meshlet_exponent(lc_meshlet_stream s) { return bitfieldExtract(int(s.bits), 16, 16); }

// Sublet-local vertex numbers of triangle `lane`.
uvec3 lc_meshlet_triangle(lc_meshlet_stream s, uint lane)
{
    uint t = lc_meshlet_bits(s.offset_in_words, lane * 3u * LC_MESHLET_INDEX_BITS, 3u * LC_MESHLET_INDEX_BITS);
    return uvec3(t & 31u, (t >> 5u) & 31u, t >> 10u);
}

vec3 lc_meshlet_position(lc_meshlet_stream s, uint lane)
{
    ivec3 q = ivec3(lc_meshlet_component(s, lane, 3u, 0u, 16u), lc_meshlet_component(s, lane, 3u, 1u, 16u),
                    lc_meshlet_component(s, lane, 3u, 2u, 16u));
    return ldexp(vec3(q), ivec3(lc_meshlet_exponent(s)));
}

vec2 lc_meshlet_uv(lc_meshlet_stream s, uint lane)
{
    ivec2 q = ivec2(lc_meshlet_component(s, lane, 2u, 0u, 16u), lc_meshlet_component(s, lane, 2u, 1u, 16u));
    precise vec2 uv = ldexp(vec2(q), ivec2(lc_meshlet_exponent(s) - 1)) + 0.5;
    return uv;
}

// Octahedral decode, not normalized (shading normalizes the interpolated normal anyway).
vec3 lc_meshlet_oct_decode(ivec2 q)
{
    const float inv127 = uintBitsToFloat(0x3c010204u); // 1/127, the CPU's constant
    precise float x = float(q.x) * inv127;
    precise float y = float(q.y) * inv127;
    precise float z = 1.0 - abs(x) - abs(y);
    precise float t = z < 0.0 ? -z : 0.0;
    x += x >= 0.0 ? -t : t;
    y += y >= 0.0 ? -t : t;
    return vec3(x, y, z);
}

// The normal + tangent stream: 4 x 8 bits per vertex, the normal's two first.
vec3 lc_meshlet_normal(lc_meshlet_stream s, uint lane)
{
    ivec2 q = ivec2(lc_meshlet_component(s, lane, 4u, 0u, 8u), lc_meshlet_component(s, lane, 4u, 1u, 8u));
    return lc_meshlet_oct_decode(q);
}

// xyz unnormalized as the normal's; w: the bitangent sign, the lowest bit of the second component.
vec4 lc_meshlet_tangent(lc_meshlet_stream s, uint lane)
{
    ivec2 q = ivec2(lc_meshlet_component(s, lane, 4u, 2u, 8u), lc_meshlet_component(s, lane, 4u, 3u, 8u));
    return vec4(lc_meshlet_oct_decode(q), (q.y & 1) != 0 ? -1.0 : 1.0);
}

// The colour stream: 4 x 8 bits, RGBA8 as lc_vertex.color holds it (each component's low byte).
uint lc_meshlet_color(lc_meshlet_stream s, uint lane)
{
    uint c = 0u;
    for (uint k = 0u; k < 4u; k++) c |= (uint(lc_meshlet_component(s, lane, 4u, k, 8u)) & 0xffu) << (8u * k);
    return c;
}

#endif
