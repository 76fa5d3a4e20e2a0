/* Camera exposure (exposure.h). */
#include "lights/exposure.h"

#include <math.h>

float lc_exposure_scale(float ev100) { return (float)(1.0 / (1.2 * exp2((double)ev100))); }

double lc_exposure_mean_illuminance(const lc_light *lights, uint32_t count, const float bmin[3], const float bmax[3])
{
    double size[3], largest = 0.0;
    for (int a = 0; a < 3; a++) {
        size[a] = (double)bmax[a] - (double)bmin[a];
        if (!(size[a] > 0.0)) size[a] = 0.0;
        largest = fmax(largest, size[a]);
    }
    if (!(largest > 0.0)) largest = 1.0;
    /* A flat box (a single quad) still has a volume: a thousandth of its largest side deep. */
    double volume = 1.0, diagonal = 0.0;
    for (int a = 0; a < 3; a++) {
        double s = fmax(size[a], 1e-3 * largest);
        volume *= s;
        diagonal += s * s;
    }
    diagonal = sqrt(diagonal);
    /* The falloff (1 - (d/r)^4)^2 / d^2 over a sphere of radius r: 4 pi r times the window's
     * mean along a ray, int_0^1 (1 - x^4)^2 dx = 1 - 2/5 + 1/9. A light reaching past the box
     * counts as far as the box's diagonal (no point of the box is farther from a light in it). */
    const double window_mean = 1.0 - 0.4 + 1.0 / 9.0, pi = 3.14159265358979;
    double sum = 0.0;
    for (uint32_t i = 0; i < count; i++) {
        const lc_light *l = &lights[i];
        double lum = 0.2126 * l->color[0] + 0.7152 * l->color[1] + 0.0722 * l->color[2];
        double share = 1.0;
        if (l->type == LC_LIGHT_SPOT) { /* the cone's solid angle at the middle of its smooth edge */
            double half = 0.5 * ((double)l->inner_deg + (double)l->outer_deg) * pi / 180.0;
            share = 0.5 * (1.0 - cos(half));
        }
        sum += (double)l->intensity * lum * share * 4.0 * pi * window_mean * fmin((double)l->radius, diagonal);
    }
    return sum / volume;
}

float lc_exposure_auto(const lc_light *lights, uint32_t count, const float bmin[3], const float bmax[3])
{
    return lc_exposure_auto_sun(lights, count, bmin, bmax, 0.0);
}

float lc_exposure_auto_sun(const lc_light *lights, uint32_t count, const float bmin[3], const float bmax[3], double sun_lux)
{
    double e = lc_exposure_mean_illuminance(lights, count, bmin, bmax);
    /* A few lights that light a small part of a big box (a file's one spot) would leave the mean
     * low and the lit part blown out: meter at least what the brightest light gives at half its
     * reach (its range, or the box's diagonal where that is shorter). */
    double diagonal = 0.0;
    for (int a = 0; a < 3; a++) diagonal += ((double)bmax[a] - bmin[a]) * ((double)bmax[a] - bmin[a]);
    diagonal = sqrt(diagonal);
    for (uint32_t i = 0; i < count; i++) {
        const lc_light *l = &lights[i];
        double lum = 0.2126 * l->color[0] + 0.7152 * l->color[1] + 0.0722 * l->color[2];
        double half = 0.5 * (diagonal > 0.0 ? fmin((double)l->radius, diagonal) : (double)l->radius);
        double win = 1.0 - 1.0 / 16.0 * pow(half * 2.0 / (double)l->radius, 4.0);
        if (half > 0.0) e = fmax(e, (double)l->intensity * lum * win * win / (half * half));
    }
    /* The surface's luminance, as glTF's Lambert term gives it (albedo * E / pi), metered at ISO
     * 100: EV100 = log2(L * 100 / 12.5). The key was calibrated when the diffuse term carried no
     * 1/pi; dividing by pi here keeps that calibration (the same screen brightness for diffuse
     * surfaces) now that the BRDF is glTF's, instead of retuning the key by the same factor. */
    const double pi = 3.14159265358979;
    double lum = (LC_EXPOSURE_KEY * e + LC_EXPOSURE_SUN_KEY * fmax(sun_lux, 0.0)) / pi;
    if (!(lum > 0.0) || !isfinite(lum)) return 0.0f;
    double ev = log2(lum * 100.0 / 12.5);
    return (float)fmin(fmax(ev, (double)LC_EXPOSURE_EV_MIN), (double)LC_EXPOSURE_EV_MAX);
}
