/* Runs a fuzz target's entry point over files without libFuzzer, so the seed corpus and
 * every saved crash replay in each normal build (any compiler) as a ctest:
 *   replay_fuzz_X FILE|DIR...   (directories: every regular file in them, in name order) */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int run_file(const char *path)
{
    char err[512];
    size_t size = 0;
    char *data = lc_read_file(path, &size, err, sizeof err);
    if (!data) {
        fprintf(stderr, "replay: %s\n", err);
        return 1;
    }
    /* An exact-size copy, so reading past the input is caught like under libFuzzer. */
    uint8_t *exact = malloc(size ? size : 1);
    memcpy(exact, data, size);
    free(data);
    fprintf(stderr, "replay: %s (%zu bytes)\n", path, size);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int run_dir(const char *dir, unsigned *count)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open '%s'\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        names = realloc(names, (n + 1) * sizeof *names);
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            failed |= run_file(names[i]);
            (*count)++;
        }
        free(names[i]);
    }
    free(names);
    return failed;
}

int main(int argc, char **argv)
{
    unsigned count = 0;
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory '%s'\n", argv[i]);
            failed = 1;
        } else if (S_ISDIR(st.st_mode)) {
            failed |= run_dir(argv[i], &count);
        } else {
            failed |= run_file(argv[i]);
            count++;
        }
    }
    if (!count) {
        fprintf(stderr, "replay: no inputs\n");
        return 1;
    }
    printf("replay: %u inputs, %s\n", count, failed ? "some could not be read" : "no crash");
    return failed;
}
