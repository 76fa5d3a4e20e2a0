/* --help and --help-markdown (docs/OPTIONS.md), both printed from the options table and the
 * viewer's keys, so the two and the parser cannot disagree. */
#include <stdio.h>
#include <string.h>

#include "app/keys.h"
#include "app/options.h"

#define HELP_COLUMN 27 /* where the help text starts */
#define HELP_WIDTH 100

static const char k_usage[] =
    "usage: lightcull [options]            viewer (or --headless)\n"
    "       lightcull bench [--quick] ...  benchmark sweep (see docs/BENCHMARKS.md)\n";

/* "--flag VALUE" or "--help, -h" */
static void option_name(const lc_option *opt, char *out, size_t size)
{
    snprintf(out, size, "%s%s%s%s%s", opt->flag, opt->alias ? ", " : "", opt->alias ? opt->alias : "", opt->value ? " " : "",
             opt->value ? opt->value : "");
}

/* Prints text wrapped at HELP_WIDTH; the first line continues at column `at`, the others start
 * at HELP_COLUMN. */
static void wrap(FILE *f, const char *text, int at)
{
    int col = at;
    bool line_empty = true;
    for (const char *p = text; *p;) {
        while (*p == ' ') p++;
        size_t len = strcspn(p, " ");
        if (!len) break;
        if (!line_empty && col + 1 + (int)len > HELP_WIDTH) {
            fprintf(f, "\n%*s", HELP_COLUMN, "");
            col = HELP_COLUMN;
            line_empty = true;
        }
        if (!line_empty) {
            fputc(' ', f);
            col++;
        }
        fwrite(p, 1, len, f);
        col += (int)len;
        line_empty = false;
        p += len;
    }
    fputc('\n', f);
}

void lc_options_usage(FILE *f)
{
    uint32_t count;
    const lc_option *t = lc_options_table(&count);
    fputs(k_usage, f);
    for (int s = 0; s < LC_OPTSEC_COUNT; s++) {
        fprintf(f, "\n%s:\n", lc_option_section_names[s]);
        for (uint32_t i = 0; i < count; i++) {
            if ((int)t[i].section != s) continue;
            char name[128];
            option_name(&t[i], name, sizeof name);
            int col = fprintf(f, "  %s", name);
            if (col + 2 > HELP_COLUMN) {
                fprintf(f, "\n%*s", HELP_COLUMN, "");
            } else {
                fprintf(f, "%*s", HELP_COLUMN - col, "");
            }
            wrap(f, t[i].help, HELP_COLUMN);
        }
    }
    fputs("\nviewer keys:\n", f);
    for (uint32_t i = 0; i < lc_viewer_key_count; i++) fprintf(f, "  %-14s%s\n", lc_viewer_keys[i].key, lc_viewer_keys[i].action);
}

/* Markdown-escapes the characters that would start emphasis, strikethrough, HTML or a table cell. */
static void md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (strchr("*~<|`[]", *s)) fputc('\\', f);
        fputc(*s, f);
    }
}

static void md_title(FILE *f, const char *s)
{
    fputs("## ", f);
    fputc(*s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s, f);
    fputs(s + 1, f);
    fputs("\n\n", f);
}

void lc_options_markdown(FILE *f)
{
    uint32_t count;
    const lc_option *t = lc_options_table(&count);
    fputs("# lightcull's options\n\n"
          "Generated from the options table in `src/app/options.c` by `lightcull --help-markdown > docs/OPTIONS.md`;\n"
          "`lightcull --help` prints the same. The test `test_options` fails when this file and the table\n"
          "disagree, so edit the table, not this file.\n\n```\n",
          f);
    fputs(k_usage, f);
    fputs("```\n\n", f);
    for (int s = 0; s < LC_OPTSEC_COUNT; s++) {
        md_title(f, lc_option_section_names[s]);
        for (uint32_t i = 0; i < count; i++) {
            if ((int)t[i].section != s) continue;
            char name[128];
            option_name(&t[i], name, sizeof name);
            fprintf(f, "- `%s`: ", name);
            md_text(f, t[i].help);
            if (t[i].stats) fprintf(f, " (reported as `%s` in [--stats](STATS.md))", t[i].stats);
            fputs("\n", f);
        }
        fputs("\n", f);
    }
    md_title(f, "viewer keys");
    fputs("| Key | Action |\n|---|---|\n", f);
    for (uint32_t i = 0; i < lc_viewer_key_count; i++) {
        fputs("| ", f);
        md_text(f, lc_viewer_keys[i].key);
        fputs(" | ", f);
        md_text(f, lc_viewer_keys[i].action);
        fputs(" |\n", f);
    }
}
