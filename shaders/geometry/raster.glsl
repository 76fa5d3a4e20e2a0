// The compute raster (--raster compute; src/passes/raster.c): the visibility buffer written
// with one 64-bit atomic max per covered pixel, depth key in the high word (nearer is larger:
// ~float bits of the depth, which lies in 0..1) and the packed id (object << ID_PRIM_BITS |
// primitive, visibility_id.glsl's) in the low word, so the depth test and the write are one
// operation and the order of triangles does not matter. At equal depth the larger id wins (the
// hardware's last-drawn rule becomes this one; the tests count such ties).
//
// Input: the meshlet cull's commands (view_cull.comp) of this phase, one workgroup per
// task; a task's triangles one per lane. Each triangle is rasterized as Vulkan's rules say:
// vertices transformed bit for bit as scene.vert, snapped to 8 sub-pixel bits, integer edge
// functions at pixel centres (shared edges neither crack nor cover twice), the top-left rule,
// back faces culled by the object's raster state (LC_RASTER_*), alpha MASK cut out with the
// visibility shade's texture sample (analytic quad derivatives), depth from a plane over the
// unsnapped window coordinates (llvmpipe's set-up), clipped to 0..1.
// Triangles crossing the near plane (or reaching past the guard band) are clipped here, in
// clip space, to a polygon drawn as a fan. A triangle whose bounding box passes
// LC_RASTER_BIG_MIN pixels goes to the big-triangle list instead: its set-up and one item per
// LC_RASTER_BIG_TILE-pixel tile of its box, which the big pass (raster_big.comp, after each
// raster phase) scans a workgroup per tile; where the list is full it goes to the medium queue.
// One of LC_RASTER_MEDIUM_MIN pixels up goes to the workgroup's shared queue, scanned by all
// its lanes after each round of triangles.
#ifndef LC_RASTER_GLSL
#define LC_RASTER_GLSL

#include "common.glsl"
#include "shared/lc_geometry.h"
#include "shared/lc_meshlet.h"
#include "shading/visibility_textures.glsl"

layout(constant_id = 0) const uint PHASE = LC_GEOMETRY_CULL_PHASE_ALL;
layout(constant_id = 5) const uint ID_PRIM_BITS = 16u;
layout(constant_id = 6) const uint TASKS = 1u; // command slots of a phase (lc_geometry.task_count)
// The big-triangle list's set-ups: LC_RASTER_BIG_TRIANGLES, fewer under LC_RASTER_BIG_LIMIT (tests).
layout(constant_id = 7) const uint BIG_LIMIT = LC_RASTER_BIG_TRIANGLES;

#ifdef LC_RASTER_BIG
layout(local_size_x = LC_RASTER_BIG_SIDE_X, local_size_y = LC_RASTER_BIG_SIDE_Y) in;
#else
layout(local_size_x = LC_RASTER_GROUP) in;
#endif

