# The AMD execution tests (docs/amdgpu-exec.md): hand-written gfx900
# kernels (tests/amd/exec/*.s) and gfx1100 kernels (tests/amd/exec11/*.s,
# wave32 and wave64, below), assembled with llvm-mc-19 and linked with
# ld.lld-19, each run through the launch helper by run_asm, which checks
# the values derived by hand in the source's comments.
find_program(VS_LLVM_MC19 llvm-mc-19 DOC "llvm-mc 19 (Debian llvm-19)")
find_program(VS_LD_LLD19_EXEC ld.lld-19 DOC "ld.lld 19 (Debian lld-19)")
if(VS_LLVM_MC19 AND VS_LD_LLD19_EXEC)
  add_executable(amd_run_asm ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec/run_asm.c)
  target_link_libraries(amd_run_asm PRIVATE ventsim_static m)
  # vs_amd_asm(SRC DIR OUT [CPU WAVE64 [SUFFIX]]): assembles and links a
  # kernel of DIR into OUT (NAME[SUFFIX].hsaco), for gfx900 or CPU (gfx1100;
  # WAVE64 1: -mattr=+wavefrontsize64 and the symbol W64 for common.inc);
  # includes from the source's directory, then tests/amd/exec (gfx1100:
  # tests/amd/exec11)
  function(vs_amd_asm src dir out)
    get_filename_component(name ${src} NAME_WE)
    get_filename_component(sdir ${src} DIRECTORY)
    set(bdir ${CMAKE_CURRENT_BINARY_DIR}/amd_${dir})
    set(cpu -mcpu=gfx900)
    set(oname ${name})
    set(idir ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec)
    if(ARGC GREATER 3)
      set(cpu -mcpu=${ARGV3})
      set(idir ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec11)
      if(ARGV4)
        list(APPEND cpu -mattr=+wavefrontsize64 --defsym W64=1)
      endif()
      if(ARGC GREATER 5)
        set(oname ${name}${ARGV5})
      endif()
    endif()
    set(incs ${idir}/common.inc)
    if(EXISTS ${sdir}/common.inc)
      list(APPEND incs ${sdir}/common.inc)
    endif()
    add_custom_command(OUTPUT ${bdir}/${oname}.hsaco
      COMMAND ${CMAKE_COMMAND} -E make_directory ${bdir}
      COMMAND ${VS_LLVM_MC19} -triple=amdgcn-amd-amdhsa ${cpu} -filetype=obj
              -I ${sdir} -I ${idir} ${src} -o ${bdir}/${oname}.o
      COMMAND ${VS_LD_LLD19_EXEC} -shared ${bdir}/${oname}.o -o ${bdir}/${oname}.hsaco
      DEPENDS ${src} ${incs}
      VERBATIM)
    set(${out} ${bdir}/${oname}.hsaco PARENT_SCOPE)
  endfunction()
  file(GLOB VS_AMD_EXEC_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec/*.s)
  set(VS_AMD_EXEC_OBJS)
  foreach(src ${VS_AMD_EXEC_KERNELS})
    get_filename_component(name ${src} NAME_WE)
    vs_amd_asm(${src} exec co)
    list(APPEND VS_AMD_EXEC_OBJS ${co})
    add_test(NAME amd_exec_${name} COMMAND amd_run_asm ${co} ${src})
    set_tests_properties(amd_exec_${name} PROPERTIES LABELS "amd;amd_exec" TIMEOUT 120)
    if(name STREQUAL "gws_barrier") # also on 2 host threads: waves wait for work-groups another thread runs
      add_test(NAME amd_exec_gws_barrier_mt COMMAND amd_run_asm ${co} ${src} 2)
      set_tests_properties(amd_exec_gws_barrier_mt PROPERTIES LABELS "amd;amd_exec" TIMEOUT 120)
    endif()
  endforeach()
  # The AMD checks of the kernel checker (hazards, waits): tests/amd/check/*.s,
  # each run with VENTSIM_CHECK by run_check.sh against its FINDING lines
  find_program(VS_LLVM_NM19 llvm-nm-19 DOC "llvm-nm 19 (Debian llvm-19)")
  file(GLOB VS_AMD_CHECK_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/check/*.s)
  foreach(src ${VS_AMD_CHECK_KERNELS})
    get_filename_component(name ${src} NAME_WE)
    vs_amd_asm(${src} check co)
    list(APPEND VS_AMD_EXEC_OBJS ${co})
    add_test(NAME amd_check_${name} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/amd/check/run_check.sh
             $<TARGET_FILE:amd_run_asm> ${VS_LLVM_NM19} ${co} ${src})
    set_tests_properties(amd_check_${name} PROPERTIES LABELS "amd;check" TIMEOUT 120)
  endforeach()
  # gfx1100 (RDNA3): tests/amd/exec11/*.s (run_asm) and tests/amd/check11/*.s
  # (run_check.sh), with tests/amd/exec11/common.inc: wave32, or wave64 for a
  # file named *_w64.s; a source with the line "// WAVES 32 64" is
  # assembled both ways (tests NAME_w32 and NAME_w64; +wavefrontsize64
  # clears the descriptor's ENABLE_WAVEFRONT_SIZE32)
  foreach(dir exec11 check11)
    file(GLOB VS_AMD11_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/${dir}/*.s)
    foreach(src ${VS_AMD11_KERNELS})
      get_filename_component(name ${src} NAME_WE)
      file(STRINGS ${src} both REGEX "^// WAVES 32 64")
      if(both)
        set(waves 32 64)
      elseif(name MATCHES "_w64$")
        set(waves 64)
      else()
        set(waves 32)
      endif()
      foreach(wave ${waves})
        set(suffix)
        if(both)
          set(suffix _w${wave})
        endif()
        if(wave EQUAL 64)
          vs_amd_asm(${src} ${dir} co gfx1100 1 "${suffix}")
        else()
          vs_amd_asm(${src} ${dir} co gfx1100 0 "${suffix}")
        endif()
        list(APPEND VS_AMD_EXEC_OBJS ${co})
        if(dir STREQUAL "exec11")
          add_test(NAME amd_exec11_${name}${suffix} COMMAND amd_run_asm ${co} ${src})
          set_tests_properties(amd_exec11_${name}${suffix} PROPERTIES LABELS "amd;amd_exec" TIMEOUT 120)
        else()
          add_test(NAME amd_check11_${name}${suffix} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/amd/check/run_check.sh
                   $<TARGET_FILE:amd_run_asm> ${VS_LLVM_NM19} ${co} ${src})
          set_tests_properties(amd_check11_${name}${suffix} PROPERTIES LABELS "amd;check" TIMEOUT 120)
        endif()
      endforeach()
    endforeach()
  endforeach()
  # The AMD timing tests (tests/amd/timing: loop kernels whose cycle counts
  # are derived by hand in its README.md, and every exec kernel run on the
  # timing model with each GCN configuration)
  file(GLOB VS_AMD_TIMING_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/*.s)
  set(tdir ${CMAKE_CURRENT_BINARY_DIR}/amd_timing)
  foreach(src ${VS_AMD_TIMING_KERNELS})
    get_filename_component(name ${src} NAME_WE)
    add_custom_command(OUTPUT ${tdir}/${name}.hsaco
      COMMAND ${CMAKE_COMMAND} -E make_directory ${tdir}
      COMMAND ${VS_LLVM_MC19} -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj
              -I ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec -I ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing
              ${src} -o ${tdir}/${name}.o
      COMMAND ${VS_LD_LLD19_EXEC} -shared ${tdir}/${name}.o -o ${tdir}/${name}.hsaco
      DEPENDS ${src} ${CMAKE_CURRENT_SOURCE_DIR}/amd/exec/common.inc
              ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/loop.inc
      VERBATIM)
    list(APPEND VS_AMD_EXEC_OBJS ${tdir}/${name}.hsaco)
  endforeach()
  foreach(cfg vega64 mi50)
    add_test(NAME amd_timing_${cfg} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/run_timing.sh
             $<TARGET_FILE:amd_run_asm> ${tdir} ${CMAKE_CURRENT_BINARY_DIR}/amd_exec
             ${CMAKE_CURRENT_SOURCE_DIR} ${cfg})
    set_tests_properties(amd_timing_${cfg} PROPERTIES LABELS "amd;timing" TIMEOUT 1800)
  endforeach()
  # The gfx1100 (RDNA3) timing tests (tests/amd/timing/gfx1100: loop
  # kernels whose cycle counts on rx7900xtx are derived by hand in
  # tests/amd/timing/README.md "RDNA3"; *_w64_* are wave64)
  file(GLOB VS_AMD_TIMING11_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/gfx1100/*.s)
  file(GLOB VS_AMD_TIMING11_INCS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/gfx1100/*.inc)
  set(t11dir ${CMAKE_CURRENT_BINARY_DIR}/amd_timing_gfx1100)
  foreach(src ${VS_AMD_TIMING11_KERNELS})
    get_filename_component(name ${src} NAME_WE)
    set(attr)
    if(name MATCHES "_w64_")
      set(attr -mattr=+wavefrontsize64)
    endif()
    add_custom_command(OUTPUT ${t11dir}/${name}.hsaco
      COMMAND ${CMAKE_COMMAND} -E make_directory ${t11dir}
      COMMAND ${VS_LLVM_MC19} -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 ${attr} -filetype=obj
              -I ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/gfx1100 ${src} -o ${t11dir}/${name}.o
      COMMAND ${VS_LD_LLD19_EXEC} -shared ${t11dir}/${name}.o -o ${t11dir}/${name}.hsaco
      DEPENDS ${src} ${VS_AMD_TIMING11_INCS}
      VERBATIM)
    list(APPEND VS_AMD_EXEC_OBJS ${t11dir}/${name}.hsaco)
  endforeach()
  add_test(NAME amd_timing_rx7900xtx COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/amd/timing/run_timing11.sh
           $<TARGET_FILE:amd_run_asm> ${t11dir} ${CMAKE_CURRENT_SOURCE_DIR} rx7900xtx)
  set_tests_properties(amd_timing_rx7900xtx PROPERTIES LABELS "amd;timing" TIMEOUT 600)
  add_custom_target(amd_exec_kernels ALL DEPENDS ${VS_AMD_EXEC_OBJS})
endif()

# bench/bench_amd.c: AMD execution speed on a corpus kernel (not a test;
# bench/README.md)
add_executable(bench_amd ${PROJECT_SOURCE_DIR}/bench/bench_amd.c)
set_target_properties(bench_amd PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
target_link_libraries(bench_amd PRIVATE ventsim_static m)
