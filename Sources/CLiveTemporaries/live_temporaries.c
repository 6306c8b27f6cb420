// The registry of live temporary files and the SIGINT/SIGTERM handler that removes them.
//
// The handler may run on any thread, at any moment, while other threads go on: it touches only
// memory that is never freed (slots live in blocks that are only ever added to a list) and calls
// only async-signal-safe functions (unlinkat, sigaction, raise). Files go first, then the hidden
// folders a folder save fills before it names them whole (emptied by then, so rmdir works). A slot is claimed by a
// compare-and-swap, filled, then published by a release store; the handler removes only published
// slots. The handlers are installed by the commands that want them (convert, a headless run), once,
// chaining to whatever handler was there; the window leaves SIGINT to SDL, which makes it a quit
// event (and SDL installs its own only where it finds none).
#include "live_temporaries.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SLOTS_PER_BLOCK = 32, FREE = 0, FILLING = 1, LIVE = 2 };

typedef struct slot {
    _Atomic int state;
    int folder;
    int is_folder;
    char path[PATH_MAX];
} slot;

typedef struct block {
    slot slots[SLOTS_PER_BLOCK];
    struct block *_Atomic next;
} block;

static block first_block;
static pthread_mutex_t growing = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static struct sigaction previous_int, previous_term;

static void remove_pass(int folders) {
    for (block *b = &first_block; b; b = atomic_load_explicit(&b->next, memory_order_acquire)) {
        for (int i = 0; i < SLOTS_PER_BLOCK; i++) {
            slot *s = &b->slots[i];
            if (atomic_load_explicit(&s->state, memory_order_acquire) == LIVE && s->is_folder == folders)
                unlinkat(s->folder, s->path, folders ? AT_REMOVEDIR : 0);
        }
    }
}

static void remove_all(void) {
    remove_pass(0);
    remove_pass(1);
}

static void on_signal(int number) {
    int saved = errno;
    remove_all();
    const struct sigaction *before = number == SIGINT ? &previous_int : &previous_term;
    if (!(before->sa_flags & SA_SIGINFO) && before->sa_handler == SIG_IGN) {
        errno = saved;
        return;
    }
    if (!(before->sa_flags & SA_SIGINFO) && before->sa_handler == SIG_DFL) {
        // End as the signal would have: default action, raised again (unblocked on return).
        struct sigaction plain;
        memset(&plain, 0, sizeof plain);
        plain.sa_handler = SIG_DFL;
        sigemptyset(&plain.sa_mask);
        sigaction(number, &plain, NULL);
        raise(number);
        errno = saved;
        return;
    }
    // The handler that was there (SDL's), as it would have been called.
    if (before->sa_flags & SA_SIGINFO) before->sa_sigaction(number, NULL, NULL);
    else before->sa_handler(number);
    errno = saved;
}

static void install(void) {
    struct sigaction ours;
    memset(&ours, 0, sizeof ours);
    ours.sa_handler = on_signal;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_RESTART;
    sigaction(SIGINT, &ours, &previous_int);
    sigaction(SIGTERM, &ours, &previous_term);
}

void strips_live_temporaries_catch_signals(void) { pthread_once(&installed, install); }

void strips_live_temporaries_remove_now(void) { remove_all(); }

static long add(int folder, const char *path, int is_folder) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    long index = 0;
    for (block *b = &first_block;; index += SLOTS_PER_BLOCK) {
        for (int i = 0; i < SLOTS_PER_BLOCK; i++) {
            int expected = FREE;
            slot *s = &b->slots[i];
            if (atomic_compare_exchange_strong(&s->state, &expected, FILLING)) {
                s->folder = folder;
                s->is_folder = is_folder;
                memcpy(s->path, path, length + 1);
                atomic_store_explicit(&s->state, LIVE, memory_order_release);
                return index + i;
            }
        }
        block *next = atomic_load_explicit(&b->next, memory_order_acquire);
        if (!next) {
            pthread_mutex_lock(&growing);
            next = atomic_load_explicit(&b->next, memory_order_acquire);
            if (!next) {
                next = calloc(1, sizeof(block));
                if (next) atomic_store_explicit(&b->next, next, memory_order_release);
            }
            pthread_mutex_unlock(&growing);
            if (!next) return -1;
        }
        b = next;
    }
}

long strips_live_temporary_add(int folder, const char *path) { return add(folder, path, 0); }

long strips_live_temporary_add_folder(int folder, const char *path) { return add(folder, path, 1); }

void strips_live_temporary_remove(long slot_index) {
    if (slot_index < 0) return;
    block *b = &first_block;
    for (long skip = slot_index / SLOTS_PER_BLOCK; skip > 0 && b; skip--) b = atomic_load_explicit(&b->next, memory_order_acquire);
    if (b) atomic_store_explicit(&b->slots[slot_index % SLOTS_PER_BLOCK].state, FREE, memory_order_release);
}

int strips_live_temporary_count(void) {
    int count = 0;
    for (block *b = &first_block; b; b = atomic_load_explicit(&b->next, memory_order_acquire))
        for (int i = 0; i < SLOTS_PER_BLOCK; i++) count += atomic_load(&b->slots[i].state) == LIVE;
    return count;
}
