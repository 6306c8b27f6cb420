#ifndef STRIPS_CIMAGEQUANT_SHIM_H
#define STRIPS_CIMAGEQUANT_SHIM_H
#include <libimagequant.h>
// libimagequant parallelises with OpenMP; the recorder keeps it to its own worker thread so the
// render thread keeps a core and headless output does not depend on thread scheduling.
void omp_set_num_threads(int);
#endif
