#include "pipewire_camera.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pipewire/pipewire.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/utils/result.h>

/* The formats asked for, best first: MJPEG (a camera's full size at a live rate over USB 2, as
   the V4L2 path prefers), then raw layouts libswscale reads. */
static const struct { uint32_t id; const char *name; } raw_formats[] = {
    { SPA_VIDEO_FORMAT_YUY2, "YUY2" }, { SPA_VIDEO_FORMAT_NV12, "NV12" }, { SPA_VIDEO_FORMAT_I420, "I420" },
    { SPA_VIDEO_FORMAT_UYVY, "UYVY" }, { SPA_VIDEO_FORMAT_RGBx, "RGBx" }, { SPA_VIDEO_FORMAT_BGRx, "BGRx" },
    { SPA_VIDEO_FORMAT_RGBA, "RGBA" }, { SPA_VIDEO_FORMAT_BGRA, "BGRA" }, { SPA_VIDEO_FORMAT_RGB, "RGB" },
    { SPA_VIDEO_FORMAT_BGR, "BGR" }, { SPA_VIDEO_FORMAT_GRAY8, "GRAY8" },
};
#define RAW_COUNT (sizeof(raw_formats) / sizeof(raw_formats[0]))

typedef struct {
    uint8_t *bytes;
    size_t capacity;
    strips_pw_frame info;
} frame_slot;

struct strips_pw_camera {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_registry *registry;
    struct pw_stream *stream;
    struct spa_hook core_listener, registry_listener, stream_listener;
    int fd;

    /* Guarded by the thread loop's lock. */
    int sync_seq, synced;
    int core_error;
    char error_text[160];
    uint32_t node_id, node_serial;
    int node_is_camera;
    char node_name[128];
    uint32_t stream_node_state_error;
    enum pw_stream_state state;
    int negotiated, format_known, mjpeg;
    char format_name[8];
    uint32_t width, height;
    double rate;
    int node_gone;

    /* The frames: `process` runs on PipeWire's data thread once a cycle (RT_PROCESS), so it
       hands one buffer back for each it takes, as the source recycles them (a main-loop process
       that took two at once after a late cycle left one unrecycled each time, until the source
       ran out). Guarded by `lock`, signalled on `arrived`. */
    pthread_mutex_t lock;
    pthread_cond_t arrived;
    int ended;           /* the stream, the node or the connection is gone */
    frame_slot latest;   /* written on the data thread */
    frame_slot handed;   /* the caller's, until its next call */
    uint64_t received, handed_sequence;
    struct timespec first;
};

/* The stream can give no more frames: said to a waiting `next`. */
static void mark_ended(struct strips_pw_camera *c) {
    pthread_mutex_lock(&c->lock);
    c->ended = 1;
    pthread_cond_broadcast(&c->arrived);
    pthread_mutex_unlock(&c->lock);
}

static double seconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void on_core_done(void *data, uint32_t id, int seq) {
    struct strips_pw_camera *c = data;
    if (id == PW_ID_CORE && seq == c->sync_seq) {
        c->synced = 1;
        pw_thread_loop_signal(c->loop, false);
    }
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct strips_pw_camera *c = data;
    (void)seq;
    if (id != PW_ID_CORE) return;
    c->core_error = res == 0 ? -EPIPE : res;
    snprintf(c->error_text, sizeof c->error_text, "%s", message ? message : spa_strerror(res));
    mark_ended(c);
    pw_thread_loop_signal(c->loop, false);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    struct strips_pw_camera *c = data;
    (void)permissions; (void)version;
    if (props == NULL || strcmp(type, PW_TYPE_INTERFACE_Node) != 0) return;
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    if (media_class == NULL || strcmp(media_class, "Video/Source") != 0) return;
    const char *role = spa_dict_lookup(props, PW_KEY_MEDIA_ROLE);
    int camera = role != NULL && strcmp(role, "Camera") == 0;
    /* The first camera-role node, else the first video source: the portal's remote shows only
       cameras; a plain daemon may show screen casts too, which come after. */
    if (c->node_id != SPA_ID_INVALID && (c->node_is_camera || !camera)) return;
    c->node_id = id;
    c->node_is_camera = camera;
    const char *serial = spa_dict_lookup(props, PW_KEY_OBJECT_SERIAL);
    c->node_serial = serial ? (uint32_t)strtoul(serial, NULL, 10) : SPA_ID_INVALID;
    const char *name = spa_dict_lookup(props, PW_KEY_NODE_DESCRIPTION);
    if (name == NULL) name = spa_dict_lookup(props, PW_KEY_NODE_NAME);
    snprintf(c->node_name, sizeof c->node_name, "%s", name ? name : "camera");
}

