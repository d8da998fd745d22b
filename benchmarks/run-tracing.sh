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
bench_no_args $#
bench_knobs DURATION=10 ROUNDS=3 COLLECTOR=sink SAMPLER_RATIO=1.0 THREADS=2 CONNECTIONS=128 PIPELINE=16 \
  LUMEN_PORT=18318 SINK_PORT=18319 JAVA_OPTS=
bench_at_least 3 ROUNDS
bench_one_of COLLECTOR sink down
[[ "$SAMPLER_RATIO" =~ ^(0(\.[0-9]+)?|1(\.0+)?)$ ]] || bench_die "SAMPLER_RATIO must be from 0 to 1, got '$SAMPLER_RATIO'"
bench_distinct LUMEN_PORT SINK_PORT

JAR="$BENCH_PETSTORE_JAR"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
unzip -l "$JAR" io/lumen/otel/TracingHandler.class >/dev/null 2>&1 || bench_die "$JAR has no lumen-otel: rebuild it"
bench_require curl awk sort
bench_find_java
bench_ensure_wrk
bench_out tracing
OUT="$BENCH_RUN_DIR"

if [[ "$COLLECTOR" == sink ]]; then
  bench_port_free "$SINK_PORT"
  bench_start "$OUT/sink.log" "http://127.0.0.1:$SINK_PORT/ready" 60 \
    "$BENCH_JAVA" "$BENCH_DIR/tracing/OtlpSink.java" "$SINK_PORT" "$OUT/sink-counts.txt"
  SINK_PID="$BENCH_PID"
else
  bench_port_free "$SINK_PORT"   # "down": nothing may listen there
fi
bench_port_free "$LUMEN_PORT"
bench_lumen_cmd "$LUMEN_PORT" benchmarks/tracing/lumen \
  OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$SINK_PORT" OTEL_TRACES_SAMPLER_ARG="$SAMPLER_RATIO" -- -jar "$JAR"
bench_start "$OUT/server.log" "http://127.0.0.1:$LUMEN_PORT/v1/pets" 60 "${BENCH_CMD[@]}"
LUMEN_PID="$BENCH_PID"
grep -q "GET /traced/pets -> \[exception, metrics, correlation, tracing, listPets\]" "$OUT/server.log" \
  || bench_die "tracing is not in the /traced/pets chain (log: $OUT/server.log)"

declare -A PATHS=([bypass]=/v1/pets [base]=/base/pets [traced]=/traced/pets)
NAMES=(bypass base traced)
for n in "${NAMES[@]}"; do
  bench_expect_reference "$n" "$OUT/headers-$n.txt" "http://127.0.0.1:$LUMEN_PORT${PATHS[$n]}"
done
run() { # run <name> <round>: one wrk run, its figures in W_*
  local n="$1" f="$OUT/wrk-$1-$2.txt"
  bench_wrk "$f" "$DURATION" -s "$BENCH_DIR/pipeline.lua" "http://127.0.0.1:$LUMEN_PORT" -- "${PATHS[$n]}" "$PIPELINE" \
    || { cat "$f" >&2; bench_die "wrk failed against $n"; }
  (( W_ERRORS == 0 )) || bench_die "$n round $2: $W_NON2XX non-2xx, $W_SOCKERR socket errors ($f)"
  bench_alive "$LUMEN_PID" "the service" "$OUT/server.log"
}
for n in "${NAMES[@]}"; do run "$n" warmup; done
declare -A R
SENT_TRACED=0
LOAD0="$(bench_loadavg)"
measure() {  # measure <name> <round>
  run "$1" "$2"
  R[$1]+="$W_RPS "
  if [[ "$1" == traced ]]; then SENT_TRACED=$(( SENT_TRACED + W_REQUESTS )); fi
  bench_log "round $2 $1: $W_RPS req/s"
}
bench_rounds 1 measure "${NAMES[@]}"   # rotated by r, round 1 starting with the second name: the order of the recorded runs
LOAD1="$(bench_loadavg)"
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
  echo "- Command: \`$BENCH_CMDLINE\`; commit $(bench_commit); load $LOAD0 -> $LOAD1; java $BENCH_JAVA"
  echo "- Collector: $COLLECTOR; sampler parentbased_traceidratio $SAMPLER_RATIO; wrk -t$THREADS -c$CONNECTIONS pipelined $PIPELINE, ${DURATION}s rounds"
  echo
  echo "| path | chain | req/s per round | median |"
  echo "|---|---|---|---:|"
  declare -A CHAIN=([bypass]="(none)" [base]="exception, metrics, correlation" [traced]="exception, metrics, correlation, tracing")
  for n in "${NAMES[@]}"; do
    # shellcheck disable=SC2086  # the per-round list is meant to split
    echo "| \`${PATHS[$n]}\` | ${CHAIN[$n]} | ${R[$n]} | $(bench_median ${R[$n]}) |"
  done
  read -ra rt <<<"${R[traced]}"; read -ra rb <<<"${R[base]}"; read -ra rp <<<"${R[bypass]}"
  base="$(bench_median "${rb[@]}")"; traced="$(bench_median "${rt[@]}")"; bypass="$(bench_median "${rp[@]}")"
  ns="$(bench_fmt '%.0f' "$(bench_calc "1e9 / $traced - 1e9 / $base")")"
  bench_ratio rb rp; base_ratio="$RATIO"   # base / bypass
  bench_ratio rt rb                        # traced / base, the figure of this benchmark
  echo
  echo "traced / base = $RATIO (per round $RATIO_MIN - $RATIO_MAX); base / bypass = $base_ratio"
  echo "tracing adds $ns ns per request (inverse-throughput delta at full load, 2 cores shared with wrk)"
  echo "requests on /traced/pets: $SENT_TRACED; exports received by the sink (requests bytes): $EXPORTS; spans the SDK reported dropped: $DROPPED; RSS after the load: $(( RSS_KB / 1024 )) MiB"
  echo
  mapfile -t words < <(bench_ratio_words traced_vs_base)
  bench_summary tracing "${words[@]}" "base_vs_bypass=$base_ratio" "tracing_ns_per_request=$ns" "dropped_spans=$DROPPED"
} | tee "$BENCH_REPORT"
