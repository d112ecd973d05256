# Command-line behaviour shared by the subcommands (src/cli)
vs_cli_test(progress_line progress_line.sh)
vs_cli_test(disasm_cli disasm_cli.sh)
vs_cli_test(logdiff logdiff.sh)
