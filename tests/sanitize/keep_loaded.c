/* Sanitizer builds only (LIGHTCULL_SANITIZE): a dlclose that leaves libraries loaded.
 *
 * LeakSanitizer looks for leaks when the process exits, after the Vulkan loader has
 * dlclose'd the drivers and layers it loaded. Frames in an unloaded library print as
 * "<unknown module>", and memory the driver still referenced from its own globals looks
 * leaked once those globals are unmapped. Keeping every library mapped until exit makes
 * such memory reachable again, and real driver leaks show their module's name, so
 * tests/lsan.supp can name exactly the libraries it suppresses.
 *
 * Linked as a shared library so that this definition comes before libc's in the lookup
 * order; ASan's own dlclose interceptor forwards here. */

int dlclose(void *handle);

int dlclose(void *handle)
{
    (void)handle;
    return 0;
}
