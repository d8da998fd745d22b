#!/usr/bin/env bash
# client/run.sh: the fair HTTP client benchmark (see benchmarks/README.md, "HTTP clients").
# One Lumen HTTPS + HTTP/2 server and five clients in one JVM (JDK 21+, found by lib.sh):
# Lumen, JDK HttpClient, OkHttp 4, Jetty 12 HttpClient (HTTP/2 transport), light-4j 2.3.3
# Http2Client. For each client and each window (requests in flight: 1, 16, 128, the same for
# every client) 10,000 GET /get?name=Steve and 10,000 POST /post (body Steve), one warm-up
# round discarded, three measured rounds, every response's status and body checked.
# Prints a table and ends with one line:
#   client-bench lumen_vs_jdk=<x> lumen_vs_okhttp=<x> lumen_vs_jetty=<x> lumen_vs_light4j=<x> failed_responses=<n>
# Variables: CLIENTS (lumen,jdk,okhttp,jetty,light4j), WINDOWS (1,16,128), REQUESTS (10000),
# ROUNDS (3), WARMUPS (3: the JIT is still compiling through the first rounds), RUNS (1), SKIP_BUILD (0), JAVA_OPTS, BENCH_JAVA_HOME.
# RUNS > 1 repeats the whole benchmark in fresh JVMs (the JIT compiles the shared server and the
# clients differently in each, and ratios move by 10-30% between JVMs) and ends with the median of
# every ratio over the runs and the sum of their failed responses.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
(( $# == 0 )) || bench_die "client/run.sh takes no arguments: configure it with variables"

CLIENTS="${CLIENTS:-lumen,jdk,okhttp,jetty,light4j}"
WINDOWS="${WINDOWS:-1,16,128}"
REQUESTS="${REQUESTS:-10000}"
ROUNDS="${ROUNDS:-3}"
WARMUPS="${WARMUPS:-3}"
RUNS="${RUNS:-1}"
SKIP_BUILD="${SKIP_BUILD:-0}"
JAVA_OPTS="${JAVA_OPTS:-}"
for k in REQUESTS ROUNDS WARMUPS RUNS; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3, got $ROUNDS"
(( RUNS >= 1 )) || bench_die "RUNS must be at least 1, got $RUNS"
read -ra JOPTS <<<"$JAVA_OPTS"

bench_find_java
(( BENCH_JAVA_MAJOR >= 21 )) || bench_die "light-4j 2.3.3 needs Java 21+; set BENCH_JAVA_HOME"
CLIENT_DIR="$BENCH_DIR/client"
JAR="$CLIENT_DIR/target/client-bench.jar"
OUT_DIR="${OUT_DIR:-$BENCH_DIR/out}"
mkdir -p "$OUT_DIR"
TS="$(date +%Y%m%d-%H%M%S)"
LOG="$OUT_DIR/client-$TS.log"

if [[ "$SKIP_BUILD" != 1 || ! -f "$JAR" ]]; then
  bench_require mvn
  bench_log "installing lumen-core and lumen-client from $BENCH_REPO_ROOT"
  (cd "$BENCH_REPO_ROOT" && JAVA_HOME="$BENCH_JAVA_HOME" mvn -q -DskipTests -pl core,client -am install) \
    >"$OUT_DIR/client-build-$TS.log" 2>&1 || bench_die "lumen build failed (log: $OUT_DIR/client-build-$TS.log)"
  bench_log "building the benchmark in benchmarks/client"
  (cd "$CLIENT_DIR" && JAVA_HOME="$BENCH_JAVA_HOME" mvn -q package) \
    >>"$OUT_DIR/client-build-$TS.log" 2>&1 || bench_die "benchmark build failed (log: $OUT_DIR/client-build-$TS.log)"
fi

bench_log "command: $(bench_cmdline "$0" CLIENTS WINDOWS REQUESTS ROUNDS WARMUPS RUNS SKIP_BUILD JAVA_OPTS BENCH_JAVA_HOME)"
LAST_LINES=()
for (( run = 1; run <= RUNS; run++ )); do
  RUN_LOG="$LOG"; (( RUNS == 1 )) || RUN_LOG="${LOG%.log}-run$run.log"
  bench_log "run $run/$RUNS; load before: $(uptime | sed 's/.*load average/load average/')"
  "$BENCH_JAVA" "${JOPTS[@]}" -Dbench.clients="$CLIENTS" -Dbench.windows="$WINDOWS" -Dbench.requests="$REQUESTS" \
    -Dbench.rounds="$ROUNDS" -Dbench.warmups="$WARMUPS" -jar "$JAR" 2> >(grep -v '^WARNING' >&2) | tee "$RUN_LOG"
  line="$(grep '^client-bench ' "$RUN_LOG" | tail -n 1)"
  [[ -n "$line" ]] || bench_die "run $run printed no client-bench line (output in $RUN_LOG)"
  LAST_LINES+=("$line")
  bench_log "run $run/$RUNS done; load after: $(uptime | sed 's/.*load average/load average/'); output in $RUN_LOG"
done
if (( RUNS > 1 )); then
  {
    echo
    echo "Per run (Lumen's req/s over each client's at the largest window):"
    printf '  %s\n' "${LAST_LINES[@]}"
    # the median of each ratio over the runs (bench_median); failed responses summed
    out="client-bench"
    for key in lumen_vs_jdk lumen_vs_okhttp lumen_vs_jetty lumen_vs_light4j; do
      mapfile -t vals < <(printf '%s\n' "${LAST_LINES[@]}" | grep -o "$key=[0-9][0-9.]*" | cut -d= -f2)
      out+=" $key=$(bench_fmt '%.2f' "$(bench_median "${vals[@]}")")"
    done
    failed=0
    for line in "${LAST_LINES[@]}"; do failed=$(( failed + ${line##*failed_responses=} )); done
    echo
    echo "Median over the runs:"
    echo "$out failed_responses=$failed"
  } | tee -a "$LOG"
fi
