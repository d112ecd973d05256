# Command-line behaviour shared by the subcommands (src/cli)
vs_cli_test(progress_line progress_line.sh)
vs_cli_test(disasm_cli disasm_cli.sh)
vs_cli_test(logdiff logdiff.sh)
vs_cli_test(output_files output_files.sh)
vs_cli_test(mkcase mkcase.sh)
vs_cli_test(run_partial run_partial.sh)
# AMD code objects against llvm-objdump-19 (src/isa/amdgpu)
vs_cli_test(amd_disasm amd_disasm.sh)
set_tests_properties(amd_disasm PROPERTIES LABELS "cli;amd")
# the kernel checker (docs/checker.md): bugs of ours and their twins, and
# every kernel of the functional, timing, debug and bench suites clean
vs_cli_test(check_kernels check_kernels.sh)
vs_cli_test(check_suite check_suite.sh)
