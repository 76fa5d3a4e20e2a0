/* Structs, constants and binding numbers shared by the C host and the GLSL shaders.
 * Written once: C includes it directly, GLSL through GL_GOOGLE_include_directive.
 * std430/std140-compatible layouts only (vec4-sized members); the C side checks sizes
 * and offsets with _Static_assert in gpu_layout.c. */
#ifndef LC_SHARED_H
#define LC_SHARED_H

#if defined(VULKAN) || defined(GL_SPIRV)
#define LC_GLSL 1
#endif

#ifdef LC_GLSL
#define LC_F4 vec4
#define LC_U4 uvec4
#define LC_M4 mat4
#define LC_U1 uint
#define LC_VIEW lc_gpu_view
#else
#include <stdint.h>
typedef struct lc_f4 { float x, y, z, w; } lc_f4;
typedef struct lc_u4 { uint32_t x, y, z, w; } lc_u4;
typedef struct lc_m4 { float m[16]; } lc_m4; /* column-major, as GLSL mat4 */
#define LC_F4 lc_f4
#define LC_U4 lc_u4
#define LC_M4 lc_m4
#define LC_U1 uint32_t
#define LC_VIEW struct lc_gpu_view /* a member of another shared struct */
#endif

/* Light types (lc_gpu_light.color_type.w holds the type as a float). */
#define LC_LIGHT_POINT 0
#define LC_LIGHT_SPOT 1
/* The entity array (seed 001): the lights buffer holds decals first, then environment probes,
 * then lights, each a contiguous range (lc_frame_ubo.entity_info), culled together by every
 * mode. A decal's entry is its culling proxy: position_radius its box's bounding sphere,
 * spot_depth.zw its box's view depth range, color_type.w this type; its shading data is
 * lc_gpu_decal at the same index (LC_BIND_DECALS). A probe's entry is the same kind of proxy
 * for its influence box (the box grown by its fade), type LC_ENTITY_PROBE, with the probe's
 * index in color_type.x: its record is lc_gpu_probe (LC_BIND_ENV_DATA, after the environment's). */
#define LC_ENTITY_DECAL 2
#define LC_ENTITY_PROBE 3
/* The shading pipelines' ENTITY_KINDS constant (light_loop.glsl): the kinds a run has besides
 * lights; a run without decals or probes compiles their loops out. */
#define LC_ENTITY_KINDS_DECALS 1u
#define LC_ENTITY_KINDS_PROBES 2u

/* glTF alpha modes (lc_material.alpha_mode): opaque, cut out below the cutoff, blended. */
#define LC_ALPHA_OPAQUE 0
#define LC_ALPHA_MASK 1
#define LC_ALPHA_BLEND 2

/* Which surfaces a light cull serves (lc_frame_ubo.pass_info.x). The opaque cull bounds each
 * tile by the depth range of the pre-pass; the transparent cull by the near plane and the
 * tile's opaque max depth (the far plane where the tile is empty): a blended surface lies
 * anywhere in front of the opaque one. The transparent pass adds its analysis counts to the
 * pixel's (a pixel shaded by several layers counts each). */
#define LC_CULL_OPAQUE 0
#define LC_CULL_TRANSPARENT 1

/* Culling modes, in the order the viewer cycles through them. */
#define LC_MODE_BRUTE 0
#define LC_MODE_LISTS 1
#define LC_MODE_TILES 2
#define LC_MODE_CLUSTERS 3
#define LC_MODE_ZBIN 4
/* Forward shading only: the CPU culls the entities per object into a uvec4 bitmask per object
 * (LC_BIND_OBJECT_MASKS; seed 001's forward path, docs/CULLING.md). The modes before it cull
 * on the GPU (LC_MODE_GPU_COUNT of them), for both shadings. */
#define LC_MODE_OBJECTS 5
#define LC_MODE_COUNT 6
#define LC_MODE_GPU_COUNT 5
/* The per-object mask's capacity per kind: x decals, y probes, z and w lights (bit k: the k-th
 * entity of its range in the entity array). */
#define LC_OBJECT_MASK_DECALS 32u
#define LC_OBJECT_MASK_PROBES 32u
#define LC_OBJECT_MASK_LIGHTS 64u

/* What the final image shows (lc_frame_ubo.options.y). */
#define LC_VIEW_SHADED 0
#define LC_VIEW_HEATMAP 1   /* lights evaluated per pixel */
#define LC_VIEW_TIGHTNESS 2 /* evaluated-and-contributing (green) vs evaluated-for-nothing (red) */
#define LC_VIEW_MESHLETS 3  /* a colour per meshlet (shade pass) */
#define LC_VIEW_BASE_COLOR 4 /* the material's base colour (texture times factor), unlit */
#define LC_VIEW_NORMALS 5    /* the shading normal (normal map applied), world xyz * 0.5 + 0.5 */
#define LC_VIEW_ROUGHNESS_METALLIC 6 /* red: perceptual roughness, green: metallic */
#define LC_VIEW_SHADOW_ATLAS 7 /* the shadow atlas's depth, the whole atlas over the screen (tonemap pass) */
#define LC_VIEW_CASCADES 8     /* shaded, each pixel tinted by the sun's cascade that shadows it (shadow.glsl) */
#define LC_VIEW_TRIANGLES 9  /* visibility shading: a colour per triangle id, from the id image (any raster) */
#define LC_VIEW_OVERDRAW 10  /* --raster compute: the 64-bit atomics each pixel took (the raster buffer's counters) */
#define LC_VIEW_PROBES 11    /* shaded, each pixel tinted by the environment probe that weighs most in its blend (grey: the sky) */
#define LC_VIEW_COUNT 12

