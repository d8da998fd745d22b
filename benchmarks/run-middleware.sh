#!/usr/bin/env bash
# run-middleware.sh: what does each middleware handler cost?
#   lumen   - ONE petstore process (benchmarks/middleware/lumen) serving GET /v1/pets with no
#             middleware (bypass) and the same handler behind cumulative chains /c1/pets ..
#             /c8/pets (exception, metrics, correlation, header, cors, limit, body, audit), plus
#             /same/pets (exception, metrics, correlation, body, audit)
#   light4j - the light-4j 2.3.3 peer (benchmarks/light4j-petstore/middleware-config) serving
#             /v1/pets (bypass) and /same/pets with its own handlers of that set, in that order
# Each path is priced against its own process's bypass measured in the same round, so the
# ratios do not depend on how fast the machine is. Both servers run side by side on loopback
# ports; wrk hits one (contender, path) pair at a time, alternating all pairs within each round.
# See benchmarks/README.md for the variables; everything targets 127.0.0.1 only.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
bench_no_args $#

# ORDER fixed: the same pair order every round; rotate: start one later each round. NOPIPELINE=1:
# also measure the headline pairs without pipelining. KEEP_AUDIT_LOGS=1: keep every audit line (can
# be GiBs; else trimmed after counting). JAVA_OPTS: extra JVM flags, applied to both servers alike.
bench_knobs ORDER=fixed DURATION=10 WARMUP_DURATION=@DURATION ROUNDS=3 NOPIPELINE=0 SKIP_BUILD=0 KEEP_AUDIT_LOGS=0 \
  JAVA_OPTS= LUMEN_JAR="$BENCH_PETSTORE_JAR" LUMEN_PORT=18081 LIGHT4J_PORT=18082 THREADS=2 CONNECTIONS=128 \
  PIPELINE=16 STARTUP_TIMEOUT=30 COOLDOWN=1
LUMEN_JAR="$(realpath -m "$LUMEN_JAR")"

LUMEN_CONFIG_DIR="benchmarks/middleware/lumen"   # relative to the repo root, Lumen's cwd
LIGHT4J_CONFIG_DIR="middleware-config"           # relative to benchmarks/light4j-petstore, light-4j's cwd
LIGHT4J_JAR="$BENCH_DIR/light4j-petstore/target/light4j-petstore.jar"
LUA="$BENCH_DIR/pipeline.lua"

# The (contender, path) pairs, in round order. Pairs compared with each other sit next to each
# other (the two bypasses, the two /same), so drift between them is smallest.
PAIRS=(lumen:/v1/pets light4j:/v1/pets
       lumen:/c1/pets lumen:/c2/pets lumen:/c3/pets lumen:/c4/pets lumen:/c5/pets lumen:/c6/pets
       lumen:/c7/pets lumen:/c8/pets lumen:/same/pets light4j:/same/pets)
HEADLINE_PAIRS=(lumen:/v1/pets lumen:/c8/pets lumen:/same/pets light4j:/same/pets light4j:/v1/pets)
# What runs in front of the handler on each pair (must match the two handler.yml files).
declare -A CHAIN=(
  [lumen:/v1/pets]="(none: bypass)"
  [lumen:/c1/pets]="exception"
  [lumen:/c2/pets]="exception, metrics"
  [lumen:/c3/pets]="exception, metrics, correlation"
  [lumen:/c4/pets]="exception, metrics, correlation, header"
  [lumen:/c5/pets]="exception, metrics, correlation, header, cors"
  [lumen:/c6/pets]="exception, metrics, correlation, header, cors, limit"
  [lumen:/c7/pets]="exception, metrics, correlation, header, cors, limit, body"
  [lumen:/c8/pets]="exception, metrics, correlation, header, cors, limit, body, audit"
  [lumen:/same/pets]="exception, metrics, correlation, body, audit"
  [light4j:/v1/pets]="(none: bypass)"
  [light4j:/same/pets]="exception, metrics (prometheus), correlation, body, audit"
)

