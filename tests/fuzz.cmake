# Fuzz regression tests: every harness of fuzz/ built WITHOUT libFuzzer,
# with fuzz/replay_main.c as main(), replays its seed corpus
# (fuzz/corpus/<name>/) and every input that once crashed or hung it
# (fuzz/regressions/<name>/).  The libFuzzer builds are fuzz/CMakeLists.txt
# (-DVENTSIM_FUZZ=ON); docs/fuzzing.md.
set(VS_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
set(VS_FUZZ_REPLAY asm disasm elf vmem testcase tconfig run amd amdco)
if(EXISTS ${PROJECT_SOURCE_DIR}/src/debug/rsp.h)
  list(APPEND VS_FUZZ_REPLAY rsp)  # the gdb server's packet layer
endif()
foreach(h ${VS_FUZZ_REPLAY})
  add_executable(fuzz_replay_${h} ${VS_FUZZ_DIR}/fuzz_${h}.c ${VS_FUZZ_DIR}/replay_main.c)
  target_include_directories(fuzz_replay_${h} PRIVATE ${PROJECT_SOURCE_DIR}/src ${VS_FUZZ_DIR})
  target_link_libraries(fuzz_replay_${h} PRIVATE ventsim_static)
  set(dirs ${VS_FUZZ_DIR}/corpus/${h})
  if(EXISTS ${VS_FUZZ_DIR}/regressions/${h})
    list(APPEND dirs ${VS_FUZZ_DIR}/regressions/${h})
  endif()
  add_test(NAME fuzz_replay_${h} COMMAND fuzz_replay_${h} ${dirs})
  set_tests_properties(fuzz_replay_${h} PROPERTIES LABELS fuzz TIMEOUT 300)
endforeach()
