/* GPU skinning (skinning.h). */
#include "geometry/skinning.h"

#include "cpu/jobs.h"
#include "cpu/sort_key.h"
#include "scene/camera.h"
#include "vk/pipelines.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(LC_SKIN_LANES * LC_VERTEX_FLOATS * 4 + LC_SKIN_COPIES * LC_SKIN_SHARED_JOINTS * 48 <= 16384,
               "skin.comp: shared memory within the 16 KiB every device has");
_Static_assert(LC_MESHLET_SUBLET_SIZE * 4 <= 255, "skin_bounds.comp: a sublet's sphere count in 8 bits");

/* A vertex's four heaviest joints, renormalised; none: joint 0 (the identity) at weight 1. */
typedef struct influence {
    uint32_t joint[4];
    float weight[4];
} influence;

static void add_influence(influence *f, uint32_t joint, float w)
{
    int k = 3;
    if (!(w > f->weight[3])) return;
    while (k > 0 && w > f->weight[k - 1]) {
        f->weight[k] = f->weight[k - 1], f->joint[k] = f->joint[k - 1];
        k--;
    }
    f->weight[k] = w, f->joint[k] = joint;
}

/* Whether skin range r can take range b's bind vertices and weights: the same source mesh (a
 * --grid copy of it) with its runtime vertices in the same order (copies share a meshlet build). */
static bool same_source(const lc_scene *scene, const lc_geometry *g, const lc_skin_range *r, const lc_skin_range *b)
{
    const lc_scene_anim *a = scene->anim;
    uint32_t mr = a->skins[r->skin].mesh, mb = a->skins[b->skin].mesh;
    if (!a->mesh_source || a->mesh_source[mr] != a->mesh_source[mb] || r->count != b->count) return false;
    if (a->skins[r->skin].bone_count != a->skins[b->skin].bone_count) return false;
    uint32_t fr = scene->meshes[mr].first_vertex, fb = scene->meshes[mb].first_vertex;
    for (uint32_t i = 0; i < r->count; i++)
        if (g->ms.vertex_remap[r->runtime_first + i] - fr != g->ms.vertex_remap[b->runtime_first + i] - fb) return false;
    /* And the same meshlets over them (the joint spheres are per source sublet). */
    if (r->meshlet_count != b->meshlet_count) return false;
    for (uint32_t m = 0; m < r->meshlet_count; m++) {
        const lc_gpu_meshlet *mr_ = &g->meshlets_host[r->meshlet_first + m], *mb_ = &g->meshlets_host[b->meshlet_first + m];
        if (mr_->info.z - r->runtime_first != mb_->info.z - b->runtime_first || memcmp(&mr_->sublets, &mb_->sublets, sizeof mr_->sublets))
            return false;
    }
    return true;
}

/* A growing array of joint spheres. */
typedef struct sphere_list {
    lc_skin_sphere *data;
    uint32_t count, cap;
} sphere_list;

/* Whether source vertex i (of wt's layout) is moved by joint j: one of its joints, weight > 0. */
static bool moves(const lc_u4 *wt, uint32_t i, uint32_t j)
{
    const lc_u4 *f = &wt[(size_t)i * 2];
    for (int k = 0; k < 4; k++) {
        float w;
        memcpy(&w, &(&f[1].x)[k], sizeof w);
        if ((&f[0].x)[k] == j && w > 0.0f) return true;
    }
    return false;
}

/* Source meshlet m's joint spheres (range r's meshlet m; bind vertices src, joints and weights wt
 * in source order): per sublet, per joint that moves one of its vertices, the sphere of the
 * vertices it moves (centred on their box, reaching the farthest); their range into *range. */
