#version 460
#extension GL_GOOGLE_include_directive : require
// Single-pass HiZ pyramid (max depth: the depth test is LESS with 0 near) of phase 1's depth,
// one storage image per level. Level sizes round down; as the seed shows, the last texel of a
// row or column of each level also covers the texels the rounding truncated, so texel x of
// level L covers pixels [x * 2^L, (x + 1) * 2^L), the last one up to the image edge.
// Each workgroup reduces a 64x64 pixel tile through levels 1..6 in shared memory; edge texels
// (whose footprint leaves the tile) are reduced from the depth directly. The last workgroup
// to finish (a counter) reduces the remaining levels from level 6.
#include "common.glsl"
#include "shared/lc_geometry.h"

layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = LC_BIND_DEPTH) uniform sampler2D depth_tex;
layout(set = 0, binding = LC_BIND_HIZ_MIPS, r32f) uniform coherent image2D hiz_mips[LC_HIZ_MAX_LEVELS];
layout(std430, set = 0, binding = LC_BIND_GEO_COUNTS) buffer CountBlock { uint counts[]; };
layout(push_constant) uniform PushBlock { lc_hiz_push push; };

shared float tile[32 * 32];
shared bool last_group;

// Image arrays indexed by constants only (no dynamic indexing feature needed).
void store_level(int level, ivec2 p, float v)
{
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
}

float load_level(int level, ivec2 p)
{
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
}

ivec2 level_size(int level)
{
    ivec2 s = ivec2(push.size.xy);
    for (int l = 0; l < level; l++) s = max(s >> 1, ivec2(1));
    return s;
}

// Max depth over the pixels texel p of level L covers.
float footprint_max(int level, ivec2 p, ivec2 size)
{
    ivec2 full = ivec2(push.size.xy);
    ivec2 lo = p << level;
    ivec2 hi = min((p + 1) << level, full);
    if (p.x == size.x - 1) hi.x = full.x;
    if (p.y == size.y - 1) hi.y = full.y;
    float z = 0.0;
    for (int y = lo.y; y < hi.y; y++)
        for (int x = lo.x; x < hi.x; x++) z = max(z, texelFetch(depth_tex, ivec2(x, y), 0).x);
    return z;
}

void main()
{
    int levels = int(push.size.z);
    ivec2 full = ivec2(push.size.xy);
    ivec2 origin = ivec2(gl_WorkGroupID.xy) * int(LC_HIZ_TILE);
    ivec2 lane = ivec2(gl_LocalInvocationID.xy);

    // Level 0 (a copy) and level 1: each lane a 4x4 block of pixels, 2x2 level-1 texels.
    ivec2 size1 = level_size(1);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            ivec2 l = lane * 2 + ivec2(i, j);
            ivec2 base = origin + l * 2;
            float z = 0.0;
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 2; x++) {
                    ivec2 q = base + ivec2(x, y);
                    if (all(lessThan(q, full))) {
                        float d = texelFetch(depth_tex, q, 0).x;
                        store_level(0, q, d);
                        z = max(z, d);
                    }
                }
            ivec2 g = origin / 2 + l;
            if (levels > 1 && all(lessThan(g, size1))) {
                if (g.x == size1.x - 1 || g.y == size1.y - 1) z = footprint_max(1, g, size1);
                store_level(1, g, z);
            }
            tile[l.y * 32 + l.x] = z;
        }
    barrier();

    // Levels 2..6 in shared memory.
    int tile_levels = min(int(LC_HIZ_TILE_LEVELS), levels - 1);
    for (int level = 2; level <= tile_levels; level++) {
        int n = 32 >> (level - 1);
        ivec2 size = level_size(level);
        bool mine = lane.x < n && lane.y < n;
        float z = 0.0;
        ivec2 g = origin / (1 << level) + lane;
        if (mine) {
            ivec2 s = lane * 2;
            z = max(max(tile[s.y * 32 + s.x], tile[s.y * 32 + s.x + 1]),
                    max(tile[(s.y + 1) * 32 + s.x], tile[(s.y + 1) * 32 + s.x + 1]));
            if (all(lessThan(g, size))) {
                if (g.x == size.x - 1 || g.y == size.y - 1) z = footprint_max(level, g, size);
                store_level(level, g, z);
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
    for (int level = int(LC_HIZ_TILE_LEVELS) + 1; level < levels; level++) {
        ivec2 size = level_size(level), prev = level_size(level - 1);
        for (int t = int(gl_LocalInvocationIndex); t < size.x * size.y; t += 256) {
            ivec2 g = ivec2(t % size.x, t / size.x);
            ivec2 lo = g * 2;
            ivec2 hi = min(lo + 1, prev - 1);
            if (g.x == size.x - 1) hi.x = prev.x - 1;
            if (g.y == size.y - 1) hi.y = prev.y - 1;
            float z = 0.0;
            for (int y = lo.y; y <= hi.y; y++)
                for (int x = lo.x; x <= hi.x; x++) z = max(z, load_level(level - 1, ivec2(x, y)));
            store_level(level, g, z);
        }
        memoryBarrierImage();
        barrier();
    }
}
