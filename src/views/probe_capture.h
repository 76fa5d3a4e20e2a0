/* The environment probes' capture at load: the lit scene rendered from each probe's position
 * into a cube of six 90-degree views, resampled into an equirectangular image of the HDR
 * radiance (the sky's where a view saw nothing), which the environment's prefilter then takes
 * as it takes the sky (lights/environment.h, lc_environment_desc.probe_images).
 *
 * The views are rendered by a renderer of their own (renderer.h) into a small headless target:
 * the frame already renders a camera into a target, so a probe face is just a camera (90
 * degrees, square) and a target, with no change to the frame. That renderer has no probes
 * (one bounce), culls brute force and shades forward, with the caller's lights, sun,
 * environment, shadows and exposure. */
#ifndef LC_PROBE_CAPTURE_H
#define LC_PROBE_CAPTURE_H

#include "renderer.h"
#include "lights/probes.h"

#define LC_PROBE_FACE_SIZE 128u     /* each cube face's pixels on a side */
#define LC_PROBE_MAP_WIDTH 256u     /* the equirectangular capture (twice as wide as high) */

/* Fills images[set->count] (lc_environment_image_free each) and records[set->count]
 * (position and extents; lc_gpu_probe.extents.w the fade). settings: the frame's (camera,
 * mode, shading and views are the capture's own). */
lc_status lc_probes_capture(lc_context *ctx, const lc_scene *scene, const lc_renderer_desc *desc, const lc_frame_settings *settings,
                            const lc_light *lights, uint32_t light_count, const lc_probe_set *set, lc_environment_image *images,
                            lc_gpu_probe *records);

#endif
