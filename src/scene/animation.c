/* glTF animation on the CPU (animation.h): samplers as the spec defines them (STEP, LINEAR with
 * slerp for rotations, CUBICSPLINE Hermite with the file's tangents), node worlds parents
 * first, and the objects, lights and skinned meshes that follow them. */
#include "scene/animation.h"

#include "cpu/jobs.h"
#include "lights/lights.h"
#include "scene/camera.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const float *key_value(const lc_anim_channel *c, uint32_t k)
{
    return c->values + (size_t)(c->interp == LC_INTERP_CUBIC ? k * 3 + 1 : k) * c->comps;
}

static void slerp(const float a[4], const float b_in[4], float u, float out[4])
{
    float b[4] = {b_in[0], b_in[1], b_in[2], b_in[3]};
    float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (d < 0.0f) { /* the shorter way round */
        d = -d;
        for (int i = 0; i < 4; i++) b[i] = -b[i];
    }
    float wa = 1.0f - u, wb = u;
    if (d < 0.9995f) {
        float theta = acosf(d), s = sinf(theta);
        wa = sinf((1.0f - u) * theta) / s;
        wb = sinf(u * theta) / s;
    }
    for (int i = 0; i < 4; i++) out[i] = wa * a[i] + wb * b[i];
}

void lc_anim_channel_sample(const lc_anim_channel *c, float t, float *out)
{
    uint32_t n = c->key_count, comps = c->comps;
    if (!n) return;
    if (n == 1 || !(t > c->times[0])) {
        memcpy(out, key_value(c, 0), comps * sizeof(float));
    } else if (t >= c->times[n - 1]) {
        memcpy(out, key_value(c, n - 1), comps * sizeof(float));
    } else {
        uint32_t lo = 0, hi = n - 1; /* times[lo] <= t < times[hi] */
        while (hi - lo > 1) {
            uint32_t mid = (lo + hi) / 2;
            if (c->times[mid] <= t) lo = mid;
            else hi = mid;
        }
        float t0 = c->times[lo], dt = c->times[hi] - t0, u = dt > 0.0f ? (t - t0) / dt : 0.0f;
        const float *a = key_value(c, lo), *b = key_value(c, hi);
        if (c->interp == LC_INTERP_STEP) {
            memcpy(out, a, comps * sizeof(float));
        } else if (c->interp == LC_INTERP_CUBIC) {
            /* The spec's Hermite spline: out-tangent of key lo, in-tangent of key hi, scaled by dt. */
            const float *m0 = c->values + (size_t)(lo * 3 + 2) * comps, *m1 = c->values + (size_t)(hi * 3) * comps;
            float u2 = u * u, u3 = u2 * u;
            float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
            for (uint32_t i = 0; i < comps; i++) out[i] = h00 * a[i] + h10 * dt * m0[i] + h01 * b[i] + h11 * dt * m1[i];
        } else if (c->path == LC_ANIM_ROTATION) {
            slerp(a, b, u, out);
        } else {
            for (uint32_t i = 0; i < comps; i++) out[i] = a[i] + u * (b[i] - a[i]);
        }
    }
    if (c->path == LC_ANIM_ROTATION) {
        float len = sqrtf(out[0] * out[0] + out[1] * out[1] + out[2] * out[2] + out[3] * out[3]);
        if (len > 1e-20f && isfinite(len))
            for (int i = 0; i < 4; i++) out[i] /= len;
        else
            out[0] = out[1] = out[2] = 0.0f, out[3] = 1.0f;
    }
}

float lc_animation_local_time(const lc_animation *a, double t)
{
    if (!(a->end > 0.0f) || !(t > 0.0)) return 0.0f;
    if (t <= a->end) return (float)t;
    double w = fmod(t, (double)a->end);
    /* A loop's last pose at its end, also where the clock's float rounding (a --time given in
     * decimals, plus frames of 1/60 s) lands a hair past it. */
    return w > 1e-6 * (double)a->end ? (float)w : a->end;
}

