/* What every pass that draws the scene shares: dynamic rendering into the frame's
 * attachments, the scene's binding state, a material's draw state, and the object draws of
 * the direct path (one package per object, a command for the depth pre-pass and one for the
 * depth-EQUAL pass after it), recorded by the frame's jobs. Declared in passes.h. */
#include "passes/passes.h"

#include <math.h>
#include <string.h>

void lc_begin_rendering(const lc_frame *f, lc_render_context *rc, uint32_t pass, const lc_rendering *d)
{
    lc_pkg_rendering p = {
        .width = f->sized->width,
        .height = f->sized->height,
        .color = d->color ? d->color->view : VK_NULL_HANDLE,
        .color_format = d->color ? d->color->format : VK_FORMAT_UNDEFINED,
        .color_load = d->color_load,
        .clear_color = d->clear_color,
        .depth = d->depth ? d->depth->view : VK_NULL_HANDLE,
        .depth_format = d->depth ? d->depth->format : VK_FORMAT_UNDEFINED,
        .depth_layout = d->depth_layout,
        .depth_load = d->depth_load,
        .depth_store = d->depth_store,
    };
    lc_rc_begin_rendering(rc, lc_sort_key(pass, LC_SEQ_BEGIN), &p);
    lc_rc_viewport(rc, lc_sort_key(pass, LC_SEQ_STATE), f->sized->width, f->sized->height);
}

void lc_draw_material_of(const lc_frame *f, uint32_t material, uint32_t raster, lc_draw_material *out)
{
    bool known = material < f->scene->material_count;
    *out = (lc_draw_material){.material = material, .set_index = 1, .layout = f->dev->layout,
                              .set = known ? f->dev->material_sets[material] : VK_NULL_HANDLE, .constants = {1.0f, 1.0f, 1.0f, 1.0f},
                              .raster = raster};
    if (!known) return;
    const lc_material *m = &f->scene->materials[material];
    memcpy(out->constants, m->base_color, 4 * sizeof(float));
    out->constants[4] = m->alpha_mode == LC_ALPHA_MASK ? m->alpha_cutoff : 0.0f;
}

bool lc_material_masked(const lc_scene *scene, uint32_t material)
{
    return material < scene->material_count && scene->materials[material].alpha_mode == LC_ALPHA_MASK &&
           scene->materials[material].alpha_cutoff > 0.0f;
}

uint64_t lc_depth_draw_key_at(const lc_frame *f, uint32_t pass, uint32_t seq, uint32_t material, uint32_t depth)
{
    if (lc_material_masked(f->scene, material))
        return lc_sort_key_draw(pass, seq, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH_MASK, material, depth);
    return lc_sort_key_draw(pass, seq, LC_SHADER_PASS_DEPTH, LC_PIPELINE_ID_DEPTH, 0, depth);
}

uint64_t lc_depth_draw_key(const lc_frame *f, uint32_t pass, uint32_t material, uint32_t depth)
{
    return lc_depth_draw_key_at(f, pass, LC_SEQ_WORK, material, depth);
}

