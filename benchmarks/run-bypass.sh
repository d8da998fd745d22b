#!/usr/bin/env bash
# run-bypass.sh: side-by-side "bypass" benchmark of GET /v1/pets (no middleware) for
#   lumen    - the Lumen petstore fat jar (the framework under test)
#   undertow - a plain Undertow server (benchmarks/undertow-baseline, the upper bound)
#   light4j  - a light-4j 2.3.3 service (benchmarks/light4j-petstore, the reference)
# All servers run at once on distinct loopback ports; wrk hits one at a time, alternating
# the contenders within each round so drift (thermal, noisy neighbours) hits all of them.
# See benchmarks/README.md for the variables; everything targets 127.0.0.1 only.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
(( $# == 0 )) || bench_die "run-bypass.sh takes no arguments: configure it with variables (see benchmarks/README.md)"

# Record which knobs the caller set, before defaulting them, to print the exact command line.
KNOBS=(CONTENDERS ORDER DURATION WARMUP_DURATION ROUNDS STARTS SKIP_BUILD BENCH_JAVA_HOME JAVA_OPTS
       LUMEN_JAR LUMEN_CONFIG_DIR LUMEN_WORKDIR LUMEN_PORT UNDERTOW_PORT LIGHT4J_PORT
       THREADS CONNECTIONS PIPELINE STARTUP_TIMEOUT COOLDOWN)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"

CONTENDERS="${CONTENDERS:-lumen undertow light4j}"
ORDER="${ORDER:-fixed}"            # fixed: A B C every round; rotate: A B C, B C A, C A B, ...
DURATION="${DURATION:-10}"
WARMUP_DURATION="${WARMUP_DURATION:-$DURATION}"
ROUNDS="${ROUNDS:-3}"
STARTS="${STARTS:-3}"              # cold starts per contender for the startup-time median
SKIP_BUILD="${SKIP_BUILD:-0}"
JAVA_OPTS="${JAVA_OPTS:-}"         # extra JVM flags, applied identically to every contender
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"
PIPELINE="${PIPELINE:-16}"
STARTUP_TIMEOUT="${STARTUP_TIMEOUT:-30}"
COOLDOWN="${COOLDOWN:-1}"          # seconds of idle between two wrk runs
LUMEN_JAR="$(realpath -m "${LUMEN_JAR:-$BENCH_REPO_ROOT/petstore-example/target/petstore.jar}")"  # absolute: Lumen runs in LUMEN_WORKDIR
LUMEN_CONFIG_DIR="${LUMEN_CONFIG_DIR:-config/petstore/http}"   # relative to LUMEN_WORKDIR
LUMEN_WORKDIR="${LUMEN_WORKDIR:-$BENCH_REPO_ROOT}"
UNDERTOW_PORT="${UNDERTOW_PORT:-18080}"
LUMEN_PORT="${LUMEN_PORT:-18081}"
LIGHT4J_PORT="${LIGHT4J_PORT:-18082}"

BENCH_PATH="/v1/pets"
REFERENCE_BODY='[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]'
REFERENCE_CT="application/json"
UNDERTOW_JAR="$BENCH_DIR/undertow-baseline/target/undertow-baseline.jar"
LIGHT4J_JAR="$BENCH_DIR/light4j-petstore/target/light4j-petstore.jar"
LUA="$BENCH_DIR/pipeline.lua"

# --- validate the knobs --------------------------------------------------------
read -ra CLIST <<<"$CONTENDERS"
(( ${#CLIST[@]} > 0 )) || bench_die "CONTENDERS is empty"
for c in "${CLIST[@]}"; do
  case "$c" in lumen|undertow|light4j) ;; *) bench_die "unknown contender '$c' (lumen, undertow, light4j)";; esac
done
for k in DURATION WARMUP_DURATION ROUNDS STARTS THREADS CONNECTIONS PIPELINE STARTUP_TIMEOUT COOLDOWN \
         UNDERTOW_PORT LUMEN_PORT LIGHT4J_PORT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
[[ "$ORDER" == fixed || "$ORDER" == rotate ]] || bench_die "ORDER must be fixed or rotate, got '$ORDER'"
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3 (medians of fewer say little), got $ROUNDS"
(( DURATION >= 1 && STARTS >= 1 )) || bench_die "DURATION and STARTS must be at least 1"
read -ra JOPTS <<<"$JAVA_OPTS"

has() { [[ " ${CLIST[*]} " == *" $1 "* ]]; }

label() {
  case "$1" in lumen) echo "Lumen";; undertow) echo "Undertow (raw)";; light4j) echo "light-4j 2.3.3";; esac
}
port_of() {
  case "$1" in lumen) echo "$LUMEN_PORT";; undertow) echo "$UNDERTOW_PORT";; light4j) echo "$LIGHT4J_PORT";; esac
}
jar_of() {
  case "$1" in lumen) echo "$LUMEN_JAR";; undertow) echo "$UNDERTOW_JAR";; light4j) echo "$LIGHT4J_JAR";; esac
}

