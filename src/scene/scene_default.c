/* The built-in procedural hall: a 16 x 60 x 12 m nave with two arcades of columns, transverse
 * arches, a coffered ceiling and deterministic clutter. Everything, textures included, is
 * generated here so the renderer runs with no asset files. Described as meshes and
 * instances (see "the hall" below for which parts are instanced and why). */
#include "scene/scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI_F 3.14159265358979f

/* Hall extents: x in [-HALF_W, HALF_W], z in [-HALF_L, HALF_L], y in [0, HEIGHT]. */
#define HALF_W 8.0f
#define HALF_L 30.0f
#define HEIGHT 12.0f
/* Two arcades at x = +-COL_X; columns every COL_STEP along z from COL_FIRST_Z. */
#define COL_X 5.0f
#define COL_FIRST_Z (-28.0f)
#define COL_STEP 4.0f
#define COL_COUNT 15
#define COL_SEGS 32
#define SPRING_Y 6.35f /* top of the column abacus, where every arch springs */
#define TEX_SIZE 256

enum { MAT_FLOOR, MAT_BRICK, MAT_STONE, MAT_WOOD, MAT_METAL, MAT_CEILING, MAT_CLOTH, MAT_COUNT };

static const char *const material_names[MAT_COUNT] = {
    "hall_floor_marble", "hall_wall_brick", "hall_stone", "hall_wood", "hall_metal", "hall_ceiling_paint", "hall_cloth",
};

typedef struct v3 {
    float x, y, z;
} v3;

static v3 v3_make(float x, float y, float z) { return (v3){x, y, z}; }
static v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static v3 scale(v3 a, float s) { return (v3){a.x * s, a.y * s, a.z * s}; }
static float dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static v3 normalize(v3 a)
{
    float len = sqrtf(dot(a, a));
    return len > 0.0f ? scale(a, 1.0f / len) : v3_make(0.0f, 1.0f, 0.0f);
}

/* ---------------------------------------------------------------- geometry builder */

/* A mesh being built: its own vertices and mesh-local indices, one material. World-space
 * geometry (drawn with the identity) goes to a run of slots per material; instanced meshes
 * are built once at the origin in slots of their own and placed by translation. */
typedef struct slot {
    lc_vertex *verts;
    uint32_t vert_count, vert_cap;
    uint32_t *idx;
    uint32_t idx_count, idx_cap;
    int mat;
    int kind;        /* what built it (enum below), for reuse by find_mesh */
    float key[3];    /* its parameters */
    char name[64];
} slot;

typedef struct placement {
    uint32_t slot;
    float t[3]; /* translation only: the instanced parts land on exactly the floats they had in world space */
} placement;

/* The world-space geometry of each material is one object (its slot stays open while
 * instances are placed), and every instanced part is an object of its own: 146 objects of 29
 * meshes, so a frame records few draws. The image equals the one of the hall as 217 objects
 * (slots closed at every placement) within 1/255: no two surfaces that tie in depth changed
 * their order. */
typedef struct builder {
    slot *slots;
    uint32_t slot_count, slot_cap;
    placement *objs;
    uint32_t obj_count, obj_cap;
    int mat;                 /* material of world-space geometry */
    bool local;              /* building an instanced mesh into slot cur */
    uint32_t cur;
    uint32_t open[MAT_COUNT]; /* the open world-space slot per material, or UINT32_MAX */
} builder;

enum { KIND_STATIC, KIND_COLUMN, KIND_ARCH_AISLE, KIND_ARCH_ARCADE, KIND_ARCH_NAVE, KIND_BARREL, KIND_HOOPS,
       KIND_PEDESTAL, KIND_SPHERE };

static uint32_t new_slot(builder *b, int mat, int kind, const float key[3], const char *name)
{
    if (b->slot_count == b->slot_cap) {
        b->slot_cap = b->slot_cap ? b->slot_cap * 2 : 64;
        b->slots = lc_realloc(b->slots, (size_t)b->slot_cap * sizeof *b->slots);
    }
    slot *s = &b->slots[b->slot_count];
    memset(s, 0, sizeof *s);
    s->mat = mat;
    s->kind = kind;
    if (key) memcpy(s->key, key, sizeof s->key);
    snprintf(s->name, sizeof s->name, "%s", name);
    return b->slot_count++;
}

static void place(builder *b, uint32_t mesh, float x, float y, float z)
{
    if (b->obj_count == b->obj_cap) {
        b->obj_cap = b->obj_cap ? b->obj_cap * 2 : 256;
        b->objs = lc_realloc(b->objs, (size_t)b->obj_cap * sizeof *b->objs);
    }
    b->objs[b->obj_count++] = (placement){mesh, {x, y, z}};
}

/* Subsequent geometry goes to the world-space meshes of material mat. */
static void use_static(builder *b, int mat)
{
    b->mat = mat;
    b->local = false;
}

/* The slot vert() and tri() write to; opens a world-space slot (and its identity object) if
 * the material has none open. */
static uint32_t target(builder *b)
{
    if (b->local) return b->cur;
    if (b->open[b->mat] == UINT32_MAX) {
        char name[64];
        snprintf(name, sizeof name, "hall %s", material_names[b->mat] + 5);
        uint32_t s = new_slot(b, b->mat, KIND_STATIC, NULL, name);
        place(b, s, 0.0f, 0.0f, 0.0f);
        b->open[b->mat] = s;
    }
    return b->open[b->mat];
}

/* An instanced mesh already built with these parameters, or UINT32_MAX. */
static uint32_t find_mesh(const builder *b, int kind, const float key[3])
{
    for (uint32_t i = 0; i < b->slot_count; i++)
        if (b->slots[i].kind == kind && memcmp(b->slots[i].key, key, sizeof b->slots[i].key) == 0) return i;
    return UINT32_MAX;
}

