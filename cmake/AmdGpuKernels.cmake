# AMD GPU code objects from OpenCL C with Debian's stock LLVM 19
# (docs/amd-compiling.md; spec amd-hsa.md section 1):
#  * finds clang-19, opt-19, llvm-link-19, ld.lld-19, llvm-as-19, llvm-nm-19
#    and the rocm-device-libs bitcode directory;
#  * makes, on every build, the device-library directory that also covers
#    gfx11 (scripts/amdgpu-devlibs) at <build>/share/ventsim/amdgcn/bitcode,
#    installed as share/ventsim/amdgcn/bitcode;
#  * vs_amdgpu_code_object() adds the rule that compiles one OpenCL C file
#    for one target with scripts/amdgpu-compile (the printf build included).
#
# Cache variables: VENTSIM_AMD_TESTS (the AMD corpus and its tests, default
# ON), VENTSIM_AMD_CACHE (a directory of code objects keyed by the content
# hash of source, command lines, tools and device libraries, shared between
# build trees; empty: none), VENTSIM_AMDGCN_SYSTEM_BITCODE (the system
# device libraries), VS_CLANG19 ... (the tools).

option(VENTSIM_AMD_TESTS
  "Compile the AMD OpenCL C test corpus and run the AMD tests (needs clang-19, lld-19, llvm-19, rocm-device-libs, pocl)" ON)
set(VENTSIM_AMD_CACHE "" CACHE PATH
  "Directory of AMD code objects reused by content hash across builds (empty: no cache)")

set(VS_AMDGPU_TOOL_VARS VS_CLANG19 VS_OPT19 VS_LLVM_LINK19 VS_LD_LLD19 VS_LLVM_AS19 VS_LLVM_NM19
                        VS_LLVM_OBJDUMP19 VS_LLVM_READELF19)
find_program(VS_CLANG19 clang-19 DOC "clang 19 (Debian clang-19)")
find_program(VS_OPT19 opt-19 DOC "opt 19 (Debian llvm-19)")
find_program(VS_LLVM_LINK19 llvm-link-19 DOC "llvm-link 19 (Debian llvm-19)")
find_program(VS_LD_LLD19 ld.lld-19 DOC "ld.lld 19 (Debian lld-19)")
find_program(VS_LLVM_AS19 llvm-as-19 DOC "llvm-as 19 (Debian llvm-19)")
find_program(VS_LLVM_NM19 llvm-nm-19 DOC "llvm-nm 19 (Debian llvm-19)")
find_program(VS_LLVM_OBJDUMP19 llvm-objdump-19 DOC "llvm-objdump 19 (Debian llvm-19)")
find_program(VS_LLVM_READELF19 llvm-readelf-19 DOC "llvm-readelf 19 (Debian llvm-19)")
find_path(VENTSIM_AMDGCN_SYSTEM_BITCODE ocml.bc
  PATHS /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/amdgcn/bitcode /usr/lib/amdgcn/bitcode
        /usr/share/amdgcn/bitcode
  NO_DEFAULT_PATH
  DOC "rocm-device-libs bitcode directory (Debian rocm-device-libs)")

set(VS_AMDGPU_MISSING "")
foreach(v ${VS_AMDGPU_TOOL_VARS} VENTSIM_AMDGCN_SYSTEM_BITCODE)
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

# The device-library directory with gfx11 (made whenever llvm-as-19 and the
# system libraries exist: the OpenCL platform compiles with it at run time).
set(VS_AMDGPU_DEVLIBS ${PROJECT_BINARY_DIR}/share/ventsim/amdgcn/bitcode)
set(VS_AMDGPU_DEVLIBS_ID ${VS_AMDGPU_DEVLIBS}/.ventsim-devlibs.id)
if(VS_LLVM_AS19 AND VENTSIM_AMDGCN_SYSTEM_BITCODE)
  set(VS_AMDGPU_HAVE_DEVLIBS ON)
  # runs on every build; rewrites the directory only when the system
  # libraries change
  add_custom_target(amdgpu_devlibs ALL
    COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/amdgpu-devlibs --llvm-as ${VS_LLVM_AS19}
            ${VENTSIM_AMDGCN_SYSTEM_BITCODE} ${VS_AMDGPU_DEVLIBS}
    BYPRODUCTS ${VS_AMDGPU_DEVLIBS_ID}
    COMMENT "AMD device libraries with gfx11 in ${VS_AMDGPU_DEVLIBS}"
    VERBATIM)
  install(DIRECTORY ${VS_AMDGPU_DEVLIBS}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ventsim/amdgcn/bitcode)
else()
  set(VS_AMDGPU_HAVE_DEVLIBS OFF)
endif()

# The targets of the corpus: directory name, -mcpu, extra flag.
set(VS_AMDGPU_TARGETS gfx900 gfx906 gfx1100 gfx1100w64)
set(VS_AMDGPU_LEVELS O0 O3)

# vs_amdgpu_code_object(OUTPUT file SOURCE file.cl TARGET gfx900|gfx906|gfx1100|gfx1100w64
#                       LEVEL O0|O3 [OPTIONS clang-option...])
# adds the custom command that builds OUTPUT (with the shared cache, if set).
function(vs_amdgpu_code_object)
  cmake_parse_arguments(A "" "OUTPUT;SOURCE;TARGET;LEVEL" "OPTIONS" ${ARGN})
  if(A_TARGET STREQUAL "gfx1100w64")
    set(cpu --mcpu gfx1100 --wave64)
  else()
    set(cpu --mcpu ${A_TARGET})
  endif()
  set(cache "")
  if(VENTSIM_AMD_CACHE)
    set(cache --cache ${VENTSIM_AMD_CACHE})
  endif()
  set(opts "")
  if(A_OPTIONS)
    set(opts -- ${A_OPTIONS})
  endif()
  get_filename_component(name ${A_OUTPUT} NAME_WE)
  add_custom_command(OUTPUT ${A_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -E env
      VENTSIM_CLANG=${VS_CLANG19} VENTSIM_OPT=${VS_OPT19} VENTSIM_LLVM_LINK=${VS_LLVM_LINK19}
      VENTSIM_LD_LLD=${VS_LD_LLD19} VENTSIM_LLVM_NM=${VS_LLVM_NM19}
      bash ${PROJECT_SOURCE_DIR}/scripts/amdgpu-compile ${cpu} -${A_LEVEL}
        --devlibs ${VS_AMDGPU_DEVLIBS} ${cache} -o ${A_OUTPUT} ${A_SOURCE} ${opts}
    DEPENDS ${A_SOURCE} ${PROJECT_SOURCE_DIR}/scripts/amdgpu-compile ${VS_AMDGPU_DEVLIBS_ID}
    COMMENT "clang-19 ${name} ${A_TARGET} -${A_LEVEL}"
    VERBATIM)
endfunction()
