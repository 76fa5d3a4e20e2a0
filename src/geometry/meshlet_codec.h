/* The compressed meshlet codec: quantization, encoding into the runtime format of
 * shaders/shared/lc_meshlet.h, and the CPU reference decoder (tests; the GPU decoder is
 * shaders/geometry/meshlet_decode.comp, driven by meshlet_gpu.c).
 *
 * The quantized mesh is what decoding reproduces exactly, on the CPU and the GPU alike:
 *   position = q * 2^e            (q: 3 x int16, e: the mesh's position exponent)
 *   uv       = q * 2^(e - 1) + 0.5 (q: 2 x int16, e: the mesh's UV exponent)
 *   normal   = octahedral decode of 2 x int8 / 127, not normalized
 *   tangent  = the same for xyz; w = -1 where the second int8 is odd, else +1 (that bit is the
 *              sign's: the tangent's second component keeps 7 bits; every vertex the same way,
 *              so a vertex decodes the same in whichever sublet it lands)
 *   color    = the vertex's RGBA8 as it is (lossless)
 * Every step is one correctly rounded float operation (or exact), so both decoders agree
 * bit for bit. */
#ifndef LC_MESHLET_CODEC_H
#define LC_MESHLET_CODEC_H

#include "common.h"
#include "lc_meshlet.h"
#include "scene/scene.h"

/* Shared exponents of a mesh. */
typedef struct lc_meshlet_quant {
    int32_t position_exponent;
    int32_t uv_exponent;
} lc_meshlet_quant;

typedef struct lc_meshlet_qvertex {
    int16_t position[3];
    int16_t uv[2];
    int8_t normal[2];  /* octahedral */
    int8_t tangent[2]; /* octahedral; tangent[1]'s lowest bit: 1 where the bitangent sign is -1 */
    uint32_t color;    /* lc_vertex.color */
} lc_meshlet_qvertex;

/* A sublet as meshopt_buildMeshlets gives it: ranges of the vertex list (input vertex numbers)
 * and of the triangle list (3 sublet-local bytes per triangle). */
typedef struct lc_meshlet_sublet {
    uint32_t vertex_offset, triangle_offset; /* triangle_offset counts bytes, as meshopt's */
    uint32_t vertex_count, triangle_count;   /* 1..32 each */
} lc_meshlet_sublet;

/* The runtime format of one mesh. */
typedef struct lc_meshlet_encoded {
    lc_meshlet_quant quant;
    lc_meshlet_header *headers; /* [meshlet_count] */
    lc_meshlet_stream *streams; /* [sublet_count * LC_MESHLET_STREAM_COUNT] */
    uint32_t *payload;          /* [payload_words], the last two words padding for 64-bit reads */
    uint32_t meshlet_count, sublet_count, payload_words;
    uint32_t vertex_count, triangle_count; /* decoded */
    uint64_t stream_bits[LC_MESHLET_STREAM_COUNT]; /* payload bits per stream type (word padding included) */
} lc_meshlet_encoded;

/* Exponents for these vertices: the smallest that fit every coordinate (and
 * position_extent, when larger, so that meshes of one scene can share an exponent) into int16. */
lc_meshlet_quant lc_meshlet_quant_choose(const lc_vertex *v, uint32_t count, float position_extent);
void lc_meshlet_quantize(const lc_meshlet_quant *q, const lc_vertex *in, lc_meshlet_qvertex *out);
/* The quantized vertex as decoding gives it. */
void lc_meshlet_dequantize(const lc_meshlet_quant *q, const lc_meshlet_qvertex *in, lc_vertex *out);

/* Sublets in groups of LC_MESHLET_SUBLETS make the meshlets. qv is indexed by the input
 * vertex numbers in sublet_vertices. */
void lc_meshlet_encode(const lc_meshlet_quant *q, const lc_meshlet_qvertex *qv, const lc_meshlet_sublet *sublets,
                       uint32_t sublet_count, const uint32_t *sublet_vertices, const uint8_t *sublet_triangles,
                       lc_meshlet_encoded *out);
void lc_meshlet_encoded_destroy(lc_meshlet_encoded *e);
/* Appends src's meshlets to dst (zeroed or earlier appends): one upload and one decode for
 * many meshes; src's vertices and triangles follow dst's. dst->quant keeps its first value
 * (each stream carries its own exponent). */
void lc_meshlet_encoded_append(lc_meshlet_encoded *dst, const lc_meshlet_encoded *src);

/* Reference decoder: vertices[vertex_count] and indices[3 * triangle_count], vertex numbers
 * relative to the mesh's first decoded vertex; indices8 (may be NULL) [3 * triangle_count]
 * the same relative to their meshlet's first vertex. */
void lc_meshlet_decode_cpu(const lc_meshlet_encoded *e, lc_vertex *vertices, uint32_t *indices, uint8_t *indices8);

/* Compressed bytes: headers + streams + payload. */
uint64_t lc_meshlet_encoded_bytes(const lc_meshlet_encoded *e);

#endif
