/* Bad geometry for the runtime mesh (lc_meshlet_scene_build, what every path draws): a mesh
 * claiming more indices than the scene has (a 2^32-index mesh cannot be held: the count is
 * 32-bit, so its range runs past the arrays) is refused with LC_ERR_INPUT; NaN positions are
 * refused; degenerate triangles are dropped and counted, the rest kept. */
#include "geometry/meshlet_scene.h"
#include "test_util.h"

#include <math.h>
#include <string.h>

static lc_scene scene_of(lc_vertex *v, uint32_t nv, uint32_t *ix, uint32_t ni, lc_mesh *mesh, lc_object *obj, lc_material *mat)
{
    *mesh = (lc_mesh){.first_vertex = 0, .vertex_count = nv, .first_index = 0, .index_count = ni};
    *obj = (lc_object){.world = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    *mat = lc_material_make(1, 1, 1, -1, false);
    return (lc_scene){.vertices = v, .vertex_count = nv, .indices = ix, .index_count = ni, .meshes = mesh, .mesh_count = 1,
                      .objects = obj, .object_count = 1, .materials = mat, .material_count = 1};
}

int main(void)
{
    lc_vertex v[4] = {{{0, 0, 0}, {0, 0, 1}, {0, 0}, {1, 0, 0, 1}, LC_VERTEX_WHITE}, {{1, 0, 0}, {0, 0, 1}, {1, 0}, {1, 0, 0, 1}, LC_VERTEX_WHITE},
                      {{0, 1, 0}, {0, 0, 1}, {0, 1}, {1, 0, 0, 1}, LC_VERTEX_WHITE}, {{2, 0, 0}, {0, 0, 1}, {1, 1}, {1, 0, 0, 1}, LC_VERTEX_WHITE}};
    uint32_t ix[9] = {0, 1, 2, 0, 1, 3, 1, 2, 0};
    lc_mesh mesh;
    lc_object obj;
    lc_material mat;
    lc_meshlet_scene ms;

    /* Degenerate (0, 1, 3 lie on a line): dropped and counted, the two others kept. */
    lc_scene s = scene_of(v, 4, ix, 9, &mesh, &obj, &mat);
    CHECK(lc_meshlet_scene_build(&s, &ms) == LC_OK);
    CHECK(ms.stats.degenerate == 1 && ms.enc.triangle_count == 2 && ms.range_count == 1);
    lc_meshlet_scene_destroy(&ms);

    /* A mesh whose index range passes the scene's arrays (as a 2^32-index mesh would). */
    s = scene_of(v, 4, ix, 9, &mesh, &obj, &mat);
    mesh.index_count = 0xfffffffcu;
    CHECK(lc_meshlet_scene_build(&s, &ms) == LC_ERR_INPUT);
    mesh.index_count = 9;
    mesh.first_index = 3;
    CHECK(lc_meshlet_scene_build(&s, &ms) == LC_ERR_INPUT);

    /* NaN position: refused, not drawn as garbage. */
    s = scene_of(v, 4, ix, 9, &mesh, &obj, &mat);
    v[2].position[1] = NAN;
    CHECK(lc_meshlet_scene_build(&s, &ms) == LC_ERR_INPUT);
    return lc_test_finish("test_geometry_input");
}