/* Starts building an instanced mesh; end_mesh returns to what was being built before. */
typedef struct build_state {
    bool local;
    uint32_t cur;
} build_state;

static build_state begin_mesh(builder *b, int mat, int kind, const float key[3], const char *name, uint32_t *mesh)
{
    build_state prev = {b->local, b->cur};
    *mesh = b->cur = new_slot(b, mat, kind, key, name);
    b->local = true;
    return prev;
}

static void end_mesh(builder *b, build_state prev)
{
    b->local = prev.local;
    b->cur = prev.cur;
}

static uint32_t vert(builder *b, v3 p, v3 n, float u, float v)
{
    uint32_t t = target(b); /* before b->slots is read: it may grow the array */
    slot *s = &b->slots[t];
    if (s->vert_count == s->vert_cap) {
        s->vert_cap = s->vert_cap ? s->vert_cap * 2 : 1024;
        s->verts = lc_realloc(s->verts, (size_t)s->vert_cap * sizeof *s->verts);
    }
    s->verts[s->vert_count] = (lc_vertex){{p.x, p.y, p.z}, {n.x, n.y, n.z}, {u, v}, {0}, LC_VERTEX_WHITE}; /* tangent: at the end */
    return s->vert_count++;
}

static void tri(builder *b, uint32_t i0, uint32_t i1, uint32_t i2)
{
    uint32_t t = target(b); /* before b->slots is read: it may grow the array */
    slot *s = &b->slots[t];
    /* A repeated profile point (a hard edge) makes zero-area bands: they would draw nothing and
     * count as bad input downstream. */
    const float *p0 = s->verts[i0].position, *p1 = s->verts[i1].position, *p2 = s->verts[i2].position;
    v3 n = cross(sub(v3_make(p1[0], p1[1], p1[2]), v3_make(p0[0], p0[1], p0[2])),
                 sub(v3_make(p2[0], p2[1], p2[2]), v3_make(p0[0], p0[1], p0[2])));
    if (n.x == 0.0f && n.y == 0.0f && n.z == 0.0f) return;
    if (s->idx_count + 3 > s->idx_cap) {
        s->idx_cap = s->idx_cap ? s->idx_cap * 2 : 3072;
        s->idx = lc_realloc(s->idx, (size_t)s->idx_cap * sizeof *s->idx);
    }
    s->idx[s->idx_count++] = i0;
    s->idx[s->idx_count++] = i1;
    s->idx[s->idx_count++] = i2;
}

/* Counter-clockwise a, b, c, d seen from the front. */
static void quad(builder *b, uint32_t i0, uint32_t i1, uint32_t i2, uint32_t i3)
{
    tri(b, i0, i1, i2);
    tri(b, i0, i2, i3);
}

/* A flat nu x nv grid from o spanning u and v; its front is u x v. UVs are world distances
 * along u and v, so neighbouring panels continue the same texture. */
static void grid(builder *b, v3 o, v3 u, v3 v, int nu, int nv, float uv_scale)
{
    v3 n = normalize(cross(u, v)), uh = normalize(u), vh = normalize(v);
    uint32_t t = target(b), base = b->slots[t].vert_count;
    for (int j = 0; j <= nv; j++)
        for (int i = 0; i <= nu; i++) {
            v3 p = add(o, add(scale(u, (float)i / nu), scale(v, (float)j / nv)));
            vert(b, p, n, dot(p, uh) * uv_scale, dot(p, vh) * uv_scale);
        }
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < nu; i++) {
            uint32_t a = base + (uint32_t)(j * (nu + 1) + i);
            quad(b, a, a + 1, a + (uint32_t)nu + 2, a + (uint32_t)nu + 1);
        }
}

/* Box with half extents h, turned by yaw radians about Y. */
static void box(builder *b, v3 c, v3 h, float yaw, float uv_scale)
{
    v3 ax[3] = {{cosf(yaw), 0.0f, -sinf(yaw)}, {0.0f, 1.0f, 0.0f}, {sinf(yaw), 0.0f, cosf(yaw)}};
    float he[3] = {h.x, h.y, h.z};
    for (int a = 0; a < 3; a++)
        for (int s = -1; s <= 1; s += 2) {
            int a1 = (a + 1) % 3, a2 = (a + 2) % 3;
            v3 n = scale(ax[a], (float)s);
            v3 u = scale(ax[a1], 2.0f * he[a1]), v = scale(ax[a2], 2.0f * he[a2]);
            if (s < 0) { /* keep u x v pointing out of the box */
                v3 t = u;
                u = v;
                v = t;
            }
            v3 o = sub(sub(add(c, scale(n, he[a])), scale(u, 0.5f)), scale(v, 0.5f));
            grid(b, o, u, v, 1, 1, uv_scale);
        }
}

/* A surface of revolution about a vertical axis: profile points (r, y) from bottom to top
 * with their outward normals in the (r, y) plane. */
#define PROFILE_MAX 96
typedef struct profile {
    float r[PROFILE_MAX], y[PROFILE_MAX], nr[PROFILE_MAX], ny[PROFILE_MAX];
    int n;
} profile;

static void prof_add(profile *p, float r, float y)
{
    if (p->n < PROFILE_MAX) {
        p->r[p->n] = r;
        p->y[p->n] = y;
        p->n++;
    }
}

