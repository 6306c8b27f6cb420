#ifndef STRIPS_CSDL2_SHIM_H
#define STRIPS_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Lowers the calling thread's priority (Linux nice values are per thread). Swift cannot call
   the variadic syscall() that gettid needs, hence this helper. */
static inline int strips_nice_current_thread(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}
#endif
