# Timing model (src/timing, issue 5): one unit test per component in
# tests/unit/test_timing_*.c, command-line tests in tests/cli/timing_*.sh,
# our own test kernels in tests/timing/*.s turned into launches by
# `ventsim mkcase`, and the timing benchmark (bench/bench_timing.sh).
foreach(t config cache dram l2 icnt fetch ibuffer sched scoreboard opcoll units waitcnt lsu lds
          dcache kcache dispatch sm)
  vs_unit_test(test_timing_${t} ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_timing_${t}.c)
endforeach()

file(GLOB VS_TIMING_CLI_TESTS ${CMAKE_CURRENT_SOURCE_DIR}/cli/timing_*.sh)
foreach(script ${VS_TIMING_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  vs_cli_test(${name} ${name}.sh)
endforeach()
