#include "geometry/meshlet_codec.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(lc_meshlet_header) == 16, "lc_meshlet_header is 16 bytes in GLSL");
_Static_assert(sizeof(lc_meshlet_stream) == 16, "lc_meshlet_stream is the seed's 16-byte Stream");
_Static_assert(offsetof(lc_meshlet_stream, bits) == 8 && offsetof(lc_meshlet_stream, offset_in_words) == 12,
               "lc_meshlet_stream layout");
_Static_assert(sizeof(lc_meshlet_bounds) == 48 && offsetof(lc_meshlet_bounds, cone_axis) == 32, "lc_meshlet_bounds layout");
_Static_assert(sizeof(lc_meshlet_decode_push) == 16, "lc_meshlet_decode_push layout");
_Static_assert(sizeof(lc_vertex) == LC_VERTEX_FLOATS * sizeof(float),
               "meshlet_decode.comp writes lc_vertex as LC_VERTEX_FLOATS floats");
_Static_assert(offsetof(lc_vertex, tangent) == 8 * sizeof(float), "meshlet_decode.comp writes the tangent at float 8");
_Static_assert(offsetof(lc_vertex, color) == 12 * sizeof(float), "meshlet_decode.comp writes the colour at word 12");
_Static_assert(LC_MESHLET_SUBLET_SIZE * LC_MESHLET_SUBLETS == LC_MESHLET_SIZE, "8 x 32 sublets");

/* Exponents keep q * 2^e a normal float: above the denormals, and up to FLT_MAX. */
#define EXP_MIN (-60)
#define EXP_MAX 113

/* 1/127 as a float bit pattern: the GPU decoder multiplies by the same constant (a division
 * would not be correctly rounded there). */
#define INV127_BITS 0x3c010204u

static float inv127(void)
{
    union { uint32_t u; float f; } c = {INV127_BITS};
    return c.f;
}

/* Smallest e in [EXP_MIN, EXP_MAX] with m * 2^-e <= 32767. */
static int32_t exponent_for(double m)
{
    int32_t e = EXP_MIN;
    while (e < EXP_MAX && ldexp(m, -e) > 32767.0) e++;
    return e;
}

lc_meshlet_quant lc_meshlet_quant_choose(const lc_vertex *v, uint32_t count, float position_extent)
{
    double pm = position_extent > 0.0f && isfinite(position_extent) ? position_extent : 0.0, um = 0.0;
    for (uint32_t i = 0; i < count; i++) {
        for (int c = 0; c < 3; c++) pm = fmax(pm, fabs((double)v[i].position[c]));
        /* uv = 0.5 * q * 2^e + 0.5, so q * 2^e spans 2 * |uv - 0.5|. */
        for (int c = 0; c < 2; c++) um = fmax(um, 2.0 * fabs((double)v[i].uv[c] - 0.5));
    }
    return (lc_meshlet_quant){.position_exponent = exponent_for(pm), .uv_exponent = exponent_for(um)};
}

static int16_t q16(double x)
{
    double r = nearbyint(x);
    return (int16_t)LC_CLAMP(r, -32768.0, 32767.0);
}

static int8_t q8(float x)
{
    float r = nearbyintf(x * 127.0f);
    return (int8_t)LC_CLAMP(r, -127.0f, 127.0f);
}

/* Nearest of the odd (odd = 1) or even values in [-127, 127] to x * 127: the tangent's second
 * octahedral component gives its lowest bit to the bitangent sign. */
static int8_t q8_parity(float x, int32_t odd)
{
    float r = x * 127.0f;
    int32_t c = (int32_t)LC_CLAMP(nearbyintf(r), -127.0f, 127.0f);
    if ((c & 1) != odd) c += r > (float)c ? 1 : -1;
    if (c > 127) c -= 2;
    if (c < -127) c += 2;
    return (int8_t)c;
}

/* Octahedral mapping (meshoptimizer's encodeFilterOct without its K-bit packing); sign >= 0:
 * the second component's lowest bit is sign (a tangent's), -1: full precision (a normal). */
