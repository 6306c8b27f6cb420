// SANE backends built on sanei_thread (the test backend, and scanners' drivers that read on a
// thread) switch their reader thread to asynchronous cancellation and stop it with
// pthread_cancel when a scan is cancelled. Asynchronous cancellation can land anywhere: inside
// malloc, stdio or strerror's gettext, leaving their libc lock held for ever, and the process
// then hangs at its next malloc, message or exit (seen: exit stuck in freelocale behind the
// setlocale lock a cancelled reader held). POSIX allows asynchronous cancellation only in code
// that calls nothing but a few functions; sanei's readers call write, free and strerror.
//
// This definition takes the place of libc's for every library of the process (the executable's
// symbols come first in the dynamic linker's search): a request for asynchronous cancellation is
// made deferred, so the reader is cancelled at its next cancellation point (its blocking write
// or sleep), where glibc releases what it holds. A reader that never reaches one is the stuck
// driver ScanSession and the scan worker's watchdog already handle.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include "driver_threads.h"

typedef int (*setcanceltype_fn)(int, int *);

static setcanceltype_fn libc_setcanceltype(void) {
    static setcanceltype_fn next = NULL;
    if (next == NULL) {
        next = (setcanceltype_fn)dlsym(RTLD_NEXT, "pthread_setcanceltype");
    }
    return next;
}

int pthread_setcanceltype(int type, int *oldtype) {
    setcanceltype_fn next = libc_setcanceltype();
    if (next == NULL) return 0;
    return next(type == PTHREAD_CANCEL_ASYNCHRONOUS ? PTHREAD_CANCEL_DEFERRED : type, oldtype);
}

int strips_driver_threads_guarded(void) {
    return dlsym(RTLD_DEFAULT, "pthread_setcanceltype") == (void *)pthread_setcanceltype;
}
