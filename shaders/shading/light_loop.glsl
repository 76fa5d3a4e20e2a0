// The per-pixel entity loops of every culling mode, shared by the forward fragment shader
// (shade.frag) and the visibility compute shader (shade_visibility.comp), so both paths walk
// the same structures in the same order. Every mode visits its entities in ascending index
// order, so the result matches brute force exactly. The entity array (lc_shared.h
// LC_ENTITY_DECAL) is walked in three loops over the same bits, one per range (seed 001: one
// loop for all three kinds costs registers): decals (lc_decal_loop, before the surface is
// made: they change its base colour), then probes (their blend, probes.glsl, for the ambient
// lc_shaded_colour adds) and lights (lc_light_loop). Parametrised by
// the pixel (integer coordinate), its view depth and its surface; the includer enables the
// subgroup extensions (basic, arithmetic, ballot) and includes common.glsl and lighting.glsl.
#ifndef LC_LIGHT_LOOP_GLSL
#define LC_LIGHT_LOOP_GLSL

layout(constant_id = 0) const uint MODE = LC_MODE_BRUTE;
layout(constant_id = 1) const bool SCALARIZE = false;
layout(constant_id = 2) const uint ANALYSIS = LC_ANALYSIS_OFF;
// LC_SUBGROUPS_*: where the includer's subgroups lie against the tiles (lc_merge_lanes).
layout(constant_id = 6) const uint SUBGROUPS = LC_SUBGROUPS_ASK;
// LC_ENTITY_KINDS_*: which kinds besides lights the run has (decals, probes; fixed at load). A
// run without them compiles their loops out, so the light loop is what it was before them.
layout(constant_id = 8) const uint ENTITY_KINDS = LC_ENTITY_KINDS_DECALS | LC_ENTITY_KINDS_PROBES;

layout(std430, set = 0, binding = LC_BIND_ANALYSIS) buffer AnalysisBlock { uint analysis[]; };

#include "decal.glsl"

// Which loop is running (lc_visit's kind): decals, probes, lights.
#define LC_LOOP_DECALS 0u
#define LC_LOOP_PROBES 1u
#define LC_LOOP_LIGHTS 2u

// The loop's state: the pixel being shaded and what it has summed so far.
uvec2 lc_loop_px;
float lc_loop_depth;
lc_surface lc_loop_surf;
vec3 lc_loop_color;
uint lc_loop_evaluated, lc_loop_contributing;
uvec4 lc_loop_by_kind; // of those, the decals' (x evaluated, y contributing) and the probes' (z, w)
// The decal loop's front-to-back composite (premultiplied colour, coverage); done: a decal
// covered the pixel fully, the decals under it are skipped (seed 001).
vec3 lc_loop_position, lc_loop_dpdx, lc_loop_dpdy; // and its screen derivatives (the decal textures' mip level)
vec3 lc_loop_decal_rgb;
float lc_loop_decal_a;
vec2 lc_loop_decal_rm, lc_loop_decal_rm_a; // roughness and metallic, composited among the decals that set them
vec3 lc_loop_normal, lc_loop_decal_n;        // the surface's normal; the decals' normals, composited among those with a map
float lc_loop_decal_n_a;
bool lc_loop_done;
// Whether a decal or probe walk has ended (the light walk never ends early).
bool lc_loop_stopped() { return ENTITY_KINDS != 0u && lc_loop_done; }
// The probe loop's reflection direction and specular level.
vec3 lc_loop_probe_dir;
float lc_loop_probe_lod;

// Composites decal i under what the decals above it left: entities hold the decals in reverse
// file order (src/lights/decals.c), so ascending indices go from the top decal down.
bool lc_visit_decal(uint i)
{
    vec4 rgba;
    vec2 rm;
    float tex_a;
    float m = lc_decal_at(i, lc_loop_position, lc_loop_dpdx, lc_loop_dpdy, rgba, rm, tex_a);
    if (m <= 0.0) return false;
    vec4 nw = lc_decal_normal(i, lc_loop_position, lc_loop_dpdx, lc_loop_dpdy, lc_loop_normal);
    float wn = (1.0 - lc_loop_decal_n_a) * m * tex_a * nw.w;
    lc_loop_decal_n += wn * nw.xyz;
    lc_loop_decal_n_a += wn;
    float a = m * rgba.a;
    float w = (1.0 - lc_loop_decal_a) * a;
    lc_loop_decal_rgb += w * rgba.rgb;
    lc_loop_decal_a += w;
    vec2 wrm = mix(vec2(0.0), (1.0 - lc_loop_decal_rm_a) * m, greaterThanEqual(rm, vec2(0.0)));
    lc_loop_decal_rm += wrm * rm;
    lc_loop_decal_rm_a += wrm;
    if (a >= 1.0) lc_loop_done = true;
    return true;
}

