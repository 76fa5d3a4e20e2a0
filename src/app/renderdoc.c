#include "app/renderdoc.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <renderdoc_app.h>

struct lc_renderdoc {
    RENDERDOC_API_1_4_1 *api;
    char path[4096];
    char template_[4096];
    uint32_t captures_before;
};

static RENDERDOC_API_1_4_1 *get_api(void)
{
    /* Already injected (renderdoccmd, the RenderDoc UI): use it; else load the library. */
    void *lib = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (!lib) {
        /* The implicit Vulkan layer activates only with this set before instance creation. */
        setenv("ENABLE_VULKAN_RENDERDOC_CAPTURE", "1", 1);
        lib = dlopen("librenderdoc.so", RTLD_NOW);
        if (!lib) lib = dlopen("/usr/lib/x86_64-linux-gnu/renderdoc/librenderdoc.so", RTLD_NOW);
    }
    if (!lib) return NULL;
    pRENDERDOC_GetAPI get = (pRENDERDOC_GetAPI)dlsym(lib, "RENDERDOC_GetAPI");
    RENDERDOC_API_1_4_1 *api = NULL;
    if (!get || !get(eRENDERDOC_API_Version_1_4_1, (void **)&api)) return NULL;
    return api;
}

bool lc_renderdoc_present(void)
{
    void *lib = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (!lib) lib = dlopen("/usr/lib/x86_64-linux-gnu/renderdoc/librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (lib) dlclose(lib); /* NOLOAD took a reference */
    return lib != NULL;
}

lc_renderdoc *lc_renderdoc_try_load(const char *path)
{
    RENDERDOC_API_1_4_1 *api = get_api();
    if (!api) return NULL;
    lc_renderdoc *rd = lc_calloc(1, sizeof *rd);
    rd->api = api;
    lc_renderdoc_set_path(rd, path ? path : "lightcull.rdc");
    api->MaskOverlayBits(eRENDERDOC_Overlay_None, eRENDERDOC_Overlay_None);
    return rd;
}

void lc_renderdoc_set_path(lc_renderdoc *rd, const char *path)
{
    if (!rd) return;
    snprintf(rd->path, sizeof rd->path, "%s", path);
    /* RenderDoc appends _frameN.rdc to the template (beside the wanted file, so the rename
     * stays on one file system); the capture is renamed afterwards. */
    snprintf(rd->template_, sizeof rd->template_, "%s", rd->path);
    size_t n = strlen(rd->template_);
    if (n > 4 && strcmp(rd->template_ + n - 4, ".rdc") == 0) rd->template_[n - 4] = 0;
    rd->api->SetCaptureFilePathTemplate(rd->template_);
}

const char *lc_renderdoc_path(const lc_renderdoc *rd) { return rd ? rd->path : ""; }

lc_status lc_renderdoc_load(lc_renderdoc **out, const char *path)
{
    *out = lc_renderdoc_try_load(path);
    if (!*out) {
        lc_error("--capture needs RenderDoc's library (Debian: renderdoc), which could not be loaded");
        return LC_ERR_RUNTIME;
    }
    return LC_OK;
}

void lc_renderdoc_begin(lc_renderdoc *rd, const lc_context *ctx)
{
    if (!rd) return;
    rd->captures_before = rd->api->GetNumCaptures();
    rd->api->StartFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(ctx->instance), NULL);
}

static bool move_latest(lc_renderdoc *rd)
{
    uint32_t n = rd->api->GetNumCaptures();
    if (n <= rd->captures_before) {
        lc_error("RenderDoc did not write the capture '%s' (nothing appeared at '%s_frame*.rdc')", rd->path, rd->template_);
        return false;
    }
    char file[4096];
    uint32_t len = sizeof file;
    uint64_t ts;
    if (!rd->api->GetCapture(n - 1, file, &len, &ts)) {
        lc_error("RenderDoc lost the capture meant for '%s'", rd->path);
        return false;
    }
    if (strcmp(file, rd->path) != 0 && rename(file, rd->path) != 0) {
        lc_error("cannot move the capture '%s' to '%s': %s", file, rd->path, strerror(errno));
        return false;
    }
    lc_info("RenderDoc capture written: %s", rd->path);
    rd->captures_before = n;
    return true;
}

bool lc_renderdoc_end(lc_renderdoc *rd, const lc_context *ctx)
{
    if (!rd) return false;
    if (!rd->api->EndFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(ctx->instance), NULL)) {
        lc_error("RenderDoc's capture for '%s' failed", rd->path);
        return false;
    }
    return move_latest(rd);
}

void lc_renderdoc_trigger(lc_renderdoc *rd)
{
    if (rd) rd->api->TriggerCapture();
}

void lc_renderdoc_unload(lc_renderdoc *rd) { free(rd); }