# --- validate the knobs --------------------------------------------------------
bench_one_of ORDER fixed rotate
bench_one_of NOPIPELINE 0 1
bench_at_least 3 ROUNDS
bench_at_least 1 DURATION
bench_distinct LUMEN_PORT LIGHT4J_PORT

c_of() { echo "${1%%:*}"; }          # lumen:/c1/pets -> lumen
path_of() { echo "${1#*:}"; }        # lumen:/c1/pets -> /c1/pets
bypass_of() { echo "$(c_of "$1"):/v1/pets"; }
port_of() { case "$1" in lumen) echo "$LUMEN_PORT";; light4j) echo "$LIGHT4J_PORT";; esac; }
label() { case "$1" in lumen) echo "Lumen";; light4j) echo "light-4j 2.3.3";; esac; }
plabel() { echo "$(label "$(c_of "$1")") $(path_of "$1")"; }

# --- tools, JDK, output dir --------------------------------------------------
bench_require curl awk sort date grep
bench_ensure_wrk
bench_find_java 21 "light-4j 2.3.3 needs Java 21+"
bench_out middleware   # raw wrk outputs, server logs (with Lumen's audit lines), build logs
RUN_DIR="$BENCH_RUN_DIR"
LIGHT4J_TMP="$RUN_DIR/light4j-tmp"  # the peer's logback writes its audit file to java.io.tmpdir
mkdir -p "$LIGHT4J_TMP"
LOAD_BEFORE="$(bench_loadavg)"

# --- build -------------------------------------------------------------------
bench_build_lumen "$LUMEN_JAR" -B -q -DskipTests package
bench_build_peer "$BENCH_DIR/light4j-petstore" "$LIGHT4J_JAR"

# --- start both side by side ---------------------------------------------------------
# Their stdout goes to the run folder: Lumen's audit lines are written there (logback console
# appender behind an async appender), the peer's to $LIGHT4J_TMP/light4j-peer-audit.log.
declare -A PID=()
bench_port_free "$LUMEN_PORT"
bench_port_free "$LIGHT4J_PORT"
bench_lumen_cmd "$LUMEN_PORT" "$LUMEN_CONFIG_DIR" -- -jar "$LUMEN_JAR"
bench_start "$RUN_DIR/server-lumen.log" "http://127.0.0.1:$LUMEN_PORT/v1/pets" "$STARTUP_TIMEOUT" "${BENCH_CMD[@]}"
PID[lumen]="$BENCH_PID"
bench_log "Lumen up on 127.0.0.1:$LUMEN_PORT (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
bench_start "$RUN_DIR/server-light4j.log" "http://127.0.0.1:$LIGHT4J_PORT/v1/pets" "$STARTUP_TIMEOUT" \
  env -C "$BENCH_DIR/light4j-petstore" SERVER_HTTPPORT="$LIGHT4J_PORT" SERVER_IP=127.0.0.1 \
  "$BENCH_JAVA" "${BENCH_JOPTS[@]}" "-Djava.io.tmpdir=$LIGHT4J_TMP" "-Dlight-4j-config-dir=$LIGHT4J_CONFIG_DIR" -jar "$LIGHT4J_JAR"
PID[light4j]="$BENCH_PID"
bench_log "light-4j up on 127.0.0.1:$LIGHT4J_PORT (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
LIGHT4J_AUDIT="$LIGHT4J_TMP/light4j-peer-audit.log"

# --- check every path, and that the middleware is really in the chain ----------------------
declare -A SENT=()   # requests sent per pair (checks + every wrk run), to compare with audit lines
for pair in "${PAIRS[@]}"; do
  c="$(c_of "$pair")"; path="$(path_of "$pair")"
  hf="$RUN_DIR/headers-$c-${path//\//_}.txt"
  bench_expect_reference "$(plabel "$pair")" "$hf" "http://127.0.0.1:$(port_of "$c")$path"
  SENT[$pair]=1
  # Lumen's middleware leave visible traces; a chain that silently lost one would be priced wrong.
  if [[ "$c" == lumen && "${CHAIN[$pair]}" == *correlation* ]]; then
    [[ -n "$(bench_header_value "$hf" X-Correlation-Id)" ]] || bench_die "$(plabel "$pair"): no X-Correlation-Id, correlation is not in the chain"
  fi
  if [[ "$c" == lumen && "${CHAIN[$pair]}" == *header* ]]; then
    [[ "$(bench_header_value "$hf" X-Content-Type-Options)" == nosniff ]] || bench_die "$(plabel "$pair"): no X-Content-Type-Options, header is not in the chain"
  fi