void lc_visit(uint i, uint kind)
{
    if (lc_loop_stopped()) return;
    lc_loop_evaluated++;
    if (ANALYSIS != LC_ANALYSIS_OFF && kind != LC_LOOP_LIGHTS) lc_loop_by_kind[kind == LC_LOOP_DECALS ? 0 : 2]++;
    if (kind == LC_LOOP_DECALS && (ENTITY_KINDS & LC_ENTITY_KINDS_DECALS) != 0u) {
        if (lc_visit_decal(i)) {
            lc_loop_contributing++;
            if (ANALYSIS != LC_ANALYSIS_OFF) lc_loop_by_kind.y++;
        }
    } else if (kind == LC_LOOP_PROBES && (ENTITY_KINDS & LC_ENTITY_KINDS_PROBES) != 0u) {
        // Blended in the array's order, which is the blending order (probes.glsl); the walk
        // ends once the weights reach 1.
        float before = lc_probes_walked.weight;
        if (!lc_probe_blend_add(lc_probes_walked, uint(lights[i].color_type.x), lc_loop_surf.position, lc_loop_surf.normal,
                                lc_loop_probe_dir, lc_loop_probe_lod))
            lc_loop_done = true;
        if (lc_probes_walked.weight > before) {
            lc_loop_contributing++;
            if (ANALYSIS != LC_ANALYSIS_OFF) lc_loop_by_kind.w++;
        }
    } else {
        lc_shadow_light = i - frame.entity_info.z; // the shadow record is kept by the sorted light index (shadow.glsl)
        if (lc_shade_light(lights[i], lc_loop_surf, lc_loop_color)) lc_loop_contributing++;
    }
}

// Walks one bucket of 32 entities with a bitscan loop: this lane's entities in it.
void lc_walk_bucket(uint bucket, uint bits, uint kind)
{
    while (bits != 0u && !lc_loop_stopped()) {
        uint bit = findLSB(bits);
        bits &= bits - 1u;
        lc_visit(bucket * LC_BUCKET_BITS + bit, kind);
    }
}

// The bits of bucket b that fall in entities [span.x, span.y].
uint lc_span_bits(uint b, uvec2 span)
{
    uint lo = b * LC_BUCKET_BITS;
    if (span.x > lo + 31u || span.y < lo) return 0u;
    uint start = span.x > lo ? span.x - lo : 0u;
    uint end = min(span.y - lo, 31u);
    return (end - start == 31u) ? ~0u : (((1u << (end - start + 1u)) - 1u) << start);
}

// Whether the loops merge the subgroup's lanes: scalarized, and the lanes not all in one screen
// tile (`tile`; `cluster`: a cluster's tile). Where they are in one, each lane walks its own
// lights, as unscalarized: the masks, bucket words and lists are already the subgroup's (loads
// from one address), and merging the lanes' depth ranges only adds buckets and subgroup
// operations (slower on the H100 in every mode, docs/BENCHMARKS.md). They merge where a
// subgroup spans tiles, whose lanes' loads would otherwise diverge. Known from SUBGROUPS where
// it can be: the loop that cannot run is then compiled out. LC_SUBGROUPS_MERGE_ALL merges every
// subgroup (the classic scalarization, for comparison on other GPUs).
bool lc_merge_lanes(uint tile, bool cluster)
{
    if (!SCALARIZE) return false;
    if (SUBGROUPS == LC_SUBGROUPS_MERGE_ALL) return true;
    if (SUBGROUPS == LC_SUBGROUPS_IN_CLUSTER || (SUBGROUPS == LC_SUBGROUPS_IN_TILE && !cluster)) return false;
    return subgroupBallot(tile != subgroupBroadcastFirst(tile)) != uvec4(0u);
}

uint lc_tile_index()
{
    uvec2 t = min(lc_loop_px / frame.light_info.z, frame.screen.zw - 1u);
    return t.y * frame.screen.z + t.x;
}

