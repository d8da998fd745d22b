#!/usr/bin/env bash
# reload/run.sh: configuration reloads under load. The petstore (config/petstore/http copied to a
# scratch dir) serves GET /v1/pets to wrk while this script changes handler.yml (a route added, then
# removed again) and calls POST /adm/reload RELOADS times. Every wrk response must be a 2xx with no
# socket error, and every reload must answer 200. A second wrk run of the same length without
# reloads gives the throughput to compare with. Loopback only.
#
#   benchmarks/reload/run.sh                          # 20 s, 10 reloads
#   DURATION=5 RELOADS=4 benchmarks/reload/run.sh     # smoke run
#
# Ends with one line: reload requests=<n> failed=<n> reloads=<n> refused=<n> rps_with=<x> rps_without=<y>
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
(( $# == 0 )) || bench_die "reload/run.sh takes no arguments: configure it with variables (see the header)"
KNOBS=(DURATION RELOADS THREADS CONNECTIONS LUMEN_PORT JAVA_OPTS)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"
DURATION="${DURATION:-20}"
RELOADS="${RELOADS:-10}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
LUMEN_PORT="${LUMEN_PORT:-23480}"
JAVA_OPTS="${JAVA_OPTS:-}"
for k in DURATION RELOADS THREADS CONNECTIONS LUMEN_PORT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
(( DURATION >= 2 && RELOADS >= 1 )) || bench_die "DURATION must be at least 2 and RELOADS at least 1"
read -ra JOPTS <<<"$JAVA_OPTS"

JAR="$BENCH_REPO_ROOT/petstore-example/target/petstore.jar"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
bench_require curl awk
bench_find_java
bench_ensure_wrk
TS="$(date -u +%Y%m%dT%H%M%SZ)"
OUT="$BENCH_DIR/out/reload-$TS"
CONFIG="$OUT/config"
mkdir -p "$CONFIG"
cp "$BENCH_REPO_ROOT"/config/petstore/http/*.yml "$CONFIG/"
cp "$CONFIG/handler.yml" "$OUT/handler-base.yml"
{ cat "$OUT/handler-base.yml"; printf '  - {path: /v1/pets-again, method: GET, exec: [listPets]}\n'; } >"$OUT/handler-extra.yml"
BENCH_PIDS=()
trap bench_stop_all EXIT
trap 'exit 130' INT TERM

bench_port_free "$LUMEN_PORT"
bench_start "$OUT/petstore.log" "http://127.0.0.1:$LUMEN_PORT/v1/pets" 60 \
  env SERVER_HTTPPORT="$LUMEN_PORT" SERVER_IP=127.0.0.1 "$BENCH_JAVA" "${JOPTS[@]}" \
  "-Dlight-4j-config-dir=$CONFIG" -jar "$JAR"
bench_log "petstore up in ${BENCH_STARTUP_MS} ms (log: $OUT/petstore.log)"

URL="http://127.0.0.1:$LUMEN_PORT/v1/pets"
bench_log "warm-up: 3 s"
wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$URL" >"$OUT/warmup.txt"

bench_log "without reloads: ${DURATION} s"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$URL" >"$OUT/wrk-without.txt"

bench_log "with $RELOADS reloads: ${DURATION} s"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$URL" >"$OUT/wrk-with.txt" &
WRK=$!
gap_ms=$(( DURATION * 1000 / (RELOADS + 1) ))
reloads=0 refused=0
for (( i = 1; i <= RELOADS; i++ )); do
  sleep "$(bench_calc "$gap_ms / 1000")"   # spread the reloads over the wrk run (pacing, not a test wait)
  if (( i % 2 )); then cp "$OUT/handler-extra.yml" "$CONFIG/handler.yml"; else cp "$OUT/handler-base.yml" "$CONFIG/handler.yml"; fi
  code="$(curl -s -o "$OUT/reload-$i.json" -w '%{http_code}' --max-time 30 -X POST "http://127.0.0.1:$LUMEN_PORT/adm/reload" || echo 000)"
  if [[ "$code" == 200 ]]; then reloads=$(( reloads + 1 )); else refused=$(( refused + 1 )); bench_log "reload $i answered $code: $(cat "$OUT/reload-$i.json")"; fi
done
wait "$WRK"

read -r rps_without _ _ _ _ non2xx_without sockerr_without <<<"$(bench_wrk_parse "$OUT/wrk-without.txt")"
read -r rps_with _ _ _ _ non2xx_with sockerr_with <<<"$(bench_wrk_parse "$OUT/wrk-with.txt")"
requests="$(bench_wrk_requests "$OUT/wrk-with.txt")"
failed=$(( non2xx_with + sockerr_with ))
(( non2xx_without + sockerr_without == 0 )) || bench_log "the run without reloads had $non2xx_without non-2xx and $sockerr_without socket errors"
generation="$(awk -F'"generation":' 'NF > 1 { split($2, a, ","); g = a[1] } END { print g + 0 }' "$OUT"/reload-*.json 2>/dev/null || echo 0)"
bench_log "last generation reported: $generation; outputs in $OUT"
echo "command: $CMDLINE"
echo "reload requests=$requests failed=$failed reloads=$reloads refused=$refused rps_with=$rps_with rps_without=$rps_without"
