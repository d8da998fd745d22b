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
bench_no_args $#

# ORDER fixed: A B C every round; rotate: A B C, B C A, C A B, ... STARTS: cold starts per contender
# for the startup-time median. JAVA_OPTS: extra JVM flags, applied identically to every contender.
# LUMEN_CONFIG_DIR is relative to LUMEN_WORKDIR; COOLDOWN: seconds of idle between two wrk runs.
bench_knobs CONTENDERS="lumen undertow light4j" ORDER=fixed DURATION=10 WARMUP_DURATION=@DURATION ROUNDS=3 STARTS=3 \
  SKIP_BUILD=0 JAVA_OPTS= LUMEN_JAR="$BENCH_PETSTORE_JAR" LUMEN_CONFIG_DIR=config/petstore/http \
  LUMEN_WORKDIR="$BENCH_REPO_ROOT" LUMEN_PORT=18081 UNDERTOW_PORT=18080 LIGHT4J_PORT=18082 \
  THREADS=2 CONNECTIONS=128 PIPELINE=16 STARTUP_TIMEOUT=30 COOLDOWN=1
LUMEN_JAR="$(realpath -m "$LUMEN_JAR")"  # absolute: Lumen runs in LUMEN_WORKDIR
BENCH_LUMEN_WORKDIR="$LUMEN_WORKDIR"

BENCH_PATH="/v1/pets"
UNDERTOW_JAR="$BENCH_DIR/undertow-baseline/target/undertow-baseline.jar"
LIGHT4J_JAR="$BENCH_DIR/light4j-petstore/target/light4j-petstore.jar"
LUA="$BENCH_DIR/pipeline.lua"

# --- validate the knobs --------------------------------------------------------
bench_words_in CONTENDERS lumen undertow light4j
read -ra CLIST <<<"$CONTENDERS"
bench_one_of ORDER fixed rotate
bench_at_least 3 ROUNDS
bench_at_least 1 DURATION STARTS

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
    lumen)    bench_lumen_cmd "$p" "$LUMEN_CONFIG_DIR" PORT="$p" -- -jar "$LUMEN_JAR"; CMD=("${BENCH_CMD[@]}");;
    undertow) CMD=(env -C "$BENCH_DIR/undertow-baseline" PORT="$p"
                   "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$UNDERTOW_JAR");;
    light4j)  CMD=(env -C "$BENCH_DIR/light4j-petstore" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1
                   "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$LIGHT4J_JAR");;
  esac
}

# --- tools, JDK, output dir --------------------------------------------------
bench_require curl awk sort date
bench_ensure_wrk
if has light4j; then bench_find_java 21 "light-4j 2.3.3 needs Java 21+"; else bench_find_java; fi
bench_out bypass   # raw wrk outputs, server and build logs in BENCH_RUN_DIR; the report is BENCH_REPORT
RUN_DIR="$BENCH_RUN_DIR"

# --- build -------------------------------------------------------------------
if has lumen; then bench_build_lumen "$LUMEN_JAR" -B -q -DskipTests package; fi
# The peers are small and outside the reactor: build them unless SKIP_BUILD=1 and the jar exists.
if has undertow; then bench_build_peer "$BENCH_DIR/undertow-baseline" "$UNDERTOW_JAR"; fi
if has light4j; then bench_build_peer "$BENCH_DIR/light4j-petstore" "$LIGHT4J_JAR"; fi
if has lumen && [[ ! -d "$LUMEN_WORKDIR/$LUMEN_CONFIG_DIR" && ! -d "$LUMEN_CONFIG_DIR" ]]; then
  bench_log "WARNING: Lumen config dir $LUMEN_CONFIG_DIR not found under $LUMEN_WORKDIR"
fi

# --- cold starts: startup time to first 200 ----------------------------------------
# Each contender alone on the machine, alternated like the load rounds.
declare -A STARTUPS=() RSS_IDLE=() RSS_AFTER=() RPS=() P50=() P99=() ERRS=()
for c in "${CLIST[@]}"; do bench_port_free "$(port_of "$c")"; done
# shellcheck disable=SC2153  # STARTS is a knob (bench_knobs)
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
  RSS_IDLE[$c]="$(bench_rss_kb "${PID[$c]}")"
  # Exact bytes and media type, or the numbers compare different work.
  bench_expect_reference "$(label "$c") GET $BENCH_PATH" "$RUN_DIR/headers-$c.txt" "http://127.0.0.1:$(port_of "$c")$BENCH_PATH"
  bench_log "$(label "$c"): body and Content-Type match the reference"
done

# --- load ----------------------------------------------------------------------------
# run_wrk <name> <duration> <outfile>: one wrk run (bench_wrk: its figures in W_*).
run_wrk() {
  bench_wrk "$3" "$2" -s "$LUA" "http://127.0.0.1:$(port_of "$1")" -- "$BENCH_PATH" "$PIPELINE" \
    || { cat "$3" >&2; bench_die "wrk failed against $(label "$1")"; }
  bench_alive "${PID[$1]}" "$(label "$1")" "$RUN_DIR/server-$1.log"
}

