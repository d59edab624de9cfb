// libvips for the Images target (only in a build with the `ImageCache` trait).
//
// Swift cannot call C's variadic functions, and every libvips operation takes its optional arguments as
// a NULL-terminated list: these static functions fix the arguments newsfeed uses, so the Swift side
// calls plain functions and never sees a va_list.
//
// libvips is not linked, nor are its headers read: linked, it and its 60-odd libraries (GLib, the codecs) would be
// mapped and relocated at the start of every command, `convert` and `serve` included (bench/README.md), and
// SwiftPM links whatever a pkg-config module lists. `newsfeed_vips_start` loads it with `dlopen` when the image
// cache first needs it, and every call below goes through `NEWSFEED_VIPS(name)`, which finds `name` in the loaded
// library with `dlsym`, typed as declared here (variadic ones too). The declarations are libvips 8's stable ABI
// (soname libvips.so.42, the one Debian 12's libvips42 ships): the few types, constants and functions newsfeed
// uses, with the values of libvips 8.14's headers; `newsfeed_vips_start` refuses a library of another ABI.
#ifndef NEWSFEED_CVIPS_SHIM_H
#define NEWSFEED_CVIPS_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/// The ABI these declarations describe: libvips.so.42 (libvips 8.x: `vips_version(3) - vips_version(5)`).
#define NEWSFEED_VIPS_ABI 42
#define NEWSFEED_VIPS_SONAME "libvips.so.42"

// GLib, as libvips' API uses it.
typedef char gchar;
typedef int gboolean;
typedef void *gpointer;
typedef size_t GType;
typedef int GLogLevelFlags;
#define G_LOG_LEVEL_WARNING 16
#define G_LOG_LEVEL_MESSAGE 32
#define G_LOG_LEVEL_INFO 64
#define TRUE 1
#define FALSE 0
typedef void (*GLogFunc)(const gchar *log_domain, GLogLevelFlags log_level, const gchar *message, gpointer user_data);
unsigned int g_log_set_handler(const gchar *log_domain, GLogLevelFlags log_levels, GLogFunc log_func, gpointer user_data);
gpointer g_object_ref(gpointer object);
void g_object_unref(gpointer object);
void g_free(gpointer mem);

// libvips: an image is opaque here.
typedef struct _VipsImage VipsImage;
typedef enum { VIPS_ACCESS_SEQUENTIAL = 1 } VipsAccess;
typedef enum { VIPS_SIZE_DOWN = 2 } VipsSize;
typedef enum { VIPS_FAIL_ON_ERROR = 2, VIPS_FAIL_ON_WARNING = 3 } VipsFailOn;
typedef enum { VIPS_KERNEL_LANCZOS3 = 5 } VipsKernel;
typedef enum { VIPS_ANGLE_D90 = 1, VIPS_ANGLE_D270 = 3 } VipsAngle;
typedef enum { VIPS_INTERPRETATION_B_W = 1, VIPS_INTERPRETATION_sRGB = 22 } VipsInterpretation;
#define VIPS_MAX_COORD 10000000
#define VIPS_META_ORIENTATION "orientation"
#define VIPS_META_LOADER "vips-loader"
#define VIPS_META_ICC_NAME "icc-profile-data"

int vips_version(int flag);
const char *vips_version_string(void);
int vips_init(const char *argv0);
void vips_error(const char *domain, const char *fmt, ...);
const char *vips_error_buffer(void);
void vips_error_clear(void);
void vips_concurrency_set(int concurrency);
void vips_cache_set_max(int max);
void vips_cache_set_max_mem(size_t max_mem);
void vips_cache_set_max_files(int max_files);
void vips_block_untrusted_set(gboolean state);
void vips_operation_block_set(const char *name, gboolean state);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
int vips_image_get_bands(const VipsImage *image);
GType vips_image_get_typeof(const VipsImage *image, const char *name);
int vips_image_get_int(const VipsImage *image, const char *name, int *out);
int vips_image_get_string(const VipsImage *image, const char *name, const char **out);
gboolean vips_image_remove(VipsImage *image, const char *name);
gboolean vips_image_hasalpha(VipsImage *image);
VipsImage *vips_image_copy_memory(VipsImage *image);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, ...);
int vips_jpegload_buffer(void *buf, size_t len, VipsImage **out, ...);
int vips_reducev(VipsImage *in, VipsImage **out, double vshrink, ...);
int vips_rot(VipsImage *in, VipsImage **out, VipsAngle angle, ...);
int vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space, ...);
int vips_autorot(VipsImage *in, VipsImage **out, ...);
int vips_extract_band(VipsImage *in, VipsImage **out, int band, ...);
int vips_min(VipsImage *in, double *out, ...);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, ...);

