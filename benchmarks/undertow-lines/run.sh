#!/usr/bin/env bash
# Which Undertow line Lumen's own fat jars should run on (issue 25 item 3): the petstore built on
# Lumen's pin (Undertow 2.3) against the same petstore built with -Pundertow-2.4 (core 2.4, what the
# Spring Boot 4 starter needs), everything else equal.
#   - startup: STARTS cold starts each, alternated, launch to first 200;
#   - bypass: GET /v1/pets (LUMEN_CONFIG_DIR, no middleware by default), wrk pipelined PIPELINE deep,
#     both jars up side by side, ROUNDS alternated rounds (rotated), median ratio 2.4 / 2.3 and the
#     range of the per-round ratios.
# The two jars are built into BENCH_RUN_DIR (petstore-u23.jar, petstore-u24.jar) unless SKIP_BUILD=1
# and JARS_DIR holds them from an earlier run. h2spec and the conformance suite on each line are
# conformance/run.sh after the matching build (docs/spring-boot.md, "Undertow 2.3 and 2.4").
# Knobs: DURATION (10), WARMUP (10), ROUNDS (5), STARTS (5), THREADS (2), CONNECTIONS (128),
# PIPELINE (16), LUMEN_CONFIG_DIR (config/petstore/http), PORT23 (18083), PORT24 (18084), SKIP_BUILD (0),
# JARS_DIR (the run dir), JAVA_OPTS. Ends with `undertow-lines-bench u24_vs_u23=... u23_startup_ms=...`.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs DURATION=10 WARMUP=10 ROUNDS=5 STARTS=5 THREADS=2 CONNECTIONS=128 PIPELINE=16 \
  LUMEN_CONFIG_DIR=config/petstore/http PORT23=18083 PORT24=18084 SKIP_BUILD=0 JARS_DIR= JAVA_OPTS=
bench_at_least 1 DURATION WARMUP STARTS THREADS CONNECTIONS PIPELINE
bench_at_least 3 ROUNDS
bench_distinct PORT23 PORT24
bench_find_java; bench_ensure_wrk
bench_out undertow-lines
RUN_DIR="$BENCH_RUN_DIR"
JARS="${JARS_DIR:-$RUN_DIR}"
LUA="$BENCH_DIR/pipeline.lua"
BENCH_PATH=/v1/pets

# build <profile args> <jar name>: the petstore on one Undertow line, copied aside
build() {
  local name="$1"; shift
  if [[ "$SKIP_BUILD" != 1 || ! -f "$JARS/$name" ]]; then
    bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-$name.log" -B -q -DskipTests -Dmaven.javadoc.skip=true \
      -pl petstore-example -am package "$@"
    cp "$BENCH_PETSTORE_JAR" "$JARS/$name"
  fi
  [[ -f "$JARS/$name" ]] || bench_die "$JARS/$name not found"
}
build petstore-u23.jar
build petstore-u24.jar -Pundertow-2.4
# the jar must carry the line it claims (a stale or mixed build compares nothing)
for l in 23:2.3 24:2.4; do
  unzip -p "$JARS/petstore-u${l%%:*}.jar" META-INF/maven/io.undertow/undertow-core/pom.properties \
    | grep -q "^version=${l#*:}\." || bench_die "petstore-u${l%%:*}.jar does not carry Undertow ${l#*:}"
done
# rebuilds the default (2.3) petstore.jar, so the tree is left as a plain build leaves it
if [[ "$SKIP_BUILD" != 1 ]]; then
  bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-restore.log" -B -q -DskipTests -Dmaven.javadoc.skip=true -pl petstore-example -am package
fi

port_of() { if [[ "$1" == u23 ]]; then echo "$PORT23"; else echo "$PORT24"; fi; }
cmd_of() { bench_lumen_cmd "$(port_of "$1")" "$LUMEN_CONFIG_DIR" -- -jar "$JARS/petstore-$1.jar"; }

declare -A STARTUPS=() PID=() RPS=() P99=()
bench_port_free "$PORT23"; bench_port_free "$PORT24"
for (( s = 1; s <= STARTS; s++ )); do
  for c in u23 u24; do
    cmd_of "$c"
    bench_start "$RUN_DIR/start-$c-$s.log" "http://127.0.0.1:$(port_of "$c")$BENCH_PATH" 60 "${BENCH_CMD[@]}"
    STARTUPS[$c]+="$BENCH_STARTUP_MS "
    bench_log "cold start $s/$STARTS $c: first 200 after ${BENCH_STARTUP_MS} ms"
    bench_stop "$BENCH_PID"
  done
done
for c in u23 u24; do
  cmd_of "$c"
  bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$(port_of "$c")$BENCH_PATH" 60 "${BENCH_CMD[@]}"
  PID[$c]="$BENCH_PID"
done
run_wrk() {  # run_wrk <line> <seconds> <out>
  bench_wrk "$3" "$2" -s "$LUA" "http://127.0.0.1:$(port_of "$1")" -- "$BENCH_PATH" "$PIPELINE" \
    || { cat "$3" >&2; bench_die "wrk failed against $1"; }
  (( W_ERRORS == 0 )) || bench_die "$1 answered $W_NON2XX non-2xx, $W_SOCKERR socket errors ($3)"
  bench_alive "${PID[$1]}" "$1" "$RUN_DIR/server-$1.log"
}
for c in u23 u24; do run_wrk "$c" "$WARMUP" "$RUN_DIR/warmup-$c.txt"; done
LOAD_START="$(bench_loadavg)"
measure() {
  run_wrk "$1" "$DURATION" "$RUN_DIR/wrk-$1-$2.txt"
  RPS[$1:$2]="$W_RPS"; P99[$1:$2]="$W_P99"
  bench_log "round $2/$ROUNDS $1: $W_RPS req/s, p99 $W_P99 ms"
}
bench_rounds 0 measure u23 u24
LOAD_END="$(bench_loadavg)"
bench_stop_all

a=(); b=(); pa=(); pb=()
for (( r = 1; r <= ROUNDS; r++ )); do
  a+=("${RPS[u24:$r]}"); b+=("${RPS[u23:$r]}"); pa+=("${P99[u24:$r]}"); pb+=("${P99[u23:$r]}")
done
bench_ratio a b pa pb
mapfile -t SUMMARY < <(bench_ratio_words u24_vs_u23)
for c in u23 u24; do read -ra st <<<"${STARTUPS[$c]}"; SUMMARY+=("${c}_startup_ms=$(bench_fmt '%.0f' "$(bench_median "${st[@]}")")"); done

echo "| round | Undertow 2.3 req/s | Undertow 2.4 req/s |"
echo "|---|---:|---:|"
for (( r = 1; r <= ROUNDS; r++ )); do
  echo "| $r | $(bench_fmt '%.0f' "${RPS[u23:$r]}") | $(bench_fmt '%.0f' "${RPS[u24:$r]}") |"
done
echo
echo "- 2.4 / 2.3: $RATIO req/s (rounds $RATIO_MIN-$RATIO_MAX), p99 ratio $RATIO_P99"
echo "- cold starts (ms): 2.3: ${STARTUPS[u23]}; 2.4: ${STARTUPS[u24]}"
echo "- Command: \`$BENCH_CMDLINE\`; commit $(bench_commit); load at the rounds' start $LOAD_START, end $LOAD_END"
echo "- JDK: $BENCH_JAVA_DESC; $(nproc) cores; wrk -t$THREADS -c$CONNECTIONS pipelined $PIPELINE; raw outputs ${RUN_DIR#"$BENCH_REPO_ROOT"/}"
echo
bench_summary undertow-lines "${SUMMARY[@]}"
