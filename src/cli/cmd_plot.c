/* ventsim plot: charts of --stats or --timeline JSON as PNG files.  The
 * drawing is scripts/ventsim-plot (Python 3 + matplotlib), which this
 * command finds and runs (docs/plots.md). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "common/util.h"

#ifndef VENTSIM_PLOT_SOURCE
#define VENTSIM_PLOT_SOURCE "scripts/ventsim-plot"
#endif

static const char usage[] =
  "usage: ventsim plot [-o DIR] [--prefix P] FILE.json\n"
  "\n"
  "Draws charts of a run as PNG files into DIR (default: the current\n"
  "directory) and prints their paths.  FILE is\n"
  "  the --stats JSON of 'ventsim run --timing': ipc.png, active_warps.png\n"
  "    (over time, per SM), stalls.png (warp-cycles by stall reason per SM),\n"
  "    caches.png (hit rates), instruction_mix.png, memory.png (bytes by space);\n"
  "  the --stats JSON of a functional run: instruction_mix.png, memory.png;\n"
  "  the --timeline JSON of 'ventsim run': timeline.png (warp states per SM).\n"
  "\n"
  "options:\n"
  "  -o, --output DIR   where to write (created if missing)\n"
  "  --prefix P         prefix of the file names (e.g. 'plot-')\n"
  "  -h, --help         this help\n"
  "\n"
  "Needs python3 with matplotlib (Debian: python3-matplotlib).  The script is\n"
  "$VENTSIM_PLOT_SCRIPT if set, else share/ventsim/ventsim-plot of the\n"
  "installation, else scripts/ventsim-plot of the source tree.\n"
  "\n"
  "exit status: 0 success, 1 bad input, 2 usage error, 3 matplotlib missing\n";

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
  char **av = calloc((size_t)argc + 2, sizeof *av);
  if (!av) {
    vs_cli_error("plot", "out of memory");
    return VS_EXIT_FAIL;
  }
  av[0] = (char *)"python3";
  av[1] = (char *)script;
  for (int i = 1; i < argc; i++) av[i + 1] = argv[i];
  av[argc + 1] = NULL;
  fflush(NULL);
  execvp("python3", av);
  av[0] = (char *)"/usr/bin/python3";
  execv(av[0], av);
  vs_cli_error("plot", "cannot run python3: %s", strerror(errno));
  free(av);
  return VS_EXIT_FAIL;
}

const vs_command vs_cmd_plot = {"plot", "draw charts (PNG) of --stats or --timeline JSON", run,
                                usage};
