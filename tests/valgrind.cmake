# valgrind memcheck over the command-line tools and an example (not in the
# sanitizer build: ASan and valgrind do not mix)
if(NOT VENTSIM_SANITIZE)
  vs_cli_test(valgrind valgrind.sh)
  set_tests_properties(valgrind PROPERTIES LABELS "cli;valgrind")
endif()
