/* Fuzz target: lc_scene_validate on scenes built straight from bytes (counts, index values,
 * draw ranges, material and image references, non-finite floats, missing arrays). Whatever
 * it accepts must be safe for upload_scene and the draws: every index of every draw within
 * the vertices, every material and image reference real. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "scene/scene.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static uint32_t take(reader *r, size_t n) /* n <= 4 bytes, little-endian; zeros past the end */
{
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (r->left) {
            v |= (uint32_t)*r->p++ << (8 * i);
            r->left--;
        }
    }
    return v;
}

/* A count, and whether the array behind it is present (so "count set, array missing" happens). */
static void *take_array(reader *r, uint32_t count, size_t elem, bool present)
{
    if (!present) return NULL;
    uint8_t *a = calloc(count ? count : 1, elem);
    FUZZ_CHECK(a);
    for (size_t i = 0; i < (size_t)count * elem; i++) a[i] = (uint8_t)take(r, 1);
    return a;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    lc_scene s;
    memset(&s, 0, sizeof s);
    uint32_t flags = take(&r, 1);
    /* Small counts keep each run quick; the values inside are unrestricted. */
    s.vertex_count = take(&r, 1);
    s.index_count = take(&r, 2) % 768;
    s.draw_count = take(&r, 1) % 16;
    s.material_count = take(&r, 1) % 8;
    s.image_count = take(&r, 1) % 4;
    s.vertices = take_array(&r, s.vertex_count, sizeof *s.vertices, !(flags & 1) || !s.vertex_count);
    s.indices = take_array(&r, s.index_count, sizeof *s.indices, !(flags & 2) || !s.index_count);
    s.draws = take_array(&r, s.draw_count, sizeof *s.draws, !(flags & 4) || !s.draw_count);
    s.materials = take_array(&r, s.material_count, sizeof *s.materials, !(flags & 8) || !s.material_count);
    if (!(flags & 16) || !s.image_count) {
        s.images = calloc(s.image_count ? s.image_count : 1, sizeof *s.images);
        FUZZ_CHECK(s.images);
        for (uint32_t i = 0; i < s.image_count; i++) {
            lc_image_data *img = &s.images[i];
            img->width = take(&r, 1) % 9;
            img->height = take(&r, 1) % 9;
            if (!(take(&r, 1) & 1)) img->rgba = take_array(&r, img->width * img->height, 4, true);
        }
    }
    /* Bias some indices and draws into range so accepted scenes are common. */
    if (flags & 32)
        for (uint32_t i = 0; s.indices && s.vertex_count && i < s.index_count; i++) s.indices[i] %= s.vertex_count;
    if (flags & 64)
        for (uint32_t i = 0; s.draws && i < s.draw_count; i++) {
            s.draws[i].first_index %= s.index_count + 1;
            s.draws[i].index_count %= s.index_count + 1;
            s.draws[i].material %= s.material_count + 1;
        }

    if (lc_scene_validate(&s) == LC_OK) {
        for (uint32_t d = 0; d < s.draw_count; d++) {
            const lc_draw *dr = &s.draws[d];
            FUZZ_CHECK(dr->material < s.material_count && dr->index_count % 3 == 0);
            for (uint32_t i = 0; i < dr->index_count; i++) {
                uint32_t v = s.indices[dr->first_index + i];
                FUZZ_CHECK(v < s.vertex_count);
                volatile float x = s.vertices[v].position[0];
                (void)x;
            }
        }
        for (uint32_t m = 0; m < s.material_count; m++) {
            int32_t img = s.materials[m].image;
            FUZZ_CHECK(img == -1 || (img >= 0 && (uint32_t)img < s.image_count));
            if (img >= 0) {
                const lc_image_data *im = &s.images[img];
                volatile uint8_t last = im->rgba[(size_t)im->width * im->height * 4 - 1];
                (void)last;
            }
        }
        lc_scene_compute_bounds(&s);
    }
    lc_scene_destroy(&s);
    return 0;
}
