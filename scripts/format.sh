#!/usr/bin/env bash
# Formats the C++ sources with clang-format and the repository's .clang-format.
#   bash scripts/format.sh           rewrite the files in place
#   bash scripts/format.sh --check   change nothing; exit 1 listing the files that would change
# Files: the .h and .cpp files git knows about (tracked, or untracked and not ignored), build
# folders excluded.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "usage: bash scripts/format.sh [--check]" >&2; exit 2 ;;
esac
if ! command -v clang-format >/dev/null 2>&1; then
  echo "format.sh: clang-format not found (Debian: apt-get install clang-format)" >&2
  exit 2
fi

files=()
while IFS= read -r -d '' f; do
  if [[ -f "$f" && "$f" != build*/* ]]; then files+=("$f"); fi
done < <(git ls-files -z --cached --others --exclude-standard -- '*.h' '*.cpp')
if [[ ${#files[@]} -eq 0 ]]; then
  echo "format.sh: no C++ files found"
  exit 0
fi

if [[ $check -eq 0 ]]; then
  clang-format -i -- "${files[@]}"
  echo "format.sh: formatted ${#files[@]} files"
  exit 0
fi
unformatted=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror -- "$f" >/dev/null 2>&1 || unformatted+=("$f")
done
if [[ ${#unformatted[@]} -gt 0 ]]; then
  echo "format.sh: these files are not formatted (run bash scripts/format.sh):"
  printf '  %s\n' "${unformatted[@]}"
  exit 1
fi
echo "format.sh: ${#files[@]} files formatted correctly"