/* local = T * R * S (column-major). */
static void trs_matrix(const float t[3], const float q[4], const float s[3], lc_m4 *out)
{
    float x = q[0], y = q[1], z = q[2], w = q[3];
    float r[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + z * w),     2 * (x * z - y * w),
                  2 * (x * y - z * w),     1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
                  2 * (x * z + y * w),     2 * (y * z - x * w),     1 - 2 * (x * x + y * y)};
    for (int c = 0; c < 3; c++) {
        for (int k = 0; k < 3; k++) out->m[c * 4 + k] = r[c * 3 + k] * s[c];
        out->m[c * 4 + 3] = 0.0f;
    }
    out->m[12] = t[0], out->m[13] = t[1], out->m[14] = t[2], out->m[15] = 1.0f;
}

static bool playing(const lc_scene_anim *a, uint32_t index)
{
    return a->active == LC_ANIMATION_ALL || (a->active >= 0 && (uint32_t)a->active == index);
}

/* The objects that draw each mesh (mesh_object_start, mesh_objects): a posed mesh's objects
 * without a pass over every object per mesh (--grid copies: thousands of each). */
static void index_mesh_objects(lc_scene *s)
{
    lc_scene_anim *a = s->anim;
    free(a->mesh_object_start);
    free(a->mesh_objects);
    a->mesh_count = s->mesh_count;
    a->mesh_object_start = lc_calloc((size_t)s->mesh_count + 1, sizeof *a->mesh_object_start);
    a->mesh_objects = lc_alloc((size_t)LC_MAX(s->object_count, 1u) * sizeof *a->mesh_objects);
    for (uint32_t i = 0; i < s->object_count; i++)
        if (s->objects[i].mesh < s->mesh_count) a->mesh_object_start[s->objects[i].mesh + 1]++;
    for (uint32_t m = 0; m < s->mesh_count; m++) a->mesh_object_start[m + 1] += a->mesh_object_start[m];
    uint32_t *at = lc_alloc((size_t)LC_MAX(s->mesh_count, 1u) * sizeof *at);
    memcpy(at, a->mesh_object_start, (size_t)s->mesh_count * sizeof *at);
    for (uint32_t i = 0; i < s->object_count; i++)
        if (s->objects[i].mesh < s->mesh_count) a->mesh_objects[at[s->objects[i].mesh]++] = i;
    free(at);
}

/* Copies of the node hierarchy (lc_scene_anim_instance): how many, and nodes per copy. */
static uint32_t copies_of(const lc_scene_anim *a) { return a->instance_count ? a->instance_count : 1u; }
static uint32_t nodes_per(const lc_scene_anim *a) { return a->instance_count ? a->instance_nodes : a->node_count; }

/* The nodes the animations move into node[node_count]: each node a channel of a playing one
 * (of any one, where every) targets, in every --grid copy, but for those given as a fixed
 * matrix; then their descendants (a parent precedes its children). */
static void moved_nodes(const lc_scene_anim *a, bool every, bool *node)
{
    uint32_t per = nodes_per(a);
    memset(node, 0, a->node_count * sizeof *node);
    for (uint32_t k = 0; k < a->animation_count; k++)
        for (uint32_t c = 0; (every || playing(a, k)) && c < a->animations[k].channel_count; c++)
            for (uint32_t n = a->animations[k].channels[c].node; n < a->node_count; n += per) node[n] = !a->nodes[n].has_matrix;
    for (uint32_t i = 0; i < a->node_count; i++)
        if (a->nodes[i].parent != UINT32_MAX && node[a->nodes[i].parent]) node[i] = true;
}

void lc_scene_anim_select(lc_scene *s, int32_t active)
{
    lc_scene_anim *a = s->anim;
    if (!a) return;
    a->active = active;
    index_mesh_objects(s);
    bool *moved = lc_calloc(LC_MAX(a->node_count, 1u), sizeof *moved);
    moved_nodes(a, false, moved);
    for (uint32_t i = 0; i < a->node_count; i++) a->nodes[i].dynamic = moved[i];
    free(moved);
    bool *skinned = lc_calloc(LC_MAX(s->mesh_count, 1u), sizeof *skinned);
    uint8_t *posed = lc_calloc(LC_MAX(s->mesh_count, 1u), 1);
    a->skins_disjoint = true;
    for (uint32_t k = 0; k < a->skin_count; k++) {
        a->skins_disjoint &= !posed[a->skins[k].mesh];
        posed[a->skins[k].mesh] = 1;
        a->skins[k].dynamic = false;
        for (uint32_t b = 0; b < a->skins[k].bone_count; b++) a->skins[k].dynamic |= a->nodes[a->skins[k].bones[b].node].dynamic;
        skinned[a->skins[k].mesh] |= a->skins[k].dynamic;
    }
    a->dynamic_objects = 0;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        a->dynamic_objects += (o->node && a->nodes[o->node - 1].dynamic) || skinned[o->mesh];
    }
    free(skinned);
    free(posed);
    a->posed_time = NAN; /* the next lc_scene_animate poses the dynamic skins */
}

