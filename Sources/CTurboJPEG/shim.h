#ifndef STRIPS_CTURBOJPEG_SHIM_H
#define STRIPS_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