static void on_global_remove(void *data, uint32_t id) {
    struct strips_pw_camera *c = data;
    if (id == c->node_id) {
        c->node_gone = 1;
        mark_ended(c);
        pw_thread_loop_signal(c->loop, false);
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    struct strips_pw_camera *c = data;
    c->state = state;
    if (state == PW_STREAM_STATE_ERROR)
        snprintf(c->error_text, sizeof c->error_text, "%s", error ? error : "stream error");
    if (state == PW_STREAM_STATE_ERROR || (state == PW_STREAM_STATE_UNCONNECTED && old != PW_STREAM_STATE_UNCONNECTED)) mark_ended(c);
    pw_thread_loop_signal(c->loop, false);
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    struct strips_pw_camera *c = data;
    if (param == NULL || id != SPA_PARAM_Format) return;
    uint32_t media_type, media_subtype;
    if (spa_format_parse(param, &media_type, &media_subtype) < 0 || media_type != SPA_MEDIA_TYPE_video) return;
    /* The data thread reads the format with each frame. */
    pthread_mutex_lock(&c->lock);
    c->format_known = 0;
    if (media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        struct spa_video_info_mjpg info;
        if (spa_format_video_mjpg_parse(param, &info) >= 0) {
            c->width = info.size.width;
            c->height = info.size.height;
            c->rate = info.framerate.denom ? (double)info.framerate.num / info.framerate.denom : 0;
            snprintf(c->format_name, sizeof c->format_name, "MJPG");
            c->mjpeg = 1;
            c->format_known = 1;
        }
    } else if (media_subtype == SPA_MEDIA_SUBTYPE_raw) {
        struct spa_video_info_raw info;
        if (spa_format_video_raw_parse(param, &info) >= 0) {
            for (size_t i = 0; i < RAW_COUNT; i++) {
                if (raw_formats[i].id != info.format) continue;
                c->width = info.size.width;
                c->height = info.size.height;
                c->rate = info.framerate.denom ? (double)info.framerate.num / info.framerate.denom : 0;
                snprintf(c->format_name, sizeof c->format_name, "%s", raw_formats[i].name);
                c->mjpeg = 0;
                c->format_known = 1;
            }
        }
    }
    pthread_mutex_unlock(&c->lock);
    /* Buffers enough that a late cycle or two does not starve the camera (PipeWire's own video
       consumers ask 8 of 2 to 16), in whole mapped blocks. */
    uint8_t pod_bytes[256];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(pod_bytes, sizeof pod_bytes);
    const struct spa_pod *buffers = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(8, 2, 16),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
    pw_stream_update_params(c->stream, &buffers, 1);
    c->negotiated = 1;
    pw_thread_loop_signal(c->loop, false);
}

/* Grows `slot` to hold `size` bytes. */
static int reserve(frame_slot *slot, size_t size) {
    if (slot->capacity >= size) return 1;
    uint8_t *grown = realloc(slot->bytes, size);
    if (grown == NULL) return 0;
    slot->bytes = grown;
    slot->capacity = size;
    return 1;
}

static void on_process(void *data) {
    struct strips_pw_camera *c = data;
    struct pw_buffer *newest = NULL, *b;
    /* Only the newest buffer counts: older ones go back at once (a late consumer never queues). */
    while ((b = pw_stream_dequeue_buffer(c->stream)) != NULL) {
        if (newest) pw_stream_queue_buffer(c->stream, newest);
        newest = b;
    }
    if (newest == NULL) return;
    struct spa_buffer *buffer = newest->buffer;
    pthread_mutex_lock(&c->lock);
    if (c->format_known && buffer->n_datas > 0) {
        uint32_t planes = buffer->n_datas > 4 ? 4 : buffer->n_datas;
        size_t total = 0;
        int usable = 1;
        for (uint32_t i = 0; i < planes; i++) {
            struct spa_data *d = &buffer->datas[i];
            if (d->data == NULL || d->chunk == NULL || (d->chunk->flags & SPA_CHUNK_FLAG_CORRUPTED)) { usable = 0; break; }
            uint32_t offset = d->chunk->offset % (d->maxsize ? d->maxsize : 1);
            uint32_t size = d->chunk->size;
            if (size == 0 || (uint64_t)offset + size > d->maxsize) { usable = 0; break; }
            total += size;
        }
        if (usable && reserve(&c->latest, total)) {
            size_t at = 0;
            strips_pw_frame *info = &c->latest.info;
            for (uint32_t i = 0; i < planes; i++) {
                struct spa_data *d = &buffer->datas[i];
                uint32_t offset = d->chunk->offset % (d->maxsize ? d->maxsize : 1);
                memcpy(c->latest.bytes + at, (uint8_t *)d->data + offset, d->chunk->size);
                info->data[i] = NULL;
                info->size[i] = d->chunk->size;
                info->stride[i] = d->chunk->stride;
                at += d->chunk->size;
            }
            info->planes = (int)planes;
            memcpy(info->format, c->format_name, sizeof info->format);
            info->width = c->width;
            info->height = c->height;
            info->rate = c->rate;
            if (c->received == 0) clock_gettime(CLOCK_MONOTONIC, &c->first);
            info->time = seconds_since(&c->first);
            c->received++;
            info->sequence = c->received;
            pthread_cond_broadcast(&c->arrived);
        }
    }
    pthread_mutex_unlock(&c->lock);
    pw_stream_queue_buffer(c->stream, newest);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
    .process = on_process,
};

/* Waits on the loop (its lock held) until `done` says so, an error comes, or `timeout` passes;
   1 when done. */
#define WAIT_UNTIL(c, deadline, condition) \
    ({ int _ok = 1; \
       while (!(condition)) { \
           if ((c)->core_error || (c)->state == PW_STREAM_STATE_ERROR) { _ok = 0; break; } \
           if (pw_thread_loop_timed_wait_full((c)->loop, &(deadline)) != 0) { _ok = (condition) ? 1 : 0; break; } \
       } _ok; })

static void say(char *message, size_t size, const char *text) {
    if (message && size) snprintf(message, size, "%s", text);
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void init_pipewire(void) { pw_init(NULL, NULL); }

static void free_camera(struct strips_pw_camera *c) {
    if (c->loop) pw_thread_loop_stop(c->loop);
    if (c->stream) pw_stream_destroy(c->stream);
    if (c->registry) pw_proxy_destroy((struct pw_proxy *)c->registry);
    if (c->core) pw_core_disconnect(c->core);
    else if (c->fd >= 0) close(c->fd);
    if (c->context) pw_context_destroy(c->context);
    if (c->loop) pw_thread_loop_destroy(c->loop);
    free(c->latest.bytes);
    free(c->handed.bytes);
    pthread_cond_destroy(&c->arrived);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

strips_pw_camera *strips_pw_camera_open(int fd, double timeout, int *fault, char *message, size_t message_size,
                                        char *name, size_t name_size) {
    pthread_once(&init_once, init_pipewire);
    struct strips_pw_camera *c = calloc(1, sizeof *c);
    if (c == NULL) { close(fd); *fault = STRIPS_PW_NO_CONNECTION; say(message, message_size, "out of memory"); return NULL; }
    c->fd = fd;
    pthread_mutex_init(&c->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&c->arrived, &attributes);
    pthread_condattr_destroy(&attributes);
    c->node_id = SPA_ID_INVALID;
    c->node_serial = SPA_ID_INVALID;
    c->state = PW_STREAM_STATE_UNCONNECTED;
    c->loop = pw_thread_loop_new("strips-pipewire", NULL);
    if (c->loop == NULL) { *fault = STRIPS_PW_NO_CONNECTION; say(message, message_size, "no PipeWire loop"); free_camera(c); return NULL; }
    c->context = pw_context_new(pw_thread_loop_get_loop(c->loop), NULL, 0);
    if (c->context == NULL || pw_thread_loop_start(c->loop) != 0) {
        *fault = STRIPS_PW_NO_CONNECTION; say(message, message_size, "no PipeWire context"); free_camera(c); return NULL;
    }
    int64_t limit = (int64_t)(timeout * 1e9);
    struct timespec deadline;
    pw_thread_loop_lock(c->loop);
    c->core = pw_context_connect_fd(c->context, fd, NULL, 0);
    if (c->core == NULL) {
        int err = errno;
        pw_thread_loop_unlock(c->loop);
        *fault = STRIPS_PW_NO_CONNECTION;
        say(message, message_size, strerror(err));
        free_camera(c);
        return NULL;
    }
    pw_core_add_listener(c->core, &c->core_listener, &core_events, c);
    c->registry = pw_core_get_registry(c->core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(c->registry, &c->registry_listener, &registry_events, c);
    /* A round trip: every node there now has been announced when it returns. */
    c->sync_seq = pw_core_sync(c->core, PW_ID_CORE, 0);
    pw_thread_loop_get_time(c->loop, &deadline, limit);
    if (!WAIT_UNTIL(c, deadline, c->synced)) {
        *fault = STRIPS_PW_NO_CONNECTION;
        say(message, message_size, c->core_error ? c->error_text : "PipeWire did not answer");
        pw_thread_loop_unlock(c->loop);
        free_camera(c);
        return NULL;
    }
    if (c->node_id == SPA_ID_INVALID) {
        *fault = STRIPS_PW_NO_NODE;
        say(message, message_size, "no video source");
        pw_thread_loop_unlock(c->loop);
        free_camera(c);
        return NULL;
    }
    if (name && name_size) snprintf(name, name_size, "%s", c->node_name);

    char target[16];
    snprintf(target, sizeof target, "%u", c->node_serial != SPA_ID_INVALID ? c->node_serial : c->node_id);
    c->stream = pw_stream_new(c->core, "Strips camera",
                              pw_properties_new(PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture",
                                                PW_KEY_MEDIA_ROLE, "Camera", PW_KEY_TARGET_OBJECT, target, NULL));
    if (c->stream == NULL) {
        *fault = STRIPS_PW_NO_CONNECTION; say(message, message_size, "no stream");
        pw_thread_loop_unlock(c->loop); free_camera(c); return NULL;
    }
    pw_stream_add_listener(c->stream, &c->stream_listener, &stream_events, c);

    uint8_t pod_bytes[2048];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(pod_bytes, sizeof pod_bytes);
    const struct spa_pod *params[2];
    /* Sizes up to 4K (a document camera's larger stills modes are too slow to be live), the
       largest preferred; a live rate preferred. */
    struct spa_rectangle size_default = SPA_RECTANGLE(3840, 2160), size_min = SPA_RECTANGLE(1, 1), size_max = SPA_RECTANGLE(3840, 2160);
    struct spa_fraction rate_default = SPA_FRACTION(30, 1), rate_min = SPA_FRACTION(0, 1), rate_max = SPA_FRACTION(120, 1);
    params[0] = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
        SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_mjpg),
        SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&size_default, &size_min, &size_max),
        SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&rate_default, &rate_min, &rate_max));
    struct spa_pod_frame frame;
    spa_pod_builder_push_object(&b, &frame, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat);
    spa_pod_builder_add(&b, SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
                        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw), 0);
    struct spa_pod_frame choice;
    spa_pod_builder_prop(&b, SPA_FORMAT_VIDEO_format, 0);
    spa_pod_builder_push_choice(&b, &choice, SPA_CHOICE_Enum, 0);
    spa_pod_builder_id(&b, raw_formats[0].id);
    for (size_t i = 0; i < RAW_COUNT; i++) spa_pod_builder_id(&b, raw_formats[i].id);
    spa_pod_builder_pop(&b, &choice);
    spa_pod_builder_add(&b,
        SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&size_default, &size_min, &size_max),
        SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&rate_default, &rate_min, &rate_max), 0);
    params[1] = spa_pod_builder_pop(&b, &frame);

    int connected = pw_stream_connect(c->stream, PW_DIRECTION_INPUT, c->node_id,
                                      PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS | PW_STREAM_FLAG_DONT_RECONNECT
                                          | PW_STREAM_FLAG_RT_PROCESS,
                                      params, 2);
    if (connected < 0) {
        *fault = STRIPS_PW_NO_CONNECTION; say(message, message_size, spa_strerror(connected));
        pw_thread_loop_unlock(c->loop); free_camera(c); return NULL;
    }
    /* Linked (by the session manager) and a format agreed on. */
    pw_thread_loop_get_time(c->loop, &deadline, limit);
    if (!WAIT_UNTIL(c, deadline, c->negotiated || c->node_gone)) {
        int error = c->core_error || c->state == PW_STREAM_STATE_ERROR;
        *fault = error ? STRIPS_PW_NO_CONNECTION : STRIPS_PW_NOT_LINKED;
        say(message, message_size, error ? c->error_text : "not linked");
        pw_thread_loop_unlock(c->loop);
        free_camera(c);
        return NULL;
    }
    if (c->node_gone || !c->format_known) {
        *fault = c->node_gone ? STRIPS_PW_ENDED : STRIPS_PW_NO_FORMAT;
        say(message, message_size, c->node_gone ? "the camera went away" : "no format in common");
        pw_thread_loop_unlock(c->loop);
        free_camera(c);
        return NULL;
    }
    pw_thread_loop_unlock(c->loop);
    *fault = STRIPS_PW_OK;
    return c;
}