# contender_cmd <name> <port>: fills CMD with the launch command. `env -C` sets the working
# directory without a subshell, so the background pid stays the JVM's own.
# SERVER_IP keeps light-4j style servers on loopback; PORT is also passed to Lumen so a
# stand-in jar (e.g. the baseline) can take its place while Lumen's jar does not exist yet.
contender_cmd() {
  local c="$1" p="$2"
  case "$c" in
    lumen)    CMD=(env -C "$LUMEN_WORKDIR" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 PORT="$p"
                   "$BENCH_JAVA" "${JOPTS[@]}" "-Dlight-4j-config-dir=$LUMEN_CONFIG_DIR" -jar "$LUMEN_JAR");;
    undertow) CMD=(env -C "$BENCH_DIR/undertow-baseline" PORT="$p"
                   "$BENCH_JAVA" "${JOPTS[@]}" -jar "$UNDERTOW_JAR");;
    light4j)  CMD=(env -C "$BENCH_DIR/light4j-petstore" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1
                   "$BENCH_JAVA" "${JOPTS[@]}" -jar "$LIGHT4J_JAR");;
  esac
}

# --- tools, JDK, output dir --------------------------------------------------
bench_require curl awk sort date
bench_ensure_wrk
bench_find_java
if has light4j && (( BENCH_JAVA_MAJOR < 21 )); then
  bench_die "light-4j 2.3.3 needs Java 21+, found $BENCH_JAVA_MAJOR: set BENCH_JAVA_HOME"
fi

TS="$(date -u +%Y%m%dT%H%M%SZ)"
OUT_DIR="$BENCH_DIR/out"
RUN_DIR="$OUT_DIR/bypass-$TS"       # raw wrk outputs, server and build logs
REPORT="$OUT_DIR/bypass-$TS.md"
mkdir -p "$RUN_DIR"

# Whatever happens (error, Ctrl-C), stop every server we started.
trap 'bench_stop_all' EXIT
trap 'exit 130' INT TERM

# --- build -------------------------------------------------------------------
if has lumen || has undertow || has light4j; then bench_require mvn; fi
if has lumen && [[ "$SKIP_BUILD" != 1 ]]; then
  bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-lumen.log" -q -DskipTests package
fi
# The peers are small and outside the reactor: build them unless SKIP_BUILD=1 and the jar exists.
if has undertow && { [[ "$SKIP_BUILD" != 1 ]] || [[ ! -f "$UNDERTOW_JAR" ]]; }; then
  bench_mvn_build "$BENCH_DIR/undertow-baseline" "$RUN_DIR/build-undertow.log" -q package
fi
if has light4j && { [[ "$SKIP_BUILD" != 1 ]] || [[ ! -f "$LIGHT4J_JAR" ]]; }; then
  bench_mvn_build "$BENCH_DIR/light4j-petstore" "$RUN_DIR/build-light4j.log" -q package
fi
for c in "${CLIST[@]}"; do
  j="$(jar_of "$c")"
  [[ -f "$j" ]] || bench_die "$(label "$c") jar not found: $j (skip it with CONTENDERS=\"undertow light4j\", or set LUMEN_JAR)"