/* Normals from the neighbouring segments; a repeated point makes a hard edge. */
static void prof_normals(profile *p)
{
    float sr[PROFILE_MAX], sy[PROFILE_MAX];
    bool degenerate[PROFILE_MAX];
    for (int k = 0; k + 1 < p->n; k++) {
        float dr = p->r[k + 1] - p->r[k], dy = p->y[k + 1] - p->y[k];
        float len = sqrtf(dr * dr + dy * dy);
        degenerate[k] = len < 1e-6f;
        sr[k] = degenerate[k] ? 0.0f : dy / len;
        sy[k] = degenerate[k] ? 0.0f : -dr / len;
    }
    for (int k = 0; k < p->n; k++) {
        float nr = 0.0f, ny = 0.0f;
        if (k > 0 && !degenerate[k - 1]) nr += sr[k - 1], ny += sy[k - 1];
        if (k + 1 < p->n && !degenerate[k]) nr += sr[k], ny += sy[k];
        float len = sqrtf(nr * nr + ny * ny);
        p->nr[k] = len > 0.0f ? nr / len : 0.0f;
        p->ny[k] = len > 0.0f ? ny / len : 1.0f;
    }
}

static void lathe(builder *b, float cx, float cz, const profile *p, int segs, float uv_scale)
{
    float rmax = 0.0f;
    for (int k = 0; k < p->n; k++) rmax = LC_MAX(rmax, p->r[k]);
    /* A whole number of texture repeats around, so the seam does not show. */
    float u_tiles = LC_MAX(1.0f, roundf(2.0f * PI_F * rmax * uv_scale));
    uint32_t t = target(b), base = b->slots[t].vert_count;
    float v = 0.0f;
    for (int k = 0; k < p->n; k++) {
        if (k > 0) v += hypotf(p->r[k] - p->r[k - 1], p->y[k] - p->y[k - 1]) * uv_scale;
        for (int s = 0; s <= segs; s++) {
            float a = 2.0f * PI_F * (float)s / segs, c = cosf(a), sn = sinf(a);
            /* z = -r sin(a): with the profile going up this winds counter-clockwise outside. */
            v3 pos = {cx + p->r[k] * c, p->y[k], cz - p->r[k] * sn};
            v3 nrm = {p->nr[k] * c, p->ny[k], -p->nr[k] * sn};
            vert(b, pos, normalize(nrm), u_tiles * (float)s / segs, v);
        }
    }
    uint32_t row = (uint32_t)segs + 1;
    for (int k = 0; k + 1 < p->n; k++)
        for (int s = 0; s < segs; s++) {
            uint32_t a = base + (uint32_t)k * row + (uint32_t)s;
            /* Skip the triangle that collapses where the profile touches the axis. */
            if (p->r[k] > 0.0f) tri(b, a, a + 1, a + row + 1);
            if (p->r[k + 1] > 0.0f) tri(b, a, a + row + 1, a + row);
        }
}

static void sphere(builder *b, v3 c, float radius, int segs, int rings)
{
    profile p = {0};
    for (int i = 0; i <= rings; i++) {
        float a = -0.5f * PI_F + PI_F * (float)i / rings;
        bool pole = i == 0 || i == rings;
        p.r[i] = pole ? 0.0f : radius * cosf(a);
        p.y[i] = c.y + radius * sinf(a);
        p.nr[i] = pole ? 0.0f : cosf(a);
        p.ny[i] = i == 0 ? -1.0f : i == rings ? 1.0f : sinf(a);
    }
    p.n = rings + 1;
    lathe(b, c.x, c.z, &p, segs, 1.0f);
}

/* Semicircular arch of rectangular section in the vertical plane through c along span:
 * springs at c +- radius * span and rises to c.y + r_out; width is its thickness across. */
static void arch(builder *b, v3 c, v3 span, float r_in, float r_out, float width, int segs, float uv_scale)
{
    const v3 up = {0.0f, 1.0f, 0.0f};
    v3 across = cross(span, up); /* with radial and tangent, a right-handed frame */
    float rm = 0.5f * (r_in + r_out), hd = 0.5f * (r_out - r_in), hw = 0.5f * width;
    const float cx[4] = {-hw, hw, hw, -hw}, cy[4] = {-hd, -hd, hd, hd}; /* CCW in (across, radial) */
    for (int e = 0; e < 4; e++) {
        int e1 = (e + 1) % 4;
        float ex = cx[e1] - cx[e], ey = cy[e1] - cy[e], len = hypotf(ex, ey);
        float nx = ey / len, ny = -ex / len;
        uint32_t t = target(b), base = b->slots[t].vert_count;
        for (int i = 0; i <= segs; i++) {
            float phi = PI_F * (float)i / segs;
            v3 radial = add(scale(span, cosf(phi)), scale(up, sinf(phi)));
            v3 centre = add(c, scale(radial, rm));
            v3 n = normalize(add(scale(across, nx), scale(radial, ny)));
            for (int j = 0; j < 2; j++) {
                int k = j ? e1 : e;
                v3 pos = add(centre, add(scale(across, cx[k]), scale(radial, cy[k])));
                vert(b, pos, n, (rm + cy[k]) * phi * uv_scale, (float)j * len * uv_scale);
            }
        }
        for (int i = 0; i < segs; i++) {
            uint32_t a = base + 2u * (uint32_t)i;
            quad(b, a, a + 1, a + 3, a + 2);
        }
    }
    /* End caps rest on the capitals; both face down. */
    for (int end = 0; end < 2; end++) {
        v3 radial = end ? scale(span, -1.0f) : span;
        v3 centre = add(c, scale(radial, rm)), n = {0.0f, -1.0f, 0.0f};
        uint32_t idx[4];
        for (int k = 0; k < 4; k++) {
            v3 pos = add(centre, add(scale(across, cx[k]), scale(radial, cy[k])));
            idx[k] = vert(b, pos, n, pos.x * uv_scale, pos.z * uv_scale);
        }
        if (end)
            quad(b, idx[0], idx[1], idx[2], idx[3]);
        else
            quad(b, idx[3], idx[2], idx[1], idx[0]);
    }
}

/* ---------------------------------------------------------------- the hall */