bool *lc_scene_movable_objects(const lc_scene *s)
{
    const lc_scene_anim *a = s->anim;
    if (!a || !s->object_count) return NULL;
    bool *node = lc_calloc(LC_MAX(a->node_count, 1u), sizeof *node);
    moved_nodes(a, true, node);
    /* Meshes whose vertices an animation poses: a skin with an animated joint, morph targets
     * whose node's weights are animated (every object drawing such a mesh changes with it). */
    bool *posed = lc_calloc(LC_MAX(s->mesh_count, 1u), sizeof *posed);
    for (uint32_t k = 0; k < a->skin_count; k++)
        for (uint32_t b = 0; b < a->skins[k].bone_count; b++) posed[a->skins[k].mesh] |= node[a->skins[k].bones[b].node];
    for (uint32_t k = 0; k < a->morph_count; k++) posed[a->morphs[k].mesh] |= node[a->morphs[k].node];
    bool *out = lc_calloc(s->object_count, sizeof *out);
    for (uint32_t i = 0; i < s->object_count; i++) {
        const lc_object *o = &s->objects[i];
        out[i] = (o->node && node[o->node - 1]) || posed[o->mesh];
    }
    free(node);
    free(posed);
    return out;
}

static void push_moved(lc_scene_anim *a, uint32_t object, const float before[4], const float after[4]);
static void rebound_mesh(lc_scene *s, uint32_t mesh, bool record);
static void bound_skin(lc_scene *s, uint32_t k);
static void morph_mesh(lc_scene *s, uint32_t k, bool record);

/* Skin k posed from its joints' worlds; the objects that draw it get their bounds again (and,
 * where record, go to the moved list). */
static void pose_skin(lc_scene *s, uint32_t k, bool record)
{
    lc_scene_anim *a = s->anim;
    const lc_skin *sk = &a->skins[k];
    lc_mesh *mesh = &s->meshes[sk->mesh];
    lc_vertex *verts = s->vertices + mesh->first_vertex;
    uint32_t nv = mesh->vertex_count;
    memcpy(verts, sk->bind, (size_t)nv * sizeof *verts);
    float *acc = lc_calloc((size_t)LC_MAX(nv, 1u) * 10, sizeof *acc); /* position, normal, tangent, weight */
    for (uint32_t b = 0; b < sk->bone_count; b++) {
        const lc_skin_bone *bone = &sk->bones[b];
        lc_m4 j;
        lc_m4_mul(&a->nodes[bone->node].world, &bone->offset, &j);
        for (uint32_t w = 0; w < bone->weight_count; w++) {
            uint32_t v = bone->vertex[w];
            float wt = bone->weight[w], p[3], *x = acc + (size_t)v * 10;
            lc_transform_point(&j, sk->bind[v].position, p);
            const float *n = sk->bind[v].normal, *t = sk->bind[v].tangent;
            for (int c = 0; c < 3; c++) {
                x[c] += wt * p[c];
                x[3 + c] += wt * (j.m[c] * n[0] + j.m[4 + c] * n[1] + j.m[8 + c] * n[2]);
                x[6 + c] += wt * (j.m[c] * t[0] + j.m[4 + c] * t[1] + j.m[8 + c] * t[2]);
            }
            x[9] += wt;
        }
    }
    for (uint32_t v = 0; v < nv; v++) {
        const float *x = acc + (size_t)v * 10;
        if (!(x[9] > 0.0f)) continue; /* no joint: left where it is */
        float len = sqrtf(x[3] * x[3] + x[4] * x[4] + x[5] * x[5]);
        for (int c = 0; c < 3; c++) {
            float p = x[c] / x[9];
            if (isfinite(p)) verts[v].position[c] = p;
            if (len > 1e-30f && isfinite(len)) verts[v].normal[c] = x[3 + c] / len;
            verts[v].tangent[c] = x[6 + c]; /* made unit and perpendicular again below */
        }
        lc_vertex_fix_tangent(&verts[v]);
    }
    free(acc);
    rebound_mesh(s, sk->mesh, record);
}