static void oct_encode(const float n[3], int32_t sign, int8_t out[2])
{
    float s = fabsf(n[0]) + fabsf(n[1]) + fabsf(n[2]);
    if (!(s > 0.0f)) { /* zero vector: +Z, whatever the shading makes of it */
        out[0] = 0;
        out[1] = sign > 0 ? 1 : 0;
        return;
    }
    float x = n[0] / s, y = n[1] / s;
    if (n[2] < 0.0f) {
        float fx = (1.0f - fabsf(y)) * (x >= 0.0f ? 1.0f : -1.0f);
        float fy = (1.0f - fabsf(x)) * (y >= 0.0f ? 1.0f : -1.0f);
        x = fx;
        y = fy;
    }
    out[0] = q8(x);
    out[1] = sign >= 0 ? q8_parity(y, sign) : q8(y);
}

/* The same operations in the same order as meshlet_decode.glsl's lc_meshlet_oct_decode. */
static void oct_decode(int32_t qx, int32_t qy, float out[3])
{
    float x = (float)qx * inv127(), y = (float)qy * inv127();
    float z = 1.0f - fabsf(x) - fabsf(y);
    float t = z < 0.0f ? -z : 0.0f;
    x += x >= 0.0f ? -t : t;
    y += y >= 0.0f ? -t : t;
    out[0] = x;
    out[1] = y;
    out[2] = z;
}

void lc_meshlet_quantize(const lc_meshlet_quant *q, const lc_vertex *in, lc_meshlet_qvertex *out)
{
    for (int c = 0; c < 3; c++) out->position[c] = q16(ldexp((double)in->position[c], -q->position_exponent));
    for (int c = 0; c < 2; c++) out->uv[c] = q16(ldexp(((double)in->uv[c] - 0.5) * 2.0, -q->uv_exponent));
    oct_encode(in->normal, -1, out->normal);
    oct_encode(in->tangent, in->tangent[3] < 0.0f ? 1 : 0, out->tangent);
    out->color = in->color;
}

/* The bitangent sign the tangent's second component carries in its lowest bit (1: -1). */
static float tangent_sign(int32_t q) { return (q & 1) ? -1.0f : 1.0f; }

void lc_meshlet_dequantize(const lc_meshlet_quant *q, const lc_meshlet_qvertex *in, lc_vertex *out)
{
    for (int c = 0; c < 3; c++) out->position[c] = ldexpf((float)in->position[c], q->position_exponent);
    for (int c = 0; c < 2; c++) out->uv[c] = ldexpf((float)in->uv[c], q->uv_exponent - 1) + 0.5f;
    oct_decode(in->normal[0], in->normal[1], out->normal);
    oct_decode(in->tangent[0], in->tangent[1], out->tangent);
    out->tangent[3] = tangent_sign(in->tangent[1]);
    out->color = in->color;
}

/* --- bit packing --- */

typedef struct bit_writer {
    uint32_t *words;
    uint32_t count, capacity;
    uint64_t bit; /* next bit, from the stream's first word */
    uint32_t first;
} bit_writer;

static void writer_reserve(bit_writer *w, uint32_t words)
{
    if (w->count + words <= w->capacity) return;
    while (w->count + words > w->capacity) w->capacity = w->capacity ? w->capacity * 2 : 1024;
    w->words = lc_realloc(w->words, (size_t)w->capacity * sizeof *w->words);
}

static void stream_begin(bit_writer *w)
{
    w->first = w->count;
    w->bit = 0;
}

static void put_bits(bit_writer *w, uint32_t value, uint32_t bits)
{
    for (uint32_t b = 0; b < bits; b++, w->bit++) {
        uint32_t word = w->first + (uint32_t)(w->bit / 32);
        if (word >= w->count) {
            writer_reserve(w, 1);
            w->words[w->count++] = 0;
        }
        if ((value >> b) & 1u) w->words[word] |= 1u << (w->bit % 32);
    }
}

static uint32_t bits_for(uint32_t range)
{
    uint32_t b = 0;
    while (b < 32 && (range >> b)) b++;
    return b;
}

/* Base + delta of n values of `comps` components, each component a signed `width`-bit
 * integer; fills the stream's base and bits and writes the deltas. Components of 13..15
 * bits in three-component streams become 16 (the 64-bit read rule). */
