# The ELF reader (src/elf): vs_elfdump prints what it reads, elf_read.sh
# compares that with llvm-readobj-19 on an ELF64 AMDGPU code object and an
# ELF32 Ventus program.
add_executable(vs_elfdump ${CMAKE_CURRENT_SOURCE_DIR}/elf/elfdump.c)
target_link_libraries(vs_elfdump PRIVATE ventsim_static)
vs_cli_test(elf_read elf_read.sh)
set_tests_properties(elf_read PROPERTIES SKIP_RETURN_CODE 77)