layout(std430, set = 0, binding = LC_BIND_GEO_COMMANDS) readonly buffer CommandBlock { uint commands[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_COUNTS) buffer CountBlock { uint counts[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_OBJECTS) readonly buffer CullObjectBlock { lc_gpu_cull_object cull_objects[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_MESHLETS) readonly buffer MeshletBlock { lc_gpu_meshlet meshlets[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_TASKS) readonly buffer TaskBlock { uvec2 tasks[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_VERTICES) readonly buffer VertexBlock { float vertex_data[]; };
layout(std430, set = 0, binding = LC_BIND_GEO_INDICES) readonly buffer IndexBlock { uint index_data[]; };
layout(std430, set = 0, binding = LC_BIND_RASTER) buffer RasterBlock { uint64_t raster[]; };
layout(std430, set = 0, binding = LC_BIND_RASTER) buffer RasterCountBlock { uint raster_counts[]; };
// The big-triangle list (lc_geometry.h LC_RASTER_WORK_*): counters, set-ups, tile items.
layout(std430, set = 0, binding = LC_BIND_RASTER_WORK) buffer RasterWorkBlock { uint work[]; };
layout(std430, set = 1, binding = LC_VIS_BIND_DRAWS) readonly buffer VisDrawBlock { lc_gpu_draw vis_draws[]; };

// The guard band: clip-space |x|, |y| up to GUARD * w rasterize unclipped (window coordinates
// stay within 2^23 sub-pixel units at 8192 pixels, so the edge functions fit 64 bits).
const float GUARD = 4.0;
const int SUBPIXEL = 256; // 8 bits, Vulkan's usual subPixelPrecisionBits (lavapipe's, NVIDIA's)

// A triangle as the lanes know it: its id, raster state, material, and for the alpha test
// the object and vertices (the world positions follow, transformed as scene.vert).
struct raster_tri {
    uint id;
    uint raster_state;
    bool masked;
    uint material;
    uint object;
    uint vertex[3];
};

// A triangle set up for scanning: snapped window vertices in counter-clockwise order of the
// edge functions (area > 0), their depths, its pixel box.
struct tri_setup {
    ivec2 v[3];
    vec3 zplane; // depth at pixel centre (x, y): x + y * (x, y) . (zplane.y, zplane.z)
    ivec2 lo, hi;
};

uint g_pixels = 0u, g_triangles = 0u; // this lane's pixel atomics and triangles

vec3 vertex_position(uint v)
{
    uint f = v * LC_VERTEX_FLOATS;
    return vec3(vertex_data[f], vertex_data[f + 1u], vertex_data[f + 2u]);
}

vec3 world_position(uint object, uint v)
{
    precise vec3 world = (objects[object].world * vec4(vertex_position(v), 1.0)).xyz; // as scene.vert, bit for bit
    return world;
}

// The cut-out test at a pixel, as the hardware's (alpha_mask.glsl): base colour alpha (texture
// times factor) times the vertex colour's, below the cutoff.
bool alpha_cut(raster_tri t, uvec2 px)
{
    lc_gpu_material m = vis_materials[min(t.material, uint(vis_materials.length()) - 1u)];
    float cutoff = uintBitsToFloat(m.textures2.y);
    vec3 orig = frame.camera_pos.xyz;
    vec3 p0 = world_position(t.object, t.vertex[0]);
    vec3 e1 = world_position(t.object, t.vertex[1]) - p0, e2 = world_position(t.object, t.vertex[2]) - p0;
    vec3 b = bary3(ray_barycentrics(orig, pixel_ray(vec2(px) + 0.5), p0, e1, e2));
    vec2 quad = vec2(px & ~1u) + 0.5;
    vec3 bq = bary3(ray_barycentrics(orig, pixel_ray(quad), p0, e1, e2));
    vec3 bx = bary3(ray_barycentrics(orig, pixel_ray(quad + vec2(1.0, 0.0)), p0, e1, e2));
    vec3 by = bary3(ray_barycentrics(orig, pixel_ray(quad + vec2(0.0, 1.0)), p0, e1, e2));
    uint f0 = t.vertex[0] * LC_VERTEX_FLOATS, f1 = t.vertex[1] * LC_VERTEX_FLOATS, f2 = t.vertex[2] * LC_VERTEX_FLOATS;
    mat3x2 uvs = mat3x2(vec2(vertex_data[f0 + 6u], vertex_data[f0 + 7u]), vec2(vertex_data[f1 + 6u], vertex_data[f1 + 7u]),
                        vec2(vertex_data[f2 + 6u], vertex_data[f2 + 7u]));
    vec3 alphas = vec3(unpackUnorm4x8(floatBitsToUint(vertex_data[f0 + 12u])).a, unpackUnorm4x8(floatBitsToUint(vertex_data[f1 + 12u])).a,
                       unpackUnorm4x8(floatBitsToUint(vertex_data[f2 + 12u])).a);
    vec2 uv_quad = uvs * bq;
    float a = material_sample(m.textures.x, uvs * b, uvs * bx - uv_quad, uvs * by - uv_quad).a * m.base_color.a * dot(alphas, b);
    return a < cutoff;
}

void write_pixel(raster_tri t, uvec2 px, float z)
{
    uint64_t key = uint64_t(~floatBitsToUint(z)) << 32 | uint64_t(t.id);
    uint at = px.y * frame.screen.x + px.x;
    // The atomic's result is not read, so nothing waits for it and a lane's pixels go out one
    // after another. A plain load first (to skip the atomics of pixels behind what is there)
    // made each pixel wait for its load (slower frames: docs/RASTER.md, "Medium and big
    // triangles"). Only a masked triangle loads first, to skip the cut-out's texture sample
    // where the pixel is hidden.
    if (t.masked && (raster[at] >= key || alpha_cut(t, px))) return;
    atomicMax(raster[at], key);
    g_pixels++;
    // --view overdraw: the pixel's atomics, in the words after the buffer (the same buffer as
    // 32-bit words: raster.length() pixels on, at 2 * pixels + at).
    if (frame.options.y == LC_VIEW_OVERDRAW) atomicAdd(raster_counts[2u * frame.screen.x * frame.screen.y + at], 1u);
}

// One triangle in clip space (every w > 0, |x|, |y| <= GUARD * w) set up: window coordinates,
// snapped; culled by facing; its box of pixel centres. False when nothing is left to scan.
bool setup_triangle(raster_tri t, vec4 c0, vec4 c1, vec4 c2, out tri_setup s)
{
    vec2 half_size = vec2(frame.screen.xy) * 0.5;
    // The viewport transform as the hardware's vertex pipeline does it (a reciprocal of w, then
    // x_f = x_d * w / 2 + w / 2 in one fused multiply-add), then the snap; pixel centres land
    // on whole multiples of SUBPIXEL (llvmpipe's convention: the half pixel is taken off first).
    precise float ow0 = 1.0 / c0.w, ow1 = 1.0 / c1.w, ow2 = 1.0 / c2.w;
    precise vec2 w0 = fma(c0.xy * ow0, half_size, half_size);
    precise vec2 w1 = fma(c1.xy * ow1, half_size, half_size);
    precise vec2 w2 = fma(c2.xy * ow2, half_size, half_size);
    s.v[0] = ivec2(roundEven((w0 - 0.5) * float(SUBPIXEL)));
    s.v[1] = ivec2(roundEven((w1 - 0.5) * float(SUBPIXEL)));
    s.v[2] = ivec2(roundEven((w2 - 0.5) * float(SUBPIXEL)));
    // The depth plane as llvmpipe's triangle set-up computes it, operation for operation: from
    // the unsnapped window coordinates, its vertices in the order it rasterizes them (the second
    // and third swapped where this determinant is positive: it keeps the first, the provoking
    // one), relative to the first one's pixel centre; evaluated at pixel (x, y) as
    // fma(dy, y, fma(dx, x, z0)). So nearly coplanar surfaces resolve as there (docs/RASTER.md,
    // "Where the ids differ").
    precise float z0 = c0.z * ow0, z1 = c1.z * ow1, z2 = c2.z * ow2;
    precise float det = (w0.x - w2.x) * (w1.y - w2.y) - (w0.y - w2.y) * (w1.x - w2.x);
    precise vec3 pa = vec3(w0, z0), pb = det > 0.0 ? vec3(w2, z2) : vec3(w1, z1), pc = det > 0.0 ? vec3(w1, z1) : vec3(w2, z2);
    precise vec3 d01 = pa - pb, d20 = pc - pa;
    precise float ooa = 1.0 / (d01.x * d20.y - d01.y * d20.x);
    precise float dy20_ooa = d20.y * ooa, dy01_ooa = d01.y * ooa, dx20_ooa = d20.x * ooa, dx01_ooa = d01.x * ooa;
    precise float dzdx = d01.z * dy20_ooa - d20.z * dy01_ooa;
    precise float dzdy = d20.z * dx01_ooa - d01.z * dx20_ooa;
    precise float zc = pa.z - (dzdx * (pa.x - 0.5) + dzdy * (pa.y - 0.5));
    s.zplane = vec3(zc, dzdx, dzdy);
    int64_t area = int64_t(s.v[1].x - s.v[0].x) * int64_t(s.v[2].y - s.v[0].y) - int64_t(s.v[2].x - s.v[0].x) * int64_t(s.v[1].y - s.v[0].y);
    if (area == 0l) return false;
    // Vulkan's facing: a = -area / 2 in framebuffer coordinates (y down); counter-clockwise
    // front faces have a > 0.
    if (t.raster_state == LC_RASTER_BACK_CCW && area > 0l) return false;
    if (t.raster_state == LC_RASTER_BACK_CW && area < 0l) return false;
    if (area < 0l) {
        ivec2 tv = s.v[1];
        s.v[1] = s.v[2], s.v[2] = tv;
    }
    s.lo = max((min(min(s.v[0], s.v[1]), s.v[2]) + (SUBPIXEL - 1)) >> 8, ivec2(0));
    s.hi = min(max(max(s.v[0], s.v[1]), s.v[2]) >> 8, ivec2(frame.screen.xy) - 1);
    return all(lessThanEqual(s.lo, s.hi));
}

// The pixel centres start, start + step, ... up to hi (both axes) of a set-up triangle. Edge k
// is opposite vertex k: E(p) = dx * (p.y - a.y) - dy * (p.x - a.x) along a -> b, >= 0 inside.
// The top-left rule keeps a sample on an edge only for top edges (dy == 0, dx > 0: the inside
// below) and left ones (dy < 0: the inside to the right): the others need E > 0, so their
// values carry a bias of -1 and the test is one sign check.
void scan_triangle(raster_tri t, tri_setup s, ivec2 start, ivec2 hi, ivec2 step)
{
    ivec2 a[3] = ivec2[3](s.v[1], s.v[2], s.v[0]), b[3] = ivec2[3](s.v[2], s.v[0], s.v[1]);
    int64_t e_row[3], step_x[3], step_y[3];
    int bias[3];
    for (int k = 0; k < 3; k++) {
        int dx = b[k].x - a[k].x, dy = b[k].y - a[k].y;
        bias[k] = (dy == 0 && dx > 0) || dy < 0 ? 0 : 1;
        e_row[k] = int64_t(dx) * int64_t(start.y * SUBPIXEL - a[k].y) - int64_t(dy) * int64_t(start.x * SUBPIXEL - a[k].x) - int64_t(bias[k]);
        step_x[k] = -int64_t(dy) * (SUBPIXEL * step.x);
        step_y[k] = int64_t(dx) * (SUBPIXEL * step.y);
    }
    for (int y = start.y; y <= hi.y; y += step.y) {
        int64_t e0 = e_row[0], e1 = e_row[1], e2 = e_row[2];
        for (int x = start.x; x <= hi.x; x += step.x) {
            if ((e0 | e1 | e2) >= 0l) {
                precise float z = fma(s.zplane.z, float(y), fma(s.zplane.y, float(x), s.zplane.x));
                if (z >= 0.0 && z <= 1.0) write_pixel(t, uvec2(x, y), z);
            }
            e0 += step_x[0], e1 += step_x[1], e2 += step_x[2];
        }
        e_row[0] += step_y[0], e_row[1] += step_y[1], e_row[2] += step_y[2];
    }
}

// Whether the triangle may cover a pixel centre of the box lo..hi, conservatively: no edge is
// negative at all of its corners (an edge function is linear, so its largest value there is at
// one corner; the top-left bias is left out).
bool box_touched(tri_setup s, ivec2 lo, ivec2 hi)
{
    for (int k = 0; k < 3; k++) {
        ivec2 a = s.v[(k + 1) % 3], b = s.v[(k + 2) % 3];
        int dx = b.x - a.x, dy = b.y - a.y;
        int px = (dy < 0 ? hi.x : lo.x) * SUBPIXEL, py = (dx > 0 ? hi.y : lo.y) * SUBPIXEL;
        if (int64_t(dx) * int64_t(py - a.y) - int64_t(dy) * int64_t(px - a.x) < 0l) return false;
    }
    return true;
}

#ifndef LC_RASTER_BIG
shared vec4 s_clip[LC_MESHLET_SIZE]; // the task's meshlet's vertices in clip space

// Tile `tile` of a big triangle's box: an item only where the triangle may reach it (a long,
// thin or diagonal triangle's box holds many tiles it does not).
bool tile_touched(tri_setup s, ivec2 tile)
{
    ivec2 origin = tile * int(LC_RASTER_BIG_TILE);
    return box_touched(s, max(origin, s.lo), min(origin + int(LC_RASTER_BIG_TILE) - 1, s.hi));
}

// A big triangle into the list: its set-up, then an item per tile of its box it reaches. False
// where the list is full (then it goes to the medium queue, or a clipped one to its lane).
bool push_big(raster_tri t, tri_setup s)
{
    ivec2 tlo = s.lo / int(LC_RASTER_BIG_TILE), thi = s.hi / int(LC_RASTER_BIG_TILE);
    uint tiles = 0u;
    for (int y = tlo.y; y <= thi.y; y++)
        for (int x = tlo.x; x <= thi.x; x++) tiles += tile_touched(s, ivec2(x, y)) ? 1u : 0u;
    if (tiles == 0u) return true; // no pixel centre inside (a sliver between them)
    uint first = atomicAdd(work[LC_RASTER_WORK_ITEM_COUNT], tiles);
    if (first + tiles > LC_RASTER_BIG_ITEMS) {
        // The items below the capacity name no triangle (not a stale one of an earlier frame).
        for (uint i = first; i < LC_RASTER_BIG_ITEMS; i++) work[LC_RASTER_WORK_ITEMS + 2u * i] = ~0u;
        return false;
    }
    uint tri = atomicAdd(work[LC_RASTER_WORK_TRIANGLE_COUNT], 1u);
    if (tri >= BIG_LIMIT) {
        // Its items name no triangle: the big pass skips them.
        for (uint i = 0u; i < tiles; i++) work[LC_RASTER_WORK_ITEMS + 2u * (first + i)] = ~0u;
        return false;
    }
    uint r = LC_RASTER_WORK_TRIANGLES + tri * LC_RASTER_WORK_TRIANGLE_WORDS;
    for (int k = 0; k < 3; k++) {
        work[r + 2u * k] = uint(s.v[k].x), work[r + 2u * k + 1u] = uint(s.v[k].y);
        work[r + 6u + k] = floatBitsToUint(s.zplane[k]);
        work[r + 9u + k] = t.vertex[k];
    }
    work[r + 12u] = t.id;
    work[r + 13u] = t.material | (t.masked ? 0x80000000u : 0u);
    work[r + 14u] = t.object;
    atomicAdd(counts[LC_GEO_COUNTS_STATS + 11u], 1u);
    uint at = LC_RASTER_WORK_ITEMS + 2u * first;
    for (int y = tlo.y; y <= thi.y; y++)
        for (int x = tlo.x; x <= thi.x; x++) {
            if (!tile_touched(s, ivec2(x, y))) continue;
            work[at] = tri;
            work[at + 1u] = uint(x) | uint(y) << 16u;
            at += 2u;
        }
    return true;
}

// A triangle whose vertices are inside the guard band and in front of the near plane.
// The workgroup's medium triangles (a box of LC_RASTER_MEDIUM_MIN pixels up to the big ones),
// at most one a lane per round: after each round the whole workgroup scans them, a pixel a lane,
// so no lane loops over a few hundred pixels while its subgroup waits.
shared uint s_medium_count;
shared ivec4 s_medium_v[LC_RASTER_GROUP];      // v0, v1
shared ivec4 s_medium_box[LC_RASTER_GROUP];    // lo, hi
shared uvec4 s_medium_tri[LC_RASTER_GROUP];    // v2 (x, y), id, material | masked << 31
shared vec4 s_medium_z[LC_RASTER_GROUP];       // zplane, the object (bits)
shared uvec4 s_medium_vertex[LC_RASTER_GROUP]; // the vertices (alpha MASK)

void raster_clip_triangle(raster_tri t, vec4 c0, vec4 c1, vec4 c2, bool may_queue)
{
    tri_setup s;
    if (!setup_triangle(t, c0, c1, c2, s)) return;
    g_triangles++;
    ivec2 box = s.hi - s.lo + 1;
    int area = box.x * box.y;
    if (area >= int(LC_RASTER_BIG_MIN) && push_big(t, s)) return;
    // Medium, or big past the list's capacity: the workgroup's queue.
    if (may_queue && area >= int(LC_RASTER_MEDIUM_MIN)) {
        uint q = atomicAdd(s_medium_count, 1u);
        s_medium_v[q] = ivec4(s.v[0], s.v[1]);
        s_medium_box[q] = ivec4(s.lo, s.hi);
        s_medium_tri[q] = uvec4(uvec2(s.v[2]), t.id, t.material | (t.masked ? 0x80000000u : 0u));
        s_medium_z[q] = vec4(s.zplane, uintBitsToFloat(t.object));
        s_medium_vertex[q] = uvec4(t.vertex[0], t.vertex[1], t.vertex[2], 0u);
        return;
    }
    scan_triangle(t, s, s.lo, s.hi, ivec2(1));
}

// The round's medium triangles (and big ones past the list's capacity), each by the whole
// workgroup: pixel p of its box to lane p % LC_RASTER_GROUP.
void scan_medium()
{
    uint n = s_medium_count;
    for (uint q = 0u; q < n; q++) {
        tri_setup s;
        s.v[0] = s_medium_v[q].xy, s.v[1] = s_medium_v[q].zw, s.v[2] = ivec2(s_medium_tri[q].xy);
        s.zplane = s_medium_z[q].xyz;
        raster_tri t;
        t.id = s_medium_tri[q].z;
        t.material = s_medium_tri[q].w & 0x7fffffffu;
        t.masked = (s_medium_tri[q].w & 0x80000000u) != 0u;
        t.object = floatBitsToUint(s_medium_z[q].w);
        t.vertex[0] = s_medium_vertex[q].x, t.vertex[1] = s_medium_vertex[q].y, t.vertex[2] = s_medium_vertex[q].z;
        t.raster_state = 0u;
        ivec2 lo = s_medium_box[q].xy, hi = s_medium_box[q].zw;
        int w = hi.x - lo.x + 1, pixels = w * (hi.y - lo.y + 1);
        for (int p = int(gl_LocalInvocationIndex); p < pixels; p += int(LC_RASTER_GROUP)) {
            ivec2 px = lo + ivec2(p % w, p / w);
            scan_triangle(t, s, px, px, ivec2(1));
        }
    }
}

// Clips the polygon against one clip-space plane (dot(plane, v) >= 0 inside).
int clip_plane(inout vec4 poly[9], int n, vec4 plane)
{
    vec4 o[9];
    int m = 0;
    for (int i = 0; i < n; i++) {
        vec4 p = poly[i], q = poly[(i + 1) % n];
        float dp = dot(plane, p), dq = dot(plane, q);
        if (dp >= 0.0) o[m++] = p;
        // The new vertex from the outside one towards the inside one, as Mesa's clipper
        // interpolates (out + t * (in - out), t = d_out / (d_out - d_in)).
        if ((dp >= 0.0) != (dq >= 0.0)) {
            precise vec4 v = dp < 0.0 ? p + (dp / (dp - dq)) * (q - p) : q + (dq / (dq - dp)) * (p - q);
            o[m++] = v;
        }
    }
    for (int i = 0; i < m; i++) poly[i] = o[i];
    return m;
}

void raster_triangle(raster_tri t, vec4 c0, vec4 c1, vec4 c2)
{
    // Trivially outside one plane of the clip volume (x, y within w; 0 <= z <= w).
    if ((c0.x > c0.w && c1.x > c1.w && c2.x > c2.w) || (c0.x < -c0.w && c1.x < -c1.w && c2.x < -c2.w) ||
        (c0.y > c0.w && c1.y > c1.w && c2.y > c2.w) || (c0.y < -c0.w && c1.y < -c1.w && c2.y < -c2.w) ||
        (c0.z < 0.0 && c1.z < 0.0 && c2.z < 0.0) || (c0.z > c0.w && c1.z > c1.w && c2.z > c2.w))
        return;
    vec3 g = GUARD * vec3(c0.w, c1.w, c2.w);
    bool inside = c0.z >= 0.0 && c1.z >= 0.0 && c2.z >= 0.0 && all(lessThanEqual(abs(vec3(c0.x, c1.x, c2.x)), g)) &&
                  all(lessThanEqual(abs(vec3(c0.y, c1.y, c2.y)), g));
    if (inside) {
        raster_clip_triangle(t, c0, c1, c2, true);
        return;
    }
    // The near plane (z >= 0) and the guard band: at most 8 vertices, drawn as a fan (each
    // piece keeps the triangle's winding, its facing and its id).
    atomicAdd(counts[LC_GEO_COUNTS_STATS + 10u], 1u);
    vec4 poly[9];
    poly[0] = c0, poly[1] = c1, poly[2] = c2;
    int n = clip_plane(poly, 3, vec4(0.0, 0.0, 1.0, 0.0));
    n = clip_plane(poly, n, vec4(-1.0, 0.0, 0.0, GUARD));
    n = clip_plane(poly, n, vec4(1.0, 0.0, 0.0, GUARD));
    n = clip_plane(poly, n, vec4(0.0, -1.0, 0.0, GUARD));
    n = clip_plane(poly, n, vec4(0.0, 1.0, 0.0, GUARD));
    for (int i = 1; i + 1 < n; i++) raster_clip_triangle(t, poly[0], poly[i], poly[i + 1], false);
}

// Triangle i of the task: its vertices (the shared clip positions where the meshlet holds them),
// then the raster.
void raster_one(raster_tri t, uint i, uint first, uint prim_base, uint vfirst, uint verts, lc_gpu_object obj)
{
    t.id = prim_base + i;
    vec4 clip[3];
    for (uint k = 0u; k < 3u; k++) {
        t.vertex[k] = index_data[first + 3u * i + k];
        uint local = t.vertex[k] - vfirst;
        if (local < verts) {
            clip[k] = s_clip[local];
        } else {
            precise vec3 world = (obj.world * vec4(vertex_position(t.vertex[k]), 1.0)).xyz;
            precise vec4 cp = frame.view_proj * vec4(world, 1.0);
            clip[k] = cp;
        }
    }
    raster_triangle(t, clip[0], clip[1], clip[2]);
}

void main()
{
    uint task = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (task >= TASKS) return;
    uint c = ((PHASE == LC_GEOMETRY_CULL_PHASE_2 ? TASKS : 0u) + task) * 5u;
    if (commands[c + 1u] == 0u) return; // instanceCount 0: culled this phase
    uint first = commands[c + 2u], triangles = commands[c] / 3u, object = commands[c + 4u];
    lc_gpu_object obj = objects[object];
    raster_tri t;
    t.object = object;
    t.raster_state = cull_objects[object].info.w;
    t.material = vis_draws[object].info.z;
    t.masked = uintBitsToFloat(vis_materials[min(t.material, uint(vis_materials.length()) - 1u)].textures2.y) > 0.0;
    // The primitive within the object's mesh (visibility_id.glsl): the meshlet's first
    // triangle less the mesh's.
    uint prim_base = (first / 3u - obj.info.w) | (object << ID_PRIM_BITS);
    // The meshlet's vertices (contiguous in the runtime mesh) transformed once, a lane each, as
    // scene.vert does, bit for bit; an index outside them (none in a well-formed meshlet) is
    // transformed where it is read.
    lc_gpu_meshlet m = meshlets[tasks[task].y];
    uint vfirst = m.info.z, verts = 0u;
    for (uint k = 0u; k < LC_MESHLET_SUBLETS; k++) verts += (m.sublets[k / 2u] >> (16u * (k % 2u) + 8u)) & 0xffu;
    verts = min(verts, LC_MESHLET_SIZE);
    for (uint v = gl_LocalInvocationIndex; v < verts; v += LC_RASTER_GROUP) {
        precise vec3 world = (obj.world * vec4(vertex_position(vfirst + v), 1.0)).xyz;
        precise vec4 cp = frame.view_proj * vec4(world, 1.0);
        s_clip[v] = cp;
    }
    if (gl_LocalInvocationIndex == 0u) s_medium_count = 0u;
    barrier();
    // Rounds of a triangle a lane (the same count in every lane: the barriers below are in
    // uniform control flow), each followed by the workgroup's scan of its medium triangles.
    for (uint base = 0u; base < triangles; base += LC_RASTER_GROUP) {
        uint i = base + gl_LocalInvocationIndex;
        if (i < triangles) raster_one(t, i, first, prim_base, vfirst, verts, obj);
        barrier();
        scan_medium();
        barrier();
        if (gl_LocalInvocationIndex == 0u) s_medium_count = 0u;
        barrier();
    }
    uint tris = subgroupAdd(g_triangles);
    uint pixels = subgroupAdd(g_pixels);
    if (subgroupElect()) {
        atomicAdd(counts[LC_GEO_COUNTS_STATS + 8u], tris);
        atomicAdd(counts[LC_GEO_COUNTS_STATS + 9u], pixels);
    }
}
#else
// The big pass: LC_RASTER_BIG_GROUPS workgroups take the phase's tile items in turn (phase 2's
// start after phase 1's, which phase 1's pass leaves at LC_RASTER_WORK_PHASE_END); each lane
// scans the tile's pixels LC_RASTER_BIG_SIDE_X apart along x, LC_RASTER_BIG_SIDE_Y along y.
void main()
{
    uint first = PHASE == LC_GEOMETRY_CULL_PHASE_2 ? work[LC_RASTER_WORK_PHASE_END] : 0u;
    uint end = min(work[LC_RASTER_WORK_ITEM_COUNT], LC_RASTER_BIG_ITEMS);
    if (PHASE == LC_GEOMETRY_CULL_PHASE_1 && gl_WorkGroupID.x == 0u && gl_LocalInvocationIndex == 0u) work[LC_RASTER_WORK_PHASE_END] = end;
    for (uint item = first + gl_WorkGroupID.x; item < end; item += gl_NumWorkGroups.x) {
        uint tri = work[LC_RASTER_WORK_ITEMS + 2u * item];
        if (tri >= BIG_LIMIT) continue;
        uint tile = work[LC_RASTER_WORK_ITEMS + 2u * item + 1u];
        uint r = LC_RASTER_WORK_TRIANGLES + tri * LC_RASTER_WORK_TRIANGLE_WORDS;
        tri_setup s;
        raster_tri t;
        for (int k = 0; k < 3; k++) {
            s.v[k] = ivec2(int(work[r + 2u * k]), int(work[r + 2u * k + 1u]));
            s.zplane[k] = uintBitsToFloat(work[r + 6u + k]);
            t.vertex[k] = work[r + 9u + k];
        }
        t.id = work[r + 12u];
        t.material = work[r + 13u] & 0x7fffffffu;
        t.masked = (work[r + 13u] & 0x80000000u) != 0u;
        t.object = work[r + 14u];
        t.raster_state = 0u;
        // The tile's pixels within the triangle's box: a lane whose pixels lie outside it skips them.
        ivec2 origin = ivec2(tile & 0xffffu, tile >> 16u) * int(LC_RASTER_BIG_TILE);
        ivec2 lo = (min(min(s.v[0], s.v[1]), s.v[2]) + (SUBPIXEL - 1)) >> 8;
        ivec2 hi = min(min(origin + int(LC_RASTER_BIG_TILE) - 1, ivec2(frame.screen.xy) - 1), max(max(s.v[0], s.v[1]), s.v[2]) >> 8);
        ivec2 start = origin + ivec2(gl_LocalInvocationID.xy);
        ivec2 side = ivec2(LC_RASTER_BIG_SIDE_X, LC_RASTER_BIG_SIDE_Y);
        start += max((lo - start + side - 1) / side, ivec2(0)) * side;
        if (all(lessThanEqual(start, hi))) scan_triangle(t, s, start, hi, side);
    }
    uint pixels = subgroupAdd(g_pixels);
    if (subgroupElect()) atomicAdd(counts[LC_GEO_COUNTS_STATS + 9u], pixels);
}
#endif

#endif
