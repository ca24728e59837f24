// Pango, opened when a text is first laid out instead of linked: a render that draws no text never
// loads Pango and the libraries it pulls in (glib, gobject, gio, harfbuzz, fribidi, thai and more,
// sixteen in all), whose loading cost every start about 1.5 ms of CPU.
//
// This header declares the part of Pango's C API the package calls (`PangoLibrary` in
// ProgressRenderRaster), as Pango 1.x defines it: opaque handles, the leading fields of the
// public structs the package reads, the constants it passes, and a table of entry points that
// `pr_pango_open` fills with `dlsym`. Pango's ABI has been stable since 1.0; the package's text
// tests (goldens drawn with Pango) would catch a declaration that disagreed with it.
#ifndef PROGRESS_RENDER_CPANGO_SHIM_H
#define PROGRESS_RENDER_CPANGO_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct PRPangoFontMap PRPangoFontMap;
typedef struct PRPangoContext PRPangoContext;
typedef struct PRPangoLayout PRPangoLayout;
typedef struct PRPangoLayoutIter PRPangoLayoutIter;
typedef struct PRPangoFontDescription PRPangoFontDescription;
typedef struct PRPangoLanguage PRPangoLanguage;
typedef struct PRPangoFont PRPangoFont;

/// `PangoRectangle`.
typedef struct {
  int x, y, width, height;
} PRPangoRectangle;

/// The leading fields of `PangoLayoutLine`: the bytes of the layout's text the line holds.
typedef struct {
  PRPangoLayout *layout;
  int start_index;
  int length;
} PRPangoLayoutLine;

/// The leading fields of `PangoAnalysis` (its two engine pointers are kept for ABI in Pango 1.x).
typedef struct {
  void *shape_engine;
  void *lang_engine;
  PRPangoFont *font;
} PRPangoAnalysis;

/// The leading fields of `PangoItem`.
typedef struct {
  int offset;
  int length;
  int num_chars;
  PRPangoAnalysis analysis;
} PRPangoItem;

/// The leading field of `PangoLayoutRun` (`PangoGlyphItem`).
typedef struct {
  PRPangoItem *item;
} PRPangoLayoutRun;

enum {
  PR_PANGO_SCALE = 1024,
  PR_PANGO_WEIGHT_NORMAL = 400,
  PR_PANGO_WEIGHT_SEMIBOLD = 600,
  PR_PANGO_WEIGHT_BOLD = 700,
  PR_PANGO_WRAP_WORD = 0,
  PR_PANGO_WRAP_WORD_CHAR = 2,
  PR_PANGO_ALIGN_CENTER = 1,
};

/// The entry points the package calls, each named after its Pango function without `pango_`
/// (`g_object_unref` as `object_unref`). Cairo's types are passed as `void *`.
typedef struct {
  PRPangoFontMap *(*_Nonnull cairo_font_map_new_for_font_type)(int font_type);
  void (*_Nonnull cairo_font_map_set_resolution)(PRPangoFontMap *map, double dpi);
  PRPangoContext *(*_Nonnull font_map_create_context)(PRPangoFontMap *map);
  void (*_Nonnull cairo_context_set_font_options)(PRPangoContext *context, const void *options);
  void (*_Nonnull context_set_round_glyph_positions)(PRPangoContext *context, int round);
  void (*_Nonnull context_set_language)(PRPangoContext *context, PRPangoLanguage *language);
  PRPangoLanguage *(*_Nonnull language_from_string)(const char *language);
  void (*_Nonnull object_unref)(void *object);
  PRPangoLayout *(*_Nonnull layout_new)(PRPangoContext *context);
  void (*_Nonnull layout_set_text)(PRPangoLayout *layout, const char *text, int length);
  void (*_Nonnull layout_set_font_description)(PRPangoLayout *layout, const PRPangoFontDescription *description);
  void (*_Nonnull layout_set_width)(PRPangoLayout *layout, int width);
  void (*_Nonnull layout_set_wrap)(PRPangoLayout *layout, int wrap);
  void (*_Nonnull layout_set_alignment)(PRPangoLayout *layout, int alignment);
  int (*_Nonnull layout_get_unknown_glyphs_count)(PRPangoLayout *layout);
  void (*_Nonnull layout_get_extents)(PRPangoLayout *layout, PRPangoRectangle *ink, PRPangoRectangle *logical);
  int (*_Nonnull layout_get_baseline)(PRPangoLayout *layout);
  PRPangoLayoutIter *(*_Nonnull layout_get_iter)(PRPangoLayout *layout);
  void (*_Nonnull layout_iter_free)(PRPangoLayoutIter *iter);
  PRPangoLayoutLine *(*_Nonnull layout_iter_get_line_readonly)(PRPangoLayoutIter *iter);
  PRPangoLayoutRun *(*_Nonnull layout_iter_get_run_readonly)(PRPangoLayoutIter *iter);
  int (*_Nonnull layout_iter_get_baseline)(PRPangoLayoutIter *iter);
  int (*_Nonnull layout_iter_next_line)(PRPangoLayoutIter *iter);
  PRPangoFontDescription *(*_Nonnull font_description_new)(void);
  void (*_Nonnull font_description_free)(PRPangoFontDescription *description);
  void (*_Nonnull font_description_set_family)(PRPangoFontDescription *description, const char *family);
  void (*_Nonnull font_description_set_absolute_size)(PRPangoFontDescription *description, double size);
  void (*_Nonnull font_description_set_weight)(PRPangoFontDescription *description, int weight);
  const char *(*_Nonnull font_description_get_family)(const PRPangoFontDescription *description);
  int (*_Nonnull font_description_get_weight)(const PRPangoFontDescription *description);
  PRPangoFontDescription *(*_Nonnull font_describe)(PRPangoFont *font);
  void (*_Nonnull cairo_update_context)(void *cairo, PRPangoContext *context);
  void (*_Nonnull cairo_layout_path)(void *cairo, PRPangoLayout *layout);
} PRPango;

