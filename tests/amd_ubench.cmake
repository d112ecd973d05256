# AMD microbenchmarks (bench/amd, docs/amd-ubench.md): compiled by `ventsim
# compile` for every AMD target, their ISA checked with llvm-objdump-19 (each
# kernel measures what it claims), and run on pocl for correctness.
vs_cli_test(amd_ubench amd_ubench.sh)
set_tests_properties(amd_ubench PROPERTIES LABELS "cli;amd;bench"
  ENVIRONMENT "VENTSIM_CACHE_DIR=${PROJECT_BINARY_DIR}/tests/cache;VS_SANITIZE=$<BOOL:${VENTSIM_SANITIZE}>")
