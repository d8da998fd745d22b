# shellcheck shell=bash
# The BENCH_* globals set here are read by the scripts that source this file.
# shellcheck disable=SC2034
# Shared helpers for Lumen's benchmark scripts. Source it; it defines functions only
# (plus a few BENCH_* globals they fill in), and runs nothing on its own.
#
# What every script shares lives here, one helper each: its knobs (bench_knobs and the checks after
# it), its output folder and exit trap (bench_out), the JDK (bench_find_java), builds
# (bench_build_lumen, bench_build_peer), servers (bench_lumen_cmd, bench_start, bench_stop), the checks
# before measuring (bench_http, bench_expect, bench_expect_reference), tokens (bench_token), the load
# generators (bench_wrk, bench_wrk_start, bench_h2load_parse, bench_h2load_p99), the rounds (bench_rounds), statistics
# (bench_median, bench_min, bench_max, bench_ratio), the reports (bench_report_header,
# bench_failures_md, bench_finish_report) and the last line of every run (bench_summary,
# bench_summary_median).
#
# Functions that start processes set globals instead of printing, because calling
# them in $(...) would run them in a subshell and the caller would lose the pid.

# Where lib.sh lives; scripts resolve every other file from here so they only
# reference files inside the repository.
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH_REPO_ROOT="$(cd "$BENCH_DIR/.." && pwd)"

# What every contender answers on GET /v1/pets, byte for byte.
BENCH_REFERENCE_BODY='[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]'
BENCH_REFERENCE_CT="application/json"
# The dev-only signing keys: Lumen's (config/petstore/embedded trusts it) and the light-4j peer's.
BENCH_DEV_KEY="$BENCH_REPO_ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem"
BENCH_DEV_KID="petstore-dev-1"
BENCH_PEER_KEY="$BENCH_DIR/light4j-petstore/keys/l4jkid.key.pem"
BENCH_PEER_KID="l4jkid"
BENCH_PETSTORE_JAR="$BENCH_REPO_ROOT/petstore-example/target/petstore.jar"
BENCH_LUMEN_WORKDIR="$BENCH_REPO_ROOT"   # where bench_lumen_cmd starts Lumen

# bench_quote VALUE: VALUE for a printed command line: bare when safe, else single-quoted.
bench_quote() {
  if [[ "$1" =~ ^[A-Za-z0-9_./:=+-]+$ ]]; then printf '%s' "$1"; else printf "'%s'" "${1//\'/\'\\\'\'}"; fi
}

# bench_cmdline SCRIPT KNOB...: the command line that reproduces this run: every KNOB the caller
# set (call it before the script defaults them), then SCRIPT relative to the repository.
bench_cmdline() {
  local script k line=""
  script="$(realpath "$1")"; shift
  for k in "$@"; do
    if [[ -n "${!k+x}" ]]; then line+="$k=$(bench_quote "${!k}") "; fi
  done
  printf '%s%s' "$line" "${script#"$BENCH_REPO_ROOT"/}"
}