static void meshlet_spheres(const lc_geometry *g, const lc_skin_range *r, uint32_t m, const lc_vertex *src, const lc_u4 *wt,
                            sphere_list *out, lc_u4 *range)
{
    const lc_gpu_meshlet *ml = &g->meshlets_host[r->meshlet_first + m];
    *range = (lc_u4){out->count, 0, 0, 0};
    uint32_t v = ml->info.z - r->runtime_first; /* source and runtime order are the same */
    for (uint32_t q = 0; q < LC_MESHLET_SUBLETS; q++) {
        uint32_t n = lc_sublet_counts(ml->sublets, q) >> 8, end = LC_MIN(v + n, r->count);
        uint32_t joint[LC_MESHLET_SUBLET_SIZE * 4], joints = 0;
        for (uint32_t i = v; i < end; i++)
            for (int k = 0; k < 4; k++) {
                uint32_t j = (&wt[(size_t)(r->source_first + i) * 2].x)[k], e = 0;
                while (e < joints && joint[e] != j) e++;
                if (e == joints && moves(wt, r->source_first + i, j)) joint[joints++] = j;
            }
        for (uint32_t e = 0; e < joints; e++) {
            float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, c[3], reach = 0.0f;
            for (uint32_t i = v; i < end; i++)
                if (moves(wt, r->source_first + i, joint[e])) {
                    const float *p = src[r->source_first + i].position;
                    for (int a = 0; a < 3; a++) lo[a] = fminf(lo[a], p[a]), hi[a] = fmaxf(hi[a], p[a]);
                }
            for (int a = 0; a < 3; a++) c[a] = 0.5f * (lo[a] + hi[a]);
            for (uint32_t i = v; i < end; i++)
                if (moves(wt, r->source_first + i, joint[e])) {
                    const float *p = src[r->source_first + i].position;
                    float d[3] = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
                    reach = fmaxf(reach, sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
                }
            if (out->count == out->cap) {
                out->cap = LC_MAX(out->cap * 2, 256u);
                out->data = lc_realloc(out->data, (size_t)out->cap * sizeof *out->data);
            }
            out->data[out->count++] = (lc_skin_sphere){{c[0], c[1], c[2], reach * (1.0f + 1e-6f)}, {joint[e], 0, 0, 0}};
        }
        (&range->y)[q / 4] |= joints << (8 * (q % 4));
        v += n;
    }
}

/* The host's copies of the skinned meshlets' and sublets' bounds (the shadow views' CPU meshlet
 * cull): spheres that reach everywhere, cone off. The GPU's are posed by skin_bounds.comp;
 * on the host the object cull has already bounded each skinned object by its joints' boxes, and
 * a mesh-wide sphere per meshlet (rewritten for every meshlet of every copy each frame: 110 MB a
 * frame at --grid 20) culled nothing that bound does not. */
static void unbound_host_meshlets(lc_geometry *g, const lc_skin_range *rg)
{
    if (!g->meshlets_host || !g->sublet_bounds_host) return;
    lc_f4 everywhere = {0.0f, 0.0f, 0.0f, INFINITY};
    for (uint32_t m = rg->meshlet_first; m < rg->meshlet_first + rg->meshlet_count; m++) {
        g->meshlets_host[m].sphere = everywhere;
        g->meshlets_host[m].cone_apex.w = 1.0f;
        lc_meshlet_bounds *sb = &g->sublet_bounds_host[(size_t)m * LC_MESHLET_SUBLETS];
        for (uint32_t q = 0; q < LC_MESHLET_SUBLETS; q++) sb[q].sphere = everywhere, sb[q].cone_apex.w = 1.0f;
    }
}

lc_status lc_skinning_create(lc_context *ctx, const lc_scene *scene, lc_geometry *g, lc_skinning *sk)
{
    memset(sk, 0, sizeof *sk);
    const lc_scene_anim *a = scene->anim;
    if (!a || !a->skin_count) return LC_OK;
    sk->ranges = lc_calloc(a->skin_count, sizeof *sk->ranges);
    uint32_t sources = 0, source_meshlets = 0;
    /* Each skin's joint matrices: the identity (joint 0 of the skin: vertices without a joint),
     * then its bones. The bind vertices and weights (joints numbered within the skin) are stored
     * once for the --grid copies of a skin that share a vertex order. */
    const lc_skin_range *last = NULL;
    bool *owns = lc_calloc(a->skin_count, sizeof *owns);
    for (uint32_t k = 0; k < a->skin_count; k++) {
        const lc_meshlet_range *rg = &g->ms.ranges[a->skins[k].mesh];
        lc_skin_range *r = &sk->ranges[k];
        *r = (lc_skin_range){k, sources, rg->first_vertex, rg->vertex_count, rg->first_meshlet, rg->meshlet_count, source_meshlets,
                             sk->joint_count, a->skins[k].bone_count + 1};
        sk->joint_count += r->joints;
        if (last && same_source(scene, g, r, last)) {
            r->source_first = last->source_first;
            r->source_meshlet = last->source_meshlet;
        } else {
            owns[k] = true;
            sources += rg->vertex_count;
            source_meshlets += rg->meshlet_count;
            last = r;
        }
        unbound_host_meshlets(g, r);
    }
    sk->range_count = a->skin_count;
    lc_vertex *src = lc_calloc(LC_MAX(sources, 1u), sizeof *src);
    lc_u4 *wt = lc_calloc((size_t)LC_MAX(sources, 1u) * 2, sizeof *wt);
    lc_u4 *sphere_ranges = lc_calloc(LC_MAX(source_meshlets, 1u), sizeof *sphere_ranges);
    sphere_list spheres = {0};
    uint32_t over = 0;
    for (uint32_t k = 0; k < a->skin_count; k++) {
        if (!owns[k]) continue;
        const lc_skin *s = &a->skins[k];
        const lc_mesh *mesh = &scene->meshes[s->mesh];
        const lc_skin_range *r = &sk->ranges[k];
        influence *inf = lc_calloc(LC_MAX(mesh->vertex_count, 1u), sizeof *inf);
        uint8_t *n = lc_calloc(LC_MAX(mesh->vertex_count, 1u), 1);
        for (uint32_t b = 0; b < s->bone_count; b++)
            for (uint32_t w = 0; w < s->bones[b].weight_count; w++) {
                uint32_t v = s->bones[b].vertex[w];
                add_influence(&inf[v], b + 1, s->bones[b].weight[w]);
                if (n[v] < 255) n[v]++;
            }
        for (uint32_t i = 0; i < r->count; i++) {
            uint32_t local = g->ms.vertex_remap[r->runtime_first + i] - mesh->first_vertex;
            src[r->source_first + i] = s->bind[local];
            influence f = inf[local];
            over += n[local] > 4;
            float sum = f.weight[0] + f.weight[1] + f.weight[2] + f.weight[3];
            if (!(sum > 0.0f)) f = (influence){{0, 0, 0, 0}, {1, 0, 0, 0}};
            else
                for (int c = 0; c < 4; c++) f.weight[c] /= sum;
            lc_u4 *o = &wt[(size_t)(r->source_first + i) * 2];
            o[0] = (lc_u4){f.joint[0], f.joint[1], f.joint[2], f.joint[3]};
            memcpy(&o[1], f.weight, sizeof f.weight);
        }
        free(inf);
        free(n);
        for (uint32_t m = 0; m < r->meshlet_count; m++) meshlet_spheres(g, r, m, src, wt, &spheres, &sphere_ranges[r->source_meshlet + m]);
    }
    free(owns);
    if (over)
        lc_warn("%s: %u skinned vertices have more than four joints: the GPU skinning takes the four heaviest", scene->name, over);
    lc_buffer_desc d = {.size = (VkDeviceSize)LC_MAX(sources, 1u) * sizeof *src,
                        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, .name = "skin bind vertices"};
    lc_status st = lc_buffer_create(ctx, &d, &sk->source);
    if (st == LC_OK) st = lc_buffer_upload(ctx, &sk->source, src, d.size);
    d.size = (VkDeviceSize)LC_MAX(sources, 1u) * 2 * sizeof *wt;
    d.name = "skin joints and weights";
    if (st == LC_OK) st = lc_buffer_create(ctx, &d, &sk->weights);
    if (st == LC_OK) st = lc_buffer_upload(ctx, &sk->weights, wt, d.size);
    d.size = (VkDeviceSize)LC_MAX(spheres.count, 1u) * sizeof *spheres.data;
    d.name = "skin joint spheres";
    if (st == LC_OK) st = lc_buffer_create(ctx, &d, &sk->spheres);
    if (st == LC_OK && spheres.count)
        st = lc_buffer_upload(ctx, &sk->spheres, spheres.data, (VkDeviceSize)spheres.count * sizeof *spheres.data);
    d.size = (VkDeviceSize)LC_MAX(source_meshlets, 1u) * sizeof *sphere_ranges;
    d.name = "skin joint sphere ranges";
    if (st == LC_OK) st = lc_buffer_create(ctx, &d, &sk->sphere_ranges);
    if (st == LC_OK) st = lc_buffer_upload(ctx, &sk->sphere_ranges, sphere_ranges, d.size);
    free(src);
    free(wt);
    free(spheres.data);
    free(sphere_ranges);
    for (int i = 0; i < 2 && st == LC_OK; i++) {
        lc_buffer_desc jd = {.size = (VkDeviceSize)sk->joint_count * sizeof(lc_m4), .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             .host_visible = true, .gpu_reads = true, .name = "skin joint matrices"};
        st = lc_buffer_create(ctx, &jd, &sk->joints[i]);
    }
    if (st != LC_OK) return st;

    VkDescriptorSetLayoutBinding b[LC_SKIN_BIND_COUNT];
    for (uint32_t i = 0; i < LC_SKIN_BIND_COUNT; i++)
        b[i] = (VkDescriptorSetLayoutBinding){.binding = i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 1,
                                              .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
    VkDescriptorSetLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = LC_SKIN_BIND_COUNT,
                                          .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(ctx->device, &li, NULL, &sk->set_layout));
    /* VK_SHADER_STAGE_ALL: the render contexts push constants for every stage. */
    VkPushConstantRange pc = {.stageFlags = VK_SHADER_STAGE_ALL, .size = sizeof(lc_skin_push)};
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
                                      .pSetLayouts = &sk->set_layout, .pushConstantRangeCount = 1, .pPushConstantRanges = &pc};
    VK_CHECK(vkCreatePipelineLayout(ctx->device, &pli, NULL, &sk->layout));
    LC_NAME(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, sk->layout, "skinning layout");
    sk->skin = lc_pipeline_compute(ctx, sk->layout, "skin.comp", NULL, "skin");
    sk->bounds = lc_pipeline_compute(ctx, sk->layout, "skin_bounds.comp", NULL, "skin bounds");
    if (!sk->skin || !sk->bounds) return LC_ERR_RUNTIME;
    VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * LC_SKIN_BIND_COUNT};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 2, .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
    VK_CHECK(vkCreateDescriptorPool(ctx->device, &pi, NULL, &sk->pool));
    sk->sublets = g->sublet_bounds.buffer != VK_NULL_HANDLE;
    for (int i = 0; i < 2; i++) {
        VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = sk->pool,
                                          .descriptorSetCount = 1, .pSetLayouts = &sk->set_layout};
        VK_CHECK(vkAllocateDescriptorSets(ctx->device, &ai, &sk->sets[i]));
        LC_NAMEF(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET, sk->sets[i], "skinning set %d", i);
        VkDescriptorBufferInfo bi[LC_SKIN_BIND_COUNT] = {
            [LC_SKIN_BIND_SOURCE] = {sk->source.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_WEIGHTS] = {sk->weights.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_JOINTS] = {sk->joints[i].buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_VERTICES] = {g->vertices.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_MESHLETS] = {g->meshlets.buffer, 0, VK_WHOLE_SIZE},
            /* Without sublet bounds on the GPU the kernel writes none (push constant); any buffer binds. */
            [LC_SKIN_BIND_SUBLETS] = {sk->sublets ? g->sublet_bounds.buffer : g->meshlets.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_SPHERES] = {sk->spheres.buffer, 0, VK_WHOLE_SIZE},
            [LC_SKIN_BIND_SPHERE_RANGES] = {sk->sphere_ranges.buffer, 0, VK_WHOLE_SIZE},
        };
        VkWriteDescriptorSet w[LC_SKIN_BIND_COUNT];
        for (uint32_t k = 0; k < LC_SKIN_BIND_COUNT; k++)
            w[k] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sk->sets[i], .dstBinding = k,
                                          .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &bi[k]};
        vkUpdateDescriptorSets(ctx->device, LC_SKIN_BIND_COUNT, w, 0, NULL);
    }
    return LC_OK;
}

