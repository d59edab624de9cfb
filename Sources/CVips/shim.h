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
///
/// libvips 8.14's thumbnailer does not hand its own `fail_on` to the loader (a PNG whose header declares more
/// rows than its data holds is padded); the loader's option string does reach it.
static inline int newsfeed_vips_thumbnail(const void *buffer, size_t length, int width, VipsImage **out) {
    return vips_thumbnail_buffer(
        (void *)buffer, length, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
        "fail_on", VIPS_FAIL_ON_ERROR, "option_string", "fail_on=error", NULL);
}

/// Opens a JPEG to be decoded at 1/`shrink` of its size (1, 2, 4 or 8: libjpeg scales while it decodes, so a
/// 3,000-pixel photo read for a 1,280-pixel copy is decoded at 1,500), failing as `fail_on` says (at least on a
/// truncated file). The EXIF orientation stays metadata (applied after the shrink, on fewer pixels). 0 on success.
static inline int newsfeed_vips_jpeg_open(
    const void *buffer, size_t length, int shrink, VipsFailOn fail_on, VipsImage **out) {
    return vips_jpegload_buffer(
        (void *)buffer, length, out, "shrink", shrink, "fail_on", fail_on, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Replaces `*image` by `next`, dropping the reference to the old one.
static inline void newsfeed_vips_replace(VipsImage **image, VipsImage *next) {
    g_object_unref(*image);
    *image = next;
}

/// The vertical half of a Lanczos 3 shrink by `factor` (>= 1), as `vips_resize` does it (its 2.0 gap: a box
/// shrink for the whole part first). Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_reduce_rows(VipsImage **image, double factor) {
    if (factor <= 1.0) return 0;
    VipsImage *next = NULL;
    if (vips_reducev(*image, &next, factor, "kernel", VIPS_KERNEL_LANCZOS3, "gap", 2.0, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// `*image` turned by `angle`. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_turn(VipsImage **image, VipsAngle angle) {
    VipsImage *next = NULL;
    if (vips_rot(*image, &next, angle, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// `*image` with its pixels computed once and held in memory. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_materialize(VipsImage **image) {
    VipsImage *next = vips_image_copy_memory(*image);
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
    g_object_ref(image);
    if (newsfeed_vips_reduce_rows(&image, factor) != 0 || newsfeed_vips_materialize(&image) != 0
        || newsfeed_vips_reduce_columns(&image, factor) != 0 || newsfeed_vips_materialize(&image) != 0) {
        g_object_unref(image);
        return -1;
    }
    *out = image;
    return 0;
}

/// `*image` in `space`. Replaces `*image` on success; 0 on success.
static inline int newsfeed_vips_convert(VipsImage **image, VipsInterpretation space) {
    VipsImage *next = NULL;
    if (vips_colourspace(*image, &next, space, NULL) != 0) return -1;
    newsfeed_vips_replace(image, next);
    return 0;
}

/// `*image` turned upright by its EXIF orientation (which it then no longer carries). Replaces `*image` on
/// success; 0 on success.
static inline int newsfeed_vips_upright(VipsImage **image) {
    VipsImage *next = NULL;
    if (vips_autorot(*image, &next, NULL) != 0) return -1;
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
    VipsInterpretation space = vips_image_get_bands(image) < 3 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB;
    double factor = (double)(turned ? vips_image_get_height(image) : vips_image_get_width(image)) / width;
    if (newsfeed_vips_convert(&image, space) != 0 || newsfeed_vips_reduce_rows(&image, factor) != 0
        || newsfeed_vips_materialize(&image) != 0 || newsfeed_vips_reduce_columns(&image, factor) != 0
        || newsfeed_vips_upright(&image) != 0 || newsfeed_vips_convert(&image, VIPS_INTERPRETATION_sRGB) != 0
        || newsfeed_vips_materialize(&image) != 0) {
        g_object_unref(image);
        return -1;
    }
    *out = image;
    return 0;
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
