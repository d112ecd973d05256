# The gdb server (src/debug, issue 6): unit tests of the remote protocol's
# packet layer, and command-line tests that drive gdb-multiarch (or raw
# packets) against `ventsim run --gdb` on our kernels in tests/debug/*.s.
vs_unit_test(test_debug_rsp ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_debug_rsp.c)
vs_unit_test(test_gdb_regmap ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_gdb_regmap.c)

foreach(name debug_gdb debug_protocol debug_stops)
  vs_cli_test(${name} ${name}.sh)
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180)
endforeach()
