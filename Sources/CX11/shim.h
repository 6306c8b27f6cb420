#ifndef STRIPS_CX11_SHIM_H
#define STRIPS_CX11_SHIM_H
#include <X11/Xlib.h>
#endif
