/* glTF animation on the CPU (scene/animation.h): the samplers (STEP, LINEAR with slerp,
 * CUBICSPLINE with the file's tangents, before the first and after the last key), the loop's
 * clock, and a file written here: a parent node turning about Y carries its child's object (the
 * moved list holds its bounds before and after), a node the animation does not touch stays put,
 * a light on the child's node goes with it, a second animation and "all", and a mesh skinned to two joints (the upper one turning about
 * Z) posed as a CPU skinning reference computed here says (vertices within 1e-4). */
#include "scene/animation.h"
#include "lights/lights.h"
#include "scene/camera.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool near3(const float *a, float x, float y, float z, float eps)
{
    return fabsf(a[0] - x) <= eps && fabsf(a[1] - y) <= eps && fabsf(a[2] - z) <= eps;
}

static void test_samplers(void)
{
    float t2[2] = {0.0f, 2.0f}, v3[6] = {0, 0, 0, 4, 0, 0}, out[4];
    lc_anim_channel c = {.path = LC_ANIM_TRANSLATION, .interp = LC_INTERP_LINEAR, .key_count = 2, .comps = 3, .times = t2, .values = v3};
    lc_anim_channel_sample(&c, 0.5f, out);
    CHECK(near3(out, 1, 0, 0, 1e-6f));
    lc_anim_channel_sample(&c, -1.0f, out);
    CHECK(near3(out, 0, 0, 0, 0));
    lc_anim_channel_sample(&c, 5.0f, out);
    CHECK(near3(out, 4, 0, 0, 0));
    c.interp = LC_INTERP_STEP;
    lc_anim_channel_sample(&c, 1.99f, out);
    CHECK(near3(out, 0, 0, 0, 0));
    lc_anim_channel_sample(&c, 2.0f, out);
    CHECK(near3(out, 4, 0, 0, 0));
    /* Cubic: (in, value, out) per key; zero tangents give the smoothstep 3u^2 - 2u^3, which a
     * sampler that dropped the tangents' keys for linear ones would not. */
    float t1[2] = {0.0f, 1.0f};
    float cv[18] = {0, 0, 0, 0, 0, 0, 0, 0, 0, /* key 0: in, value 0, out 0 */
                    0, 0, 0, 1, 2, 3, 0, 0, 0}; /* key 1: in 0, value (1, 2, 3), out */
    lc_anim_channel cc = {.path = LC_ANIM_SCALE, .interp = LC_INTERP_CUBIC, .key_count = 2, .comps = 3, .times = t1, .values = cv};
    lc_anim_channel_sample(&cc, 0.25f, out);
    float h = 3 * 0.0625f - 2 * 0.015625f;
    CHECK_MSG(near3(out, h, 2 * h, 3 * h, 1e-6f), "cubic at 0.25: %g %g %g, want %g", out[0], out[1], out[2], h);
    /* Tangents count: out-tangent 1 at key 0 (times dt) adds h10 = u^3 - 2u^2 + u. */
    cv[6] = 1.0f;
    lc_anim_channel_sample(&cc, 0.25f, out);
    CHECK(fabsf(out[0] - (h + 0.015625f - 0.125f + 0.25f)) < 1e-6f);
    /* Rotation: slerp, 90 degrees about Z halfway is 45. */
    float qv[8] = {0, 0, 0, 1, 0, 0, sinf(0.25f * 3.14159265f), cosf(0.25f * 3.14159265f)};
    lc_anim_channel rc = {.path = LC_ANIM_ROTATION, .interp = LC_INTERP_LINEAR, .key_count = 2, .comps = 4, .times = t1, .values = qv};
    lc_anim_channel_sample(&rc, 0.5f, out);
    CHECK_MSG(fabsf(out[2] - sinf(0.125f * 3.14159265f)) < 1e-5f && fabsf(out[3] - cosf(0.125f * 3.14159265f)) < 1e-5f,
              "slerp halfway: %g %g %g %g", out[0], out[1], out[2], out[3]);
    /* The loop: within the first loop as given, then wrapped, a loop's end at its end. */
    lc_animation a = {.end = 1.0f};
    CHECK(lc_animation_local_time(&a, 0.0) == 0.0f);
    CHECK(lc_animation_local_time(&a, 1.0) == 1.0f);
    CHECK(fabsf(lc_animation_local_time(&a, 1.25) - 0.25f) < 1e-6f);
    CHECK(lc_animation_local_time(&a, 2.0) == 1.0f);
}

