/* Fuzz target: lc_scene_validate on scenes built straight from bytes (counts, index values,
 * mesh ranges, object mesh and material references, transforms, image references, non-finite
 * floats, missing arrays). Whatever it accepts must be safe for upload_scene and the draws:
 * every object's mesh real, every mesh-local index of every mesh within that mesh's vertices
 * (at its vertex offset) and within the scene's, every material and image reference real.
 * Input: flags, vertex count (1 byte), index count (2), mesh count (1), object count (1),
 * material count (1), image count (1), then the arrays' raw bytes in that order. */
#include <math.h>
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
    s.mesh_count = take(&r, 1) % 16;
    s.object_count = take(&r, 1) % 16;
    s.material_count = take(&r, 1) % 8;
    s.image_count = take(&r, 1) % 4;
    s.vertices = take_array(&r, s.vertex_count, sizeof *s.vertices, !(flags & 1) || !s.vertex_count);
    s.indices = take_array(&r, s.index_count, sizeof *s.indices, !(flags & 2) || !s.index_count);
    s.meshes = take_array(&r, s.mesh_count, sizeof *s.meshes, !(flags & 4) || !s.mesh_count);
    s.objects = take_array(&r, s.object_count, sizeof *s.objects, !(flags & 128) || !s.object_count);
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
    /* Bias some indices, meshes and objects into range so accepted scenes are common. */
    if (flags & 32)
        for (uint32_t i = 0; s.indices && s.vertex_count && i < s.index_count; i++) s.indices[i] %= s.vertex_count;
    if (flags & 64) {
        for (uint32_t i = 0; s.meshes && i < s.mesh_count; i++) {
            lc_mesh *m = &s.meshes[i];
            m->first_index %= s.index_count + 1;
            m->index_count %= s.index_count + 1;
            m->first_vertex %= s.vertex_count + 1;
            m->vertex_count %= s.vertex_count + 1;
            m->material %= s.material_count + 1;
            for (int c = 0; c < 3; c++) m->aabb_min[c] = m->aabb_max[c] = 0.0f;
        }
        for (uint32_t i = 0; s.objects && i < s.object_count; i++) {
            lc_object *o = &s.objects[i];
            o->mesh %= s.mesh_count + 1;
            o->material %= s.material_count + 1;
            for (int k = 0; k < 16; k++) /* finite transforms: non-finite entries made 1 */
                if (!isfinite(o->world.m[k])) o->world.m[k] = 1.0f;
            for (int c = 0; c < 4; c++) o->sphere[c] = 0.0f;
        }
    }

    if (lc_scene_validate(&s) == LC_OK) {
        for (uint32_t i = 0; i < s.object_count; i++) {
            const lc_object *o = &s.objects[i];
            FUZZ_CHECK(o->mesh < s.mesh_count && o->material < s.material_count);
            for (int k = 0; k < 16; k++) FUZZ_CHECK(o->world.m[k] == o->world.m[k]);
        }
        for (uint32_t d = 0; d < s.mesh_count; d++) {
            const lc_mesh *m = &s.meshes[d];
            FUZZ_CHECK(m->material < s.material_count && m->index_count % 3 == 0);
            for (uint32_t i = 0; i < m->index_count; i++) {
                uint32_t v = s.indices[m->first_index + i];
                /* What vkCmdDrawIndexed reads: vertex first_vertex + v. */
                FUZZ_CHECK(v < m->vertex_count && (uint64_t)m->first_vertex + v < s.vertex_count);
                volatile float x = s.vertices[m->first_vertex + v].position[0];
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