void lc_shade_brute(uvec2 span, uint kind)
{
    for (uint i = span.x; i <= span.y && !lc_loop_stopped(); i++) lc_visit(i, kind);
}

// Visits the tile's non-empty buckets (its bucket mask) that hold lights in `window`, keeping
// in each the lights in this lane's [range.x, range.y]. merge (scalarized across tiles): the
// masks are OR-ed over the subgroup, so the bucket loop is the subgroup's, and a bucket of the
// window may lie outside this lane's range.
void lc_walk_window(uint tile, uvec2 range, uvec2 window, bool merge, uint kind)
{
    uint buckets = frame.light_info.y, mask_words = lc_mask_words();
    uint base = tile * buckets, mbase = tile * mask_words;
    uint first_bucket = window.x / LC_BUCKET_BITS, last_bucket = min(window.y / LC_BUCKET_BITS, buckets - 1u);
    for (uint m = first_bucket / 32u; m <= last_bucket / 32u; m++) {
        uint mask = tile_mask[mbase + m];
        if (merge) mask = subgroupOr(mask);
        uint lo_b = m * 32u;
        if (first_bucket > lo_b) mask &= ~0u << (first_bucket - lo_b);
        if (last_bucket < lo_b + 31u) mask &= ~0u >> (lo_b + 31u - last_bucket);
        while (mask != 0u) {
            uint b = lo_b + findLSB(mask);
            mask &= mask - 1u;
            uint keep = lc_span_bits(b, range);
            if (keep != 0u) lc_walk_bucket(b, tile_bits[base + b] & keep, kind);
        }
    }
}

// Visits the non-empty buckets that hold lights in [range.x, range.y] (the tile's bucket
// mask), keeping in each only the lights in that range. Unscalarized, and scalarized where the
// subgroup lies in one tile, each lane walks its own range; that loop is compiled without any
// subgroup operation in it (a separate call: H100 visibility shade 2.5-4 % faster than the same
// loop with them specialised away). Scalarized across tiles, the bucket loop is the
// subgroup's: the window spans the lanes' ranges (subgroupMin/Max) and the masks are OR-ed over
// the subgroup; within a bucket each lane walks only its own tile's lights in its own range
// (OR-ing the bucket words as well made every lane walk its neighbours' lights too: on the
// H100, forward tiles 0.1-0.3 % slower merged across tiles, 2.5 % merged always).
void lc_walk_tile(uint tile, uvec2 range, uint kind)
{
    if (!lc_merge_lanes(tile, false)) {
        if (range.x <= range.y) lc_walk_window(tile, range, range, false, kind);
        return;
    }
    // Lanes with an empty range take no part in the window.
    bool any = range.x <= range.y;
    uvec2 window = uvec2(subgroupMin(any ? range.x : 0xffffffffu), subgroupMax(any ? range.y : 0u));
    if (window.x <= window.y) lc_walk_window(tile, range, window, true, kind);
}

void lc_shade_tiles(uvec2 span, uint kind)
{
    lc_walk_tile(lc_tile_index(), span, kind);
}

// Light range [first, last] of the pixel's Z-bin; first > last when empty.
uvec2 lc_zbin_range()
{
    float bin = floor((lc_loop_depth - frame.zbin_params.x) * frame.zbin_params.y);
    // Written so that NaN (possible in helper lanes) also gives an empty range.
    if (!(bin >= 0.0 && bin < float(frame.zbin_info.x))) return uvec2(1u, 0u);
    uvec2 z = zbins[uint(bin)];
    // The range bounds a loop: keep it within the lights whatever was read. On lavapipe,
    // helper invocations read zeros here, i.e. lights 0..0xffffffff, and spin until its
    // per-shader loop limit, which then cuts short every later loop (the pair counts).
    return uvec2(z.x, min(~z.y, max(frame.light_info.x, 1u) - 1u));
}

void lc_shade_zbin(uvec2 span, uint kind)
{
    // The bin's range cut to the loop's: the decals' part of a bin range is conservative
    // (decals keep their order, not depth order: the range spans every decal between the first
    // and the last touching the bin), and the tile bits drop the rest.
    uvec2 range = lc_zbin_range();
    range = uvec2(max(range.x, span.x), min(range.y, span.y));
    // first > last: no entity touches this depth. Granite's cluster_mask_range, with the
    // tile's bucket mask skipping empty buckets; scalarized across tiles, the subgroup's bucket
    // window (lc_walk_tile) and each lane's own entities in it; lanes with nothing to walk
    // take no part (their masks would only widen the subgroup's walk).
    if (range.x <= range.y) lc_walk_tile(lc_tile_index(), range, kind);
}