static void put_delta_stream(bit_writer *w, lc_meshlet_stream *s, const int32_t *values, uint32_t n, uint32_t comps,
                             uint32_t width, int32_t exponent)
{
    int32_t lo[4], hi[4];
    for (uint32_t c = 0; c < comps; c++) {
        lo[c] = hi[c] = values[c];
        for (uint32_t i = 1; i < n; i++) {
            lo[c] = LC_MIN(lo[c], values[i * comps + c]);
            hi[c] = LC_MAX(hi[c], values[i * comps + c]);
        }
    }
    uint32_t bits = 0;
    for (uint32_t c = 0; c < comps; c++) bits = LC_MAX(bits, bits_for((uint32_t)(hi[c] - lo[c])));
    if (comps == 3 && bits > 12) bits = 16;
    uint32_t mask = (1u << width) - 1u;
    memset(s->base_value, 0, sizeof s->base_value);
    for (uint32_t c = 0; c < comps; c++) {
        uint32_t shift = (c * width) % 32, word = (c * width) / 32;
        s->base_value[word] |= ((uint32_t)lo[c] & mask) << shift;
    }
    s->bits = bits | ((uint32_t)(exponent & 0xffff) << 16);
    stream_begin(w);
    s->offset_in_words = w->first;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t c = 0; c < comps; c++) put_bits(w, (uint32_t)(values[i * comps + c] - lo[c]), bits);
}

void lc_meshlet_encode(const lc_meshlet_quant *q, const lc_meshlet_qvertex *qv, const lc_meshlet_sublet *sublets,
                       uint32_t sublet_count, const uint32_t *sublet_vertices, const uint8_t *sublet_triangles,
                       lc_meshlet_encoded *out)
{
    memset(out, 0, sizeof *out);
    out->quant = *q;
    out->sublet_count = sublet_count;
    out->meshlet_count = LC_DIV_UP(sublet_count, LC_MESHLET_SUBLETS);
    out->headers = lc_calloc(out->meshlet_count ? out->meshlet_count : 1, sizeof *out->headers);
    out->streams = lc_calloc(sublet_count ? (size_t)sublet_count * LC_MESHLET_STREAM_COUNT : 1, sizeof *out->streams);
    bit_writer w = {0};
    int32_t values[LC_MESHLET_SUBLET_SIZE * 4];
    for (uint32_t m = 0; m < out->meshlet_count; m++) {
        lc_meshlet_header *h = &out->headers[m];
        h->stream_offset = m * LC_MESHLET_SUBLETS * LC_MESHLET_STREAM_COUNT;
        h->sublet_count = LC_MIN(LC_MESHLET_SUBLETS, sublet_count - m * LC_MESHLET_SUBLETS);
        h->vertex_offset = out->vertex_count;
        h->primitive_offset = out->triangle_count;
        for (uint32_t k = 0; k < h->sublet_count; k++) {
            const lc_meshlet_sublet *sl = &sublets[m * LC_MESHLET_SUBLETS + k];
            const uint32_t *vl = sublet_vertices + sl->vertex_offset;
            const uint8_t *tl = sublet_triangles + sl->triangle_offset;
            lc_meshlet_stream *st = &out->streams[h->stream_offset + k * LC_MESHLET_STREAM_COUNT];
            uint32_t nv = sl->vertex_count, nt = sl->triangle_count;

            lc_meshlet_stream *si = &st[LC_MESHLET_STREAM_INDEX];
            si->base_value[0] = nt;
            si->base_value[1] = nv;
            si->bits = LC_MESHLET_INDEX_BITS;
            stream_begin(&w);
            si->offset_in_words = w.first;
            for (uint32_t t = 0; t < nt * 3; t++) put_bits(&w, tl[t], LC_MESHLET_INDEX_BITS);
            out->stream_bits[LC_MESHLET_STREAM_INDEX] += (uint64_t)(w.count - si->offset_in_words) * 32;

            for (uint32_t i = 0; i < nv; i++)
                for (int c = 0; c < 3; c++) values[i * 3 + c] = qv[vl[i]].position[c];
            put_delta_stream(&w, &st[LC_MESHLET_STREAM_POSITION], values, nv, 3, 16, q->position_exponent);
            out->stream_bits[LC_MESHLET_STREAM_POSITION] += (uint64_t)(w.count - st[LC_MESHLET_STREAM_POSITION].offset_in_words) * 32;

            for (uint32_t i = 0; i < nv; i++)
                for (int c = 0; c < 2; c++) {
                    values[i * 4 + c] = qv[vl[i]].normal[c];
                    values[i * 4 + 2 + c] = qv[vl[i]].tangent[c];
                }
            put_delta_stream(&w, &st[LC_MESHLET_STREAM_NORMAL], values, nv, 4, 8, 0);
            out->stream_bits[LC_MESHLET_STREAM_NORMAL] += (uint64_t)(w.count - st[LC_MESHLET_STREAM_NORMAL].offset_in_words) * 32;

            for (uint32_t i = 0; i < nv; i++)
                for (int c = 0; c < 2; c++) values[i * 2 + c] = qv[vl[i]].uv[c];
            put_delta_stream(&w, &st[LC_MESHLET_STREAM_UV], values, nv, 2, 16, q->uv_exponent);
            out->stream_bits[LC_MESHLET_STREAM_UV] += (uint64_t)(w.count - st[LC_MESHLET_STREAM_UV].offset_in_words) * 32;

            /* Bytes 0..255 as 8-bit components: base + delta wraps in 8 bits, and the decoder
             * takes the low byte of the sign-extended sum. */
            for (uint32_t i = 0; i < nv; i++)
                for (int c = 0; c < 4; c++) values[i * 4 + c] = (int32_t)(qv[vl[i]].color >> (8 * c) & 0xffu);
            put_delta_stream(&w, &st[LC_MESHLET_STREAM_COLOR], values, nv, 4, 8, 0);
            out->stream_bits[LC_MESHLET_STREAM_COLOR] += (uint64_t)(w.count - st[LC_MESHLET_STREAM_COLOR].offset_in_words) * 32;

            out->vertex_count += nv;
            out->triangle_count += nt;
        }
    }
    /* Padding: a 64-bit read of a stream's last value touches the word after it. */
    writer_reserve(&w, 2);
    w.words[w.count++] = 0;
    w.words[w.count++] = 0;
    out->payload = w.words;
    out->payload_words = w.count;
}

