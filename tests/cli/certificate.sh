#!/usr/bin/env bash
# Proof certificates end to end: `tsume solve --certificate` then `tsume verify`, and mutations
# of a valid certificate that the verifier must reject, naming the node that fails.
#
#   certificate.sh TSUME PROBLEMS.tsv...
#
# Every problem of the files with a length L in the third column (SPEC.md section 5, published
# answers) must get a certificate that verifies VALID with exactly that length and, for L >= 3,
# one of no mate within L - 2; a problem marked '-' (no mate) must get a certificate of no mate
# at all that verifies VALID ("no-mate"). Then, on the
# largest mate certificate: one reply removed, a counted drop turned into a futile one whose
# comparison position is not mated within the node's distance, a wrong length, a node that is
# not reachable, and a truncated file; on the largest no-mate certificate: a check removed, a
# comparison position removed, the claim raised; in the first no-mate certificate with a node
# that serves two different needs, that node lowered to the smaller. `verify --positions` on a
# hand-made certificate. Then a certificate with every interposition counted, versions 5, 4 and
# 1, gzip files, and a memory limit that leaves a certificate out (saying why).
# bash and coreutils/grep/awk/sed only.
set -uo pipefail

tsume=$1
shift
# --rules sho: sho shogi problems; then only the round trip and a reply removed are checked
# (the other mutations need drops, and the later sections are modern shogi positions).
rules=()
if [[ "${1:-}" == --rules ]]; then
  rules=(--rules "$2")
  shift 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  exit 1
}

cat "$@" > "$tmp/problems.tsv"
"$tsume" solve "${rules[@]}" --threads 1 --format jsonl --certificate "$tmp/all.cert" \
  --certificate-exact "$tmp/problems.tsv" \
  > "$tmp/solve.jsonl" 2> "$tmp/solve.err" || fail "solve exited $?: $(cat "$tmp/solve.err")"
"$tsume" verify "$tmp/all.cert" > "$tmp/verify.out" 2> "$tmp/verify.err" \
  || fail "verify exited $?: $(cat "$tmp/verify.out" "$tmp/verify.err")"

