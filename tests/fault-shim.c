/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Makes the N-th write, fsync, close or rename of a file in one folder, or
 * the N-th fsync of that folder itself (or one below it), fail,
 * as a full disk or a failing device would: SQLite's I/O-error tests, for
 * Exchequer's saves. Armed "from" N, every one from the N-th on fails, as
 * a disk that filled up does. Linked into test-save-faults, and preloaded
 * (LD_PRELOAD) into exchequer-cli by the tests that run it.
 *
 * A child is armed through XQ_FAULT_DIR, XQ_FAULT_OP (write, fsync, close,
 * rename) and XQ_FAULT_AT; XQ_FAULT_FROM=1 fails every one from then on,
 * and XQ_FAULT_SWITCH=FILE only while FILE exists, so a test can let the
 * disk "fill up" and then free it again.
 *
 * Set XQ_KILL_DIR and XQ_KILL_AT=N instead, and the process kills itself
 * with SIGKILL just before its N-th write, fsync, rename or unlink in that
 * folder: a crash at each step of a sequence of writes, not at a time. */

/* The file functions are interposed under their own names: open is open,
 * not a redirect to open64 as the build's large-file flag would make it. */
#undef _FILE_OFFSET_BITS
#define _GNU_SOURCE

#include "fault-shim.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FDS 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int configured;
static char folder[4096];
static size_t folder_len;
static FaultOp armed_op;
static long fail_at;
static int fail_from;   /* every one from the fail_at-th on, not that one alone */
static long seen;
static int fired;
static char report_path[4096];
static char switch_path[4096];
static unsigned char tracked[MAX_FDS];
static char kill_folder[4096];
static size_t kill_folder_len;
static long kill_at;
static long kill_seen;
static unsigned char tracked_dir[MAX_FDS];  /* a folder in the folder, opened to be synced */

static const char * const op_names[] = { "none", "write", "fsync", "close", "rename", "dirsync" };

/* The real function behind an interposed one. */
#define REAL(name) ((__typeof__ (&name)) dlsym (RTLD_NEXT, #name))

/* A child process (exchequer-cli) is armed through its environment. */
static void
configure_from_environment (void)
{
  const char *dir = getenv ("XQ_FAULT_DIR");
  const char *op = getenv ("XQ_FAULT_OP");
  const char *at = getenv ("XQ_FAULT_AT");
  const char *report = getenv ("XQ_FAULT_REPORT");
  const char *kill_dir = getenv ("XQ_KILL_DIR");
  const char *from = getenv ("XQ_FAULT_FROM");
  const char *fault_switch = getenv ("XQ_FAULT_SWITCH");
  const char *kill_n = getenv ("XQ_KILL_AT");

  configured = 1;
  if (report != NULL)
    snprintf (report_path, sizeof report_path, "%s", report);
  if (kill_dir != NULL && kill_n != NULL)
    {
      snprintf (kill_folder, sizeof kill_folder, "%s", kill_dir);
      kill_folder_len = strlen (kill_folder);
      kill_at = strtol (kill_n, NULL, 10);
    }
  if (dir == NULL || op == NULL || at == NULL)
    return;
  for (int i = 1; i < (int) (sizeof op_names / sizeof op_names[0]); i++)
    if (strcmp (op, op_names[i]) == 0)
      armed_op = (FaultOp) i;
  snprintf (folder, sizeof folder, "%s", dir);
  folder_len = strlen (folder);
  fail_at = strtol (at, NULL, 10);
  fail_from = from != NULL && strcmp (from, "1") == 0;
  if (fault_switch != NULL)
    snprintf (switch_path, sizeof switch_path, "%s", fault_switch);
}

void
xq_fault_arm (const char *dir,
              FaultOp     op,
              long        n)
{
  pthread_mutex_lock (&lock);
  configured = 1;
  snprintf (folder, sizeof folder, "%s", dir);
  folder_len = strlen (folder);
  armed_op = op;
  fail_at = n;
  fail_from = 0;
  seen = 0;
  fired = 0;
  pthread_mutex_unlock (&lock);
}