void lc_meshlet_encoded_destroy(lc_meshlet_encoded *e)
{
    free(e->headers);
    free(e->streams);
    free(e->payload);
    memset(e, 0, sizeof *e);
}

void lc_meshlet_encoded_append(lc_meshlet_encoded *dst, const lc_meshlet_encoded *src)
{
    if (!dst->meshlet_count && !dst->payload_words) dst->quant = src->quant;
    uint32_t streams = dst->sublet_count * LC_MESHLET_STREAM_COUNT;
    dst->headers = lc_realloc(dst->headers, (size_t)(dst->meshlet_count + src->meshlet_count + 1) * sizeof *dst->headers);
    dst->streams = lc_realloc(dst->streams, ((size_t)streams + (size_t)src->sublet_count * LC_MESHLET_STREAM_COUNT + 1) *
                                                sizeof *dst->streams);
    dst->payload = lc_realloc(dst->payload, ((size_t)dst->payload_words + src->payload_words + 1) * sizeof *dst->payload);
    for (uint32_t m = 0; m < src->meshlet_count; m++) {
        lc_meshlet_header h = src->headers[m];
        h.stream_offset += streams;
        h.vertex_offset += dst->vertex_count;
        h.primitive_offset += dst->triangle_count;
        dst->headers[dst->meshlet_count + m] = h;
    }
    for (uint32_t i = 0; i < src->sublet_count * LC_MESHLET_STREAM_COUNT; i++) {
        lc_meshlet_stream st = src->streams[i];
        st.offset_in_words += dst->payload_words;
        dst->streams[streams + i] = st;
    }
    memcpy(dst->payload + dst->payload_words, src->payload, (size_t)src->payload_words * sizeof *src->payload);
    dst->meshlet_count += src->meshlet_count;
    dst->sublet_count += src->sublet_count;
    dst->payload_words += src->payload_words;
    dst->vertex_count += src->vertex_count;
    dst->triangle_count += src->triangle_count;
    for (uint32_t k = 0; k < LC_MESHLET_STREAM_COUNT; k++) dst->stream_bits[k] += src->stream_bits[k];
}

uint64_t lc_meshlet_encoded_bytes(const lc_meshlet_encoded *e)
{
    return (uint64_t)e->meshlet_count * sizeof(lc_meshlet_header) +
           (uint64_t)e->sublet_count * LC_MESHLET_STREAM_COUNT * sizeof(lc_meshlet_stream) + (uint64_t)e->payload_words * 4;
}

