/* The rendered image against the CPU reference of one pixel's lighting (light_ref.c),
 * headless on the device with validation on: a flat plane (an OBJ with one material) under
 * one point light and one spot light from a lights file, a fixed --exposure and --camera
 * looking down on it. Every pixel whose ray hits the plane clear of its edges is compared with
 * the reference shading of the ray's hit, and every pixel whose ray misses it with the
 * background, within 2/255 per channel, in forward shading (HDR image, then the tonemap pass)
 * and visibility shading (fused tonemap, and --tonemap compute through the HDR image). Named
 * pixels are checked for what they stand for: under the point light, inside its range, beyond
 * every range (ambient only), the spot's centre and the edge of its cone (between the inner
 * and the outer angle), the background. The falloff is also checked against its formula
 * (docs/SHADING.md: candela / d^2 times (1 - (d/r)^4)^2) under the light, and the frame's exposure
 * against 1 / (1.2 * 2^EV).
 *
 * Then glTF materials (the BRDF in shaders/shading/lighting.glsl against light_ref.c's): the same
 * plane in a glTF file, one quad per quadrant, each with a material of its own: a polished
 * metal where the point light's mirror image lies (its highlight), a rough coloured metal
 * under the spot, a rough dielectric (the materials check's dielectric sphere), an emissive
 * dielectric; every pixel against the reference, in both shading paths. */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "lights/cull_ref.h"
#include "lights/light_ref.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOL 2         /* 8-bit codes */
#define HALF 10.0f    /* the plane spans [-HALF, HALF] in x and z, at y = 0 */
#define EDGE 0.05f    /* pixels whose hit lies this near the plane's edge are skipped */
#define EV 2.5f
static const float k_albedo[3] = {0.8f, 0.6f, 0.4f};
static const float k_point[3] = {-2.0f, 1.5f, -2.0f}, k_point_radius = 6.0f, k_point_cd = 10.0f;
static const float k_spot[3] = {3.0f, 4.0f, -3.0f}, k_spot_radius = 10.0f, k_spot_cd = 60.0f;
static const float k_inner = 20.0f, k_outer = 30.0f;

static char g_dir[64], g_obj[128], g_lights[128], g_gltf[128];

/* The glTF plane's quadrants (x sign, z sign) and their materials. */
typedef struct quad_material {
    float base[3], metallic, roughness, emissive[3];
} quad_material;
static const quad_material k_quads[4] = {
    {{0.95f, 0.64f, 0.54f}, 1.0f, 0.25f, {0, 0, 0}}, /* x < 0, z < 0: copper-like, the point light's highlight */
    {{0.56f, 0.57f, 0.58f}, 1.0f, 0.6f, {0, 0, 0}},  /* x > 0, z < 0: rough iron under the spot */
    {{0.2f, 0.25f, 0.2f}, 0.0f, 0.5f, {0.4f, 0.2f, 0.05f}}, /* x < 0, z > 0: emissive */
    {{0.9f, 0.9f, 0.9f}, 0.0f, 0.8f, {0, 0, 0}},    /* x > 0, z > 0: rough dielectric */
};
static int quad_of(const float hit[3]) { return (hit[0] > 0.0f) + 2 * (hit[2] > 0.0f); }

