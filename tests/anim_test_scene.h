/* The animated glTF file of test_animation and test_gpu_skinning (static functions, included by
 * both): a parent node turning about Y over 1 s with a child quad (and a KHR_lights_punctual
 * light) on it, a strip of ten vertices skinned to two joints (the upper one turning 60 degrees
 * about Z over 1 s), a second quad, and a second animation (STEP) moving it; and a chain file:
 * a strip skinned to more joints than skin.comp holds in shared memory. */
#ifndef LC_ANIM_TEST_SCENE_H
#define LC_ANIM_TEST_SCENE_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>


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

static uint8_t buf[16384];
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
    float dz[4][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};          /* the morph target: 1 m along +Z */
    float wkeys[2] = {0, 1};                                                /* its weight, 0 -> 1 */
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
    int mz = add(dz, sizeof dz, 5126, "VEC3", 4, ",\"min\":[0,0,1],\"max\":[0,0,1]");
    int wk = add(wkeys, sizeof wkeys, 5126, "SCALAR", 2, "");
    static char b64[8192], json[20000];
    base64(buf, used, b64);
    snprintf(json, sizeof json,
             "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0,2,3,5,6]}],"
             "\"nodes\":[{\"children\":[1]},{\"mesh\":0,\"translation\":[1,0,0],\"extensions\":{\"KHR_lights_punctual\":{\"light\":0}}},{\"mesh\":1,\"skin\":0},"
             "{\"children\":[4]},{\"translation\":[0,1,0]},{\"mesh\":0,\"translation\":[0,0,-3]},"
             "{\"mesh\":2,\"translation\":[-3,0,0],\"weights\":[0]}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d},\"indices\":%d}]},"
             "{\"primitives\":[{\"attributes\":{\"POSITION\":%d,\"JOINTS_0\":%d,\"WEIGHTS_0\":%d},\"indices\":%d}]},"
             "{\"primitives\":[{\"attributes\":{\"POSITION\":%d},\"indices\":%d,\"targets\":[{\"POSITION\":%d}]}]}],"
             "\"skins\":[{\"joints\":[3,4],\"inverseBindMatrices\":%d}],"
             "\"animations\":[{\"name\":\"turn\",\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"rotation\"}},"
             "{\"sampler\":1,\"target\":{\"node\":4,\"path\":\"rotation\"}},{\"sampler\":2,\"target\":{\"node\":6,\"path\":\"weights\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d},{\"input\":%d,\"output\":%d},{\"input\":%d,\"output\":%d}]},"
             "{\"name\":\"slide\",\"channels\":[{\"sampler\":0,\"target\":{\"node\":5,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":%d,\"output\":%d,\"interpolation\":\"STEP\"}]}],"
             "\"extensionsUsed\":[\"KHR_lights_punctual\"],\"extensions\":{\"KHR_lights_punctual\":{\"lights\":[{\"type\":\"point\",\"range\":5}]}},"
             "\"accessors\":[%s],\"bufferViews\":[%s],"
             "\"buffers\":[{\"byteLength\":%zu,\"uri\":\"data:application/octet-stream;base64,%s\"}]}",
             qp, qx, sp, sj, sw, sx, qp, qx, mz, ib, ti, ry, ti, rz, ti, wk, ti, sl, accs, views, used, b64);
    FILE *f = fopen(path, "w");
    fputs(json, f);
    fclose(f);
}

/* The chain file: a strip of CHAIN_JOINTS + 1 levels 0.25 m apart (two vertices each, x = +-0.1),
 * skinned to a chain of CHAIN_JOINTS joints (each a child of the one below, 0.25 m up); level 0 to
 * joint 0, level k to joints k - 1 and k (the last: the top joint twice) at 0.5 each; its one
 * animation turns every joint 3 degrees about Z over 1 s (linear), so the strip curls. */
#define CHAIN_JOINTS 40

