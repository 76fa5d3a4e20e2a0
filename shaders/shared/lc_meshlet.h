/* The compressed meshlet format (docs: the seed "Modernizing Granite's mesh rendering"), written
 * once for C (src/geometry/meshlet_codec.c) and GLSL (shaders/geometry/meshlet_decode.glsl).
 *
 * A mesh is cut into meshlets of up to 256 triangles / 256 vertices, each made of up to 8
 * "sublets" of up to 32 triangles / 32 vertices. Per sublet there are LC_MESHLET_STREAM_COUNT
 * streams (index, position, normal + tangent, UV, colour), each a 16-byte header and tightly packed bits in the
 * payload (uint words). Attributes are base + delta: a value is base + an unsigned delta of
 * `bits & 0xffff` bits per component, wrapping in the component's width. A component's bits
 * start at lane * components * bit_count from the stream's first word and are read with one
 * 64-bit shift of two words, so components of 13..15 bits (3 per vertex) are never used:
 * the encoder takes 16 there (16 stays word-pair aligned).
 *
 *   index    counts: base_value[0] = triangles, base_value[1] = vertices; 3 x 5 bits per
 *            triangle, sublet-local vertex numbers.
 *   position 3 x 16-bit signed integers q; base_value[0] = x | y << 16, base_value[1] = z;
 *            bits >> 16 is the mesh's shared exponent e (signed); position = q * 2^e.
 *   normal   normal and tangent, octahedral, 4 x 8-bit signed (x/127, y/127 each: the seed's
 *            NormalTangentOct8); base_value[0] = nx | ny << 8 | tx << 16 | ty << 24 (bytes);
 *            each decoded to the unnormalized octahedral vector (consumers normalize). The
 *            tangent's w (bitangent sign) is the lowest bit of ty: 1 for -1, 0 for +1 (the
 *            seed's per-vertex mode, used for every sublet: ty keeps 7 bits).
 *   uv       2 x 16-bit signed; base_value[0] = u | v << 16; bits >> 16 the exponent;
 *            uv = 0.5 * q * 2^e + 0.5 (typical UVs lie in [0, 1]).
 *   color    the vertex colour, 4 x 8-bit unsigned (RGBA8 unorm, lc_vertex.color); base_value[0]
 *            = r | g << 8 | b << 16 | a << 24. A sublet of one colour (all white, the usual
 *            mesh) has 0 bits: its header alone.
 *
 * Decoding (CPU or GPU) of a mesh gives vertices in meshlet order: meshlet m's vertices start
 * at headers[m].vertex_offset, its sublets' vertices follow one another, and triangle t of
 * the mesh (primitive_offset + sublet's earlier triangles + lane) indexes them. Beside the
 * 32-bit indices the decoder writes 8-bit meshlet-local ones (VK_INDEX_TYPE_UINT8_EXT): a
 * meshlet is then one indexed draw of 3 * triangles indices from firstIndex
 * 3 * primitive_offset with vertexOffset vertex_offset, as the seed maps meshlets to MDI. */
#ifndef LC_MESHLET_H
#define LC_MESHLET_H

#include "lc_shared.h"

#define LC_MESHLET_SUBLET_SIZE 32u   /* triangles and vertices per sublet, at most */
#define LC_MESHLET_SUBLETS 8u        /* sublets per meshlet, at most */
#define LC_MESHLET_SIZE 256u         /* triangles and vertices per meshlet, at most */

#define LC_MESHLET_STREAM_INDEX 0u
#define LC_MESHLET_STREAM_POSITION 1u
#define LC_MESHLET_STREAM_NORMAL 2u /* normal + tangent */
#define LC_MESHLET_STREAM_UV 3u
#define LC_MESHLET_STREAM_COLOR 4u
#define LC_MESHLET_STREAM_COUNT 5u   /* streams per sublet */

#define LC_MESHLET_INDEX_BITS 5u     /* per vertex number of a triangle */
#define LC_MESHLET_BITS_MASK 0xffffu /* bits & mask: bit count per component */

/* Workgroup size of meshlet_decode.comp: one lane per vertex and per triangle of a sublet. */
#define LC_MESHLET_DECODE_LANES 32u

#ifdef LC_GLSL
#define LC_MESHLET_U32 uint
#else
#define LC_MESHLET_U32 uint32_t
#endif

/* One per 256-meshlet. */
struct lc_meshlet_header {
    LC_MESHLET_U32 stream_offset;    /* first stream: streams[stream_offset + sublet * COUNT + type] */
    LC_MESHLET_U32 sublet_count;     /* 1..8 */
    LC_MESHLET_U32 vertex_offset;    /* first decoded vertex of the meshlet */
    LC_MESHLET_U32 primitive_offset; /* first triangle of the meshlet */
};

/* 16 bytes, as the seed's Stream. */
struct lc_meshlet_stream {
    LC_MESHLET_U32 base_value[2]; /* index stream: triangle count, vertex count */
    LC_MESHLET_U32 bits;          /* low 16: bits per component; high 16: signed exponent */
    LC_MESHLET_U32 offset_in_words;
};

/* Bounds of a sublet or of a whole meshlet (meshopt_computeMeshletBounds on the quantized
 * positions): cull as back-facing when dot(normalize(apex - eye), axis) >= cutoff. */
struct lc_meshlet_bounds {
    LC_F4 sphere;          /* center, radius */
    LC_F4 cone_apex;       /* apex, w: cone cutoff */
    LC_F4 cone_axis;       /* unit axis, w: 0 */
};

/* Push constants of meshlet_decode.comp. */
struct lc_meshlet_decode_push {
    LC_MESHLET_U32 meshlet_base;  /* first meshlet of this dispatch (gl_WorkGroupID.y adds to it) */
    LC_MESHLET_U32 meshlet_count; /* of the whole mesh */
    LC_MESHLET_U32 pad0, pad1;
};

/* Bindings of meshlet_decode.comp (set 0). */
#define LC_MESHLET_BIND_HEADERS 0
#define LC_MESHLET_BIND_STREAMS 1
#define LC_MESHLET_BIND_PAYLOAD 2
#define LC_MESHLET_BIND_VERTICES 3 /* out: lc_vertex (LC_VERTEX_FLOATS floats) */
#define LC_MESHLET_BIND_INDICES 4  /* out: 3 uints per triangle */
#define LC_MESHLET_BIND_INDICES8 5 /* out: 3 meshlet-local bytes per triangle, packed in uints, zeroed before */
#define LC_MESHLET_BIND_COUNT 6

#ifndef LC_GLSL
typedef struct lc_meshlet_header lc_meshlet_header;
typedef struct lc_meshlet_stream lc_meshlet_stream;
typedef struct lc_meshlet_bounds lc_meshlet_bounds;
typedef struct lc_meshlet_decode_push lc_meshlet_decode_push;
#endif

#endif