/* A posed or morphed mesh's bounds again, and those of the objects that draw it (where
 * record, onto the moved list). */
static void rebound_mesh(lc_scene *s, uint32_t mesh, bool record)
{
    lc_mesh_compute_aabb(s, &s->meshes[mesh]);
    if (s->anim->mesh_count != s->mesh_count || !s->anim->mesh_object_start) index_mesh_objects(s);
    const lc_scene_anim *a = s->anim;
    for (uint32_t j = a->mesh_object_start[mesh]; j < a->mesh_object_start[mesh + 1]; j++) {
        uint32_t i = a->mesh_objects[j];
        lc_object *o = &s->objects[i];
        float before[4];
        memcpy(before, o->sphere, sizeof before);
        lc_object_set_world(s, o, &o->world);
        if (record) push_moved(s->anim, i, before, o->sphere);
    }
}

static void push_moved(lc_scene_anim *a, uint32_t object, const float before[4], const float after[4])
{
    uint32_t at = a->moved_slot ? a->moved_slot[object] : UINT32_MAX;
    if (at < a->moved_count && a->moved[at] == object) { /* moved again: its first bounds stay, its last replace */
        memcpy(a->moved_bounds[at * 2 + 1], after, 4 * sizeof(float));
        return;
    }
    if (a->moved_count == a->moved_capacity) {
        a->moved_capacity = LC_MAX(64u, a->moved_capacity * 2);
        a->moved = lc_realloc(a->moved, a->moved_capacity * sizeof *a->moved);
        a->moved_bounds = lc_realloc(a->moved_bounds, a->moved_capacity * 2 * sizeof *a->moved_bounds);
    }
    memcpy(a->moved_bounds[a->moved_count * 2], before, 4 * sizeof(float));
    memcpy(a->moved_bounds[a->moved_count * 2 + 1], after, 4 * sizeof(float));
    if (a->moved_slot) a->moved_slot[object] = a->moved_count;
    a->moved[a->moved_count++] = object;
}

/* The scratch arrays for the scene's node and object counts (grown once, kept). */
static void reserve_scratch(lc_scene *s)
{
    lc_scene_anim *a = s->anim;
    if (a->scratch_nodes < a->node_count) {
        free(a->scratch_trs);
        a->scratch_trs = lc_alloc((size_t)a->node_count * sizeof *a->scratch_trs);
        a->scratch_nodes = a->node_count;
    }
    if (a->scratch_objects < s->object_count) {
        free(a->moved_slot);
        free(a->scratch_moved);
        free(a->scratch_before);
        a->moved_slot = lc_calloc(s->object_count, sizeof *a->moved_slot);
        a->scratch_moved = lc_calloc(s->object_count, sizeof *a->scratch_moved);
        a->scratch_before = lc_alloc((size_t)s->object_count * sizeof *a->scratch_before);
        a->scratch_objects = s->object_count;
        for (uint32_t k = 0; k < a->moved_count; k++)
            if (a->moved[k] < s->object_count) a->moved_slot[a->moved[k]] = k;
    }
    if (a->mesh_count != s->mesh_count || !a->mesh_object_start) index_mesh_objects(s);
}

typedef struct animate_job {
    lc_scene *s;
    double t;
} animate_job;

/* Copies [first, first + count) of the hierarchy (one copy: every node): their nodes' locals
 * from their rest and the playing channels at the copy's clock, then their worlds, parents
 * first. A copy's nodes, weights and scratch are its own. */
