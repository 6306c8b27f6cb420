#ifndef STRIPS_CAVDEVICE_SHIM_H
#define STRIPS_CAVDEVICE_SHIM_H
#include <libavdevice/avdevice.h>
#endif
