// libvips for the Images target (only in a build with the `ImageCache` trait).
//
// Swift cannot call C's variadic functions, and every libvips operation takes its optional arguments as
// a NULL-terminated list: these static functions fix the arguments newsfeed uses, so the Swift side
// calls plain functions and never sees a va_list.
#ifndef NEWSFEED_CVIPS_SHIM_H
#define NEWSFEED_CVIPS_SHIM_H

#include <vips/vips.h>

/// libvips reports a bad tile as a GLib warning on stderr; newsfeed says what failed in its own words.
static inline void newsfeed_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/// Starts libvips once for the process; 0 on success. `threads` caps the worker threads of one pipeline.
static inline int newsfeed_vips_start(int threads) {
    // VIPS_INIT also checks the headers match the library's ABI.
    if (VIPS_INIT("newsfeed") != 0) return -1;
    vips_concurrency_set(threads);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, newsfeed_vips_quiet, NULL);
    // Every image is thumbnailed once: an operation cache only holds memory.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    // Untrusted input: no loader beyond the six formats a story picture may be in (no SVG, PDF,
    // ImageMagick, Matlab, FITS...), whatever bytes arrive.
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
    vips_operation_block_set("VipsForeignLoadTiff", FALSE);
    vips_operation_block_set("VipsForeignLoadHeif", FALSE);
    return 0;
}

/// Opens `buffer` lazily (header only, sequential access): nothing is decoded until pixels are asked for.
/// NULL when no allowed loader takes the bytes.
static inline VipsImage *newsfeed_vips_header(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The EXIF orientation (1-8; 1 when absent) of an opened image.
static inline int newsfeed_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) != 0
        && vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) != 0) {
        return 1;
    }
    return orientation;
}

/// The loader libvips picked, e.g. `jpegload_buffer`; NULL if none.
static inline const char *newsfeed_vips_loader(VipsImage *image) {
    const char *name = NULL;
    if (vips_image_get_typeof(image, VIPS_META_LOADER) == 0) return NULL;
    if (vips_image_get_string(image, VIPS_META_LOADER, &name) != 0) return NULL;
    return name;
}

/// Shrinks `buffer` to `width` pixels wide (height follows the aspect ratio), never enlarging, with
/// shrink-on-load, EXIF orientation applied, colour to sRGB, the first frame of an animation; fails on a
/// truncated or corrupt file instead of returning grey rows. 0 on success.
static inline int newsfeed_vips_thumbnail(const void *buffer, size_t length, int width, VipsImage **out) {
    return vips_thumbnail_buffer(
        (void *)buffer, length, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
        "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

/// Shrinks an image already decoded into memory (a larger copy) to `width` pixels wide, never enlarging. The
/// caller has dropped its ICC profile and orientation first (see `newsfeed_vips_forget_source`), so nothing is
/// rotated or colour-converted twice. 0 on success.
static inline int newsfeed_vips_thumbnail_image(VipsImage *in, int width, VipsImage **out) {
    return vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

/// Removes what a copy's pixels no longer need from the source's metadata: the ICC profile (the pixels are sRGB
/// now) and the EXIF orientation (already applied). Only for an image the caller alone holds.
static inline void newsfeed_vips_forget_source(VipsImage *image) {
    vips_image_remove(image, VIPS_META_ICC_NAME);
    vips_image_remove(image, VIPS_META_ORIENTATION);
}

/// `in` as 8-bit sRGB (16-bit, grey, CMYK in; alpha kept). 0 on success.
static inline int newsfeed_vips_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

/// The smallest value of `in`'s last band (its alpha): 255 means every pixel is opaque. 0 on success.
static inline int newsfeed_vips_alpha_minimum(VipsImage *in, double *minimum) {
    VipsImage *alpha = NULL;
    if (vips_extract_band(in, &alpha, vips_image_get_bands(in) - 1, NULL) != 0) return -1;
    int status = vips_min(alpha, minimum, NULL);
    g_object_unref(alpha);
    return status;
}

/// `in` without its last band (an alpha that hides nothing). 0 on success.
static inline int newsfeed_vips_drop_alpha(VipsImage *in, VipsImage **out) {
    return vips_extract_band(in, out, 0, "n", vips_image_get_bands(in) - 1, NULL);
}

/// JPEG bytes of `in`, metadata stripped. 0 on success; free `*buffer` with `g_free`.
static inline int newsfeed_vips_jpeg(VipsImage *in, int quality, void **buffer, size_t *length) {
    return vips_jpegsave_buffer(
        in, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

/// PNG bytes of `in`, metadata stripped. 0 on success; free `*buffer` with `g_free`.
static inline int newsfeed_vips_png(VipsImage *in, void **buffer, size_t *length) {
    return vips_pngsave_buffer(in, buffer, length, "strip", TRUE, "compression", 6, NULL);
}

/// Drops one reference to an image (the Swift side never sees GObject).
static inline void newsfeed_vips_release(VipsImage *image) {
    g_object_unref(image);
}

#endif
