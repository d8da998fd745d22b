#!/usr/bin/env bash
# client/run.sh: the fair HTTP client benchmark (see benchmarks/README.md, "HTTP clients").
# One Lumen HTTPS + HTTP/2 server and five clients in one JVM (JDK 21+, found by lib.sh):
# Lumen, JDK HttpClient, OkHttp 4, Jetty 12 HttpClient (HTTP/2 transport), light-4j 2.3.3
# Http2Client. For each client and each window (requests in flight: 1, 16, 128, the same for
# every client) 10,000 GET /get?name=Steve and 10,000 POST /post (body Steve), three warm-up
# rounds discarded, three measured rounds, every response's status and body checked.
# Prints a table and ends with one line:
#   client-bench lumen_vs_jdk=<x> lumen_vs_okhttp=<x> lumen_vs_jetty=<x> lumen_vs_light4j=<x> failed_responses=<n>
# Variables: CLIENTS (lumen,jdk,okhttp,jetty,light4j), WINDOWS (1,16,128), REQUESTS (10000),
# ROUNDS (3), WARMUPS (3: the JIT is still compiling through the first rounds), RUNS (1), SKIP_BUILD (0),
# JAVA_OPTS, BENCH_JAVA_HOME, OUT_DIR (benchmarks/out), MVN_ARGS.
# RUNS > 1 repeats the whole benchmark in fresh JVMs (the JIT compiles the shared server and the
# clients differently in each, and ratios move by 10-30% between JVMs) and ends with the median of
# every ratio over the runs and the sum of their failed responses.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#

bench_knobs CLIENTS=lumen,jdk,okhttp,jetty,light4j WINDOWS=1,16,128 REQUESTS=10000 ROUNDS=3 WARMUPS=3 RUNS=1 SKIP_BUILD=0 JAVA_OPTS=
bench_at_least 3 ROUNDS
bench_at_least 1 RUNS

bench_find_java 21 "light-4j 2.3.3 needs Java 21+"
CLIENT_DIR="$BENCH_DIR/client"
JAR="$CLIENT_DIR/target/client-bench.jar"
bench_out client   # the build logs; each run's output goes beside it, to client-<TS>.log (-run<i>.log)
LOG="${BENCH_RUN_DIR}.log"

if [[ "$SKIP_BUILD" != 1 || ! -f "$JAR" ]]; then
  bench_log "installing lumen-core and lumen-client from $BENCH_REPO_ROOT"
  bench_mvn_build "$BENCH_REPO_ROOT" "$BENCH_RUN_DIR/build-lumen.log" -B -q -DskipTests -pl core,client -am install
  bench_log "building the benchmark in benchmarks/client"
  bench_mvn_build "$CLIENT_DIR" "$BENCH_RUN_DIR/build-client.log" -B -q package
fi

bench_log "command: $BENCH_CMDLINE"
LAST_LINES=()
for (( run = 1; run <= RUNS; run++ )); do
  RUN_LOG="$LOG"; (( RUNS == 1 )) || RUN_LOG="${LOG%.log}-run$run.log"
  bench_log "run $run/$RUNS; load before: $(bench_loadavg)"
  # shellcheck disable=SC2153  # REQUESTS is a knob (bench_knobs)
  "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -Dbench.clients="$CLIENTS" -Dbench.windows="$WINDOWS" -Dbench.requests="$REQUESTS" \
    -Dbench.rounds="$ROUNDS" -Dbench.warmups="$WARMUPS" -jar "$JAR" 2> >(grep -v '^WARNING' >&2) | tee "$RUN_LOG"
  line="$(grep '^client-bench ' "$RUN_LOG" | tail -n 1)"
  [[ -n "$line" ]] || bench_die "run $run printed no client-bench line (output in $RUN_LOG)"
  LAST_LINES+=("$line")
  bench_log "run $run/$RUNS done; load after: $(bench_loadavg); output in $RUN_LOG"
done
if (( RUNS > 1 )); then
  {
    echo
    echo "Per run (Lumen's req/s over each client's at the largest window):"
    printf '  %s\n' "${LAST_LINES[@]}"
    echo
    echo "Median over the runs:"
    bench_summary_median client '%.2f' failed_responses "${LAST_LINES[@]}"
  } | tee -a "$LOG"
fi
