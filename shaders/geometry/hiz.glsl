#ifndef LC_HIZ_GLSL
#define LC_HIZ_GLSL
// The HiZ pyramid (max depth: the depth test is LESS with 0 near) of a view's phase-1 depth,
// for every kind of view: its includer picks the view record the dispatch reads (hiz.comp: the
// camera's; hiz_raster.comp defines LC_HIZ_CAMERA_RASTER_WORDS: the camera's, from the compute
// raster's depth words; hiz_views.comp defines LC_HIZ_SHADOW_VIEWS_OF_ATLAS: the shadow views').
//  - the camera (src/passes/geometry_passes.c `hiz`; the compute raster's: src/passes/raster.c):
//    the camera's full-screen depth (the D32 image, or the float words raster_resolve.comp
//    wrote into the raster buffer, the same values: the compute raster copies no depth image
//    for it) into one storage image per level, level 0 a copy. Each workgroup reduces a 64x64 pixel tile
//    through levels 1..6 in shared memory; edge texels (whose footprint leaves the tile) are
//    reduced from the depth directly. The last workgroup to finish (a counter) reduces the
//    remaining levels from level 6.
//  - the shadow views (src/passes/shadow_cull.c `shadow hiz`): the atlas tiles of the shadow
//    views rendered this frame, a workgroup per view, into the shadow cull buffer, which phase
//    2 of their cull (view_cull.comp) tests against. The pyramid's level 0 is the tile
//    itself (not stored); levels 1.. are the buffer's levels 0.. (lc_geometry.h
//    LC_SHADOW_HIZ_*), level L starting where it does for the largest tile.
// Level sizes round down; as the seed shows, the last texel of a row or column of each level
// also covers the texels the rounding truncated, so texel x of level L covers pixels
// [x * 2^L, (x + 1) * 2^L), the last one up to the view's edge. Tiles are powers of two, so
// a shadow view's texel is the max of exactly 2 x 2 of the level before.
#include "common.glsl"
#include "shared/lc_geometry.h"

layout(local_size_x = 16, local_size_y = 16) in;
// Each kind declares only what it reads and writes: a pipeline's descriptors are all used as
// far as barriers and validation go, whatever branch a constant takes.
#ifndef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
#ifdef LC_HIZ_CAMERA_RASTER_WORDS
layout(std430, set = 0, binding = LC_BIND_RASTER) readonly buffer RasterDepthBlock { float raster_depth[]; };
#else
layout(set = 0, binding = LC_BIND_DEPTH) uniform sampler2D depth_tex;
#endif
layout(set = 0, binding = LC_BIND_HIZ_MIPS, r32f) uniform coherent image2D hiz_mips[LC_HIZ_MAX_LEVELS];
layout(std430, set = 0, binding = LC_BIND_GEO_COUNTS) buffer CountBlock { uint counts[]; };
#else
#include "shading/shadow_block.glsl"
layout(std430, set = 0, binding = LC_BIND_SHADOW_CULL) coherent buffer ShadowCullBlock { uint cull[]; };
layout(set = 0, binding = LC_BIND_SHADOW_ATLAS) uniform sampler2D atlas;
#endif
layout(push_constant) uniform PushBlock { lc_hiz_push push; };

shared float tile[32 * 32];
shared bool last_group;

// A view's record: where its depth is (the depth image, or its rectangle of the atlas), its
// size and level count, and where its levels go (the HiZ image, or its first uint in the
// shadow cull buffer).
struct hiz_view {
    ivec2 origin, size;
    int levels;
    uint dest;
};

hiz_view view_of(uint v)
{
#ifndef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
    return hiz_view(ivec2(0), ivec2(push.size.xy), int(push.size.z), 0u);
#else
    vec4 rect = shadow_views[v].rect;
    int side = int(rect.z);
    return hiz_view(ivec2(rect.xy), ivec2(side), findMSB(side) + 1, push.size.x + v * LC_SHADOW_HIZ_WORDS);
#endif
}

float source_depth(hiz_view view, ivec2 p)
{
#if defined(LC_HIZ_CAMERA_RASTER_WORDS)
    uint w = push.size.x;
    return raster_depth[LC_RASTER_DEPTH_WORD * w * push.size.y + uint(p.y) * w + uint(p.x)];
#elif !defined(LC_HIZ_SHADOW_VIEWS_OF_ATLAS)
    return texelFetch(depth_tex, p, 0).x;
#else
    return texelFetch(atlas, view.origin + p, 0).x;
#endif
}

