/* The options table: the parser accepts exactly its flags, each flag is in --help and in
 * docs/OPTIONS.md, the committed docs/OPTIONS.md is what --help-markdown prints, every named
 * value is documented and accepted, and --help fits 100 columns. */
#define _GNU_SOURCE
#include "app/keys.h"
#include "app/options.h"
#include "test_util.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static char *print_to_string(void (*print)(FILE *))
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    print(f);
    fclose(f);
    return text;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    size_t got = fread(text, 1, (size_t)n, f);
    text[got] = 0;
    fclose(f);
    return text;
}

/* flag occurs in text as a whole token (not as the start of a longer flag). */
static bool has_flag(const char *text, const char *flag)
{
    size_t len = strlen(flag);
    for (const char *p = strstr(text, flag); p; p = strstr(p + 1, flag)) {
        char before = p == text ? ' ' : p[-1], after = p[len];
        if ((isalnum((unsigned char)before) || before == '-') || isalnum((unsigned char)after) || after == '-') continue;
        return true;
    }
    return false;
}

static lc_status parse2(const char *flag, const char *value)
{
    char *argv[] = {(char *)"lightcull", (char *)flag, (char *)value, NULL};
    lc_options o;
    return lc_options_parse(value ? 3 : 2, argv, 1, &o);
}

/* flag value alone, else after the options some values need beside them (--camera-to and the
 * others headless alone; --raster compute, --view triangles and overdraw under visibility
 * shading with the compute raster). */
static lc_status parse_in_context(const char *flag, const char *value)
{
    if (parse2(flag, value) == LC_OK) return LC_OK;
    char *argv[] = {(char *)"lightcull", (char *)"--headless", (char *)"--shading", (char *)"visibility", (char *)"--raster",
                    (char *)"compute", (char *)flag, (char *)value, NULL};
    lc_options o;
    return lc_options_parse(8, argv, 1, &o);
}

/* A value the option accepts: a name, the low end of a range, or one of a few samples. */
static bool accepts_some_value(const lc_option *opt)
{
    static const char *const samples[] = {"default", "1", "0", "on", "64x36", "1,2,3,4,5", "0,1,0,1000", "sky", "60", "x.png"};
    if (opt->names) {
        for (uint32_t i = 0; i < opt->name_count; i++)
            if (opt->names[i]) return parse_in_context(opt->flag, opt->names[i]) == LC_OK;
        return false;
    }
    char low[32];
    snprintf(low, sizeof low, "%.0f", opt->lo);
    if (parse2(opt->flag, low) == LC_OK) return true;
    for (size_t k = 0; k < sizeof samples / sizeof *samples; k++)
        if (parse_in_context(opt->flag, samples[k]) == LC_OK) return true;
    return false;
}

/* The schema's description of a dotted --stats key ("geometry.path"), or NULL. */
static const cJSON *schema_key(const cJSON *schema, const char *key)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", key);
    const cJSON *node = schema;
    for (char *part = strtok(buf, "."); part && node; part = strtok(NULL, ".")) {
        const cJSON *props = cJSON_GetObjectItemCaseSensitive(node, "properties");
        const cJSON *alt = cJSON_GetObjectItemCaseSensitive(node, "oneOf"); /* e.g. "sun": null or an object */
        if (!props && alt)
            for (const cJSON *a = alt->child; a && !props; a = a->next) props = cJSON_GetObjectItemCaseSensitive(a, "properties");
        node = props ? cJSON_GetObjectItemCaseSensitive(props, part) : NULL;
    }
    return node;
}

