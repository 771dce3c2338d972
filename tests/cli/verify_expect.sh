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

# one VERSION FILE ID: the check certificate of problem ID (format VERSION) alone, from FILE. The
# lines of each certificate are kept in an array (a string grown line by line costs awk time
# quadratic in the certificate's size).
one() {
  awk -v head="tsume-certificate $1" -v id="$3" '
    $0 == head { n = 0; inside = 1; depth = 0; keep = 0 }
    inside { line[++n] = $0 }
    inside && $0 == "problem " id { keep = 1 }
    inside && /^tsume-certificate 1$/ { depth = 1 }
    inside && /^end$/ { if (depth) depth = 0; else { inside = 0; if (keep) for (i = 1; i <= n; ++i) print line[i] } }
  ' "$2"
}