# Each expected length, from the problem files.
checked=0
while IFS=$'\t' read -r sfen id length rest; do
  [[ -z "$sfen" || "$sfen" == \#* ]] && continue
  if [[ "$length" == "-" ]]; then
    grep -qx "$id VALID nodes [0-9]* no-mate" "$tmp/verify.out" \
      || fail "$id: expected VALID no-mate, got: $(grep "^$id " "$tmp/verify.out")"
  else
    grep -qx "$id VALID nodes [0-9]* length $length" "$tmp/verify.out" \
      || fail "$id: expected VALID with length $length, got: $(grep "^$id " "$tmp/verify.out")"
    if [[ $length -ge 3 ]]; then
      grep -qx "$id VALID nodes [0-9]* no-mate-within $((length - 2))" "$tmp/verify.out" \
        || fail "$id: expected no mate within $((length - 2)), got: $(grep "^$id " "$tmp/verify.out")"
    fi
  fi
  checked=$((checked + 1))
done < "$tmp/problems.tsv"
[[ $checked -gt 0 ]] || fail "no problem checked"

# The mate certificate and the no-mate certificate with the most nodes, each alone in a file.
largest() {
  awk -v want="$1" '
    /^tsume-certificate/ { cur = $0 "\n"; inside = 1; dual = 0; next }
    inside { cur = cur $0 "\n" }
    inside && /^claim no-mate-within$/ { dual = 1 }
    inside && /^claim no-mate$/ { dual = 2 }
    inside && /^nodes / { n = $2 }
    inside && /^end$/ { inside = 0; if (dual == want && n > best) { best = n; keep = cur } }
    END { printf "%s", keep }' "$tmp/all.cert"
}
largest 0 > "$tmp/one.cert"
largest 1 > "$tmp/dual.cert"
"$tsume" verify "$tmp/one.cert" > /dev/null || fail "the largest certificate alone is not VALID"
"$tsume" verify "$tmp/dual.cert" > /dev/null || fail "the largest no-mate certificate is not VALID"

# expect_invalid NAME FILE PATTERN (verify_expect.sh).
source "$(dirname "${BASH_SOURCE[0]}")/verify_expect.sh"

# 1. One reply removed: the last counted reply of the first defender node with two or more.
read -r node move < <(awk '$2 == "D" && NF >= 7 { print $1, $(NF - 1); exit }' "$tmp/one.cert")
[[ -n "${node:-}" ]] || fail "no defender node with two replies"
awk -v node="$node" '$1 == node && $2 == "D" { NF -= 2 } { print }' "$tmp/one.cert" \
  > "$tmp/removed.cert"
expect_invalid reply_removed "$tmp/removed.cert" \
  "INVALID node $node: the legal reply ${move//\*/\\*} is missing"
if [[ ${#rules[@]} -gt 0 ]]; then
  grep -qx "rules ${rules[1]}" "$tmp/all.cert" || fail "no 'rules ${rules[1]}' header"
  echo "ok: $checked problems (${rules[*]}), a reply removed rejected"
  exit 0
fi

# 2. A counted drop marked futile, its comparison said to be node 1 (the root's reply, mated in
#    more plies than the node): the exemption does not hold by the rule.
read -r node move < <(awk -v root_child=-1 '
  $1 == 1 { d1 = $3 }
  $2 == "D" && $1 > 1 && $3 < d1 {
    for (i = 4; i < NF; i += 2) if ($i ~ /\*/ && $(i + 1) !~ /^f/) { print $1, $i; exit }
  }' "$tmp/one.cert")
[[ -n "${node:-}" ]] || fail "no counted drop below the root's reply"
awk -v node="$node" -v move="$move" '
  $1 == node && $2 == "D" { for (i = 4; i < NF; i += 2) if ($i == move) $(i + 1) = "f1" }
  { print }' "$tmp/one.cert" > "$tmp/futile.cert"
expect_invalid futile_not_exempt "$tmp/futile.cert" \
  "INVALID node $node: the futile interposition ${move//\*/\\*} is not exempt"

# 3. A wrong length in the header.
sed -E 's/^length ([0-9]+)$/echo "length $((\1 + 2))"/e' "$tmp/one.cert" > "$tmp/length.cert"
expect_invalid wrong_length "$tmp/length.cert" "INVALID node 0: the certificate claims length"

# 4. A node that nothing reaches.
awk '/^nodes / { n = $2; print "nodes", n + 1; next } /^end$/ { print n, "D", 0 } { print }' \
  "$tmp/one.cert" > "$tmp/unreachable.cert"
expect_invalid unreachable "$tmp/unreachable.cert" "INVALID node [0-9]+: not reachable from the root"

# 5. A file cut short: a read error naming the file and line, exit 1.
head -n 5 "$tmp/one.cert" > "$tmp/cut.cert"
out=$("$tsume" verify "$tmp/cut.cert" 2>&1)
[[ $? -eq 1 ]] || fail "cut file: expected exit 1"
grep -qE "cut.cert:[0-9]+: " <<< "$out" || fail "cut file: no file:line in: $out"

# 6. The no-mate certificate: a check left out of an attacker node, the comparison position of a
#    refuting drop left out (the drop could then be futile), and the claim raised by two plies.
read -r node move < <(awk '$2 == "A" && NF >= 7 { print $1, $(NF - 1); exit }' "$tmp/dual.cert")
[[ -n "${node:-}" ]] || fail "no attacker node with two checks in the no-mate certificate"
awk -v node="$node" '$1 == node && $2 == "A" { NF -= 2 } { print }' "$tmp/dual.cert" \
  > "$tmp/dual_check.cert"
expect_invalid dual_check_removed "$tmp/dual_check.cert" \
  "INVALID node $node: the legal check ${move//\*/\\*} is missing"
read -r node move < <(awk '$2 == "D" && $NF ~ /^f/ { print $1, $(NF - 1); exit }' "$tmp/dual.cert")
[[ -n "${node:-}" ]] || fail "no refuting drop with a comparison position in the no-mate certificate"
awk -v node="$node" '$1 == node && $2 == "D" { NF -= 2 } { print }' "$tmp/dual.cert" \
  > "$tmp/dual_futile.cert"
expect_invalid dual_comparison_removed "$tmp/dual_futile.cert" \
  "INVALID node $node: the drop ${move//\*/\\*} could be futile"
sed -E 's/^length ([0-9]+)$/echo "length $((\1 + 2))"/e' "$tmp/dual.cert" > "$tmp/dual_length.cert"
expect_invalid dual_claim_raised "$tmp/dual_length.cert" "INVALID node 0: the certificate claims no mate within"

# 6b. A node that serves two needs: a position needed "not mated within d" by one parent and
#     within d' < d by another is written once, at d (the writer's second build). Lowered to d',
#     the node no longer serves the parent that needs d, which must be refused, naming the node;
#     the certificate as written is VALID.
read -r node small < <(awk -v out="$tmp/two_needs.cert" -v low="$tmp/two_needs_low.cert" '
  /^tsume-certificate/ { inside = 1; dual = 0; n = 0; head = $0 "\n"; next }
  inside && !/^[0-9]+ [AD] / && !/^end$/ { head = head $0 "\n"; if ($0 == "claim no-mate-within") dual = 1; next }
  inside && /^[0-9]+ [AD] / { d[$1] = $3; line[n++] = $0; next }
  inside && /^end$/ {
    inside = 0
    if (!dual || done) next
    delete lo; delete hi; delete comparison
    for (i = 0; i < n; i++) {
      split(line[i], f, " ")
      for (k = 4; k < length(f); k += 2) {
        c = f[k + 1]
        if (c ~ /^f/) { sub(/^f\+?/, "", c); comparison[c] = 1; continue }
        if (c == "*" || c == "-") continue
        need = f[3] - 1
        if (!(c in lo) || need < lo[c]) lo[c] = need
        if (!(c in hi) || need > hi[c]) hi[c] = need
      }
    }
    for (c in lo) if (lo[c] < hi[c] && !(c in comparison)) { done = 1; break }
    if (!done) next
    printf "%s", head > out; printf "%s", head > low
    for (i = 0; i < n; i++) {
      print line[i] > out
      split(line[i], f, " ")
      if (f[1] == c) sub(/^[0-9]+ [AD] -?[0-9]+/, f[1] " " f[2] " " lo[c], line[i])
      print line[i] > low
    }
    print "end" > out; print "end" > low
    print c, lo[c]
  }' "$tmp/all.cert")
[[ -n "${node:-}" ]] || fail "no node of a no-mate certificate serves two different needs"
"$tsume" verify "$tmp/two_needs.cert" > /dev/null || fail "two needs: the certificate is not VALID"
expect_invalid two_needs_lowered "$tmp/two_needs_low.cert" \
  "INVALID node [0-9]+: the (check|reply) [^ ]+ leads to node $node, not mated only within $small, less than [0-9]+"

# 6c. verify --positions: the different positions of a certificate's nodes, three in the
#     lone-pawn certificate of docs/certificate.md (no mate within 3: ▲５二歩打 △同玉 and the
#     attacker has nothing left); the zukou-002 certificate of 6b holds no more positions than
#     nodes.
lone='tsume-certificate 1
claim no-mate-within
problem lone-pawn
sfen 4k4/9/9/9/9/9/9/9/8K b P 1
futile not-counted
length 3
nodes 3
0 A 3 P*5b 1
1 D 2 5a5b 2
2 A 1
end'
out=$("$tsume" verify --positions - <<< "$lone" 2>&1) || fail "positions: $out"
grep -qx "lone-pawn VALID nodes 3 no-mate-within 3 positions 3" <<< "$out" || fail "positions: $out"
out=$("$tsume" verify --positions "$tmp/two_needs.cert" 2>&1) || fail "positions: $out"
read -r nodes positions < <(sed -nE 's/.* VALID nodes ([0-9]+) no-mate-within [0-9]+ positions ([0-9]+)$/\1 \2/p' <<< "$out")
[[ -n "${positions:-}" && $positions -le $nodes ]] || fail "positions: $out"

# 7. Every interposition counted (--count-futile): SPEC.md section 5's "3 plies (not 7)" problem
#    is then 7 plies, and its certificate has no exemption.
"$tsume" solve --threads 1 --count-futile --certificate "$tmp/counted.cert" --certificate-exact \
  "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1" > /dev/null 2>&1 || fail "count-futile solve"
grep -qx "futile counted" "$tmp/counted.cert" || fail "count-futile: header"
out=$("$tsume" verify "$tmp/counted.cert" 2>&1) || fail "count-futile: verify: $out"
grep -qx "arg1 VALID nodes [0-9]* length 7" <<< "$out" || fail "count-futile: $out"
grep -qE " f\+?[0-9]+" "$tmp/counted.cert" && fail "count-futile: an exemption in the certificate"

# 7b. Implicit children (format version 4, --certificate-version 4): the certificate
#     of no mate within 1 of that problem (futile drops not counted: 3 plies) lists every check
#     with its child implicit; claimed as no mate within 3 instead, the verifier derives that
#     some check (▲１四龍 at least: △同玉 ▲３三飛成 mates, the drops futile) leaves a position
#     mated within 2 and rejects the implicit child at the root. --certificate-version 1 writes
#     the same claim with every node.
"$tsume" solve --threads 1 --certificate "$tmp/v4.cert" --certificate-exact --certificate-version 4 \
  "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1" > /dev/null 2>&1 || fail "v4: solve"
awk '/^tsume-certificate/ { v = $2 } /^claim no-mate-within/ { print v }' "$tmp/v4.cert" \
  | grep -qx 4 || fail "v4: the no-mate certificate is not version 4"
grep -qE "^0 A 1( [^ ]+ \*)+$" "$tmp/v4.cert" || fail "v4: the root's children are not implicit"
out=$("$tsume" verify "$tmp/v4.cert" 2>&1) || fail "v4: verify: $out"
grep -qx "arg1 VALID nodes 1 no-mate-within 1" <<< "$out" || fail "v4: $out"
awk '/^claim no-mate-within/ { keep = 1; print "tsume-certificate 4" } keep { print } /^end$/ { keep = 0 }' \
  "$tmp/v4.cert" | sed -e 's/^length 1$/length 3/' -e 's/^0 A 1 /0 A 3 /' > "$tmp/v4_raised.cert"
expect_invalid implicit_child_mated "$tmp/v4_raised.cert" \
  "INVALID node 0: the implicit child \('\*'\) of the check [^ ]+ is a position mated within 2"
"$tsume" solve --threads 1 --certificate "$tmp/v1.cert" --certificate-exact --certificate-version 1 \
  "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1" > /dev/null 2>&1 || fail "v1: solve"
grep -q "^tsume-certificate 4" "$tmp/v1.cert" && fail "v1: a version-4 certificate"
grep -qE " f?\+?\*( |$)" "$tmp/v1.cert" && fail "v1: an implicit child"
out=$("$tsume" verify "$tmp/v1.cert" 2>&1) || fail "v1: verify: $out"
grep -qx "arg1 VALID nodes [0-9]* no-mate-within 1" <<< "$out" || fail "v1: $out"

# 7c. Format version 5 (the default of --certificate-exact): 将棋図巧 第7番 (15 plies, problems/zukou.tsv)
#     has positions off its line that the table shows not mated at all; its certificate of no
#     mate within 13 writes them as nodes recording inf, and verifies VALID. The first such
#     defender node lowered to 0 is refused at the check that leads to it (it needs more).
zukou=$(dirname "${BASH_SOURCE[0]}")/../../problems/zukou.tsv
if [[ ${#rules[@]} -eq 0 && -f "$zukou" ]]; then
  awk -F'\t' '$2 == "zukou-007"' "$zukou" > "$tmp/z007.tsv"
  "$tsume" solve --threads 1 --hash 256 --certificate "$tmp/v5.cert" --certificate-exact \
    "$tmp/z007.tsv" > /dev/null 2>&1 || fail "v5: solve"
  awk '/^tsume-certificate/ { v = $2 } /^claim no-mate-within/ { print v }' "$tmp/v5.cert" \
    | grep -qx 5 || fail "v5: the no-mate certificate is not version 5"
  grep -qE "^[0-9]+ [AD] inf( |$)" "$tmp/v5.cert" || fail "v5: no node records inf"
  out=$("$tsume" verify "$tmp/v5.cert" 2>&1) || fail "v5: verify: $out"
  grep -qx "zukou-007 VALID nodes [0-9]* no-mate-within 13" <<< "$out" || fail "v5: $out"
  awk '!done && / D inf / { sub(/ D inf /, " D 0 "); done = 1 } { print }' "$tmp/v5.cert" \
    > "$tmp/v5_lowered.cert"
  expect_invalid v5_inf_lowered "$tmp/v5_lowered.cert" \
    "INVALID node [0-9]+: the check [^ ]+ leads to node [0-9]+, not mated only within 0, less than"
fi

# 8. Without --certificate-exact only the mate's certificate is written.
"$tsume" solve --threads 1 --certificate "$tmp/plain.cert" \
  "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1" > /dev/null 2>&1 || fail "plain solve"
[[ $(grep -c "^tsume-certificate" "$tmp/plain.cert") -eq 1 ]] || fail "plain: one certificate"
grep -q "^claim no-mate-within" "$tmp/plain.cert" && fail "plain: a no-mate certificate"

# 9. Compressed: FILE.gz holds a gzip member per record, the same text as the plain file (the
#    write times aside); --resume appends members; verify reads it from a file and from standard
#    input, and a file cut short is an error that names what happened.
grep -v "^#" "$tmp/problems.tsv" | head -3 > "$tmp/three.tsv"
"$tsume" solve --threads 1 --format jsonl --certificate "$tmp/three.cert" "$tmp/three.tsv" \
  > /dev/null 2>&1 || fail "gzip: plain solve"
head -2 "$tmp/three.tsv" > "$tmp/part.tsv"
"$tsume" solve --threads 1 --format jsonl --certificate "$tmp/three.cert.gz" -o "$tmp/three.jsonl" \
  "$tmp/part.tsv" > /dev/null 2>&1 || fail "gzip: solve"
cp "$tmp/three.tsv" "$tmp/part.tsv"
"$tsume" solve --threads 1 --format jsonl --certificate "$tmp/three.cert.gz" -o "$tmp/three.jsonl" \
  --resume "$tmp/part.tsv" > /dev/null 2>&1 || fail "gzip: resume"
[[ $(head -c 2 "$tmp/three.cert.gz" | od -An -tx1 | tr -d ' ') == "1f8b" ]] || fail "gzip: not gzip"
diff <(grep -v "search nodes" "$tmp/three.cert") \
  <(gzip -dc "$tmp/three.cert.gz" | grep -v "search nodes") > /dev/null \
  || fail "gzip: the text differs from the plain file"
"$tsume" verify "$tmp/three.cert.gz" > "$tmp/gz.out" 2>&1 || fail "gzip: verify: $(cat "$tmp/gz.out")"
"$tsume" verify - < "$tmp/three.cert.gz" > "$tmp/gz_stdin.out" 2>&1 \
  || fail "gzip: verify from standard input"
size=$(stat -c %s "$tmp/three.cert.gz")
head -c $((size - 20)) "$tmp/three.cert.gz" > "$tmp/cut.cert.gz"
out=$("$tsume" verify "$tmp/cut.cert.gz" 2>&1) && fail "gzip: a cut file verified"
grep -q "cut.cert.gz: the compressed data break off" <<< "$out" || fail "gzip: cut file: $out"

# 10. A memory limit: 図巧 第7番 (problems/zukou.tsv, 15 plies) with 1 MB for the writer. Its
#     no-mate-within certificate needs more (tens of thousands of nodes), so the file says why
#     it is missing; the answer and the mate certificate (120 nodes) are the same as without.
"$tsume" solve --threads 1 --format jsonl --certificate "$tmp/limit.cert.gz" --certificate-exact \
  --certificate-memory 1 "1nkg5/2s6/3rp4/1B7/r8/1PN6/9/9/9 b BG3SN2gn4l16p 1" \
  > "$tmp/limit.jsonl" 2> "$tmp/limit.err" || fail "memory limit: solve: $(cat "$tmp/limit.err")"
grep -q '"status":"mate","length":15,"length_exact":true' "$tmp/limit.jsonl" \
  || fail "memory limit: the answer: $(cat "$tmp/limit.jsonl")"
gzip -dc "$tmp/limit.cert.gz" | grep -qx "# .*: no certificate of no mate within 13 (the certificate reached its memory limit (1 MB))" \
  || fail "memory limit: no reason given: $(gzip -dc "$tmp/limit.cert.gz" | grep '^#')"
"$tsume" verify "$tmp/limit.cert.gz" > "$tmp/limit.out" 2>&1 || fail "memory limit: verify"
grep -q "VALID nodes [0-9]* length 15$" "$tmp/limit.out" || fail "memory limit: $(cat "$tmp/limit.out")"
grep -q "no-mate-within" "$tmp/limit.out" && fail "memory limit: a no-mate certificate was written"
"$tsume" solve --threads 1 --certificate "$tmp/limit.cert" --certificate-memory 0 "9/9/9/9/9/9/9/9/9 b - 1" \
  > /dev/null 2> "$tmp/limit0.err" && fail "memory limit: 0 accepted"
grep -q -- "--certificate-memory must be between 1 and" "$tmp/limit0.err" || fail "memory limit: $(cat "$tmp/limit0.err")"

echo "ok: $checked problems, 10 mutations rejected, verify --positions, --count-futile, versions 5 (the default), 4 and 1, --certificate alone, gzip, a memory limit"
