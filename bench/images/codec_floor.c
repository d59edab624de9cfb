// The codec floor of the image cache's thumbnailing (bench/README.md, "images"): per photo, the JPEG decode at
// the scale newsfeed decodes it at, and the JPEG encodes (quality 80, optimized, progressive, stripped) of the
// copies newsfeed writes, and nothing else. Only those two are timed (CPU time, one thread); the copies are made
// in between with newsfeed's own shim, untimed. Whatever a thumbnailer does, it pays at least this with the same
// libjpeg-turbo and the same output.
//
// usage: codec-floor PHOTO...   (run.sh builds it against the shim: cc -O2 ... $(pkg-config --cflags --libs vips))
#include "../../Sources/CVips/shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

static int encode_timed(VipsImage *image, double *seconds) {
    double start = cpu_seconds();
    void *buffer = NULL;
    size_t length = 0;
    int status = newsfeed_vips_jpeg(image, 80, &buffer, &length);
    *seconds += cpu_seconds() - start;
    g_free(buffer);
    return status;
}

int main(int argc, char **argv) {
    static const int widths[] = {1280, 640, 320};
    if (newsfeed_vips_start(1) != 0) return 1;
    double decoding = 0, encoding = 0;
    for (int i = 1; i < argc; i++) {
        gchar *bytes = NULL;
        gsize length = 0;
        if (!g_file_get_contents(argv[i], &bytes, &length, NULL)) return 1;
        VipsImage *header = newsfeed_vips_header(bytes, length);
        if (header == NULL) return 1;
        int turned = newsfeed_vips_orientation(header) >= 5;
        int side = turned ? vips_image_get_height(header) : vips_image_get_width(header);
        g_object_unref(header);
        int first = 0;
        while (first < 2 && widths[first] > side) first++;
        // Thumbnailer.jpegShrink: the largest of 8, 4, 2 that still reaches the widest copy.
        int shrink = 1;
        for (int candidate = 8; candidate > 1; candidate /= 2) {
            if ((side + candidate - 1) / candidate >= widths[first]) {
                shrink = candidate;
                break;
            }
        }
        double start = cpu_seconds();
        VipsImage *decoded = NULL;
        if (newsfeed_vips_jpeg_open(bytes, length, shrink, &decoded) != 0 || newsfeed_vips_materialize(&decoded) != 0) {
            fprintf(stderr, "%s: %s\n", argv[i], vips_error_buffer());
            return 1;
        }
        decoding += cpu_seconds() - start;
        g_object_unref(decoded);
        VipsImage *widest = NULL;
        if (newsfeed_vips_jpeg_widest(bytes, length, shrink, widths[first], turned, &widest) != 0) return 1;
        if (encode_timed(widest, &encoding) != 0) return 1;
        for (int k = first + 1; k < 3; k++) {
            VipsImage *narrower = NULL;
            double factor = (double)vips_image_get_width(widest) / widths[k];
            if (newsfeed_vips_shrink_opaque(widest, factor, &narrower) != 0) return 1;
            if (encode_timed(narrower, &encoding) != 0) return 1;
            g_object_unref(narrower);
        }
        g_object_unref(widest);
        g_free(bytes);
    }
    printf("codec floor, %d photos: decode %.2f s + encode %.2f s = %.2f s of CPU\n", argc - 1, decoding, encoding,
        decoding + encoding);
    return 0;
}
