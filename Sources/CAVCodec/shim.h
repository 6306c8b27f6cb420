#ifndef STRIPS_CAVCODEC_SHIM_H
#define STRIPS_CAVCODEC_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

// FFmpeg's error codes are macros Swift cannot import.
static inline int strips_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int strips_averror_eof(void) { return AVERROR_EOF; }
static inline int strips_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int strips_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }

// sws_scale with one packed source plane into (or out of) a frame's planes: the frame's
// data and linesize are fixed-size C arrays, which Swift sees as tuples.
static inline int strips_sws_packed_to_frame(struct SwsContext *sws, const uint8_t *source, int stride,
                                             int height, AVFrame *frame) {
    const uint8_t *planes[1] = { source };
    const int strides[1] = { stride };
    return sws_scale(sws, planes, strides, 0, height, frame->data, frame->linesize);
}

static inline int strips_sws_frame_to_packed(struct SwsContext *sws, const AVFrame *frame, uint8_t *target,
                                             int stride) {
    uint8_t *planes[1] = { target };
    const int strides[1] = { stride };
    return sws_scale(sws, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
}
#endif
