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
  clang-19 lld-19 llvm-19 rocm-device-libs  # AMD: OpenCL C -> code objects; LLVM as decoder oracle
  gdb-multiarch                             # gdb remote-protocol test
  python3 python3-matplotlib                # log diff and plots
  valgrind
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