/* What is instanced and what is not: boxes and flat panels take their UVs from world
 * position (planar mapping, so neighbouring panels continue one texture), so a copy moved
 * elsewhere would show a different patch; they stay in the world-space meshes, one per
 * material. Lathed parts (column shafts, barrels, pedestals, spheres) and arches carry UVs of
 * their own; each is built once at the origin and placed by translation, which lands every
 * vertex on the float it had when the hall was built in world space (but see arch_mesh). The
 * default view renders bit for bit as it did when the hall was one world-space draw per
 * material. */

/* Small deterministic generator so the scene is identical on every run and platform. */
static uint32_t rng_next(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}
static float rng_float(uint32_t *state, float lo, float hi)
{
    return lo + (hi - lo) * (float)rng_next(state) / 16777216.0f;
}

/* The turned part of a column: base moulding, tapering shaft, astragal and echinus. */
static uint32_t column_mesh(builder *b)
{
    const float key[3] = {0};
    uint32_t m = find_mesh(b, KIND_COLUMN, key);
    if (m != UINT32_MAX) return m;
    build_state prev = begin_mesh(b, MAT_STONE, KIND_COLUMN, key, "hall column", &m);
    profile p = {0};
    for (int i = 0; i <= 10; i++) { /* torus moulding of the base */
        float a = -0.5f * PI_F + PI_F * (float)i / 10;
        prof_add(&p, 0.44f + 0.1f * cosf(a), 0.35f + 0.1f * sinf(a));
    }
    prof_add(&p, 0.44f, 0.45f); /* hard step in to the shaft */
    prof_add(&p, 0.37f, 0.47f);
    prof_add(&p, 0.37f, 0.47f);
    for (int i = 0; i <= 12; i++) { /* shaft with a slight taper (entasis) */
        float t = (float)i / 12;
        prof_add(&p, 0.37f - 0.05f * t * t, 0.5f + 5.1f * t);
    }
    for (int i = 0; i <= 6; i++) { /* astragal ring */
        float a = -0.5f * PI_F + PI_F * (float)i / 6;
        prof_add(&p, 0.33f + 0.05f * cosf(a), 5.68f + 0.05f * sinf(a));
    }
    for (int i = 0; i <= 8; i++) { /* echinus flaring out to the abacus */
        float t = (float)i / 8;
        prof_add(&p, 0.33f + 0.19f * (1.0f - (1.0f - t) * (1.0f - t)), 5.75f + 0.35f * t);
    }
    prof_normals(&p);
    lathe(b, 0.0f, 0.0f, &p, COL_SEGS, 0.5f);
    end_mesh(b, prev);
    return m;
}

static void column(builder *b, float x, float z)
{
    use_static(b, MAT_STONE);
    box(b, v3_make(x, 0.125f, z), v3_make(0.55f, 0.125f, 0.55f), 0.0f, 0.5f); /* plinth */
    place(b, column_mesh(b), x, 0.0f, z);
    box(b, v3_make(x, 6.225f, z), v3_make(0.55f, 0.125f, 0.55f), 0.0f, 0.5f); /* abacus */
}

static void shell(builder *b)
{
    use_static(b, MAT_FLOOR);
    grid(b, v3_make(-HALF_W, 0.0f, -HALF_L), v3_make(0.0f, 0.0f, 2 * HALF_L), v3_make(2 * HALF_W, 0.0f, 0.0f), 120, 32,
         0.5f);
    use_static(b, MAT_BRICK);
    grid(b, v3_make(-HALF_W, 0.0f, HALF_L), v3_make(0.0f, 0.0f, -2 * HALF_L), v3_make(0.0f, HEIGHT, 0.0f), 60, 12,
         1.0f);
    grid(b, v3_make(HALF_W, 0.0f, -HALF_L), v3_make(0.0f, 0.0f, 2 * HALF_L), v3_make(0.0f, HEIGHT, 0.0f), 60, 12, 1.0f);
    grid(b, v3_make(-HALF_W, 0.0f, -HALF_L), v3_make(2 * HALF_W, 0.0f, 0.0f), v3_make(0.0f, HEIGHT, 0.0f), 16, 12,
         1.0f);
    grid(b, v3_make(HALF_W, 0.0f, HALF_L), v3_make(-2 * HALF_W, 0.0f, 0.0f), v3_make(0.0f, HEIGHT, 0.0f), 16, 12, 1.0f);
    use_static(b, MAT_CEILING);
    grid(b, v3_make(-HALF_W, HEIGHT, -HALF_L), v3_make(2 * HALF_W, 0.0f, 0.0f), v3_make(0.0f, 0.0f, 2 * HALF_L), 16, 60,
         0.5f);

    use_static(b, MAT_STONE);
    /* Coffers: a grid of beams under the ceiling. */
    for (int i = 1; i < 8; i++)
        box(b, v3_make(-HALF_W + 2.0f * i, HEIGHT - 0.25f, 0.0f), v3_make(0.15f, 0.25f, HALF_L), 0.0f, 0.5f);
    for (int j = 1; j < 30; j++)
        box(b, v3_make(0.0f, HEIGHT - 0.25f, -HALF_L + 2.0f * j), v3_make(HALF_W, 0.25f, 0.15f), 0.0f, 0.5f);
    for (int s = -1; s <= 1; s += 2) {
        /* Cornice and skirting along the side and end walls. */
        box(b, v3_make(s * (HALF_W - 0.2f), HEIGHT - 0.7f, 0.0f), v3_make(0.2f, 0.2f, HALF_L), 0.0f, 0.5f);
        box(b, v3_make(s * (HALF_W - 0.06f), 0.15f, 0.0f), v3_make(0.06f, 0.15f, HALF_L), 0.0f, 0.5f);
        box(b, v3_make(0.0f, 0.15f, s * (HALF_L - 0.06f)), v3_make(HALF_W, 0.15f, 0.06f), 0.0f, 0.5f);
        /* Entablature over each arcade, running into the end walls. */
        box(b, v3_make(s * COL_X, 8.7f, 0.0f), v3_make(0.45f, 0.35f, HALF_L), 0.0f, 0.5f);
    }
}