done
prom="$(curl -s --max-time 5 "http://127.0.0.1:$LUMEN_PORT/prometheus")" || bench_die "Lumen: GET /prometheus failed"
sleep 1   # the audit lines go through async appenders
for pair in "${PAIRS[@]}"; do
  c="$(c_of "$pair")"; path="$(path_of "$pair")"
  [[ "$c" == lumen ]] || continue
  if [[ "${CHAIN[$pair]}" == *metrics* && "$prom" != *"endpoint=\"$path@get\""* ]]; then
    bench_die "$(plabel "$pair"): not in /prometheus, metrics is not in the chain"
  fi
  if [[ "${CHAIN[$pair]}" == *audit* ]] && ! grep -qF "\"path\":\"$path\"" "$RUN_DIR/server-lumen.log"; then
    bench_die "$(plabel "$pair"): no audit line in $RUN_DIR/server-lumen.log, audit is not in the chain"
  fi
done
[[ -s "$LIGHT4J_AUDIT" ]] || bench_die "light-4j /same/pets wrote no audit line to $LIGHT4J_AUDIT"
bench_log "every path answers 200 with the reference body and Content-Type; Lumen's chains show their middleware"

# --- load ----------------------------------------------------------------------------
# wrk_args <mode pipe|plain> <port> <path>: fills WRK_ARGS, what follows bench_wrk's common options
wrk_args() {
  if [[ "$1" == pipe ]]; then WRK_ARGS=(-s "$LUA" "http://127.0.0.1:$2" -- "$3" "$PIPELINE"); else WRK_ARGS=("http://127.0.0.1:$2$3"); fi
}
declare -A RPS=() P99=() FAIL=()   # keys: <mode>|<pair>|<round>
FAILURES=()                        # human-readable, for the report
# run_wrk <mode> <pair> <duration> <outfile>: one wrk run (bench_wrk: its figures in W_*).
run_wrk() {
  local c
  c="$(c_of "$2")"
  wrk_args "$1" "$(port_of "$c")" "$(path_of "$2")"
  bench_wrk "$4" "$3" "${WRK_ARGS[@]}" || { cat "$4" >&2; bench_die "wrk failed against $(plabel "$2")"; }
  SENT[$2]=$(( ${SENT[$2]:-0} + W_REQUESTS ))
  bench_alive "${PID[$c]}" "$(label "$c")" "$RUN_DIR/server-$c.log"
}
# measure <mode> <pair> <round>: one measured run; a run with non-2xx answers or socket errors
# is a failure: reported, and left out of the medians and ratios.
measure() {
  local mode="$1" pair="$2" r="$3" f rps p99
  f="$RUN_DIR/wrk-$mode-$(c_of "$pair")$(path_of "$pair" | tr / _)-round$r.txt"
  run_wrk "$mode" "$pair" "$DURATION" "$f"
  [[ "$W_RPS" != NA ]] || { cat "$f" >&2; bench_die "could not parse wrk output $f"; }
  rps="$W_RPS"; p99="$W_P99"
  if (( W_ERRORS > 0 )); then
    FAIL[$mode|$pair|$r]=1
    FAILURES+=("$mode round $r $(plabel "$pair"): $W_NON2XX non-2xx/3xx responses, $W_SOCKERR socket errors ($rps req/s, $(basename "$f"))")
    bench_log "FAILED round $r $mode $(plabel "$pair"): non-2xx $W_NON2XX, socket errors $W_SOCKERR"
    rps=NA; p99=NA
  fi
  # shellcheck disable=SC2034  # P99 is read through the nameref in series()
  { RPS[$mode|$pair|$r]="$rps"; P99[$mode|$pair|$r]="$p99"; }
  bench_log "round $r/$ROUNDS $mode $(plabel "$pair"): $rps req/s, p99 ${p99} ms"
  sleep "$COOLDOWN"
}
# rounds <mode> <pairs...>: ROUNDS rounds over the pairs, rotated each round with ORDER=rotate.
declare -A ROUND_LOAD=()
measure_pipe() { measure pipe "$1" "$2"; }
measure_plain() { measure plain "$1" "$2"; }
rounds() {
  local mode="$1" r; shift
  bench_rounds "$([[ "$ORDER" == rotate ]] && echo 0 || echo fixed)" "measure_$mode" "$@"
  for (( r = 1; r <= ROUNDS; r++ )); do ROUND_LOAD[$mode|$r]="${BENCH_ROUND_LOAD[$r]}"; done
}

