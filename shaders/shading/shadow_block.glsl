// The shadow records buffer (LC_BIND_SHADOWS, lc_shared.h) as every shader that reads it
// declares it: the shadowed lights' records, the views rendered this frame, the sun's
// cascades. A view names its matrix by (record, face): a light's record and face, or
// LC_SHADOW_SUN_RECORD and the cascade, so the shadow views' cull and depth pass serve the
// lights' perspective views and the sun's orthographic cascades alike.
#ifndef LC_SHADOW_BLOCK_GLSL
#define LC_SHADOW_BLOCK_GLSL

layout(std430, set = 0, binding = LC_BIND_SHADOWS) readonly buffer ShadowBlock
{
    lc_gpu_shadow shadows[LC_SHADOW_RECORDS];
    lc_gpu_view shadow_views[LC_SHADOW_VIEW_SLOTS]; // the views rendered this frame
    lc_gpu_cascades cascades;
};

mat4 lc_shadow_view_proj(uint record, uint face)
{
    return record < LC_SHADOW_RECORDS ? shadows[record].view_proj[face] : cascades.view_proj[face];
}

#endif