/* One arch mesh per kind, springing at SPRING_Y over the origin. Placed by translation, the
 * nave arch lands every vertex on its world-space float (its centre's x and z are zero); the
 * aisle and arcade arches sum centre and offset along the axis they move on, so a copy may
 * round differently in the last bit (no pixel of the default view changes). Their end caps
 * rest on the capitals, hidden, so their UVs (planar in world space) may move with the mesh. */
static uint32_t arch_mesh(builder *b, int kind)
{
    const float key[3] = {0};
    uint32_t m = find_mesh(b, kind, key);
    if (m != UINT32_MAX) return m;
    static const char *const names[] = {"hall aisle arch", "hall arcade arch", "hall nave arch"};
    build_state prev = begin_mesh(b, MAT_STONE, kind, key, names[kind - KIND_ARCH_AISLE], &m);
    v3 c = v3_make(0.0f, SPRING_Y, 0.0f);
    if (kind == KIND_ARCH_AISLE)
        arch(b, c, v3_make(1.0f, 0.0f, 0.0f), 1.1f, 1.5f, 0.5f, 24, 0.5f);
    else if (kind == KIND_ARCH_ARCADE)
        arch(b, c, v3_make(0.0f, 0.0f, 1.0f), 1.5f, 2.0f, 0.8f, 32, 0.5f);
    else
        arch(b, c, v3_make(1.0f, 0.0f, 0.0f), 4.5f, 5.0f, 0.6f, 48, 0.5f);
    end_mesh(b, prev);
    return m;
}

static void arcades(builder *b)
{
    for (int k = 0; k < COL_COUNT; k++) {
        float z = COL_FIRST_Z + COL_STEP * k;
        for (int s = -1; s <= 1; s += 2) {
            column(b, s * COL_X, z);
            use_static(b, MAT_STONE);
            /* Wall pilaster and the aisle arch from the column to it. */
            box(b, v3_make(s * (HALF_W - 0.2f), 0.5f * SPRING_Y, z), v3_make(0.2f, 0.5f * SPRING_Y, 0.35f), 0.0f, 0.5f);
            place(b, arch_mesh(b, KIND_ARCH_AISLE), s * 6.5f, 0.0f, z);
            if (k + 1 < COL_COUNT) place(b, arch_mesh(b, KIND_ARCH_ARCADE), s * COL_X, 0.0f, z + 0.5f * COL_STEP);
        }
        place(b, arch_mesh(b, KIND_ARCH_NAVE), 0.0f, 0.0f, z);
    }
    /* Banners on the side walls, in every other bay. */
    use_static(b, MAT_CLOTH);
    for (int k = 0; k + 1 < COL_COUNT; k += 2) {
        float z = COL_FIRST_Z + COL_STEP * (k + 0.5f);
        grid(b, v3_make(-HALF_W + 0.05f, 2.2f, z + 0.8f), v3_make(0.0f, 0.0f, -1.6f), v3_make(0.0f, 3.6f, 0.0f), 4, 9,
             1.0f);
        grid(b, v3_make(HALF_W - 0.05f, 2.2f, z - 0.8f), v3_make(0.0f, 0.0f, 1.6f), v3_make(0.0f, 3.6f, 0.0f), 4, 9,
             1.0f);
    }
}

/* A wooden barrel (one mesh) with two iron hoops (another), both instanced per size. */
static void barrel(builder *b, float x, float z, float radius, float height)
{
    const float key[3] = {radius, height, 0.0f};
    uint32_t body = find_mesh(b, KIND_BARREL, key), hoops = find_mesh(b, KIND_HOOPS, key);
    if (body == UINT32_MAX) {
        build_state prev = begin_mesh(b, MAT_WOOD, KIND_BARREL, key, "hall barrel", &body);
        profile p = {0};
        prof_add(&p, 0.0f, 0.0f);
        prof_add(&p, radius * 0.85f, 0.0f);
        prof_add(&p, radius * 0.85f, 0.0f);
        for (int i = 0; i <= 10; i++) {
            float t = (float)i / 10;
            prof_add(&p, radius * (0.85f + 0.15f * sinf(PI_F * t)), height * t);
        }
        prof_add(&p, radius * 0.85f, height);
        prof_add(&p, 0.0f, height);
        prof_normals(&p);
        lathe(b, 0.0f, 0.0f, &p, 24, 1.0f);
        end_mesh(b, prev);
        prev = begin_mesh(b, MAT_METAL, KIND_HOOPS, key, "hall barrel hoops", &hoops);
        for (int i = 0; i < 2; i++) {
            float y = height * (i ? 0.78f : 0.22f), r = radius * (0.85f + 0.15f * sinf(PI_F * (i ? 0.78f : 0.22f)));
            profile h = {0};
            prof_add(&h, r + 0.012f, y - 0.03f);
            prof_add(&h, r + 0.012f, y + 0.03f);
            prof_normals(&h);
            lathe(b, 0.0f, 0.0f, &h, 24, 1.0f);
        }
        end_mesh(b, prev);
    }
    place(b, body, x, 0.0f, z);
    place(b, hoops, x, 0.0f, z);
}