int strips_pw_camera_next(strips_pw_camera *c, double timeout, strips_pw_frame *out) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    int64_t nanoseconds = deadline.tv_nsec + (int64_t)(timeout * 1e9);
    deadline.tv_sec += nanoseconds / 1000000000;
    deadline.tv_nsec = nanoseconds % 1000000000;
    pthread_mutex_lock(&c->lock);
    int result = STRIPS_PW_OK;
    while (c->received <= c->handed_sequence) {
        if (c->ended) { result = STRIPS_PW_ENDED; break; }
        if (pthread_cond_timedwait(&c->arrived, &c->lock, &deadline) == ETIMEDOUT && c->received <= c->handed_sequence) {
            result = c->ended ? STRIPS_PW_ENDED : STRIPS_PW_TIMED_OUT;
            break;
        }
    }
    if (result != STRIPS_PW_OK) {
        pthread_mutex_unlock(&c->lock);
        return result;
    }
    /* The newest frame becomes the caller's; its old block is reused for the next. */
    frame_slot swap = c->handed;
    c->handed = c->latest;
    c->latest = swap;
    c->handed_sequence = c->handed.info.sequence;
    pthread_mutex_unlock(&c->lock);
    *out = c->handed.info;
    size_t at = 0;
    for (int i = 0; i < out->planes; i++) {
        out->data[i] = c->handed.bytes + at;
        at += out->size[i];
    }
    return STRIPS_PW_OK;
}

void strips_pw_camera_close(strips_pw_camera *c) {
    if (c) free_camera(c);
}
