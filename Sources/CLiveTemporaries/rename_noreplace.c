// A rename that never replaces what has the new name: how a folder save names its finished folder
// at once (Swift's Glibc module does not declare renameat2, a GNU extension).
#define _GNU_SOURCE
#include "live_temporaries.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int strips_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, from_folder, from, to_folder, to, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
