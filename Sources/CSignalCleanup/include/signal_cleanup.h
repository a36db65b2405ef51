#ifndef SIGNAL_CLEANUP_H
#define SIGNAL_CLEANUP_H

/* Temporary files and staged folders to remove when the process is interrupted (SIGINT,
 * SIGTERM, SIGHUP). The paths live in a fixed static table, so the signal handler only does
 * async-signal-safe work: unlink, openat/getdents/unlinkat, then the signal again with its
 * default action (the process ends as it would have, with the same status). Other threads
 * run on meanwhile (worker threads block these signals): changes they make to the file
 * system go between sc_enter and sc_leave, so they never race the removal. */

/* Installs the handler for SIGINT, SIGTERM and SIGHUP, except where the signal is ignored
 * (nohup, a background job). Idempotent. */
void sc_install(void);

/* Registers a path (a file, or with tree != 0 a folder removed with everything in it).
 * Returns a slot for sc_unregister, or -1 when the path is too long or the table is full
 * (the path is then left on an interruption, as before). Thread-safe. */
int sc_register(const char *path, int tree);

/* Forgets a slot from sc_register (a negative slot is ignored). Thread-safe. */
void sc_unregister(int slot);

/* Brackets a change to the file system that the handler must not race: creating a file or a
 * folder (after registering it), or moving one. Another thread's handler waits for changes
 * under way before it removes anything; a change that starts after a signal arrived waits
 * (the thread sleeps) until the process ends, so nothing is created in a folder the handler
 * has removed. Nesting is allowed; each sc_enter needs its sc_leave on the same thread.
 * Without sc_install both cost two atomic operations. */
void sc_enter(void);
void sc_leave(void);

/* Removes a folder and everything in it (what the handler does for a tree); 0 on success. */
int sc_remove_tree(const char *path);

#endif
