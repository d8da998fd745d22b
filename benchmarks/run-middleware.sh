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
(( $# == 0 )) || bench_die "run-middleware.sh takes no arguments: configure it with variables (see benchmarks/README.md)"

# Record which knobs the caller set, before defaulting them, to print the exact command line.
KNOBS=(ORDER DURATION WARMUP_DURATION ROUNDS NOPIPELINE SKIP_BUILD KEEP_AUDIT_LOGS BENCH_JAVA_HOME
       JAVA_OPTS LUMEN_JAR LUMEN_PORT LIGHT4J_PORT THREADS CONNECTIONS PIPELINE STARTUP_TIMEOUT COOLDOWN)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"

ORDER="${ORDER:-fixed}"            # fixed: same pair order every round; rotate: start one later each round
DURATION="${DURATION:-10}"
WARMUP_DURATION="${WARMUP_DURATION:-$DURATION}"
ROUNDS="${ROUNDS:-3}"
NOPIPELINE="${NOPIPELINE:-0}"      # 1: also measure the headline pairs without pipelining
SKIP_BUILD="${SKIP_BUILD:-0}"
KEEP_AUDIT_LOGS="${KEEP_AUDIT_LOGS:-0}"  # 1: keep every audit line (can be GiBs); else trimmed after counting
JAVA_OPTS="${JAVA_OPTS:-}"         # extra JVM flags, applied identically to both servers
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"
PIPELINE="${PIPELINE:-16}"
STARTUP_TIMEOUT="${STARTUP_TIMEOUT:-30}"
COOLDOWN="${COOLDOWN:-1}"          # seconds of idle between two wrk runs
LUMEN_JAR="$(realpath -m "${LUMEN_JAR:-$BENCH_REPO_ROOT/petstore-example/target/petstore.jar}")"
LUMEN_PORT="${LUMEN_PORT:-18081}"
LIGHT4J_PORT="${LIGHT4J_PORT:-18082}"

LUMEN_CONFIG_DIR="benchmarks/middleware/lumen"   # relative to the repo root, Lumen's cwd
LIGHT4J_CONFIG_DIR="middleware-config"           # relative to benchmarks/light4j-petstore, light-4j's cwd
LIGHT4J_JAR="$BENCH_DIR/light4j-petstore/target/light4j-petstore.jar"
LUA="$BENCH_DIR/pipeline.lua"
REFERENCE_BODY='[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]'
REFERENCE_CT="application/json"

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
for k in DURATION WARMUP_DURATION ROUNDS THREADS CONNECTIONS PIPELINE STARTUP_TIMEOUT COOLDOWN LUMEN_PORT LIGHT4J_PORT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
[[ "$ORDER" == fixed || "$ORDER" == rotate ]] || bench_die "ORDER must be fixed or rotate, got '$ORDER'"
[[ "$NOPIPELINE" == 0 || "$NOPIPELINE" == 1 ]] || bench_die "NOPIPELINE must be 0 or 1, got '$NOPIPELINE'"
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3 (medians of fewer say little), got $ROUNDS"
(( DURATION >= 1 )) || bench_die "DURATION must be at least 1"
(( LUMEN_PORT != LIGHT4J_PORT )) || bench_die "LUMEN_PORT and LIGHT4J_PORT must differ"
read -ra JOPTS <<<"$JAVA_OPTS"

c_of() { echo "${1%%:*}"; }          # lumen:/c1/pets -> lumen
path_of() { echo "${1#*:}"; }        # lumen:/c1/pets -> /c1/pets
bypass_of() { echo "$(c_of "$1"):/v1/pets"; }
port_of() { case "$1" in lumen) echo "$LUMEN_PORT";; light4j) echo "$LIGHT4J_PORT";; esac; }
label() { case "$1" in lumen) echo "Lumen";; light4j) echo "light-4j 2.3.3";; esac; }
plabel() { echo "$(label "$(c_of "$1")") $(path_of "$1")"; }