static bool write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* The plane as four quads, each its own primitive and material, with its buffer beside it. */
static bool write_gltf(void)
{
    float pos[16][3], nrm[16][3], uv[16][2];
    uint32_t idx[24];
    for (int q = 0; q < 4; q++) {
        float x0 = q & 1 ? 0.0f : -HALF, x1 = x0 + HALF, z0 = q & 2 ? 0.0f : -HALF, z1 = z0 + HALF;
        const float c[4][2] = {{x0, z1}, {x1, z1}, {x1, z0}, {x0, z0}};
        for (int v = 0; v < 4; v++) {
            int i = q * 4 + v;
            pos[i][0] = c[v][0], pos[i][1] = 0.0f, pos[i][2] = c[v][1];
            nrm[i][0] = 0.0f, nrm[i][1] = 1.0f, nrm[i][2] = 0.0f;
            uv[i][0] = (float)(v == 1 || v == 2), uv[i][1] = (float)(v < 2);
        }
        const uint32_t t[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; k++) idx[q * 6 + k] = t[k]; /* per primitive: its own vertices */
    }
    char bin[160];
    snprintf(bin, sizeof bin, "%s/plane.bin", g_dir);
    FILE *f = fopen(bin, "wb");
    if (!f) return false;
    bool ok = fwrite(pos, sizeof pos, 1, f) == 1 && fwrite(nrm, sizeof nrm, 1, f) == 1 && fwrite(uv, sizeof uv, 1, f) == 1 &&
              fwrite(idx, sizeof idx, 1, f) == 1;
    if (fclose(f) != 0 || !ok) return false;
    char text[8192];
    int n = snprintf(text, sizeof text,
                     "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}], \"nodes\": [{\"mesh\": 0}],\n"
                     " \"buffers\": [{\"uri\": \"plane.bin\", \"byteLength\": %zu}],\n"
                     " \"bufferViews\": [{\"buffer\": 0, \"byteOffset\": 0, \"byteLength\": %zu, \"target\": 34962},"
                     " {\"buffer\": 0, \"byteOffset\": %zu, \"byteLength\": %zu, \"target\": 34962},"
                     " {\"buffer\": 0, \"byteOffset\": %zu, \"byteLength\": %zu, \"target\": 34962},"
                     " {\"buffer\": 0, \"byteOffset\": %zu, \"byteLength\": %zu, \"target\": 34963}],\n \"accessors\": [",
                     sizeof pos + sizeof nrm + sizeof uv + sizeof idx, sizeof pos, sizeof pos, sizeof nrm, sizeof pos + sizeof nrm,
                     sizeof uv, sizeof pos + sizeof nrm + sizeof uv, sizeof idx);
    for (int q = 0; q < 4; q++) {
        float x0 = q & 1 ? 0.0f : -HALF, z0 = q & 2 ? 0.0f : -HALF;
        n += snprintf(text + n, sizeof text - n,
                      "%s{\"bufferView\": 0, \"byteOffset\": %d, \"componentType\": 5126, \"count\": 4, \"type\": \"VEC3\","
                      " \"min\": [%g, 0, %g], \"max\": [%g, 0, %g]},"
                      " {\"bufferView\": 1, \"byteOffset\": %d, \"componentType\": 5126, \"count\": 4, \"type\": \"VEC3\"},"
                      " {\"bufferView\": 2, \"byteOffset\": %d, \"componentType\": 5126, \"count\": 4, \"type\": \"VEC2\"},"
                      " {\"bufferView\": 3, \"byteOffset\": %d, \"componentType\": 5125, \"count\": 6, \"type\": \"SCALAR\"}\n",
                      q ? ", " : "", q * 48, x0, z0, x0 + HALF, z0 + HALF, q * 48, q * 32, q * 24);
    }
    n += snprintf(text + n, sizeof text - n, "], \"meshes\": [{\"primitives\": [");
    for (int q = 0; q < 4; q++)
        n += snprintf(text + n, sizeof text - n,
                      "%s{\"attributes\": {\"POSITION\": %d, \"NORMAL\": %d, \"TEXCOORD_0\": %d}, \"indices\": %d, \"material\": %d}",
                      q ? ", " : "", 4 * q, 4 * q + 1, 4 * q + 2, 4 * q + 3, q);
    n += snprintf(text + n, sizeof text - n, "]}],\n \"materials\": [");
    for (int q = 0; q < 4; q++) {
        const quad_material *m = &k_quads[q];
        n += snprintf(text + n, sizeof text - n,
                      "%s{\"pbrMetallicRoughness\": {\"baseColorFactor\": [%g, %g, %g, 1], \"metallicFactor\": %g, "
                      "\"roughnessFactor\": %g}, \"emissiveFactor\": [%g, %g, %g]}\n",
                      q ? ", " : "", m->base[0], m->base[1], m->base[2], m->metallic, m->roughness, m->emissive[0], m->emissive[1],
                      m->emissive[2]);
    }
    n += snprintf(text + n, sizeof text - n, "]}\n");
    snprintf(g_gltf, sizeof g_gltf, "%s/plane.gltf", g_dir);
    return n > 0 && (size_t)n < sizeof text && write_file(g_gltf, text);
}

