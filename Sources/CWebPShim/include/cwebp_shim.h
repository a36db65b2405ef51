#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H
// The only code that includes the libwebp headers: libwebp's animation encoder
// (WebPAnimEncoder, libwebpmux) and decoder (WebPAnimDecoder, libwebpdemux) behind a few
// whole-frame calls. libwebp reports errors as return codes (no longjmp); they come back as
// a non-zero return and a message.
#include <stddef.h>
#include <stdint.h>

#define CWEBP_MESSAGE_SIZE 256

typedef struct cwebp_encoder cwebp_encoder;

/// An animation encoder for width x height frames (1 ... 16383 a side), looping forever.
/// lossless: 1 for VP8L frames, 0 for lossy (VP8) frames at `quality` (0 ... 100);
/// method: 0 (fast) ... 6 (small); key_frames > 0: a key frame at least every key_frames frames
/// (a lossy sub-frame is blended over the previous decoded canvas, so its error accumulates
/// until the next key frame), 0: libwebp's default. Single-threaded, fixed options: the same
/// frames give the same bytes. Returns NULL (and a message) on failure.
cwebp_encoder *cwebp_encoder_new(int width, int height, int lossless, float quality, int method,
                                 int key_frames, char message[CWEBP_MESSAGE_SIZE]);

/// Adds an 8-bit RGB frame (rows `stride` bytes apart) shown from `timestamp_ms` on
/// (timestamps increase). Returns 0 on success.
int cwebp_encoder_add(cwebp_encoder *encoder, const uint8_t *rgb, int stride, int timestamp_ms,
                      char message[CWEBP_MESSAGE_SIZE]);

/// Ends the animation at `end_ms` and assembles it: *out is malloc'ed (free with cwebp_free).
/// Returns 0 on success.
int cwebp_encoder_finish(cwebp_encoder *encoder, int end_ms, uint8_t **out, size_t *out_size,
                         char message[CWEBP_MESSAGE_SIZE]);

void cwebp_encoder_delete(cwebp_encoder *encoder);

typedef struct cwebp_decoder cwebp_decoder;

/// A decoder of an animated (or still) WebP in data[0 ..< size], which must outlive it.
/// Fills the canvas size and frame count. Returns NULL (and a message) on failure.
cwebp_decoder *cwebp_decoder_new(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                 uint32_t *frames, char message[CWEBP_MESSAGE_SIZE]);

/// The next whole canvas as 8-bit RGBA (width x height x 4 bytes, owned by the decoder, valid
/// until the next call) and the time it ends, in ms. Returns 1 for a frame, 0 at the end,
/// -1 on damaged data.
int cwebp_decoder_next(cwebp_decoder *decoder, const uint8_t **rgba, int *end_ms);

void cwebp_decoder_delete(cwebp_decoder *decoder);

void cwebp_free(void *pointer);

#endif
