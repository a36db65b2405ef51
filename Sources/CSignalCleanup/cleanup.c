#define _GNU_SOURCE
#include "signal_cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <dirent.h>
#include <sys/syscall.h>
#else
#include <dirent.h>
#endif

#define SLOTS 512
#define PATH_BYTES 1024

/* 0 free, 1 being filled, 2 a file, 3 a tree. A slot's path is read only in states 2 and 3. */
static atomic_int states[SLOTS];
static char paths[SLOTS][PATH_BYTES];
static atomic_int installed;

/* Changes under way (sc_enter ... sc_leave), one per thread however deeply nested; the
 * signal being handled (0 before one arrives); this thread's nesting. */
static atomic_int busy;
static atomic_int ending;
static _Thread_local int depth __attribute__((tls_model("initial-exec")));

/* The process is ending by a signal: this thread does nothing more until it ends. */
static void wait_for_the_end(void) {
    for (;;) pause();
}

void sc_enter(void) {
    if (depth++ > 0) return;
    atomic_fetch_add(&busy, 1);
    if (atomic_load(&ending) != 0) {
        /* Too late: the handler may already have removed the folder this change goes into. */
        atomic_fetch_sub(&busy, 1);
        depth--;
        wait_for_the_end();
    }
}

void sc_leave(void) {
    if (depth <= 0) return;
    if (--depth == 0) atomic_fetch_sub(&busy, 1);
}

int sc_register(const char *path, int tree) {
    size_t n = strlen(path);
    if (n == 0 || n >= PATH_BYTES) return -1;
    for (int i = 0; i < SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&states[i], &expected, 1)) {
            memcpy(paths[i], path, n + 1);
            atomic_store(&states[i], tree ? 3 : 2);
            return i;
        }
    }
    return -1;
}

void sc_unregister(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&states[slot], 0);
}

/* Removes the entries of the open folder `fd` (recursing into folders, at most `depth` deep),
 * then closes it. Only async-signal-safe calls on Linux: getdents64, openat, unlinkat, lseek. */
static void empty_folder(int fd, int depth) {
#if defined(__linux__)
    char buffer[4096] __attribute__((aligned(8)));
    for (int pass = 0; pass < 64; pass++) {
        int removed = 0;
        if (lseek(fd, 0, SEEK_SET) != 0) break;
        for (;;) {
            long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
            if (n <= 0) break;
            for (long at = 0; at < n;) {
                unsigned short length;
                memcpy(&length, buffer + at + 16, sizeof length);
                unsigned char type = (unsigned char)buffer[at + 18];
                const char *name = buffer + at + 19;
                at += length;
                if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
                if (unlinkat(fd, name, 0) == 0) {
                    removed++;
                    continue;
                }
                if ((type == DT_DIR || type == DT_UNKNOWN) && depth > 0) {
                    int child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                    if (child >= 0) empty_folder(child, depth - 1);
                    if (unlinkat(fd, name, AT_REMOVEDIR) == 0) removed++;
                }
            }
        }
        if (removed == 0) break;
    }
    close(fd);
#else
    /* Darwin has no public async-signal-safe way to list a folder; readdir is the closest. */
    DIR *dir = fdopendir(fd);
    if (!dir) {
        close(fd);
        return;
    }
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
        if (unlinkat(fd, name, 0) == 0) continue;
        if (depth > 0) {
            int child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child >= 0) empty_folder(child, depth - 1);
            unlinkat(fd, name, AT_REMOVEDIR);
        }
    }
    closedir(dir);
#endif
}

int sc_remove_tree(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return unlink(path);
    empty_folder(fd, 32);
    return rmdir(path);
}

static void handler(int sig) {
    int saved = errno;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&ending, &expected, sig)) {
        /* Another thread is removing the files and will end the process: wait for that,
         * unless this thread is inside a change, which the other waits for. */
        if (depth == 0) wait_for_the_end();
        errno = saved;
        return;
    }
    /* Other threads keep running while this one removes: wait for their changes under way
     * (a path is registered before it is created, so theirs are in the table when they end);
     * any later change waits in sc_enter until the process ends. At most about a second,
     * in case a thread stopped inside a change. This thread's own change (the signal came
     * between its sc_enter and sc_leave) never ends, so it is not waited for. */
    int own = depth > 0 ? 1 : 0;
    for (int i = 0; i < 1000 && atomic_load(&busy) > own; i++) {
        struct timespec pause_time = {0, 1000000};
        nanosleep(&pause_time, NULL);
    }
    for (int i = 0; i < SLOTS; i++) {
        int state = atomic_load(&states[i]);
        if (state == 2) unlink(paths[i]);
        if (state == 3) sc_remove_tree(paths[i]);
    }
    /* The default action, then the signal again: delivered when the handler returns (the
     * three signals are blocked in it), it ends the process as without the handler. */
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
    raise(sig);
    errno = saved;
}

void sc_install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        if (old.sa_handler != SIG_DFL) continue; /* someone else's handler: leave it */
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = handler;
        /* A second signal (SIGINT after SIGTERM) waits while this thread removes the files. */
        sigemptyset(&action.sa_mask);
        for (unsigned j = 0; j < sizeof signals / sizeof signals[0]; j++) sigaddset(&action.sa_mask, signals[j]);
        sigaction(signals[i], &action, NULL);
    }
}