/* What the heatmap and tightness views count (lc_frame_ubo.pass_info.z; --heatmap-kind, names
 * in src/frame.c): every entity, or the decals, the probes or the lights alone (the analysis
 * words keep the decals' and the probes' counts beside the totals). */
#define LC_HEATMAP_KIND_ALL 0u
#define LC_HEATMAP_KIND_DECALS 1u
#define LC_HEATMAP_KIND_PROBES 2u
#define LC_HEATMAP_KIND_LIGHTS 3u
#define LC_HEATMAP_KIND_COUNT 4u

/* Per-pixel analysis written by the shade pass (lc_frame_ubo.options.z). */
#define LC_ANALYSIS_OFF 0
#define LC_ANALYSIS_COUNT 1 /* evaluated and contributing counts */
#define LC_ANALYSIS_EXACT 2 /* also a brute-force loop for the exact count */
/* uints per pixel: evaluated, contributing, exact (every kind); then the same three for the
 * decals, then for the probes (the lights': the first three less those) */
#define LC_ANALYSIS_WORDS 9

/* Most lights a frame may hold (src/lights.h LC_LIGHTS_MAX), for shared-memory sizes. */
#define LC_LIGHTS_MAX_GLSL (1u << 20)

/* Where a shader's subgroups lie against the screen tiles (light_loop.glsl, constant_id 6):
 * the scalarized loops merge the lanes only where they span tiles. */
#define LC_SUBGROUPS_ASK 0        /* a ballot tells (the forward pass's fragment subgroups) */
#define LC_SUBGROUPS_IN_TILE 1    /* never across a tile (the visibility shade's 8x4 blocks; every tile size is a multiple of 8) */
#define LC_SUBGROUPS_IN_CLUSTER 2 /* nor across a cluster's tile (its size a multiple of 8 as well) */
#define LC_SUBGROUPS_MERGE_ALL 3  /* merge every subgroup, one tile or not (--scalarize-merge always) */

/* Lights per bucket (one bit each). */
#define LC_BUCKET_BITS 32u

