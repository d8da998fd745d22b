#!/usr/bin/env bash
# run-tracing.sh: what does the tracing middleware (lumen-otel) cost per request when it is on?
#   bypass - GET /v1/pets, no middleware
#   base   - GET /base/pets: exception, metrics, correlation
#   traced - GET /traced/pets: the same plus tracing (one SERVER span per request, batched to OTLP)
# One petstore process (benchmarks/tracing/lumen), so traced / base prices tracing alone. With
# tracing disabled the middleware is dropped from the chain at startup (nothing to measure).
# The collector is a counting sink (benchmarks/tracing/OtlpSink.java), or, with COLLECTOR=down,
# nothing at all: then the spans are dropped after failed exports, and requests must not care.
# Rounds rotate the three paths; wrk pipelined like the other scripts. Loopback only.
#
#   DURATION=10 ROUNDS=5 benchmarks/run-tracing.sh                # sampled 100%, sink
#   SAMPLER_RATIO=0 benchmarks/run-tracing.sh                      # spans made but never recorded
#   COLLECTOR=down benchmarks/run-tracing.sh                       # no collector listening
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
(( $# == 0 )) || bench_die "run-tracing.sh takes no arguments: configure it with variables (see the header)"
KNOBS=(DURATION ROUNDS COLLECTOR SAMPLER_RATIO THREADS CONNECTIONS PIPELINE LUMEN_PORT SINK_PORT JAVA_OPTS)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"
DURATION="${DURATION:-10}"
ROUNDS="${ROUNDS:-3}"
COLLECTOR="${COLLECTOR:-sink}"
SAMPLER_RATIO="${SAMPLER_RATIO:-1.0}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"
PIPELINE="${PIPELINE:-16}"
LUMEN_PORT="${LUMEN_PORT:-18318}"
SINK_PORT="${SINK_PORT:-18319}"
JAVA_OPTS="${JAVA_OPTS:-}"
for k in DURATION ROUNDS THREADS CONNECTIONS PIPELINE LUMEN_PORT SINK_PORT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3"
[[ "$COLLECTOR" == sink || "$COLLECTOR" == down ]] || bench_die "COLLECTOR must be sink or down, got '$COLLECTOR'"
[[ "$SAMPLER_RATIO" =~ ^(0(\.[0-9]+)?|1(\.0+)?)$ ]] || bench_die "SAMPLER_RATIO must be from 0 to 1, got '$SAMPLER_RATIO'"
read -ra JOPTS <<<"$JAVA_OPTS"

JAR="$BENCH_REPO_ROOT/petstore-example/target/petstore.jar"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
unzip -l "$JAR" io/lumen/otel/TracingHandler.class >/dev/null 2>&1 || bench_die "$JAR has no lumen-otel: rebuild it"
bench_require curl awk sort
bench_find_java
bench_ensure_wrk
TS="$(date -u +%Y%m%dT%H%M%SZ)"
OUT="$BENCH_DIR/out/tracing-$TS"
mkdir -p "$OUT"
BENCH_PIDS=()
trap bench_stop_all EXIT
trap 'exit 130' INT TERM

if [[ "$COLLECTOR" == sink ]]; then
  bench_port_free "$SINK_PORT"
  bench_start "$OUT/sink.log" "http://127.0.0.1:$SINK_PORT/ready" 60 \
    "$BENCH_JAVA" "$BENCH_DIR/tracing/OtlpSink.java" "$SINK_PORT" "$OUT/sink-counts.txt"
  SINK_PID="$BENCH_PID"
else
  bench_port_free "$SINK_PORT"   # "down": nothing may listen there
fi
bench_port_free "$LUMEN_PORT"
bench_start "$OUT/server.log" "http://127.0.0.1:$LUMEN_PORT/v1/pets" 60 \
  env -C "$BENCH_REPO_ROOT" SERVER_HTTPPORT="$LUMEN_PORT" \
  OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$SINK_PORT" OTEL_TRACES_SAMPLER_ARG="$SAMPLER_RATIO" \
  "$BENCH_JAVA" "${JOPTS[@]}" -Dlight-4j-config-dir=benchmarks/tracing/lumen -jar "$JAR"
LUMEN_PID="$BENCH_PID"
grep -q "GET /traced/pets -> \[exception, metrics, correlation, tracing, listPets\]" "$OUT/server.log" \
  || bench_die "tracing is not in the /traced/pets chain (log: $OUT/server.log)"

declare -A PATHS=([bypass]=/v1/pets [base]=/base/pets [traced]=/traced/pets)
NAMES=(bypass base traced)
REFERENCE='[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]'
for n in "${NAMES[@]}"; do
  body="$(curl -s --max-time 5 "http://127.0.0.1:$LUMEN_PORT${PATHS[$n]}")"
  [[ "$body" == "$REFERENCE" ]] || bench_die "$n answered $body"
done
run() { # run <name> <round>: one wrk run, prints req/s
  local n="$1" f="$OUT/wrk-$1-$2.txt" rps non2xx sockerr
  timeout $(( DURATION + 30 )) wrk "-t$THREADS" "-c$CONNECTIONS" "-d${DURATION}s" --latency \
    -s "$BENCH_DIR/pipeline.lua" "http://127.0.0.1:$LUMEN_PORT" -- "${PATHS[$n]}" "$PIPELINE" >"$f"
  read -r rps _ _ _ _ non2xx sockerr < <(bench_wrk_parse "$f")
  (( non2xx == 0 && sockerr == 0 )) || bench_die "$n round $2: $non2xx non-2xx, $sockerr socket errors ($f)"
  kill -0 "$LUMEN_PID" 2>/dev/null || bench_die "the service died under load (log: $OUT/server.log)"
  echo "$rps"
}
for n in "${NAMES[@]}"; do run "$n" warmup >/dev/null; done
declare -A R
SENT_TRACED=0
LOAD0="$(cut -d' ' -f1-3 /proc/loadavg)"
for (( r = 1; r <= ROUNDS; r++ )); do
  for (( i = 0; i < 3; i++ )); do
    n="${NAMES[$(( (i + r) % 3 ))]}"
    R[$n]+="$(run "$n" "$r") "
    if [[ "$n" == traced ]]; then SENT_TRACED=$(( SENT_TRACED + $(bench_wrk_requests "$OUT/wrk-$n-$r.txt") )); fi
    bench_log "round $r $n: $(bench_wrk_parse "$OUT/wrk-$n-$r.txt" | cut -d' ' -f1) req/s"
  done
done
LOAD1="$(cut -d' ' -f1-3 /proc/loadavg)"
RSS_KB="$(bench_rss_kb "$LUMEN_PID")"
bench_stop "$LUMEN_PID"   # the stop flushes the queue to the sink
EXPORTS="-"
if [[ "$COLLECTOR" == sink ]]; then
  EXPORTS="$(cat "$OUT/sink-counts.txt" 2>/dev/null || echo "0 0")"
  bench_stop "$SINK_PID"
fi
DROPPED="$({ grep -o 'dropped [0-9]* span' "$OUT/server.log" || true; } | awk '{s += $2} END {print s + 0}')"
{
  echo "## run-tracing $(date -u +%FT%TZ)"
  echo
  echo "- Command: \`$CMDLINE\`; load $LOAD0 -> $LOAD1; java $BENCH_JAVA"
  echo "- Collector: $COLLECTOR; sampler parentbased_traceidratio $SAMPLER_RATIO; wrk -t$THREADS -c$CONNECTIONS pipelined $PIPELINE, ${DURATION}s rounds"
  echo
  echo "| path | chain | req/s per round | median |"
  echo "|---|---|---|---:|"
  declare -A CHAIN=([bypass]="(none)" [base]="exception, metrics, correlation" [traced]="exception, metrics, correlation, tracing")
  for n in "${NAMES[@]}"; do
    # shellcheck disable=SC2086  # the per-round list is meant to split
    echo "| \`${PATHS[$n]}\` | ${CHAIN[$n]} | ${R[$n]} | $(bench_median ${R[$n]}) |"
  done
  # shellcheck disable=SC2086
  base="$(bench_median ${R[base]})"; traced="$(bench_median ${R[traced]})"; bypass="$(bench_median ${R[bypass]})"
  echo
  echo "traced / base = $(bench_fmt '%.3f' "$(bench_calc "$traced / $base")"); base / bypass = $(bench_fmt '%.3f' "$(bench_calc "$base / $bypass")")"
  echo "tracing adds $(bench_fmt '%.0f' "$(bench_calc "1e9 / $traced - 1e9 / $base")") ns per request (inverse-throughput delta at full load, 2 cores shared with wrk)"
  echo "requests on /traced/pets: $SENT_TRACED; exports received by the sink (requests bytes): $EXPORTS; spans the SDK reported dropped: $DROPPED; RSS after the load: $(( RSS_KB / 1024 )) MiB"
} | tee "$OUT.md"