// Visits the cluster's non-empty buckets (its bucket mask, one load per 32 buckets). With
// `merge` (scalarized, the subgroup across cluster tiles) the masks are OR-ed over the subgroup,
// so the bucket loop is the subgroup's; each lane still walks only its own cluster's lights.
void lc_walk_cluster(uint cluster, bool merge, uvec2 span, uint kind)
{
    uint buckets = frame.light_info.y, mask_words = lc_mask_words();
    uint base = cluster * buckets, mbase = lc_cluster_mask_base() + cluster * mask_words;
    uint first_bucket = span.x / LC_BUCKET_BITS, last_bucket = min(span.y / LC_BUCKET_BITS, buckets - 1u);
    for (uint m = first_bucket / 32u; m <= last_bucket / 32u; m++) {
        uint mask = cluster_bits[mbase + m];
        if (merge) mask = subgroupOr(mask);
        uint lo_b = m * 32u;
        if (first_bucket > lo_b) mask &= ~0u << (first_bucket - lo_b);
        if (last_bucket < lo_b + 31u) mask &= ~0u >> (lo_b + 31u - last_bucket);
        while (mask != 0u) {
            uint b = lo_b + findLSB(mask);
            mask &= mask - 1u;
            lc_walk_bucket(b, cluster_bits[base + b] & lc_span_bits(b, span), kind);
        }
    }
}

void lc_shade_clusters(uvec2 span, uint kind)
{
    uint ts = uint(frame.zbin_params.w);
    uvec2 t = min(lc_loop_px / ts, frame.zbin_info.yz - 1u);
    float near_z = frame.screen_inv.z;
    float s = floor(log(max(lc_loop_depth, near_z) / near_z) * frame.zbin_params.z);
    uint slice = s >= 0.0 ? uint(min(s, float(frame.zbin_info.w - 1u))) : 0u; // NaN-safe (helper lanes)
    uint cluster = (slice * frame.zbin_info.z + t.y) * frame.zbin_info.y + t.x;
    // Merged only across screen tiles (as lc_walk_tile), never across the slices of one.
    if (lc_merge_lanes(t.y * frame.zbin_info.y + t.x, true)) lc_walk_cluster(cluster, true, span, kind);
    else lc_walk_cluster(cluster, false, span, kind);
}

void lc_shade_lists(uvec2 span, uint kind)
{
    uint stride = frame.light_info.w + 1u;
    uint tile = lc_tile_index();
    // Unsorted lists (--list-sort off) are walked whole and never merged (the merge needs
    // ascending lists); sorted ones stop past the span.
    bool sorted = (frame.entity_info.w & LC_ENTITY_FLAG_LIST_SORT) != 0u;
    bool merge = sorted && lc_merge_lanes(tile, false);
    uint base = tile * stride;
    uint count = min(tile_lists[base], frame.light_info.w);
    if (!merge) {
        for (uint j = 0u; j < count && !lc_loop_stopped(); j++) {
            uint i = tile_lists[base + 1u + j];
            if (i > span.y && sorted) break;
            if (i >= span.x && i <= span.y) lc_visit(i, kind);
        }
        return;
    }
    // Across tiles, merge the subgroup's sorted lists: every lane visits the smallest pending
    // index, so loads are uniform and the order stays ascending.
    uint j = 0u;
    for (;;) {
        uint mine = j < count ? tile_lists[base + 1u + j] : 0xffffffffu;
        if (mine > span.y) mine = 0xffffffffu;
        uint next = subgroupMin(mine);
        if (next == 0xffffffffu) break;
        if (mine == next) j++;
        if (next >= span.x) lc_visit(next, kind);
    }
}

// --mode objects (forward shading): the drawn object, whose mask the CPU culled (object_masks;
// src/lights/object_masks.c). Set by the includer before the loops (lc_entity_loop_object).
uint lc_loop_object = 0u;
void lc_entity_loop_object(uint object) { lc_loop_object = object; }

// The bits of one mask word: bit k is entity first + k, in ascending order as every mode.
void lc_walk_object_word(uint first, uint bits, uint kind)
{
    while (bits != 0u && !lc_loop_stopped()) {
        uint bit = findLSB(bits);
        bits &= bits - 1u;
        lc_visit(first + bit, kind);
    }
}