done
if has lumen && [[ ! -d "$LUMEN_WORKDIR/$LUMEN_CONFIG_DIR" && ! -d "$LUMEN_CONFIG_DIR" ]]; then
  bench_log "WARNING: Lumen config dir $LUMEN_CONFIG_DIR not found under $LUMEN_WORKDIR"
fi

# --- cold starts: startup time to first 200 ----------------------------------------
# Each contender alone on the machine, alternated like the load rounds.
declare -A STARTUPS=() RSS_IDLE=() RSS_AFTER=() RPS=() P50=() P99=() ERRS=()
for c in "${CLIST[@]}"; do bench_port_free "$(port_of "$c")"; done
for (( s = 1; s <= STARTS; s++ )); do
  for c in "${CLIST[@]}"; do
    p="$(port_of "$c")"
    contender_cmd "$c" "$p"
    bench_start "$RUN_DIR/start-$c-$s.log" "http://127.0.0.1:$p$BENCH_PATH" "$STARTUP_TIMEOUT" "${CMD[@]}"
    STARTUPS[$c]+="$BENCH_STARTUP_MS "
    bench_log "cold start $s/$STARTS $(label "$c"): first 200 after ${BENCH_STARTUP_MS} ms"
    bench_stop "$BENCH_PID"
  done
done

# --- start all side by side and check the responses ----------------------------
declare -A PID=()
for c in "${CLIST[@]}"; do
  p="$(port_of "$c")"
  bench_port_free "$p"
  contender_cmd "$c" "$p"
  bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p$BENCH_PATH" "$STARTUP_TIMEOUT" "${CMD[@]}"
  PID[$c]="$BENCH_PID"
  bench_log "$(label "$c") up on 127.0.0.1:$p (pid $BENCH_PID)"
done
sleep 1   # let the JVMs settle before sampling idle RSS
for c in "${CLIST[@]}"; do
  p="$(port_of "$c")"
  RSS_IDLE[$c]="$(bench_rss_kb "${PID[$c]}")"
  # Exact bytes and media type, or the numbers compare different work.
  body="$(curl -s --max-time 5 -D "$RUN_DIR/headers-$c.txt" "http://127.0.0.1:$p$BENCH_PATH")" \
    || bench_die "$(label "$c"): GET $BENCH_PATH failed"
  if [[ "$body" != "$REFERENCE_BODY" ]]; then
    printf 'expected: %s\n     got: %s\n' "$REFERENCE_BODY" "$body" >&2
    bench_die "$(label "$c") returned a different body on port $p"
  fi
  ct="$(tr -d '\r' <"$RUN_DIR/headers-$c.txt" | awk -F': *' 'tolower($1) == "content-type" {print $2; exit}')"
  [[ "$ct" == "$REFERENCE_CT" ]] \
    || bench_die "$(label "$c") answered Content-Type '$ct', expected '$REFERENCE_CT'"
  bench_log "$(label "$c"): body and Content-Type match the reference"
done

# --- load ----------------------------------------------------------------------------
wrk_cmd() {  # wrk_cmd <duration> <port>: fills WRK
  WRK=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${1}s" --latency -s "$LUA" "http://127.0.0.1:$2" -- "$BENCH_PATH" "$PIPELINE")
}
# run_wrk <name> <duration> <outfile>: runs wrk, bounded by timeout in case it hangs.
run_wrk() {
  local p
  p="$(port_of "$1")"
  wrk_cmd "$2" "$p"
  timeout $(( $2 + 30 )) "${WRK[@]}" >"$3" 2>&1 || { cat "$3" >&2; bench_die "wrk failed against $(label "$1")"; }
  kill -0 "${PID[$1]}" 2>/dev/null || bench_die "$(label "$1") died under load (log: $RUN_DIR/server-$1.log)"
}

for c in "${CLIST[@]}"; do
  bench_log "warm-up $(label "$c") (${WARMUP_DURATION}s, discarded)"
  run_wrk "$c" "$WARMUP_DURATION" "$RUN_DIR/wrk-$c-warmup.txt"
  sleep "$COOLDOWN"
