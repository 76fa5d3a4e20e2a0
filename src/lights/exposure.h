/* The camera's exposure in photographic terms (EV100), and the automatic choice that makes a
 * scene readable whatever the units of its geometry and lights. The frame multiplies the HDR
 * colour by lc_exposure_scale(EV100) before the tone curve (lc_frame_ubo.exposure). */
#ifndef LC_EXPOSURE_H
#define LC_EXPOSURE_H

#include "lights/lights.h"

#define LC_EXPOSURE_EV_MIN -32.0f /* --exposure's range: far past any real scene either way */
#define LC_EXPOSURE_EV_MAX 48.0f

/* 1 / (1.2 * 2^EV100): the saturation-based exposure of a camera at ISO 100 (a luminance of
 * 1.2 * 2^EV100 maps to 1.0 before the tone curve). */
float lc_exposure_scale(float ev100);

/* The mean illuminance (lux, colour's luminance) the lights give a point of the box
 * [bmin, bmax] picked at random, from each light's falloff integrated over its volume (a spot
 * over its cone's share of the sphere); the lights' own positions need not be inside. */
double lc_exposure_mean_illuminance(const lc_light *lights, uint32_t count, const float bmin[3], const float bmax[3]);

/* The EV100 a reflected-light meter (K = 12.5) reads off a surface of reflectance
 * LC_EXPOSURE_KEY under that mean illuminance, or under the illuminance the brightest light
 * gives at half its reach where that is more (one spot in a big room): the scene's exposure when --exposure is not
 * given. Scale-free: lights whose intensities grow with the square of the scene's size (the
 * generated ones) give the same EV at any unit. No light: EV100 0. The key is calibrated, not a
 * grey card's 0.18: the mean over the box counts the bright volume near each light that few
 * surfaces see; with 0.025 the hall and Sponza under 1024 generated lights look as they did
 * with the fixed gain before exposure existed. */
#define LC_EXPOSURE_KEY 0.025
float lc_exposure_auto(const lc_light *lights, uint32_t count, const float bmin[3], const float bmax[3]);

/* The same with a sun of sun_lux (src/lights/environment.h) metered beside the lights: the sun
 * lights every surface facing it alike, so its illuminance counts as it is, with its own key: a
 * white surface facing the sun alone reads 1 / (1.2 * 8 * key) = 0.69 before the tone curve
 * (with glTF's Lambert, albedo * E / pi: lc_exposure_auto_sun divides the sum by pi). The
 * environment never enters: its level follows the exposure (environment.h). */
#define LC_EXPOSURE_SUN_KEY 0.15
float lc_exposure_auto_sun(const lc_light *lights, uint32_t count, const float bmin[3], const float bmax[3], double sun_lux);

#endif
