#ifndef STRIPS_CAMERA_DEVICES_H
#define STRIPS_CAMERA_DEVICES_H
#include <stdint.h>

/* What a V4L2 device offers, asked of the kernel read-only (VIDIOC_QUERYCAP, VIDIOC_ENUM_FMT,
   VIDIOC_ENUM_FRAMESIZES, VIDIOC_ENUM_FRAMEINTERVALS). Capture itself goes through libavdevice's
   v4l2 input; ffmpeg has no call that returns a device's formats and sizes (its list_formats
   option only prints them to its log), and the camera's best size and MJPEG must be chosen before
   it is opened. */

typedef struct {
    /* The V4L2 fourcc ('MJPG', 'YUYV', ...). */
    uint32_t pixel_format;
    int compressed;
    uint32_t width, height;
    /* The highest frame rate offered at this size, frames a second (0: not stated). */
    double max_rate;
} strips_camera_size;

/* Fills `card` (the device's name) and up to `capacity` sizes; `*count` is how many there are
   (even past `capacity`). `*captures` is 1 when the node captures video (a UVC camera also has a
   metadata node, which does not). Returns 0, or the errno of opening or asking the device
   (ENOENT, EACCES, EBUSY, ENODEV, ENOTTY for a file that is no device). */
int strips_camera_query(const char *path, int *captures, char *card, int card_size,
                        strips_camera_size *sizes, int capacity, int *count);
#endif