void lc_skinning_destroy(lc_context *ctx, lc_skinning *sk)
{
    VkDevice dev = ctx->device;
    if (sk->pool) vkDestroyDescriptorPool(dev, sk->pool, NULL);
    if (sk->skin) vkDestroyPipeline(dev, sk->skin, NULL);
    if (sk->bounds) vkDestroyPipeline(dev, sk->bounds, NULL);
    if (sk->layout) vkDestroyPipelineLayout(dev, sk->layout, NULL);
    if (sk->set_layout) vkDestroyDescriptorSetLayout(dev, sk->set_layout, NULL);
    lc_buffer_destroy(ctx, &sk->source);
    lc_buffer_destroy(ctx, &sk->weights);
    lc_buffer_destroy(ctx, &sk->spheres);
    lc_buffer_destroy(ctx, &sk->sphere_ranges);
    for (int i = 0; i < 2; i++) lc_buffer_destroy(ctx, &sk->joints[i]);
    free(sk->ranges);
    memset(sk, 0, sizeof *sk);
}

typedef struct joints_job {
    const lc_skinning *sk;
    const lc_scene *scene;
    lc_m4 *joints;
} joints_job;

/* Skins [first, first + count): their joint matrices (each skin its own). */
static void joints_chunk(void *user, uint32_t first, uint32_t count, uint32_t thread)
{
    (void)thread;
    const joints_job *job = user;
    const lc_scene_anim *a = job->scene->anim;
    static const lc_m4 identity = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    for (uint32_t r = first; r < first + count; r++) {
        const lc_skin_range *rg = &job->sk->ranges[r];
        const lc_skin *s = &a->skins[rg->skin];
        lc_m4 *j = job->joints + rg->joint_first;
        j[0] = identity;
        for (uint32_t b = 0; b < s->bone_count; b++) lc_m4_mul(&a->nodes[s->bones[b].node].world, &s->bones[b].offset, &j[1 + b]);
    }
}

