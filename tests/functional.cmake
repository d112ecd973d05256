# Functional simulator (issue 3): execution tests of every instruction-table
# row, the SIMT stack, barriers, launch state, private memory and bad inputs.
# Kernels are our own (tests/func/*.s, or assembly written by the tests).
add_library(vs_fharness STATIC ${CMAKE_CURRENT_SOURCE_DIR}/func/fharness.c)
target_include_directories(vs_fharness PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/tests)
target_link_libraries(vs_fharness PRIVATE ventsim_static PkgConfig::CMOCKA)

vs_unit_test(test_exec_insns ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_exec_insns.c)
target_link_libraries(test_exec_insns PRIVATE vs_fharness)
target_compile_options(test_exec_insns PRIVATE -frounding-math -ffp-contract=off -fno-fast-math)
vs_unit_test(test_exec_simt ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_exec_simt.c)
target_link_libraries(test_exec_simt PRIVATE vs_fharness)
vs_unit_test(test_exec_launch ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_exec_launch.c)
target_link_libraries(test_exec_launch PRIVATE vs_fharness)

# command-line tests on launches made from tests/func/*.s
file(GLOB VS_FUNC_CLI_TESTS ${CMAKE_CURRENT_SOURCE_DIR}/cli/func_*.sh)
foreach(script ${VS_FUNC_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  vs_cli_test(${name} ${name}.sh)
endforeach()
