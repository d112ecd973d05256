/* ventsim plot: charts of --stats or --timeline JSON as PNG files.  The
 * drawing is scripts/ventsim-plot (Python 3 + matplotlib), which this
 * command finds and runs (docs/plots.md).  The script draws into a private
 * staging directory; this command writes the charts to their names through
 * common/outfile.h, like every other output file of ventsim. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "common/outfile.h"
#include "common/util.h"

#ifndef VENTSIM_PLOT_SOURCE
#define VENTSIM_PLOT_SOURCE "scripts/ventsim-plot"
#endif

static const char usage[] =
  "usage: ventsim plot [-o DIR] [--prefix P] [--window START:END] FILE.json\n"
  "\n"
  "Draws charts of a run as PNG files into DIR (default: the current\n"
  "directory) and prints their paths.  FILE is\n"
  "  the --stats JSON of 'ventsim run --timing': ipc.png, active_warps.png\n"
  "    (over time, per SM), stalls.png (warp-cycles by stall reason per SM),\n"
  "    caches.png (hit rates), instruction_mix.png, memory.png (bytes by space);\n"
  "  the --stats JSON of a functional run: instruction_mix.png, memory.png;\n"
  "  the --timeline JSON of 'ventsim run': timeline.png (the launches, and the\n"
  "    work-group and warp slots of each SM coloured by the trace's states:\n"
  "    run and the stall reasons).\n"
  "A timeline cut off by --timeline-max-events, or a run that stopped early\n"
  "(\"partial\"), is said so on the picture (and on stderr for the cut-off).\n"
  "\n"
  "options:\n"
  "  -o, --output DIR   where to write (created if missing)\n"
  "  --prefix P         prefix of the file names (e.g. 'plot-')\n"
  "  --window START:END only cycles START..END (also START: or :END) in the\n"
  "                     timeline and in the IPC and active-warp charts\n"
  "  -h, --help         this help\n"
  "\n"
  "Needs python3 with matplotlib (Debian: python3-matplotlib).  The script is\n"
  "$VENTSIM_PLOT_SCRIPT if set, else share/ventsim/ventsim-plot of the\n"
  "installation, else scripts/ventsim-plot of the source tree.\n"
  "\n"
  "exit status: 0 success, 1 bad input, 2 usage error, 3 matplotlib missing\n";

/* Removes the staging directory and what is left in it. */
static void remove_staging(const char *dir)
{
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    char p[PATH_MAX + 300];
    while ((e = readdir(d)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
      unlink(p);
    }
    closedir(d);
  }
  rmdir(dir);
}

/* Copies the charts the script drew into the staging directory to their
 * names through the one writer of output files (common/outfile.h).  The
 * script lists them on its stdout as NUL-terminated "staged\0final\0"
 * pairs (list[0..len)); we print the final names. */
static int publish(const char *list, size_t len, const char *staging)
{
  size_t sl = strlen(staging);
  int rc = 0;
  for (size_t i = 0; i < len;) {
    const char *staged = list + i;
    size_t a = strnlen(staged, len - i);
    const char *final = staged + a + 1;
    if (i + a + 1 >= len || strnlen(final, len - i - a - 1) == len - i - a - 1) {
      vs_cli_error("plot", "the plotting script's list of charts is cut off");
      return -1;
    }
    i += a + 1 + strlen(final) + 1;
    vs_error err = {0};
    char *data = NULL;
    size_t n = 0;
    if (strncmp(staged, staging, sl) != 0 || staged[sl] != '/') {
      vs_cli_error("plot", "the plotting script reported '%s' outside its staging directory", staged);
      rc = -1;
    } else if (vs_read_file(staged, VS_MAX_INPUT_FILE, &data, &n, &err) ||
               vs_write_file(final, data, n, 0, &err)) {
      vs_cli_error("plot", "%s", err.msg);
      rc = -1;
    } else {
      printf("%s\n", final);
    }
    free(data);
  }
  if (fflush(stdout) != 0) rc = -1;
  return rc;
}

static int run(int argc, char **argv)
{
  char found[PATH_MAX + 64];
  const char *script = getenv("VENTSIM_PLOT_SCRIPT");
  if (script && *script && !vs_readable(script)) {
    vs_cli_error("plot", "VENTSIM_PLOT_SCRIPT=%s: %s", script, strerror(errno));
    return VS_EXIT_FAIL;
  }
  if (!script || !*script) {
    if (vs_data_file("ventsim-plot", found, sizeof found) == 0) script = found;
    else if (vs_readable(VENTSIM_PLOT_SOURCE)) script = VENTSIM_PLOT_SOURCE;
    else {
      vs_cli_error("plot", "the plotting script ventsim-plot is not installed (looked in "
                           "share/ventsim beside the executable, %s and %s; set "
                           "VENTSIM_PLOT_SCRIPT)", found, VENTSIM_PLOT_SOURCE);
      return VS_EXIT_FAIL;
    }
  }
  /* the script draws into a private directory; publish() writes the files */
  const char *tmpdir = getenv("TMPDIR");
  char staging[PATH_MAX];
  snprintf(staging, sizeof staging, "%s/ventsim-plot-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
  if (!mkdtemp(staging)) {
    vs_cli_error("plot", "cannot create a directory in %s: %s", tmpdir && *tmpdir ? tmpdir : "/tmp",
                 strerror(errno));
    return VS_EXIT_FAIL;
  }
  char **av = calloc((size_t)argc + 2, sizeof *av);
  int pfd[2];
  if (!av || pipe(pfd) != 0) {
    vs_cli_error("plot", "%s", av ? strerror(errno) : "out of memory");
    free(av);
    remove_staging(staging);
    return VS_EXIT_FAIL;
  }
  av[0] = (char *)"python3";
  av[1] = (char *)script;
  for (int i = 1; i < argc; i++) av[i + 1] = argv[i];
  av[argc + 1] = NULL;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(pfd[0]);
    if (dup2(pfd[1], STDOUT_FILENO) < 0) _exit(VS_EXIT_FAIL);
    close(pfd[1]);
    setenv("VENTSIM_PLOT_STAGING", staging, 1);
    execvp("python3", av);
    av[0] = (char *)"/usr/bin/python3";
    execv(av[0], av);
    fprintf(stderr, "ventsim plot: cannot run python3: %s\n", strerror(errno));
    _exit(VS_EXIT_FAIL);
  }
  free(av);
  close(pfd[1]);
  if (pid < 0) {
    vs_cli_error("plot", "cannot start python3: %s", strerror(errno));
    close(pfd[0]);
    remove_staging(staging);
    return VS_EXIT_FAIL;
  }
  vs_buf pairs = {0}; /* published only if the script succeeds */
  char chunk[4096];
  ssize_t got;
  int bad = 0;
  while ((got = read(pfd[0], chunk, sizeof chunk)) != 0) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 || vs_buf_append(&pairs, chunk, (size_t)got, NULL)) {
      bad = 1;
      break;
    }
  }
  close(pfd[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  int rc = WIFEXITED(status) ? WEXITSTATUS(status) : VS_EXIT_FAIL;
  if (rc == 0 && (bad || publish((const char *)pairs.data, pairs.len, staging))) rc = VS_EXIT_FAIL;
  vs_buf_free(&pairs);
  remove_staging(staging);
  return rc;
}

const vs_command vs_cmd_plot = {"plot", "draw charts (PNG) of --stats or --timeline JSON", run,
                                usage};