static void pose_copies(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const animate_job *job = user;
    lc_scene_anim *a = job->s->anim;
    float (*trs)[10] = a->scratch_trs;
    uint32_t per = nodes_per(a);
    for (uint32_t copy = first; copy < first + count; copy++) {
        uint32_t base = copy * per;
        for (uint32_t i = base; i < base + per; i++) {
            lc_anim_node *n = &a->nodes[i];
            memcpy(trs[i], n->t, 3 * sizeof(float));
            memcpy(trs[i] + 3, n->r, 4 * sizeof(float));
            memcpy(trs[i] + 7, n->s, 3 * sizeof(float));
            if (n->weight_count) memcpy(n->weights, n->rest_weights, n->weight_count * sizeof(float));
        }
        double ct = a->instance_count ? job->t + (double)a->instance_phase[copy] : job->t;
        for (uint32_t k = 0; k < a->animation_count; k++) {
            if (!playing(a, k)) continue;
            const lc_animation *an = &a->animations[k];
            float lt = lc_animation_local_time(an, ct);
            for (uint32_t c = 0; c < an->channel_count; c++) {
                const lc_anim_channel *ch = &an->channels[c];
                static const int at[3] = {0, 3, 7};
                uint32_t node = base + ch->node;
                if (ch->path == LC_ANIM_WEIGHTS) {
                    if (ch->comps == a->nodes[node].weight_count) lc_anim_channel_sample(ch, lt, a->nodes[node].weights);
                } else {
                    lc_anim_channel_sample(ch, lt, trs[node] + at[ch->path]);
                }
            }
        }
        for (uint32_t i = base; i < base + per; i++) {
            lc_anim_node *n = &a->nodes[i];
            lc_m4 local;
            if (n->has_matrix) local = n->matrix;
            else trs_matrix(trs[i], trs[i] + 3, trs[i] + 7, &local);
            if (n->parent == UINT32_MAX) n->world = local;
            else lc_m4_mul(&a->nodes[n->parent].world, &local, &n->world);
        }
    }
}

/* Objects [first, first + count) that follow dynamic nodes (lc_scene_grid's copies at their
 * offsets) to their node's world; scratch_moved and scratch_before say which moved, from where. */
static void follow_nodes(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const animate_job *job = user;
    lc_scene *s = job->s;
    lc_scene_anim *a = s->anim;
    for (uint32_t i = first; i < first + count; i++) {
        lc_object *o = &s->objects[i];
        a->scratch_moved[i] = 0;
        if (!o->node || !a->nodes[o->node - 1].dynamic) continue;
        lc_m4 w = a->nodes[o->node - 1].world;
        for (int k = 0; k < 3; k++) w.m[12 + k] += o->offset[k];
        if (!memcmp(&w, &o->world, sizeof w)) continue;
        memcpy(a->scratch_before[i], o->sphere, sizeof a->scratch_before[i]);
        lc_object_set_world(s, o, &w);
        a->scratch_moved[i] = 1;
    }
}

static void bound_skins(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const animate_job *job = user;
    for (uint32_t k = first; k < first + count; k++)
        if (job->s->anim->skins[k].dynamic) bound_skin(job->s, k);
}

/* Chunks of the jobs: copies of a hierarchy (a few nodes and channels each), objects, skins;
 * and how many of each a thread is worth waking for (about 0.1 ms of work here: a few --figures
 * run on the calling thread, 8,000 --grid copies on every job thread). */
#define COPIES_CHUNK 32u
#define OBJECTS_CHUNK 512u
#define SKINS_CHUNK 32u
#define COPIES_PER_THREAD 256u
#define OBJECTS_PER_THREAD 4096u
#define SKINS_PER_THREAD 256u

static void run_jobs(uint32_t count, uint32_t chunk, uint32_t per_thread, lc_job_fn fn, void *user)
{
    lc_jobs_run_on(lc_jobs_threads_for(0, count, per_thread), count, chunk, fn, user);
}