/* ---------------------------------------------------------------- a file */

static void base64(const uint8_t *in, size_t n, char *out)
{
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) | (i + 2 < n ? in[i + 2] : 0);
        out[o++] = tab[v >> 18 & 63];
        out[o++] = tab[v >> 12 & 63];
        out[o++] = i + 1 < n ? tab[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? tab[v & 63] : '=';
    }
    out[o] = 0;
}

static uint8_t buf[4096];
static size_t used;
static char views[4096], accs[4096];
static int view_n, acc_n;

/* Appends data as a bufferView and an accessor; returns the accessor's index. */
static int add(const void *data, size_t size, int ctype, const char *type, uint32_t count, const char *minmax)
{
    memcpy(buf + used, data, size);
    size_t vl = strlen(views), al = strlen(accs);
    snprintf(views + vl, sizeof views - vl, "%s{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu}", view_n ? "," : "", used, size);
    snprintf(accs + al, sizeof accs - al, "%s{\"bufferView\":%d,\"componentType\":%d,\"type\":\"%s\",\"count\":%u%s}",
             acc_n ? "," : "", view_n, ctype, type, count, minmax);
    used += (size + 3) & ~(size_t)3;
    view_n++;
    return acc_n++;
}

/* The skinned strip: two columns of five vertices, y = 0 .. 2, weight of joint 1 as the checks' column. */
static float strip_pos[10][3];
static float strip_w1(float y) { return fminf(1.0f, fmaxf(0.0f, (y - 0.75f) / 0.5f)); }

static void write_file(const char *path)
{
    float quad[4][3] = {{-0.5f, 0, 0}, {0.5f, 0, 0}, {0.5f, 1, 0}, {-0.5f, 1, 0}};
    uint32_t qi[6] = {0, 1, 2, 0, 2, 3};
    uint16_t joints[10][4];
    float weights[10][4];
    uint32_t si[24];
    for (int k = 0; k < 5; k++)
        for (int s = 0; s < 2; s++) {
            int v = k * 2 + s;
            strip_pos[v][0] = s ? 0.2f : -0.2f, strip_pos[v][1] = 0.5f * (float)k, strip_pos[v][2] = 0.0f;
            float w = strip_w1(strip_pos[v][1]);
            joints[v][0] = 0, joints[v][1] = 1, joints[v][2] = joints[v][3] = 0;
            weights[v][0] = 1 - w, weights[v][1] = w, weights[v][2] = weights[v][3] = 0;
        }
    for (int k = 0; k < 4; k++) {
        uint32_t a = (uint32_t)k * 2;
        uint32_t t[6] = {a, a + 1, a + 3, a, a + 3, a + 2};
        memcpy(si + k * 6, t, sizeof t);
    }
    float ibm[32] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1};
    float times[2] = {0, 1};
    float s45 = sinf(0.25f * 3.14159265f), s30 = sinf(3.14159265f / 6.0f);
    float rot_y[8] = {0, 0, 0, 1, 0, s45, 0, cosf(0.25f * 3.14159265f)};      /* 0 -> 90 deg about Y */
    float rot_z[8] = {0, 0, 0, 1, 0, 0, s30, cosf(3.14159265f / 6.0f)};      /* 0 -> 60 deg about Z */
    float slide[6] = {3, 0, 0, 3, 0, 2};                                    /* the second animation */
    used = 0, view_n = acc_n = 0, views[0] = accs[0] = 0;
    int qp = add(quad, sizeof quad, 5126, "VEC3", 4, ",\"min\":[-0.5,0,0],\"max\":[0.5,1,0]");
    int qx = add(qi, sizeof qi, 5125, "SCALAR", 6, "");
    int sp = add(strip_pos, sizeof strip_pos, 5126, "VEC3", 10, ",\"min\":[-0.2,0,0],\"max\":[0.2,2,0]");
    int sj = add(joints, sizeof joints, 5123, "VEC4", 10, "");
    int sw = add(weights, sizeof weights, 5126, "VEC4", 10, "");
    int sx = add(si, sizeof si, 5125, "SCALAR", 24, "");
    int ib = add(ibm, sizeof ibm, 5126, "MAT4", 2, "");
    int ti = add(times, sizeof times, 5126, "SCALAR", 2, ",\"min\":[0],\"max\":[1]");
    int ry = add(rot_y, sizeof rot_y, 5126, "VEC4", 2, "");
    int rz = add(rot_z, sizeof rot_z, 5126, "VEC4", 2, "");
    int sl = add(slide, sizeof slide, 5126, "VEC3", 2, "");
    static char b64[8192], json[20000];
    base64(buf, used, b64);
    snprintf(json, sizeof json,
             "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0,2,3,5]}],"
             "\"nodes\":[{\"children\":[1]},{\"mesh\":0,\"translation\":[1,0,0],\"extensions\":{\"KHR_lights_punctual\":{\"light\":0}}},{\"mesh\":1,\"skin\":0},"
             "{\"children\":[4]},{\"translation\":[0,1,0]},{\"mesh\":0,\"translation\":[0,0,-3]}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d},\"indices\":%d}]},"
             "{\"primitives\":[{\"attributes\":{\"POSITION\":%d,\"JOINTS_0\":%d,\"WEIGHTS_0\":%d},\"indices\":%d}]}],"
             "\"skins\":[{\"joints\":[3,4],\"inverseBindMatrices\":%d}],"
             "\"animations\":[{\"name\":\"turn\",\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":1,\"target\":{\"node\":4,\"path\":\"rotation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d},{\"input\":%d,\"output\":%d}]},"
             "{\"name\":\"slide\",\"channels\":[{\"sampler\":0,\"target\":{\"node\":5,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d,\"interpolation\":\"STEP\"}]}],"
             "\"extensionsUsed\":[\"KHR_lights_punctual\"],\"extensions\":{\"KHR_lights_punctual\":{\"lights\":[{\"type\":\"point\",\"range\":5}]}},"
             "\"accessors\":[%s],\"bufferViews\":[%s],"
             "\"buffers\":[{\"byteLength\":%zu,\"uri\":\"data:application/octet-stream;base64,%s\"}]}",
             qp, qx, sp, sj, sw, sx, ib, ti, ry, ti, rz, ti, sl, accs, views, used, b64);
    FILE *f = fopen(path, "w");
    fputs(json, f);
    fclose(f);
}

