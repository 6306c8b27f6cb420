#ifndef STRIPS_CGLIB_SHIM_H
#define STRIPS_CGLIB_SHIM_H
// GLib (poppler-glib's own base library): checksums for the freedesktop thumbnail cache's names.
#include <glib.h>
#endif
