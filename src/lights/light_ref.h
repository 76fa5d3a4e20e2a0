/* CPU reference of one pixel's lighting: the oracle the GPU lighting test compares the
 * rendered image against. It mirrors, step by step and with the same constants, what the
 * shaders compute for a pixel of the shaded view:
 *   shaders/shading/surface.glsl    the material's inputs as a surface (diffuse, f0);
 *   shaders/shading/lighting.glsl   lc_shade_light per light (falloff and spot cone through
 *                                   lc_light_weight, glTF's BRDF lc_brdf: Lambert, GGX,
 *                                   height-correlated Smith, Schlick), in light order, then
 *                                   lc_shaded_colour (the faint ambient scaled by the
 *                                   occlusion, the emission, the HDR ceiling) or
 *                                   lc_background_colour;
 *   the HDR image (rgba16f)         where the frame tonemaps in its own pass (forward shading,
 *                                   visibility with --tonemap compute|fragment) the colour is
 *                                   stored as half floats first; the fused visibility shade
 *                                   tonemaps the float colour;
 *   shaders/shading/tonemap_curve.glsl  times the exposure, Narkowicz's ACES fit, the sRGB
 *                                   curve rounded to the nearest of 256 codes.
 * The exposure is derived here from its definition (1 / (1.2 * 2^EV100), lc_shared.h
 * lc_frame_ubo.exposure), not taken from src/lights/exposure.c, so a change there shows. */
#ifndef LC_LIGHT_REF_H
#define LC_LIGHT_REF_H

#include "lights/lights.h"

typedef struct lc_light_ref_surface {
    float position[3]; /* world */
    float normal[3];   /* shading normal (need not be unit length) */
    float face[3];     /* any normal of the triangle's plane: the normal is turned to the side
                        * of it the eye sees (lc_two_sided); for a flat surface the normal */
    float albedo[3];   /* linear base colour: texture times the material's factor times the vertex colour */
    float metallic, roughness; /* the material's, texture applied (roughness perceptual) */
    float occlusion;   /* 1: unoccluded (the ambient term's factor) */
    float emissive[3]; /* linear, texture applied */
} lc_light_ref_surface;

/* glTF's BRDF times the cosine (lighting.glsl lc_brdf) for unit n, v, l. */
void lc_light_ref_brdf(const float n[3], const float v[3], const float l[3], const float diffuse[3], const float f0[3],
                       float roughness, float out[3]);

/* What lc_frame_ubo.exposure.x holds for an exposure of ev100. */
float lc_light_ref_exposure_scale(float ev100);

/* The summed light of lights[0..count) at the surface seen from eye (lc_light_loop's colour:
 * no ambient). */
void lc_light_ref_lit(const lc_gpu_light *lights, uint32_t count, const lc_light_ref_surface *s, const float eye[3],
                      float lit_out[3]);

/* The pixel's HDR colour (what the shade writes): ambient plus the lights plus the emission,
 * held to LC_HDR_MAX. exposure: lc_frame_ubo.exposure.x. */
void lc_light_ref_hdr(const lc_gpu_light *lights, uint32_t count, const lc_light_ref_surface *s, const float eye[3],
                      float exposure, float hdr_out[3]);

/* The background's HDR colour (no surface: the forward pass's clear colour). */
void lc_light_ref_background(float exposure, float hdr_out[3]);

/* An HDR colour as the output image stores it (8-bit sRGB codes). half_hdr: the colour went
 * through the rgba16f HDR image first (a separate tonemap pass). */
void lc_light_ref_output(const float hdr[3], float exposure, bool half_hdr, uint8_t out[3]);

/* A float as the nearest half float (ties to even) reads back, for values within the half
 * range (the shade holds colours to LC_HDR_MAX). */
float lc_light_ref_half(float x);

#endif