static void crate_stack(builder *b, uint32_t *rng, float x, float z)
{
    use_static(b, MAT_WOOD);
    float y = 0.0f, size = rng_float(rng, 0.6f, 0.95f);
    int count = 1 + (int)(rng_next(rng) % 3);
    for (int i = 0; i < count; i++) {
        float h = 0.5f * size, yaw = rng_float(rng, -0.4f, 0.4f);
        box(b, v3_make(x + rng_float(rng, -0.05f, 0.05f), y + h, z + rng_float(rng, -0.05f, 0.05f)), v3_make(h, h, h),
            yaw, 1.0f);
        y += size;
        size *= rng_float(rng, 0.65f, 0.9f);
    }
}

static void bench(builder *b, float x, float z)
{
    use_static(b, MAT_WOOD);
    box(b, v3_make(x, 0.45f, z), v3_make(0.22f, 0.03f, 0.9f), 0.0f, 1.0f);
    for (int s = -1; s <= 1; s += 2) box(b, v3_make(x, 0.21f, z + s * 0.7f), v3_make(0.18f, 0.21f, 0.04f), 0.0f, 1.0f);
}

/* A metal sphere of this radius and tessellation, centred on the origin. */
static uint32_t sphere_mesh(builder *b, float radius, int segs, int rings)
{
    const float key[3] = {radius, (float)segs, (float)rings};
    uint32_t m = find_mesh(b, KIND_SPHERE, key);
    if (m != UINT32_MAX) return m;
    build_state prev = begin_mesh(b, MAT_METAL, KIND_SPHERE, key, "hall sphere", &m);
    sphere(b, v3_make(0.0f, 0.0f, 0.0f), radius, segs, rings);
    end_mesh(b, prev);
    return m;
}

static void pedestal_with_sphere(builder *b, float x, float z, float height, float radius)
{
    use_static(b, MAT_STONE);
    box(b, v3_make(x, 0.06f, z), v3_make(0.35f, 0.06f, 0.35f), 0.0f, 1.0f);
    const float key[3] = {height, 0.0f, 0.0f};
    uint32_t m = find_mesh(b, KIND_PEDESTAL, key);
    if (m == UINT32_MAX) {
        build_state prev = begin_mesh(b, MAT_STONE, KIND_PEDESTAL, key, "hall pedestal", &m);
        profile p = {0};
        prof_add(&p, 0.22f, 0.12f);
        prof_add(&p, 0.17f, 0.2f);
        prof_add(&p, 0.17f, height - 0.1f);
        prof_add(&p, 0.25f, height);
        prof_add(&p, 0.25f, height);
        prof_add(&p, 0.0f, height);
        prof_normals(&p);
        lathe(b, 0.0f, 0.0f, &p, 24, 1.0f);
        end_mesh(b, prev);
    }
    place(b, m, x, 0.0f, z);
    place(b, sphere_mesh(b, radius, 32, 20), x, height + radius, z);
}

static void clutter(builder *b)
{
    uint32_t rng = 0x1234567u;
    /* Aisles: a crate stack, a barrel group or a bench in most bays. */
    for (int k = 0; k + 1 < COL_COUNT; k++) {
        float zc = COL_FIRST_Z + COL_STEP * (k + 0.5f);
        for (int s = -1; s <= 1; s += 2) {
            uint32_t kind = rng_next(&rng) % 4;
            float x = s * rng_float(&rng, 6.2f, 6.9f), z = zc + rng_float(&rng, -0.9f, 0.9f);
            if (kind == 0 || kind == 1) {
                crate_stack(b, &rng, x, z);
            } else if (kind == 2) {
                barrel(b, x, z - 0.4f, 0.32f, 0.9f);
                barrel(b, x + s * 0.2f, z + 0.35f, 0.3f, 0.85f);
            } else {
                bench(b, s * 6.0f, zc);
            }
        }
    }
    /* Nave: benches and pedestals with metal spheres, kept clear near the camera end. */
    for (int k = 0; k < 6; k++) {
        float z = 18.0f - 8.0f * k;
        pedestal_with_sphere(b, (k & 1) ? 2.2f : -2.2f, z, rng_float(&rng, 0.8f, 1.1f), rng_float(&rng, 0.25f, 0.4f));
        bench(b, (k & 1) ? -3.3f : 3.3f, z - 3.0f);
    }
    for (int i = 0; i < 24; i++) { /* loose crates along the nave edges */
        float z = rng_float(&rng, -27.0f, 18.0f), x = (i & 1 ? 1.0f : -1.0f) * rng_float(&rng, 3.2f, 4.2f);
        float h = rng_float(&rng, 0.2f, 0.35f);
        use_static(b, MAT_WOOD);
        box(b, v3_make(x, h, z), v3_make(h, h, h), rng_float(&rng, 0.0f, 1.5f), 1.0f);
    }
    /* Dais at the far end with three steps and a large sphere. */
    use_static(b, MAT_STONE);
    for (int i = 0; i < 3; i++)
        box(b, v3_make(0.0f, 0.1f + 0.2f * i, -HALF_L + 2.0f - 0.4f * i),
            v3_make(4.0f - 0.4f * i, 0.1f, 2.0f - 0.4f * i), 0.0f, 0.5f);
    pedestal_with_sphere(b, -2.0f, -HALF_L + 1.2f, 1.4f, 0.45f);
    pedestal_with_sphere(b, 2.0f, -HALF_L + 1.2f, 1.4f, 0.45f);
    place(b, sphere_mesh(b, 1.2f, 64, 40), 0.0f, 0.6f + 1.2f, -HALF_L + 1.6f);
}

/* ---------------------------------------------------------------- textures */

static uint32_t hash2(uint32_t x, uint32_t y, uint32_t seed)
{
    uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u ^ seed * 0xcb1ab31fu;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    return h;
}
static float hashf(uint32_t x, uint32_t y, uint32_t seed) { return (float)(hash2(x, y, seed) >> 8) / 16777216.0f; }

