# shellcheck shell=bash
# The BENCH_* globals set here are read by the scripts that source this file.
# shellcheck disable=SC2034
# Shared helpers for Lumen's benchmark scripts. Source it; it defines functions only
# (plus a few BENCH_* globals they fill in), and runs nothing on its own.
#
# Functions that start processes set globals instead of printing, because calling
# them in $(...) would run them in a subshell and the caller would lose the pid.

# Where lib.sh lives; scripts resolve every other file from here so they only
# reference files inside the repository.
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH_REPO_ROOT="$(cd "$BENCH_DIR/.." && pwd)"

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

# bench_find_java: sets BENCH_JAVA_HOME, BENCH_JAVA (bin/java), BENCH_JAVA_MAJOR and
# BENCH_JAVA_DESC. Order: $BENCH_JAVA_HOME (must be 21+), then the highest 21+ JDK in
# /usr/lib/jvm, else whatever `java` is on PATH (with a warning when it is older than 21).
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
}

# --- tools -----------------------------------------------------------------

# bench_ensure_wrk: installs wrk from Debian's packages when missing, but only as root
# (we never sudo on someone's workstation).
bench_ensure_wrk() {
  command -v wrk >/dev/null 2>&1 && return 0
  if [[ "$(id -u)" -ne 0 ]]; then
    bench_die "wrk is not installed and we are not root: install it (e.g. 'sudo apt-get install -y wrk') and re-run"
  fi
  bench_log "wrk missing: installing it with apt-get"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; } >&2; then
    bench_die "apt-get install wrk failed"
  fi
  command -v wrk >/dev/null 2>&1 || bench_die "wrk still not on PATH after install"
}

bench_require() {
  local t
  for t in "$@"; do command -v "$t" >/dev/null 2>&1 || bench_die "required tool '$t' not found"; done
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

# --- wrk output --------------------------------------------------------------

# bench_wrk_parse <wrk-output-file>: prints "rps p50 p75 p90 p99 non2xx sockerr",
# latencies in ms. wrk prints latencies as e.g. 617.00us, 1.23ms, 2.01s.
bench_wrk_parse() {
  awk '
    function ms(v,   n, u) {
      n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
      if (u == "us") return n / 1000
      if (u == "ms") return n
      if (u == "s")  return n * 1000
      if (u == "m")  return n * 60000
      return "NA"
    }
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

# --- statistics (awk) ----------------------------------------------------------

# bench_median <n...>: median of the numbers (mean of the middle two for an even count).
bench_median() {
  (( $# > 0 )) || { echo NA; return 0; }
  printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {
    if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}
bench_min() { printf '%s\n' "$@" | sort -g | head -n 1; }
bench_max() { printf '%s\n' "$@" | sort -g | tail -n 1; }

# bench_calc <awk-expression>: floating point arithmetic, e.g. bench_calc '2/3' -> 0.666667
bench_calc() { awk "BEGIN { print $1 }"; }

# bench_fmt <printf-format> <number>: formats a number, passing NA through.
bench_fmt() {
  if [[ "$2" == "NA" || -z "$2" ]]; then echo NA; else awk -v f="$1" -v n="$2" 'BEGIN { printf f, n }'; fi
}

# bench_mvn_build <dir> <log> <args...>: mvn in <dir> with the JDK bench_find_java found;
# on failure prints the end of the log and stops the script. BENCH_MVN picks another Maven
# command (e.g. BENCH_MVN=./mvnw for the repo's wrapper, relative to <dir>); default mvn.
bench_mvn_build() {
  local dir="$1" log="$2" mvn="${BENCH_MVN:-mvn}"; shift 2
  bench_log "building in ${dir#"$BENCH_REPO_ROOT"/}: $mvn $*"
  if ! (cd "$dir" && JAVA_HOME="$BENCH_JAVA_HOME" "$mvn" "$@") >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    bench_die "build failed in $dir (log: $log)"
  fi
}