for c in "${CLIST[@]}"; do
  bench_log "warm-up $(label "$c") (${WARMUP_DURATION}s, discarded)"
  run_wrk "$c" "$WARMUP_DURATION" "$RUN_DIR/wrk-$c-warmup.txt"
  sleep "$COOLDOWN"
done
LOAD_START="$(bench_loadavg)"   # other processes on the box skew the figures
measure() {  # measure <contender> <round>
  local c="$1" r="$2" f="$RUN_DIR/wrk-$1-round$2.txt"
  run_wrk "$c" "$DURATION" "$f"
  [[ "$W_RPS" != NA ]] || { cat "$f" >&2; bench_die "could not parse wrk output $f"; }
  RPS[$c:$r]="$W_RPS"
  # shellcheck disable=SC2034  # P50/P99 are read through the nameref in values()
  { P50[$c:$r]="$W_P50"; P99[$c:$r]="$W_P99"; }
  ERRS[$c]=$(( ${ERRS[$c]:-0} + W_ERRORS ))
  bench_log "round $r/$ROUNDS $(label "$c"): $W_RPS req/s, p50 ${W_P50} ms, p99 ${W_P99} ms, non-2xx $W_NON2XX, socket errors $W_SOCKERR"
  sleep "$COOLDOWN"
}
bench_rounds "$([[ "$ORDER" == rotate ]] && echo 0 || echo fixed)" measure "${CLIST[@]}"
LOAD_END="$(bench_loadavg)"
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

mb() { bench_fmt '%.1f' "$(bench_div "$1" 1024)"; }
ratio() {  # ratio <a> <b>: bench_ratio of the two contenders' rounds (RATIO, RATIO_MIN, RATIO_MAX, RATIO_P99)
  local va vb pa pb
  # shellcheck disable=SC2034  # read by bench_ratio through their names
  {
    mapfile -t va < <(values RPS "$1"); mapfile -t vb < <(values RPS "$2")
    mapfile -t pa < <(values P99 "$1"); mapfile -t pb < <(values P99 "$2")
  }
  bench_ratio va vb pa pb
}
ratio_lines() {  # ratio_lines <a> <b>: median/median and the per-round range
  ratio "$1" "$2"
  printf '| %s / %s | %s | %s - %s | %s |\n' "$(label "$1")" "$(label "$2")" "$RATIO" "$RATIO_MIN" "$RATIO_MAX" "$RATIO_P99"
}
SUMMARY=()   # the key=value words of the last line
for pair in lumen:undertow lumen:light4j light4j:undertow; do
  x="${pair%:*}"; y="${pair#*:}"
  if has "$x" && has "$y"; then
    ratio "$x" "$y"
    mapfile -t -O "${#SUMMARY[@]}" SUMMARY < <(bench_ratio_words "${x}_vs_$y")
  fi
done
for c in "${CLIST[@]}"; do read -ra st <<<"${STARTUPS[$c]}"; SUMMARY+=("${c}_startup_ms=$(bench_fmt '%.0f' "$(bench_median "${st[@]}")")"); done

bench_wrk_cmd "$DURATION" -s "$LUA" "http://127.0.0.1:PORT" -- "$BENCH_PATH" "$PIPELINE"
{
  echo "## Bypass benchmark: GET $BENCH_PATH ($BENCH_TS)"
  echo
  bench_report_header "wrk shares the cores with the servers"
  echo "- Load per contender: \`${BENCH_WRK[*]}\` (PORT: $(for c in "${CLIST[@]}"; do printf '%s %s; ' "$c" "$(port_of "$c")"; done | sed 's/; $//'))"
  echo "- Procedure: $STARTS cold start(s) each, alone; then all side by side; one ${WARMUP_DURATION}s warm-up each (discarded); $ROUNDS rounds of ${DURATION}s in the order ${CLIST[*]} ($([[ "$ORDER" == rotate ]] && echo "rotated each round" || echo "same order every round"))"
  echo "- Load average (1, 5, 15 min) when the rounds started: $LOAD_START; when they ended: $LOAD_END (above ~1 means other work shared the cores)"
  if has lumen; then
    echo "- Lumen jar: \`$LUMEN_JAR\`, \`-Dlight-4j-config-dir=$LUMEN_CONFIG_DIR\` (cwd \`$LUMEN_WORKDIR\`)"
    if [[ "$LUMEN_JAR" != "$BENCH_PETSTORE_JAR" ]]; then
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
    echo "| ratio | median / median | per-round range | p99 median / p99 median |"
    echo "|---|---:|---:|---:|"
    if has undertow; then ratio_lines lumen undertow; fi
    if has light4j; then ratio_lines lumen light4j; fi
  fi
  if has undertow && has light4j; then
    echo
    echo "Reference: light-4j / Undertow (raw) = $(bench_fmt '%.3f' "$(bench_calc "${MED[light4j]}/${MED[undertow]}")") (median / median)."
  fi
  echo
  echo "Raw wrk outputs and server logs: \`benchmarks/out/bypass-$BENCH_TS/\`."
  echo
  echo "\`$(bench_summary bypass "${SUMMARY[@]}")\`"
} >"$BENCH_REPORT"

bench_finish_report 0   # a run with errors is counted in the report's "wrk errors", not left out