// Level L's first word in a shadow view's pyramid: the words of the levels above it for the
// largest tile (its level 0, the tile, is not stored).
uint shadow_level(hiz_view view, int level)
{
    return view.dest + (LC_SHADOW_HIZ_WORDS - (LC_SHADOW_HIZ_WORDS >> (2u * uint(level - 1))));
}

// Image arrays indexed by constants only (no dynamic indexing feature needed).
void store_level(hiz_view view, int level, ivec2 p, float v, ivec2 size)
{
#ifdef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
    cull[shadow_level(view, level) + uint(p.y * size.x + p.x)] = floatBitsToUint(v);
#else
    switch (level) {
    case 0: imageStore(hiz_mips[0], p, vec4(v)); break;
    case 1: imageStore(hiz_mips[1], p, vec4(v)); break;
    case 2: imageStore(hiz_mips[2], p, vec4(v)); break;
    case 3: imageStore(hiz_mips[3], p, vec4(v)); break;
    case 4: imageStore(hiz_mips[4], p, vec4(v)); break;
    case 5: imageStore(hiz_mips[5], p, vec4(v)); break;
    case 6: imageStore(hiz_mips[6], p, vec4(v)); break;
    case 7: imageStore(hiz_mips[7], p, vec4(v)); break;
    case 8: imageStore(hiz_mips[8], p, vec4(v)); break;
    case 9: imageStore(hiz_mips[9], p, vec4(v)); break;
    case 10: imageStore(hiz_mips[10], p, vec4(v)); break;
    case 11: imageStore(hiz_mips[11], p, vec4(v)); break;
    case 12: imageStore(hiz_mips[12], p, vec4(v)); break;
    case 13: imageStore(hiz_mips[13], p, vec4(v)); break;
    case 14: imageStore(hiz_mips[14], p, vec4(v)); break;
    default: break;
    }
#endif
}

float load_level(hiz_view view, int level, ivec2 p, ivec2 size)
{
#ifdef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
    return level == 0 ? source_depth(view, p) : uintBitsToFloat(cull[shadow_level(view, level) + uint(p.y * size.x + p.x)]);
#else
    switch (level) {
    case 0: return imageLoad(hiz_mips[0], p).x;
    case 1: return imageLoad(hiz_mips[1], p).x;
    case 2: return imageLoad(hiz_mips[2], p).x;
    case 3: return imageLoad(hiz_mips[3], p).x;
    case 4: return imageLoad(hiz_mips[4], p).x;
    case 5: return imageLoad(hiz_mips[5], p).x;
    case 6: return imageLoad(hiz_mips[6], p).x;
    case 7: return imageLoad(hiz_mips[7], p).x;
    case 8: return imageLoad(hiz_mips[8], p).x;
    case 9: return imageLoad(hiz_mips[9], p).x;
    case 10: return imageLoad(hiz_mips[10], p).x;
    case 11: return imageLoad(hiz_mips[11], p).x;
    case 12: return imageLoad(hiz_mips[12], p).x;
    case 13: return imageLoad(hiz_mips[13], p).x;
    case 14: return imageLoad(hiz_mips[14], p).x;
    default: return 1.0;
    }
#endif
}

void levels_barrier()
{
#ifdef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
    memoryBarrierBuffer();
#else
    memoryBarrierImage();
#endif
    barrier();
}

ivec2 level_size(hiz_view view, int level)
{
    ivec2 s = view.size;
    for (int l = 0; l < level; l++) s = max(s >> 1, ivec2(1));
    return s;
}

// Max depth over the pixels texel p of level L covers.
float footprint_max(hiz_view view, int level, ivec2 p, ivec2 size)
{
    ivec2 full = view.size;
    ivec2 lo = p << level;
    ivec2 hi = min((p + 1) << level, full);
    if (p.x == size.x - 1) hi.x = full.x;
    if (p.y == size.y - 1) hi.y = full.y;
    float z = 0.0;
    for (int y = lo.y; y < hi.y; y++)
        for (int x = lo.x; x < hi.x; x++) z = max(z, source_depth(view, ivec2(x, y)));
    return z;
}

