/* ventsim as: placeholder until the assembler lands. */
#include <stdio.h>

#include "cli/cli.h"

static const char usage[] = "usage: ventsim as [-o out.elf] FILE.s...\n";

static int run(int argc, char **argv)
{
  (void)argc; (void)argv;
  vs_cli_error("as", "not built yet");
  return VS_EXIT_FAIL;
}

const vs_command vs_cmd_as = {"as", "assemble and link Ventus assembly into an ELF program", run, usage};
