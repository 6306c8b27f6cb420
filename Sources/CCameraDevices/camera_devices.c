#include "camera_devices.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int ask(int fd, unsigned long request, void *argument) {
    int r;
    do { r = ioctl(fd, request, argument); } while (r < 0 && errno == EINTR);
    return r;
}

static double best_rate(int fd, uint32_t format, uint32_t width, uint32_t height) {
    double best = 0;
    struct v4l2_frmivalenum interval;
    memset(&interval, 0, sizeof interval);
    interval.pixel_format = format;
    interval.width = width;
    interval.height = height;
    for (interval.index = 0; interval.index < 64 && ask(fd, VIDIOC_ENUM_FRAMEINTERVALS, &interval) == 0; interval.index++) {
        struct v4l2_fract f = interval.type == V4L2_FRMIVAL_TYPE_DISCRETE ? interval.discrete : interval.stepwise.min;
        if (f.numerator > 0) {
            double rate = (double)f.denominator / f.numerator;
            if (rate > best) best = rate;
        }
        if (interval.type != V4L2_FRMIVAL_TYPE_DISCRETE) break;
    }
    return best;
}

int strips_camera_query(const char *path, int *captures, char *card, int card_size,
                        strips_camera_size *sizes, int capacity, int *count) {
    *captures = 0;
    *count = 0;
    if (card_size > 0) card[0] = 0;
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return errno;
    struct v4l2_capability cap;
    memset(&cap, 0, sizeof cap);
    if (ask(fd, VIDIOC_QUERYCAP, &cap) < 0) {
        int error = errno;
        close(fd);
        return error;
    }
    uint32_t caps = (cap.capabilities & V4L2_CAP_DEVICE_CAPS) ? cap.device_caps : cap.capabilities;
    *captures = (caps & V4L2_CAP_VIDEO_CAPTURE) && (caps & V4L2_CAP_STREAMING) ? 1 : 0;
    if (card_size > 0) {
        size_t n = strnlen((const char *)cap.card, sizeof cap.card);
        if (n >= (size_t)card_size) n = (size_t)card_size - 1;
        memcpy(card, cap.card, n);
        card[n] = 0;
    }
    struct v4l2_fmtdesc format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    for (format.index = 0; *captures && format.index < 32 && ask(fd, VIDIOC_ENUM_FMT, &format) == 0; format.index++) {
        struct v4l2_frmsizeenum size;
        memset(&size, 0, sizeof size);
        size.pixel_format = format.pixelformat;
        for (size.index = 0; size.index < 64 && ask(fd, VIDIOC_ENUM_FRAMESIZES, &size) == 0; size.index++) {
            uint32_t w, h;
            if (size.type == V4L2_FRMSIZE_TYPE_DISCRETE) {
                w = size.discrete.width;
                h = size.discrete.height;
            } else {
                /* A range: its largest size stands for it. */
                w = size.stepwise.max_width;
                h = size.stepwise.max_height;
            }
            if (*count < capacity) {
                strips_camera_size *s = &sizes[*count];
                s->pixel_format = format.pixelformat;
                s->compressed = (format.flags & V4L2_FMT_FLAG_COMPRESSED) ? 1 : 0;
                s->width = w;
                s->height = h;
                s->max_rate = best_rate(fd, format.pixelformat, w, h);
            }
            (*count)++;
            if (size.type != V4L2_FRMSIZE_TYPE_DISCRETE) break;
        }
    }
    close(fd);
    return 0;
}
