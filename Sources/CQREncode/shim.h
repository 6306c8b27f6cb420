#ifndef STRIPS_CQRENCODE_SHIM_H
#define STRIPS_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
