/* The SIMD passes of object_cull.c, written once for any lane count: object_cull.c includes
 * this file twice, 4 lanes (SSE, the x86-64-v2 baseline) and 8 lanes (AVX2, chosen at run
 * time), with
 *   VF, VI       float and int32 vectors of LANES lanes (GCC vector extensions)
 *   SFX(name)    the function names of this width
 *   TARGET       the target attribute (empty for the baseline)
 * Every lane does what oobb_scalar / sphere_scalar do, in the same order, so all widths and
 * the scalar twin agree exactly. Internal: include from object_cull.c only. */

static TARGET inline VF SFX(load)(const float *p)
{
    VF v;
    memcpy(&v, p, sizeof v);
    return v;
}

static TARGET inline VF SFX(splat)(float f)
{
    VF v;
    for (unsigned k = 0; k < LANES; k++) v[k] = f;
    return v;
}

static TARGET inline VF SFX(gather)(const float *a, const uint32_t *idx)
{
    VF v;
    for (unsigned k = 0; k < LANES; k++) v[k] = a[idx[k]];
    return v;
}

/* Spheres [begin, end) (begin a multiple of LANES; the last step may cover padding lanes,
 * whose flags are written and never read): flags ~0 may be visible, 0 culled. */
static TARGET void SFX(sphere_range)(const lc_object_cull_set *s, uint32_t begin, uint32_t end, const float planes[6][4],
                                     uint32_t *flags)
{
    VF nx[6], ny[6], nz[6], nw[6];
    for (int p = 0; p < 6; p++)
        nx[p] = SFX(splat)(planes[p][0]), ny[p] = SFX(splat)(planes[p][1]), nz[p] = SFX(splat)(planes[p][2]),
        nw[p] = SFX(splat)(planes[p][3]);
    for (uint32_t i = begin; i < end; i += LANES) {
        const VF x = SFX(load)(s->sphere_x + i), y = SFX(load)(s->sphere_y + i);
        const VF z = SFX(load)(s->sphere_z + i), neg_r = -SFX(load)(s->sphere_r + i);
        VI out = {0};
        for (int p = 0; p < 6; p++) {
            VF dist = nx[p] * x + ny[p] * y + nz[p] * z + nw[p];
            out |= dist < neg_r;
        }
        out = ~out;
        memcpy(flags + i, &out, sizeof out);
    }
}

/* Boxes idx[begin..end) (padded to whole steps): flags[i] for idx[i]. rows: clip_rows. */
static TARGET void SFX(oobb_range)(const lc_object_cull_set *s, const uint32_t *idx, uint32_t begin, uint32_t end,
                                   const float rows[20], uint32_t *flags)
{
    VF vp[20];
    for (int k = 0; k < 20; k++) vp[k] = SFX(splat)(rows[k]);
    const VF zero = SFX(splat)(0.0f);
    for (uint32_t i = begin; i < end; i += LANES) {
        const uint32_t *id = idx + i;
        VF w[16], m[20];
        for (int k = 0; k < 16; k++) w[k] = SFX(gather)(s->world[k], id);
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 5; r++)
                m[c * 5 + r] = vp[r] * w[c * 4] + vp[5 + r] * w[c * 4 + 1] + vp[10 + r] * w[c * 4 + 2] + vp[15 + r] * w[c * 4 + 3];
        const VF mnx = SFX(gather)(s->min_x, id), mny = SFX(gather)(s->min_y, id), mnz = SFX(gather)(s->min_z, id);
        const VF dx = SFX(gather)(s->max_x, id) - mnx, dy = SFX(gather)(s->max_y, id) - mny;
        const VF dz = SFX(gather)(s->max_z, id) - mnz;
        VF corner[8][5];
        for (int r = 0; r < 5; r++) {
            VF c0 = m[r] * mnx + m[5 + r] * mny + m[10 + r] * mnz + m[15 + r];
            VF ex = m[r] * dx, ey = m[5 + r] * dy, ez = m[10 + r] * dz;
            corner[0][r] = c0;
            corner[1][r] = c0 + ex;
            corner[2][r] = c0 + ey;
            corner[3][r] = corner[1][r] + ey;
            corner[4][r] = c0 + ez;
            corner[5][r] = corner[1][r] + ez;
            corner[6][r] = corner[2][r] + ez;
            corner[7][r] = corner[3][r] + ez;
        }
        /* All bits set: every corner so far is outside that plane. */
        VI x_lo = ~(VI){0}, x_hi = x_lo, y_lo = x_lo, y_hi = x_lo, z_lo = x_lo, z_hi = x_lo;
        for (int k = 0; k < 8; k++) {
            VF x = corner[k][0], y = corner[k][1], z = corner[k][2], cw = corner[k][3], f = corner[k][4], neg_w = -cw;
            x_lo &= x < neg_w;
            x_hi &= x > cw;
            y_lo &= y < neg_w;
            y_hi &= y > cw;
            z_lo &= z < zero;
            z_hi &= f < zero;
        }
        VI out = ~(x_lo | x_hi | y_lo | y_hi | z_lo | z_hi);
        memcpy(flags + i, &out, sizeof out);
    }
}
