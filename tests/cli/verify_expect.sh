# Sourced by the certificate tests (certificate.sh, check_certificate*.sh), which define `tsume`
# (the binary) and `fail` (report and exit 1) before sourcing it.

# expect_invalid NAME FILE PATTERN: `tsume verify FILE` exits 1 and prints INVALID matching
# PATTERN.
expect_invalid() {
  local out
  out=$("$tsume" verify "$2" 2>&1)
  local rc=$?
  [[ $rc -eq 1 ]] || fail "$1: verify exited $rc, expected 1: $out"
  grep -qE "$3" <<< "$out" || fail "$1: expected /$3/, got: $out"
}