/* Every @op from the @n-th on fails, until disarmed: a disk that filled up. */
void
xq_fault_arm_from (const char *dir,
                   FaultOp     op,
                   long        n)
{
  xq_fault_arm (dir, op, n);
  pthread_mutex_lock (&lock);
  fail_from = 1;
  pthread_mutex_unlock (&lock);
}

int
xq_fault_disarm (void)
{
  int was_fired;

  pthread_mutex_lock (&lock);
  was_fired = fired;
  armed_op = FAULT_NONE;
  fail_from = 0;
  seen = 0;
  fired = 0;
  pthread_mutex_unlock (&lock);
  return was_fired;
}

const char *
xq_fault_op_name (FaultOp op)
{
  return op_names[op];
}

static int
below (const char *path,
       const char *dir,
       size_t      dir_len)
{
  return path != NULL && dir_len > 0 && strncmp (path, dir, dir_len) == 0
         && (path[dir_len] == '/' || path[dir_len] == '\0');
}

static int
in_folder (const char *path)
{
  return below (path, folder, folder_len);
}

static void
append_report (const char *line)
{
  if (report_path[0] != '\0')
    {
      int fd = REAL (open) (report_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);

      if (fd >= 0)
        {
          (void) !REAL (write) (fd, line, strlen (line));
          REAL (close) (fd);
        }
    }
}

/* One more write, fsync, rename or unlink in the kill folder: the N-th is
 * never done, the process dies as a crash would take it. */
static void
kill_point (int in_kill_folder)
{
  int die = 0;

  pthread_mutex_lock (&lock);
  if (!configured)
    configure_from_environment ();
  if (in_kill_folder && kill_at > 0 && ++kill_seen == kill_at)
    die = 1;
  pthread_mutex_unlock (&lock);
  if (die)
    {
      append_report ("killed\n");
      raise (SIGKILL);
    }
}

static int
in_kill_folder (const char *path)
{
  if (!configured)
    {
      pthread_mutex_lock (&lock);
      if (!configured)
        configure_from_environment ();
      pthread_mutex_unlock (&lock);
    }
  return below (path, kill_folder, kill_folder_len);
}

/* Counts one operation of kind @op; TRUE when it is the one to fail. */
static int
strike (FaultOp op)
{
  int fail = 0;

  pthread_mutex_lock (&lock);
  if (!configured)
    configure_from_environment ();
  if (armed_op == op && (switch_path[0] == '\0' || access (switch_path, F_OK) == 0)
      && (++seen == fail_at || (fail_from && seen > fail_at)))
    {
      fail = 1;
      fired = 1;
      append_report ("fired\n");
    }
  pthread_mutex_unlock (&lock);
  return fail;
}

static int
is_tracked (int fd)
{
  int yes;

  pthread_mutex_lock (&lock);
  yes = fd >= 0 && fd < MAX_FDS && (tracked[fd] & 1);
  pthread_mutex_unlock (&lock);
  return yes;
}

static int
is_kill_tracked (int fd)
{
  int yes;

  pthread_mutex_lock (&lock);
  yes = fd >= 0 && fd < MAX_FDS && (tracked[fd] & 2);
  pthread_mutex_unlock (&lock);
  return yes;
}

static int
track (int         fd,
       const char *path,
       int         flags)
{
  pthread_mutex_lock (&lock);
  if (!configured)
    configure_from_environment ();
  if (fd >= 0 && fd < MAX_FDS)
    {
      tracked[fd] = (unsigned char) (((flags & O_ACCMODE) != O_RDONLY && in_folder (path))
                                     | (((flags & O_ACCMODE) != O_RDONLY
                                         && below (path, kill_folder, kill_folder_len)) << 1));
      tracked_dir[fd] = (flags & O_DIRECTORY) != 0 && in_folder (path);
    }
  pthread_mutex_unlock (&lock);
  return fd;
}