/* Descriptor set 0: per frame. */
#define LC_BIND_FRAME 0        /* uniform lc_frame_ubo */
#define LC_BIND_LIGHTS 1       /* lc_gpu_light[]: the entity array (decals, probes, then the lights sorted by view depth) */
#define LC_BIND_TILE_BITS 2    /* uint[tiles * buckets]: tiles and zbin modes */
#define LC_BIND_TILE_LISTS 3   /* lists mode: uint[tiles * (1 + list_max)]: count then indices */
#define LC_BIND_ZBINS 4        /* uvec2[zbins]: (first, ~last) light index, cleared to ~0u */
#define LC_BIND_CLUSTER_BITS 5 /* uint[clusters * buckets] */
#define LC_BIND_COUNTERS 6     /* lc_gpu_counters */
#define LC_BIND_ANALYSIS 7     /* uint[pixels * LC_ANALYSIS_WORDS] */
#define LC_BIND_DEPTH 8        /* sampled depth from the pre-pass */
#define LC_BIND_HDR 9          /* sampled HDR colour for tonemap */
#define LC_BIND_TILE_DEPTH 10  /* lc_gpu_tile_depth[tiles]: view depth min/max of covered pixels, 2.5D slices */
#define LC_BIND_COARSE_BITS 11 /* uint[coarse tiles * buckets]: lights per LC_COARSE x LC_COARSE tiles */
#define LC_BIND_TILE_MASK 12   /* uint[tiles * mask words]: bit b set when tile bucket b is not empty */
#define LC_BIND_OBJECTS 13     /* lc_gpu_object[]: indexed by gl_InstanceIndex (a draw's firstInstance) */
#define LC_BIND_VISIBILITY 14  /* sampled R32G32_UINT visibility ids (object, primitive); ~0u: background */
#define LC_BIND_HDR_STORAGE 15 /* the HDR image as a storage image: the visibility shade writes it */
#define LC_BIND_FOOTPRINTS 16  /* lc_gpu_footprint[lights]: light binning's per-light screen footprint */
/* The geometry paths (shared/lc_geometry.h): GPU culling, indirect draws, HiZ. */
#define LC_BIND_GEO_MESHLETS 17   /* lc_gpu_meshlet[]: world-independent meshlet bounds and index ranges */
#define LC_BIND_GEO_OBJECTS 18    /* lc_gpu_cull_object[]: world sphere, draw bucket, cone flags */
#define LC_BIND_GEO_TASKS 19      /* uvec2[]: (object, meshlet) per culled unit */
#define LC_BIND_GEO_VISIBILITY 20 /* uint[]: visible last frame (persistent): a bit per task (mdi), a bit per sublet (mesh) */
#define LC_BIND_GEO_COMMANDS 21   /* VkDrawIndexedIndirectCommand[2 * capacity]: phase 1, then phase 2 */
#define LC_BIND_GEO_COUNTS 22     /* uint[]: HiZ counter, the frame's lc_gpu_geometry_stats, per-bucket draw counts */
#define LC_BIND_GEO_BUCKETS 23    /* uint[]: first command of each bucket (material x winding) */
#define LC_BIND_HIZ 24            /* sampled HiZ pyramid (max depth) */
#define LC_BIND_HIZ_MIPS 25       /* storage image per HiZ level, LC_HIZ_MAX_LEVELS of them */
#define LC_BIND_GEO_VERTEX_MESHLET 26 /* uint per runtime vertex: its meshlet (the meshlets view) */
#define LC_BIND_GEO_VERTICES 27    /* float[vertices * LC_VERTEX_FLOATS]: the runtime mesh's lc_vertex (mesh path) */
#define LC_BIND_GEO_INDICES 28     /* uint[]: the runtime mesh's indices, global vertex numbers (mesh path) */
#define LC_BIND_GEO_MESHLET_HEADERS 29 /* lc_meshlet_header[]: the compressed meshlets (mesh path, inline decode) */
#define LC_BIND_GEO_MESHLET_STREAMS 30 /* lc_meshlet_stream[] */
#define LC_BIND_GEO_MESHLET_PAYLOAD 31 /* uint[]: the compressed payload */
#define LC_BIND_GEO_SUBLET_BOUNDS 32   /* lc_meshlet_bounds[meshlets * 8]: sublet k of meshlet m at m * 8 + k (mesh path) */
#define LC_BIND_BIN_WORK 33 /* lc_gpu_bin_work: light binning's work list (light setup -> bin lights) */
/* The sun and the environment (src/lights/environment.c, shaders/shading/environment.glsl),
 * made once at start; the output stays last. */
#define LC_BIND_ENV_DATA 34     /* lc_gpu_environment: the sun, the diffuse irradiance as SH9, levels; then lc_gpu_probe[] */
#define LC_BIND_ENV_SPECULAR 35 /* sampled 2D array of GGX-prefiltered equirectangular radiance, roughness in its mips:
                                   layer 0 the sky, layer 1 + i probe i */
/* Shadows (shaders/shading/shadow.glsl, src/lights/shadows.c): per light (the sorted index) 0, or
 * 1 + its lc_gpu_shadow record; the records; the depth atlas their views were rendered into. */
#define LC_BIND_SHADOW_LIGHTS 36
#define LC_BIND_SHADOWS 37
#define LC_BIND_SHADOW_ATLAS 38   /* sampled D32 shadow atlas (DEPTH_READ_ONLY_OPTIMAL), point sampler: its view */
#define LC_BIND_SHADOW_COMPARE 39 /* the same atlas through the bilinear comparison sampler: the lookup */
#define LC_BIND_SHADOW_CULL 40    /* uint[]: the shadow views' GPU cull, draw counts and commands (lc_geometry.h LC_SHADOW_CULL_*) */
/* --shadow-filter: the lookup's kernel (the SHADOWS specialisation constant; 0: no lookup). */
#define LC_SHADOW_FILTER_BILINEAR 1u /* one bilinear comparison: 2 x 2 texels */
#define LC_SHADOW_FILTER_TENT 2u     /* four bilinear comparisons: a 3 x 3 tent */
/* The output (target) image through its UNORM storage view: the compute tonemap writes it,
 * encoding sRGB itself, or the visibility shade with the fused tonemap. Written each frame
 * (the target image changes); only those two use it. */
/* The compute raster's visibility buffer (--raster compute): uint64 per pixel, depth key in the
 * high word (~float bits of the depth: nearer is larger), the packed id in the low one; 0: empty;
 * then a uint per pixel, the atomics it took (--view overdraw only); then a float per pixel from
 * word LC_RASTER_DEPTH_WORD * pixels, row-major: the depth the resolve writes, the frame's depth
 * under the compute raster (the HiZ, the tile depth bounds and a host read take it from here;
 * the copy into the D32 depth image, only for a transparent pass, too). 16 bytes where the
 * frame has no compute raster. */