/* Value noise on a lattice of period cells per texture (a power of two), so it tiles. */
static float value_noise(float x, float y, uint32_t period, uint32_t seed)
{
    float fx0 = floorf(x), fy0 = floorf(y);
    float fx = x - fx0, fy = y - fy0;
    fx = fx * fx * (3.0f - 2.0f * fx);
    fy = fy * fy * (3.0f - 2.0f * fy);
    uint32_t mask = period - 1, xi = (uint32_t)fx0, yi = (uint32_t)fy0;
    uint32_t x0 = xi & mask, x1 = (xi + 1) & mask, y0 = yi & mask, y1 = (yi + 1) & mask;
    float a = hashf(x0, y0, seed), b = hashf(x1, y0, seed), c = hashf(x0, y1, seed), d = hashf(x1, y1, seed);
    float top = a + (b - a) * fx, bottom = c + (d - c) * fx;
    return top + (bottom - top) * fy;
}

/* One shared tileable fbm field; textures read it at offsets for cheap variety. */
static float *noise_field(void)
{
    float *f = lc_alloc(TEX_SIZE * TEX_SIZE * sizeof *f);
    for (int y = 0; y < TEX_SIZE; y++)
        for (int x = 0; x < TEX_SIZE; x++) {
            float sum = 0.0f, amp = 0.5f;
            for (uint32_t o = 0, period = 4; o < 4; o++, period *= 2, amp *= 0.5f) {
                float s = (float)period / TEX_SIZE;
                sum += amp * value_noise(x * s, y * s, period, 77u + o);
            }
            f[y * TEX_SIZE + x] = sum / 0.9375f;
        }
    return f;
}

static float nz(const float *f, int x, int y) { return f[(y & (TEX_SIZE - 1)) * TEX_SIZE + (x & (TEX_SIZE - 1))]; }

static void put(uint8_t *px, float r, float g, float b)
{
    px[0] = (uint8_t)LC_CLAMP(r, 0.0f, 255.0f);
    px[1] = (uint8_t)LC_CLAMP(g, 0.0f, 255.0f);
    px[2] = (uint8_t)LC_CLAMP(b, 0.0f, 255.0f);
    px[3] = 255;
}

static void make_texture(int mat, const float *n, uint8_t *rgba)
{
    for (int y = 0; y < TEX_SIZE; y++)
        for (int x = 0; x < TEX_SIZE; x++) {
            uint8_t *px = rgba + 4 * (y * TEX_SIZE + x);
            float n1 = nz(n, x, y), n2 = nz(n, y + 97, x + 31), grain = hashf((uint32_t)x, (uint32_t)y, (uint32_t)mat);
            switch (mat) {
            case MAT_FLOOR: { /* 2 x 2 marble tiles, alternating light and dark, with veins */
                bool dark = ((x / 128) + (y / 128)) & 1;
                float t = 1.0f - fabsf(sinf(0.045f * (x + y) + 9.0f * n2)), t2 = t * t, t4 = t2 * t2;
                float vein = t4 * t4 * t2; /* thin dark lines: a high power of the distance */
                float shade = 0.88f + 0.2f * n1 + 0.04f * grain;
                if (x % 128 < 2 || y % 128 < 2)
                    put(px, 70, 64, 58);
                else if (dark)
                    put(px, (62 + 60 * vein) * shade, (78 + 55 * vein) * shade, (74 + 50 * vein) * shade);
                else
                    put(px, (228 - 90 * vein) * shade, (218 - 90 * vein) * shade, (198 - 80 * vein) * shade);
                break;
            }
            case MAT_BRICK: { /* running bond, 8 courses per texture */
                int row = y / 32, bx = (x + (row & 1) * 32) % TEX_SIZE;
                bool mortar = y % 32 < 3 || bx % 64 < 3;
                float var = hashf((uint32_t)(bx / 64), (uint32_t)row, 5u);
                float shade = 0.8f + 0.3f * n1 + 0.08f * grain;
                if (mortar)
                    put(px, 170 * shade, 165 * shade, 155 * shade);
                else
                    put(px, (140 + 50 * var) * shade, (62 + 25 * var) * shade, (45 + 15 * var) * shade);
                break;
            }
            case MAT_STONE: { /* sandstone with faint strata */
                float strata = 0.5f + 0.5f * sinf(0.15f * y + 6.0f * n2);
                float shade = 0.78f + 0.3f * n1 + 0.06f * strata + 0.06f * grain;
                put(px, 205 * shade, 184 * shade, 150 * shade);
                break;
            }
            case MAT_WOOD: { /* four planks with grain along v */
                int plank = x / 64;
                float g = 0.5f + 0.5f * sinf(0.35f * (x % 64) + 14.0f * n1 + 3.0f * plank);
                float var = 0.8f + 0.35f * hashf((uint32_t)plank, 0u, 9u);
                float shade = var * (0.75f + 0.25f * g) * (0.95f + 0.05f * grain);
                if (x % 64 < 2)
                    put(px, 50, 32, 20);
                else
                    put(px, 150 * shade, 100 * shade, 58 * shade);
                break;
            }
            case MAT_METAL: { /* brushed panels with rivets */
                float streak = 0.6f * hashf(0u, (uint32_t)y, 3u) + 0.4f * n1;
                float shade = 0.8f + 0.25f * streak;
                int cx = x % 128, cy = y % 128;
                int dx = (cx < 64 ? cx : 128 - cx) - 10, dy = (cy < 64 ? cy : 128 - cy) - 10;
                if (cx < 2 || cy < 2)
                    shade *= 0.5f;
                else if (dx * dx + dy * dy < 12)
                    shade *= 1.25f;
                put(px, 150 * shade, 155 * shade, 168 * shade);
                break;
            }
            case MAT_CEILING: { /* deep blue paint with gold stars */
                int cx = x / 32, cy = y / 32;
                float sx = 8 + 16 * hashf((uint32_t)cx, (uint32_t)cy, 11u),
                      sy = 8 + 16 * hashf((uint32_t)cx, (uint32_t)cy, 12u);
                float d2 = (x % 32 - sx) * (x % 32 - sx) + (y % 32 - sy) * (y % 32 - sy);
                float shade = 0.75f + 0.4f * n1;
                if (hashf((uint32_t)cx, (uint32_t)cy, 13u) < 0.6f && d2 < 6.0f)
                    put(px, 235, 195, 90);
                else
                    put(px, 28 * shade, 44 * shade, 115 * shade);
                break;
            }
            default: { /* red woven cloth with gold stripes */
                float weave = ((x ^ y) & 1) ? 1.0f : 0.86f;
                float shade = weave * (0.85f + 0.2f * n1);
                int band = y % 128;
                if (band >= 8 && band < 16)
                    put(px, 215 * shade, 170 * shade, 70 * shade);
                else
                    put(px, 165 * shade, 28 * shade, 34 * shade);
                break;
            }
            }
        }
}

