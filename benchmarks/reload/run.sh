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
# Knobs: DURATION (20), RELOADS (10), THREADS (2), CONNECTIONS (64), LUMEN_PORT (23480), JAVA_OPTS,
# and lib.sh's BENCH_JAVA_HOME, OUT_DIR. Writes out/reload-<UTC timestamp>.md and ends with one line:
# reload-bench requests=<n> failed=<n> reloads=<n> refused=<n> rps_with=<x> rps_without=<y> with_vs_without=<r>
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs DURATION=20 RELOADS=10 THREADS=2 CONNECTIONS=64 LUMEN_PORT=23480 JAVA_OPTS=
bench_at_least 2 DURATION
bench_at_least 1 RELOADS

JAR="$BENCH_PETSTORE_JAR"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
bench_require curl awk
bench_find_java
bench_ensure_wrk
bench_out reload
OUT="$BENCH_RUN_DIR"
CONFIG="$OUT/config"
mkdir -p "$CONFIG"
cp "$BENCH_REPO_ROOT"/config/petstore/http/*.yml "$CONFIG/"
cp "$CONFIG/handler.yml" "$OUT/handler-base.yml"
{ cat "$OUT/handler-base.yml"; printf '  - {path: /v1/pets-again, method: GET, exec: [listPets]}\n'; } >"$OUT/handler-extra.yml"

bench_port_free "$LUMEN_PORT"
bench_lumen_cmd "$LUMEN_PORT" "$CONFIG" -- -jar "$JAR"
bench_start "$OUT/petstore.log" "http://127.0.0.1:$LUMEN_PORT/v1/pets" 60 "${BENCH_CMD[@]}"
bench_log "petstore up in ${BENCH_STARTUP_MS} ms (log: $OUT/petstore.log)"

URL="http://127.0.0.1:$LUMEN_PORT/v1/pets"
bench_log "warm-up: 3 s"
bench_wrk "$OUT/warmup.txt" 3 "$URL" || bench_die "wrk failed (warm-up, $OUT/warmup.txt)"

bench_log "without reloads: ${DURATION} s"
bench_wrk "$OUT/wrk-without.txt" "$DURATION" "$URL" || bench_die "wrk failed ($OUT/wrk-without.txt)"
rps_without="$W_RPS"
(( W_ERRORS == 0 )) || bench_log "the run without reloads had $W_NON2XX non-2xx and $W_SOCKERR socket errors"

# shellcheck disable=SC2153  # RELOADS is a knob (bench_knobs), not the count below
bench_log "with $RELOADS reloads: ${DURATION} s"
bench_wrk_start "$OUT/wrk-with.txt" "$DURATION" "$URL"
gap_ms=$(( DURATION * 1000 / (RELOADS + 1) ))
reloads=0 refused=0
for (( i = 1; i <= RELOADS; i++ )); do
  sleep "$(bench_calc "$gap_ms / 1000")"   # spread the reloads over the wrk run (pacing, not a test wait)
  if (( i % 2 )); then cp "$OUT/handler-extra.yml" "$CONFIG/handler.yml"; else cp "$OUT/handler-base.yml" "$CONFIG/handler.yml"; fi
  code="$(curl -s -o "$OUT/reload-$i.json" -w '%{http_code}' --max-time 30 -X POST "http://127.0.0.1:$LUMEN_PORT/adm/reload" || echo 000)"
  if [[ "$code" == 200 ]]; then reloads=$(( reloads + 1 )); else refused=$(( refused + 1 )); bench_log "reload $i answered $code: $(cat "$OUT/reload-$i.json")"; fi
done
wait "$BENCH_WRK_PID" || bench_die "wrk failed ($OUT/wrk-with.txt)"
bench_wrk_read "$OUT/wrk-with.txt"
rps_with="$W_RPS"
requests="$W_REQUESTS"
failed="$W_ERRORS"
generation="$(awk -F'"generation":' 'NF > 1 { split($2, a, ","); g = a[1] } END { print g + 0 }' "$OUT"/reload-*.json 2>/dev/null || echo 0)"
bench_log "last generation reported: $generation; outputs in $OUT"
{
  echo "## Reload under load $BENCH_TS"
  echo
  bench_report_header "wrk shares the cores with the petstore"
  echo
  echo "| run | req/s | responses | non-2xx | socket errors |"
  echo "|---|---:|---:|---:|---:|"
  echo "| without reloads | $rps_without | $(bench_wrk_requests "$OUT/wrk-without.txt") | $(bench_wrk_parse "$OUT/wrk-without.txt" | cut -d' ' -f6) | $(bench_wrk_parse "$OUT/wrk-without.txt" | cut -d' ' -f7) |"
  echo "| with $RELOADS reloads | $rps_with | $requests | $W_NON2XX | $W_SOCKERR |"
  echo
  echo "Reloads answered 200: $reloads; refused: $refused; last generation reported: $generation."
  echo
  bench_summary reload "requests=$requests" "failed=$failed" "reloads=$reloads" "refused=$refused" \
    "rps_with=$rps_with" "rps_without=$rps_without" "with_vs_without=$(bench_fmt '%.3f' "$(bench_div "$rps_with" "$rps_without")")"
} >"$BENCH_REPORT"
cat "$BENCH_REPORT"
bench_log "report written to $BENCH_REPORT"