static bool write_scene(void)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/lc-lighting-XXXXXX");
    if (!mkdtemp(g_dir)) return false;
    char mtl[128], text[1024];
    snprintf(mtl, sizeof mtl, "%s/plane.mtl", g_dir);
    snprintf(g_obj, sizeof g_obj, "%s/plane.obj", g_dir);
    snprintf(g_lights, sizeof g_lights, "%s/lights.json", g_dir);
    snprintf(text, sizeof text, "newmtl floor\nKd %g %g %g\n", k_albedo[0], k_albedo[1], k_albedo[2]);
    if (!write_file(mtl, text)) return false;
    snprintf(text, sizeof text,
             "mtllib plane.mtl\n"
             "v %g 0 %g\nv %g 0 %g\nv %g 0 %g\nv %g 0 %g\n"
             "vn 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
             "usemtl floor\nf 1/1/1 2/2/1 3/3/1\nf 1/1/1 3/3/1 4/4/1\n",
             -HALF, HALF, HALF, HALF, HALF, -HALF, -HALF, -HALF);
    if (!write_file(g_obj, text)) return false;
    if (!write_gltf()) return false;
    snprintf(text, sizeof text,
             "{\"units\": \"candela\", \"lights\": [\n"
             " {\"type\": \"point\", \"position\": [%g, %g, %g], \"radius\": %g, \"color\": [1, 0.9, 0.8], \"intensity\": %g},\n"
             " {\"type\": \"spot\", \"position\": [%g, %g, %g], \"direction\": [0, -1, 0], \"radius\": %g,\n"
             "  \"inner_deg\": %g, \"outer_deg\": %g, \"color\": [0.7, 0.8, 1], \"intensity\": %g}]}\n",
             k_point[0], k_point[1], k_point[2], k_point_radius, k_point_cd, k_spot[0], k_spot[1], k_spot[2], k_spot_radius,
             k_inner, k_outer, k_spot_cd);
    return write_file(g_lights, text);
}

static void remove_scene(void)
{
    const char *names[] = {"plane.obj", "plane.mtl", "lights.json", "plane.gltf", "plane.bin"};
    char path[160];
    for (size_t i = 0; i < LC_ARRAY_COUNT(names); i++) {
        snprintf(path, sizeof path, "%s/%s", g_dir, names[i]);
        unlink(path);
    }
    rmdir(g_dir);
}

/* The world ray through pixel (px, py)'s centre: the eye and a unit direction. */
static void pixel_ray(const lc_frame_ubo *u, uint32_t px, uint32_t py, float dir[3])
{
    float v[3], w[3];
    lc_light_cull_ref_unproject(u, (float)px, (float)py, 0.5f, v);
    lc_light_cull_ref_view_to_world(u, v, w);
    const float eye[3] = {u->camera_pos.x, u->camera_pos.y, u->camera_pos.z};
    float len = 0.0f;
    for (int i = 0; i < 3; i++) len += (w[i] - eye[i]) * (w[i] - eye[i]);
    len = sqrtf(len);
    for (int i = 0; i < 3; i++) dir[i] = (w[i] - eye[i]) / len;
}

/* Where the ray hits the plane y = 0: 1 inside it clear of the edge, 0 clear of it (the
 * background), -1 too near the edge to say. */
