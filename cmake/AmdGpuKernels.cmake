# AMD GPU code objects from OpenCL C with Debian's stock LLVM 19
# (docs/amd-compiling.md; spec amd-hsa.md section 1), compiled by
# `ventsim compile` -- the compiler driver of src/compile, which the OpenCL
# platform uses too, so there is one set of command lines:
#  * checks that the tools the driver runs exist (clang-19, opt-19,
#    llvm-link-19, ld.lld-19, llvm-as-19 for the gfx11 device library) and
#    the tests' llvm-objdump-19 and llvm-readelf-19;
#  * vs_amdgpu_code_object() adds the rule that compiles one OpenCL C file
#    for one target (the printf build included).
#
# Cache variables: VENTSIM_AMD_TESTS (the AMD corpus and its tests, default
# ON), VENTSIM_AMD_CACHE (the compile cache of `ventsim compile`, shared
# between build trees; empty: none), VS_OPT19 ... (the tools).  clang and the
# device libraries are VENTSIM_CLANG_PATH and VENTSIM_DEVICE_LIBS_DIR (the
# top-level CMakeLists.txt).

option(VENTSIM_AMD_TESTS
  "Compile the AMD OpenCL C test corpus and run the AMD tests (needs clang-19, lld-19, llvm-19, rocm-device-libs, pocl)" ON)
set(VENTSIM_AMD_CACHE "" CACHE PATH
  "Compile cache of the AMD code objects, shared across builds (empty: no cache)")

set(VS_AMDGPU_TOOL_VARS VS_OPT19 VS_LLVM_LINK19 VS_LD_LLD19 VS_LLVM_AS19 VS_LLVM_OBJDUMP19 VS_LLVM_READELF19)
find_program(VS_OPT19 opt-19 DOC "opt 19 (Debian llvm-19)")
find_program(VS_LLVM_LINK19 llvm-link-19 DOC "llvm-link 19 (Debian llvm-19)")
find_program(VS_LD_LLD19 ld.lld-19 DOC "ld.lld 19 (Debian lld-19)")
find_program(VS_LLVM_AS19 llvm-as-19 DOC "llvm-as 19 (Debian llvm-19)")
find_program(VS_LLVM_OBJDUMP19 llvm-objdump-19 DOC "llvm-objdump 19 (Debian llvm-19)")
find_program(VS_LLVM_READELF19 llvm-readelf-19 DOC "llvm-readelf 19 (Debian llvm-19)")

set(VS_AMDGPU_MISSING "")
foreach(v VENTSIM_CLANG_PATH VENTSIM_DEVICE_LIBS_DIR ${VS_AMDGPU_TOOL_VARS})
  if(NOT ${v})
    list(APPEND VS_AMDGPU_MISSING ${v})
  endif()
endforeach()
if(VENTSIM_TESTS AND VENTSIM_AMD_TESTS AND VS_AMDGPU_MISSING)
  message(FATAL_ERROR
    "VENTSIM_AMD_TESTS is ON, but these were not found: ${VS_AMDGPU_MISSING}.\n"
    "Install them with scripts/setup.sh (Debian packages clang-19 lld-19 llvm-19 rocm-device-libs), "
    "set the variables to their paths, or configure with -DVENTSIM_AMD_TESTS=OFF.")
endif()

# The targets of the corpus: directory name, -mcpu, extra flag.
set(VS_AMDGPU_TARGETS gfx900 gfx906 gfx1100 gfx1100w64)
set(VS_AMDGPU_LEVELS O0 O3)

# The compiler driver's sources: a change to them rebuilds the corpus (a
# change elsewhere in ventsim does not).
file(GLOB VS_AMDGPU_DRIVER_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/compile/*.[ch]
     ${PROJECT_SOURCE_DIR}/src/cli/cmd_compile.c)

# vs_amdgpu_code_object(OUTPUT file SOURCE file.cl TARGET gfx900|gfx906|gfx1100|gfx1100w64
#                       LEVEL O0|O3 [OPTIONS opencl-option...] [CLANG_OPTIONS clang-option...])
# adds the custom command that builds OUTPUT with `ventsim compile` (with the
# shared cache, if set).  The target that lists OUTPUT must depend on the
# target ventsim.
function(vs_amdgpu_code_object)
  cmake_parse_arguments(A "" "OUTPUT;SOURCE;TARGET;LEVEL" "OPTIONS;CLANG_OPTIONS" ${ARGN})
  if(A_TARGET STREQUAL "gfx1100w64")
    set(cpu --mcpu gfx1100 -mwavefrontsize64)
  else()
    set(cpu --mcpu ${A_TARGET})
  endif()
  if(VENTSIM_AMD_CACHE)
    set(cache ${VENTSIM_AMD_CACHE})
  else()
    set(cache off)
  endif()
  set(clang_opts "")
  foreach(o ${A_CLANG_OPTIONS})
    list(APPEND clang_opts --clang-option ${o})
  endforeach()
  get_filename_component(name ${A_OUTPUT} NAME_WE)
  get_filename_component(dir ${A_OUTPUT} DIRECTORY)
  add_custom_command(OUTPUT ${A_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${CMAKE_COMMAND} -E env
      VENTSIM_CLANG=${VENTSIM_CLANG_PATH} VENTSIM_DEVICE_LIBS=${VENTSIM_DEVICE_LIBS_DIR}
      VENTSIM_CACHE_DIR=${cache}
      $<TARGET_FILE:ventsim> compile ${cpu} -${A_LEVEL} ${A_OPTIONS} ${clang_opts} -o ${A_OUTPUT} ${A_SOURCE}
    DEPENDS ${A_SOURCE} ${VS_AMDGPU_DRIVER_SOURCES}
    COMMENT "clang-19 ${name} ${A_TARGET} -${A_LEVEL}"
    VERBATIM)
endfunction()