static mode_t
mode_argument (int     flags,
               va_list args)
{
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t) va_arg (args, int) : 0;
}

int
open (const char *path,
      int         flags,
      ...)
{
  va_list args;
  mode_t mode;

  va_start (args, flags);
  mode = mode_argument (flags, args);
  va_end (args);
  return track (REAL (open) (path, flags, mode), path, flags);
}

int
open64 (const char *path,
        int         flags,
        ...)
{
  va_list args;
  mode_t mode;

  va_start (args, flags);
  mode = mode_argument (flags, args);
  va_end (args);
  return track (REAL (open64) (path, flags, mode), path, flags);
}

int
openat (int         dirfd,
        const char *path,
        int         flags,
        ...)
{
  va_list args;
  mode_t mode;

  va_start (args, flags);
  mode = mode_argument (flags, args);
  va_end (args);
  return track (REAL (openat) (dirfd, path, flags, mode), path, flags);
}

int
openat64 (int         dirfd,
          const char *path,
          int         flags,
          ...)
{
  va_list args;
  mode_t mode;

  va_start (args, flags);
  mode = mode_argument (flags, args);
  va_end (args);
  return track (REAL (openat64) (dirfd, path, flags, mode), path, flags);
}

ssize_t
write (int         fd,
       const void *buffer,
       size_t      count)
{
  kill_point (is_kill_tracked (fd));
  if (is_tracked (fd) && strike (FAULT_WRITE))
    {
      errno = ENOSPC;
      return -1;
    }
  return REAL (write) (fd, buffer, count);
}

static int
is_tracked_dir (int fd)
{
  int yes;

  pthread_mutex_lock (&lock);
  yes = fd >= 0 && fd < MAX_FDS && tracked_dir[fd];
  pthread_mutex_unlock (&lock);
  return yes;
}

int
fsync (int fd)
{
  kill_point (is_kill_tracked (fd));
  if ((is_tracked (fd) && strike (FAULT_FSYNC)) || (is_tracked_dir (fd) && strike (FAULT_DIRSYNC)))
    {
      errno = EIO;
      return -1;
    }
  return REAL (fsync) (fd);
}

int
fdatasync (int fd)
{
  kill_point (is_kill_tracked (fd));
  if (is_tracked (fd) && strike (FAULT_FSYNC))
    {
      errno = EIO;
      return -1;
    }
  return REAL (fdatasync) (fd);
}

/* As on Linux, the descriptor is gone even when close reports an error. */
int
close (int fd)
{
  int fail = is_tracked (fd) && strike (FAULT_CLOSE);
  int result;

  pthread_mutex_lock (&lock);
  if (fd >= 0 && fd < MAX_FDS)
    {
      tracked[fd] = 0;
      tracked_dir[fd] = 0;
    }
  pthread_mutex_unlock (&lock);
  result = REAL (close) (fd);
  if (fail)
    {
      errno = EIO;
      return -1;
    }
  return result;
}

int
rename (const char *from,
        const char *to)
{
  kill_point (in_kill_folder (to));
  if (in_folder (to) && strike (FAULT_RENAME))
    {
      errno = EIO;
      return -1;
    }
  return REAL (rename) (from, to);
}

int
unlink (const char *path)
{
  kill_point (in_kill_folder (path));
  return REAL (unlink) (path);
}

/* Rewriting a block already allocated needs no room on the disk: pwrite is
 * a kill point, never a "disk full" failure. */
ssize_t
pwrite (int         fd,
        const void *buffer,
        size_t      count,
        off_t       offset)
{
  kill_point (is_kill_tracked (fd));
  return REAL (pwrite) (fd, buffer, count, offset);
}

ssize_t
pwrite64 (int         fd,
          const void *buffer,
          size_t      count,
          off64_t     offset)
{
  kill_point (is_kill_tracked (fd));
  return REAL (pwrite64) (fd, buffer, count, offset);
}
