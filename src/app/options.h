/* Command-line options: parsing and validation, separate from running so the parser can be
 * tested and fuzzed. Every problem is one lc_error line and LC_ERR_USAGE (exit 2).
 * Each option is one row of one table (options.c): the parser, --help and --help-markdown
 * (docs/OPTIONS.md) all read it, so they cannot disagree (tests/test_options.c). */
#ifndef LC_OPTIONS_H
#define LC_OPTIONS_H

#include <stdio.h>

#include "common.h"
#include "lights/cascades.h"

typedef struct lc_options {
    const char *scene;        /* "default", "mesh" or a path */
    uint32_t grid;            /* --grid N: objects replicated N^3 times; default 1 */
    const char *figures;      /* --figures FILE: copies of an animated file on the scene's floor; NULL: none */
    uint32_t figure_count;    /* --figure-count N; default 64 */
    bool light_motion_off;    /* --light-motion off: generated lights stand still; default on */
    bool grid_phase_same;     /* --grid-phase same: an animated file's copies share one pose; default spread (a pose per copy) */
    uint32_t lights;          /* default 1024 */
    bool lights_set;          /* --lights given: generated lights even where the file has its own */
    uint64_t seed;            /* default 1 */
    const char *lights_file;  /* NULL: generated lights */
    uint32_t decals;          /* --decals N: generated decals on the scene's surfaces; default 0 */
    const char *decals_file;  /* --decals-file: decals from a file instead (docs/DECALS.md) */
    bool list_sort;           /* --list-sort on|off: lists mode sorts each tile's list; default on */
    bool camera_set;
    float camera[5];          /* x, y, z, yaw_deg, pitch_deg */
    bool camera_to_set;
    float camera_to[5];       /* --camera-to: headless, the camera moves from the start to this over the frames */
    float fov;                /* vertical, degrees; default 60 */
    bool fov_set;             /* --fov given: it wins over a file camera's own */
    bool exposure_set;        /* --exposure given; otherwise automatic (lc_exposure_auto) */
    float exposure;           /* EV100 */
    bool camera_index_set;
    uint32_t camera_index;    /* --camera-index N: the file's camera N starts the view */
    uint32_t width, height;   /* default 1280x720 */
    bool device_set;
    int device;
    bool headless;
    uint32_t frames;          /* 0: run until closed (window); headless default 1 */
    bool frames_set;          /* --frames given */
    const char *out;          /* PNG of the last frame */
    const char *stats;        /* JSON stats */
    bool validate;
    int mode;                 /* LC_MODE_*; default zbin */
    uint32_t shading;         /* LC_SHADING_*; default forward */
    uint32_t tonemap;         /* LC_TONEMAP_*; default auto */
    bool scalarize;           /* default on */
    uint32_t scalarize_merge; /* LC_SCALARIZE_MERGE_*; default tiles */
    bool object_cull;         /* CPU object frustum culling (sphere, then OOBB); default on */
    bool pairs;               /* count light-pixel pairs (stats) */
    uint32_t view;            /* LC_VIEW_* */
    uint32_t tile_size, zbins, cluster_tile, cluster_slices, list_max; /* 0: renderer defaults */
    uint32_t zbin_kernel;     /* LC_ZBIN_KERNEL_*; default auto */
    uint32_t vis_ids;         /* LC_VIS_IDS_*; default auto */
    uint32_t binning;         /* LC_BINNING_*; default tiles */
    uint32_t heatmap_kind;    /* LC_HEATMAP_*; default all */
    uint32_t bin_kernel;      /* LC_BIN_KERNEL_*; default lights */
    bool cull_2_5d;           /* --cull-2.5d on|off: 2.5D culling (tiles, zbin, lists); default off */
    bool vsync;               /* window only; default on */
    const char *capture;      /* RenderDoc capture file */
    const char *script;       /* viewer input script */
    uint64_t memory_limit;    /* bytes; 0: none */
    uint32_t threads;         /* CPU job threads, 1..256; 0 (default): all cores */
    int geometry;             /* LC_GEOMETRY_*; -1 (default): the best the device has */
    bool occlusion;           /* two-phase HiZ occlusion culling; default on */
    uint32_t mesh_dispatch;   /* LC_MESH_DISPATCH_*: the mesh path's indirect mesh tasks or task shader */
    bool mesh_dispatch_set;   /* --mesh-dispatch given; else indirect where the device has it, task elsewhere */
    bool meshlet_codec;       /* runtime mesh decoded on the GPU from the compressed stream; default on */
    uint32_t shadowed_lights; /* --shadowed-lights N: the N most important lights cast shadows too; default 0 */
    uint32_t shadow_updates;  /* --shadow-updates K: most shadow views rendered a frame; 0 (default): 16 */
    uint32_t shadow_filter;   /* --shadow-filter: LC_SHADOW_FILTER_*; 0 (default): tent */
    uint32_t shadow_cull;     /* --shadow-cull: LC_SHADOW_CULL_GPU (default) or _CPU */
    uint32_t shadow_occlusion; /* --shadow-occlusion: LC_SHADOW_OCCLUSION_ON (default) or _OFF */
    uint32_t shadow_dynamic;   /* --shadow-dynamic: LC_SHADOW_DYNAMIC_REDRAW (default) or _OVERLAY */
    bool visibility_prepass;  /* --visibility-pass prepass or single */
    bool visibility_pass_set; /* --visibility-pass given; else lc_app_visibility_prepass */
    uint32_t raster;          /* --raster: LC_RASTERIZER_* (default auto) */
    bool quiet;
    bool help, version;
    bool help_markdown;       /* --help-markdown: the options as docs/OPTIONS.md */
    /* The sun and the environment (lights/environment.h), options added last. */
    bool sun_set;             /* --sun given: a directional light; default none */
    float sun[4];             /* direction towards the sun (x, y, z), illuminance in lux */
    uint32_t environment;     /* LC_ENVIRONMENT_*; default sky */
    const char *environment_file; /* --environment FILE.hdr */
    lc_cascade_settings cascades; /* --cascades and the rest: the sun's cascaded shadow maps (with --sun) */
    /* Animation (scene/animation.h). */
    int32_t animation;        /* --animation: an index, -1 none, -2 all; default 0 */
    bool animation_set;       /* --animation given (an index the file lacks is then an error) */
    float time;               /* --time: the first frame's time, seconds; default 0 */
    bool skinning_cpu;        /* --skinning cpu: posed on the CPU and uploaded; default gpu */
    /* Environment probes (lights/probes.h). */
    const char *probes_file;  /* --probes-file FILE.json */
    uint32_t probes;          /* --probes auto|N: at most N probes in a grid over the scene (auto: LC_PROBES_AUTO); 0: none */
} lc_options;

