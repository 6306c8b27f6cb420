#ifndef STRIPS_PIPEWIRE_CAMERA_H
#define STRIPS_PIPEWIRE_CAMERA_H
#include <stddef.h>
#include <stdint.h>

/* A camera's frames from PipeWire (libpipewire-0.3), on a remote the XDG desktop portal handed
   out as a file descriptor (OpenPipeWireRemote). PipeWire answers through callbacks on its own
   thread (a pw_thread_loop), which Swift cannot be handed safely as C function pointers with
   state; so this file keeps them, and gives the caller plain calls that wait with a time limit:
   open (connect, find the camera node, connect a stream to it, negotiate), next (the newest
   frame, copied out), close. No PipeWire type crosses this header. */

typedef struct strips_pw_camera strips_pw_camera;

/* Why open or next failed. */
enum {
    STRIPS_PW_OK = 0,
    STRIPS_PW_NO_CONNECTION = 1,   /* the remote refused us, or closed */
    STRIPS_PW_NO_NODE = 2,         /* no Video/Source node on the remote */
    STRIPS_PW_NOT_LINKED = 3,      /* the stream was never linked to the camera (no session manager) */
    STRIPS_PW_NO_FORMAT = 4,       /* the camera offers no format we read */
    STRIPS_PW_TIMED_OUT = 5,       /* no frame within the time limit */
    STRIPS_PW_ENDED = 6,           /* the camera node went away, or the stream stopped */
};

/* One frame, as `strips_pw_camera_next` hands it: valid until the next call on the same camera. */
typedef struct {
    /* "MJPG", or the raw layout: "YUY2", "UYVY", "NV12", "I420", "RGBx", "BGRx", "RGBA", "BGRA",
       "RGB", "BGR", "GRAY8". */
    char format[8];
    uint32_t width, height;
    /* Up to 4 planes: as PipeWire's buffer gave them (one data block per plane), or a single
       block holding all planes one after another (planes = 1; the caller splits it). */
    int planes;
    const uint8_t *data[4];
    uint32_t size[4];
    int32_t stride[4];
    /* Frames a second the stream negotiated (0: not said). */
    double rate;
    /* Seconds since the first frame, by the buffer's arrival on the stream's thread. */
    double time;
    /* Frames received so far (those passed over because a newer came are counted). */
    uint64_t sequence;
} strips_pw_frame;

/* Connects on `fd` (taken: closed on failure and at close), finds the camera (a node with
   media.class Video/Source, media.role Camera first), connects a stream to it and waits for its
   format, each step within `timeout` seconds. NULL on failure, with `*fault` (STRIPS_PW_*) and
   `message` (what PipeWire said, or the node's name) filled. `name` becomes the node's
   description (for the view's line). */
strips_pw_camera *strips_pw_camera_open(int fd, double timeout, int *fault, char *message, size_t message_size,
                                        char *name, size_t name_size);

/* Waits up to `timeout` seconds for a frame newer than the last one handed out and copies it out;
   STRIPS_PW_OK, STRIPS_PW_TIMED_OUT or STRIPS_PW_ENDED. */
int strips_pw_camera_next(strips_pw_camera *camera, double timeout, strips_pw_frame *frame);

/* Stops the stream and lets the remote go. */
void strips_pw_camera_close(strips_pw_camera *camera);
#endif
