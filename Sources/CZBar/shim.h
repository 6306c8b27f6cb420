#ifndef STRIPS_CZBAR_SHIM_H
#define STRIPS_CZBAR_SHIM_H
#include <zbar.h>
#endif