__attribute__((unused)) static void write_chain_file(const char *path)
{
    enum { levels = CHAIN_JOINTS + 1, verts = levels * 2 };
    static float pos[verts][3], weights[verts][4], ibm[CHAIN_JOINTS][16];
    static uint16_t joints[verts][4];
    static uint32_t idx[CHAIN_JOINTS * 6];
    for (int k = 0; k < levels; k++)
        for (int s = 0; s < 2; s++) {
            int v = k * 2 + s;
            pos[v][0] = s ? 0.1f : -0.1f, pos[v][1] = 0.25f * (float)k, pos[v][2] = 0.0f;
            int lo = k ? k - 1 : 0, hi = k < CHAIN_JOINTS ? k : CHAIN_JOINTS - 1;
            joints[v][0] = (uint16_t)lo, joints[v][1] = (uint16_t)hi, joints[v][2] = joints[v][3] = 0;
            weights[v][0] = k ? 0.5f : 1.0f, weights[v][1] = k ? 0.5f : 0.0f, weights[v][2] = weights[v][3] = 0;
        }
    for (int k = 0; k < CHAIN_JOINTS; k++) {
        uint32_t a = (uint32_t)k * 2, t[6] = {a, a + 1, a + 3, a, a + 3, a + 2};
        memcpy(idx + k * 6, t, sizeof t);
        float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.25f * (float)k, 0, 1};
        memcpy(ibm[k], m, sizeof m);
    }
    float times[2] = {0, 1}, s3 = sinf(1.5f * 3.14159265f / 180.0f), c3 = cosf(1.5f * 3.14159265f / 180.0f);
    float rot[8] = {0, 0, 0, 1, 0, 0, s3, c3};
    used = 0, view_n = acc_n = 0, views[0] = accs[0] = 0;
    char minmax[96];
    snprintf(minmax, sizeof minmax, ",\"min\":[-0.1,0,0],\"max\":[0.1,%g,0]", 0.25 * CHAIN_JOINTS);
    int p = add(pos, sizeof pos, 5126, "VEC3", verts, minmax);
    int j = add(joints, sizeof joints, 5123, "VEC4", verts, "");
    int w = add(weights, sizeof weights, 5126, "VEC4", verts, "");
    int x = add(idx, sizeof idx, 5125, "SCALAR", CHAIN_JOINTS * 6, "");
    int ib = add(ibm, sizeof ibm, 5126, "MAT4", CHAIN_JOINTS, "");
    int ti = add(times, sizeof times, 5126, "SCALAR", 2, ",\"min\":[0],\"max\":[1]");
    int ro = add(rot, sizeof rot, 5126, "VEC4", 2, "");
    static char b64[24000], json[64000], nodes[8192], list[1024], channels[8192];
    base64(buf, used, b64);
    nodes[0] = list[0] = channels[0] = 0;
    for (int k = 0; k < CHAIN_JOINTS; k++) {
        size_t nl = strlen(nodes), ll = strlen(list), cl = strlen(channels);
        if (k + 1 < CHAIN_JOINTS)
            snprintf(nodes + nl, sizeof nodes - nl, ",{\"translation\":[0,%g,0],\"children\":[%d]}", k ? 0.25 : 0.0, k + 2);
        else
            snprintf(nodes + nl, sizeof nodes - nl, ",{\"translation\":[0,%g,0]}", k ? 0.25 : 0.0);
        snprintf(list + ll, sizeof list - ll, "%s%d", k ? "," : "", k + 1);
        snprintf(channels + cl, sizeof channels - cl, "%s{\"sampler\":0,\"target\":{\"node\":%d,\"path\":\"rotation\"}}", k ? "," : "", k + 1);
    }
    snprintf(json, sizeof json,
             "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0,1]}],"
             "\"nodes\":[{\"mesh\":0,\"skin\":0}%s],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":%d,\"JOINTS_0\":%d,\"WEIGHTS_0\":%d},\"indices\":%d}]}],"
             "\"skins\":[{\"joints\":[%s],\"inverseBindMatrices\":%d}],"
             "\"animations\":[{\"name\":\"curl\",\"channels\":[%s],\"samplers\":[{\"input\":%d,\"output\":%d}]}],"
             "\"accessors\":[%s],\"bufferViews\":[%s],"
             "\"buffers\":[{\"byteLength\":%zu,\"uri\":\"data:application/octet-stream;base64,%s\"}]}",
             nodes, p, j, w, x, list, ib, channels, ti, ro, accs, views, used, b64);
    FILE *f = fopen(path, "w");
    fputs(json, f);
    fclose(f);
}

#endif