/// Opens Pango (pangocairo, which brings pango, gobject and glib) and fills `table`.
/// Returns 0, or -1 with a message naming the library or the missing symbol in `error`. The
/// library stays loaded: Pango registers types with gobject, which cannot be unloaded.
static inline int pr_pango_open(PRPango *table, char *error, size_t size) {
#if defined(__APPLE__)
  static const char *const names[] = {
    "libpangocairo-1.0.0.dylib", "/opt/homebrew/lib/libpangocairo-1.0.0.dylib",
    "/usr/local/lib/libpangocairo-1.0.0.dylib"};
#else
  static const char *const names[] = {"libpangocairo-1.0.so.0"};
#endif
  void *library = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
    library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason != NULL ? reason : names[0]);
    return -1;
  }
#define PR_PANGO_SYMBOL(field, name)                                       \
  do {                                                                      \
    void *symbol = dlsym(library, name);                                    \
    if (symbol == NULL) {                                                   \
      snprintf(error, size, "%s has no %s", names[0], name);                \
      return -1;                                                            \
    }                                                                       \
    memcpy(&table->field, &symbol, sizeof symbol);                          \
  } while (0)
  PR_PANGO_SYMBOL(cairo_font_map_new_for_font_type, "pango_cairo_font_map_new_for_font_type");
  PR_PANGO_SYMBOL(cairo_font_map_set_resolution, "pango_cairo_font_map_set_resolution");
  PR_PANGO_SYMBOL(font_map_create_context, "pango_font_map_create_context");
  PR_PANGO_SYMBOL(cairo_context_set_font_options, "pango_cairo_context_set_font_options");
  PR_PANGO_SYMBOL(context_set_round_glyph_positions, "pango_context_set_round_glyph_positions");
  PR_PANGO_SYMBOL(context_set_language, "pango_context_set_language");
  PR_PANGO_SYMBOL(language_from_string, "pango_language_from_string");
  PR_PANGO_SYMBOL(object_unref, "g_object_unref");
  PR_PANGO_SYMBOL(layout_new, "pango_layout_new");
  PR_PANGO_SYMBOL(layout_set_text, "pango_layout_set_text");
  PR_PANGO_SYMBOL(layout_set_font_description, "pango_layout_set_font_description");
  PR_PANGO_SYMBOL(layout_set_width, "pango_layout_set_width");
  PR_PANGO_SYMBOL(layout_set_wrap, "pango_layout_set_wrap");
  PR_PANGO_SYMBOL(layout_set_alignment, "pango_layout_set_alignment");
  PR_PANGO_SYMBOL(layout_get_unknown_glyphs_count, "pango_layout_get_unknown_glyphs_count");
  PR_PANGO_SYMBOL(layout_get_extents, "pango_layout_get_extents");
  PR_PANGO_SYMBOL(layout_get_baseline, "pango_layout_get_baseline");
  PR_PANGO_SYMBOL(layout_get_iter, "pango_layout_get_iter");
  PR_PANGO_SYMBOL(layout_iter_free, "pango_layout_iter_free");
  PR_PANGO_SYMBOL(layout_iter_get_line_readonly, "pango_layout_iter_get_line_readonly");
  PR_PANGO_SYMBOL(layout_iter_get_run_readonly, "pango_layout_iter_get_run_readonly");
  PR_PANGO_SYMBOL(layout_iter_get_baseline, "pango_layout_iter_get_baseline");
  PR_PANGO_SYMBOL(layout_iter_next_line, "pango_layout_iter_next_line");
  PR_PANGO_SYMBOL(font_description_new, "pango_font_description_new");
  PR_PANGO_SYMBOL(font_description_free, "pango_font_description_free");
  PR_PANGO_SYMBOL(font_description_set_family, "pango_font_description_set_family");
  PR_PANGO_SYMBOL(font_description_set_absolute_size, "pango_font_description_set_absolute_size");
  PR_PANGO_SYMBOL(font_description_set_weight, "pango_font_description_set_weight");
  PR_PANGO_SYMBOL(font_description_get_family, "pango_font_description_get_family");
  PR_PANGO_SYMBOL(font_description_get_weight, "pango_font_description_get_weight");
  PR_PANGO_SYMBOL(font_describe, "pango_font_describe");
  PR_PANGO_SYMBOL(cairo_update_context, "pango_cairo_update_context");
  PR_PANGO_SYMBOL(cairo_layout_path, "pango_cairo_layout_path");
#undef PR_PANGO_SYMBOL
  return 0;
}

#endif