/* ---------------------------------------------------------------- assembly */

/* Concatenates the slots into the scene's arrays: one mesh per non-empty slot, an object per
 * placement (identity for the world-space meshes), in generation order. */
static void assemble(builder *b, lc_scene *out)
{
    uint32_t verts = 0, idx = 0, meshes = 0;
    for (uint32_t i = 0; i < b->slot_count; i++) {
        verts += b->slots[i].vert_count;
        idx += b->slots[i].idx_count;
        meshes += b->slots[i].idx_count > 0;
    }
    out->vertices = lc_alloc((size_t)LC_MAX(verts, 1u) * sizeof *out->vertices);
    out->indices = lc_alloc((size_t)LC_MAX(idx, 1u) * sizeof *out->indices);
    out->meshes = lc_calloc(LC_MAX(meshes, 1u), sizeof *out->meshes);
    out->objects = lc_calloc(LC_MAX(b->obj_count, 1u), sizeof *out->objects);
    uint32_t *mesh_of = lc_alloc((size_t)b->slot_count * sizeof *mesh_of);
    for (uint32_t i = 0; i < b->slot_count; i++) {
        slot *s = &b->slots[i];
        mesh_of[i] = UINT32_MAX;
        if (s->idx_count) {
            lc_mesh *m = &out->meshes[out->mesh_count];
            *m = (lc_mesh){.first_vertex = out->vertex_count, .vertex_count = s->vert_count,
                           .first_index = out->index_count, .index_count = s->idx_count, .material = (uint32_t)s->mat};
            snprintf(m->name, sizeof m->name, "%s", s->name);
            lc_mesh_compute_tangents(s->verts, s->vert_count, s->idx, s->idx_count);
            memcpy(out->vertices + out->vertex_count, s->verts, (size_t)s->vert_count * sizeof *s->verts);
            memcpy(out->indices + out->index_count, s->idx, (size_t)s->idx_count * sizeof *s->idx);
            out->vertex_count += s->vert_count;
            out->index_count += s->idx_count;
            lc_mesh_compute_aabb(out, m);
            mesh_of[i] = out->mesh_count++;
        }
        free(s->verts);
        free(s->idx);
    }
    const lc_m4 identity = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    for (uint32_t i = 0; i < b->obj_count; i++) {
        const placement *p = &b->objs[i];
        if (mesh_of[p->slot] == UINT32_MAX) continue;
        lc_m4 w = identity;
        memcpy(&w.m[12], p->t, sizeof p->t);
        lc_object *o = &out->objects[out->object_count++];
        o->mesh = mesh_of[p->slot];
        o->material = out->meshes[o->mesh].material;
        lc_object_set_world(out, o, &w);
    }
    free(mesh_of);
    free(b->slots);
    free(b->objs);
}

lc_status lc_scene_load_default(lc_scene *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "default hall");

    builder b = {0};
    for (int m = 0; m < MAT_COUNT; m++) b.open[m] = UINT32_MAX;
    shell(&b);
    arcades(&b);
    clutter(&b);
    assemble(&b, out);

    float *noise = noise_field();
    out->material_count = out->image_count = MAT_COUNT;
    out->materials = lc_calloc(MAT_COUNT, sizeof *out->materials);
    out->images = lc_calloc(MAT_COUNT, sizeof *out->images);
    for (int m = 0; m < MAT_COUNT; m++) {
        lc_image_data *img = &out->images[m];
        img->width = img->height = TEX_SIZE;
        img->rgba = lc_alloc(TEX_SIZE * TEX_SIZE * 4);
        snprintf(img->name, sizeof img->name, "%s", material_names[m]);
        make_texture(m, noise, img->rgba);
        out->materials[m] = lc_material_make(1.0f, 1.0f, 1.0f, m, false);
    }
    free(noise);

    lc_scene_sort_objects(out);
    lc_scene_compute_bounds(out);
    /* Near the +Z end, at eye height, looking down the nave (-Z) and slightly up. */
    const float camera[5] = {0.0f, 1.7f, HALF_L - 2.5f, 0.0f, 6.0f};
    memcpy(out->default_camera, camera, sizeof camera);
    out->start = LC_START_INTERIOR;
    const float lmin[3] = {-HALF_W + 0.2f, 0.2f, -HALF_L + 0.2f},
                lmax[3] = {HALF_W - 0.2f, HEIGHT - 1.0f, HALF_L - 0.2f};
    memcpy(out->light_bounds_min, lmin, sizeof lmin);
    memcpy(out->light_bounds_max, lmax, sizeof lmax);

    lc_status st = lc_scene_validate(out);
    if (st != LC_OK) lc_scene_destroy(out);
    return st;
}
