#include "cwebp_shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

struct cwebp_encoder {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width;
    int height;
};

static void say(char message[CWEBP_MESSAGE_SIZE], const char *text) {
    snprintf(message, CWEBP_MESSAGE_SIZE, "%s", text ? text : "libwebp failed");
}

cwebp_encoder *cwebp_encoder_new(int width, int height, int lossless, float quality, int method,
                                 int key_frames, char message[CWEBP_MESSAGE_SIZE]) {
    if (width < 1 || height < 1 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        say(message, "WebP frames are 1 to 16383 pixels a side");
        return NULL;
    }
    cwebp_encoder *e = calloc(1, sizeof *e);
    if (e == NULL) {
        say(message, "out of memory");
        return NULL;
    }
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&e->config)) {
        say(message, "libwebp version mismatch");
        free(e);
        return NULL;
    }
    options.anim_params.loop_count = 0;
    options.anim_params.bgcolor = 0xFF000000u;
    options.minimize_size = 0;
    options.allow_mixed = 0;
    options.verbose = 0;
    if (key_frames > 0) {
        // A key frame at least every key_frames frames (kmin = kmax - 1 satisfies libwebp's
        // kmin >= kmax / 2 + 1 for kmax >= 1).
        options.kmax = key_frames;
        options.kmin = key_frames - 1;
    }
    e->config.lossless = lossless ? 1 : 0;
    e->config.quality = quality;
    e->config.method = method;
    // Lossy VP8 keeps every macroblock's modes in a first partition of at most 512 KiB, which
    // a frame of millions of pixels overflows (VP8_ENC_ERROR_PARTITION0_OVERFLOW): above
    // 4096x4096 pixels the modes are coded with the fewest bits libwebp allows. Smaller frames
    // (every golden and test) are encoded as before.
    if (!lossless && (long long)width * height > 4096LL * 4096LL) {
        e->config.partition_limit = 100;
        e->config.segments = 1;
    }
    e->config.thread_level = 0;
    e->config.exact = 0;
    if (!WebPValidateConfig(&e->config)) {
        say(message, "invalid WebP settings (quality 0-100, method 0-6)");
        free(e);
        return NULL;
    }
    e->encoder = WebPAnimEncoderNew(width, height, &options);
    if (e->encoder == NULL) {
        say(message, "cannot create the WebP animation encoder (out of memory?)");
        free(e);
        return NULL;
    }
    e->width = width;
    e->height = height;
    return e;
}

int cwebp_encoder_add(cwebp_encoder *e, const uint8_t *rgb, int stride, int timestamp_ms,
                      char message[CWEBP_MESSAGE_SIZE]) {
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        say(message, "libwebp version mismatch");
        return 1;
    }
    picture.use_argb = 1;
    picture.width = e->width;
    picture.height = e->height;
    if (!WebPPictureImportRGB(&picture, rgb, stride)) {
        say(message, "out of memory importing a WebP frame");
        WebPPictureFree(&picture);
        return 1;
    }
    int ok = WebPAnimEncoderAdd(e->encoder, &picture, timestamp_ms, &e->config);
    WebPPictureFree(&picture);
    if (!ok) {
        say(message, WebPAnimEncoderGetError(e->encoder));
        return 1;
    }
    return 0;
}

int cwebp_encoder_finish(cwebp_encoder *e, int end_ms, uint8_t **out, size_t *out_size,
                         char message[CWEBP_MESSAGE_SIZE]) {
    *out = NULL;
    *out_size = 0;
    if (!WebPAnimEncoderAdd(e->encoder, NULL, end_ms, NULL)) {
        say(message, WebPAnimEncoderGetError(e->encoder));
        return 1;
    }
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(e->encoder, &data)) {
        say(message, WebPAnimEncoderGetError(e->encoder));
        WebPDataClear(&data);
        return 1;
    }
    // Hand over a malloc'ed copy so callers free with cwebp_free whatever allocator libwebp uses.
    uint8_t *copy = malloc(data.size > 0 ? data.size : 1);
    if (copy == NULL) {
        say(message, "out of memory");
        WebPDataClear(&data);
        return 1;
    }
    memcpy(copy, data.bytes, data.size);
    *out = copy;
    *out_size = data.size;
    WebPDataClear(&data);
    return 0;
}

void cwebp_encoder_delete(cwebp_encoder *e) {
    if (e == NULL) return;
    WebPAnimEncoderDelete(e->encoder);
    free(e);
}

struct cwebp_decoder {
    WebPAnimDecoder *decoder;
};

cwebp_decoder *cwebp_decoder_new(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                 uint32_t *frames, char message[CWEBP_MESSAGE_SIZE]) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        say(message, "libwebp version mismatch");
        return NULL;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData input = {data, size};
    WebPAnimDecoder *d = WebPAnimDecoderNew(&input, &options);
    if (d == NULL) {
        say(message, "not a WebP file, or a damaged one");
        return NULL;
    }
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(d, &info)) {
        say(message, "cannot read the WebP animation's header");
        WebPAnimDecoderDelete(d);
        return NULL;
    }
    cwebp_decoder *out = calloc(1, sizeof *out);
    if (out == NULL) {
        say(message, "out of memory");
        WebPAnimDecoderDelete(d);
        return NULL;
    }
    out->decoder = d;
    *width = info.canvas_width;
    *height = info.canvas_height;
    *frames = info.frame_count;
    return out;
}

int cwebp_decoder_next(cwebp_decoder *d, const uint8_t **rgba, int *end_ms) {
    if (!WebPAnimDecoderHasMoreFrames(d->decoder)) return 0;
    uint8_t *buffer = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(d->decoder, &buffer, &timestamp)) return -1;
    *rgba = buffer;
    *end_ms = timestamp;
    return 1;
}

void cwebp_decoder_delete(cwebp_decoder *d) {
    if (d == NULL) return;
    WebPAnimDecoderDelete(d->decoder);
    free(d);
}

void cwebp_free(void *pointer) { free(pointer); }
