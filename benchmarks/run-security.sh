#!/usr/bin/env bash
# JWT cost: the Lumen petstore with the embedded chain and a valid token (cache hits) vs the bypass
# config (config/petstore/http, no middleware, sent the same token header, which it ignores), vs light-4j 2.3.3 with its openapi-security handler
# (benchmarks/light4j-petstore/ccc-config, kid l4jkid) on an equivalent token; then uncached
# verifications per second (io.lumen.security.bench.VerifyBench, one thread).
# Knobs: CONTENDERS ("bypass jwt light4j"), DURATION (10), ROUNDS (3), THREADS (2), CONNECTIONS (128),
# PIPELINE (16), SKIP_BUILD (0), VERIFY_SECONDS (5), BYPASS_PORT (18091), JWT_PORT (18092),
# LIGHT4J_PORT (18093), JAVA_OPTS. Everything on 127.0.0.1.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
bench_no_args $#
bench_knobs CONTENDERS="bypass jwt light4j" DURATION=10 ROUNDS=3 THREADS=2 CONNECTIONS=128 PIPELINE=16 SKIP_BUILD=0 \
  VERIFY_SECONDS=5 BYPASS_PORT=18091 JWT_PORT=18092 LIGHT4J_PORT=18093 JAVA_OPTS=
bench_words_in CONTENDERS bypass jwt light4j
bench_distinct BYPASS_PORT JWT_PORT LIGHT4J_PORT
ROOT="$BENCH_REPO_ROOT"; JAR="$BENCH_PETSTORE_JAR"
L4J_DIR="$BENCH_DIR/light4j-petstore"; L4J_JAR="$L4J_DIR/target/light4j-petstore.jar"
read -ra CLIST <<<"$CONTENDERS"

bench_find_java; bench_ensure_wrk
bench_out security
RUN_DIR="$BENCH_RUN_DIR"
bench_build_lumen "$JAR" -B -q -DskipTests install
if [[ " $CONTENDERS " == *" light4j "* ]]; then bench_build_peer "$L4J_DIR" "$L4J_JAR"; fi
declare -A TOKEN=([bypass]="" [jwt]="" [light4j]="")
TOKEN[jwt]="$(bench_token "$JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --sub bench --client-id bench-client)"
TOKEN[light4j]="$(bench_token "$JAR" "$BENCH_PEER_KEY" "$BENCH_PEER_KID" --sub bench --client-id bench-client)"
# the bypass gets the same header (and ignores it): every contender reads the same request bytes
TOKEN[bypass]="${TOKEN[jwt]}"

declare -A PORT=([bypass]="$BYPASS_PORT" [jwt]="$JWT_PORT" [light4j]="$LIGHT4J_PORT") PID=()
start() {  # start <name> <port>
  case "$1" in
    bypass) bench_lumen_cmd "$2" config/petstore/http -- -jar "$JAR"
            bench_start "$RUN_DIR/$1.log" "http://127.0.0.1:$2/v1/pets" 60 "${BENCH_CMD[@]}";;
    jwt)    bench_lumen_cmd "$2" config/petstore/embedded -- -jar "$JAR"
            bench_start "$RUN_DIR/$1.log" "http://127.0.0.1:$2/health" 60 "${BENCH_CMD[@]}";;
    light4j) bench_start "$RUN_DIR/$1.log" "http://127.0.0.1:$2/health" 60 env -C "$L4J_DIR" SERVER_HTTPPORT="$2" SERVER_IP=127.0.0.1 \
              "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -Dlight-4j-config-dir=ccc-config -jar "$L4J_JAR";;
  esac
  PID[$1]="$BENCH_PID"
}
for c in "${CLIST[@]}"; do bench_port_free "${PORT[$c]}"; start "$c" "${PORT[$c]}"; done
wrk_run() {  # wrk_run <name> <seconds> <out>: a 200 with the token first, then one wrk run (figures in W_*)
  local auth=(); [[ -z "${TOKEN[$1]}" ]] || auth=(-H "Authorization: Bearer ${TOKEN[$1]}")
  bench_expect "$1 with its token" 200 "$RUN_DIR/headers-$1.txt" "${auth[@]}" "http://127.0.0.1:${PORT[$1]}/v1/pets"
  bench_wrk "$3" "$2" "${auth[@]}" -s "$BENCH_DIR/pipeline.lua" "http://127.0.0.1:${PORT[$1]}" -- /v1/pets "$PIPELINE" \
    || { cat "$3" >&2; bench_die "wrk failed against $1"; }
  bench_alive "${PID[$1]}" "$1" "$RUN_DIR/$1.log"
}
for c in "${CLIST[@]}"; do wrk_run "$c" "$DURATION" "$RUN_DIR/warmup-$c.txt"; done
declare -A RPS
measure() {  # measure <name> <round>
  wrk_run "$1" "$DURATION" "$RUN_DIR/wrk-$1-$2.txt"
  (( W_NON2XX == 0 )) || bench_die "$1: $W_NON2XX non-2xx answers (see $RUN_DIR/wrk-$1-$2.txt)"
  RPS[$1]+="$W_RPS "; bench_log "round $2 $1: $W_RPS req/s"
}
bench_rounds 0 measure "${CLIST[@]}"  # rotated: every contender takes every slot
echo "| contender | req/s per round | median | vs bypass (per round) |"; echo "|---|---|---:|---|"
SUMMARY=()
for c in "${CLIST[@]}"; do
  # shellcheck disable=SC2086  # the per-round lists are meant to split
  m="$(bench_median ${RPS[$c]})"
  if [[ -n "${RPS[bypass]:-}" ]]; then
    # shellcheck disable=SC2034  # read by bench_ratio through their names
    { read -ra a <<<"${RPS[$c]}"; read -ra b <<<"${RPS[bypass]}"; }
    bench_ratio a b
    vs="$RATIO ($RATIO_MIN - $RATIO_MAX)"
    [[ "$c" == bypass ]] || mapfile -t -O "${#SUMMARY[@]}" SUMMARY < <(bench_ratio_words "${c}_vs_bypass")
  else
    vs=-
  fi
  echo "| $c | ${RPS[$c]} | $(bench_fmt '%.0f' "$m") | $vs |"
done
bench_stop_all
# VerifyBench is a test class of the security module: its test classpath, then its classes
bench_mvn_build "$ROOT" "$RUN_DIR/build-verify-classpath.log" -B -q dependency:build-classpath -pl security \
  -Dmdep.outputFile="$RUN_DIR/cp.txt" -Dmdep.includeScope=test
bench_mvn_build "$ROOT" "$RUN_DIR/build-verify.log" -B -q test-compile -pl security
"$BENCH_JAVA" -cp "$ROOT/security/target/test-classes:$ROOT/security/target/classes:$(cat "$RUN_DIR/cp.txt")" \
  io.lumen.security.bench.VerifyBench "$VERIFY_SECONDS" 2>/dev/null | tee "$RUN_DIR/verify.txt"
echo "raw outputs: $RUN_DIR"
read -r VERIFY_RATE HIT_RATE < <(awk -F'[:;] ' '/^measured/ { v = $3; h = $5 } END { print (v == "" ? "NA" : v), (h == "" ? "NA" : h) }' "$RUN_DIR/verify.txt")
bench_summary security "${SUMMARY[@]}" "uncached_verifications_per_s=$VERIFY_RATE" "cache_hits_per_s=$HIT_RATE"
