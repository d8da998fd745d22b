#!/usr/bin/env bash
# run-embedded.sh: the shipped config/petstore/embedded chain against the bypass, one question:
# what share of bypass throughput does the full chain keep on GET /v1/pets?limit=10?
#   bypass    - config/petstore/http (handler only)
#   embedded  - config/petstore/embedded as shipped (exception, metrics, correlation, header, cors,
#               limit, specification, security, body, audit, validator), with a minted dev token
#   nojwt     - the same folder with SECURITY_ENABLEVERIFYJWT=false (security dropped from the
#               chain): the chain of the OpenAPI issue, before JWT
# Rounds alternate the three (rotated), wrk pipelined like the other scripts. Loopback only.
# Knobs: DURATION (6), ROUNDS (5, at least 3), THREADS (2), CONNECTIONS (128), BYPASS_PORT (18151),
# EMBEDDED_PORT (18152), NOJWT_PORT (18153), JAVA_OPTS.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
bench_no_args $#
bench_knobs DURATION=6 ROUNDS=5 THREADS=2 CONNECTIONS=128 BYPASS_PORT=18151 EMBEDDED_PORT=18152 NOJWT_PORT=18153 JAVA_OPTS=
bench_at_least 3 ROUNDS
bench_distinct BYPASS_PORT EMBEDDED_PORT NOJWT_PORT
JAR="$BENCH_PETSTORE_JAR"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
bench_find_java
bench_ensure_wrk
bench_out embedded
OUT="$BENCH_RUN_DIR"

TOKEN="$(bench_token "$JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --client-id bench)"
cat > "$OUT/get-token.lua" <<LUA
init = function(args)
  local r = {}
  for i = 1, 16 do r[i] = wrk.format("GET", "/v1/pets?limit=10", {["Authorization"] = "Bearer $TOKEN"}) end
  req = table.concat(r)
end
request = function() return req end
LUA

declare -A PORT=([bypass]="$BYPASS_PORT" [embedded]="$EMBEDDED_PORT" [nojwt]="$NOJWT_PORT")
declare -A DIR=([bypass]=config/petstore/http [embedded]=config/petstore/embedded [nojwt]=config/petstore/embedded)
declare -A JWT=([bypass]=true [embedded]=true [nojwt]=false)
declare -A READY=([bypass]=/v1/pets [embedded]=/health [nojwt]=/health)  # the http config has no /health
declare -A PID=()
NAMES=(bypass embedded nojwt)
for n in "${NAMES[@]}"; do
  bench_port_free "${PORT[$n]}"
  bench_lumen_cmd "${PORT[$n]}" "${DIR[$n]}" SERVER_ENABLEHTTP2=false SECURITY_ENABLEVERIFYJWT="${JWT[$n]}" -- -jar "$JAR"
  bench_start "$OUT/server-$n.log" "http://127.0.0.1:${PORT[$n]}${READY[$n]}" 60 "${BENCH_CMD[@]}"
  PID[$n]="$BENCH_PID"
done
run() { # run <name> <round>: one wrk run, its figures in W_*
  local n="$1" f="$OUT/wrk-$1-$2.txt"
  bench_wrk "$f" "$DURATION" -s "$OUT/get-token.lua" "http://127.0.0.1:${PORT[$n]}" || { cat "$f" >&2; bench_die "wrk failed against $n"; }
  (( W_ERRORS == 0 )) || bench_die "$n round $2: $W_NON2XX non-2xx, $W_SOCKERR socket errors ($f)"
  bench_alive "${PID[$n]}" "$n" "$OUT/server-$n.log"
}
for n in "${NAMES[@]}"; do  # the body check (the bypass ignores the token)
  bench_expect_reference "$n" "$OUT/headers-$n.txt" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:${PORT[$n]}/v1/pets?limit=10"
  run "$n" warmup
done
declare -A R=()
LOAD0="$(bench_loadavg)"
measure() {  # measure <name> <round>
  run "$1" "$2"
  R[$1]+="$W_RPS "
  bench_log "round $2 $1: $W_RPS req/s"
}
bench_rounds 1 measure "${NAMES[@]}"   # rotated by r, round 1 starting with the second name: the order of the recorded runs
LOAD1="$(bench_loadavg)"
ratio() {  # ratio <name>: bench_ratio of <name> against the bypass
  local a b
  # shellcheck disable=SC2034  # read by bench_ratio through their names
  { read -ra a <<<"${R[$1]}"; read -ra b <<<"${R[bypass]}"; }
  bench_ratio a b
}
ratio embedded; mapfile -t JWT_WORDS < <(bench_ratio_words embedded_vs_bypass); JWT_TEXT="$RATIO (per round $RATIO_MIN - $RATIO_MAX)"
ratio nojwt; mapfile -t NOJWT_WORDS < <(bench_ratio_words nojwt_vs_bypass); NOJWT_TEXT="$RATIO (per round $RATIO_MIN - $RATIO_MAX)"
{
  echo "## run-embedded $(date -u +%FT%TZ)"
  echo "Command: \`$BENCH_CMDLINE\`; commit $(bench_commit); load $LOAD0 -> $LOAD1; java $BENCH_JAVA"
  echo
  echo "| contender | req/s per round | median |"
  echo "|---|---|---:|"
  for n in "${NAMES[@]}"; do
    # shellcheck disable=SC2086  # the per-round lists are meant to split
    echo "| $n | ${R[$n]} | $(bench_median ${R[$n]}) |"
  done
  echo
  echo "embedded / bypass = $JWT_TEXT; nojwt / bypass = $NOJWT_TEXT"
  echo
  bench_summary embedded "${JWT_WORDS[@]}" "${NOJWT_WORDS[@]}"
} | tee "$BENCH_REPORT"