void lc_scene_animate(lc_scene *s, double t)
{
    lc_scene_anim *a = s->anim;
    if (!a) return;
    a->time = t;
    reserve_scratch(s);
    animate_job job = {s, t};
    /* Every node's local transform: its rest, with what the playing channels set; each copy of
     * the hierarchy (lc_scene_anim_instance) at the clock plus its phase, on the jobs. */
    run_jobs(copies_of(a), COPIES_CHUNK, COPIES_PER_THREAD, pose_copies, &job);
    /* The objects that follow dynamic nodes, on the jobs; listed as moved in object order. */
    run_jobs(s->object_count, OBJECTS_CHUNK, OBJECTS_PER_THREAD, follow_nodes, &job);
    for (uint32_t i = 0; i < s->object_count; i++)
        if (a->scratch_moved[i]) push_moved(a, i, a->scratch_before[i], s->objects[i].sphere);
    /* Lights at their node's origin, along its -Z. */
    for (uint32_t i = 0; i < s->light_count && a->light_node; i++) {
        uint32_t n = a->light_node[i];
        if (n == UINT32_MAX || !a->nodes[n].dynamic) continue;
        const float *m = a->nodes[n].world.m;
        lc_light *l = &s->lights[i];
        float d[3] = {-m[8], -m[9], -m[10]}, len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if (!(len > 1e-20f) || !isfinite(len)) continue;
        for (int k = 0; k < 3; k++) l->position[k] = m[12 + k], l->direction[k] = d[k] / len;
    }
    /* Skins whose joints move, posed again when the clock moved. */
    if (t != a->posed_time) {
        bool posed = false;
        if (a->gpu_skinning) {
            /* Bounded on the jobs (each skin's mesh and objects its own where no two share a
             * mesh), then listed in skin order. */
            run_jobs(a->skin_count, a->skins_disjoint ? SKINS_CHUNK : LC_MAX(a->skin_count, 1u), SKINS_PER_THREAD, bound_skins, &job);
            for (uint32_t k = 0; k < a->skin_count; k++) {
                if (!a->skins[k].dynamic) continue;
                posed = true;
                uint32_t mesh = a->skins[k].mesh;
                for (uint32_t j = a->mesh_object_start[mesh]; j < a->mesh_object_start[mesh + 1]; j++) {
                    uint32_t i = a->mesh_objects[j];
                    if (a->scratch_moved[i] & 2) push_moved(a, i, a->scratch_before[i], s->objects[i].sphere);
                    a->scratch_moved[i] &= 1;
                }
            }
        } else {
            for (uint32_t k = 0; k < a->skin_count; k++)
                if (a->skins[k].dynamic) pose_skin(s, k, true), posed = true;
        }
        for (uint32_t k = 0; k < a->morph_count; k++)
            if (a->nodes[a->morphs[k].node].dynamic) morph_mesh(s, k, true), posed = true;
        a->posed_time = t;
        a->pose_serial += posed;
    }
}

/* Skin k's mesh AABB from its joints as they stand, conservatively (gpu_skinning), and its
 * objects' bounds: each marked in scratch_moved (bit 2) with its sphere before in scratch_before,
 * for lc_scene_animate to list. Touches only skin k's mesh and objects. */
static void bound_skin(lc_scene *s, uint32_t k)
{
    lc_scene_anim *a = s->anim;
    const lc_skin *sk = &a->skins[k];
    lc_mesh *mesh = &s->meshes[sk->mesh];
    float lo[3], hi[3];
    memcpy(lo, sk->still_box[0], sizeof lo);
    memcpy(hi, sk->still_box[1], sizeof hi);
    for (uint32_t b = 0; b < sk->bone_count; b++) {
        const lc_skin_bone *bone = &sk->bones[b];
        if (!(bone->box[0][0] <= bone->box[1][0])) continue;
        lc_m4 j;
        lc_m4_mul(&a->nodes[bone->node].world, &bone->offset, &j);
        float blo[3], bhi[3];
        lc_transform_aabb(&j, bone->box[0], bone->box[1], blo, bhi);
        for (int c = 0; c < 3; c++) lo[c] = blo[c] < lo[c] ? blo[c] : lo[c], hi[c] = bhi[c] > hi[c] ? bhi[c] : hi[c];
    }
    if (!(lo[0] <= hi[0])) return;
    memcpy(mesh->aabb_min, lo, sizeof lo);
    memcpy(mesh->aabb_max, hi, sizeof hi);
    for (uint32_t j = a->mesh_object_start[sk->mesh]; j < a->mesh_object_start[sk->mesh + 1]; j++) {
        uint32_t i = a->mesh_objects[j];
        lc_object *o = &s->objects[i];
        memcpy(a->scratch_before[i], o->sphere, sizeof a->scratch_before[i]);
        lc_object_set_world(s, o, &o->world);
        a->scratch_moved[i] |= 2;
    }
}

