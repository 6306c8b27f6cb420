#ifndef STRIPS_CGIO_SHIM_H
#define STRIPS_CGIO_SHIM_H
#include <gio/gio.h>
#endif
