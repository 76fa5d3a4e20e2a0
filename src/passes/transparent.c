/* The transparent pass: objects whose material is LC_ALPHA_BLEND, left out of every opaque
 * pass, drawn after the opaque frame (forward or visibility shade) into the HDR image, back
 * to front by the view depth of their bounding sphere's centre. Each is forward shaded by
 * shade.frag's light loops with the transparent light cull's lights (the slot's transparent
 * set: tiles bounded from the near plane to the opaque depth, so a light in front of the
 * opaque surface still reaches the blended one), tested LESS_OR_EQUAL against the opaque
 * depth without writing it, and blended src_alpha / one_minus_src_alpha. The draws are the
 * direct path's object draws on every geometry path: a handful of CPU-sorted objects. */
#include "passes/passes.h"

#include <math.h>

static void record(const lc_frame *f, const lc_pass *self, lc_render_context *rc, uint32_t pass)
{
    (void)self;
    const lc_frame_settings *s = f->settings;
    const lc_camera *cam = &s->camera;
    lc_rendering rd = {
        .color = &f->sized->hdr,
        .color_load = VK_ATTACHMENT_LOAD_OP_LOAD,
        .depth = &f->sized->depth,
        .depth_layout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        .depth_load = VK_ATTACHMENT_LOAD_OP_LOAD,
        .depth_store = VK_ATTACHMENT_STORE_OP_NONE,
    };
    lc_begin_rendering(f, rc, pass, &rd);
    uint32_t loop = f->transparent_loop;
    uint64_t state = lc_sort_key(pass, LC_SEQ_STATE);
    lc_rc_bind_pipeline(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, f->dev->shades.shade_transparent[s->mode][loop][s->analysis]);
    lc_rc_bind_set(rc, state, VK_PIPELINE_BIND_POINT_GRAPHICS, f->dev->layout, 0, f->slot->set_transparent);
    lc_rc_bind_vertex_buffer(rc, state, f->dev->geo.vertices.buffer, 0);
    lc_rc_bind_index_buffer(rc, state, f->dev->geo.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
    /* The key's depth (the complement: far first) alone orders the draws; the material field
     * stays zero, or it would group them by material before depth. */
    uint32_t pipeline_id = LC_PIPELINE_ID_SHADE + (s->mode * LC_LOOP_COUNT + loop) * 3 + s->analysis;
    for (uint32_t i = 0; i < f->blend_count; i++) {
        uint32_t object = f->blend_list[i];
        const lc_object *o = &f->scene->objects[object];
        const lc_meshlet_range *m = &f->dev->geo.ms.ranges[o->mesh];
        lc_pkg_draw_indexed *p = lc_rc_alloc(rc, sizeof *p);
        *p = (lc_pkg_draw_indexed){.index_count = m->triangle_count * 3, .instance_count = 1, .first_index = m->first_triangle * 3,
                                   .first_instance = object};
        lc_draw_material_of(f, o->material, f->dev->geo.object_raster[object], &p->mat);
        /* View depth of the sphere's centre: along the camera's forward axis. */
        const float *c = o->sphere;
        float d = f->ubo->view.m[2] * c[0] + f->ubo->view.m[6] * c[1] + f->ubo->view.m[10] * c[2] +
                  f->ubo->view.m[14];
        uint32_t depth = lc_sort_depth_back_to_front(-d, cam->near_z, cam->far_z);
        lc_rc_command(rc, lc_sort_key_draw(pass, LC_SEQ_WORK, LC_SHADER_PASS_MATERIAL, pipeline_id, 0, depth), p, LC_PKG_DRAW_INDEXED);
    }
    lc_rc_end_rendering(rc, lc_sort_key(pass, LC_SEQ_END));
}

// transparent: blended objects back to front over the shaded HDR image, with the transparent cull's lights.
lc_pass lc_pass_transparent(const lc_frame *f)
{
    lc_pass p = {.name = "transparent", .timer = LC_TIMER_SHADE, .record = record};
    p.uses[p.use_count++] = (lc_use){LC_RES_DEPTH, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                     VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    /* Blending reads what the opaque shade wrote (a colour attachment or, after the visibility
     * shade, a storage image). */
    p.uses[p.use_count++] = (lc_use){LC_RES_HDR, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    lc_pass_read_cull(&p, f->settings->mode, LC_STAGE_FRAG);
    /* Atomic adds to the opaque shade's counts. */
    p.uses[p.use_count++] = (lc_use){LC_RES_ANALYSIS, LC_STAGE_FRAG, LC_RW, 0};
    return p;
}