WARMUP_ERRORS=0
for pair in "${PAIRS[@]}"; do
  bench_log "warm-up $(plabel "$pair") (${WARMUP_DURATION}s, discarded)"
  run_wrk pipe "$pair" "$WARMUP_DURATION" "$RUN_DIR/wrk-warmup-$(c_of "$pair")$(path_of "$pair" | tr / _).txt"
  WARMUP_ERRORS=$(( WARMUP_ERRORS + W_ERRORS ))
  sleep "$COOLDOWN"
done
LOAD_START="$(bench_loadavg)"   # other processes on the box skew the figures
rounds pipe "${PAIRS[@]}"
if [[ "$NOPIPELINE" == 1 ]]; then rounds plain "${HEADLINE_PAIRS[@]}"; fi
LOAD_END="$(bench_loadavg)"
declare -A RSS_AFTER=()
for c in lumen light4j; do RSS_AFTER[$c]="$(bench_rss_kb "${PID[$c]}")"; done
bench_stop_all

# --- audit lines: did every request get one? --------------------------------------------
# Both write through an async appender that drops lines when its queue is full (neverBlock), so
# fewer lines than requests means audit's cost is understated.
declare -A AUDIT_LINES=()
AUDIT_LINES[lumen:/c8/pets]="$(grep -cF '"path":"/c8/pets"' "$RUN_DIR/server-lumen.log" || true)"
AUDIT_LINES[lumen:/same/pets]="$(grep -cF '"path":"/same/pets"' "$RUN_DIR/server-lumen.log" || true)"
AUDIT_LINES[light4j:/same/pets]="$(wc -l <"$LIGHT4J_AUDIT")"   # only /same/pets audits there
if [[ "$KEEP_AUDIT_LOGS" != 1 ]]; then
  # Millions of lines per run: keep the server's own lines and the first 20 audit lines.
  awk '!/^\{"timestamp"/ || n++ < 20' "$RUN_DIR/server-lumen.log" >"$RUN_DIR/server-lumen.log.tmp"
  mv "$RUN_DIR/server-lumen.log.tmp" "$RUN_DIR/server-lumen.log"
  head -n 20 "$LIGHT4J_AUDIT" >"$LIGHT4J_AUDIT.tmp" && mv "$LIGHT4J_AUDIT.tmp" "$LIGHT4J_AUDIT"
fi

# --- report ----------------------------------------------------------------------------
series() {  # series <array-name> <mode> <pair>: the per-round values
  local -n arr="$1"
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do echo "${arr[$2|$3|$r]:-NA}"; done
}
ratios() {  # ratios <mode> <a> <b>: the per-round ratios a/b
  local va vb
  mapfile -t va < <(series RPS "$1" "$2"); mapfile -t vb < <(series RPS "$1" "$3")
  bench_round_ratios "${va[@]}" -- "${vb[@]}"
}
declare -A MED=()
median_of() { local v; mapfile -t v < <(series RPS "$1" "$2"); bench_median "${v[@]}"; }
for pair in "${PAIRS[@]}"; do MED[pipe|$pair]="$(median_of pipe "$pair")"; done
if [[ "$NOPIPELINE" == 1 ]]; then for pair in "${HEADLINE_PAIRS[@]}"; do MED[plain|$pair]="$(median_of plain "$pair")"; done; fi
f0() { bench_fmt '%.0f' "$1"; }
f3() { bench_fmt '%.3f' "$1"; }

