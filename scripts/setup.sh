#!/usr/bin/env bash
# Prepares a Debian 12 machine and builds tsume. Safe to run any number of times:
#   1. installs the Debian packages that are missing (apt-get; `apt-get update` only if needed),
#   2. configures the `release` CMake preset and builds it into build/ (2 parallel jobs).
# Nothing is downloaded except Debian packages. TSUME_BUILD_DIR overrides the build folder.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

readonly packages=(g++ cmake make libtbb-dev libboost-program-options-dev libgtest-dev
                   libgmock-dev libbenchmark-dev python3-dev python3-pybind11 pybind11-dev
                   zlib1g-dev openmpi-bin libopenmpi-dev)
readonly build_dir="${TSUME_BUILD_DIR:-build}"

install_missing_packages() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: dpkg-query not found (not Debian?); make sure these are installed: ${packages[*]}" >&2
    return 0
  fi
  local missing=() p
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  if [[ ${#missing[@]} -eq 0 ]]; then
    echo "setup: all packages present (${packages[*]})"
    return 0
  fi
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "setup: missing packages ${missing[*]}; run as root or install them" >&2
      exit 1
    fi
    sudo=(sudo)
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  echo "setup: configuring preset 'release' in ${build_dir}/"
  cmake --preset release -B "${build_dir}"
  echo "setup: building in ${build_dir}/"
  cmake --build "${build_dir}" --parallel 2
}

install_missing_packages
configure_and_build
