# The AMD GCN5 execution tests (docs/amdgpu-exec.md): hand-written gfx900
# kernels (tests/amd/exec/*.s, assembled with llvm-mc-19 and linked with
# ld.lld-19), each run through the launch helper by run_asm, which checks
# the values derived by hand in the source's comments.
find_program(VS_LLVM_MC19 llvm-mc-19 DOC "llvm-mc 19 (Debian llvm-19)")
find_program(VS_LD_LLD19_EXEC ld.lld-19 DOC "ld.lld 19 (Debian lld-19)")
if(VS_LLVM_MC19 AND VS_LD_LLD19_EXEC)
  add_executable(amd_run_asm ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec/run_asm.c)
  target_link_libraries(amd_run_asm PRIVATE ventsim_static m)
  file(GLOB VS_AMD_EXEC_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec/*.s)
  set(VS_AMD_EXEC_OBJS)
  foreach(src ${VS_AMD_EXEC_KERNELS})
    get_filename_component(name ${src} NAME_WE)
    set(obj ${CMAKE_CURRENT_BINARY_DIR}/amd_exec/${name}.o)
    set(co ${CMAKE_CURRENT_BINARY_DIR}/amd_exec/${name}.hsaco)
    add_custom_command(OUTPUT ${co}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/amd_exec
      COMMAND ${VS_LLVM_MC19} -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj
              -I ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec ${src} -o ${obj}
      COMMAND ${VS_LD_LLD19_EXEC} -shared ${obj} -o ${co}
      DEPENDS ${src} ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec/common.inc
      VERBATIM)
    list(APPEND VS_AMD_EXEC_OBJS ${co})
    add_test(NAME amd_exec_${name} COMMAND amd_run_asm ${co} ${src})
    set_tests_properties(amd_exec_${name} PROPERTIES LABELS "amd;amd_exec" TIMEOUT 120)
  endforeach()
  add_custom_target(amd_exec_kernels ALL DEPENDS ${VS_AMD_EXEC_OBJS})
endif()

# bench/bench_amd.c: AMD execution speed on a corpus kernel (not a test;
# bench/README.md)
add_executable(bench_amd ${PROJECT_SOURCE_DIR}/bench/bench_amd.c)
set_target_properties(bench_amd PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
target_link_libraries(bench_amd PRIVATE ventsim_static m)
