# Host runtime: the driver API (include/ventus.h), the launch helper
# (include/ventsim/launch.h), interchange saves, the print buffer, packaging.
vs_unit_test(test_runtime unit/test_runtime.c)
vs_unit_test(test_runtime_launch unit/test_runtime_launch.c)
vs_unit_test(test_runtime_timing unit/test_runtime_timing.c)

# The interchange round trip through `ventsim run` (a plain host program
# writes the files; the script replays and compares)
add_executable(test_runtime_savehost unit/test_runtime_savehost.c)
target_include_directories(test_runtime_savehost PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/tests)
target_link_libraries(test_runtime_savehost PRIVATE ventsim_static)
vs_cli_test(runtime_interchange runtime_interchange.sh)

# Packaging: install to a temporary prefix, build with pkg-config, run
vs_cli_test(runtime_pkgconfig runtime_pkgconfig.sh)
set(VS_PKG_CFLAGS "")
if(VENTSIM_SANITIZE)
  set(VS_PKG_CFLAGS "-fsanitize=address,undefined")
endif()
set_tests_properties(runtime_pkgconfig PROPERTIES
  ENVIRONMENT "CC=${CMAKE_C_COMPILER};VS_EXTRA_CFLAGS=${VS_PKG_CFLAGS}")

# Messages, VENTSIM_* variables seen by an unmodified program, ventus.h from
# C++, the print-buffer example of docs/print-buffer.md (run by a small runner)
add_executable(test_runtime_run unit/test_runtime_run.c)
target_link_libraries(test_runtime_run PRIVATE ventsim_static)
vs_cli_test(runtime_messages runtime_messages.sh)
set_tests_properties(runtime_messages PROPERTIES
  ENVIRONMENT "VS_EXTRA_CFLAGS=${VS_PKG_CFLAGS};VS_LIBVENTSIM=$<TARGET_FILE:ventsim_shared>;VS_LIBS=-Wl,-rpath,$<TARGET_FILE_DIR:ventsim_shared>")