/* --- reference decoder: meshlet_decode.glsl's steps, one lane at a time --- */

/* `count` bits at bit `start` of the stream (the GPU's 64-bit shift of two words). */
static uint32_t get_bits(const uint32_t *payload, uint32_t offset_in_words, uint32_t start, uint32_t count)
{
    uint32_t word = offset_in_words + start / 32;
    uint64_t pair = (uint64_t)payload[word] | (uint64_t)payload[word + 1] << 32;
    uint32_t v = (uint32_t)(pair >> (start % 32));
    return count ? v & (uint32_t)((1ull << count) - 1) : 0;
}

static int32_t sign_extend(uint32_t v, uint32_t width)
{
    uint32_t m = 1u << (width - 1);
    v &= (uint32_t)((1ull << width) - 1);
    return (int32_t)(v ^ m) - (int32_t)m;
}

/* Component c of value `lane` in a base + delta stream. */
static int32_t delta_component(const uint32_t *payload, const lc_meshlet_stream *s, uint32_t lane, uint32_t comps,
                               uint32_t c, uint32_t width)
{
    uint32_t bits = s->bits & LC_MESHLET_BITS_MASK;
    uint32_t d = get_bits(payload, s->offset_in_words, (lane * comps + c) * bits, bits);
    uint32_t base = s->base_value[(c * width) / 32] >> ((c * width) % 32);
    return sign_extend(base + d, width);
}

static int32_t stream_exponent(const lc_meshlet_stream *s) { return (int32_t)(int16_t)(s->bits >> 16); }

void lc_meshlet_decode_cpu(const lc_meshlet_encoded *e, lc_vertex *vertices, uint32_t *indices, uint8_t *indices8)
{
    for (uint32_t m = 0; m < e->meshlet_count; m++) {
        const lc_meshlet_header *h = &e->headers[m];
        uint32_t vbase = h->vertex_offset, tbase = h->primitive_offset;
        for (uint32_t k = 0; k < h->sublet_count; k++) {
            const lc_meshlet_stream *st = &e->streams[h->stream_offset + k * LC_MESHLET_STREAM_COUNT];
            const lc_meshlet_stream *si = &st[LC_MESHLET_STREAM_INDEX];
            uint32_t nt = si->base_value[0], nv = si->base_value[1];
            for (uint32_t t = 0; t < nt; t++)
                for (uint32_t c = 0; c < 3; c++) {
                    uint32_t local = get_bits(e->payload, si->offset_in_words, (t * 3 + c) * LC_MESHLET_INDEX_BITS,
                                              LC_MESHLET_INDEX_BITS);
                    indices[(tbase + t) * 3 + c] = vbase + local;
                    if (indices8) indices8[(tbase + t) * 3 + c] = (uint8_t)(vbase - h->vertex_offset + local);
                }
            const lc_meshlet_stream *sp = &st[LC_MESHLET_STREAM_POSITION], *sn = &st[LC_MESHLET_STREAM_NORMAL],
                                    *su = &st[LC_MESHLET_STREAM_UV], *sc = &st[LC_MESHLET_STREAM_COLOR];
            for (uint32_t i = 0; i < nv; i++) {
                lc_vertex *v = &vertices[vbase + i];
                for (uint32_t c = 0; c < 3; c++)
                    v->position[c] = ldexpf((float)delta_component(e->payload, sp, i, 3, c, 16), stream_exponent(sp));
                for (uint32_t c = 0; c < 2; c++)
                    v->uv[c] = ldexpf((float)delta_component(e->payload, su, i, 2, c, 16), stream_exponent(su) - 1) + 0.5f;
                oct_decode(delta_component(e->payload, sn, i, 4, 0, 8), delta_component(e->payload, sn, i, 4, 1, 8),
                           v->normal);
                int32_t ty = delta_component(e->payload, sn, i, 4, 3, 8);
                oct_decode(delta_component(e->payload, sn, i, 4, 2, 8), ty, v->tangent);
                v->tangent[3] = tangent_sign(ty);
                v->color = 0;
                for (uint32_t c = 0; c < 4; c++)
                    v->color |= ((uint32_t)delta_component(e->payload, sc, i, 4, c, 8) & 0xffu) << (8 * c);
            }
            vbase += nv;
            tbase += nt;
        }
    }
}