#define LC_BIND_RASTER 41
#define LC_RASTER_DEPTH_WORD 3u
#define LC_BIND_RASTER_WORK 42 /* uint[]: the compute raster's big-triangle list (lc_geometry.h LC_RASTER_WORK_*) */
/* lc_gpu_decal[decals]: the decals' shading data, entity order (reverse file order: docs/DECALS.md) */
#define LC_BIND_DECALS 43
#define LC_BIND_VISIBILITY_STORAGE 44 /* the id image (LC_BIND_VISIBILITY) as a storage image: the compute raster's resolve writes it */
/* lc_gpu_object_mask[objects]: --mode objects' per-object entity masks, indexed as LC_BIND_OBJECTS */
#define LC_BIND_OBJECT_MASKS 45
/* sampled 2D array, sRGB: the decals' base colour textures, one layer each (lc_gpu_decal.textures.x;
 * a 1 x 1 white layer where there are none), trilinear, clamped to the edge (src/lights/decal_textures.c) */
#define LC_BIND_DECAL_TEXTURES 46
/* sampled 2D array, UNORM: the decals' tangent-space normal maps (lc_gpu_decal.textures.y; a flat layer where there are none) */
#define LC_BIND_DECAL_NORMALS 47
#define LC_BIND_OUTPUT 48
#define LC_BIND_COUNT 49

/* The compute tonemap's workgroup: LC_TONEMAP_GROUP x LC_TONEMAP_GROUP pixels. */
#define LC_TONEMAP_GROUP 8u

/* Two-level tile culling: a coarse tile groups LC_COARSE x LC_COARSE screen tiles; the fine
 * pass tests only the lights its coarse tile kept. */
#define LC_COARSE 4u

/* Light binning (--binning lights): light setup gives each light with a footprint one share
 * (a workgroup's item in the work list) per LC_BIN_SHARE_CELLS of its footprint's cells, at
 * most LC_BIN_SHARES_MAX, and the light-parallel kernel's workgroups take the items; the
 * block-parallel kernel (--bin-kernel blocks) bins 32 buckets of lights into a block of
 * LC_BIN_BLOCK x LC_BIN_BLOCK cells (tiles or cluster tiles) of one depth slice. */
#define LC_BIN_SHARE_CELLS 128u /* cells a share: two a thread of the light-parallel kernel */
#define LC_BIN_SHARES_MAX 32u
#define LC_BIN_GROUPS 32768u      /* most workgroups of the light-parallel kernel (lc_bin_groups) */
#define LC_BIN_ITEMS_MAX (1u << 22) /* most work-list items (32 MiB): fewer shares a light past it */
#define LC_BIN_BLOCK 8u

/* The per-bin Z-bin kernel: a workgroup of LC_ZBIN_GROUP_BINS x LC_ZBIN_SLICES threads
 * takes that many bins, each bin's threads scanning a slice of every chunk of lights, so few
 * lights still fill the GPU (one thread per bin left most of it idle). */
#define LC_ZBIN_GROUP_BINS 16u
#define LC_ZBIN_SLICES 16u

/* The environment's prefilter at start (src/lights/environment.c, shaders/lights/environment_*.comp):
 * its own set 0, apart from the frame's. */
#define LC_ENV_BIND_SOURCE 0 /* sampled equirectangular radiance, box-filtered mips */
#define LC_ENV_BIND_TARGET 1 /* rgba16f storage image: one level of the specular map */
#define LC_ENV_BIND_DATA 2   /* lc_gpu_environment: the irradiance shader writes sh[] */
#define LC_ENV_SPECULAR_WIDTH 128u /* the specular map's level 0 (twice as wide as high) */
#define LC_ENV_SPECULAR_MIPS 6u    /* level m holds roughness m / (mips - 1) */
#define LC_ENV_SH_GROUP 128u       /* the irradiance shader's one workgroup */

/* Descriptor set 1: per material (the forward pass). A material without a texture gets the
 * white one (the flat normal one for LC_BIND_NORMAL_MAP): glTF's factors times 1. */
#define LC_BIND_BASE_COLOR 0
#define LC_BIND_METALLIC_ROUGHNESS 1 /* linear: roughness in g, metallic in b */
#define LC_BIND_NORMAL_MAP 2         /* linear: tangent-space normal */
#define LC_BIND_OCCLUSION 3          /* linear: ambient occlusion in r */
#define LC_BIND_EMISSIVE 4           /* sRGB */
#define LC_BIND_MATERIAL 5           /* uniform lc_gpu_material: the material's factors */
#define LC_MATERIAL_BIND_COUNT 6

/* Descriptor set 1 of the visibility shade (compute): the scene as the shader rebuilds
 * triangles from it (shaders/shading/visibility.glsl, src/geometry/visibility_scene.c). */
#define LC_VIS_BIND_VERTICES 0  /* float[vertices * LC_VERTEX_FLOATS]: position, normal, uv, tangent, colour */
#define LC_VIS_BIND_INDICES 1   /* uint[indices] */
#define LC_VIS_BIND_DRAWS 2     /* lc_gpu_draw[objects], indexed by the visibility id's object */
#define LC_VIS_BIND_MATERIALS 3 /* lc_gpu_material[materials] */
#define LC_VIS_BIND_TEXTURES 4  /* sampler2D[textures]: the scene's material textures, each once */
#define LC_VIS_BIND_COUNT 5
#define LC_VERTEX_FLOATS 13     /* lc_vertex: position[3], normal[3], uv[2], tangent[4] (xyz, w: bitangent sign),
                                 * color (RGBA8 unorm bits: read with floatBitsToUint) */
