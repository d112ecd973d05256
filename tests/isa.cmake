# Instruction table, decoder, disassembler (src/isa/ventus)
vs_unit_test(test_isa_table unit/test_isa_table.c)

# AMD front end (src/isa/amdgpu)
add_executable(amd_cases amd/amd_cases.c)
target_link_libraries(amd_cases PRIVATE ventsim_static)
