#!/usr/bin/env bash
# proxy/run.sh: the Lumen reverse proxy (module `proxy`, handler `proxy` as the last link of a
# handler.yml chain) against nginx, HAProxy and light-4j 2.3.3's ingress proxy, all in front of
# the same backend on 127.0.0.1. Sections (SECTIONS, run in this order):
#   front    - the backend alone (undertow-baseline), then Lumen, nginx, HAProxy and light-4j in
#              front of it; wrk without pipelining and with pipeline 16
#   embedded - Lumen config/proxy/embedded (OpenAPI chain + JWT + proxy) against light-4j with the
#              same middleware before LightProxyHandler; GET /v1/pets?limit=10 with a token
#   h2up     - Lumen with an HTTP/1.1 upstream against Lumen with an HTTP/2 (h2c) upstream
#   spring   - a Spring Boot 3.5 backend alone against Lumen in front of it
#   h2front  - h2load (h2c, prior knowledge) against Lumen, nginx and HAProxy as HTTP/2 fronts
# Within a round the contenders of a section alternate (ORDER=rotate: every one takes every slot).
# Everything listens on 127.0.0.1; every wait and every load run is bounded; an EXIT trap stops
# every process the script started. See benchmarks/proxy/README.md for the knobs.
# This file is the entry point: knobs, checks, builds, then each section in turn. The sections are
# in proxy/sections/, the servers, checks, load runs and report they share in proxy/lib/.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
PROXY_DIR="$BENCH_DIR/proxy"
bench_no_args $#

# MODES: plain (wrk, no pipelining), pipeline (wrk, PIPELINE deep), rate (h2load --h1, open loop at
# RATE). ORDER rotate: A B C, B C A, ...; fixed: A B C every round.
# WARMUP_DURATION 20 s: under this load HotSpot is still compiling the JVM contenders' request path
# 10-15 s in (-XX:+PrintCompilation), and a round measured before that charges Lumen and light-4j for
# the JIT.
# REWARM: seconds of discarded load on a contender right before each of its measured runs. While the
# others are measured it idles, and HotSpot then throws away its compiled XNIO event loop
# (WorkerThread.run "made not entrant: uncommon trap": the idle path was never taken under load)
# and recompiles it during the next run: -XX:+PrintCompilation counted 180 compilations in a round
# after 22 s idle against 38 in a round right after another; in eight hand-made pairs such a
# round was slower in five (by 3-15%) and not in three. nginx and HAProxy get the same re-warm. 0 turns it off.
# RATE (mode rate): every connection sends RATE requests a second on a fixed schedule (h2load --rps),
# whether or not the answers keep up (an open loop), so every contender gets the same offered load
# (RATE x CONNECTIONS req/s) and latencies compare at equal load, not at each one's saturation.
# PROXY_THREADS: nginx workers, HAProxy threads, Lumen/light-4j IO threads.
# FORWARDED_HEADERS 1: nginx and HAProxy add X-Forwarded-For, -Proto, -Host and -Port to every
# upstream request, as Lumen's proxy does (issue 7 requires it; with reuseXForwarded false it sets all
# four); 0: their bare defaults (nginx sends none of them, HAProxy none without 'option forwardfor').
# PROXY_MAX_REQUEST_TIME: proxy.maxRequestTime (ms) for Lumen and light-4j (PROXY_MAXREQUESTTIME);
# empty: their default (1000 in both), which answers 503/504 when a busy 2-core box pushes a response
# past one second.
# LUMEN_ENV: extra VAR=value words for every Lumen process, e.g. PROXY_CONNECTIONSPERTHREAD=64.
# SPRING_ARGS: extra Spring Boot arguments, e.g. --server.tomcat.max-keep-alive-requests=-1.
# LUMEN_HTTP_CONFIG and LUMEN_EMBEDDED_CONFIG are relative to LUMEN_WORKDIR. TOKEN_JAR: the jar whose
# DevTokens mints the tokens; default LUMEN_JAR, else petstore-example/target/petstore.jar.
bench_knobs SECTIONS="front embedded h2up spring h2front" MODES="plain pipeline" ORDER=rotate DURATION=10 \
  WARMUP_DURATION=20 REWARM=5 ROUNDS=3 COOLDOWN=1 THREADS=2 CONNECTIONS=128 PIPELINE=16 RATE=250 \
  H2_THREADS=2 H2_CLIENTS=16 H2_STREAMS=16 PROXY_THREADS=2 NGINX_KEEPALIVE=64 FORWARDED_HEADERS=1 \
  FRONT_CONTENDERS="backend lumen nginx haproxy light4j" EMBEDDED_CONTENDERS="lumen light4j" \
  H2UP_CONTENDERS="lumen-h1 lumen-h2" SPRING_CONTENDERS="spring lumen" H2FRONT_CONTENDERS="lumen nginx haproxy" \
  SKIP_BUILD=0 JAVA_OPTS= LUMEN_JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar" LUMEN_WORKDIR="$BENCH_REPO_ROOT" \
  LUMEN_HTTP_CONFIG=config/proxy/http LUMEN_EMBEDDED_CONFIG=config/proxy/embedded LUMEN_EMBEDDED_READY=/health \
  LUMEN_TOKEN_KEY="$BENCH_DEV_KEY" LUMEN_TOKEN_KID="$BENCH_DEV_KID" TOKEN_JAR= PROXY_MAX_REQUEST_TIME= LUMEN_ENV= \
  SPRING_ARGS= PORT_BASE=18200 STARTUP_TIMEOUT=60 KEEP_LOGS=0 RUNS=1