path_table() {  # path_table <mode> <pairs...>
  local mode="$1" pair v rr b; shift
  echo "| contender | path | middleware in front of the handler | median req/s | min - max req/s | / own bypass (median / median) | / own bypass (per-round range) | p99 median (ms) | failed runs |"
  echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
  for pair in "$@"; do
    mapfile -t v < <(series RPS "$mode" "$pair")
    mapfile -t rr < <(ratios "$mode" "$pair" "$(bypass_of "$pair")")
    local p99s fails=0 r
    mapfile -t p99s < <(series P99 "$mode" "$pair")
    for (( r = 1; r <= ROUNDS; r++ )); do [[ -z "${FAIL[$mode|$pair|$r]:-}" ]] || fails=$(( fails + 1 )); done
    b="$(bypass_of "$pair")"
    # shellcheck disable=SC2016  # the backquotes are markdown, not command substitution
    printf '| %s | `%s` | %s | %s | %s - %s | %s | %s - %s | %s | %d |\n' "$(label "$(c_of "$pair")")" "$(path_of "$pair")" \
      "${CHAIN[$pair]}" "$(f0 "${MED[$mode|$pair]}")" "$(f0 "$(bench_min "${v[@]}")")" "$(f0 "$(bench_max "${v[@]}")")" \
      "$(f3 "$(bench_div "${MED[$mode|$pair]}" "${MED[$mode|$b]}")")" "$(f3 "$(bench_min "${rr[@]}")")" "$(f3 "$(bench_max "${rr[@]}")")" \
      "$(bench_fmt '%.2f' "$(bench_median "${p99s[@]}")")" "$fails"
  done
}
rounds_table() {  # rounds_table <mode> <pairs...>: req/s of every run
  local mode="$1" pair r; shift
  printf '| pair |'; for (( r = 1; r <= ROUNDS; r++ )); do printf ' round %d |' "$r"; done; echo
  printf '|---|'; for (( r = 1; r <= ROUNDS; r++ )); do printf -- '---:|'; done; echo
  printf '| *load average (1 min) at round start* |'; for (( r = 1; r <= ROUNDS; r++ )); do printf ' %s |' "${ROUND_LOAD[$mode|$r]}"; done; echo
  for pair in "$@"; do
    printf '| %s |' "$(plabel "$pair")"
    for (( r = 1; r <= ROUNDS; r++ )); do
      if [[ -n "${FAIL[$mode|$pair|$r]:-}" ]]; then printf ' FAILED |'; else printf ' %s |' "$(f0 "${RPS[$mode|$pair|$r]}")"; fi
    done
    echo
  done
}
SUMMARY=()   # the key=value words of the last line
headline() {  # headline <mode> <a> <b> <goal or -> <key> <what>: a row, and its words in SUMMARY
  local mode="$1" x="$2" y="$3" goal="$4" key="$5" what="$6" va vb pa pb
  # shellcheck disable=SC2034  # read by bench_ratio through their names
  {
    mapfile -t va < <(series RPS "$mode" "$x"); mapfile -t vb < <(series RPS "$mode" "$y")
    mapfile -t pa < <(series P99 "$mode" "$x"); mapfile -t pb < <(series P99 "$mode" "$y")
  }
  bench_ratio va vb pa pb
  printf '| %s (%s / %s) | %s | %s - %s | %s | %s | %s |\n' "$what" "$(plabel "$x")" "$(plabel "$y")" "$RATIO" \
    "$RATIO_MIN" "$RATIO_MAX" "$RATIO_P99" "$([[ "$goal" == - ]] && echo - || echo ">= $goal")" "$(bench_goal_met "$RATIO" "$goal")"
  [[ "$mode" == pipe ]] || key="${mode}_$key"
  mapfile -t -O "${#SUMMARY[@]}" SUMMARY < <(bench_ratio_words "$key")
}
headlines() {  # headlines <mode>
  echo "| comparison | median / median | per-round range | p99 median / p99 median | goal | met |"
  echo "|---|---:|---:|---:|---:|---|"
  headline "$1" lumen:/c8/pets lumen:/v1/pets 0.60 full_chain_vs_bypass "Lumen full chain vs its bypass"
  headline "$1" lumen:/same/pets light4j:/same/pets 2.0 same_lumen_vs_light4j "same middleware set, Lumen vs light-4j"
  headline "$1" light4j:/same/pets light4j:/v1/pets - light4j_chain_vs_bypass "light-4j chain vs its bypass"
  headline "$1" lumen:/v1/pets light4j:/v1/pets - bypass_lumen_vs_light4j "bypass, Lumen vs light-4j (context)"
}

