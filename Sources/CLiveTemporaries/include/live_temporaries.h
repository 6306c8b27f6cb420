#ifndef STRIPS_LIVE_TEMPORARIES_H
#define STRIPS_LIVE_TEMPORARIES_H

/// The hidden temporary files being written now (WholeFile's `.NAME.strips-PID-...`), kept where a
/// signal handler can read them: SIGINT and SIGTERM remove every one, then end the process as the
/// signal would have (or hand it to the handler that was there before).

/// Installs the SIGINT and SIGTERM handlers (once; later calls do nothing).
void strips_live_temporaries_catch_signals(void);

/// Notes `path` (relative to the folder open as `folder`, or AT_FDCWD); a slot to forget it by, or -1
/// (no memory, a path longer than PATH_MAX: the file is then only a leftover a later save removes).
long strips_live_temporary_add(int folder, const char *path);

/// Notes a hidden folder being filled (`path` as above): removed, once its noted files are, when
/// it is empty by then.
long strips_live_temporary_add_folder(int folder, const char *path);

/// Forgets a slot `strips_live_temporary_add` gave (the file was named or removed).
void strips_live_temporary_remove(long slot);

/// Removes every noted temporary now; async-signal-safe (a handler of another's calls it before
/// it ends the process).
void strips_live_temporaries_remove_now(void);

/// How many temporaries are noted now (tests).
int strips_live_temporary_count(void);

/// renameat2(..., RENAME_NOREPLACE): 0, or -1 with errno (EEXIST when the name is taken; EINVAL or
/// ENOSYS where the file system or kernel cannot promise it).
int strips_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to);

#endif