// Levels first.. of the view, each from the one before, by the whole workgroup.
void reduce_levels(hiz_view view, int first)
{
    for (int level = first; level < view.levels; level++) {
        ivec2 size = level_size(view, level), prev = level_size(view, level - 1);
        for (int t = int(gl_LocalInvocationIndex); t < size.x * size.y; t += 256) {
            ivec2 g = ivec2(t % size.x, t / size.x);
            ivec2 lo = g * 2;
            ivec2 hi = min(lo + 1, prev - 1);
            if (g.x == size.x - 1) hi.x = prev.x - 1;
            if (g.y == size.y - 1) hi.y = prev.y - 1;
            float z = 0.0;
            for (int y = lo.y; y <= hi.y; y++)
                for (int x = lo.x; x <= hi.x; x++) z = max(z, load_level(view, level - 1, ivec2(x, y), prev));
            store_level(view, level, g, z, size);
        }
        levels_barrier();
    }
}

#ifndef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
// The camera: a workgroup per 64x64 tile of the depth.
void camera_pyramid(hiz_view view)
{
    int levels = view.levels;
    ivec2 full = view.size;
    ivec2 origin = ivec2(gl_WorkGroupID.xy) * int(LC_HIZ_TILE);
    ivec2 lane = ivec2(gl_LocalInvocationID.xy);

    // Level 0 (a copy) and level 1: each lane a 4x4 block of pixels, 2x2 level-1 texels.
    ivec2 size1 = level_size(view, 1);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            ivec2 l = lane * 2 + ivec2(i, j);
            ivec2 base = origin + l * 2;
            float z = 0.0;
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 2; x++) {
                    ivec2 q = base + ivec2(x, y);
                    if (all(lessThan(q, full))) {
                        float d = source_depth(view, q);
                        store_level(view, 0, q, d, full);
                        z = max(z, d);
                    }
                }
            ivec2 g = origin / 2 + l;
            if (levels > 1 && all(lessThan(g, size1))) {
                if (g.x == size1.x - 1 || g.y == size1.y - 1) z = footprint_max(view, 1, g, size1);
                store_level(view, 1, g, z, size1);
            }
            tile[l.y * 32 + l.x] = z;
        }
    barrier();

    // Levels 2..6 in shared memory.
    int tile_levels = min(int(LC_HIZ_TILE_LEVELS), levels - 1);
    for (int level = 2; level <= tile_levels; level++) {
        int n = 32 >> (level - 1);
        ivec2 size = level_size(view, level);
        bool mine = lane.x < n && lane.y < n;
        float z = 0.0;
        ivec2 g = origin / (1 << level) + lane;
        if (mine) {
            ivec2 s = lane * 2;
            z = max(max(tile[s.y * 32 + s.x], tile[s.y * 32 + s.x + 1]),
                    max(tile[(s.y + 1) * 32 + s.x], tile[(s.y + 1) * 32 + s.x + 1]));
            if (all(lessThan(g, size))) {
                if (g.x == size.x - 1 || g.y == size.y - 1) z = footprint_max(view, level, g, size);
                store_level(view, level, g, z, size);
            }
        }
        barrier();
        if (mine) tile[lane.y * 32 + lane.x] = z;
        barrier();
    }
    if (levels - 1 <= int(LC_HIZ_TILE_LEVELS)) return;

    // The last workgroup reduces the coarse levels from level 6 (every group's is written).
    memoryBarrierImage();
    barrier();
    if (gl_LocalInvocationIndex == 0u) last_group = atomicAdd(counts[0], 1u) == push.size.w - 1u;
    barrier();
    if (!last_group) return;
    memoryBarrierImage();
    reduce_levels(view, int(LC_HIZ_TILE_LEVELS) + 1);
}
#endif

void main()
{
#ifndef LC_HIZ_SHADOW_VIEWS_OF_ATLAS
    camera_pyramid(view_of(0u));
#else
    // A shadow view: its whole pyramid in its workgroup. A fresh view (every cascade) has
    // none: phase 2 does not test it (view_cull.comp).
    uint v = gl_WorkGroupID.x;
    if ((shadow_views[v].info.x & LC_VIEW_FRESH) != 0u) return;
    reduce_levels(view_of(v), 1);
#endif
}

#endif
