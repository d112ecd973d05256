/* ventsim config: show the timing-model configuration. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ventsim/timing.h"

static const char usage[] =
  "usage: ventsim config [--dump] [--config FILE|NAME] [--set KEY=VALUE]... [--get KEY]\n"
  "\n"
  "Prints the effective configuration of the timing model (`ventsim run\n"
  "--timing`) as an INI file that --config reads back: the built-in defaults\n"
  "(the Ventus Chisel RTL), then the --config file, then every --set, in that\n"
  "order.  Each parameter is listed with its description, range and default.\n"
  "The configuration is checked for consistency first.\n"
  "\n"
  "options:\n"
  "  --dump                 print every parameter (the default action)\n"
  "  --config FILE|NAME     an INI file, or a name from share/ventsim/configs\n"
  "                         (ventus-chisel, ventus-verilog)\n"
  "  --set KEY=VALUE        set one parameter, KEY = section.key (repeatable)\n"
  "  --get KEY              print only the value of one parameter\n"
  "  --path NAME            print the file a configuration name resolves to\n"
  "  -h, --help             this help\n"
  "\n"
  "exit status: 0 success, 1 bad configuration, 2 usage error\n";

static int run(int argc, char **argv)
{
  enum { O_DUMP = 256, O_CONFIG, O_SET, O_GET, O_PATH };
  static const struct option longopts[] = {
    {"dump", no_argument, NULL, O_DUMP},
    {"config", required_argument, NULL, O_CONFIG},
    {"set", required_argument, NULL, O_SET},
    {"get", required_argument, NULL, O_GET},
    {"path", required_argument, NULL, O_PATH},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  vs_timing_config *cfg = NULL;
  vs_error err = {0};
  if (vs_timing_config_create(&cfg, &err)) {
    vs_cli_error("config", "%s", err.msg);
    return VS_EXIT_FAIL;
  }
  const char *get = NULL;
  int c, status = VS_EXIT_OK;
  optind = 1;
  while (status == VS_EXIT_OK && (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
    switch (c) {
    case O_DUMP: break;
    case O_CONFIG:
      if (vs_timing_config_load(cfg, optarg, &err)) {
        vs_cli_error("config", "%s", err.msg);
        status = VS_EXIT_FAIL;
      }
      break;
    case O_SET:
      if (vs_timing_config_set(cfg, optarg, &err)) {
        vs_cli_error("config", "%s", err.msg);
        status = VS_EXIT_FAIL;
      }
      break;
    case O_GET: get = optarg; break;
    case O_PATH: {
      char path[4096];
      if (vs_timing_config_find(optarg, path, sizeof path, &err)) {
        vs_cli_error("config", "%s", err.msg);
        status = VS_EXIT_FAIL;
      } else {
        puts(path);
      }
      vs_timing_config_free(cfg);
      return status;
    }
    case 'h': fputs(usage, stdout); vs_timing_config_free(cfg); return VS_EXIT_OK;
    default: fputs(usage, stderr); vs_timing_config_free(cfg); return VS_EXIT_USAGE;
    }
  }
  if (status == VS_EXIT_OK && optind < argc) {
    vs_cli_error("config", "unexpected argument '%s' (see 'ventsim config --help')", argv[optind]);
    status = VS_EXIT_USAGE;
  }
  if (status == VS_EXIT_OK && vs_timing_config_check(cfg, &err)) {
    vs_cli_error("config", "%s", err.msg);
    status = VS_EXIT_FAIL;
  }
  if (status == VS_EXIT_OK) {
    if (get) {
      char buf[128];
      if (vs_timing_config_get(cfg, get, buf, sizeof buf, &err)) {
        vs_cli_error("config", "%s", err.msg);
        status = VS_EXIT_FAIL;
      } else {
        puts(buf);
      }
    } else if (vs_timing_config_dump(cfg, stdout) || fflush(stdout)) {
      vs_cli_error("config", "write error");
      status = VS_EXIT_FAIL;
    }
  }
  vs_timing_config_free(cfg);
  return status;
}

const vs_command vs_cmd_config = {"config", "show or check the timing-model configuration", run,
                                  usage};