# --- tools, JDK, output dir --------------------------------------------------
bench_require curl awk sort date grep mvn
bench_ensure_wrk
bench_find_java
(( BENCH_JAVA_MAJOR >= 21 )) || bench_die "light-4j 2.3.3 needs Java 21+, found $BENCH_JAVA_MAJOR: set BENCH_JAVA_HOME"

TS="$(date -u +%Y%m%dT%H%M%SZ)"
OUT_DIR="$BENCH_DIR/out"
RUN_DIR="$OUT_DIR/middleware-$TS"   # raw wrk outputs, server logs (with Lumen's audit lines), build logs
REPORT="$OUT_DIR/middleware-$TS.md"
LIGHT4J_TMP="$RUN_DIR/light4j-tmp"  # the peer's logback writes its audit file to java.io.tmpdir
mkdir -p "$RUN_DIR" "$LIGHT4J_TMP"
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"

# Whatever happens (error, Ctrl-C), stop every server we started.
trap 'bench_stop_all' EXIT
trap 'exit 130' INT TERM

# --- build -------------------------------------------------------------------
if [[ "$SKIP_BUILD" != 1 ]]; then
  bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-lumen.log" -q -DskipTests package
fi
if [[ "$SKIP_BUILD" != 1 || ! -f "$LIGHT4J_JAR" ]]; then
  bench_mvn_build "$BENCH_DIR/light4j-petstore" "$RUN_DIR/build-light4j.log" -q package
fi
[[ -f "$LUMEN_JAR" ]] || bench_die "Lumen jar not found: $LUMEN_JAR (build it, or drop SKIP_BUILD=1)"
[[ -f "$LIGHT4J_JAR" ]] || bench_die "light-4j jar not found: $LIGHT4J_JAR"

# --- start both side by side ---------------------------------------------------------
# `env -C` sets the working directory without a subshell, so the background pid is the JVM's.
# Their stdout goes to the run folder: Lumen's audit lines are written there (logback console
# appender behind an async appender), the peer's to $LIGHT4J_TMP/light4j-peer-audit.log.
declare -A PID=()
bench_port_free "$LUMEN_PORT"
bench_port_free "$LIGHT4J_PORT"
bench_start "$RUN_DIR/server-lumen.log" "http://127.0.0.1:$LUMEN_PORT/v1/pets" "$STARTUP_TIMEOUT" \
  env -C "$BENCH_REPO_ROOT" SERVER_HTTPPORT="$LUMEN_PORT" SERVER_IP=127.0.0.1 \
  "$BENCH_JAVA" "${JOPTS[@]}" "-Dlight-4j-config-dir=$LUMEN_CONFIG_DIR" -jar "$LUMEN_JAR"
PID[lumen]="$BENCH_PID"
bench_log "Lumen up on 127.0.0.1:$LUMEN_PORT (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
bench_start "$RUN_DIR/server-light4j.log" "http://127.0.0.1:$LIGHT4J_PORT/v1/pets" "$STARTUP_TIMEOUT" \
  env -C "$BENCH_DIR/light4j-petstore" SERVER_HTTPPORT="$LIGHT4J_PORT" SERVER_IP=127.0.0.1 \
  "$BENCH_JAVA" "${JOPTS[@]}" "-Djava.io.tmpdir=$LIGHT4J_TMP" "-Dlight-4j-config-dir=$LIGHT4J_CONFIG_DIR" -jar "$LIGHT4J_JAR"
PID[light4j]="$BENCH_PID"
bench_log "light-4j up on 127.0.0.1:$LIGHT4J_PORT (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
LIGHT4J_AUDIT="$LIGHT4J_TMP/light4j-peer-audit.log"