bench_log() { printf '[bench %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
bench_die() { printf '[bench] ERROR: %s\n' "$*" >&2; exit 1; }

# --- knobs -----------------------------------------------------------------
# Every script is configured by environment variables ("knobs"), never by arguments.

# bench_no_args <count>: stops the script when it was given arguments.
bench_no_args() {
  (( $1 == 0 )) || bench_die "${0#"$BENCH_REPO_ROOT"/} takes no arguments: configure it with variables (see benchmarks/README.md)"
}

# bench_knobs NAME=DEFAULT...: declares the script's knobs. First records the ones the caller set as
# BENCH_CMDLINE, the command line that reproduces the run (with the knobs lib.sh reads itself:
# BENCH_JAVA_HOME, MVN_ARGS, BENCH_MVN, OUT_DIR); then gives every knob that is unset or empty its DEFAULT ("@OTHER": the value OTHER
# has by then, so declare OTHER first), and stops the script when a knob whose default is a whole
# number is not one. Last, splits JAVA_OPTS (the flags a script gives every JVM it starts) into the
# array BENCH_JOPTS.
bench_knobs() {
  local spec name def names=()
  for spec in "$@"; do
    [[ "$spec" == *=* ]] || bench_die "bench_knobs: '$spec' is not NAME=DEFAULT"
    names+=("${spec%%=*}")
  done
  BENCH_CMDLINE="$(bench_cmdline "$0" "${names[@]}" BENCH_JAVA_HOME MVN_ARGS BENCH_MVN OUT_DIR)"
  for spec in "$@"; do
    name="${spec%%=*}"; def="${spec#*=}"
    if [[ "$def" == @* ]]; then def="${def#@}"; def="${!def}"; fi
    if [[ -z "${!name:-}" ]]; then printf -v "$name" '%s' "$def"; fi
    if [[ "$def" =~ ^[0-9]+$ && ! "${!name}" =~ ^[0-9]+$ ]]; then
      bench_die "$name must be a non-negative integer, got '${!name}'"
    fi
  done
  read -ra BENCH_JOPTS <<<"${JAVA_OPTS:-}"
}

# bench_at_least <min> NAME...: stops the script unless every knob NAME is at least <min>.
bench_at_least() {
  local min="$1" k; shift
  for k in "$@"; do (( ${!k} >= min )) || bench_die "$k must be at least $min, got ${!k}"; done
}

# bench_one_of NAME <allowed...>: stops the script unless the knob NAME is one of <allowed>.
bench_one_of() {
  local k="$1" v; shift
  for v in "$@"; do [[ "${!k}" == "$v" ]] && return 0; done
  bench_die "$k must be one of: $* (got '${!k}')"
}

# bench_words_in NAME <allowed...>: stops the script unless every word of the knob NAME (a list such
# as CONTENDERS or SECTIONS) is one of <allowed>, and there is at least one.
bench_words_in() {
  local k="$1" w; shift
  [[ -n "${!k// /}" ]] || bench_die "$k is empty"
  for w in ${!k}; do
    [[ " $* " == *" $w "* ]] || bench_die "$k: unknown '$w' (known: $*)"
  done
}

# bench_distinct NAME...: stops the script unless the knobs (ports) all have different values.
bench_distinct() {
  local k v=()
  for k in "$@"; do v+=("${!k}"); done
  (( $(printf '%s\n' "${v[@]}" | sort -u | wc -l) == $# )) || bench_die "$* must all differ"
}

# --- output ----------------------------------------------------------------

# bench_out <name>: the run's output: BENCH_TS (UTC, e.g. 20261124T101352Z), BENCH_RUN_DIR
# (OUT_DIR/<name>-<BENCH_TS>, created; OUT_DIR is benchmarks/out unless set) for the raw outputs,
# logs and reports, and BENCH_REPORT (the same path + .md). Installs the traps: on exit every
# server started through bench_start is stopped, then the bench_on_exit hooks run; Ctrl-C and TERM
# exit with status 130.
bench_out() {
  BENCH_TS="$(date -u +%Y%m%dT%H%M%SZ)"
  BENCH_RUN_DIR="${OUT_DIR:-$BENCH_DIR/out}/$1-$BENCH_TS"
  BENCH_REPORT="$BENCH_RUN_DIR.md"
  mkdir -p "$BENCH_RUN_DIR"
  trap bench_cleanup EXIT
  trap 'exit 130' INT TERM
}
BENCH_EXIT_HOOKS=()
# bench_on_exit <command>: one more command for the exit trap, after the servers are stopped.
bench_on_exit() { BENCH_EXIT_HOOKS+=("$1"); }
bench_cleanup() {
  local h
  bench_stop_all
  for h in "${BENCH_EXIT_HOOKS[@]}"; do $h || true; done
}

# bench_loadavg: the 1, 5 and 15 minute load averages; above ~1 per core means other work shared
# the machine while it was measured.
bench_loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

# bench_commit: the repository's short commit, with " (dirty)" when the work tree has changes.
bench_commit() {
  printf '%s%s\n' "$(git -C "$BENCH_REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    "$(git -C "$BENCH_REPO_ROOT" diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
}

# bench_report_header <who shares the cores>: the first lines of a report as Markdown bullets:
# date, machine, JDK, wrk (when installed), commit and the command line (BENCH_CMDLINE).
bench_report_header() {
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- Machine: \`nproc\` = $(nproc), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM; $1, so only ratios matter"
  echo "- JDK: \`$BENCH_JAVA_HOME\` ($BENCH_JAVA_DESC), via $BENCH_JAVA_SOURCE; JAVA_OPTS: \`${JAVA_OPTS:-none}\`"
  if command -v wrk >/dev/null 2>&1; then echo "- wrk: $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)"; fi
  echo "- Repo: $(bench_commit)"
  echo "- Command: \`$BENCH_CMDLINE\`"
}

# bench_failures_md <warm-up errors> <failure...>: a report's "Failures" part: the measured runs that
# failed (non-2xx answers or socket errors; left out of the medians and ratios), and the errors of
# the discarded warm-up runs.
bench_failures_md() {
  local warmup="$1"; shift
  echo "### Failures"
  echo
  if (( $# == 0 )); then
    echo "None: no measured run had a non-2xx/3xx response or a socket error."
  else
    printf -- '- %s\n' "$@"
  fi
  echo "Warm-up runs (discarded): $warmup non-2xx responses and socket errors in total."
}

# bench_finish_report <failed runs>: prints BENCH_REPORT and where it is; then, when runs failed,
# stops the script with a non-zero status (after the report, so the figures are still there).
bench_finish_report() {
  echo
  cat "$BENCH_REPORT"
  bench_log "report written to $BENCH_REPORT"
  (( $1 == 0 )) || bench_die "$1 measured run(s) had non-2xx responses or socket errors (see the report)"
}

# bench_summary <name> <key=value...>: the run's last line, "<name>-bench key=value ...": its headline
# figures as words that a script, or `benchmarks/results.sh record --line`, can read. By convention
# a ratio key names A_vs_B (A's figure over B's), <key>_min and <key>_max its per-round range and
# <key>_p99 the ratio of the p99 latencies; NA where there is no figure.
bench_summary() {
  local name="$1"; shift
  echo "$name-bench $*"
}

# bench_summary_median <name> <printf format> <sum key> <line...>: one summary line over several runs'
# lines: the median of every key of the first line over all of them (NA values left out), formatted
# with <printf format>, and the sum of <sum key> (failed runs or responses).
bench_summary_median() {
  local name="$1" fmt="$2" sum_key="$3" kv key out sum=0 line vals; shift 3
  out="$name-bench"
  for kv in ${1#"$name"-bench }; do
    key="${kv%%=*}"
    [[ "$key" == "$sum_key" ]] && continue
    mapfile -t vals < <(printf '%s\n' "$@" | grep -o " $key=[^ ]*" | cut -d= -f2)
    out+=" $key=$(bench_fmt "$fmt" "$(bench_median "${vals[@]}")")"
  done
  for line in "$@"; do sum=$(( sum + ${line##*"$sum_key"=} )); done
  echo "$out $sum_key=$sum"
}

# --- JDK discovery ---------------------------------------------------------

# bench_java_major <path-to-java>: prints the feature version (8, 17, 21, 25, ...).
bench_java_major() {
  local v
  # `java -version` prints e.g. `openjdk version "25.0.1" 2025-10-21` or `"1.8.0_402"` to stderr.
  v="$("$1" -version 2>&1 | awk -F'"' '/ version "/ {print $2; exit}')" || true
  [[ -n "$v" ]] || { echo 0; return 0; }
  if [[ "$v" == 1.* ]]; then v="${v#1.}"; fi
  v="${v%%[.+-]*}"
  [[ "$v" =~ ^[0-9]+$ ]] && echo "$v" || echo 0
}

# bench_find_java [<min major> <why>]: sets BENCH_JAVA_HOME, BENCH_JAVA (bin/java), BENCH_JAVA_MAJOR
# and BENCH_JAVA_DESC. Order: $BENCH_JAVA_HOME (must be 21+), then the highest 21+ JDK in
# /usr/lib/jvm, else whatever `java` is on PATH (with a warning when it is older than 21). With
# <min major>, stops the script when the JDK found is older, saying <why>.
# shellcheck disable=SC2120  # the arguments are optional
bench_find_java() {
  local d real major best="" best_major=0
  if [[ -n "${BENCH_JAVA_HOME:-}" ]]; then
    [[ -x "$BENCH_JAVA_HOME/bin/java" ]] || bench_die "BENCH_JAVA_HOME=$BENCH_JAVA_HOME has no bin/java"
    major="$(bench_java_major "$BENCH_JAVA_HOME/bin/java")"
    (( major >= 21 )) || bench_die "BENCH_JAVA_HOME=$BENCH_JAVA_HOME is Java $major; Java 21+ is required"
    best="$BENCH_JAVA_HOME"; best_major="$major"
    BENCH_JAVA_SOURCE="\$BENCH_JAVA_HOME"
  else
    for d in /usr/lib/jvm/*; do
      [[ -d "$d" && -x "$d/bin/java" ]] || continue
      real="$(readlink -f "$d")"
      major="$(bench_java_major "$real/bin/java")"
      if (( major >= 21 && major > best_major )); then best="$real"; best_major="$major"; fi
    done
    if [[ -n "$best" ]]; then
      BENCH_JAVA_SOURCE="/usr/lib/jvm scan (highest 21+)"
    else
      local onpath
      onpath="$(command -v java || true)"
      [[ -n "$onpath" ]] || bench_die "no JDK found: set BENCH_JAVA_HOME to a JDK 21+"
      real="$(readlink -f "$onpath")"
      best="$(dirname "$(dirname "$real")")"
      best_major="$(bench_java_major "$real")"
      BENCH_JAVA_SOURCE="java on PATH (fallback)"
      if (( best_major < 21 )); then
        bench_log "WARNING: no JDK 21+ found; using Java $best_major from PATH (light-4j 2.3.x needs 21+)"
      fi
    fi
  fi
  BENCH_JAVA_HOME="$best"
  BENCH_JAVA="$best/bin/java"
  BENCH_JAVA_MAJOR="$best_major"
  BENCH_JAVA_DESC="$("$BENCH_JAVA" -version 2>&1 | grep -v '^Picked up' | head -n 2 | paste -sd ';' -)"
  bench_log "JDK: $BENCH_JAVA_HOME (Java $BENCH_JAVA_MAJOR, via $BENCH_JAVA_SOURCE)"
  if (( BENCH_JAVA_MAJOR < ${1:-0} )); then
    bench_die "${2:-Java $1+ is needed}: found Java $BENCH_JAVA_MAJOR; set BENCH_JAVA_HOME"
  fi
}

# --- tools -----------------------------------------------------------------

# bench_ensure_tools <command:debian-package>...: installs the packages of the missing commands with
# apt-get, in one go, but only as root (we never sudo on someone's workstation).
bench_ensure_tools() {
  local spec need=()
  for spec in "$@"; do
    command -v "${spec%%:*}" >/dev/null 2>&1 || need+=("${spec#*:}")
  done
  (( ${#need[@]} > 0 )) || return 0
  if [[ "$(id -u)" -ne 0 ]]; then
    bench_die "missing ${need[*]} and we are not root: install them (e.g. 'sudo apt-get install -y ${need[*]}') and re-run"
  fi
  bench_log "installing ${need[*]} with apt-get"
  if ! { timeout 600 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq "${need[@]}"; } >&2; then
    bench_die "apt-get install ${need[*]} failed"
  fi
  for spec in "$@"; do
    command -v "${spec%%:*}" >/dev/null 2>&1 || bench_die "${spec%%:*} still not on PATH after the install"
  done
}

# bench_ensure_wrk: wrk from Debian's packages when missing (see bench_ensure_tools).
bench_ensure_wrk() { bench_ensure_tools wrk:wrk; }

bench_require() {
  local t
  for t in "$@"; do command -v "$t" >/dev/null 2>&1 || bench_die "required tool '$t' not found"; done
}

# --- builds ----------------------------------------------------------------

# bench_mvn_build <dir> <log> <args...>: Maven in <dir> with the JDK bench_find_java found, plus the
# words of MVN_ARGS (e.g. -Dmaven.repo.local=...); on failure prints the end of the log and stops the
# script. BENCH_MVN picks another Maven command (relative to <dir> or absolute); default the
# repository's wrapper (./mvnw, Maven 3.9.11).
bench_mvn_build() {
  local dir="$1" log="$2" mvn="${BENCH_MVN:-$BENCH_REPO_ROOT/mvnw}" extra; shift 2
  read -ra extra <<<"${MVN_ARGS:-}"
  bench_log "building in ${dir#"$BENCH_REPO_ROOT"/}: ${mvn#"$BENCH_REPO_ROOT"/} $* ${extra[*]}"
  if ! (cd "$dir" && JAVA_HOME="$BENCH_JAVA_HOME" "$mvn" "$@" "${extra[@]}") >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    bench_die "build failed in $dir (log: $log)"
  fi
}

# bench_build_lumen <jar> <mvn args...>: builds Lumen at the repository root unless SKIP_BUILD=1
# (log: BENCH_RUN_DIR/build-lumen.log); then stops the script when <jar> is missing.
bench_build_lumen() {
  local jar="$1"; shift
  if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    bench_mvn_build "$BENCH_REPO_ROOT" "$BENCH_RUN_DIR/build-lumen.log" "$@"
  fi
  [[ -f "$jar" ]] || bench_die "${jar#"$BENCH_REPO_ROOT"/} not found: build it (drop SKIP_BUILD=1, or ./mvnw -B -q -DskipTests install)"
}

# bench_build_peer <dir> <jar>: builds a standalone benchmark project (a contender outside the
# reactor: undertow-baseline, light4j-petstore, spring-backend, ...) with `package`, unless
# SKIP_BUILD=1 and its <jar> exists; then stops the script when <jar> is missing.
bench_build_peer() {
  if [[ "${SKIP_BUILD:-0}" != 1 || ! -f "$2" ]]; then
    bench_mvn_build "$1" "$BENCH_RUN_DIR/build-$(basename "$1").log" -B -q -DskipTests package
  fi
  [[ -f "$2" ]] || bench_die "${2#"$BENCH_REPO_ROOT"/} not found after the build"
}

# --- processes -------------------------------------------------------------

BENCH_PIDS=()   # every server we started, so an EXIT trap can stop them all

bench_now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# bench_port_free <port>: fails when something already listens on 127.0.0.1:<port>,
# so we never benchmark a stray process by mistake.
bench_port_free() {
  if timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; then
    bench_die "port $1 is already in use on 127.0.0.1; stop that process or pick another port with the *_PORT variables"
  fi
}

# bench_lumen_cmd <port> <config dirs> [VAR=value...] -- <java args...>: fills BENCH_CMD with the
# command that starts a Lumen service: in BENCH_LUMEN_WORKDIR (default the repository root, which
# relative config dirs are resolved against), on 127.0.0.1:<port>, with the VARs in its environment, the
# JAVA_OPTS flags (BENCH_JOPTS) and -Dlight-4j-config-dir=<config dirs>, then <java args> (e.g. -jar
# <jar>). `env -C` sets the working directory without a subshell, so bench_start's pid is the JVM's.
bench_lumen_cmd() {
  local port="$1" config="$2" vars=(); shift 2
  while (( $# > 0 )) && [[ "$1" != -- ]]; do vars+=("$1"); shift; done
  (( $# > 0 )) || bench_die "bench_lumen_cmd: no '--' before the java arguments"
  shift
  BENCH_CMD=(env -C "$BENCH_LUMEN_WORKDIR" SERVER_HTTPPORT="$port" SERVER_IP=127.0.0.1 "${vars[@]}"
             "$BENCH_JAVA" "${BENCH_JOPTS[@]}" "-Dlight-4j-config-dir=$config" "$@")
}

# bench_start <logfile> <url> <timeout-s> <command...>
# Starts the command in the background (stdout+stderr to logfile) and polls <url> every
# ~10 ms until it answers 200. Sets BENCH_PID and BENCH_STARTUP_MS (process launch to
# first 200, so it includes JVM boot, class loading and the server's own init).
# Use `env VAR=... java ...` as the command: env execs java, so the pid is the JVM's.
# Extra curl arguments for the readiness poll go in the BENCH_CURL_ARGS array (empty by
# default), e.g. BENCH_CURL_ARGS=(--http2-prior-knowledge) for a listener that speaks only h2c.
BENCH_CURL_ARGS=()
bench_start() {
  local log="$1" url="$2" timeout_s="$3"; shift 3
  local t0 deadline code
  t0="$(bench_now_ms)"
  "$@" >"$log" 2>&1 &
  BENCH_PID=$!
  BENCH_PIDS+=("$BENCH_PID")
  deadline=$(( t0 + timeout_s * 1000 ))
  while :; do
    code="$(curl -s "${BENCH_CURL_ARGS[@]}" -o /dev/null -w '%{http_code}' --max-time 1 "$url" 2>/dev/null || true)"
    if [[ "$code" == "200" ]]; then
      BENCH_STARTUP_MS=$(( $(bench_now_ms) - t0 ))
      return 0
    fi
    if ! kill -0 "$BENCH_PID" 2>/dev/null; then
      local rc=0
      wait "$BENCH_PID" 2>/dev/null || rc=$?
      tail -n 30 "$log" >&2 || true
      # 137/143 mean SIGKILL/SIGTERM from outside, e.g. another session's cleanup.
      bench_die "process exited with status $rc before $url answered 200 (log: $log)"
    fi
    if (( $(bench_now_ms) > deadline )); then
      tail -n 30 "$log" >&2 || true
      bench_stop "$BENCH_PID"
      bench_die "$url did not answer 200 within ${timeout_s}s (last status $code, log: $log)"
    fi
    sleep 0.01
  done
}

# bench_stop <pid>: SIGTERM, wait up to 10 s for a clean shutdown, then SIGKILL.
# Forgets the pid too, so a later bench_stop_all never signals a recycled pid.
bench_stop() {
  local pid="$1" i p keep=()
  for p in "${BENCH_PIDS[@]}"; do [[ "$p" == "$pid" ]] || keep+=("$p"); done
  BENCH_PIDS=("${keep[@]}")
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for (( i = 0; i < 100; i++ )); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    bench_log "pid $pid ignored SIGTERM for 10 s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

# bench_stop_all: stops every server started through bench_start (for EXIT traps).
bench_stop_all() {
  local pid
  for pid in "${BENCH_PIDS[@]}"; do bench_stop "$pid"; done
}

# bench_alive <pid> <what> <log>: stops the script when the server <pid> is gone (e.g. died under load).
bench_alive() {
  kill -0 "$1" 2>/dev/null || bench_die "$2 died under load (log: $3)"
}

# bench_rss_kb <pid>: resident set size in KiB, from /proc/<pid>/status.
bench_rss_kb() {
  awk '/^VmRSS:/ {print $2; found=1} END {if (!found) print "NA"}' "/proc/$1/status" 2>/dev/null || echo NA
}

# bench_pid_tree <pid>: <pid> and its direct children (nginx's workers), one per line.
bench_pid_tree() {
  echo "$1"
  ps -o pid= --ppid "$1" 2>/dev/null || true
}

# bench_cpu_ticks <pid>: CPU time (user + system, in clock ticks: getconf CLK_TCK) used so far by
# <pid> and its live children (nginx workers). Two readings around a load run, divided by the
# requests served, give the CPU cost of one request: on a box whose cores the load generator and
# the backend share, that is steadier than req/s, which also depends on how the scheduler splits
# the cores. Prints NA when <pid> is gone.
bench_cpu_ticks() {
  local total=0 p s fields found=0
  for p in $(bench_pid_tree "$1"); do
    s="$(cat "/proc/$p/stat" 2>/dev/null)" || continue
    s="${s##*) }"            # the fields after "(comm) ", which may itself hold spaces
    read -ra fields <<<"$s"
    total=$(( total + fields[11] + fields[12] ))   # utime, stime (fields 14 and 15 of proc(5))
    found=1
  done
  if (( found )); then echo "$total"; else echo NA; fi
}
BENCH_CLK_TCK="$(getconf CLK_TCK 2>/dev/null || echo 100)"

# bench_cpu_us_per_req <ticks before> <ticks after> <requests>: CPU microseconds per request, or NA.
bench_cpu_us_per_req() {
  if [[ "$1" == NA || "$2" == NA || -z "$3" || "$3" == NA || "$3" == 0 ]]; then echo NA; return 0; fi
  awk -v a="$1" -v b="$2" -v n="$3" -v hz="$BENCH_CLK_TCK" 'BEGIN { printf "%.1f\n", (b - a) * 1000000 / hz / n }'
}

# --- checks before measuring ------------------------------------------------------
# A contender that answers other bytes, or lost a middleware on the way, would be measured doing
# other work: every script checks its contenders before any load.

# bench_http <headers file> <curl args...>: one request (10 s at most). Sets HTTP_STATUS, HTTP_BODY,
# HTTP_CT (the Content-Type) and HTTP_PROTO (the HTTP version); the response headers stay in the
# file. Fails when curl does.
bench_http() {
  local hf="$1" out; shift
  out="$(curl -s --max-time 10 -D "$hf" -o "$hf.body" -w '%{http_code} %{http_version}' "$@")" || return 1
  read -r HTTP_STATUS HTTP_PROTO <<<"$out"
  HTTP_BODY="$(cat "$hf.body")"
  rm -f "$hf.body"
  HTTP_CT="$(bench_header_value "$hf" Content-Type)"
}

# bench_header_value <headers file> <name>: the header's first value, CR stripped.
bench_header_value() {
  tr -d '\r' <"$1" | awk -F': *' -v h="$2" 'tolower($1) == tolower(h) {print $2; exit}'
}

# bench_expect <what> <status> <headers file> <curl args...>: bench_http, and stops the script
# unless the answer has <status>.
bench_expect() {
  local what="$1" want="$2"; shift 2
  bench_http "$@" || bench_die "$what: the request failed"
  [[ "$HTTP_STATUS" == "$want" ]] || { printf '%s\n' "$HTTP_BODY" >&2; bench_die "$what answered $HTTP_STATUS, expected $want (headers: $1)"; }
}

# bench_expect_reference <what> <headers file> <curl args...>: bench_expect 200 with the reference
# body and Content-Type.
bench_expect_reference() {
  local what="$1"
  bench_expect "$what" 200 "${@:2}"
  if [[ "$HTTP_BODY" != "$BENCH_REFERENCE_BODY" ]]; then
    printf 'expected: %s\n     got: %s\n' "$BENCH_REFERENCE_BODY" "$HTTP_BODY" >&2
    bench_die "$what returned a different body"
  fi
  [[ "$HTTP_CT" == "$BENCH_REFERENCE_CT" ]] || bench_die "$what answered Content-Type '$HTTP_CT', expected '$BENCH_REFERENCE_CT'"
}

# --- tokens ------------------------------------------------------------------------

# bench_token <jar> <key pem> <kid> [DevTokens option...]: prints an RS256 token signed with <key pem>
# (PKCS#8; the light-4j peer's key works too) by Lumen's DevTokens from <jar>, a plain or a Spring
# Boot fat jar: issuer https://lumen.dev/issuer, audience petstore, scope "read:pets write:pets"
# and 2 h unless the options give --scope or --ttl; the options follow (--client-id, --sub, ...).
bench_token() {
  local jar="$1" key="$2" kid="$3"; shift 3
  local launch=(-cp "$jar" io.lumen.security.tool.DevTokens)
  local opts=(token --key "$key" --kid "$kid" --iss https://lumen.dev/issuer --aud petstore)
  [[ " $* " == *" --scope "* ]] || opts+=(--scope "read:pets write:pets")
  [[ " $* " == *" --ttl "* ]] || opts+=(--ttl 7200)
  if unzip -l "$jar" 'BOOT-INF/*' >/dev/null 2>&1; then   # Spring Boot: its launcher finds the class
    launch=(-cp "$jar" -Dloader.main=io.lumen.security.tool.DevTokens org.springframework.boot.loader.launch.PropertiesLauncher)
  fi
  "$BENCH_JAVA" "${launch[@]}" "${opts[@]}" "$@"
}

# --- load generators -----------------------------------------------------------------

# bench_wrk_cmd <seconds> <args...>: fills BENCH_WRK with the wrk command line every script uses:
# THREADS threads (default 2), CONNECTIONS connections (128), <seconds> long, --latency, then <args>
# (the Lua script, headers, URL and the script's arguments).
bench_wrk_cmd() {
  local d="$1"; shift
  BENCH_WRK=(wrk "-t${THREADS:-2}" "-c${CONNECTIONS:-128}" "-d${d}s" --latency "$@")
}

# bench_wrk <out file> <seconds> <args...>: runs bench_wrk_cmd's command (bounded: <seconds> + 30 s)
# into <out file>, reads its figures (bench_wrk_read) and returns wrk's status.
bench_wrk() {
  local f="$1" d="$2" rc=0; shift 2
  bench_wrk_cmd "$d" "$@"
  timeout $(( d + 30 )) "${BENCH_WRK[@]}" >"$f" 2>&1 || rc=$?
  bench_wrk_read "$f"
  return "$rc"
}

# bench_wrk_start <out file> <seconds> <args...>: the same wrk run in the background, for a script
# that acts on the server meanwhile (reloads, restarts); BENCH_WRK_PID is its pid. Then
# `wait "$BENCH_WRK_PID"` (wrk's status) and bench_wrk_read <out file>.
bench_wrk_start() {
  local f="$1" d="$2"; shift 2
  bench_wrk_cmd "$d" "$@"
  timeout $(( d + 30 )) "${BENCH_WRK[@]}" >"$f" 2>&1 &
  BENCH_WRK_PID=$!
}

# bench_wrk_read <out file>: the figures of a wrk run: W_RPS; W_P50, W_P75, W_P90, W_P99 (ms); W_NON2XX
# and W_SOCKERR, W_ERRORS (their sum), W_REQUESTS (responses wrk counted). wrk 4.1.0 sometimes
# prints `99% 0.00us` under heavy load: a p99 of zero or below a lower percentile is that glitch,
# not a latency, so W_P99 is NA then and W_P99_GLITCH is 1.
bench_wrk_read() {
  local f="$1"
  read -r W_RPS W_P50 W_P75 W_P90 W_P99 W_NON2XX W_SOCKERR < <(bench_wrk_parse "$f")
  W_ERRORS=$(( W_NON2XX + W_SOCKERR ))
  W_REQUESTS="$(bench_wrk_requests "$f")"
  W_P99_GLITCH=0
  if [[ "$W_P99" != NA ]] && awk -v a="$W_P99" -v b="$W_P50" -v c="$W_P75" -v d="$W_P90" \
       'BEGIN { m = b + 0; if (c + 0 > m) m = c + 0; if (d + 0 > m) m = d + 0; exit !(a + 0 <= 0 || a + 0 < m) }'; then
    W_P99=NA; W_P99_GLITCH=1
  fi
}

# An awk function both parsers share: a latency as wrk and h2load print it (617.00us, 1.23ms, 2.01s,
# 1.5m) in milliseconds, NA for anything else.
BENCH_AWK_MS='
  function ms(v,   n, u) {
    n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
    if (u == "us") return n / 1000
    if (u == "ms") return n
    if (u == "s")  return n * 1000
    if (u == "m")  return n * 60000
    return "NA"
  }'

# bench_wrk_parse <wrk-output-file>: prints "rps p50 p75 p90 p99 non2xx sockerr",
# latencies in ms. wrk prints latencies as e.g. 617.00us, 1.23ms, 2.01s.
bench_wrk_parse() {
  awk "$BENCH_AWK_MS"'
    /^ +50% / { p50 = ms($2) }
    /^ +75% / { p75 = ms($2) }
    /^ +90% / { p90 = ms($2) }
    /^ +99% / { p99 = ms($2) }
    /^Requests\/sec:/ { rps = $2 }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    /Socket errors:/ { gsub(/,/, ""); sockerr = $4 + $6 + $8 + $10 }
    END {
      if (rps == "") rps = "NA"
      printf "%s %s %s %s %s %d %d\n", rps, (p50 == "" ? "NA" : p50), (p75 == "" ? "NA" : p75),
             (p90 == "" ? "NA" : p90), (p99 == "" ? "NA" : p99), non2xx, sockerr
    }' "$1"
}

# bench_wrk_requests <wrk-output-file>: how many responses wrk counted ("N requests in ..."),
# 0 when the line is missing.
bench_wrk_requests() {
  awk '/ requests in / {n = $1} END {print n + 0}' "$1"
}

# bench_h2load_parse <h2load output file>: prints "req/s mean-ms errors done": errors are failed,
# errored and timed-out requests plus 3xx, 4xx and 5xx answers; done the requests completed.
bench_h2load_parse() {
  awk "$BENCH_AWK_MS"'
    /^finished in / { rps = $4 }
    /^requests: / { done = $6; err = $10 + $12 + $14 }
    /^status codes: / { gsub(/,/, ""); ok2 = $3; bad = $5 + $7 + $9 }
    /^time for request:/ { mean = ms($6) }
    END {
      if (rps == "") rps = "NA"
      if (mean == "") mean = "NA"
      printf "%s %s %d %d\n", rps, mean, err + bad, done
    }' "$1"
}

# bench_h2load_p99 <log file>: the 99th percentile of the request durations in an h2load
# --log-file (one line per request: start, status, duration in us), in ms; NA when it is empty.
bench_h2load_p99() {
  awk -F'\t' '{ print $3 }' "$1" | sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "NA"; exit }
    i = int(NR * 0.99 + 0.5); if (i < 1) i = 1; if (i > NR) i = NR
    printf "%.3f\n", v[i] / 1000 }'
}

# --- statistics (awk) ----------------------------------------------------------
# NA (a failed run, a missing figure) and empty values are left out; with nothing left: NA.

bench_numbers() { local v; for v in "$@"; do [[ "$v" == NA || -z "$v" ]] || printf '%s\n' "$v"; done; }

# bench_median <n...>: median of the numbers (mean of the middle two for an even count).
bench_median() {
  bench_numbers "$@" | sort -g | awk '{a[NR] = $1} END {
    if (NR == 0) print "NA"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}
bench_min() { bench_numbers "$@" | sort -g | awk 'NR == 1 {v = $1} END {print (NR ? v : "NA")}'; }
bench_max() { bench_numbers "$@" | sort -g | awk '{v = $1} END {print (NR ? v : "NA")}'; }

# bench_calc <awk-expression>: floating point arithmetic, e.g. bench_calc '2/3' -> 0.666667
bench_calc() { awk "BEGIN { print $1 }"; }

# bench_div <a> <b>: a / b, NA when either is NA or empty, or b is 0.
bench_div() {
  if [[ "$1" == NA || "$2" == NA || -z "$1" || -z "$2" ]] || awk -v b="$2" 'BEGIN { exit !(b == 0) }'; then
    echo NA
  else
    bench_calc "$1/$2"
  fi
}

# bench_round_ratios <a1 ... an> -- <b1 ... bn>: the per-round ratios a_i / b_i, one per line (NA
# where either is NA), for the per-round range of a ratio of medians.
bench_round_ratios() {
  local a=() i
  while [[ "$1" != -- ]]; do a+=("$1"); shift; done
  shift
  for i in "${!a[@]}"; do bench_div "${a[$i]}" "${@:i+1:1}"; done
}

# bench_spread_words <key> <a1 ... an> -- <b1 ... bn>: "<key>=<median a / median b> <key>_min=...
# <key>_max=..." (the range of the per-round ratios) as summary words, each %.3f or NA.
bench_spread_words() {
  local key="$1" a=() b=() rr; shift
  while [[ "$1" != -- ]]; do a+=("$1"); shift; done
  shift; b=("$@")
  mapfile -t rr < <(bench_round_ratios "${a[@]}" -- "${b[@]}")
  printf '%s ' "$key=$(bench_fmt '%.3f' "$(bench_div "$(bench_median "${a[@]}")" "$(bench_median "${b[@]}")")")" \
    "${key}_min=$(bench_fmt '%.3f' "$(bench_min "${rr[@]}")")" "${key}_max=$(bench_fmt '%.3f' "$(bench_max "${rr[@]}")")"
}

# bench_ratio <A req/s array> <B req/s array> [<A p99 array> <B p99 array>]: A against B over the
# rounds (arrays by name, one value per round, NA for a failed run). Sets RATIO (median over median),
# RATIO_MIN and RATIO_MAX (the range of the per-round ratios) and RATIO_P99 (p99 median over p99
# median; NA without p99 arrays), each as %.3f or NA.
bench_ratio() {
  local -n __bench_a="$1" __bench_b="$2"
  local rr
  mapfile -t rr < <(bench_round_ratios "${__bench_a[@]}" -- "${__bench_b[@]}")
  RATIO="$(bench_fmt '%.3f' "$(bench_div "$(bench_median "${__bench_a[@]}")" "$(bench_median "${__bench_b[@]}")")")"
  RATIO_MIN="$(bench_fmt '%.3f' "$(bench_min "${rr[@]}")")"
  RATIO_MAX="$(bench_fmt '%.3f' "$(bench_max "${rr[@]}")")"
  RATIO_P99=NA
  if (( $# == 4 )); then
    local -n __bench_pa="$3" __bench_pb="$4"
    RATIO_P99="$(bench_fmt '%.3f' "$(bench_div "$(bench_median "${__bench_pa[@]}")" "$(bench_median "${__bench_pb[@]}")")")"
  fi
}
# bench_ratio_words <key>: the last ratio (bench_ratio) as summary words: <key>, <key>_min, <key>_max
# and, when there is one, <key>_p99.
bench_ratio_words() {
  printf '%s\n' "$1=$RATIO" "$1_min=$RATIO_MIN" "$1_max=$RATIO_MAX"
  [[ "$RATIO_P99" == NA ]] || printf '%s\n' "$1_p99=$RATIO_P99"
}
# bench_goal_met <ratio> <goal or ->: "yes" when the ratio is at least the goal, "**no**" when not,
# "-" without a goal or a ratio.
bench_goal_met() {
  if [[ "$2" == - || "$1" == NA ]]; then echo -; else awk -v m="$1" -v g="$2" 'BEGIN { print (m >= g ? "yes" : "**no**") }'; fi
}

# bench_fmt <printf-format> <number>: formats a number, passing NA through.
bench_fmt() {
  if [[ "$2" == "NA" || -z "$2" ]]; then echo NA; else awk -v f="$1" -v n="$2" 'BEGIN { printf f, n }'; fi
}

# bench_rounds <rotation> <run> <items...>: the measured rounds: ROUNDS of them, and in round r
# `<run> <item> <r>` for every item. <rotation> "fixed" keeps the items' order every round; a number k
# rotates them left by r - 1 + k (bench_rotate), so that every item takes every slot. Records the
# 1-minute load average at each round's start in BENCH_ROUND_LOAD[r].
declare -A BENCH_ROUND_LOAD=()
bench_rounds() {
  local rotation="$1" run="$2" r item; shift 2
  for (( r = 1; r <= ROUNDS; r++ )); do
    BENCH_ORDER=("$@")
    if [[ "$rotation" != fixed ]]; then bench_rotate $(( r - 1 + rotation )) "$@"; fi
    BENCH_ROUND_LOAD[$r]="$(cut -d' ' -f1 /proc/loadavg)"
    for item in "${BENCH_ORDER[@]}"; do "$run" "$item" "$r"; done
  done
}

# bench_rotate <k> <items...>: fills BENCH_ORDER with the items rotated left by k (mod their count):
# with k = round - 1 every item takes every slot in turn, so a slot's bias (e.g. running right after
# another JVM's load, while it still compiles or collects) averages out over the rounds.
bench_rotate() {
  local k="$1"; shift
  k=$(( k % $# ))
  BENCH_ORDER=("${@:k+1}" "${@:1:k}")
}