/* Morph k's mesh from its node's weights; its objects' bounds follow (moved list where record). */
static void morph_mesh(lc_scene *s, uint32_t k, bool record)
{
    lc_scene_anim *a = s->anim;
    const lc_morph *mo = &a->morphs[k];
    lc_mesh *mesh = &s->meshes[mo->mesh];
    lc_vertex *verts = s->vertices + mesh->first_vertex;
    uint32_t nv = mesh->vertex_count;
    const float *w = a->nodes[mo->node].weights;
    memcpy(verts, mo->base, (size_t)nv * sizeof *verts);
    for (uint32_t t = 0; t < mo->target_count; t++) {
        if (w[t] == 0.0f) continue;
        const float *d = mo->delta + (size_t)t * nv * 6;
        for (uint32_t v = 0; v < nv; v++)
            for (int c = 0; c < 3; c++) {
                verts[v].position[c] += w[t] * d[(size_t)v * 6 + c];
                verts[v].normal[c] += w[t] * d[(size_t)v * 6 + 3 + c];
            }
    }
    for (uint32_t v = 0; v < nv; v++) {
        float *n = verts[v].normal, len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (len > 1e-30f && isfinite(len))
            for (int c = 0; c < 3; c++) n[c] /= len;
        lc_vertex_fix_tangent(&verts[v]);
    }
    rebound_mesh(s, mo->mesh, record);
}

void lc_scene_pose_skins(lc_scene *s)
{
    if (!s->anim) return;
    for (uint32_t k = 0; k < s->anim->morph_count; k++) morph_mesh(s, k, false);
    for (uint32_t k = 0; k < s->anim->skin_count; k++) pose_skin(s, k, false);
    s->anim->pose_serial++;
}

const char *lc_scene_anim_name(const lc_scene *s, char *buf, size_t size)
{
    const lc_scene_anim *a = s->anim;
    if (!a || a->active == LC_ANIMATION_NONE) return "none";
    if (a->active == LC_ANIMATION_ALL) return "all";
    const lc_animation *an = &a->animations[a->active];
    if (an->name[0]) snprintf(buf, size, "%s", an->name);
    else snprintf(buf, size, "#%d", a->active);
    return buf;
}

void lc_animations_free(lc_animation *a, uint32_t count)
{
    for (uint32_t i = 0; a && i < count; i++) {
        for (uint32_t c = 0; c < a[i].channel_count; c++) {
            free(a[i].channels[c].times);
            free(a[i].channels[c].values);
        }
        free(a[i].channels);
    }
    free(a);
}

void lc_scene_anim_destroy(lc_scene_anim *a)
{
    if (!a) return;
    lc_animations_free(a->animations, a->animation_count);
    for (uint32_t k = 0; k < a->skin_count; k++) {
        for (uint32_t b = 0; b < a->skins[k].bone_count && !a->skins[k].shared; b++) {
            free(a->skins[k].bones[b].vertex);
            free(a->skins[k].bones[b].weight);
        }
        free(a->skins[k].bones);
        if (!a->skins[k].shared) free(a->skins[k].bind);
    }
    free(a->skins);
    for (uint32_t k = 0; k < a->morph_count; k++) {
        if (a->morphs[k].shared) continue;
        free(a->morphs[k].base);
        free(a->morphs[k].delta);
    }
    free(a->morphs);
    for (uint32_t i = 0; i < a->node_count; i++) free(a->nodes[i].weights);
    free(a->nodes);
    free(a->light_node);
    free(a->moved);
    free(a->moved_bounds);
    free(a->instance_phase);
    free(a->mesh_source);
    free(a->mesh_object_start);
    free(a->mesh_objects);
    free(a->scratch_trs);
    free(a->moved_slot);
    free(a->scratch_moved);
    free(a->scratch_before);
    free(a);
}
