/* Writing output files safely: the one way every ventsim writer (as -o,
 * run --dump/--stats/--timeline/--trace, plots, saved launches, the
 * runtime's files) creates its output.
 *
 *  - a regular file, or a name that does not exist yet: written to a
 *    temporary file in the same directory and renamed over the name when
 *    complete, so an error leaves the old file (or nothing) in place, never
 *    part of a file.  The new file gets the permissions a newly created
 *    file gets under the process umask (0666, or 0777 for executables, and
 *    the umask applied by the kernel: the umask is never changed);
 *  - a symbolic link is followed (relative links from their directory), and
 *    the file it leads to is replaced as above; the link stays a link;
 *  - anything else -- a device (/dev/null), a FIFO, a terminal, a path
 *    through /proc such as /dev/stdout or /dev/fd/N -- is opened and
 *    written through, as a shell redirection would;
 *  - "-" means standard output when the caller allows it (VS_OUT_DASH).
 * Append mode (VS_OUT_APPEND) opens the file at the end of the link chain
 * for appending and writes through. */
#ifndef VS_COMMON_OUTFILE_H
#define VS_COMMON_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#include "ventsim/error.h"

enum {
  VS_OUT_DASH = 1,   /* "-" is standard output                   */
  VS_OUT_EXEC = 2,   /* a new file is executable (0777 & ~umask)  */
  VS_OUT_APPEND = 4, /* append to the file (created if missing)   */
};

typedef struct vs_outfile {
  FILE *f;           /* write here                                       */
  char *path;        /* the name as given, for messages                  */
  char *target;      /* the file renamed over (regular files), or NULL   */
  char *tmp;         /* the temporary file being written, or NULL        */
  int is_stdout;
} vs_outfile;

/* Opens path for writing (flags: VS_OUT_*).  Returns 0, or -1 with a
 * message naming path. */
int vs_outfile_open(vs_outfile *o, const char *path, int flags, vs_error *err);
/* Completes the file: flushes and closes it and, for a regular file, renames
 * the temporary file over the target.  A write error anywhere (also one
 * seen earlier on the stream) fails it, leaving the target untouched.
 * Returns 0 or -1 (err set); the outfile is closed either way. */
int vs_outfile_commit(vs_outfile *o, vs_error *err);
/* Gives up: the temporary file is removed, the target left as it was.
 * Written-through files keep what was written.  Safe on a zeroed or
 * committed outfile. */
void vs_outfile_discard(vs_outfile *o);

/* The whole file at once (open, write, commit). */
int vs_write_file(const char *path, const void *data, size_t len, int flags, vs_error *err);

#endif