wrk_args pipe PORT "<path>"
bench_wrk_cmd "$DURATION" "${WRK_ARGS[@]}"
WRK_PIPE="${BENCH_WRK[*]}"
wrk_args plain PORT "<path>"
bench_wrk_cmd "$DURATION" "${WRK_ARGS[@]}"
WRK_PLAIN="${BENCH_WRK[*]}"
{
  echo "## Middleware cost benchmark ($BENCH_TS)"
  echo
  bench_report_header "wrk shares the cores with both servers"
  echo "- Load average (1, 5, 15 min): $LOAD_BEFORE before the start; $LOAD_START when the measured rounds started; $LOAD_END when they ended (the servers and wrk account for about 2 of it; more means other work shared the cores)"
  echo "- Load per pair: \`$WRK_PIPE\`$([[ "$NOPIPELINE" == 1 ]] && echo "; without pipelining: \`$WRK_PLAIN\`")"
  echo "- Lumen: \`$LUMEN_JAR\` with \`-Dlight-4j-config-dir=$LUMEN_CONFIG_DIR\` on 127.0.0.1:$LUMEN_PORT; light-4j: \`benchmarks/light4j-petstore/target/light4j-petstore.jar\` with \`-Dlight-4j-config-dir=$LIGHT4J_CONFIG_DIR\` on 127.0.0.1:$LIGHT4J_PORT. Both: HTTP/1.1 only, 2 IO threads, everything on the IO thread"
  echo "- Procedure: both servers side by side; every path checked (200, reference body, Content-Type; for Lumen also the traces of correlation, header, metrics, audit); one ${WARMUP_DURATION}s warm-up per pair (discarded); $ROUNDS rounds of ${DURATION}s over all ${#PAIRS[@]} pairs ($([[ "$ORDER" == rotate ]] && echo "order rotated each round" || echo "same order every round"))$([[ "$NOPIPELINE" == 1 ]] && echo "; then $ROUNDS rounds without pipelining over the ${#HEADLINE_PAIRS[@]} headline pairs (no extra warm-up)")"
  echo "- A run with any non-2xx/3xx response or socket error counts as failed: it is listed below and left out of medians and ratios"
  echo
  echo "### Headline (pipelined, depth $PIPELINE)"
  echo
  headlines pipe
  echo
  echo "### Per path (pipelined)"
  echo
  path_table pipe "${PAIRS[@]}"
  echo
  echo "Ratios are against the same process's \`/v1/pets\` in the same round. wrk records one latency per pipelined batch of $PIPELINE requests. Lumen's \`cors\` sees no \`Origin\` header from wrk, so it only looks for one; \`limit\` takes one token per request from the bucket of 127.0.0.1 (rate 10^8/s, never throttles); \`body\` finds no body on GET."
  echo
  echo "### Lumen, one middleware at a time (pipelined)"
  echo
  echo "| step | added | median req/s | / previous step (median / median) | / previous step (per-round range) | inverse-throughput delta (ns/request) |"
  echo "|---|---|---:|---:|---:|---:|"
  prev=lumen:/v1/pets
  for pair in lumen:/c1/pets lumen:/c2/pets lumen:/c3/pets lumen:/c4/pets lumen:/c5/pets lumen:/c6/pets lumen:/c7/pets lumen:/c8/pets; do
    mapfile -t rr < <(ratios pipe "$pair" "$prev")
    delta=NA
    if [[ "${MED[pipe|$pair]}" != NA && "${MED[pipe|$prev]}" != NA ]]; then
      delta="$(bench_calc "1e9/${MED[pipe|$pair]} - 1e9/${MED[pipe|$prev]}")"
    fi
    # shellcheck disable=SC2016  # the backquotes are markdown
    printf '| `%s` | %s | %s | %s | %s - %s | %s |\n' "$(path_of "$pair")" "${CHAIN[$pair]##*, }" "$(f0 "${MED[pipe|$pair]}")" \
      "$(f3 "$(bench_div "${MED[pipe|$pair]}" "${MED[pipe|$prev]}")")" "$(f3 "$(bench_min "${rr[@]}")")" "$(f3 "$(bench_max "${rr[@]}")")" \
      "$(bench_fmt '%.0f' "$delta")"
    prev="$pair"
  done
  echo
  echo "Inverse-throughput delta = 1e9 / req/s of the step - 1e9 / req/s of the previous step: wall-clock nanoseconds per request the step adds at full load with 2 cores shared by wrk and both servers. It is not CPU time, and a step cheaper than the noise (see the per-round ranges) can come out negative."
  if [[ "$NOPIPELINE" == 1 ]]; then
    echo
    echo "### Headline without pipelining"
    echo
    headlines plain
    echo
    path_table plain "${HEADLINE_PAIRS[@]}"
  fi
  echo
  echo "### Audit lines written"
  echo
  echo "| pair | audit lines | requests sent (checks + every wrk run, as wrk counted them) | lines / requests |"
  echo "|---|---:|---:|---:|"
  for pair in lumen:/c8/pets lumen:/same/pets light4j:/same/pets; do
    printf '| %s | %s | %s | %s |\n' "$(plabel "$pair")" "${AUDIT_LINES[$pair]}" "${SENT[$pair]:-0}" "$(f3 "$(bench_div "${AUDIT_LINES[$pair]}" "${SENT[$pair]:-0}")")"
  done
  echo
  echo "Both write through a logback AsyncAppender with \`neverBlock\` (queue 8192) that drops lines when the queue is full; a ratio well below 1 means part of the audit work was skipped and the audit cost is understated. Slightly above 1 is normal: wrk stops counting at the deadline while the server still completes (and audits) the requests in flight. Lumen writes to stdout (\`server-lumen.log\` in the run folder), light-4j to \`light4j-tmp/light4j-peer-audit.log\`$([[ "$KEEP_AUDIT_LOGS" != 1 ]] && echo "; both trimmed to their first 20 audit lines after counting (KEEP_AUDIT_LOGS=1 keeps them)"). Lumen's line has more fields (endpoint, method, path, trace id; wrk sends none of the configured headers) than light-4j's default one (correlation id, status, response time)."
  echo
  echo "### Per round (req/s, pipelined)"
  echo
  rounds_table pipe "${PAIRS[@]}"
  if [[ "$NOPIPELINE" == 1 ]]; then
    echo
    echo "### Per round (req/s, without pipelining)"
    echo
    rounds_table plain "${HEADLINE_PAIRS[@]}"
  fi
  echo
  bench_failures_md "$WARMUP_ERRORS" "${FAILURES[@]}"
  echo
  echo "RSS after the load: Lumen $(bench_fmt '%.1f' "$(bench_div "${RSS_AFTER[lumen]}" 1024)") MiB, light-4j $(bench_fmt '%.1f' "$(bench_div "${RSS_AFTER[light4j]}" 1024)") MiB."
  echo "Raw wrk outputs, response headers and server logs: \`benchmarks/out/middleware-$BENCH_TS/\`."
  echo
  echo "\`$(bench_summary middleware "${SUMMARY[@]}" "failed_runs=${#FAILURES[@]}")\`"
} >"$BENCH_REPORT"

bench_finish_report "${#FAILURES[@]}"
