/* Fuzz target: our scene import layer. The first byte picks the format (glTF, GLB or OBJ),
 * the rest goes through assimp (lc_scene_load_memory) and our post-processing: instancing,
 * materials and embedded textures, the default view, validation. A scene that loads must be
 * one the renderer can take as is. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_check.h"
#include "lights/lights.h"
#include "scene/scene.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool finite_n(const float *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const hints[] = {"gltf", "glb", "obj"};
    if (size < 2) return 0;
    lc_scene s;
    lc_status st = lc_scene_load_memory(&s, data + 1, size - 1, hints[data[0] % 3]);
    if (st != LC_OK) {
        FUZZ_CHECK(st == LC_ERR_INPUT && s.vertices == NULL && s.indices == NULL && s.images == NULL);
        return 0;
    }
    FUZZ_CHECK(lc_scene_validate(&s) == LC_OK);
    FUZZ_CHECK(s.index_count > 0 && s.index_count % 3 == 0 && s.mesh_count > 0 && s.object_count > 0 &&
               s.material_count > 0);
    /* Every object's triangles reach only real vertices (ASan checks the reads). */
    float sum = 0.0f;
    for (uint32_t o = 0; o < s.object_count; o++) {
        const lc_mesh *m = &s.meshes[s.objects[o].mesh];
        for (uint32_t i = 0; i < m->index_count; i++)
            sum += s.vertices[m->first_vertex + s.indices[m->first_index + i]].position[0];
        FUZZ_CHECK(finite_n(s.objects[o].sphere, 4));
    }
    (void)sum;
    for (uint32_t i = 0; i < s.image_count; i++) {
        const lc_image_data *img = &s.images[i];
        FUZZ_CHECK(img->width >= 1 && img->width <= 4096 && img->height >= 1 && img->height <= 4096);
        volatile uint8_t last = img->rgba[(size_t)img->width * img->height * 4 - 1];
        (void)last;
    }
    FUZZ_CHECK(finite_n(s.bounds_min, 3) && finite_n(s.bounds_max, 3));
    /* What lc_app_load does next: lights inside the scene's light bounds. */
    lc_light_set lights;
    if (lc_lights_generate(&lights, 64, 1, s.light_bounds_min, s.light_bounds_max) == LC_OK) {
        for (uint32_t i = 0; i < lights.count; i++) FUZZ_CHECK(finite_n(lights.lights[i].position, 3));
        lc_light_set_destroy(&lights);
    }
    lc_scene_destroy(&s);
    return 0;
}
