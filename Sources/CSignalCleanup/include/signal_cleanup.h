#ifndef SIGNAL_CLEANUP_H
#define SIGNAL_CLEANUP_H

/* Temporary files and staged folders to remove when the process is interrupted (SIGINT,
 * SIGTERM, SIGHUP). The paths live in a fixed static table, so the signal handler only does
 * async-signal-safe work: unlink, openat/getdents/unlinkat, then the signal again with its
 * default action (the process ends as it would have, with the same status). */

/* Installs the handler for SIGINT, SIGTERM and SIGHUP, except where the signal is ignored
 * (nohup, a background job). Idempotent. */
void sc_install(void);

/* Registers a path (a file, or with tree != 0 a folder removed with everything in it).
 * Returns a slot for sc_unregister, or -1 when the path is too long or the table is full
 * (the path is then left on an interruption, as before). Thread-safe. */
int sc_register(const char *path, int tree);

/* Forgets a slot from sc_register (a negative slot is ignored). Thread-safe. */
void sc_unregister(int slot);

/* Removes a folder and everything in it (what the handler does for a tree); 0 on success. */
int sc_remove_tree(const char *path);

#endif
