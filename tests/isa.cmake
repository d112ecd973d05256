# Instruction table, decoder, disassembler (src/isa/ventus)
vs_unit_test(test_isa_table unit/test_isa_table.c)

# AMD front end (src/isa/amdgpu)
add_executable(amd_cases amd/amd_cases.c)
target_link_libraries(amd_cases PRIVATE ventsim_static)

# Random instruction words against LLVM as an oracle (tests/amd/llvm_oracle.py,
# spec amd-hsa.md section 5): 10^5 seeded cases per target in the optimised
# build, fewer under the sanitizers (the LLVM side costs the same there).
if(VENTSIM_SANITIZE)
  set(VS_AMD_RANDOM_COUNT 4000)
else()
  set(VS_AMD_RANDOM_COUNT 100000)
endif()
# Every target must agree on every word (gfx11 image instructions included:
# address and data widths as LLVM derives them, docs/amdgpu-decoder.md).
foreach(cpu gfx900 gfx906 gfx1100 gfx1100w64)
  add_test(NAME amd_llvm_random_${cpu}
    COMMAND python3 ${PROJECT_SOURCE_DIR}/tests/amd/llvm_oracle.py
      --tool $<TARGET_FILE:amd_cases> --target ${cpu} --count ${VS_AMD_RANDOM_COUNT} --seed 1
      --jobs 1 --show 30)
  set_tests_properties(amd_llvm_random_${cpu} PROPERTIES LABELS amd TIMEOUT 1800)
endforeach()
vs_unit_test(test_amd_table unit/test_amd_table.c)
set_tests_properties(test_amd_table PROPERTIES LABELS "unit;amd")
# gfx1100: s_delay_alu / s_clause fields and the wait counters (seed 002)
vs_unit_test(test_amd_seed002 unit/test_amd_seed002.c)
set_tests_properties(test_amd_seed002 PROPERTIES LABELS "unit;amd")
