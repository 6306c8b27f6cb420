#ifndef STRIPS_CAVCODEC_SHIM_H
#define STRIPS_CAVCODEC_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/time.h>
#include <libswscale/swscale.h>
#include <dlfcn.h>
#include <string.h>

// FFmpeg's error codes are macros Swift cannot import.
static inline int strips_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int strips_averror_eof(void) { return AVERROR_EOF; }
static inline int strips_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int strips_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }
static inline int strips_averror_exit(void) { return AVERROR_EXIT; }

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

// One plane of a frame and its row length (the frame's arrays are tuples to Swift).
static inline uint8_t *strips_frame_plane(AVFrame *frame, int plane) { return frame->data[plane]; }
static inline int strips_frame_linesize(const AVFrame *frame, int plane) { return frame->linesize[plane]; }

// A time limit on a format context's blocking calls (opening, reading): libavformat asks the
// interrupt callback while it waits and gives up with AVERROR_EXIT once it answers 1. The
// deadline is in av_gettime_relative's microseconds; 0 means none.
typedef struct { int64_t deadline; } strips_deadline;

static int strips_deadline_passed(void *opaque) {
    const strips_deadline *limit = (const strips_deadline *)opaque;
    return limit->deadline > 0 && av_gettime_relative() > limit->deadline;
}

static inline void strips_deadline_attach(AVFormatContext *context, strips_deadline *limit) {
    context->interrupt_callback.callback = strips_deadline_passed;
    context->interrupt_callback.opaque = limit;
}

static inline void strips_deadline_in(strips_deadline *limit, int64_t microseconds) {
    limit->deadline = av_gettime_relative() + microseconds;
}

// x264's CPU flags as its own detection finds them, less AVX-512; 0 when this process has no
// libx264 or the CPU has no AVX-512 (x264 then chooses for itself). Found through the dynamic
// linker, as libx264 is libavcodec's library, not ours; the AVX-512 bit is read from x264's
// public table of CPU names (its "AVX512" entry less its "AVX2" one), not assumed.
static inline uint32_t strips_x264_cpu_flags_without_avx512(void) {
    typedef struct { const char *name; uint32_t flags; } cpu_name;
    void *process = dlopen(NULL, RTLD_LAZY);
    if (!process) return 0;
    uint32_t (*detect)(void) = (uint32_t (*)(void))dlsym(process, "x264_cpu_detect");
    const cpu_name *names = (const cpu_name *)dlsym(process, "x264_cpu_names");
    uint32_t avx2 = 0, avx512 = 0, flags = detect && names ? detect() : 0;
    for (const cpu_name *name = names; flags && name->flags; name++) {
        if (!strcmp(name->name, "AVX2")) avx2 = name->flags;
        if (!strcmp(name->name, "AVX512")) avx512 = name->flags;
    }
    dlclose(process);
    uint32_t bit = avx512 & ~avx2;
    return bit && (flags & bit) ? flags & ~bit : 0;
}
#endif
