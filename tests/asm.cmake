# Assembler tests (ventsim as): unit tests in tests/unit/test_asm*.c, command
# line tests in tests/cli/asm_*.sh, inputs in tests/asm/.
vs_unit_test(test_asm_table ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_asm_table.c
                            ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_asm_gen.c)
vs_unit_test(test_asm_known ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_asm_known.c)
vs_unit_test(test_asm_gnu ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_asm_gnu.c
                          ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_asm_gen.c)
set_tests_properties(test_asm_gnu PROPERTIES SKIP_RETURN_CODE 77)
vs_cli_test(asm_errors asm_errors.sh)
vs_cli_test(asm_link asm_link.sh)
vs_cli_test(asm_reference asm_reference.sh)
set_tests_properties(asm_reference PROPERTIES SKIP_RETURN_CODE 77)
