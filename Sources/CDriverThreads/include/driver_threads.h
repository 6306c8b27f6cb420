#ifndef STRIPS_DRIVER_THREADS_H
#define STRIPS_DRIVER_THREADS_H

/// Whether this process's pthread_setcanceltype is Strips' own (driver_threads.c), as a library loaded
/// later (a SANE backend) finds it: 1 yes, 0 no (the symbol was not exported).
int strips_driver_threads_guarded(void);

#endif