/* The --help sections, in the order they are printed. */
typedef enum lc_option_section {
    LC_OPTSEC_SCENE, LC_OPTSEC_CAMERA, LC_OPTSEC_CULLING, LC_OPTSEC_GEOMETRY, LC_OPTSEC_SHADOWS, LC_OPTSEC_ANIMATION,
    LC_OPTSEC_TOOLS,
    LC_OPTSEC_COUNT
} lc_option_section;
extern const char *const lc_option_section_names[LC_OPTSEC_COUNT];

typedef struct lc_option lc_option;
/* Reads the value v of option opt into o; on a bad value one lc_error line and LC_ERR_USAGE. */
typedef lc_status (*lc_option_parse_fn)(const lc_option *opt, const char *v, lc_options *o);

/* One command-line option. Zero means "none" in every member but flag, section and help. */
struct lc_option {
    const char *flag;          /* "--grid" */
    const char *alias;         /* another spelling ("-h"); NULL: none */
    const char *value;         /* the value's placeholder in --help ("N"); NULL: a switch, no value */
    lc_option_section section;
    lc_option_parse_fn parse;  /* NULL for a switch: it stores lo into the field */
    size_t field, field_size;  /* where the value goes: offsetof and sizeof in lc_options */
    size_t set_field;          /* offsetof a bool set true when the option is given; 0: none */
    double lo, hi;             /* numbers: the range, both ends included; a switch: the value stored */
    const char *const *names;  /* named values: names[i] stores i (NULL entries are skipped) */
    uint32_t name_count;
    const char *why;           /* the error's text for a bad value; NULL: "expected a, b or c" from names */
    const char *pow2_why;      /* whole numbers that must be powers of two: the error's text */
    const char *help;          /* one paragraph, wrapped when printed */
    const char *stats;         /* the --stats key that reports what ran ("geometry.path"); NULL: none */
};

/* The table, in --help order. */
const lc_option *lc_options_table(uint32_t *count);

/* Fills defaults, then parses argv[first..argc). */
lc_status lc_options_parse(int argc, char **argv, int first, lc_options *out);
/* --help: the usage, the options by section and the viewer's keys. */
void lc_options_usage(FILE *f);
/* --help-markdown: the same as docs/OPTIONS.md. */
void lc_options_markdown(FILE *f);

#endif
