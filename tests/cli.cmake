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
# AMD launch capture (save-launches) and `ventsim run DIR` replay (its
# pyopencl part only in the optimised build: python cannot load an
# instrumented vendor library)
add_executable(amd_capture_host ${PROJECT_SOURCE_DIR}/tests/amd/capture/capture_host.c)
target_link_libraries(amd_capture_host PRIVATE ventsim_static m)
add_dependencies(amd_capture_host ventsim_opencl)
add_test(NAME amd_capture
  COMMAND ${CMAKE_COMMAND} -E env VENTSIM=$<TARGET_FILE:ventsim> VS_SOURCE_DIR=${PROJECT_SOURCE_DIR}
    VS_BINARY_DIR=${PROJECT_BINARY_DIR} CAPTURE_HOST=$<TARGET_FILE:amd_capture_host>
    VENTSIM_CACHE_DIR=${PROJECT_BINARY_DIR}/tests/cache VS_SANITIZE=$<BOOL:${VENTSIM_SANITIZE}>
    bash ${PROJECT_SOURCE_DIR}/tests/cli/amd_capture.sh)
set_tests_properties(amd_capture PROPERTIES LABELS "cli;amd" TIMEOUT 600 SKIP_RETURN_CODE 77)