#define LC_VIS_BACKGROUND 0xffffffffu /* the visibility id's clear value */
/* A material texture slot with no texture (lc_gpu_material.textures): the shade takes glTF's
 * default (1, or the flat normal) without sampling. */
#define LC_NO_TEXTURE 0xffffffffu
/* Most textures the visibility shade can select without dynamic indexing of sampler arrays
 * (a switch over constant indices); with it, as many as the device's sampler limits allow. */
#define LC_VIS_MAX_TEXTURES 64u

/* Lights are placed so that their contribution is exactly zero outside their volume:
 * attenuation reaches 0 at the radius and the spot factor 0 outside the outer cone.
 * Culling tests inflate volumes by these to stay conservative under float rounding. */
#define LC_LIGHT_CULL_RADIUS_SCALE 1.001
#define LC_LIGHT_CULL_RADIUS_BIAS 0.001
#define LC_LIGHT_CULL_DEPTH_EPS 0.002 /* relative slack on depth ranges */
/* A light's falloff (KHR_lights_punctual): intensity (candela) / d^2 times the window
 * (1 - (d/r)^4)^2, which reaches exactly 0 at the range r. Within r / 100 of the light the
 * inverse square stops growing (d^2 is taken as at least LC_LIGHT_NEAR2 r^2), so a light
 * touching a surface gives a bright spot, not an infinity, in any unit. */
#define LC_LIGHT_NEAR2 1e-4
/* The exposure (lc_frame_ubo.exposure.x) at which the faint ambient term and the background
 * colour are given: at another exposure both scale by LC_EXPOSURE_REF / exposure, so they look
 * the same whatever the lights' units (the tone curve's fixed gain before exposure existed). */
#define LC_EXPOSURE_REF 1.2
/* The largest HDR colour shaded (half float's largest finite value): a light next to a surface
 * saturates instead of writing an infinity the tone curve would turn into NaN. */
#define LC_HDR_MAX 65504.0

struct lc_gpu_light {
    LC_F4 position_radius; /* world position, radius (KHR_lights_punctual's range) */
    LC_F4 color_type;      /* linear rgb * intensity (candela), type as float */
    LC_F4 direction_cos;   /* world unit axis (spots), cos(outer half-angle) */
    LC_F4 spot_depth;      /* x: 1/(cos_inner - cos_outer), y: cos_inner, z/w: view depth min/max (positive) */
};

/* A view of the frame (issue 32's lc_view, its GPU half): the camera, a shadowed light's view
 * (a spot light, a point light's face) or a sun cascade, as the culls test against it: the
 * camera's in the frame constants (lc_frame_ubo.camera: geometry_cull.glsl), the shadow views
 * rendered this frame in the shadow records buffer (shadow_block.glsl: view_cull.comp,
 * hiz_views.comp). Filled on the host (lc_gpu_view_frustum gives the planes). */
#define LC_VIEW_CONE 1u    /* the back-face cone test applies (the camera; shadow views draw both faces) */
#define LC_VIEW_CASTERS 2u /* shadow casters only (the shadow task list; seed 000) */
#define LC_VIEW_CASCADE 4u /* a sun cascade (info.z): enclosure culling against the cascades before it */
#define LC_VIEW_FRESH 8u   /* no visibility bits to go by (a light view's first render since its light took the tile; every cascade) */
#define LC_VIEW_SUBLET_SPANS 16u /* draws the span of a meshlet's sublets in the frustum (shadow views; the camera's ids count from a meshlet's first triangle) */
#define LC_VIEW_STATIC 32u /* casters no animation moves only (a light's view under --shadow-dynamic overlay: the movable ones are drawn over it) */
struct lc_gpu_view {
    LC_M4 view_proj; /* world to its Vulkan clip space (what its depth is drawn with) */
    LC_F4 planes[6]; /* its frustum from view_proj: left, right, top, bottom, near (at 0), far; not normalised */
    LC_F4 eye;       /* xyz: the world position it looks from (the cone test; 0 for a cascade); w: its near plane's distance */
    LC_F4 rect;      /* its texels: origin x, y (an atlas tile's; 0, 0 for the camera), width, height */
    LC_U4 info;      /* x: LC_VIEW_* flags; y: its light's record (LC_SHADOW_SUN_RECORD: the sun); z: the face or cascade;
                      * w: its visibility bits' identity (shadow views: owner * 6 + face) */
};