/// `name` from the loaded libvips (or GLib, which it loads), as a pointer of the declared function's type. Only
/// after `newsfeed_vips_load` succeeded; a lookup costs a microsecond, a thumbnail milliseconds.
#define NEWSFEED_VIPS(name) ((__typeof__(&name))dlsym(RTLD_DEFAULT, #name))

/// Maps libvips into the process (once; later calls find it loaded). `RTLD_GLOBAL` so that `NEWSFEED_VIPS`
/// finds its symbols and GLib's. NULL on success, else the loader's reason.
static inline const char *newsfeed_vips_load(void) {
    if (dlopen(NEWSFEED_VIPS_SONAME, RTLD_NOW | RTLD_GLOBAL) != NULL) return NULL;
    const char *reason = dlerror();
    return reason != NULL ? reason : "dlopen failed";
}

/// Whether libvips is mapped into the process (nothing is loaded): tests show which commands load it.
static inline int newsfeed_vips_loaded(void) {
    void *handle = dlopen(NEWSFEED_VIPS_SONAME, RTLD_NOW | RTLD_NOLOAD);
    if (handle == NULL) return 0;
    dlclose(handle);
    return 1;
}

/// libvips reports a bad tile as a GLib warning on stderr; newsfeed says what failed in its own words.
static inline void newsfeed_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/// Loads and starts libvips once for the process; 0 on success, -1 when libvips did not start (its error buffer
/// says why). `threads` caps the worker threads of one pipeline. A libvips that cannot be loaded is reported by
/// `newsfeed_vips_load` before this is called.
static inline int newsfeed_vips_start(int threads) {
    // What VIPS_INIT does: the library's ABI must be the headers' one.
    if (NEWSFEED_VIPS(vips_version)(3) - NEWSFEED_VIPS(vips_version)(5) != NEWSFEED_VIPS_ABI) {
        NEWSFEED_VIPS(vips_error)("vips_init", "ABI mismatch: newsfeed was built for " NEWSFEED_VIPS_SONAME);
        return -1;
    }
    if (NEWSFEED_VIPS(vips_init)("newsfeed") != 0) return -1;
    NEWSFEED_VIPS(vips_concurrency_set)(threads);
    NEWSFEED_VIPS(g_log_set_handler)("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, newsfeed_vips_quiet, NULL);
    // Every image is thumbnailed once: an operation cache only holds memory.
    NEWSFEED_VIPS(vips_cache_set_max)(0);
    NEWSFEED_VIPS(vips_cache_set_max_mem)(0);
    NEWSFEED_VIPS(vips_cache_set_max_files)(0);
    // Untrusted input: no loader beyond the six formats a story picture may be in (no SVG, PDF,
    // ImageMagick, Matlab, FITS...), whatever bytes arrive.
    NEWSFEED_VIPS(vips_block_untrusted_set)(TRUE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoad", TRUE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoadJpeg", FALSE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoadPng", FALSE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoadWebp", FALSE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoadNsgif", FALSE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoadTiff", FALSE);
    NEWSFEED_VIPS(vips_operation_block_set)("VipsForeignLoadHeif", FALSE);
    return 0;
}

/// Opens `buffer` lazily (header only, sequential access): nothing is decoded until pixels are asked for.
/// NULL when no allowed loader takes the bytes.
static inline VipsImage *newsfeed_vips_header(const void *buffer, size_t length) {
    return NEWSFEED_VIPS(vips_image_new_from_buffer)(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The EXIF orientation (1-8; 1 when absent) of an opened image.
static inline int newsfeed_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (NEWSFEED_VIPS(vips_image_get_typeof)(image, VIPS_META_ORIENTATION) != 0
        && NEWSFEED_VIPS(vips_image_get_int)(image, VIPS_META_ORIENTATION, &orientation) != 0) {
        return 1;
    }
    return orientation;
}

/// The loader libvips picked, e.g. `jpegload_buffer`; NULL if none.
static inline const char *newsfeed_vips_loader(VipsImage *image) {
    const char *name = NULL;
    if (NEWSFEED_VIPS(vips_image_get_typeof)(image, VIPS_META_LOADER) == 0) return NULL;
    if (NEWSFEED_VIPS(vips_image_get_string)(image, VIPS_META_LOADER, &name) != 0) return NULL;
    return name;
}

/// Shrinks `buffer` to `width` pixels wide (height follows the aspect ratio), never enlarging, with
/// shrink-on-load, EXIF orientation applied, colour to sRGB, the first frame of an animation; fails on a
/// truncated or corrupt file instead of returning grey rows. 0 on success.
///
/// libvips 8.14's thumbnailer does not hand its own `fail_on` to the loader (a PNG whose header declares more
/// rows than its data holds is padded); the loader's option string does reach it.
static inline int newsfeed_vips_thumbnail(const void *buffer, size_t length, int width, VipsImage **out) {
    return NEWSFEED_VIPS(vips_thumbnail_buffer)(
        (void *)buffer, length, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
        "fail_on", VIPS_FAIL_ON_ERROR, "option_string", "fail_on=error", NULL);
}

/// Opens a JPEG to be decoded at 1/`shrink` of its size (1, 2, 4 or 8: libjpeg scales while it decodes, so a
/// 3,000-pixel photo read for a 1,280-pixel copy is decoded at 1,500), failing as `fail_on` says (at least on a
/// truncated file). The EXIF orientation stays metadata (applied after the shrink, on fewer pixels). 0 on success.
static inline int newsfeed_vips_jpeg_open(
    const void *buffer, size_t length, int shrink, VipsFailOn fail_on, VipsImage **out) {
    return NEWSFEED_VIPS(vips_jpegload_buffer)(
        (void *)buffer, length, out, "shrink", shrink, "fail_on", fail_on, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Replaces `*image` by `next`, dropping the reference to the old one.
static inline void newsfeed_vips_replace(VipsImage **image, VipsImage *next) {
    NEWSFEED_VIPS(g_object_unref)(*image);
    *image = next;
}

/// The vertical half of a Lanczos 3 shrink by `factor` (>= 1), as `vips_resize` does it (its 2.0 gap: a box
/// shrink for the whole part first). Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_reduce_rows(VipsImage **image, double factor) {
    if (factor <= 1.0) return 0;
    VipsImage *next = NULL;
    if (NEWSFEED_VIPS(vips_reducev)(*image, &next, factor, "kernel", VIPS_KERNEL_LANCZOS3, "gap", 2.0, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// `*image` turned by `angle`. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_turn(VipsImage **image, VipsAngle angle) {
    VipsImage *next = NULL;
    if (NEWSFEED_VIPS(vips_rot)(*image, &next, angle, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// `*image` with its pixels computed once and held in memory. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_materialize(VipsImage **image) {
    VipsImage *next = NEWSFEED_VIPS(vips_image_copy_memory)(*image);
    if (next == NULL) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// The horizontal half of the same shrink, run as the vertical one on the image turned a quarter and turned
/// back: libvips 8.14 vectorizes its vertical reduce and not its horizontal one, and on photos the two turns
/// cost less than the difference (bench/README.md, "images"). `*image` must be in memory (a turn reads it in
/// any order); the turned image is held in memory before it is reduced, since a reduce reading through a lazy
/// turn computes its tiles again. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_reduce_columns(VipsImage **image, double factor) {
    if (factor <= 1.0) return 0;
    if (newsfeed_vips_turn(image, VIPS_ANGLE_D90) != 0 || newsfeed_vips_materialize(image) != 0
        || newsfeed_vips_reduce_rows(image, factor) != 0 || newsfeed_vips_materialize(image) != 0) {
        return -1;
    }
    return newsfeed_vips_turn(image, VIPS_ANGLE_D270);
}

/// An opaque 8-bit image in memory shrunk by `factor` both ways with Lanczos 3 (a narrower copy of an opaque
/// picture, from the widest copy's pixels), in memory. 0 on success.
static inline int newsfeed_vips_shrink_opaque(VipsImage *in, double factor, VipsImage **out) {
    VipsImage *image = in;
    NEWSFEED_VIPS(g_object_ref)(image);
    if (newsfeed_vips_reduce_rows(&image, factor) != 0 || newsfeed_vips_materialize(&image) != 0
        || newsfeed_vips_reduce_columns(&image, factor) != 0 || newsfeed_vips_materialize(&image) != 0) {
        NEWSFEED_VIPS(g_object_unref)(image);
        return -1;
    }
    *out = image;
    return 0;
}

/// `*image` in `space`. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_convert(VipsImage **image, VipsInterpretation space) {
    VipsImage *next = NULL;
    if (NEWSFEED_VIPS(vips_colourspace)(*image, &next, space, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// `*image` turned upright by its EXIF orientation (which it then no longer carries). Replaces `*image` on
/// success; 0 on success.
static inline int newsfeed_vips_upright(VipsImage **image) {
    VipsImage *next = NULL;
    if (NEWSFEED_VIPS(vips_autorot)(*image, &next, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// A JPEG decoded for its widest copy, `width` pixels wide as seen: opened at 1/`shrink`, in sRGB (CMYK
/// included; grey is shrunk as one band and made sRGB after, as `vips_thumbnail` does), shrunk with Lanczos 3
/// (the rows while decoding, so the full-size pixels are never held), turned upright by its EXIF orientation.
/// `turned` says that orientation swaps width and height. The pixels are in memory; the ICC profile is still in
/// the metadata. `fail_on` is libjpeg's sensitivity (see `Thumbnailer.decoded`). 0 on success.
static inline int newsfeed_vips_jpeg_widest(
    const void *buffer, size_t length, int shrink, int width, int turned, VipsFailOn fail_on, VipsImage **out) {
    VipsImage *image = NULL;
    if (newsfeed_vips_jpeg_open(buffer, length, shrink, fail_on, &image) != 0) return -1;
    VipsInterpretation space = NEWSFEED_VIPS(vips_image_get_bands)(image) < 3 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB;
    double factor = (double)(turned ? NEWSFEED_VIPS(vips_image_get_height)(image) : NEWSFEED_VIPS(vips_image_get_width)(image)) / width;
    if (newsfeed_vips_convert(&image, space) != 0 || newsfeed_vips_reduce_rows(&image, factor) != 0
        || newsfeed_vips_materialize(&image) != 0 || newsfeed_vips_reduce_columns(&image, factor) != 0
        || newsfeed_vips_upright(&image) != 0 || newsfeed_vips_convert(&image, VIPS_INTERPRETATION_sRGB) != 0
        || newsfeed_vips_materialize(&image) != 0) {
        NEWSFEED_VIPS(g_object_unref)(image);
        return -1;
    }
    *out = image;
    return 0;
}

/// Shrinks an image already decoded into memory (a larger copy) to `width` pixels wide, never enlarging. The
/// caller has dropped its ICC profile and orientation first (see `newsfeed_vips_forget_source`), so nothing is
/// rotated or colour-converted twice. 0 on success.
static inline int newsfeed_vips_thumbnail_image(VipsImage *in, int width, VipsImage **out) {
    return NEWSFEED_VIPS(vips_thumbnail_image)(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

/// Removes what a copy's pixels no longer need from the source's metadata: the ICC profile (the pixels are sRGB
/// now) and the EXIF orientation (already applied). Only for an image the caller alone holds.
static inline void newsfeed_vips_forget_source(VipsImage *image) {
    NEWSFEED_VIPS(vips_image_remove)(image, VIPS_META_ICC_NAME);
    NEWSFEED_VIPS(vips_image_remove)(image, VIPS_META_ORIENTATION);
}

/// `in` as 8-bit sRGB (16-bit, grey, CMYK in; alpha kept). 0 on success.
static inline int newsfeed_vips_srgb(VipsImage *in, VipsImage **out) {
    return NEWSFEED_VIPS(vips_colourspace)(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

/// The smallest value of `in`'s last band (its alpha): 255 means every pixel is opaque. 0 on success.
static inline int newsfeed_vips_alpha_minimum(VipsImage *in, double *minimum) {
    VipsImage *alpha = NULL;
    if (NEWSFEED_VIPS(vips_extract_band)(in, &alpha, NEWSFEED_VIPS(vips_image_get_bands)(in) - 1, NULL) != 0) return -1;
    int status = NEWSFEED_VIPS(vips_min)(alpha, minimum, NULL);
    NEWSFEED_VIPS(g_object_unref)(alpha);
    return status;
}

/// `in` without its last band (an alpha that hides nothing). 0 on success.
static inline int newsfeed_vips_drop_alpha(VipsImage *in, VipsImage **out) {
    return NEWSFEED_VIPS(vips_extract_band)(in, out, 0, "n", NEWSFEED_VIPS(vips_image_get_bands)(in) - 1, NULL);
}

/// JPEG bytes of `in`, metadata stripped. 0 on success; free `*buffer` with `g_free`.
static inline int newsfeed_vips_jpeg(VipsImage *in, int quality, void **buffer, size_t *length) {
    return NEWSFEED_VIPS(vips_jpegsave_buffer)(
        in, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

/// PNG bytes of `in`, metadata stripped. 0 on success; free `*buffer` with `g_free`.
static inline int newsfeed_vips_png(VipsImage *in, void **buffer, size_t *length) {
    return NEWSFEED_VIPS(vips_pngsave_buffer)(in, buffer, length, "strip", TRUE, "compression", 6, NULL);
}

/// Drops one reference to an image (the Swift side never sees GObject).
static inline void newsfeed_vips_release(VipsImage *image) {
    NEWSFEED_VIPS(g_object_unref)(image);
}

/// The width of an image.
static inline int newsfeed_vips_width(VipsImage *image) { return NEWSFEED_VIPS(vips_image_get_width)(image); }

/// The height of an image.
static inline int newsfeed_vips_height(VipsImage *image) { return NEWSFEED_VIPS(vips_image_get_height)(image); }

/// Whether an image has an alpha band (non-zero).
static inline int newsfeed_vips_has_alpha(VipsImage *image) { return NEWSFEED_VIPS(vips_image_hasalpha)(image); }

/// `image`'s pixels computed once into memory, a new reference; NULL on failure.
static inline VipsImage *newsfeed_vips_copy_memory(VipsImage *image) {
    return NEWSFEED_VIPS(vips_image_copy_memory)(image);
}

/// Frees a buffer libvips allocated (an encoded copy).
static inline void newsfeed_vips_free(void *buffer) { NEWSFEED_VIPS(g_free)(buffer); }

/// libvips' error text since the last call (empty when it is not loaded), into `buffer`, and clears it.
static inline void newsfeed_vips_take_error(char *buffer, size_t size) {
    buffer[0] = 0;
    const char *(*error_buffer)(void) = NEWSFEED_VIPS(vips_error_buffer);
    if (error_buffer == NULL) return;
    snprintf(buffer, size, "%s", error_buffer());
    NEWSFEED_VIPS(vips_error_clear)();
}

/// The loaded libvips' version, e.g. `8.14.1`.
static inline const char *newsfeed_vips_version(void) { return NEWSFEED_VIPS(vips_version_string)(); }

#endif