# RUNS > 1: the whole benchmark RUNS times, each with fresh processes (fresh JVMs: one JVM's JIT
# makes its ratios 10% better or worse than the next one's) and its own output folder; at the end
# the median of every ratio of the proxy-bench lines and the sum of their failed runs.
bench_at_least 1 RUNS
if (( RUNS > 1 )); then
  bench_log "command: $BENCH_CMDLINE"
  run_lines=(); run_status=0
  for (( run = 1; run <= RUNS; run++ )); do
    run_out="$(mktemp)"
    bench_log "run $run/$RUNS; load before: $(bench_loadavg)"
    # only the first run builds
    if ! RUNS=1 SKIP_BUILD="$( (( run > 1 )) && echo 1 || echo "$SKIP_BUILD")" "$0" 2>&1 | tee "$run_out"; then
      run_status=1
    fi
    line="$(grep -o 'proxy-bench [^`]*' "$run_out" | tail -n 1 || true)"
    rm -f "$run_out"
    [[ -n "$line" ]] || bench_die "run $run printed no proxy-bench line"
    run_lines+=("$line")
  done
  echo
  echo "Per run (fresh processes each):"
  printf '  %s\n' "${run_lines[@]}"
  echo
  echo "Median over the $RUNS runs:"
  bench_summary_median proxy '%.3f' failed_runs "${run_lines[@]}"
  exit "$run_status"
fi

LUMEN_JAR="$(realpath -m "$LUMEN_JAR")"
LUMEN_WORKDIR="$(realpath -m "$LUMEN_WORKDIR")"
BENCH_LUMEN_WORKDIR="$LUMEN_WORKDIR"
LUMEN_TOKEN_KEY="$(realpath -m "$LUMEN_TOKEN_KEY")"
UNDERTOW_JAR="$BENCH_DIR/undertow-baseline/target/undertow-baseline.jar"
LIGHT4J_DIR="$BENCH_DIR/light4j-petstore"
LIGHT4J_JAR="$LIGHT4J_DIR/target/light4j-petstore.jar"
SPRING_JAR="$BENCH_DIR/spring-backend/target/spring-backend.jar"
PIPELINE_LUA="$BENCH_DIR/pipeline.lua"
AUTH_LUA="$BENCH_DIR/auth-pipeline.lua"

# --- validate the knobs --------------------------------------------------------
bench_one_of FORWARDED_HEADERS 0 1
bench_at_least 1 DURATION ROUNDS THREADS PIPELINE H2_THREADS H2_STREAMS PROXY_THREADS RATE
(( CONNECTIONS >= THREADS )) || bench_die "CONNECTIONS must be >= THREADS"
(( H2_CLIENTS >= H2_THREADS )) || bench_die "H2_CLIENTS must be >= H2_THREADS"
(( PORT_BASE >= 1024 && PORT_BASE <= 65000 )) || bench_die "PORT_BASE must be in 1024..65000"
(( ROUNDS >= 3 )) || bench_log "WARNING: ROUNDS=$ROUNDS: medians of fewer than 3 rounds say little (fine for a harness check)"
bench_one_of ORDER fixed rotate
bench_words_in SECTIONS front embedded h2up spring h2front
bench_words_in MODES plain pipeline rate
read -ra SECTION_LIST <<<"$SECTIONS"
read -ra MODE_LIST <<<"$MODES"
has_mode() { [[ " ${MODE_LIST[*]} " == *" $1 "* ]]; }
has_section() { [[ " ${SECTION_LIST[*]} " == *" $1 "* ]]; }
bench_words_in FRONT_CONTENDERS backend lumen nginx haproxy light4j
bench_words_in EMBEDDED_CONTENDERS lumen light4j
bench_words_in H2UP_CONTENDERS lumen-h1 lumen-h2
bench_words_in SPRING_CONTENDERS spring lumen nginx haproxy light4j
bench_words_in H2FRONT_CONTENDERS lumen nginx haproxy backend
[[ -z "$PROXY_MAX_REQUEST_TIME" || "$PROXY_MAX_REQUEST_TIME" =~ ^[0-9]+$ ]] || bench_die "PROXY_MAX_REQUEST_TIME must be empty or milliseconds"
PROXY_ENV=()   # extra environment for the Java proxies (Lumen and light-4j alike)
if [[ -n "$PROXY_MAX_REQUEST_TIME" ]]; then PROXY_ENV+=("PROXY_MAXREQUESTTIME=$PROXY_MAX_REQUEST_TIME"); fi
read -ra LUMEN_ENV_LIST <<<"$LUMEN_ENV"
for w in "${LUMEN_ENV_LIST[@]}"; do
  [[ "$w" =~ ^[A-Z_][A-Z0-9_]*=.*$ ]] || bench_die "LUMEN_ENV: '$w' is not VAR=value"
