# The build's layers (src/CMakeLists.txt): no layer links upward.  The
# second test runs the check on the layers in reverse order, where every
# use crosses upward, and must fail -- so the check checks something.
set(VS_LAYER_FILES)
foreach(t ${VS_LAYER_TARGETS})
  list(APPEND VS_LAYER_FILES $<TARGET_FILE:${t}>)
endforeach()
set(VS_LAYER_FILES_REVERSED ${VS_LAYER_FILES})
list(REVERSE VS_LAYER_FILES_REVERSED)
add_test(NAME layers COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/layers.sh ${VS_LAYER_FILES})
add_test(NAME layers_reversed_fail
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/layers.sh ${VS_LAYER_FILES_REVERSED})
set_tests_properties(layers layers_reversed_fail PROPERTIES LABELS cli)
set_tests_properties(layers_reversed_fail PROPERTIES WILL_FAIL TRUE)