struct lc_frame_ubo {
    LC_M4 view;
    LC_M4 proj;
    LC_M4 view_proj;
    LC_M4 inv_proj;
    LC_F4 camera_pos;   /* world xyz, w: time in seconds */
    LC_F4 screen_inv;   /* x: 1/width, y: 1/height, z: near, w: far */
    LC_U4 screen;       /* width, height, tiles_x, tiles_y */
    LC_U4 light_info;   /* x: entity count (decals, probes and lights: entity_info), y: buckets per tile/cluster, z: tile size (px), w: list max per tile */
    LC_U4 zbin_info;    /* x: zbin count, y: cluster tiles_x, z: cluster tiles_y, w: cluster slices */
    LC_F4 zbin_params;  /* x: first zbin depth, y: zbins per unit depth, z: slice log scale, w: cluster tile size (px) */
    LC_U4 options;      /* x: culling mode, y: view, z: analysis level, w: heatmap scale (lights at full red) */
    LC_F4 exposure;     /* x: what the HDR colour is multiplied by before the tone curve, 1 / (1.2 * 2^EV100);
                         * y: EV100; z, w: 0 */
    LC_U4 pass_info;    /* x: LC_CULL_OPAQUE, or LC_CULL_TRANSPARENT in the transparent light cull and pass (its own
                         * frame constants and set); y: 1 where the light cull applies 2.5D culling (--cull-2.5d,
                         * lc_frame_cull_2_5d; never in the transparent cull); z: --heatmap-kind
                         * (LC_HEATMAP_KIND_*); w: 0 */
    LC_U4 entity_info;  /* the entity array's ranges: x: decals (entities [0, x)), y: probes ([x, x + y)), z: the first
                         * light (x + y; lights run to light_info.x), w: LC_ENTITY_FLAG_* */
    LC_VIEW camera; /* the camera as a view (its culls' record; view_proj and camera_pos as above) */
};
/* lc_frame_ubo.entity_info.w */
#define LC_ENTITY_FLAG_LIST_SORT 1u /* lists are sorted (--list-sort on): a list walk may stop past its range */

/* One scene object (src/scene/scene.h lc_object) as the vertex shader reads it. Every draw
 * passes its object's index as firstInstance, so objects[gl_InstanceIndex] is its own. */
/* lc_gpu_object.info.z: det(world) < 0, the transform mirrors (triangles wind the other way in
 * world space, and the tangent frame's handedness flips: shaders multiply the tangent's sign by -1). */
#define LC_OBJECT_MIRRORED 1u

struct lc_gpu_object {
    LC_M4 world;  /* object to world */
    LC_M4 normal; /* inverse transpose of world's upper 3x3 (w row/column zero) */
    LC_U4 info;   /* mesh, material, flags (LC_OBJECT_MIRRORED), the mesh's first triangle in the runtime mesh */
};

/* A light's conservative screen footprint, written by light setup for light binning: the
 * pixel rectangle its volume can cover, and where the volume is wholly in front of the eye
 * the ellipse its bounding sphere projects to: pixel p may see the light only if
 * |T (p - centre)| <= 1, with T the 2x2 matrix in axes (column-major: T[0] = axes.xy). */
struct lc_gpu_footprint {
    LC_F4 rect;    /* pixel rectangle xmin, ymin, xmax, ymax, clipped to the screen; xmin > xmax: none */
    LC_F4 ellipse; /* x, y: centre (pixels); z: 1 when the ellipse applies, 0: the rectangle alone */
    LC_F4 axes;    /* T, column-major */
};

/* Light binning's work list (LC_BIND_BIN_WORK): this header, then the items, uvec2 each: x the
 * light, y its share | shares << 16. Light setup appends each light's shares, bin lights takes
 * them. Two counts, used in alternate light-binning frames (lc_bin_push.frame.x): each bin pass
 * zeroes the next one's, so no pass of its own clears them (a new list's are zeroed once, by a
 * fill in its first light cull / prepare). */
struct lc_gpu_bin_work {
    LC_U4 count; /* x, y: the items of even and odd frames */
};

/* Push constants of light_setup.comp and bin_lights.comp. */
struct lc_bin_push {
    LC_U4 frame; /* x: which count (0, 1); y: 1 when the cells are cluster tiles, 0 screen tiles */
};

/* Shadow atlas: square tiles of LC_SHADOW_TILE texels, LC_SHADOW_ATLAS_COLS to a row, one per
 * shadow view (a spot light's cone, or one of a point light's six cube faces). Every light's
 * views have a near plane at LC_SHADOW_NEAR times its radius and the far plane at the radius. */
#define LC_SHADOW_TILE 256u
#define LC_SHADOW_ATLAS_COLS 16u
#define LC_SHADOW_NEAR 0.01
/* A shadow view's push constants (shadow_depth.vert), after the material's 32 bytes: its
 * light's record and the face (two uints). */
#define LC_SHADOW_PUSH_OFFSET 32