done
read -ra SPRING_ARG_LIST <<<"$SPRING_ARGS"

section_contenders() {
  case "$1" in
    front) echo "$FRONT_CONTENDERS";; embedded) echo "$EMBEDDED_CONTENDERS";; h2up) echo "$H2UP_CONTENDERS";;
    spring) echo "$SPRING_CONTENDERS";; h2front) echo "$H2FRONT_CONTENDERS";;
  esac
}
# uses <kind>: does any selected section run this kind of process (lumen, light4j, nginx, ...)?
uses() {
  local kind="$1" s c
  for s in "${SECTION_LIST[@]}"; do
    case "$s:$kind" in
      spring:spring) return 0;;
      front:undertow|embedded:undertow|h2up:undertow|h2front:undertow) return 0;;
    esac
    for c in $(section_contenders "$s"); do
      [[ "${c%%-*}" == "$kind" ]] && return 0
    done
  done
  return 1
}

# --- tools, JDK, output ----------------------------------------------------------
# nginx, HAProxy and h2load come from Debian's packages, installed only when missing.
bench_require curl awk sort date timeout realpath
TOOLS=(wrk:wrk)
if uses nginx; then TOOLS+=(nginx:nginx); fi
if uses haproxy; then TOOLS+=(haproxy:haproxy); fi
if has_section h2front || has_mode rate; then TOOLS+=(h2load:nghttp2-client); fi
bench_ensure_tools "${TOOLS[@]}"
bench_find_java 21 "light-4j 2.3.3 needs Java 21+"

bench_out proxy
RUN_DIR="$BENCH_RUN_DIR"
TS="$BENCH_TS"
SUMMARY="$RUN_DIR/summary.md"
RESULTS="$RUN_DIR/results.tsv"
printf 'section\tmode\tcontender\tround\treq_per_s\tp99_or_mean_ms\terrors\tok\tfile\n' >"$RESULTS"

# --- build -------------------------------------------------------------------------
LUMEN_DEFAULT_JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar"
if uses lumen; then
  if [[ "$LUMEN_JAR" == "$LUMEN_DEFAULT_JAR" ]] && { [[ "$SKIP_BUILD" != 1 ]] || [[ ! -f "$LUMEN_JAR" ]]; }; then
    bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-lumen.log" -B -q -DskipTests package -pl proxy -am
  fi
  [[ -f "$LUMEN_JAR" ]] || bench_die "Lumen proxy jar not found: $LUMEN_JAR (leave Lumen out with e.g. FRONT_CONTENDERS=\"backend nginx haproxy light4j\", or set LUMEN_JAR)"
fi
if uses undertow; then bench_build_peer "$BENCH_DIR/undertow-baseline" "$UNDERTOW_JAR"; fi
if uses light4j || [[ "$LUMEN_JAR" == "$LIGHT4J_JAR" ]]; then bench_build_peer "$LIGHT4J_DIR" "$LIGHT4J_JAR"; fi
if has_section spring; then bench_build_peer "$BENCH_DIR/spring-backend" "$SPRING_JAR"; fi

# shellcheck source-path=SCRIPTDIR source=lib/servers.sh
source "$PROXY_DIR/lib/servers.sh"
# shellcheck source-path=SCRIPTDIR source=lib/fronts.sh
source "$PROXY_DIR/lib/fronts.sh"
# shellcheck source-path=SCRIPTDIR source=lib/checks.sh
source "$PROXY_DIR/lib/checks.sh"
# shellcheck source-path=SCRIPTDIR source=lib/load.sh
source "$PROXY_DIR/lib/load.sh"
# shellcheck source-path=SCRIPTDIR source=lib/report.sh
source "$PROXY_DIR/lib/report.sh"
for s in "${SECTION_LIST[@]}"; do
  # shellcheck source=/dev/null  # one of proxy/sections/*.sh
  source "$PROXY_DIR/sections/$s.sh"
done

