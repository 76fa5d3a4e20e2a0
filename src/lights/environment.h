/* The sun and the environment: light that needs no local light, so a model is readable with
 * none. The environment (a procedural sky or an equirectangular Radiance .hdr) is prefiltered
 * once at start in compute (shaders/lights/environment_*.comp): its diffuse irradiance as SH9
 * and a GGX-prefiltered specular map, roughness in its mips; the shading side is
 * shaders/shading/environment.glsl (the split sum's BRDF term is Karis's analytic fit for
 * mobile, no LUT).
 *
 * Units. The sun is a directional light of a given illuminance (lux on a surface facing it);
 * the automatic exposure meters it (lc_exposure_auto). The environment's radiance follows the
 * camera's exposure instead of having a unit of its own: its level is fixed on screen (a white
 * Lambert surface facing up reads LC_ENVIRONMENT_LEVEL_* before the tone curve), at any EV100,
 * so it fills what the lights leave and never decides the exposure (an HDR file's absolute
 * scale is arbitrary anyway: only its shape is kept). */
#ifndef LC_ENVIRONMENT_H
#define LC_ENVIRONMENT_H

#include "lc_shared.h"
#include "vk/gpu_resources.h"

enum { LC_ENVIRONMENT_NONE, LC_ENVIRONMENT_SKY, LC_ENVIRONMENT_FILE, LC_ENVIRONMENT_COUNT };
extern const char *const lc_environment_names[LC_ENVIRONMENT_COUNT]; /* "none", "sky", "file" */

/* The environment's level where it is the only light (no local light, no sun) and where it
 * fills beside them: twice the faint ambient it replaces, low enough that the lights' pattern
 * stays the picture (and that forward and visibility shading, whose surfaces differ by a
 * little texture filtering, stay within tests/test_visibility.sh's 60 dB on lavapipe: 61 dB
 * here, 59.5 dB at 0.1). */
#define LC_ENVIRONMENT_LEVEL_ALONE 0.5f
#define LC_ENVIRONMENT_LEVEL_FILL 0.05f
/* Beside a model's first-look lights (lights.h lc_lights_generate_model): the sky lights the
 * model about as much as they do, so metals reflect it instead of looking black. */
#define LC_ENVIRONMENT_LEVEL_MODEL 0.3f

/* An equirectangular RGB float image (+Y up; u = 0.5 looks along -Z). */
typedef struct lc_environment_image {
    float *rgb;
    uint32_t width, height;
} lc_environment_image;

/* Reads a Radiance .hdr (stb_image); one error line naming the file and LC_ERR_INPUT when it
 * is missing, not an .hdr, or corrupt. */
lc_status lc_environment_load(const char *path, lc_environment_image *out);
void lc_environment_image_free(lc_environment_image *img);

typedef struct lc_environment_desc {
    uint32_t kind;         /* LC_ENVIRONMENT_*; 0: none (the shading keeps its faint ambient) */
    const lc_environment_image *image; /* FILE: the loaded image */
    float level;           /* see LC_ENVIRONMENT_LEVEL_*; 0: LC_ENVIRONMENT_LEVEL_ALONE */
    float sun_dir[3];      /* towards the sun (need not be unit); also where the sky draws it */
    float sun_lux;         /* illuminance facing the sun; 0: no sun */
    /* Environment probes (lights/probes.h, views/probe_capture.h): probe_count records with
     * position and extents filled (the prefilter fills sh and the layer) and as many captured
     * equirectangular images of absolute radiance, prefiltered exactly as the sky is, into
     * layers 1.. of the specular map. 0: none. */
    const lc_gpu_probe *probes;
    const lc_environment_image *probe_images;
    uint32_t probe_count;
} lc_environment_desc;

typedef struct lc_environment {
    lc_buffer data;        /* lc_gpu_environment, then lc_gpu_probe[probe_count] (LC_BIND_ENV_DATA) */
    lc_image specular;     /* LC_BIND_ENV_SPECULAR: a 2D array, layer 0 the sky, 1 + i probe i */
    VkSampler sampler;     /* linear, mips, u wraps, v clamps */
    uint32_t probe_count;
    lc_gpu_probe *probes;  /* host copy of the probes' records (boxes, fades, SH), blending order: the frame's culling proxies */
    float radiance_scale;  /* lc_gpu_environment.params.x: the sky's source radiance times this over the
                              exposure scale is its radiance on screen */
} lc_environment;

/* Builds the environment and prefilters it (waits for the GPU). With kind NONE the resources
 * still exist (the bindings need them) but say "off". */
lc_status lc_environment_create(lc_context *ctx, const lc_environment_desc *desc, lc_environment *out);
void lc_environment_destroy(lc_context *ctx, lc_environment *env);

/* The environment's source radiance (relative: see lc_environment.radiance_scale) towards
 * unit direction d: the sky, the file's nearest texel, or 0 for none (the probe capture's
 * background: views/probe_capture.c). */
void lc_environment_radiance(const lc_environment_desc *desc, const float d[3], float out[3]);

/* The procedural sky's radiance (relative units) towards unit direction d, with the sun (unit,
 * towards it) drawn as a disc and glow where sun_on. */
void lc_environment_sky(const float d[3], const float sun[3], bool sun_on, float out[3]);

#endif
