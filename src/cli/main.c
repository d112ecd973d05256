#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "common/util.h"

static const vs_command *const commands[] = {
  &vs_cmd_as,
  &vs_cmd_disasm,
  &vs_cmd_mkcase,
  &vs_cmd_run,
  &vs_cmd_config,
  &vs_cmd_plot,
  &vs_cmd_compile,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

void vs_cli_error(const char *cmd, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ventsim %s: ", cmd);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

int vs_cli_wants_help(int argc, char **argv)
{
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) return 0;
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) return 1;
  }
  return 0;
}

static void usage(FILE *f)
{
  fprintf(f,
          "ventsim %s - simulator and toolchain for the Ventus GPGPU\n\n"
          "usage: ventsim COMMAND [options] [arguments]\n\n"
          "commands:\n", vs_version());
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
  fprintf(f, "  %-10s %s\n", "help", "show this list, or a command's help: ventsim help COMMAND");
  fprintf(f, "  %-10s %s\n", "version", "print the version");
  fprintf(f, "\n'ventsim COMMAND --help' describes each command.\n");
}

static const vs_command *find(const char *name)
{
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i]->name, name) == 0) return commands[i];
  return NULL;
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    usage(stderr);
    return VS_EXIT_USAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    if (argc > 2 && strcmp(name, "help") == 0) {
      const vs_command *c = find(argv[2]);
      if (!c) {
        fprintf(stderr, "ventsim: unknown command '%s'\n", argv[2]);
        return VS_EXIT_USAGE;
      }
      fputs(c->usage, stdout);
      return VS_EXIT_OK;
    }
    usage(stdout);
    return VS_EXIT_OK;
  }
  if (strcmp(name, "version") == 0 || strcmp(name, "--version") == 0) {
    printf("ventsim %s\n", vs_version());
    return VS_EXIT_OK;
  }
  const vs_command *c = find(name);
  if (!c) {
    fprintf(stderr, "ventsim: unknown command '%s' (try 'ventsim help')\n", name);
    return VS_EXIT_USAGE;
  }
  if (vs_cli_wants_help(argc - 1, argv + 1)) {
    fputs(c->usage, stdout);
    return VS_EXIT_OK;
  }
  return c->run(argc - 1, argv + 1);
}
