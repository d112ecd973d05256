/* The ventsim command-line front end: one executable, one file per
 * subcommand. */
#ifndef VS_CLI_H
#define VS_CLI_H

typedef struct vs_command {
  const char *name;
  const char *summary;
  int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
  const char *usage;                 /* full --help text                */
} vs_command;

/* Commands, one per cli/cmd_*.c */
extern const vs_command vs_cmd_as;
extern const vs_command vs_cmd_disasm;
extern const vs_command vs_cmd_mkcase; /* assembly -> .metadata/.data launch (issue 17) */
extern const vs_command vs_cmd_run;
extern const vs_command vs_cmd_config; /* timing-model configuration (issue 5) */
extern const vs_command vs_cmd_plot;   /* charts of statistics and timelines (issue 6) */
extern const vs_command vs_cmd_compile; /* OpenCL C -> AMD code objects (issue 13) */

/* Exit statuses shared by all commands */
enum { VS_EXIT_OK = 0, VS_EXIT_FAIL = 1, VS_EXIT_USAGE = 2,
       VS_EXIT_FINDINGS = 3 /* ventsim run --check found something */ };

/* Prints "ventsim CMD: message" to stderr. */
void vs_cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* True if argv contains -h or --help before a "--". */
int vs_cli_wants_help(int argc, char **argv);

#endif