// The object's mask: x the decals, y the probes, z and w the lights, each counted from its
// range's first entity. The load is the draw's (one object per draw), uniform across it. A kind
// the object overflowed is walked whole (brute force: exact, and the heatmap shows its cost).
void lc_shade_objects(uvec2 span, uint kind)
{
    if (span.x > span.y) return;
    if ((object_masks[lc_loop_object].info.x & (1u << kind)) != 0u) {
        lc_shade_brute(span, kind);
        return;
    }
    uvec4 m = object_masks[lc_loop_object].bits;
    if (kind == LC_LOOP_DECALS) lc_walk_object_word(span.x, m.x, kind);
    else if (kind == LC_LOOP_PROBES) lc_walk_object_word(span.x, m.y, kind);
    else {
        lc_walk_object_word(span.x, m.z, kind);
        lc_walk_object_word(span.x + 32u, m.w, kind);
    }
}

// The mode's walk over the entities [span.x, span.y] of one kind (x > y: none).
void lc_entity_walk(uvec2 span, uint kind)
{
    if (MODE == LC_MODE_BRUTE) lc_shade_brute(span, kind);
    else if (MODE == LC_MODE_LISTS) lc_shade_lists(span, kind);
    else if (MODE == LC_MODE_TILES) lc_shade_tiles(span, kind);
    else if (MODE == LC_MODE_CLUSTERS) lc_shade_clusters(span, kind);
    else if (MODE == LC_MODE_OBJECTS) lc_shade_objects(span, kind);
    else lc_shade_zbin(span, kind);
}

// The entity range of a loop, inclusive; (1, 0) when empty.
uvec2 lc_entity_span(uint kind)
{
    uint first = kind == LC_LOOP_DECALS ? 0u : kind == LC_LOOP_PROBES ? frame.entity_info.x : frame.entity_info.z;
    uint end = kind == LC_LOOP_DECALS ? frame.entity_info.x : kind == LC_LOOP_PROBES ? frame.entity_info.z : frame.light_info.x;
    return first < end ? uvec2(first, end - 1u) : uvec2(1u, 0u);
}

// Decals take opaque surfaces only: the transparent pass starts at the probes (seed 001's
// skip, docs/DECALS.md).
bool lc_decals_apply()
{
    return (ENTITY_KINDS & LC_ENTITY_KINDS_DECALS) != 0u && frame.pass_info.x != LC_CULL_TRANSPARENT && frame.entity_info.x > 0u;
}

// Starts a pixel's loops: the decal loop (lc_decal_loop), then lc_light_loop. The lanes of a
// subgroup that call them together are the ones the scalarized loops merge.
void lc_entity_loop_begin(uvec2 px, float view_depth)
{
    lc_loop_px = px;
    lc_loop_depth = view_depth;
    lc_loop_evaluated = 0u;
    lc_loop_contributing = 0u;
    lc_loop_by_kind = uvec4(0u);
}

// The decal loop: the decals covering world position p composited front to back over the
// surface's base colour, stopping under the first that covers fully; roughness and metallic
// likewise among the decals that set them (a decal covering fully hides the ones under it
// there too), and the normal among the decals with a normal map, weighed by their mask, base
// colour texture's alpha and opacity. dpdx, dpdy: p one pixel right and one down, minus p, as
// the caller takes its material textures' derivatives (taken in uniform control flow, not in
// the loop).
void lc_decal_loop(vec3 p, vec3 dpdx, vec3 dpdy, inout vec3 base, inout float roughness, inout float metallic, inout vec3 normal)
{
    if (!lc_decals_apply()) return;
    lc_loop_position = p;
    lc_loop_normal = normal;
    lc_loop_decal_n = vec3(0.0);
    lc_loop_decal_n_a = 0.0;
    lc_loop_dpdx = dpdx;
    lc_loop_dpdy = dpdy;
    lc_loop_decal_rgb = vec3(0.0);
    lc_loop_decal_a = 0.0;
    lc_loop_decal_rm = lc_loop_decal_rm_a = vec2(0.0);
    lc_loop_done = false;
    lc_entity_walk(lc_entity_span(LC_LOOP_DECALS), LC_LOOP_DECALS);
    lc_loop_done = false;
    base = lc_loop_decal_rgb + (1.0 - lc_loop_decal_a) * base;
    roughness = lc_loop_decal_rm.x + (1.0 - lc_loop_decal_rm_a.x) * roughness;
    metallic = lc_loop_decal_rm.y + (1.0 - lc_loop_decal_rm_a.y) * metallic;
    if (lc_loop_decal_n_a > 0.0) normal = normalize(lc_loop_decal_n + (1.0 - lc_loop_decal_n_a) * normal);
}