/* Skins a chunk: a few matrices each, so chunks of many; and skins a thread is worth waking for. */
#define JOINTS_CHUNK 64u
#define JOINTS_PER_THREAD 512u

void lc_skinning_joints(const lc_skinning *sk, const lc_scene *scene, uint32_t slot)
{
    joints_job job = {sk, scene, sk->joints[slot].mapped};
    lc_jobs_run_on(lc_jobs_threads_for(0, sk->range_count, JOINTS_PER_THREAD), sk->range_count, JOINTS_CHUNK, joints_chunk, &job);
}

/* Workgroups a dispatch's x dimension takes at most (every device allows 65,535): a run of more
 * meshlets spreads over y. */
#define GROUPS_X 65535u

/* Whether range b continues a run that starts at range a, q copies before it: the same bind
 * vertices and meshlet layout, runtime vertices, meshlets and joint matrices one copy after the
 * other. */
static bool continues(const lc_skin_range *a, const lc_skin_range *b, uint32_t q)
{
    return b->source_first == a->source_first && b->source_meshlet == a->source_meshlet && b->count == a->count && b->meshlet_count == a->meshlet_count &&
           b->joints == a->joints && b->runtime_first == a->runtime_first + q * a->count &&
           b->meshlet_first == a->meshlet_first + q * a->meshlet_count && b->joint_first == a->joint_first + q * a->joints;
}

