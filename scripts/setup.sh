#!/usr/bin/env bash
# Installs what ventsim needs (Debian packages), builds it, and runs a bundled
# example end to end.  Run as root (or with sudo) on a fresh Debian machine:
#     ./scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages (see README "Dependencies" for why each is there)
PACKAGES=(
  build-essential cmake pkg-config          # compiler and build
  libelf-dev libcjson-dev libinih-dev       # ELF files, JSON, configuration files
  libcmocka-dev                             # unit-test framework
  binutils-riscv64-unknown-elf              # GNU objdump/as: cross-checks in the tests
  llvm                                      # llvm-objdump: disassembler cross-check
  clang libclang-rt-dev                     # libFuzzer harnesses (fuzz/)
  gdb-multiarch                             # gdb remote-protocol test
  python3 python3-matplotlib                # log diff and plots
  valgrind
  libmsgpack-dev nettle-dev                 # AMD code-object metadata (msgpack), compile-cache keys (SHA-256)
  clang-19 lld-19 llvm-19 rocm-device-libs  # OpenCL C -> AMD code objects; llvm-mc/objdump-19: AMD decoder oracle
  ocl-icd-opencl-dev opencl-headers         # the OpenCL ICD loader and CL/cl_icd.h (the ventsim platform)
  clinfo pocl-opencl-icd python3-pyopencl python3-numpy  # tests: clinfo, pocl side by side, pyopencl
  llvm-19-doc                               # AMDGPUUsage, the AMD ABI reference
)
if [ "$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

./scripts/example.sh build