/* LC_BIND_SHADOWS holds LC_SHADOW_RECORDS records, then LC_SHADOW_VIEW_SLOTS lc_gpu_view: per
 * view rendered this frame its record (its light's record and face, its atlas tile, its
 * visibility bits' identity, LC_VIEW_FRESH when those bits say nothing), which the GPU cull of
 * the views reads (view_cull.comp: a workgroup row per view; hiz_views.comp: a workgroup per
 * view), then the sun's lc_gpu_cascades. */
#define LC_SHADOW_RECORDS 256u
#define LC_SHADOW_CASCADES_MAX 8u /* --cascades: the sun's cascaded shadow maps (src/lights/cascades.h) */
#define LC_SHADOW_VIEW_SLOTS (64u + LC_SHADOW_CASCADES_MAX) /* --shadow-updates light views, then the cascades */
/* A view's record number that names the sun's cascades (lc_gpu_cascades after the view
 * slots; the view's face is the cascade). */
#define LC_SHADOW_SUN_RECORD LC_SHADOW_RECORDS
/* How far, in a cascade's texels, a lookup reads from its receiver: the normal offset (at most
 * 3.5 texels), the tent's taps (1.5) and the texels they filter, rounded up. A cascade is
 * selected only where the receiver is this far inside its square, and its enclosure rectangle
 * lies this far (in the last cascade's texels) inside that (docs/SHADOWS.md). */
#define LC_CASCADE_REACH 8.0
/* A shadowed light's record (LC_BIND_SHADOWS): its views' matrices and atlas rectangles. A view
 * not rendered yet has rect.z == 0 and shadows nothing. */
struct lc_gpu_shadow {
    LC_U4 info;         /* x: views (1: spot, 6: point, faces +X -X +Y -Y +Z -Z); y, z, w: 0 */
    LC_F4 params;       /* x: near, y: far, z: a texel's world size per unit of view depth, w: 0 */
    LC_F4 rect[6];      /* per view: atlas texel origin x, y; z: tile size in texels (0: not rendered); w: 0 */
    LC_M4 view_proj[6]; /* per view: world to the view's Vulkan clip space */
};

/* A screen tile's depth (LC_BIND_TILE_DEPTH), from the tile depth pass: the view-depth range of
 * the pixels the pre-pass covered, widened for rounding (depth_min > depth_max: none), and the
 * 2.5D mask (Harada 2012, seed 001): that range cut into 32 equal slices (lc_depth_slice in
 * shaders/lights/cull.glsl), bit k set when slice k holds a covered pixel; ~0u where 2.5D
 * culling is off or cannot apply (the transparent cull: a blended surface has no depth of its
 * own). A light is kept only if its depth range's slices meet the mask. */
struct lc_gpu_tile_depth {
    float depth_min, depth_max;
    LC_U1 slices, pad;
};

/* The sun's cascades (LC_BIND_SHADOWS after the records and the view slots; src/lights/cascades.h):
 * orthographic views along the sun in one light space, each square in it of side 2 x half,
 * every depth range covering the whole scene along the sun. */
struct lc_gpu_cascades {
    LC_U4 info;           /* x: cascades (0: no sun shadow); y, z, w: 0 */
    LC_F4 axis_x;         /* light space's x axis (world, unit); w: 0 */
    LC_F4 axis_y;         /* its y axis; w: 0 */
    LC_F4 depth;          /* x: the depth's scale: depth = (y - dot(p, sun)) * x (0 near the sun, 1 past the scene); y: as said; z, w: 0 */
    LC_F4 select[LC_SHADOW_CASCADES_MAX]; /* light-space centre x, y; z: half the side of its selection square (metres; 0: not rendered yet); w: a texel's size (metres) */
    LC_F4 enclose[LC_SHADOW_CASCADES_MAX]; /* the light-space rectangle (lo x, lo y, hi x, hi y) whose casters later cascades skip; lo > hi: none */
    LC_F4 rect[LC_SHADOW_CASCADES_MAX];    /* atlas texel origin x, y; z: size in texels; w: 0 */
    LC_M4 view_proj[LC_SHADOW_CASCADES_MAX]; /* world to the cascade's clip space (orthographic) */
};

/* A decal (src/lights/decals.h): an oriented box projecting a colour (and a built-in pattern's
 * alpha) along its local -Y onto what lies inside it. to_box maps a world point to box
 * coordinates, [-1, 1] on each axis inside the box (y: +1 at the top, the projection runs
 * towards -1). */
#define LC_DECAL_PATTERNS 4u      /* built-in procedural textures: disc, ring, checker, stripes */
#define LC_DECAL_PATTERN_NONE 0xffffffffu
#define LC_DECAL_FADE 0.25        /* the last quarter of the box at each end along Y fades out */
struct lc_gpu_decal {
    LC_F4 to_box[3]; /* rows of the world-to-box affine map */
    LC_F4 color;     /* linear rgb, alpha (opacity) */
    LC_U4 info;      /* x: pattern (LC_DECAL_PATTERN_NONE: plain), y: file index, z: roughness, w: metallic (float
                      * bits; negative: the decal leaves the surface's own) */
    LC_U4 textures;  /* x: base colour layer of LC_BIND_DECAL_TEXTURES, y: normal map layer of LC_BIND_DECAL_NORMALS
                      * (LC_NO_TEXTURE: none); z: the normal's opacity (float bits; the file's "opacity"); w: 0 */
};

