/* views: one cull-and-draw for the camera and every shadow view (passes.h lc_view_kind): the
 * camera on the mdi and mesh paths (frame.c), on the compute raster (raster.c), and the shadow
 * views rendered this frame, batched (frame.c), go through the same two phases. */
#include "passes/passes.h"

/* The camera on the mdi path: a compute cull, indirect depth draws per bucket (or the
 * visibility pass's, depth and ids in one). */
static bool camera_single(const lc_frame *f)
{
    return f->settings->shading == LC_SHADING_VISIBILITY && !f->settings->visibility_prepass;
}

static uint32_t mdi_cull(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)f, (void)ctx;
    passes[0] = lc_pass_geometry_cull(phase);             // early cull: frustum, cone (and what was visible last frame); late: the rest
    return 1;
}

static uint32_t mdi_draw(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)ctx;
    passes[0] = camera_single(f) ? lc_pass_visibility_single(f, phase) : lc_pass_depth_indirect(phase);
    return 1;
}

/* The camera on the mesh path: the task shader culls what the mesh shader draws, after, with
 * --mesh-dispatch indirect, a compute cull writes the sublet list (cull, list scan, list). */
static uint32_t mesh_cull(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)ctx;
    if (f->settings->mesh_dispatch != LC_MESH_DISPATCH_INDIRECT) return 0;
    for (uint32_t k = 0; k < 3; k++) passes[k] = lc_pass_mesh_cull(phase, k);
    return 3;
}

static uint32_t mesh_draw(const lc_frame *f, void *ctx, uint32_t phase, lc_pass *passes)
{
    (void)ctx;
    passes[0] = camera_single(f) ? lc_pass_visibility_single(f, phase) : lc_pass_depth_mesh(f, phase);
    return 1;
}

lc_view_kind lc_view_camera(const lc_frame *f)
{
    bool mesh = f->settings->geometry == LC_GEOMETRY_MESH;
    return (lc_view_kind){NULL, mesh ? mesh_cull : mdi_cull, mesh ? mesh_draw : mdi_draw, lc_pass_hiz};
}

uint32_t lc_passes_cull_and_draw(const lc_frame *f, const lc_view_kind *k, bool occlusion, lc_pass *passes)
{
    uint32_t n = 0, first = occlusion ? LC_GEOMETRY_CULL_PHASE_1 : LC_GEOMETRY_CULL_PHASE_ALL;
    n += k->cull(f, k->ctx, first, passes + n); // cull (/ phase 1): what the view saw when last rendered
    n += k->draw(f, k->ctx, first, passes + n); // depth (/ phase 1)
    if (occlusion) {
        passes[n++] = k->hiz();                                        // hiz: max-depth pyramid of phase 1
        n += k->cull(f, k->ctx, LC_GEOMETRY_CULL_PHASE_2, passes + n); // cull / phase 2: the rest against the HiZ
        n += k->draw(f, k->ctx, LC_GEOMETRY_CULL_PHASE_2, passes + n); // depth / phase 2: what became visible
    }
    return n;
}