static int plane_hit(const lc_frame_ubo *u, uint32_t px, uint32_t py, float hit[3])
{
    float dir[3];
    pixel_ray(u, px, py, dir);
    const float eye[3] = {u->camera_pos.x, u->camera_pos.y, u->camera_pos.z};
    if (dir[1] >= -1e-6f) return 0;
    float t = -eye[1] / dir[1];
    for (int i = 0; i < 3; i++) hit[i] = eye[i] + t * dir[i];
    float m = fmaxf(fabsf(hit[0]), fabsf(hit[2]));
    return m < HALF - EDGE ? 1 : m > HALF + EDGE ? 0 : -1;
}

/* The pixel (of a w x h image) nearest to where world point p projects. */
static bool project(const lc_frame_ubo *u, const float p[3], uint32_t *px, uint32_t *py)
{
    const float *m = u->view_proj.m; /* column-major */
    float c[4];
    for (int r = 0; r < 4; r++) c[r] = m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r];
    if (c[3] <= 0.0f) return false;
    float x = (c[0] / c[3] * 0.5f + 0.5f) * (float)u->screen.x, y = (c[1] / c[3] * 0.5f + 0.5f) * (float)u->screen.y;
    if (x < 0.0f || y < 0.0f || x >= (float)u->screen.x || y >= (float)u->screen.y) return false;
    *px = (uint32_t)x, *py = (uint32_t)y;
    return true;
}

typedef struct named_point {
    const char *name;
    float p[3]; /* on the plane; background: unused */
    int kind;   /* 0 lit by the point light, 1 ambient only, 2 spot centre, 3 spot cone edge, 4 background */
} named_point;

/* The reference colour of pixel (px, py); returns its kind of hit (plane_hit). */
static int reference(const lc_renderer *r, float exposure, bool half_hdr, uint32_t px, uint32_t py, uint8_t out[3],
                     float lit[3])
{
    const lc_frame_ubo *u = &r->frame.ubo;
    const float eye[3] = {u->camera_pos.x, u->camera_pos.y, u->camera_pos.z};
    float hit[3], hdr[3];
    int k = plane_hit(u, px, py, hit);
    lit[0] = lit[1] = lit[2] = 0.0f;
    if (k == 1) {
        /* The .mtl's material: lc_material_make's dielectric (metallic 0, roughness 0.5). */
        lc_light_ref_surface s = {.position = {hit[0], hit[1], hit[2]}, .normal = {0, 1, 0}, .face = {0, 1, 0},
                                  .albedo = {k_albedo[0], k_albedo[1], k_albedo[2]}, .metallic = 0.0f, .roughness = 0.5f,
                                  .occlusion = 1.0f};
        lc_light_ref_hdr(r->frame.packed, r->frame.light_count, &s, eye, exposure, hdr);
        lc_light_ref_lit(r->frame.packed, r->frame.light_count, &s, eye, lit);
    } else {
        lc_light_ref_background(exposure, hdr);
    }
    lc_light_ref_output(hdr, exposure, half_hdr, out);
    return k;
}

static int max_diff(const uint8_t *a, const uint8_t *b)
{
    int d = 0;
    for (int i = 0; i < 3; i++) d = LC_MAX(d, abs((int)a[i] - (int)b[i]));
    return d;
}

/* Starts the app on scene with the test's lights, exposure and camera and renders one frame
 * whose output the test reads back; NULL (a failed check) if it cannot start. */
static lc_app *render_scene(const char *what, char *scene, const char *shading, const char *tonemap)
{
    char *argv[] = {"--headless", "--quiet", "--validate", "--size", "160x120", "--scene", scene, "--lights-file", g_lights,
                    "--exposure", "2.5", "--camera", "0,8,6,0,-55", "--shading", (char *)shading, "--tonemap",
                    (char *)tonemap, "--environment", "none" /* the reference has the faint ambient, not the sky */};
    lc_app *a = lc_test_app_start((int)LC_ARRAY_COUNT(argv), argv);
    CHECK_MSG(a != NULL, "%s: cannot start", what);
    if (!a) return NULL;
    lc_frame_settings fs = lc_app_settings(a);
    fs.capture_output = true;
    CHECK(lc_app_frame(a, &fs, 0.0f) == LC_OK);
    lc_renderer_finish(a->renderer);
    return a;
}

