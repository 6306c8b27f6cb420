#ifndef STRIPS_CSANE_SHIM_H
#define STRIPS_CSANE_SHIM_H
#include <sane/sane.h>
#include <sane/saneopts.h>
#endif
