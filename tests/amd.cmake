# AMD code objects: the reader (src/isa/amdgpu/codeobj.c) checked against
# llvm-readelf-19 / llvm-objdump-19, and `ventsim compile` (the clang-19
# driver of src/compile).
vs_unit_test(test_amd_codeobj unit/test_amd_codeobj.c)
set_tests_properties(test_amd_codeobj PROPERTIES LABELS "unit;amd"
  ENVIRONMENT "VENTSIM_CACHE_DIR=${PROJECT_BINARY_DIR}/tests/cache")
vs_cli_test(amd_compile amd_compile.sh)
set_tests_properties(amd_compile PROPERTIES LABELS "cli;amd")
# the printf formatter on records built by hand
vs_unit_test(test_amd_printf unit/test_amd_printf.c)
set_tests_properties(test_amd_printf PROPERTIES LABELS "unit;amd")
