# Timelines and plots (issue 6): the timeline writer (src/trace/timeline.c,
# unit test with hand-made observer events), `ventsim run --timeline` on
# real kernels checked by an independent checker (tests/trace/check_trace.py),
# the statistics' time series, and `ventsim plot` (skipped without
# matplotlib).
vs_unit_test(test_trace_timeline ${CMAKE_CURRENT_SOURCE_DIR}/unit/test_trace_timeline.c)

foreach(name trace_timeline trace_stats_samples plot_charts)
  vs_cli_test(${name} ${name}.sh)
  set_property(TEST ${name} APPEND PROPERTY LABELS trace)
endforeach()
set_tests_properties(plot_charts PROPERTIES SKIP_RETURN_CODE 77)