static void run(const char *what, const char *shading, const char *tonemap, bool half_hdr)
{
    lc_app *a = render_scene(what, g_obj, shading, tonemap);
    if (!a) return;
    lc_renderer *r = a->renderer;
    const lc_frame_ubo *u = &r->frame.ubo;
    const uint8_t *img = r->frame.output_pixels;
    uint32_t w = r->frame.output_width, h = r->frame.output_height;
    CHECK(img && w == 160 && h == 120 && u->screen.x == w && u->screen.y == h);
    const lc_material *mat = a->scene.object_count == 1 ? &a->scene.materials[a->scene.objects[0].material] : NULL;
    CHECK_MSG(mat && fabsf(mat->base_color[0] - k_albedo[0]) < 1e-6f && fabsf(mat->base_color[1] - k_albedo[1]) < 1e-6f &&
                  fabsf(mat->base_color[2] - k_albedo[2]) < 1e-6f && mat->image < 0 && mat->metallic == 0.0f &&
                  mat->roughness == 0.5f && mat->normal_image < 0 && mat->emissive[0] == 0.0f,
              "%s: the plane is not one object with the .mtl's untextured Kd (dielectric, roughness 0.5)", what);
    CHECK_MSG(r->frame.light_count == 2, "%s: %u lights visible, want 2", what, r->frame.light_count);
    float exposure = lc_light_ref_exposure_scale(EV);
    CHECK_MSG(fabsf(u->exposure.x - exposure) <= 1e-6f * exposure && u->exposure.y == EV && u->exposure.z == 0.0f,
              "%s: frame exposure %g (EV %g, auto %g), want %g for EV100 %g", what, u->exposure.x, u->exposure.y,
              u->exposure.z, exposure, EV);
    if (!img || w != u->screen.x || h != u->screen.y || r->frame.light_count != 2) {
        lc_test_app_stop(a);
        return;
    }

    /* Every pixel. */
    uint32_t compared[2] = {0, 0}, bad = 0;
    int worst = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t want[3];
            float lit[3];
            int k = reference(r, exposure, half_hdr, x, y, want, lit);
            if (k < 0) continue;
            compared[k]++;
            const uint8_t *got = img + ((size_t)y * w + x) * 4;
            int d = max_diff(got, want);
            worst = LC_MAX(worst, d);
            if (d > TOL && bad++ < 5)
                fprintf(stderr, "  %s: pixel %u,%u (%s): %u %u %u, reference %u %u %u\n", what, x, y, k ? "plane" : "background",
                        got[0], got[1], got[2], want[0], want[1], want[2]);
        }
    CHECK_MSG(bad == 0, "%s: %u pixels differ from the reference by more than %d/255", what, bad, TOL);
    CHECK_MSG(compared[1] > w * h / 2 && compared[0] > 0, "%s: %u plane and %u background pixels (test setup)", what,
              compared[1], compared[0]);
    printf("  %-34s %u plane + %u background pixels against the reference: worst %d/255 (bound %d)\n", what,
           compared[1], compared[0], worst, TOL);

    /* Named pixels, each checked for what it stands for. */
    float edge = k_spot[1] * tanf((k_inner + k_outer) * 0.5f * 3.14159265f / 180.0f);
    named_point pts[] = {
        {"under the point light", {k_point[0], 0.0f, k_point[2]}, 0},
        {"inside the point light's range", {k_point[0] - 2.5f, 0.0f, k_point[2] + 1.0f}, 0},
        {"beyond every range", {-7.0f, 0.0f, -8.5f}, 1},
        {"under the spot", {k_spot[0], 0.0f, k_spot[2]}, 2},
        {"the spot's cone edge", {k_spot[0] - edge, 0.0f, k_spot[2]}, 3},
    };
    for (size_t i = 0; i < LC_ARRAY_COUNT(pts); i++) {
        uint32_t px, py;
        bool on = project(u, pts[i].p, &px, &py);
        CHECK_MSG(on, "%s: %s is off screen (test setup)", what, pts[i].name);
        if (!on) continue;
        uint8_t want[3];
        float lit[3], hit[3];
        int k = reference(r, exposure, half_hdr, px, py, want, lit);
        CHECK_MSG(k == 1, "%s: %s: pixel %u,%u misses the plane (test setup)", what, pts[i].name, px, py);
        plane_hit(u, px, py, hit);
        /* Which lights reach the hit: the point light is packed first or second by depth. */
        float wp = 0.0f, ws = 0.0f;
        for (uint32_t j = 0; j < 2; j++) {
            float lw = lc_light_weight(&r->frame.packed[j], hit);
            if (r->frame.packed[j].color_type.w == (float)LC_LIGHT_SPOT) ws = lw;
            else wp = lw;
        }
        float dx = hit[0] - k_spot[0], dz = hit[2] - k_spot[2];
        float angle = atanf(sqrtf(dx * dx + dz * dz) / k_spot[1]) * 180.0f / 3.14159265f;
        bool ok = pts[i].kind == 0   ? wp > 0.0f && ws == 0.0f
                  : pts[i].kind == 1 ? wp == 0.0f && ws == 0.0f && lit[0] == 0.0f && lit[1] == 0.0f && lit[2] == 0.0f
                  : pts[i].kind == 2 ? ws > 0.0f && angle < k_inner
                                     : ws > 0.0f && angle > k_inner && angle < k_outer;
        CHECK_MSG(ok, "%s: %s: pixel %u,%u (hit %.3f %.3f, %.1f deg off the spot's axis): point weight %g, spot weight %g",
                  what, pts[i].name, px, py, hit[0], hit[2], angle, wp, ws);
        const uint8_t *got = img + ((size_t)py * w + px) * 4;
        int d = max_diff(got, want);
        CHECK_MSG(d <= TOL, "%s: %s: pixel %u,%u: %u %u %u, reference %u %u %u", what, pts[i].name, px, py, got[0], got[1],
                  got[2], want[0], want[1], want[2]);
        printf("    %-31s pixel %3u,%3u: %3u %3u %3u  reference %3u %3u %3u\n", pts[i].name, px, py, got[0], got[1], got[2],
               want[0], want[1], want[2]);
    }
    /* A background pixel: the top row's middle looks past the plane's far edge. */
    {
        uint8_t want[3];
        float lit[3];
        int k = reference(r, exposure, half_hdr, w / 2, 0, want, lit);
        CHECK_MSG(k == 0, "%s: the top row's middle pixel sees the plane (test setup)", what);
        const uint8_t *got = img + (size_t)(w / 2) * 4;
        CHECK_MSG(max_diff(got, want) <= TOL, "%s: background pixel %u,0: %u %u %u, reference %u %u %u", what, w / 2, got[0],
                  got[1], got[2], want[0], want[1], want[2]);
        printf("    %-31s pixel %3u,%3u: %3u %3u %3u  reference %3u %3u %3u\n", "background", w / 2, 0u, got[0], got[1],
               got[2], want[0], want[1], want[2]);
    }
    lc_test_app_stop(a);
}