/* A dispatch of groups workgroups (a 2D grid past GROUPS_X) with push's run.y set to them. */
static void dispatch(lc_render_context *rc, uint64_t key, VkPipelineLayout layout, lc_skin_push push, uint64_t groups)
{
    /* The y dimension's limit (65,535 too) holds: vertices and meshlets are counted in 32 bits. */
    uint32_t x = (uint32_t)LC_MIN(groups, (uint64_t)GROUPS_X), y = (uint32_t)((groups + x - 1) / x);
    push.run.y = (uint32_t)groups;
    lc_rc_push_constants(rc, key, layout, 0, sizeof push, &push);
    lc_rc_dispatch(rc, key, x, y, 1);
}

void lc_skinning_record(const lc_skinning *sk, lc_render_context *rc, uint32_t pass, uint32_t seq, uint32_t slot)
{
    uint64_t key = lc_sort_key(pass, seq);
    lc_rc_bind_set(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, sk->layout, 0, sk->sets[slot]);
    /* Per run of copies (--grid's per-copy skins: thousands in one or two runs): the posed
     * vertices (a workgroup per LC_SKIN_LANES vertices of LC_SKIN_COPIES copies), then the bounds (a lane
     * per meshlet of each copy); the two write different buffers. */
    for (int kernel = 0; kernel < 2; kernel++) {
        lc_rc_bind_pipeline(rc, key, VK_PIPELINE_BIND_POINT_COMPUTE, kernel ? sk->bounds : sk->skin);
        for (uint32_t r = 0; r < sk->range_count;) {
            const lc_skin_range *g0 = &sk->ranges[r];
            uint32_t copies = 0;
            while (r < sk->range_count && continues(g0, &sk->ranges[r], copies)) copies++, r++;
            lc_skin_push push = {{copies, 0, sk->sublets ? 1u : 0u, 0},
                                 {g0->runtime_first, g0->count, g0->source_first, 0},
                                 {g0->meshlet_first, g0->meshlet_count, g0->source_meshlet, 0},
                                 {g0->joint_first, g0->joints, 0, 0}};
            uint64_t groups = kernel ? ((uint64_t)copies * g0->meshlet_count + LC_SKIN_BOUNDS_LANES - 1) / LC_SKIN_BOUNDS_LANES
                                     : (uint64_t)((copies + LC_SKIN_COPIES - 1) / LC_SKIN_COPIES) * ((g0->count + LC_SKIN_LANES - 1) / LC_SKIN_LANES);
            if (groups) dispatch(rc, key, sk->layout, push, groups);
        }
    }
}