# --- check every path, and that the middleware is really in the chain ----------------------
declare -A SENT=()   # requests sent per pair (checks + every wrk run), to compare with audit lines
header_value() {  # header_value <headers-file> <name>: the first value, CR stripped
  tr -d '\r' <"$1" | awk -F': *' -v h="$2" 'tolower($1) == tolower(h) {print $2; exit}'
}
for pair in "${PAIRS[@]}"; do
  c="$(c_of "$pair")"; path="$(path_of "$pair")"; p="$(port_of "$c")"
  hf="$RUN_DIR/headers-$c-${path//\//_}.txt"
  body="$(curl -s --max-time 5 -D "$hf" "http://127.0.0.1:$p$path")" || bench_die "$(plabel "$pair"): GET failed"
  SENT[$pair]=1
  status="$(tr -d '\r' <"$hf" | awk 'NR == 1 {print $2}')"
  [[ "$status" == 200 ]] || bench_die "$(plabel "$pair") answered status $status (headers: $hf)"
  if [[ "$body" != "$REFERENCE_BODY" ]]; then
    printf 'expected: %s\n     got: %s\n' "$REFERENCE_BODY" "$body" >&2
    bench_die "$(plabel "$pair") returned a different body"
  fi
  ct="$(header_value "$hf" Content-Type)"
  [[ "$ct" == "$REFERENCE_CT" ]] || bench_die "$(plabel "$pair") answered Content-Type '$ct', expected '$REFERENCE_CT'"
  # Lumen's middleware leave visible traces; a chain that silently lost one would be priced wrong.
  if [[ "$c" == lumen && "${CHAIN[$pair]}" == *correlation* ]]; then
    [[ -n "$(header_value "$hf" X-Correlation-Id)" ]] || bench_die "$(plabel "$pair"): no X-Correlation-Id, correlation is not in the chain"
  fi
  if [[ "$c" == lumen && "${CHAIN[$pair]}" == *header* ]]; then
    [[ "$(header_value "$hf" X-Content-Type-Options)" == nosniff ]] || bench_die "$(plabel "$pair"): no X-Content-Type-Options, header is not in the chain"
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
wrk_cmd() {  # wrk_cmd <mode pipe|plain> <duration> <port> <path>: fills WRK
  if [[ "$1" == pipe ]]; then
    WRK=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${2}s" --latency -s "$LUA" "http://127.0.0.1:$3" -- "$4" "$PIPELINE")
  else
    WRK=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${2}s" --latency "http://127.0.0.1:$3$4")
  fi
}
declare -A RPS=() P99=() FAIL=()   # keys: <mode>|<pair>|<round>
FAILURES=()                        # human-readable, for the report
# run_wrk <mode> <pair> <duration> <outfile>: runs wrk, bounded by timeout in case it hangs.
run_wrk() {
  local c
  c="$(c_of "$2")"
  wrk_cmd "$1" "$3" "$(port_of "$c")" "$(path_of "$2")"
  timeout $(( $3 + 30 )) "${WRK[@]}" >"$4" 2>&1 || { cat "$4" >&2; bench_die "wrk failed against $(plabel "$2")"; }
  SENT[$2]=$(( ${SENT[$2]:-0} + $(bench_wrk_requests "$4") ))
  kill -0 "${PID[$c]}" 2>/dev/null || bench_die "$(label "$c") died under load (log: $RUN_DIR/server-$c.log)"
}
# measure <mode> <pair> <round>: one measured run; a run with non-2xx answers or socket errors
# is a failure: reported, and left out of the medians and ratios.
measure() {
  local mode="$1" pair="$2" r="$3" f rps p99 non2xx sockerr
  f="$RUN_DIR/wrk-$mode-$(c_of "$pair")$(path_of "$pair" | tr / _)-round$r.txt"
  run_wrk "$mode" "$pair" "$DURATION" "$f"
  read -r rps _p50 _p75 _p90 p99 non2xx sockerr < <(bench_wrk_parse "$f")
  [[ "$rps" != NA ]] || { cat "$f" >&2; bench_die "could not parse wrk output $f"; }
  if (( non2xx + sockerr > 0 )); then
    FAIL[$mode|$pair|$r]=1
    FAILURES+=("$mode round $r $(plabel "$pair"): $non2xx non-2xx/3xx responses, $sockerr socket errors ($rps req/s, $(basename "$f"))")
    bench_log "FAILED round $r $mode $(plabel "$pair"): non-2xx $non2xx, socket errors $sockerr"
    rps=NA; p99=NA
  fi
  # shellcheck disable=SC2034  # P99 is read through the nameref in series()
  { RPS[$mode|$pair|$r]="$rps"; P99[$mode|$pair|$r]="$p99"; }
  bench_log "round $r/$ROUNDS $mode $(plabel "$pair"): $rps req/s, p99 ${p99} ms"
  sleep "$COOLDOWN"
}
# rounds <mode> <pairs...>: ROUNDS rounds over the pairs, rotated each round with ORDER=rotate
# so that a slot's bias (e.g. right after the other JVM's load) averages out.
declare -A ROUND_LOAD=()
rounds() {
  local mode="$1" r k pair; shift
  local list=("$@") order
  for (( r = 1; r <= ROUNDS; r++ )); do
    order=("${list[@]}")
    if [[ "$ORDER" == rotate ]]; then
      k=$(( (r - 1) % ${#list[@]} ))
      order=("${list[@]:k}" "${list[@]:0:k}")
    fi
    ROUND_LOAD[$mode|$r]="$(cut -d' ' -f1 /proc/loadavg)"
    for pair in "${order[@]}"; do measure "$mode" "$pair" "$r"; done
  done
}

WARMUP_ERRORS=0
for pair in "${PAIRS[@]}"; do
  bench_log "warm-up $(plabel "$pair") (${WARMUP_DURATION}s, discarded)"
  f="$RUN_DIR/wrk-warmup-$(c_of "$pair")$(path_of "$pair" | tr / _).txt"
  run_wrk pipe "$pair" "$WARMUP_DURATION" "$f"
  read -r _rps _p50 _p75 _p90 _p99 non2xx sockerr < <(bench_wrk_parse "$f")
  WARMUP_ERRORS=$(( WARMUP_ERRORS + non2xx + sockerr ))
  sleep "$COOLDOWN"
done
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"   # other processes on the box skew the figures
rounds pipe "${PAIRS[@]}"
if [[ "$NOPIPELINE" == 1 ]]; then rounds plain "${HEADLINE_PAIRS[@]}"; fi
LOAD_END="$(cut -d' ' -f1-3 /proc/loadavg)"
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
nums() { local v; for v in "$@"; do [[ "$v" == NA || -z "$v" ]] || echo "$v"; done; }
med() { local v; mapfile -t v < <(nums "$@"); bench_median "${v[@]}"; }
vmin() { local v; mapfile -t v < <(nums "$@"); (( ${#v[@]} )) && bench_min "${v[@]}" || echo NA; }
vmax() { local v; mapfile -t v < <(nums "$@"); (( ${#v[@]} )) && bench_max "${v[@]}" || echo NA; }
div() { if [[ "$1" == NA || "$2" == NA || -z "$1" || -z "$2" ]]; then echo NA; else bench_calc "$1/$2"; fi; }
series() {  # series <array-name> <mode> <pair>: the per-round values
  local -n arr="$1"
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do echo "${arr[$2|$3|$r]:-NA}"; done
}
ratios() {  # ratios <mode> <a> <b>: the per-round ratios a/b
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do div "${RPS[$1|$2|$r]:-NA}" "${RPS[$1|$3|$r]:-NA}"; done
}
declare -A MED=()
median_of() { local v; mapfile -t v < <(series RPS "$1" "$2"); med "${v[@]}"; }
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
      "${CHAIN[$pair]}" "$(f0 "${MED[$mode|$pair]}")" "$(f0 "$(vmin "${v[@]}")")" "$(f0 "$(vmax "${v[@]}")")" \
      "$(f3 "$(div "${MED[$mode|$pair]}" "${MED[$mode|$b]}")")" "$(f3 "$(vmin "${rr[@]}")")" "$(f3 "$(vmax "${rr[@]}")")" \
      "$(bench_fmt '%.2f' "$(med "${p99s[@]}")")" "$fails"
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
headline() {  # headline <mode> <a> <b> <goal or -> <what>
  local mode="$1" a="$2" b="$3" goal="$4" what="$5" m rr met="-"
  m="$(div "${MED[$mode|$a]}" "${MED[$mode|$b]}")"
  mapfile -t rr < <(ratios "$mode" "$a" "$b")
  if [[ "$goal" != - && "$m" != NA ]]; then
    met="$(awk -v m="$m" -v g="$goal" 'BEGIN { print (m >= g ? "yes" : "**no**") }')"
  fi
  printf '| %s (%s / %s) | %s | %s - %s | %s | %s |\n' "$what" "$(plabel "$a")" "$(plabel "$b")" "$(f3 "$m")" \
    "$(f3 "$(vmin "${rr[@]}")")" "$(f3 "$(vmax "${rr[@]}")")" "$([[ "$goal" == - ]] && echo - || echo ">= $goal")" "$met"
}
headlines() {  # headlines <mode>
  echo "| comparison | median / median | per-round range | goal | met |"
  echo "|---|---:|---:|---:|---|"
  headline "$1" lumen:/c8/pets lumen:/v1/pets 0.60 "Lumen full chain vs its bypass"
  headline "$1" lumen:/same/pets light4j:/same/pets 2.0 "same middleware set, Lumen vs light-4j"
  headline "$1" light4j:/same/pets light4j:/v1/pets - "light-4j chain vs its bypass"
  headline "$1" lumen:/v1/pets light4j:/v1/pets - "bypass, Lumen vs light-4j (context)"
}

wrk_cmd pipe "$DURATION" PORT "<path>"
WRK_PIPE="${WRK[*]}"
wrk_cmd plain "$DURATION" PORT "<path>"
WRK_PLAIN="${WRK[*]}"
{
  echo "## Middleware cost benchmark ($TS)"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- Machine: \`nproc\` = $(nproc), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM; wrk shares the cores with both servers, so only ratios matter"
  echo "- Load average (1, 5, 15 min): $LOAD_BEFORE before the start; $LOAD_START when the measured rounds started; $LOAD_END when they ended (the servers and wrk account for about 2 of it; more means other work shared the cores)"
  echo "- JDK (both servers and the builds): \`$BENCH_JAVA_HOME\` ($BENCH_JAVA_DESC), via $BENCH_JAVA_SOURCE; JAVA_OPTS: \`${JAVA_OPTS:-none}\`"
  echo "- wrk: $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)"
  echo "- Repo: $(git -C "$BENCH_REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$BENCH_REPO_ROOT" diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
  echo "- Command: \`$CMDLINE\`"
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
      "$(f3 "$(div "${MED[pipe|$pair]}" "${MED[pipe|$prev]}")")" "$(f3 "$(vmin "${rr[@]}")")" "$(f3 "$(vmax "${rr[@]}")")" \
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
    printf '| %s | %s | %s | %s |\n' "$(plabel "$pair")" "${AUDIT_LINES[$pair]}" "${SENT[$pair]:-0}" "$(f3 "$(div "${AUDIT_LINES[$pair]}" "${SENT[$pair]:-0}")")"
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
  echo "### Failures"
  echo
  if (( ${#FAILURES[@]} == 0 )); then
    echo "None: no measured run had a non-2xx/3xx response or a socket error."
  else
    printf -- '- %s\n' "${FAILURES[@]}"
  fi
  echo "Warm-up runs (discarded): $WARMUP_ERRORS non-2xx responses and socket errors in total."
  echo
  echo "RSS after the load: Lumen $(bench_fmt '%.1f' "$(div "${RSS_AFTER[lumen]}" 1024)") MiB, light-4j $(bench_fmt '%.1f' "$(div "${RSS_AFTER[light4j]}" 1024)") MiB."
  echo "Raw wrk outputs, response headers and server logs: \`benchmarks/out/middleware-$TS/\`."
} >"$REPORT"

echo
cat "$REPORT"
bench_log "report written to $REPORT"
if (( ${#FAILURES[@]} > 0 )); then
  bench_die "${#FAILURES[@]} measured run(s) had non-2xx responses or socket errors (see the report)"
fi