# --- run -------------------------------------------------------------------------------------------
est=0
for s in "${SECTION_LIST[@]}"; do
  read -ra ids <<<"$(section_contenders "$s")"
  nm=${#MODE_LIST[@]}; [[ "$s" == h2front ]] && nm=1
  est=$(( est + ${#ids[@]} * nm * (WARMUP_DURATION + COOLDOWN + ROUNDS * (REWARM + DURATION + COOLDOWN)) ))
done
bench_log "command: $BENCH_CMDLINE"
bench_log "output: ${RUN_DIR#"$BENCH_REPO_ROOT"/}; load alone takes about $(( est / 60 )) min $(( est % 60 )) s, plus startups"

{
  echo "# Proxy benchmark ($TS)"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- Command: \`$BENCH_CMDLINE\`"
  echo "- Machine: \`nproc\` = $(nproc), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM; the load generator, the proxy and the backend share the cores, so compare ratios within a run, not absolute figures across runs"
  echo "- JDK: \`$BENCH_JAVA_HOME\` ($BENCH_JAVA_DESC); JAVA_OPTS: \`${JAVA_OPTS:-none}\`"
  echo "- Tools: $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)$(command -v nginx >/dev/null && echo ", $(nginx -v 2>&1 | sed 's/.*: //')")$(command -v haproxy >/dev/null && echo ", HAProxy $(haproxy -v 2>&1 | awk 'NR == 1 {print $3}')")$(command -v h2load >/dev/null && echo ", $(h2load --version 2>&1 | head -n 1)")"
  echo "- Repo: $(bench_commit)"
  echo "- Lumen: \`$LUMEN_JAR\` (cwd \`$LUMEN_WORKDIR\`)$([[ "$LUMEN_JAR" != "$LUMEN_DEFAULT_JAR" ]] && echo " -- **LUMEN_JAR is overridden: the Lumen rows are whatever that jar is**")"
  echo "- Procedure: per section, all its servers side by side on 127.0.0.1; one ${WARMUP_DURATION}s warm-up per contender and mode (discarded); $ROUNDS round(s) of ${DURATION}s, each run preceded by ${REWARM}s of discarded load on the same contender (REWARM), contenders $([[ "$ORDER" == rotate ]] && echo "rotated every round" || echo "in the same order every round"), ${COOLDOWN}s idle between runs. Proxies: $PROXY_THREADS IO threads / workers each; nginx keepalive $NGINX_KEEPALIVE to the upstream; HAProxy http-reuse always; X-Forwarded-For/-Proto/-Host/-Port set by nginx and HAProxy as by Lumen (FORWARDED_HEADERS): $([[ "$FORWARDED_HEADERS" == 1 ]] && echo yes || echo no)"
  echo "- Spread = (max - min) / median over the clean rounds. wrk records one latency per pipelined batch, so pipelined p99s are per batch of $PIPELINE. A run with any non-2xx response, socket error or failed h2 stream is FAILED: left out of medians and ratios, and the script exits non-zero."
  echo
} >"$SUMMARY"

for s in "${SECTION_LIST[@]}"; do
  "section_$s"
  trim_logs
done

if (( ${#HEADLINE[@]} > 0 )); then
  {
    echo "## Lumen's ratios, all sections (req/s, median / median; per-round range)"
    echo
    echo "| section | ratio | mode | median / median | per-round range | latency | CPU/request |"
    echo "|---|---|---|---:|---:|---:|---:|"
    printf '%s\n' "${HEADLINE[@]}"
    echo
    echo "\`$(bench_summary proxy "${HEADLINE_KV[@]}" "failed_runs=${#FAILED_RUNS[@]}")\`"
    echo
  } >>"$SUMMARY"
fi
if (( ${#FAILED_RUNS[@]} > 0 )); then
  { echo "## FAILED runs"; echo; printf -- '- %s\n' "${FAILED_RUNS[@]}"; echo; } >>"$SUMMARY"
fi
if (( ${#WARMUP_ISSUES[@]} > 0 )); then
  { echo "Warm-up runs with errors (discarded, not counted as failures):"; echo; printf -- '- %s\n' "${WARMUP_ISSUES[@]}"; echo; } >>"$SUMMARY"
fi
if [[ -n "$TOKEN_JAR_USED" ]]; then echo "Tokens minted with DevTokens from \`$TOKEN_JAR_USED\`." >>"$SUMMARY"; fi
echo "Raw outputs, generated nginx/HAProxy configs and server logs: \`benchmarks/out/proxy-$TS/\` (per-run figures in results.tsv)." >>"$SUMMARY"

echo
cat "$SUMMARY"
bench_log "summary written to $SUMMARY"
if (( ${#FAILED_RUNS[@]} > 0 )); then bench_die "${#FAILED_RUNS[@]} run(s) had errors (see FAILED runs above)"; fi

