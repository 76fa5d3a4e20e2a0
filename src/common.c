#include "common.h"

#include <errno.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static bool g_quiet;

int lc_status_exit_code(lc_status s)
{
    switch (s) {
    case LC_OK: return 0;
    case LC_ERR_USAGE:
    case LC_ERR_INPUT: return 2;
    case LC_ERR_RUNTIME: return 1;
    }
    return 1;
}

static void vprint(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    /* Keep errors on one line whatever the caller passed in. */
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '\r') *p = ' ';
    fprintf(f, "lightcull: %s%s\n", prefix, buf);
    fflush(f);
}

void lc_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprint(stderr, "", fmt, ap);
    va_end(ap);
}

void lc_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprint(stderr, "warning: ", fmt, ap);
    va_end(ap);
}

void lc_info(const char *fmt, ...)
{
    if (g_quiet) return;
    va_list ap;
    va_start(ap, fmt);
    vprint(stdout, "", fmt, ap);
    va_end(ap);
}

void lc_set_quiet(bool quiet) { g_quiet = quiet; }

static void *check_alloc(void *p, size_t size)
{
    if (!p && size) {
        fprintf(stderr, "lightcull: out of memory allocating %zu bytes\n", size);
        abort();
    }
    return p;
}

void *lc_alloc(size_t size) { return check_alloc(malloc(size ? size : 1), size); }
void *lc_calloc(size_t count, size_t size) { return check_alloc(calloc(count ? count : 1, size ? size : 1), count * size); }
void *lc_realloc(void *ptr, size_t size) { return check_alloc(realloc(ptr, size ? size : 1), size); }

/* Inputs (lights files, scripts) beyond this are refused rather than read until memory runs
 * out: --lights-file /dev/zero must end in a message, not an abort. The largest lights file
 * (1,048,576 lights) is well under it. */
#define READ_FILE_MAX ((size_t)512 << 20)

char *lc_read_file(const char *path, size_t *size_out, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    char *data = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size + 65536 + 1 > cap) {
            if (cap >= READ_FILE_MAX) {
                free(data);
                fclose(f);
                snprintf(err, err_size, "'%s' is larger than %zu MiB", path, READ_FILE_MAX >> 20);
                return NULL;
            }
            cap = cap ? cap * 2 : 131072;
            data = lc_realloc(data, cap);
        }
        size_t n = fread(data + size, 1, cap - size - 1, f);
        size += n;
        if (n == 0) break;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(data);
        snprintf(err, err_size, "cannot read '%s'", path);
        return NULL;
    }
    data[size] = 0;
    if (size_out) *size_out = size;
    return data;
}

/* Opens PATH's temporary name (PATH.tmpPID, written into tmp) for writing; on failure prints
 * "cannot write" and returns NULL. */
static FILE *open_temporary(const char *path, char tmp[4096])
{
    snprintf(tmp, 4096, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) lc_error("cannot write '%s': %s", path, strerror(errno));
    return f;
}

lc_status lc_write_file_atomic(const char *path, const void *data, size_t size)
{
    char tmp[4096];
    FILE *f = open_temporary(path, tmp);
    if (!f) return LC_ERR_INPUT;
    bool ok = fwrite(data, 1, size, f) == size;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        lc_error("cannot write '%s': %s", path, strerror(errno));
        remove(tmp);
        return LC_ERR_INPUT;
    }
    return LC_OK;
}

int lc_name_index(const char *name, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0) return i;
    return -1;
}

void lc_copy_str(char *dst, size_t size, const char *src)
{
    size_t n = LC_MIN(strlen(src), size - 1);
    memcpy(dst, src, n);
    dst[n] = 0;
}

void lc_append_str(char *dst, size_t size, const char *src)
{
    size_t len = strlen(dst);
    lc_copy_str(dst + len, size - len, src);
}

const char *lc_base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

void lc_dir_name(char *dst, size_t size, const char *path)
{
    lc_copy_str(dst, size, path);
    char *slash = strrchr(dst, '/');
    if (slash) *slash = 0;
    else lc_copy_str(dst, size, ".");
}

lc_status lc_check_writable(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        lc_error("cannot write '%s': %s", path, strerror(EISDIR));
        return LC_ERR_INPUT;
    }
    char tmp[4096];
    FILE *f = open_temporary(path, tmp);
    if (!f) return LC_ERR_INPUT;
    fclose(f);
    remove(tmp);
    return LC_OK;
}

double lc_time_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