void lc_bind_depth_mask_at(const lc_frame *f, lc_render_context *rc, uint32_t pass, uint32_t seq, VkPipeline pipeline)
{
    bool any = false;
    for (uint32_t m = 0; m < f->scene->material_count && !any; m++) any = lc_material_masked(f->scene, m);
    if (!any) return;
    lc_rc_bind_pipeline(rc, lc_sort_key_draw(pass, seq, LC_SHADER_PASS_MATERIAL, LC_PIPELINE_ID_DEPTH_MASK_BIND, 0, 0),
                        VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
}

void lc_bind_depth_mask(const lc_frame *f, lc_render_context *rc, uint32_t pass, VkPipeline pipeline)
{
    lc_bind_depth_mask_at(f, rc, pass, LC_SEQ_WORK, pipeline);
}

void lc_begin_depth_rendering(const lc_frame *f, lc_render_context *rc, uint32_t pass, bool load)
{
    lc_rendering rd = {.depth = &f->sized->depth, .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                       .depth_load = load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR,
                       .depth_store = VK_ATTACHMENT_STORE_OP_STORE};
    lc_begin_rendering(f, rc, pass, &rd);
}

void lc_bind_scene(const lc_frame *f, lc_render_context *rc, uint32_t pass, VkPipeline pipeline, bool runtime_mesh)
{
    lc_bind_scene_at(f, rc, lc_sort_key(pass, LC_SEQ_STATE), pipeline, runtime_mesh);
}

void lc_bind_scene_at(const lc_frame *f, lc_render_context *rc, uint64_t state, VkPipeline pipeline, bool runtime_mesh)
{
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, f->dev->layout, 0, f->slot->set);
    if (!runtime_mesh) return;
    lc_rc_bind_vertex_buffer(rc, state, f->dev->geo.vertices.buffer, 0);
    lc_rc_bind_index_buffer(rc, state, f->dev->geo.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
}

/* One object as a package: its mesh's meshlet range in the runtime mesh (contiguous per mesh,
 * global vertex numbers, 32-bit indices), the object index as firstInstance (scene.vert reads
 * objects[gl_InstanceIndex]; the mdi cull writes the same field). */
void lc_scene_draw_package(const lc_frame *f, uint32_t object, lc_pkg_draw_indexed *p)
{
    const lc_object *o = &f->scene->objects[object];
    const lc_meshlet_range *m = &f->dev->geo.ms.ranges[o->mesh];
    p->index_count = m->triangle_count * 3;
    p->instance_count = 1;
    p->first_index = m->first_triangle * 3;
    p->vertex_offset = 0;
    p->first_instance = object;
    lc_draw_material_of(f, o->material, f->dev->geo.object_raster[object], &p->mat);
}

uint32_t lc_shade_pipeline_id(const lc_frame *f)
{
    const lc_frame_settings *s = f->settings;
    return LC_PIPELINE_ID_SHADE + (s->mode * LC_LOOP_COUNT + f->loop) * 3 + s->analysis;
}

void lc_scene_draws_record(const lc_frame *f, lc_render_context *rc, uint32_t first, uint32_t count,
                           uint32_t depth_pass, uint32_t equal_pass)
{
    const lc_camera *cam = &f->settings->camera;
    const lc_frame_settings *s = f->settings;
    uint32_t shade_id = lc_shade_pipeline_id(f);
    /* The depth pre-pass sorts front to back by the far point of each object's bounding
     * sphere (distance + radius): big objects around the camera (floors, walls) go after the
     * small near ones that hide parts of them, so early depth rejects more of their pixels
     * (H100, 3840x2160: Sponza 2.05 -> 1.93 ms, the hall 1.71 -> 1.64 against the centre's
     * distance; the nearest point, 2.91 and 2.03). The depth a pass leaves does not depend
     * on the order. Where surfaces tie in depth the last draw of the
     * second pass wins (the forward shade's or the visibility pass's EQUAL test), so that pass
     * takes one order every path shares: by material, then by object (the depth bits stay
     * zero and the sort is stable over the ascending draw list), as the mdi and mesh paths
     * draw each material's bucket in task order. Coplanar surfaces then tie the same way on
     * every path, every thread count and every GPU. The visibility pass binds the material
     * too (alpha MASK), and draws the masked materials after the opaque ones (in one raster
     * pass they need another pipeline, and both visibility rasters keep one order). */
    bool vis = s->shading == LC_SHADING_VISIBILITY;
    for (uint32_t i = first; i < first + count; i++) {
        uint32_t object = f->draw_list[i];
        lc_pkg_draw_indexed *p = lc_rc_alloc(rc, sizeof *p);
        lc_scene_draw_package(f, object, p);
        const float *c = f->scene->objects[object].sphere;
        float dx = c[0] - cam->position[0], dy = c[1] - cam->position[1], dz = c[2] - cam->position[2];
        uint32_t depth = lc_sort_depth(sqrtf(dx * dx + dy * dy + dz * dz) + c[3], cam->near_z, cam->far_z);
        /* Multi-pass: one package, a command per pass; the key's shader pass tells the backend
         * whether to bind the material. */
        if (depth_pass != LC_NO_PASS)
            lc_rc_command(rc, lc_depth_draw_key(f, depth_pass, p->mat.material, depth), p, LC_PKG_DRAW_INDEXED);
        if (equal_pass != LC_NO_PASS)
            lc_rc_command(rc, lc_sort_key_draw(equal_pass, LC_SEQ_WORK, LC_SHADER_PASS_MATERIAL,
                                               !vis ? shade_id : lc_material_masked(f->scene, p->mat.material) ? LC_PIPELINE_ID_DEPTH_MASK : LC_PIPELINE_ID_DEPTH,
                                               p->mat.material, 0u),
                          p, LC_PKG_DRAW_INDEXED);
    }
}
