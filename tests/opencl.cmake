# The OpenCL platform (docs/opencl.md), through the Debian ICD loader: our
# host programs (C, Python), clinfo, and pocl side by side.  Label: opencl.
find_library(VS_OPENCL_LOADER OpenCL)
if(VS_OPENCL_LOADER)
  set(VS_OCL_ELF ${CMAKE_CURRENT_BINARY_DIR}/opencl_kernels.elf)
  add_custom_command(OUTPUT ${VS_OCL_ELF}
    COMMAND $<TARGET_FILE:ventsim> as -o ${VS_OCL_ELF} ${CMAKE_CURRENT_SOURCE_DIR}/opencl/kernels.s
    DEPENDS ventsim ${CMAKE_CURRENT_SOURCE_DIR}/opencl/kernels.s VERBATIM)
  add_executable(test_opencl opencl/test_opencl.c ${VS_OCL_ELF})
  target_link_libraries(test_opencl PRIVATE ${VS_OPENCL_LOADER} Threads::Threads m)
  add_dependencies(test_opencl ventsim_opencl)
  set(VS_OCL_ENV
    "OCL_ICD_VENDORS=${PROJECT_BINARY_DIR}/etc/OpenCL/vendors/ventsim.icd"
    "VENTSIM_CACHE_DIR=${PROJECT_BINARY_DIR}/tests/cache"
    "VENTSIM_OCL_ELF=${VS_OCL_ELF}")
  add_test(NAME opencl_api COMMAND test_opencl ${VS_OCL_ELF})
  set_tests_properties(opencl_api PROPERTIES LABELS opencl TIMEOUT 600 ENVIRONMENT "${VS_OCL_ENV}")
  add_test(NAME opencl_api_timing COMMAND test_opencl ${VS_OCL_ELF})
  set_tests_properties(opencl_api_timing PROPERTIES LABELS "opencl;timing" TIMEOUT 600
    ENVIRONMENT "${VS_OCL_ENV};VENTSIM_MODE=timing")
  # the AMD devices run kernels, compared with pocl through the same loader
  # (a vendors directory holding both .icd files)
  if(EXISTS /etc/OpenCL/vendors/pocl.icd)
    set(VS_OCL_BOTH ${PROJECT_BINARY_DIR}/tests/ocl-vendors-pocl)
    file(MAKE_DIRECTORY ${VS_OCL_BOTH})
    file(CREATE_LINK /etc/OpenCL/vendors/pocl.icd ${VS_OCL_BOTH}/pocl.icd SYMBOLIC)
    file(CREATE_LINK ${PROJECT_BINARY_DIR}/etc/OpenCL/vendors/ventsim.icd ${VS_OCL_BOTH}/ventsim.icd SYMBOLIC)
    add_executable(test_opencl_amd opencl/test_opencl_amd.c)
    target_link_libraries(test_opencl_amd PRIVATE ${VS_OPENCL_LOADER} m)
    add_dependencies(test_opencl_amd ventsim_opencl)
    add_test(NAME opencl_amd COMMAND test_opencl_amd)
    set_tests_properties(opencl_amd PROPERTIES LABELS "opencl;amd" TIMEOUT 600 SKIP_RETURN_CODE 77
      ENVIRONMENT "OCL_ICD_VENDORS=${VS_OCL_BOTH};VENTSIM_CACHE_DIR=${PROJECT_BINARY_DIR}/tests/cache;POCL_CACHE_DIR=${PROJECT_BINARY_DIR}/tests/pocl-cache;LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/amd/lsan.supp")
  endif()
  # bench/bench_opencl.c: per-enqueue overhead (not a test; bench/README.md)
  add_executable(bench_opencl ${PROJECT_SOURCE_DIR}/bench/bench_opencl.c)
  set_target_properties(bench_opencl PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
  target_link_libraries(bench_opencl PRIVATE ventsim_static ${VS_OPENCL_LOADER})
  # clinfo and python are not built with the sanitizers, so an instrumented
  # vendor library cannot load into them: these run in the optimised build
  set(VS_OCL_FOREIGN clinfo pyopencl pocl settings check amd_pyopencl)
  if(VENTSIM_SANITIZE)
    set(VS_OCL_FOREIGN)
  endif()
  foreach(t ${VS_OCL_FOREIGN})
    add_test(NAME opencl_${t} COMMAND ${CMAKE_COMMAND} -E env ${VS_OCL_ENV}
      VENTSIM=$<TARGET_FILE:ventsim> VS_SOURCE_DIR=${PROJECT_SOURCE_DIR} VS_BINARY_DIR=${PROJECT_BINARY_DIR}
      bash ${PROJECT_SOURCE_DIR}/tests/cli/opencl_${t}.sh)
    set_tests_properties(opencl_${t} PROPERTIES LABELS "opencl;cli" TIMEOUT 600)
  endforeach()
endif()