/* The object drawing mesh `mesh` whose world translation is nearest (x, y, z). */
static const lc_object *object_near(const lc_scene *s, uint32_t mesh, float x, float y, float z)
{
    const lc_object *best = NULL;
    float bd = INFINITY;
    for (uint32_t i = 0; i < s->object_count; i++) {
        const float *t = &s->objects[i].world.m[12];
        float d = fabsf(t[0] - x) + fabsf(t[1] - y) + fabsf(t[2] - z);
        if (s->objects[i].mesh == mesh && d < bd) bd = d, best = &s->objects[i];
    }
    return best;
}

static void test_file(void)
{
    char path[] = "/tmp/lc-anim-XXXXXX.gltf";
    int fd = mkstemps(path, 5);
    if (fd < 0) {
        lc_test_skip("animated file", "cannot make a temporary file");
        return;
    }
    close(fd);
    write_file(path);
    lc_scene s;
    lc_status st = lc_scene_load_file(&s, path);
    unlink(path);
    CHECK(st == LC_OK);
    if (st != LC_OK) return;
    CHECK(s.anim && s.anim->animation_count == 2);
    if (!s.anim) {
        lc_scene_destroy(&s);
        return;
    }
    CHECK(!strcmp(s.anim->animations[0].name, "turn"));
    /* The import is at rest: the child object at (1, 0, 0), the other box at (0, 0, -3). */
    CHECK(object_near(&s, 0, 1, 0, 0) && near3(&object_near(&s, 0, 1, 0, 0)->world.m[12], 1, 0, 0, 1e-6f));
    lc_scene_anim_select(&s, 0);
    CHECK(s.anim->dynamic_objects == 2); /* the child, and the skinned mesh whose joint turns */
    lc_scene_animate(&s, 0.5);
    /* The parent turned 45 degrees about Y: the child's origin at R(1, 0, 0). */
    const lc_object *child = object_near(&s, 0, 0.7071f, 0, -0.7071f);
    CHECK_MSG(child && near3(&child->world.m[12], 0.70710678f, 0, -0.70710678f, 1e-5f), "child at %g %g %g",
              child ? child->world.m[12] : 0, child ? child->world.m[13] : 0, child ? child->world.m[14] : 0);
    CHECK(object_near(&s, 0, 0, 0, -3) && near3(&object_near(&s, 0, 0, 0, -3)->world.m[12], 0, 0, -3, 0));
    /* The file's light on the child's node went with it. */
    CHECK(s.light_count == 1 && near3(s.lights[0].position, 0.70710678f, 0, -0.70710678f, 1e-5f));
    CHECK(s.anim->moved_count == 2); /* the child and the skinned mesh (posed again) */
    bool found = false;
    for (uint32_t k = 0; k < s.anim->moved_count && child; k++) {
        if (&s.objects[s.anim->moved[k]] != child) continue;
        const float *before = s.anim->moved_bounds[2 * k], *after = s.anim->moved_bounds[2 * k + 1];
        CHECK(near3(before, 1, 0.5f, 0, 1e-5f)); /* the quad's centre, at rest */
        CHECK(near3(after, child->sphere[0], child->sphere[1], child->sphere[2], 0));
        found = true;
    }
    CHECK(found);
    /* The same time again moves nothing. */
    s.anim->moved_count = 0;
    lc_scene_animate(&s, 0.5);
    CHECK(s.anim->moved_count == 0);

    /* Skinning (lc_scene_animate posed it): the upper joint turned 30 degrees about Z at
     * t = 0.5; per vertex the weighted joints, joint 0 at the origin (identity), joint 1 =
     * T(0, 1, 0) R(30) times its inverse bind matrix T(0, -1, 0). */
    const lc_mesh *m = &s.meshes[1];
    CHECK(m->vertex_count == 10);
    float c = cosf(3.14159265f / 12.0f * 2.0f), sn = sinf(3.14159265f / 12.0f * 2.0f);
    float worst = 0.0f;
    for (uint32_t v = 0; v < m->vertex_count && m->vertex_count == 10; v++) {
        const float *p = s.vertices[m->first_vertex + v].position;
        /* assimp may reorder vertices: find the bind vertex by its weight row (y), x sign kept. */
        float best = INFINITY;
        for (int k = 0; k < 10; k++) {
            const float *b = strip_pos[k];
            float w = strip_w1(b[1]), y1 = b[1] - 1.0f;
            float q[3] = {(1 - w) * b[0] + w * (c * b[0] - sn * y1), (1 - w) * b[1] + w * (sn * b[0] + c * y1 + 1.0f), b[2]};
            float d = fmaxf(fabsf(q[0] - p[0]), fmaxf(fabsf(q[1] - p[1]), fabsf(q[2] - p[2])));
            best = fminf(best, d);
        }
        worst = fmaxf(worst, best);
    }
    CHECK_MSG(worst <= 1e-4f, "skinned vertices %g from the CPU reference", worst);
    /* The pose bends: the top vertices moved to -x. */
    float top_x = 0.0f;
    for (uint32_t v = 0; v < m->vertex_count; v++)
        if (s.vertices[m->first_vertex + v].position[1] > 1.7f) top_x += s.vertices[m->first_vertex + v].position[0];
    CHECK(top_x < -0.5f);

    /* The second animation (STEP) moves only the other box; "all" moves both. */
    lc_scene_anim_select(&s, 1);
    CHECK(s.anim->dynamic_objects == 1);
    s.anim->moved_count = 0;
    lc_scene_animate(&s, 0.5);
    CHECK(object_near(&s, 0, 3, 0, 0) && near3(&object_near(&s, 0, 3, 0, 0)->world.m[12], 3, 0, 0, 0));
    lc_scene_anim_select(&s, LC_ANIMATION_ALL);
    CHECK(s.anim->dynamic_objects == 3);
    lc_scene_animate(&s, 1.0);
    CHECK(object_near(&s, 0, 3, 0, 2) && near3(&object_near(&s, 0, 3, 0, 2)->world.m[12], 3, 0, 2, 1e-6f));
    lc_scene_anim_select(&s, LC_ANIMATION_NONE);
    CHECK(s.anim->dynamic_objects == 0);
    lc_scene_destroy(&s);
}

int main(void)
{
    test_samplers();
    test_file();
    return lc_test_finish("test_animation");
}