int main(void)
{
    uint32_t count;
    const lc_option *t = lc_options_table(&count);
    char *help = print_to_string(lc_options_usage);
    char *markdown = print_to_string(lc_options_markdown);
    const char *src = getenv("LC_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/docs/OPTIONS.md", src ? src : ".");
    char *docs = read_file(path);
    CHECK_MSG(docs != NULL, "cannot read %s", path);
    if (docs)
        CHECK_MSG(!strcmp(docs, markdown), "docs/OPTIONS.md differs from the options table: regenerate it with "
                                           "lightcull --help-markdown > docs/OPTIONS.md");
    CHECK(count >= 50);
    /* Each option's --stats key is one the published schema describes. */
    snprintf(path, sizeof path, "%s/docs/stats.schema.json", src ? src : ".");
    char *schema_text = read_file(path);
    cJSON *schema = schema_text ? cJSON_Parse(schema_text) : NULL;
    CHECK_MSG(schema != NULL, "cannot read %s", path);
    uint32_t with_stats = 0;
    for (uint32_t i = 0; i < count && schema; i++) {
        if (!t[i].stats) continue;
        with_stats++;
        CHECK_MSG(schema_key(schema, t[i].stats), "%s: its --stats key %s is not in docs/stats.schema.json", t[i].flag, t[i].stats);
    }
    CHECK(with_stats >= 30);
    cJSON_Delete(schema);
    free(schema_text);

    for (uint32_t i = 0; i < count; i++) {
        const lc_option *opt = &t[i];
        CHECK_MSG(!strncmp(opt->flag, "--", 2), "%s", opt->flag);
        CHECK_MSG(opt->help && *opt->help, "%s has no help", opt->flag);
        CHECK_MSG(opt->section < LC_OPTSEC_COUNT, "%s", opt->flag);
        CHECK_MSG(has_flag(help, opt->flag), "%s is not in --help", opt->flag);
        CHECK_MSG(docs && has_flag(docs, opt->flag), "%s is not in docs/OPTIONS.md", opt->flag);
        CHECK_MSG(!opt->value == !opt->parse, "%s: a value needs a parser and a switch has none", opt->flag);
        for (uint32_t j = 0; j < i; j++) CHECK_MSG(strcmp(opt->flag, t[j].flag), "%s twice", opt->flag);
        if (!opt->value) {
            CHECK_MSG(parse2(opt->flag, NULL) == LC_OK, "the switch %s is refused", opt->flag);
            continue;
        }
        CHECK_MSG(accepts_some_value(opt), "%s accepts none of the sample values", opt->flag);
        CHECK_MSG(parse2(opt->flag, NULL) == LC_ERR_USAGE, "%s without its value is accepted", opt->flag);
        /* Each named value is accepted and named in the option's help line. */
        for (uint32_t n = 0; opt->names && n < opt->name_count; n++) {
            if (!opt->names[n]) continue;
            CHECK_MSG(parse_in_context(opt->flag, opt->names[n]) == LC_OK, "%s %s refused", opt->flag, opt->names[n]);
            CHECK_MSG(strstr(opt->help, opt->names[n]) || strstr(opt->value, opt->names[n]), "%s: the value %s is not in its help",
                      opt->flag, opt->names[n]);
        }
        /* A longer flag that starts with this one is unknown, not taken for it. */
        char longer[96];
        snprintf(longer, sizeof longer, "%sx", opt->flag);
        CHECK_MSG(parse2(longer, "1") == LC_ERR_USAGE, "%s is accepted", longer);
    }
    CHECK(parse2("--no-such-option", NULL) == LC_ERR_USAGE);
    CHECK(parse2("stray", NULL) == LC_ERR_USAGE);

    /* Every flag --help names is one the parser knows (the bench's own excepted). */
    for (const char *p = help; (p = strstr(p, "--"));) {
        size_t len = 2;
        /* A dot inside a flag (--cull-2.5d), not one that ends a sentence. */
        while (isalnum((unsigned char)p[len]) || p[len] == '-' || (p[len] == '.' && isalnum((unsigned char)p[len + 1]))) len++;
        char flag[64];
        snprintf(flag, sizeof flag, "%.*s", (int)len, p);
        bool known = !strcmp(flag, "--quick");
        for (uint32_t i = 0; i < count; i++) known = known || !strcmp(flag, t[i].flag);
        CHECK_MSG(known, "--help names %s, which the parser does not accept", flag);
        p += len;
    }
    for (uint32_t k = 0; k < lc_viewer_key_count; k++) CHECK_MSG(strstr(help, lc_viewer_keys[k].action), "key %s", lc_viewer_keys[k].key);
    /* Legible in an 100-column terminal. */
    for (const char *line = help; *line;) {
        size_t len = strcspn(line, "\n");
        CHECK_MSG(len <= 100, "--help line of %zu columns: %.*s", len, (int)len, line);
        line += len + (line[len] == '\n');
    }
    free(help);
    free(markdown);
    free(docs);
    return lc_test_finish("test_options");
}