done
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"   # other processes on the box skew the figures
for (( r = 1; r <= ROUNDS; r++ )); do
  # With ORDER=rotate every contender takes every slot in turn, so a slot's bias (e.g. running
  # right after another JVM's load, while it still JIT-compiles or collects) averages out.
  order=("${CLIST[@]}")
  if [[ "$ORDER" == rotate ]]; then
    k=$(( (r - 1) % ${#CLIST[@]} ))
    order=("${CLIST[@]:k}" "${CLIST[@]:0:k}")
  fi
  for c in "${order[@]}"; do
    f="$RUN_DIR/wrk-$c-round$r.txt"
    run_wrk "$c" "$DURATION" "$f"
    read -r rps p50 _p75 _p90 p99 non2xx sockerr < <(bench_wrk_parse "$f")
    [[ "$rps" != NA ]] || { cat "$f" >&2; bench_die "could not parse wrk output $f"; }
    RPS[$c:$r]="$rps"
    # shellcheck disable=SC2034  # P50/P99 are read through the nameref in values()
    { P50[$c:$r]="$p50"; P99[$c:$r]="$p99"; }
    ERRS[$c]=$(( ${ERRS[$c]:-0} + non2xx + sockerr ))
    bench_log "round $r/$ROUNDS $(label "$c"): $rps req/s, p50 ${p50} ms, p99 ${p99} ms, non-2xx $non2xx, socket errors $sockerr"
    sleep "$COOLDOWN"
  done
done
LOAD_END="$(cut -d' ' -f1-3 /proc/loadavg)"
for c in "${CLIST[@]}"; do RSS_AFTER[$c]="$(bench_rss_kb "${PID[$c]}")"; done
bench_stop_all

# --- report ----------------------------------------------------------------------------
values() {  # values <array-name> <contender>: the per-round values
  local -n arr="$1"
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do printf '%s\n' "${arr[$2:$r]}"; done
}
declare -A MED=()
for c in "${CLIST[@]}"; do mapfile -t v < <(values RPS "$c"); MED[$c]="$(bench_median "${v[@]}")"; done

mb() { bench_fmt '%.1f' "$(if [[ "$1" == NA ]]; then echo NA; else bench_calc "$1/1024"; fi)"; }
ratio_lines() {  # ratio_lines <a> <b>: median/median and the per-round range
  local a="$1" b="$2" r rr=()
  for (( r = 1; r <= ROUNDS; r++ )); do rr+=("$(bench_calc "${RPS[$a:$r]}/${RPS[$b:$r]}")"); done
  printf '| %s / %s | %s | %s - %s |\n' "$(label "$a")" "$(label "$b")" \
    "$(bench_fmt '%.3f' "$(bench_calc "${MED[$a]}/${MED[$b]}")")" \
    "$(bench_fmt '%.3f' "$(bench_min "${rr[@]}")")" "$(bench_fmt '%.3f' "$(bench_max "${rr[@]}")")"
}

wrk_cmd "$DURATION" PORT
{
  echo "## Bypass benchmark: GET $BENCH_PATH ($TS)"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- Machine: \`nproc\` = $(nproc), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM; wrk shares the cores with the servers, so only ratios matter"
  echo "- JDK: \`$BENCH_JAVA_HOME\` ($BENCH_JAVA_DESC), via $BENCH_JAVA_SOURCE; JAVA_OPTS: \`${JAVA_OPTS:-none}\`"
  echo "- wrk: $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)"
  echo "- Repo: $(git -C "$BENCH_REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$BENCH_REPO_ROOT" diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
  echo "- Command: \`$CMDLINE\`"
  echo "- Load per contender: \`${WRK[*]}\` (PORT: $(for c in "${CLIST[@]}"; do printf '%s %s; ' "$c" "$(port_of "$c")"; done | sed 's/; $//'))"
  echo "- Procedure: $STARTS cold start(s) each, alone; then all side by side; one ${WARMUP_DURATION}s warm-up each (discarded); $ROUNDS rounds of ${DURATION}s in the order ${CLIST[*]} ($([[ "$ORDER" == rotate ]] && echo "rotated each round" || echo "same order every round"))"
  echo "- Load average (1, 5, 15 min) when the rounds started: $LOAD_START; when they ended: $LOAD_END (above ~1 means other work shared the cores)"
  if has lumen; then
    echo "- Lumen jar: \`$LUMEN_JAR\`, \`-Dlight-4j-config-dir=$LUMEN_CONFIG_DIR\` (cwd \`$LUMEN_WORKDIR\`)"
    if [[ "$LUMEN_JAR" != "$BENCH_REPO_ROOT/petstore-example/target/petstore.jar" ]]; then
      echo "- **Note: LUMEN_JAR is overridden: the \"Lumen\" column is whatever that jar is, not the petstore build.**"
    fi
  fi
  echo
  echo "### Requests/sec per round"
  echo
  printf '| round |'; for c in "${CLIST[@]}"; do printf ' %s |' "$(label "$c")"; done; echo
  printf '|---|'; for c in "${CLIST[@]}"; do printf -- '---:|'; done; echo
  for (( r = 1; r <= ROUNDS; r++ )); do
    printf '| %d |' "$r"; for c in "${CLIST[@]}"; do printf ' %s |' "$(bench_fmt '%.0f' "${RPS[$c:$r]}")"; done; echo
  done
  echo
  echo "### Summary"
  echo
  echo "| contender | median req/s | min - max req/s | spread | p50 median (ms) | p99 median (ms) | startup to first 200 (ms, median; runs) | RSS idle (MiB) | RSS after load (MiB) | fat jar (MiB) | wrk errors |"
  echo "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"
  for c in "${CLIST[@]}"; do
    mapfile -t v < <(values RPS "$c"); mn="$(bench_min "${v[@]}")"; mx="$(bench_max "${v[@]}")"
    mapfile -t l50 < <(values P50 "$c"); mapfile -t l99 < <(values P99 "$c")
    read -ra st <<<"${STARTUPS[$c]}"
    printf '| %s | %s | %s - %s | %s%% | %s | %s | %s (%s) | %s | %s | %s | %s |\n' \
      "$(label "$c")" "$(bench_fmt '%.0f' "${MED[$c]}")" "$(bench_fmt '%.0f' "$mn")" "$(bench_fmt '%.0f' "$mx")" \
      "$(bench_fmt '%.1f' "$(bench_calc "($mx-$mn)*100/${MED[$c]}")")" \
      "$(bench_fmt '%.2f' "$(bench_median "${l50[@]}")")" "$(bench_fmt '%.2f' "$(bench_median "${l99[@]}")")" \
      "$(bench_fmt '%.0f' "$(bench_median "${st[@]}")")" "${st[*]}" \
      "$(mb "${RSS_IDLE[$c]}")" "$(mb "${RSS_AFTER[$c]}")" \
      "$(bench_fmt '%.1f' "$(bench_calc "$(stat -c %s "$(jar_of "$c")")/1048576")")" "${ERRS[$c]:-0}"
  done
  echo
  echo "Spread = (max - min) / median over the rounds. wrk records one latency per pipelined batch of ${PIPELINE} requests."
  if has lumen && { has undertow || has light4j; }; then
    echo
    echo "### Ratios (req/s)"
    echo
    echo "| ratio | median / median | per-round range |"
    echo "|---|---:|---:|"
    if has undertow; then ratio_lines lumen undertow; fi
    if has light4j; then ratio_lines lumen light4j; fi
  fi
  if has undertow && has light4j; then
    echo
    echo "Reference: light-4j / Undertow (raw) = $(bench_fmt '%.3f' "$(bench_calc "${MED[light4j]}/${MED[undertow]}")") (median / median)."
  fi
  echo
  echo "Raw wrk outputs and server logs: \`benchmarks/out/bypass-$TS/\`."
} >"$REPORT"

echo
cat "$REPORT"
bench_log "report written to $REPORT"
