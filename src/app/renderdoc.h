/* RenderDoc's in-application API, loaded at run time when the library is present (never
 * required): capture one frame to a chosen file. Load before the Vulkan instance exists. */
#ifndef LC_RENDERDOC_H
#define LC_RENDERDOC_H

#include "vk/vk_context.h"

typedef struct lc_renderdoc lc_renderdoc;

/* path: the .rdc file to write. LC_ERR_RUNTIME with one line when RenderDoc is missing. */
lc_status lc_renderdoc_load(lc_renderdoc **out, const char *path);
/* NULL when lightcull already runs under RenderDoc or the library cannot be loaded. */
lc_renderdoc *lc_renderdoc_try_load(const char *path);
void lc_renderdoc_begin(lc_renderdoc *rd, const lc_context *ctx);
/* Ends the capture and moves it to the requested path; false on failure (message printed). */
bool lc_renderdoc_end(lc_renderdoc *rd, const lc_context *ctx);
/* The file the next capture is moved to (default: the path given at load). */
void lc_renderdoc_set_path(lc_renderdoc *rd, const char *path);
const char *lc_renderdoc_path(const lc_renderdoc *rd);
/* Viewer: capture the next presented frame (window capture). */
void lc_renderdoc_trigger(lc_renderdoc *rd);
void lc_renderdoc_unload(lc_renderdoc *rd);
/* Whether RenderDoc's library is in the process (loaded here or injected by its launcher): its
 * Vulkan layer then hides what it cannot capture (VK_EXT_mesh_shader, Vulkan 1.3). */
bool lc_renderdoc_present(void);

#endif