/* --mode objects: one object's entities (LC_BIND_OBJECT_MASKS, by object index), culled on the
 * CPU (src/lights/object_masks.c). bits: seed 001's uint4, x the decals, y the probes, z and w
 * the lights, bit k naming the k-th entity of its kind's range. info.x: bit k set when kind k
 * (decals, probes, lights) overflowed the bits; the shade then walks that kind's whole range for
 * the object, so its image stays brute force's (docs/CULLING.md). info.yzw: 0. */
struct lc_gpu_object_mask {
    LC_U4 bits;
    LC_U4 info;
};

/* Counters written by the culling passes; read back for stats. */
struct lc_gpu_counters {
    LC_U4 lists; /* x: tiles that overflowed, y: lights dropped, z/w: unused */
};

/* One scene draw as the visibility shade sees it. */
struct lc_gpu_draw {
    LC_U4 info; /* per object: x: its mesh's first index, y: index count, z: material, w: the mesh's first vertex */
};

/* A glTF metallic-roughness material (src/scene/scene.h lc_material) as the shaders read it:
 * the forward pass from its material set (LC_BIND_MATERIAL), the visibility shade from its table
 * (LC_VIS_BIND_MATERIALS), where the texture indices name the scene's texture array. */
struct lc_gpu_material {
    LC_F4 base_color; /* linear factor, multiplied with the texture */
    LC_F4 factors;    /* x: metallic, y: perceptual roughness, z: normal scale (0: no normal map), w: occlusion strength */
    LC_F4 emissive;   /* linear rgb (strength applied), w: 0 */
    LC_U4 textures;   /* visibility shade: base colour, metallic-roughness, normal, occlusion (LC_NO_TEXTURE: none) */
    LC_U4 textures2;  /* x: emissive texture (LC_NO_TEXTURE: none); y: alpha MASK cutoff (float bits; 0: not masked); z, w: 0 */
};

/* The sun and the environment (LC_BIND_ENV_DATA), written once at start. The environment's
 * radiance is the prefiltered map's (and sh's) times params.x / lc_frame_ubo.exposure.x: it
 * follows the camera's exposure, so its level on screen is the same at any EV100
 * (src/lights/environment.h LC_ENVIRONMENT_LEVEL_*). */
struct lc_gpu_environment {
    LC_F4 sun_dir;         /* xyz: unit vector towards the sun; w: 1 when the sun is on */
    LC_F4 sun_illuminance; /* rgb: lux on a surface facing the sun */
    LC_F4 params;          /* x: radiance scale (times 1 / exposure.x); y: specular mips; z: 1 when the environment is on;
                              w: environment probes following this record (lc_gpu_probe) */
    LC_F4 sh[9];           /* irradiance SH9 (rgb), cosine lobe convolved: E(n) = sum sh[i] Y_i(n) */
};

/* An environment probe (src/lights/probes.h), after the environment's record in LC_BIND_ENV_DATA,
 * in blending order (smaller volume first). Captured at position, the centre of its box; its
 * radiance is absolute (the HDR image's), not scaled by the exposure as the sky's is. Full
 * weight inside the box, fading to none over extents.w outside it (its culling volume: the box
 * grown by that). The box is also the parallax proxy of its reflections. */
struct lc_gpu_probe {
    LC_F4 position; /* xyz: the capture point and box centre; w: its layer of LC_BIND_ENV_SPECULAR (float) */
    LC_F4 extents;  /* xyz: the box's half sizes (axis-aligned); w: the fade distance outside it */
    LC_F4 sh[9];    /* irradiance SH9 (rgb), as lc_gpu_environment.sh */
};

#ifndef LC_GLSL
typedef struct lc_gpu_environment lc_gpu_environment;
typedef struct lc_gpu_probe lc_gpu_probe;
typedef struct lc_gpu_draw lc_gpu_draw;
typedef struct lc_gpu_material lc_gpu_material;
typedef struct lc_gpu_light lc_gpu_light;
typedef struct lc_gpu_decal lc_gpu_decal;
typedef struct lc_gpu_object_mask lc_gpu_object_mask;
typedef struct lc_gpu_view lc_gpu_view;
typedef struct lc_frame_ubo lc_frame_ubo;
typedef struct lc_gpu_counters lc_gpu_counters;
typedef struct lc_gpu_tile_depth lc_gpu_tile_depth;
typedef struct lc_gpu_object lc_gpu_object;
typedef struct lc_gpu_footprint lc_gpu_footprint;
typedef struct lc_gpu_bin_work lc_gpu_bin_work;
typedef struct lc_bin_push lc_bin_push;
typedef struct lc_gpu_shadow lc_gpu_shadow;
typedef struct lc_gpu_cascades lc_gpu_cascades;
#endif

#endif