/* The glTF plane's reference at pixel (px, py): 1 on a quadrant clear of its edges (its index
 * in *quad), 0 the background, -1 too near an edge to say. */
static int reference_gltf(const lc_renderer *r, float exposure, bool half_hdr, uint32_t px, uint32_t py, uint8_t out[3], int *quad)
{
    const lc_frame_ubo *u = &r->frame.ubo;
    const float eye[3] = {u->camera_pos.x, u->camera_pos.y, u->camera_pos.z};
    float hit[3], hdr[3];
    int k = plane_hit(u, px, py, hit);
    if (k == 1 && (fabsf(hit[0]) < EDGE || fabsf(hit[2]) < EDGE)) k = -1;
    if (k == 1) {
        const quad_material *m = &k_quads[*quad = quad_of(hit)];
        lc_light_ref_surface s = {.position = {hit[0], hit[1], hit[2]}, .normal = {0, 1, 0}, .face = {0, 1, 0},
                                  .albedo = {m->base[0], m->base[1], m->base[2]}, .metallic = m->metallic,
                                  .roughness = m->roughness, .occlusion = 1.0f,
                                  .emissive = {m->emissive[0], m->emissive[1], m->emissive[2]}};
        lc_light_ref_hdr(r->frame.packed, r->frame.light_count, &s, eye, exposure, hdr);
    } else {
        lc_light_ref_background(exposure, hdr);
    }
    if (k >= 0) lc_light_ref_output(hdr, exposure, half_hdr, out);
    return k;
}