// The probe and light loops for the surface (after lc_entity_loop_begin and the decal loop):
// returns the summed light (no ambient).
vec3 lc_light_loop(lc_surface s)
{
    lc_loop_surf = s;
    lc_loop_color = vec3(0.0);
    lc_loop_done = false;
    // Environment probes: their blend (probes.glsl), which lc_shaded_colour's ambient reads.
    lc_probes_walked = lc_probe_blend_begin();
    if ((ENTITY_KINDS & LC_ENTITY_KINDS_PROBES) != 0u && frame.entity_info.y > 0u) {
        lc_loop_probe_dir = reflect(-s.view_dir, s.normal);
        lc_loop_probe_lod = clamp(s.roughness, 0.0, 1.0) * (environment.params.y - 1.0);
        lc_entity_walk(lc_entity_span(LC_LOOP_PROBES), LC_LOOP_PROBES);
        lc_loop_done = false;
    }
    lc_entity_walk(lc_entity_span(LC_LOOP_LIGHTS), LC_LOOP_LIGHTS);
    return lc_loop_color;
}

// The brute-force count of the entities that reach the surface: decals as the decal loop
// composites them (down to the first covering fully), then lights of nonzero weight; by_kind:
// the decals' (x) and the probes' (y) part of it.
uint lc_exact_count(out uvec2 by_kind)
{
    uint exact = 0u;
    if (lc_decals_apply()) {
        for (uint i = 0u; i < frame.entity_info.x; i++) {
            vec4 rgba;
            vec2 rm;
            float tex_a;
            float m = lc_decal_at(i, lc_loop_surf.position, lc_loop_dpdx, lc_loop_dpdy, rgba, rm, tex_a);
            if (m <= 0.0) continue;
            exact++;
            if (m * rgba.a >= 1.0) break;
        }
    }
    by_kind.x = exact;
    // Probes that add weight to the blend, down to the one that completes it.
    float blended = 0.0;
    for (uint i = frame.entity_info.x; i < frame.entity_info.z && blended < 1.0; i++) {
        float w = min(lc_probe_weight(probes[uint(lights[i].color_type.x)], lc_loop_surf.position), 1.0 - blended);
        if (w <= 0.0) continue;
        exact++;
        blended += w;
    }
    by_kind.y = exact - by_kind.x;
    for (uint i = frame.entity_info.z; i < frame.light_info.x; i++)
        if (lc_light_weight(lights[i], lc_loop_surf.position) > 0.0) exact++;
    return exact;
}

// The analysis counters of the pixel the last lc_light_loop shaded (heatmap, tightness,
// --pairs): evaluated, contributing and, with LC_ANALYSIS_EXACT, the brute-force count; then
// the same three for the decals and for the probes (LC_ANALYSIS_WORDS).
void lc_light_loop_write_analysis()
{
    if (ANALYSIS == LC_ANALYSIS_OFF) return;
    uint idx = (lc_loop_px.y * frame.screen.x + lc_loop_px.x) * LC_ANALYSIS_WORDS;
    uvec2 exact_by_kind = uvec2(0u);
    uint exact = ANALYSIS == LC_ANALYSIS_EXACT ? lc_exact_count(exact_by_kind) : 0u;
    uint words[LC_ANALYSIS_WORDS] = uint[](lc_loop_evaluated, lc_loop_contributing, exact, lc_loop_by_kind.x, lc_loop_by_kind.y,
                                           exact_by_kind.x, lc_loop_by_kind.z, lc_loop_by_kind.w, exact_by_kind.y);
    if (frame.pass_info.x == LC_CULL_TRANSPARENT) {
        // Blended layers add to the pixel's counts (the opaque surface's and each other's);
        // several may shade one pixel in one draw, so atomically.
        for (uint k = 0u; k < LC_ANALYSIS_WORDS; k++)
            if (words[k] != 0u) atomicAdd(analysis[idx + k], words[k]);
        return;
    }
    for (uint k = 0u; k < LC_ANALYSIS_WORDS; k++) analysis[idx + k] = words[k];
}

#endif