static void run_materials(const char *what, const char *shading, const char *tonemap, bool half_hdr)
{
    lc_app *a = render_scene(what, g_gltf, shading, tonemap);
    if (!a) return;
    lc_renderer *r = a->renderer;
    const lc_frame_ubo *u = &r->frame.ubo;
    const uint8_t *img = r->frame.output_pixels;
    uint32_t w = r->frame.output_width, h = r->frame.output_height;
    bool setup = img && w == 160 && h == 120 && r->frame.light_count == 2 && a->scene.object_count == 4;
    /* Each quad's material as the file gives it (the importer may add its default material). */
    for (uint32_t i = 0; setup && i < a->scene.object_count; i++) {
        const lc_material *m = &a->scene.materials[a->scene.objects[i].material];
        bool found = false;
        for (int q = 0; q < 4; q++)
            found |= fabsf(m->base_color[0] - k_quads[q].base[0]) < 1e-6f && m->metallic == k_quads[q].metallic &&
                     fabsf(m->roughness - k_quads[q].roughness) < 1e-6f && fabsf(m->emissive[0] - k_quads[q].emissive[0]) < 1e-6f;
        setup &= found;
    }
    CHECK_MSG(setup, "%s: the glTF plane did not load as four quads with their materials under two lights (test setup)", what);
    if (!setup) {
        lc_test_app_stop(a);
        return;
    }
    float exposure = lc_light_ref_exposure_scale(EV);
    uint32_t compared[4] = {0}, bad = 0;
    int worst[4] = {0};
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t want[3];
            int q = 0;
            int k = reference_gltf(r, exposure, half_hdr, x, y, want, &q);
            if (k != 1) continue;
            compared[q]++;
            const uint8_t *got = img + ((size_t)y * w + x) * 4;
            int d = max_diff(got, want);
            worst[q] = LC_MAX(worst[q], d);
            if (d > TOL && bad++ < 5)
                fprintf(stderr, "  %s: pixel %u,%u (quad %d): %u %u %u, reference %u %u %u\n", what, x, y, q, got[0], got[1], got[2],
                        want[0], want[1], want[2]);
        }
    CHECK_MSG(bad == 0, "%s: %u pixels differ from the reference by more than %d/255", what, bad, TOL);
    for (int q = 0; q < 4; q++) CHECK_MSG(compared[q] > 500, "%s: quad %d has %u pixels (test setup)", what, q, compared[q]);
    printf("  %-34s %u + %u + %u + %u quad pixels against the reference: worst %d %d %d %d/255 (bound %d)\n", what, compared[0],
           compared[1], compared[2], compared[3], worst[0], worst[1], worst[2], worst[3], TOL);
    /* Chosen pixels: the point light's highlight on the polished metal, where the plane mirrors
     * it to the eye; the emissive quad beyond every light's range. */
    const float eye[3] = {u->camera_pos.x, u->camera_pos.y, u->camera_pos.z};
    float t = eye[1] / (eye[1] + k_point[1]);
    named_point pts[] = {
        {"the polished metal's highlight", {eye[0] + t * (k_point[0] - eye[0]), 0.0f, eye[2] + t * (k_point[2] - eye[2])}, 0},
        {"emissive beyond every range", {-5.5f, 0.0f, 4.5f}, 1},
    };
    for (size_t i = 0; i < LC_ARRAY_COUNT(pts); i++) {
        uint32_t px, py;
        uint8_t want[3];
        int q = -1;
        bool on = project(u, pts[i].p, &px, &py) && reference_gltf(r, exposure, half_hdr, px, py, want, &q) == 1;
        CHECK_MSG(on && q == (i ? 2 : 0), "%s: %s is not on its quad (test setup)", what, pts[i].name);
        if (!on) continue;
        const uint8_t *got = img + ((size_t)py * w + px) * 4;
        /* The highlight: far brighter than the rough dielectric quad's brightest pixel would be
         * there (a Lambert surface of albedo 1 gives at most about 100/255 at this exposure). */
        bool ok = max_diff(got, want) <= TOL && (i == 0 ? got[0] >= 200 : got[0] > got[1] && got[1] > got[2] && got[0] > 60);
        CHECK_MSG(ok, "%s: %s: pixel %u,%u: %u %u %u, reference %u %u %u", what, pts[i].name, px, py, got[0], got[1], got[2],
                  want[0], want[1], want[2]);
        printf("    %-31s pixel %3u,%3u: %3u %3u %3u  reference %3u %3u %3u\n", pts[i].name, px, py, got[0], got[1], got[2],
               want[0], want[1], want[2]);
    }
    lc_test_app_stop(a);
}

/* The falloff under the point light against docs/SHADING.md's formula, computed here independently. */
static void test_falloff_formula(void)
{
    lc_light l = {.type = LC_LIGHT_POINT, .position = {k_point[0], k_point[1], k_point[2]}, .radius = k_point_radius,
                  .color = {1, 1, 1}, .intensity = k_point_cd};
    lc_m4 view = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    lc_gpu_light g;
    lc_light_pack(&l, &view, &g);
    const float heights[] = {0.01f, 0.5f, 1.5f, 3.0f, 5.9f, 6.0f, 7.0f};
    for (size_t i = 0; i < LC_ARRAY_COUNT(heights); i++) {
        float hgt = heights[i], p[3] = {k_point[0], k_point[1] - hgt, k_point[2]};
        double d2 = (double)hgt * hgt, x = d2 / ((double)k_point_radius * k_point_radius);
        double win = x >= 1.0 ? 0.0 : (1.0 - x * x) * (1.0 - x * x);
        double want = k_point_cd * win / fmax(d2, 1e-4 * k_point_radius * k_point_radius);
        double got = g.color_type.x * lc_light_weight(&g, p);
        CHECK_MSG(fabs(got - want) <= 1e-5 * fmax(want, 1e-3), "%g below the point light: %g lux, the formula says %g", hgt,
                  got, want);
    }
}

int main(void)
{
    test_falloff_formula();
    if (!write_scene()) {
        fprintf(stderr, "cannot write the test scene under /tmp\n");
        return 1;
    }
    run("forward (HDR image, tonemap pass)", "forward", "auto", true);
    run("visibility (fused tonemap)", "visibility", "fused", false);
    run("visibility (HDR image, compute)", "visibility", "compute", true);
    run_materials("glTF materials, forward", "forward", "auto", true);
    run_materials("glTF materials, visibility (fused)", "visibility", "fused", false);
    remove_scene();
    uint32_t msgs = lc_validation_message_count();
    CHECK_MSG(msgs == 0, "%u validation message(s)", msgs);
    return lc_test_finish("test_gpu_lighting");
}
