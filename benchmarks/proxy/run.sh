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
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
PROXY_DIR="$BENCH_DIR/proxy"
(( $# == 0 )) || bench_die "proxy/run.sh takes no arguments: configure it with variables (see benchmarks/proxy/README.md)"

# Which knobs the caller set, before defaulting them, for the printed command line.
KNOBS=(SECTIONS MODES ORDER DURATION WARMUP_DURATION REWARM ROUNDS COOLDOWN THREADS CONNECTIONS PIPELINE
       H2_THREADS H2_CLIENTS H2_STREAMS PROXY_THREADS NGINX_KEEPALIVE FORWARDED_HEADERS
       FRONT_CONTENDERS EMBEDDED_CONTENDERS H2UP_CONTENDERS SPRING_CONTENDERS H2FRONT_CONTENDERS
       SKIP_BUILD BENCH_JAVA_HOME JAVA_OPTS LUMEN_JAR LUMEN_WORKDIR LUMEN_HTTP_CONFIG
       LUMEN_EMBEDDED_CONFIG LUMEN_EMBEDDED_READY LUMEN_TOKEN_KEY LUMEN_TOKEN_KID TOKEN_JAR
       PROXY_MAX_REQUEST_TIME LUMEN_ENV SPRING_ARGS PORT_BASE STARTUP_TIMEOUT KEEP_LOGS RUNS RATE)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"

# RUNS > 1: the whole benchmark RUNS times, each with fresh processes (fresh JVMs: one JVM's JIT
# makes its ratios 10% better or worse than the next one's) and its own output folder; at the end
# the median of every ratio of the proxy-bench lines and the sum of their failed runs.
RUNS="${RUNS:-1}"
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || bench_die "RUNS must be a positive integer, got '$RUNS'"
if (( RUNS > 1 )); then
  bench_log "command: $CMDLINE"
  run_lines=(); run_status=0
  for (( run = 1; run <= RUNS; run++ )); do
    run_out="$(mktemp)"
    bench_log "run $run/$RUNS; load before: $(uptime | sed 's/.*load average/load average/')"
    # only the first run builds
    if ! RUNS=1 SKIP_BUILD="$( (( run > 1 )) && echo 1 || echo "${SKIP_BUILD:-0}")" "$0" 2>&1 | tee "$run_out"; then
      run_status=1
    fi
    line="$(grep -o 'proxy-bench [^`]*' "$run_out" | tail -n 1 || true)"
    rm -f "$run_out"
    [[ -n "$line" ]] || bench_die "run $run printed no proxy-bench line"
    run_lines+=("$line")
  done
  out="proxy-bench"; failed=0
  for kv in ${run_lines[0]#proxy-bench }; do
    key="${kv%%=*}"
    [[ "$key" == failed_runs ]] && continue
    mapfile -t vals < <(printf '%s\n' "${run_lines[@]}" | grep -o " $key=[0-9.NA]*" | cut -d= -f2 | grep -v NA || true)
    out+=" $key=$(bench_fmt '%.3f' "$(bench_median "${vals[@]}")")"
  done
  for line in "${run_lines[@]}"; do failed=$(( failed + ${line##*failed_runs=} )); done
  echo
  echo "Per run (fresh processes each):"
  printf '  %s\n' "${run_lines[@]}"
  echo
  echo "Median over the $RUNS runs:"
  echo "$out failed_runs=$failed"
  exit "$run_status"
fi

SECTIONS="${SECTIONS:-front embedded h2up spring h2front}"
MODES="${MODES:-plain pipeline}"   # plain (wrk, no pipelining), pipeline (wrk, PIPELINE deep), rate (h2load --h1, open loop at RATE)
ORDER="${ORDER:-rotate}"           # rotate: A B C, B C A, ...; fixed: A B C every round
DURATION="${DURATION:-10}"
# 20 s: under this load HotSpot is still compiling the JVM contenders' request path 10-15 s in
# (-XX:+PrintCompilation), and a round measured before that charges Lumen and light-4j for the JIT.
WARMUP_DURATION="${WARMUP_DURATION:-20}"
# REWARM: seconds of discarded load on a contender right before each of its measured runs. While the
# others are measured it idles, and HotSpot then throws away its compiled XNIO event loop
# (WorkerThread.run "made not entrant: uncommon trap": the idle path was never taken under load)
# and recompiles it during the next run: -XX:+PrintCompilation counted 180 compilations in a round
# after 22 s idle against 38 in a round right after another; in eight hand-made pairs such a
# round was slower in five (by 3-15%) and not in three. nginx and HAProxy get the same re-warm. 0 turns it off.
REWARM="${REWARM:-5}"
ROUNDS="${ROUNDS:-3}"
COOLDOWN="${COOLDOWN:-1}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"
PIPELINE="${PIPELINE:-16}"
# mode rate: every connection sends RATE requests a second on a fixed schedule (h2load --rps), whether
# or not the answers keep up (an open loop), so every contender gets the same offered load
# (RATE x CONNECTIONS req/s) and latencies compare at equal load, not at each one's saturation.
RATE="${RATE:-250}"
H2_THREADS="${H2_THREADS:-2}"
H2_CLIENTS="${H2_CLIENTS:-16}"
H2_STREAMS="${H2_STREAMS:-16}"
PROXY_THREADS="${PROXY_THREADS:-2}"    # nginx workers, HAProxy threads, Lumen/light-4j IO threads
NGINX_KEEPALIVE="${NGINX_KEEPALIVE:-64}"
# 1: nginx and HAProxy add X-Forwarded-For, -Proto, -Host and -Port to every upstream request, as
# Lumen's proxy does (issue 7 requires it; with reuseXForwarded false it sets all four); 0: their
# bare defaults (nginx sends none of them, HAProxy none without 'option forwardfor').
FORWARDED_HEADERS="${FORWARDED_HEADERS:-1}"
[[ "$FORWARDED_HEADERS" == 0 || "$FORWARDED_HEADERS" == 1 ]] || bench_die "FORWARDED_HEADERS must be 0 or 1, got '$FORWARDED_HEADERS'"
# proxy.maxRequestTime (ms) for Lumen and light-4j (PROXY_MAXREQUESTTIME); empty: their default (1000
# in both), which answers 503/504 when a busy 2-core box pushes a response past one second.
PROXY_MAX_REQUEST_TIME="${PROXY_MAX_REQUEST_TIME:-}"
LUMEN_ENV="${LUMEN_ENV:-}"     # extra VAR=value words for every Lumen process, e.g. PROXY_CONNECTIONSPERTHREAD=64
SPRING_ARGS="${SPRING_ARGS:-}" # extra Spring Boot arguments, e.g. --server.tomcat.max-keep-alive-requests=-1
FRONT_CONTENDERS="${FRONT_CONTENDERS:-backend lumen nginx haproxy light4j}"
EMBEDDED_CONTENDERS="${EMBEDDED_CONTENDERS:-lumen light4j}"
H2UP_CONTENDERS="${H2UP_CONTENDERS:-lumen-h1 lumen-h2}"
SPRING_CONTENDERS="${SPRING_CONTENDERS:-spring lumen}"
H2FRONT_CONTENDERS="${H2FRONT_CONTENDERS:-lumen nginx haproxy}"
SKIP_BUILD="${SKIP_BUILD:-0}"
JAVA_OPTS="${JAVA_OPTS:-}"
LUMEN_JAR="$(realpath -m "${LUMEN_JAR:-$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar}")"
LUMEN_WORKDIR="$(realpath -m "${LUMEN_WORKDIR:-$BENCH_REPO_ROOT}")"
LUMEN_HTTP_CONFIG="${LUMEN_HTTP_CONFIG:-config/proxy/http}"          # relative to LUMEN_WORKDIR
LUMEN_EMBEDDED_CONFIG="${LUMEN_EMBEDDED_CONFIG:-config/proxy/embedded}"
LUMEN_EMBEDDED_READY="${LUMEN_EMBEDDED_READY:-/health}"
LUMEN_TOKEN_KEY="$(realpath -m "${LUMEN_TOKEN_KEY:-$BENCH_REPO_ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem}")"
LUMEN_TOKEN_KID="${LUMEN_TOKEN_KID:-petstore-dev-1}"
TOKEN_JAR="${TOKEN_JAR:-}"             # default: LUMEN_JAR, else petstore-example/target/petstore.jar
PORT_BASE="${PORT_BASE:-18200}"
STARTUP_TIMEOUT="${STARTUP_TIMEOUT:-60}"
KEEP_LOGS="${KEEP_LOGS:-0}"

REFERENCE_BODY='[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]'
REFERENCE_CT="application/json"
UNDERTOW_JAR="$BENCH_DIR/undertow-baseline/target/undertow-baseline.jar"
LIGHT4J_DIR="$BENCH_DIR/light4j-petstore"
LIGHT4J_JAR="$LIGHT4J_DIR/target/light4j-petstore.jar"
LIGHT4J_KEY="$LIGHT4J_DIR/keys/l4jkid.key.pem"
SPRING_JAR="$BENCH_DIR/spring-backend/target/spring-backend.jar"
PIPELINE_LUA="$BENCH_DIR/pipeline.lua"
AUTH_LUA="$PROXY_DIR/auth-pipeline.lua"

# --- validate the knobs --------------------------------------------------------
for k in DURATION WARMUP_DURATION REWARM ROUNDS COOLDOWN THREADS CONNECTIONS PIPELINE H2_THREADS H2_CLIENTS \
         H2_STREAMS PROXY_THREADS NGINX_KEEPALIVE PORT_BASE STARTUP_TIMEOUT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
(( DURATION >= 1 && ROUNDS >= 1 && THREADS >= 1 && CONNECTIONS >= THREADS && PIPELINE >= 1 )) \
  || bench_die "DURATION, ROUNDS, THREADS, PIPELINE must be >= 1 and CONNECTIONS >= THREADS"
(( H2_THREADS >= 1 && H2_CLIENTS >= H2_THREADS && H2_STREAMS >= 1 && PROXY_THREADS >= 1 )) \
  || bench_die "H2_THREADS, H2_STREAMS, PROXY_THREADS must be >= 1 and H2_CLIENTS >= H2_THREADS"
(( PORT_BASE >= 1024 && PORT_BASE <= 65000 )) || bench_die "PORT_BASE must be in 1024..65000"
(( ROUNDS >= 3 )) || bench_log "WARNING: ROUNDS=$ROUNDS: medians of fewer than 3 rounds say little (fine for a harness check)"
[[ "$ORDER" == fixed || "$ORDER" == rotate ]] || bench_die "ORDER must be fixed or rotate, got '$ORDER'"
read -ra SECTION_LIST <<<"$SECTIONS"
read -ra MODE_LIST <<<"$MODES"
(( ${#SECTION_LIST[@]} > 0 )) || bench_die "SECTIONS is empty"
for s in "${SECTION_LIST[@]}"; do
  case "$s" in front|embedded|h2up|spring|h2front) ;; *) bench_die "unknown section '$s' (front embedded h2up spring h2front)";; esac
done
for m in "${MODE_LIST[@]}"; do
  case "$m" in plain|pipeline|rate) ;; *) bench_die "unknown mode '$m' in MODES (plain pipeline rate)";; esac
done
[[ "$RATE" =~ ^[1-9][0-9]*$ ]] || bench_die "RATE must be a positive integer (requests a second per connection), got '$RATE'"
has_mode() { [[ " ${MODE_LIST[*]} " == *" $1 "* ]]; }
has_section() { [[ " ${SECTION_LIST[*]} " == *" $1 "* ]]; }
if has_section front || has_section embedded || has_section h2up || has_section spring; then
  (( ${#MODE_LIST[@]} > 0 )) || bench_die "MODES is empty"
fi
check_contenders() {  # check_contenders <knob> <allowed...>
  local knob="$1" c; shift
  local allowed=" $* "
  for c in ${!knob}; do
    [[ "$allowed" == *" $c "* ]] || bench_die "$knob: unknown contender '$c' (allowed: $*)"
  done
}
check_contenders FRONT_CONTENDERS backend lumen nginx haproxy light4j
check_contenders EMBEDDED_CONTENDERS lumen light4j
check_contenders H2UP_CONTENDERS lumen-h1 lumen-h2
check_contenders SPRING_CONTENDERS spring lumen nginx haproxy light4j
check_contenders H2FRONT_CONTENDERS lumen nginx haproxy backend
read -ra JOPTS <<<"$JAVA_OPTS"
[[ -z "$PROXY_MAX_REQUEST_TIME" || "$PROXY_MAX_REQUEST_TIME" =~ ^[0-9]+$ ]] || bench_die "PROXY_MAX_REQUEST_TIME must be empty or milliseconds"
PROXY_ENV=()   # extra environment for the Java proxies (Lumen and light-4j alike)
if [[ -n "$PROXY_MAX_REQUEST_TIME" ]]; then PROXY_ENV+=("PROXY_MAXREQUESTTIME=$PROXY_MAX_REQUEST_TIME"); fi
read -ra LUMEN_ENV_LIST <<<"$LUMEN_ENV"
for w in "${LUMEN_ENV_LIST[@]}"; do
  [[ "$w" =~ ^[A-Z_][A-Z0-9_]*=.*$ ]] || bench_die "LUMEN_ENV: '$w' is not VAR=value"
done
read -ra SPRING_ARG_LIST <<<"$SPRING_ARGS"

# Does any selected section run this kind of process?
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
section_contenders() {
  case "$1" in
    front) echo "$FRONT_CONTENDERS";; embedded) echo "$EMBEDDED_CONTENDERS";; h2up) echo "$H2UP_CONTENDERS";;
    spring) echo "$SPRING_CONTENDERS";; h2front) echo "$H2FRONT_CONTENDERS";;
  esac
}

# --- tools -----------------------------------------------------------------------
# nginx, HAProxy and h2load come from Debian's packages, installed only when missing (as root,
# like bench_ensure_wrk; never with sudo).
ensure_tools() {
  local need=() t
  if uses nginx; then command -v nginx >/dev/null 2>&1 || need+=(nginx); fi
  if uses haproxy; then command -v haproxy >/dev/null 2>&1 || need+=(haproxy); fi
  if has_section h2front || has_mode rate; then command -v h2load >/dev/null 2>&1 || need+=(nghttp2-client); fi
  (( ${#need[@]} > 0 )) || return 0
  [[ "$(id -u)" -eq 0 ]] || bench_die "missing ${need[*]} and we are not root: install them (sudo apt-get install -y ${need[*]}) and re-run"
  bench_log "installing ${need[*]} with apt-get"
  if ! { timeout 600 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq "${need[@]}"; } >&2; then
    bench_die "apt-get install ${need[*]} failed"
  fi
  for t in nginx haproxy h2load; do
    case "$t" in
      nginx) uses nginx || continue;; haproxy) uses haproxy || continue;; h2load) has_section h2front || has_mode rate || continue;;
    esac
    command -v "$t" >/dev/null 2>&1 || bench_die "$t still not on PATH after the install"
  done
}

bench_require curl awk sort date timeout realpath
bench_ensure_wrk
ensure_tools
bench_find_java
(( BENCH_JAVA_MAJOR >= 21 )) || bench_die "light-4j 2.3.3 needs Java 21+, found $BENCH_JAVA_MAJOR: set BENCH_JAVA_HOME"

TS="$(date -u +%Y%m%dT%H%M%SZ)"
RUN_DIR="$BENCH_DIR/out/proxy-$TS"
SUMMARY="$RUN_DIR/summary.md"
RESULTS="$RUN_DIR/results.tsv"
mkdir -p "$RUN_DIR"
printf 'section\tmode\tcontender\tround\treq_per_s\tp99_or_mean_ms\terrors\tok\tfile\n' >"$RESULTS"

trap 'bench_stop_all' EXIT
trap 'exit 130' INT TERM

# --- build -------------------------------------------------------------------------
uses_lumen() {
  local s c
  for s in "${SECTION_LIST[@]}"; do
    for c in $(section_contenders "$s"); do [[ "$c" == lumen* ]] && return 0; done
  done
  return 1
}
uses_light4j() {  # the light-4j jar also serves as token minter's peer key holder
  local s c
  for s in "${SECTION_LIST[@]}"; do
    for c in $(section_contenders "$s"); do [[ "$c" == light4j ]] && return 0; done
  done
  return 1
}
LUMEN_DEFAULT_JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar"
if uses_lumen; then
  if [[ "$LUMEN_JAR" == "$LUMEN_DEFAULT_JAR" ]] && { [[ "$SKIP_BUILD" != 1 ]] || [[ ! -f "$LUMEN_JAR" ]]; }; then
    BENCH_MVN=./mvnw bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-lumen.log" -B -q -DskipTests package -pl proxy -am
  fi
  [[ -f "$LUMEN_JAR" ]] || bench_die "Lumen proxy jar not found: $LUMEN_JAR (leave Lumen out with e.g. FRONT_CONTENDERS=\"backend nginx haproxy light4j\", or set LUMEN_JAR)"
fi
build_peer() {  # build_peer <dir> <jar> <name>: unless SKIP_BUILD=1 and the jar exists
  if [[ "$SKIP_BUILD" != 1 ]] || [[ ! -f "$2" ]]; then
    bench_mvn_build "$1" "$RUN_DIR/build-$3.log" -q package
  fi
  [[ -f "$2" ]] || bench_die "$3 jar not found after the build: $2"
}
if has_section front || has_section embedded || has_section h2up || has_section h2front; then
  build_peer "$BENCH_DIR/undertow-baseline" "$UNDERTOW_JAR" undertow-baseline
fi
if uses_light4j || [[ "$LUMEN_JAR" == "$LIGHT4J_JAR" ]]; then
  build_peer "$LIGHT4J_DIR" "$LIGHT4J_JAR" light4j-petstore
fi
if has_section spring; then
  build_peer "$BENCH_DIR/spring-backend" "$SPRING_JAR" spring-backend
fi

# --- bookkeeping ---------------------------------------------------------------------
declare -A C_PORT=() C_LABEL=() C_PID=() C_CMD=() C_H2=() C_TOKEN=() C_RSS=()
declare -A RPS=() LAT=() OK=() ERRSUM=() CPU=() BCPU=()
BACKEND_ID=""      # the id of the section's backend, whose CPU per request is recorded beside each proxy's
FAILED_RUNS=()
WARMUP_ISSUES=()
HEADLINE=()       # Lumen's ratios from every section, repeated at the end of the summary
HEADLINE_KV=()    # the same as key=value words for the last line
SEC=""            # the section being run
SEC_PATH=""       # the request path of the section
SEC_IDS=()        # its contenders, in round order
SEC_MODES=()      # its load modes: plain/pipeline (wrk) or h2 (h2load)
SEC_STARTED=()    # pids started for the section, stopped at its end
SEC_ALL=()        # every server of the section (measured or not), in start order

port_of_role() {  # fixed offsets from PORT_BASE, so logs and commands are easy to read
  case "$1" in
    backend|spring) echo $(( PORT_BASE ));; lumen) echo $(( PORT_BASE + 1 ));; nginx) echo $(( PORT_BASE + 2 ));;
    haproxy) echo $(( PORT_BASE + 3 ));; light4j) echo $(( PORT_BASE + 4 ));; lumen-h1) echo $(( PORT_BASE + 5 ));;
    lumen-h2) echo $(( PORT_BASE + 6 ));;
  esac
}

# start <id> <label> <port> <ready-path> <h2 0|1> <command...>: starts a server, waits for a 200 on
# the ready path (over h2c prior knowledge when h2=1), records it.
start() {
  local id="$1" label="$2" port="$3" ready="$4" h2="$5"; shift 5
  bench_port_free "$port"
  BENCH_CURL_ARGS=()
  if [[ "$h2" == 1 ]]; then BENCH_CURL_ARGS=(--http2-prior-knowledge); fi
  bench_start "$RUN_DIR/server-$SEC-$id.log" "http://127.0.0.1:$port$ready" "$STARTUP_TIMEOUT" "$@"
  BENCH_CURL_ARGS=()
  C_PID[$id]="$BENCH_PID"; C_PORT[$id]="$port"; C_LABEL[$id]="$label"; C_H2[$id]="$h2"
  C_CMD[$id]="$(printf '%q ' "$@")"; C_CMD[$id]="${C_CMD[$id]% }"   # shell-quoted: copy-pasteable
  SEC_STARTED+=("$BENCH_PID"); SEC_ALL+=("$id")
  bench_log "[$SEC] $label up on 127.0.0.1:$port (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
}

start_undertow() {  # start_undertow <id> <http2 true|false>
  local p; p="$(port_of_role backend)"
  start "$1" "backend alone (undertow-baseline$([[ "$2" == true ]] && echo ", HTTP2=true"))" "$p" /v1/pets 0 \
    env -C "$BENCH_DIR/undertow-baseline" PORT="$p" HOST=127.0.0.1 HTTP2="$2" "$BENCH_JAVA" "${JOPTS[@]}" -jar "$UNDERTOW_JAR"
}
start_spring() {
  local p; p="$(port_of_role spring)"
  start spring "Spring Boot 3.5 alone" "$p" /v1/pets 0 \
    env -C "$BENCH_DIR/spring-backend" PORT="$p" "$BENCH_JAVA" "${JOPTS[@]}" -jar "$SPRING_JAR" "${SPRING_ARG_LIST[@]}"
}
# start_lumen <id> <label> <config dir> <ready path> <h2 front 0|1> [VAR=value...]
start_lumen() {
  local id="$1" label="$2" cfg="$3" ready="$4" h2="$5"; shift 5
  local p; p="$(port_of_role "$id")"
  local dirs d
  IFS=: read -ra dirs <<<"$cfg"   # Lumen takes a ':'-separated list of config folders
  for d in "${dirs[@]}"; do
    [[ -d "$LUMEN_WORKDIR/$d" || ( "$d" == /* && -d "$d" ) ]] \
      || bench_die "[$SEC] Lumen config folder '$d' not found under $LUMEN_WORKDIR (leave Lumen out of ${SEC^^}_CONTENDERS, or set LUMEN_HTTP_CONFIG / LUMEN_EMBEDDED_CONFIG)"
  done
  start "$id" "$label" "$p" "$ready" "$h2" \
    env -C "$LUMEN_WORKDIR" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 SERVER_IOTHREADS="$PROXY_THREADS" \
    SERVER_ENABLEHTTP2="$([[ "$h2" == 1 ]] && echo true || echo false)" PROXY_HOSTS="$UPSTREAM" "${PROXY_ENV[@]}" "$@" "${LUMEN_ENV_LIST[@]}" \
    "$BENCH_JAVA" "${JOPTS[@]}" "-Dlight-4j-config-dir=$cfg" -jar "$LUMEN_JAR"
}
# start_light4j <id> <label> <config dir under light4j-petstore> <ready path>
start_light4j() {
  local id="$1" p; p="$(port_of_role light4j)"
  mkdir -p "$RUN_DIR/light4j-tmp-$SEC"   # its logback writes the audit file to java.io.tmpdir
  start "$id" "$2" "$p" "$4" 0 \
    env -C "$LIGHT4J_DIR" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 SERVER_IOTHREADS="$PROXY_THREADS" PROXY_HOSTS="$UPSTREAM" "${PROXY_ENV[@]}" \
    "$BENCH_JAVA" "${JOPTS[@]}" "-Djava.io.tmpdir=$RUN_DIR/light4j-tmp-$SEC" "-Dlight-4j-config-dir=$3" -jar "$LIGHT4J_JAR"
}
# start_nginx <h2 0|1>: nginx in the foreground with a generated config (UPSTREAM_PORT).
start_nginx() {
  local h2="$1" p d listen
  p="$(port_of_role nginx)"; d="$RUN_DIR/nginx-$SEC"
  mkdir -p "$d/tmp"
  listen="127.0.0.1:$p"
  if [[ "$h2" == 1 ]]; then listen+=" http2"; fi   # without ssl: h2c by prior knowledge only
  local forwarded=""
  if [[ "$FORWARDED_HEADERS" == 1 ]]; then   # what Lumen sends with reuseXForwarded: false
    forwarded='proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Port $server_port;'
  fi
  cat >"$d/nginx.conf" <<EOF
# generated by benchmarks/proxy/run.sh (section $SEC)
worker_processes $PROXY_THREADS;
pid $d/nginx.pid;
error_log $d/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $d/tmp/body;
  proxy_temp_path $d/tmp/proxy;
  fastcgi_temp_path $d/tmp/fastcgi;
  uwsgi_temp_path $d/tmp/uwsgi;
  scgi_temp_path $d/tmp/scgi;
  # client side: never close a keep-alive (or h2) connection because of a request count
  keepalive_timeout 75s;
  keepalive_requests 100000000;
  upstream backend {
    server 127.0.0.1:$UPSTREAM_PORT;
    keepalive $NGINX_KEEPALIVE;
    keepalive_requests 100000000;
    keepalive_timeout 60s;
  }
  server {
    listen $listen;
    location / {
      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      $forwarded
    }
  }
}
EOF
  start nginx "nginx $(nginx -v 2>&1 | sed 's|.*nginx/||')$([[ "$h2" == 1 ]] && echo " (h2c)")" "$p" "$SEC_READY" "$h2" \
    nginx -e stderr -p "$d" -c "$d/nginx.conf" -g 'daemon off;'
}
# start_haproxy <h2 0|1>: HAProxy in the foreground (-db) with a generated config.
start_haproxy() {
  local h2="$1" p d bind
  p="$(port_of_role haproxy)"; d="$RUN_DIR/haproxy-$SEC"
  mkdir -p "$d"
  bind="127.0.0.1:$p"
  if [[ "$h2" == 1 ]]; then bind+=" proto h2"; fi
  local forwarded=""
  if [[ "$FORWARDED_HEADERS" == 1 ]]; then   # what Lumen sends with reuseXForwarded: false
    forwarded='  # X-Forwarded-* replaced, as Lumen does with reuseXForwarded: false
  http-request del-header X-Forwarded-For
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  http-request set-header X-Forwarded-Host %[req.hdr(host)]
  http-request set-header X-Forwarded-Port %[dst_port]'
  fi
  cat >"$d/haproxy.cfg" <<EOF
# generated by benchmarks/proxy/run.sh (section $SEC); no log target: nothing is logged
global
  nbthread $PROXY_THREADS
  maxconn 4096

defaults
  mode http
  option http-keep-alive
  # idle server connections are shared by all client connections
  http-reuse always
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 60s

frontend fe
  bind $bind
  default_backend be

backend be
$forwarded
  server s1 127.0.0.1:$UPSTREAM_PORT
EOF
  haproxy -c -q -f "$d/haproxy.cfg" >"$d/check.log" 2>&1 || { cat "$d/check.log" >&2; bench_die "haproxy rejected $d/haproxy.cfg"; }
  start haproxy "HAProxy $(haproxy -v 2>&1 | awk 'NR == 1 {print $3}')$([[ "$h2" == 1 ]] && echo " (h2c)")" "$p" "$SEC_READY" "$h2" \
    haproxy -db -f "$d/haproxy.cfg"
}

stop_section() {
  local pid id
  for id in "${!C_PID[@]}"; do C_RSS[$SEC:$id]="$(rss_tree_kb "${C_PID[$id]}")"; done
  for pid in "${SEC_STARTED[@]}"; do bench_stop "$pid"; done
  SEC_STARTED=()
  C_PID=()
}
# rss_tree_kb <pid>: RSS of the process plus its direct children (nginx workers), KiB.
rss_tree_kb() {
  local total=0 p r
  for p in $(bench_pid_tree "$1"); do
    r="$(bench_rss_kb "$p")"; [[ "$r" == NA ]] || total=$(( total + r ))
  done
  echo "$total"
}

# --- checks before measuring --------------------------------------------------------------
# fetch <id> <path> [curl args...]: sets F_CODE, F_BODY, F_CT, F_PROTO (HTTP version).
fetch() {
  local id="$1" path="$2" hdr; shift 2
  local args=(-s --max-time 10 -D "$RUN_DIR/headers-$SEC-$id.txt" -o "$RUN_DIR/body-$SEC-$id.txt" -w '%{http_code} %{http_version}')
  if [[ "${C_H2[$id]}" == 1 ]]; then args+=(--http2-prior-knowledge); fi
  local out
  out="$(curl "${args[@]}" "$@" "http://127.0.0.1:${C_PORT[$id]}$path")" || bench_die "[$SEC] ${C_LABEL[$id]}: GET $path failed"
  read -r F_CODE F_PROTO <<<"$out"
  F_BODY="$(cat "$RUN_DIR/body-$SEC-$id.txt")"
  hdr="$(tr -d '\r' <"$RUN_DIR/headers-$SEC-$id.txt")"
  F_CT="$(awk -F': *' 'tolower($1) == "content-type" {v = $2} END {print v}' <<<"$hdr")"
}
# check_reference <id> [curl args...]: 200, the reference body and media type on SEC_PATH.
check_reference() {
  local id="$1"; shift
  fetch "$id" "$SEC_PATH" "$@"
  [[ "$F_CODE" == 200 ]] || { printf '%s\n' "$F_BODY" >&2; bench_die "[$SEC] ${C_LABEL[$id]} answered $F_CODE on $SEC_PATH"; }
  if [[ "$F_BODY" != "$REFERENCE_BODY" ]]; then
    printf 'expected: %s\n     got: %s\n' "$REFERENCE_BODY" "$F_BODY" >&2
    bench_die "[$SEC] ${C_LABEL[$id]} returned a different body"
  fi
  [[ "$F_CT" == "$REFERENCE_CT" ]] || bench_die "[$SEC] ${C_LABEL[$id]} answered Content-Type '$F_CT', expected '$REFERENCE_CT'"
  if [[ "${C_H2[$id]}" == 1 && "$F_PROTO" != 2* ]]; then
    bench_die "[$SEC] ${C_LABEL[$id]} answered over HTTP/$F_PROTO, expected HTTP/2"
  fi
  bench_log "[$SEC] ${C_LABEL[$id]}: 200, reference body and Content-Type (HTTP/$F_PROTO)"
}
# expect_status <id> <path> <status> <what> [curl args...]
expect_status() {
  local id="$1" path="$2" want="$3" what="$4"; shift 4
  fetch "$id" "$path" "$@"
  [[ "$F_CODE" == "$want" ]] || { printf '%s\n' "$F_BODY" >&2; bench_die "[$SEC] ${C_LABEL[$id]}: $what answered $F_CODE, expected $want"; }
  bench_log "[$SEC] ${C_LABEL[$id]}: $what -> $F_CODE as expected"
}

# --- load -----------------------------------------------------------------------------------
# load_cmd <id> <mode> <duration> [show]: fills LOAD with the wrk / h2load command line; with
# "show", for printing: placeholders instead of the token text and the run's log file.
load_cmd() {
  local id="$1" mode="$2" d="$3" base="http://127.0.0.1:${C_PORT[$1]}" tok="${C_TOKEN[$1]:-}"
  local show="${4:-}" log auth
  case "$mode" in
    plain)
      if [[ -n "$tok" ]]; then
        LOAD=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${d}s" --latency -s "$AUTH_LUA" "$base" -- "$SEC_PATH" 1 "$tok")
      else
        LOAD=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${d}s" --latency "$base$SEC_PATH")
      fi;;
    pipeline)
      if [[ -n "$tok" ]]; then
        LOAD=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${d}s" --latency -s "$AUTH_LUA" "$base" -- "$SEC_PATH" "$PIPELINE" "$tok")
      else
        LOAD=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${d}s" --latency -s "$PIPELINE_LUA" "$base" -- "$SEC_PATH" "$PIPELINE")
      fi;;
    rate)   # one latency per request in LOAD_LOG (h2load's log: start, status, duration in us)
      log="$LOAD_LOG"; auth=""
      if [[ -n "$tok" ]]; then auth="Authorization: Bearer $(cat "$tok")"; fi
      if [[ "$show" == show ]]; then
        log="<round file>.requests.tsv"
        if [[ -n "$tok" ]]; then auth="Authorization: Bearer <token file's text>"; fi
      fi
      LOAD=(h2load --h1 "-t$THREADS" "-c$CONNECTIONS" "--rps=$RATE" -D "$d" "--log-file=$log")
      if [[ -n "$auth" ]]; then LOAD+=(-H "$auth"); fi
      LOAD+=("$base$SEC_PATH");;
    h2)
      LOAD=(h2load "-t$H2_THREADS" "-c$H2_CLIENTS" "-m$H2_STREAMS" -D "$d" "$base$SEC_PATH");;
  esac
}
LOAD_LOG=/dev/null

# h2load_p99 <log file>: the 99th percentile of the request durations in an h2load --log-file, in
# ms (NA when the log is empty).
h2load_p99() {
  awk -F'\t' '{ print $3 }' "$1" | sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "NA"; exit }
    i = int(NR * 0.99 + 0.5); if (i < 1) i = 1; if (i > NR) i = NR
    printf "%.3f\n", v[i] / 1000 }'
}

# h2load_parse <file>: prints "req/s mean-ms errors done", errors = failed + errored + timeout +
# non-2xx status codes.
h2load_parse() {
  awk '
    function ms(v,   n, u) {
      n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
      if (u == "us") return n / 1000
      if (u == "ms") return n
      if (u == "s")  return n * 1000
      return "NA"
    }
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

# run_load <id> <mode> <duration> <file>: one bounded run; sets L_RPS L_LAT L_ERR L_OK (1 = clean).
# Also sets L_CPU and L_BCPU: CPU microseconds per request of the contender's processes and of the
# section's backend (NA when the contender is the backend itself).
run_load() {
  local id="$1" mode="$2" d="$3" f="$4" rc=0 non2xx sockerr ndone reqs c0 c1 b0=NA b1=NA
  local bpid="${C_PID[${BACKEND_ID:-}]:-}"
  [[ "$bpid" == "${C_PID[$id]}" ]] && bpid=""
  LOAD_LOG="${f%.txt}.requests.tsv"
  load_cmd "$id" "$mode" "$d"
  c0="$(bench_cpu_ticks "${C_PID[$id]}")"; [[ -n "$bpid" ]] && b0="$(bench_cpu_ticks "$bpid")"
  timeout $(( d + 30 )) "${LOAD[@]}" >"$f" 2>&1 || rc=$?
  c1="$(bench_cpu_ticks "${C_PID[$id]}")"; [[ -n "$bpid" ]] && b1="$(bench_cpu_ticks "$bpid")"
  kill -0 "${C_PID[$id]}" 2>/dev/null || bench_die "[$SEC] ${C_LABEL[$id]} died under load (log: $RUN_DIR/server-$SEC-$id.log)"
  L_OK=1
  if [[ "$mode" == h2 || "$mode" == rate ]]; then
    read -r L_RPS L_LAT L_ERR ndone < <(h2load_parse "$f")
    (( ndone > 0 )) || L_OK=0
    reqs="$ndone"
    if [[ "$mode" == rate ]]; then
      L_LAT="$(h2load_p99 "$LOAD_LOG")"
      gzip -f "$LOAD_LOG"   # 300K+ lines a run; kept for other percentiles (zcat)
    fi
  else
    read -r L_RPS _ _ _ L_LAT non2xx sockerr < <(bench_wrk_parse "$f")
    L_ERR=$(( non2xx + sockerr ))
    reqs="$(bench_wrk_requests "$f")"
    (( reqs > 0 )) || L_OK=0
    # wrk 4.1.0 sometimes prints "99% 0.00us" under heavy load: no p99 for that run
    if [[ "$L_LAT" != NA ]] && awk -v v="$L_LAT" 'BEGIN { exit !(v <= 0) }'; then L_LAT=NA; fi
  fi
  if (( rc != 0 )) || [[ "$L_RPS" == NA ]] || (( L_ERR > 0 )); then L_OK=0; fi
  L_CPU="$(bench_cpu_us_per_req "$c0" "$c1" "$reqs")"
  L_BCPU="$(bench_cpu_us_per_req "$b0" "$b1" "$reqs")"
  if (( L_OK == 0 )); then
    bench_log "[$SEC] FAILED RUN: ${C_LABEL[$id]} $mode: exit $rc, $L_ERR errors (non-2xx/socket errors/failed streams), req/s $L_RPS ($f)"
    sed -n '1,40p' "$f" >&2
  fi
}

# measure: one warm-up per (contender, mode), discarded; then ROUNDS rounds; in each round every
# mode, and within a mode every contender, in rotated order when ORDER=rotate.
measure() {
  local id mode r k f order
  (( ${#SEC_IDS[@]} > 0 )) || bench_die "[$SEC] no contender selected (see ${SEC^^}_CONTENDERS)"
  for mode in "${SEC_MODES[@]}"; do
    for id in "${SEC_IDS[@]}"; do
      bench_log "[$SEC] warm-up ${C_LABEL[$id]} $mode (${WARMUP_DURATION}s, discarded)"
      run_load "$id" "$mode" "$WARMUP_DURATION" "$RUN_DIR/$SEC-$mode-$id-warmup.txt"
      if (( L_OK == 0 )); then WARMUP_ISSUES+=("$SEC $mode ${C_LABEL[$id]}: $L_ERR errors, $L_RPS req/s ($SEC-$mode-$id-warmup.txt)"); fi
      sleep "$COOLDOWN"
    done
  done
  LOAD_START[$SEC]="$(cut -d' ' -f1-3 /proc/loadavg)"
  for (( r = 1; r <= ROUNDS; r++ )); do
    order=("${SEC_IDS[@]}")
    if [[ "$ORDER" == rotate ]]; then
      k=$(( (r - 1) % ${#SEC_IDS[@]} ))
      order=("${SEC_IDS[@]:k}" "${SEC_IDS[@]:0:k}")
    fi
    for mode in "${SEC_MODES[@]}"; do
      for id in "${order[@]}"; do
        f="$RUN_DIR/$SEC-$mode-$id-round$r.txt"
        if (( REWARM > 0 )); then   # discarded; see REWARM
          run_load "$id" "$mode" "$REWARM" "$RUN_DIR/$SEC-$mode-$id-round$r-rewarm.txt" >/dev/null 2>&1 || true
        fi
        run_load "$id" "$mode" "$DURATION" "$f"
        k="$SEC|$mode|$id|$r"
        # shellcheck disable=SC2034  # LAT is read through the nameref in good_values
        { RPS[$k]="$L_RPS"; LAT[$k]="$L_LAT"; OK[$k]="$L_OK"; CPU[$k]="$L_CPU"; BCPU[$k]="$L_BCPU"; }
        ERRSUM[$SEC|$mode|$id]=$(( ${ERRSUM[$SEC|$mode|$id]:-0} + L_ERR ))
        if (( L_OK == 0 )); then FAILED_RUNS+=("$SEC $mode ${C_LABEL[$id]} round $r: $L_ERR errors (${f#"$BENCH_DIR"/})"); fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$SEC" "$mode" "$id" "$r" "$L_RPS" "$L_LAT" "$L_ERR" "$L_OK" "${f#"$RUN_DIR"/}" >>"$RESULTS"
        bench_log "[$SEC] round $r/$ROUNDS $mode ${C_LABEL[$id]}: $L_RPS req/s, $([[ "$mode" == h2 ]] && echo mean || echo p99) ${L_LAT} ms, errors $L_ERR, CPU/request ${L_CPU} us (backend ${L_BCPU} us)"
        sleep "$COOLDOWN"
      done
    done
  done
  LOAD_END[$SEC]="$(cut -d' ' -f1-3 /proc/loadavg)"
}
declare -A LOAD_START=() LOAD_END=()

# --- report -----------------------------------------------------------------------------------
good_values() {  # good_values <array> <mode> <id>: the values of the clean runs, one a line
  local -n arr="$1"
  local r k
  for (( r = 1; r <= ROUNDS; r++ )); do
    k="$SEC|$2|$3|$r"
    [[ "${OK[$k]:-0}" == 1 && "${arr[$k]:-NA}" != NA ]] && printf '%s\n' "${arr[$k]}"
  done
  return 0
}
median_of() { local v; mapfile -t v < <(good_values "$@"); bench_median "${v[@]}"; }

mode_title() {
  case "$1" in
    plain) echo "wrk, no pipelining";;
    pipeline) echo "wrk, pipeline $PIPELINE";;
    h2) echo "h2load, h2c prior knowledge, $H2_CLIENTS connections x $H2_STREAMS streams";;
    rate) echo "h2load --h1, open loop: $CONNECTIONS connections x $RATE req/s = $(( CONNECTIONS * RATE )) req/s offered to every contender";;
  esac
}

# report_section <title> <ratio pairs "a/b" ...>: appends the section to the summary.
report_section() {
  local title="$1"; shift
  local mode id v mn mx med r k a b pair ma mb ca cb cr la lb lr rr lines=() ratio_rows=()
  {
    echo "## $title"
    echo
    echo "Request: \`GET $SEC_PATH\`$([[ -n "${C_TOKEN[${SEC_IDS[0]}]:-}" ]] && echo " with \`Authorization: Bearer <token>\`"). Load average (1, 5, 15 min) at the first round: ${LOAD_START[$SEC]}; after the last: ${LOAD_END[$SEC]}."
    echo
    echo "| contender | port | launched as | RSS after load (MiB) |"
    echo "|---|---:|---|---:|"
    for id in "${SEC_ALL[@]}"; do
      # shellcheck disable=SC2016  # the backquotes are Markdown
      printf '| %s | %s | `%s` | %s |\n' "${C_LABEL[$id]}" "${C_PORT[$id]}" "${C_CMD[$id]}" \
        "$(bench_fmt '%.1f' "$(bench_calc "${C_RSS[$SEC:$id]:-0}/1024")")"
    done
    for mode in "${SEC_MODES[@]}"; do
      load_cmd "${SEC_IDS[0]}" "$mode" "$DURATION" show
      echo
      echo "### $(mode_title "$mode")"
      echo
      echo "Load: \`${LOAD[*]}\` (port and token file per contender)."
      echo
      echo "| contender | median req/s | min - max | spread | $([[ "$mode" == h2 ]] && echo "mean latency median (ms)" || echo "p99 median (ms)") | CPU µs/request | backend CPU µs/request | req/s per round | errors |"
      echo "|---|---:|---:|---:|---:|---:|---:|---|---:|"
      for id in "${SEC_IDS[@]}"; do
        mapfile -t v < <(good_values RPS "$mode" "$id")
        lines=()
        for (( r = 1; r <= ROUNDS; r++ )); do
          k="$SEC|$mode|$id|$r"
          if [[ "${OK[$k]:-0}" == 1 ]]; then lines+=("$(bench_fmt '%.0f' "${RPS[$k]}")"); else lines+=("FAILED"); fi
        done
        if (( ${#v[@]} > 0 )); then
          med="$(bench_median "${v[@]}")"; mn="$(bench_min "${v[@]}")"; mx="$(bench_max "${v[@]}")"
          printf '| %s | %s | %s - %s | %s%% | %s | %s | %s | %s | %s |\n' "${C_LABEL[$id]}" "$(bench_fmt '%.0f' "$med")" \
            "$(bench_fmt '%.0f' "$mn")" "$(bench_fmt '%.0f' "$mx")" \
            "$(bench_fmt '%.1f' "$(bench_calc "($mx-$mn)*100/$med")")" \
            "$(bench_fmt '%.2f' "$(median_of LAT "$mode" "$id")")" \
            "$(bench_fmt '%.1f' "$(median_of CPU "$mode" "$id")")" "$(bench_fmt '%.1f' "$(median_of BCPU "$mode" "$id")")" \
            "${lines[*]}" "${ERRSUM[$SEC|$mode|$id]:-0}"
        else
          printf '| %s | NA | NA | NA | NA | NA | NA | %s | %s |\n' "${C_LABEL[$id]}" "${lines[*]}" "${ERRSUM[$SEC|$mode|$id]:-0}"
        fi
      done
    done
    ratio_rows=()
    for pair in "$@"; do
      a="${pair%/*}"; b="${pair#*/}"
      if ! in_list "$a" "${SEC_IDS[*]}" || ! in_list "$b" "${SEC_IDS[*]}"; then continue; fi
      for mode in "${SEC_MODES[@]}"; do
        rr=()
        for (( r = 1; r <= ROUNDS; r++ )); do
          if [[ "${OK[$SEC|$mode|$a|$r]:-0}" == 1 && "${OK[$SEC|$mode|$b|$r]:-0}" == 1 ]]; then
            rr+=("$(bench_calc "${RPS[$SEC|$mode|$a|$r]}/${RPS[$SEC|$mode|$b|$r]}")")
          fi
        done
        ma="$(median_of RPS "$mode" "$a")"; mb="$(median_of RPS "$mode" "$b")"
        ca="$(median_of CPU "$mode" "$a")"; cb="$(median_of CPU "$mode" "$b")"
        cr=NA; if [[ "$ca" != NA && "$cb" != NA ]] && awk -v v="$cb" 'BEGIN { exit !(v > 0) }'; then cr="$(bench_fmt '%.3f' "$(bench_calc "$ca/$cb")")"; fi
        la="$(median_of LAT "$mode" "$a")"; lb="$(median_of LAT "$mode" "$b")"
        lr=NA; if [[ "$la" != NA && "$lb" != NA ]] && awk -v v="$lb" 'BEGIN { exit !(v > 0) }'; then lr="$(bench_fmt '%.3f' "$(bench_calc "$la/$lb")")"; fi
        if [[ "$ma" == NA || "$mb" == NA || ${#rr[@]} -eq 0 ]]; then
          ratio_rows+=("| ${C_LABEL[$a]} / ${C_LABEL[$b]} | $mode | NA | NA | $lr | $cr |")
        else
          ratio_rows+=("$(printf '| %s / %s | %s | %s | %s - %s | %s | %s |' "${C_LABEL[$a]}" "${C_LABEL[$b]}" "$mode" \
            "$(bench_fmt '%.3f' "$(bench_calc "$ma/$mb")")" \
            "$(bench_fmt '%.3f' "$(bench_min "${rr[@]}")")" "$(bench_fmt '%.3f' "$(bench_max "${rr[@]}")")" "$lr" "$cr")")
        fi
        if [[ "$a" == lumen* ]]; then
          HEADLINE+=("| $SEC | ${ratio_rows[-1]#| }")
          HEADLINE_KV+=("${SEC}_${mode}_${a//-/_}_vs_${b//-/_}=$( if [[ "$ma" == NA || "$mb" == NA || ${#rr[@]} -eq 0 ]]; then echo NA; else bench_fmt '%.3f' "$(bench_calc "$ma/$mb")"; fi)")
          HEADLINE_KV+=("${SEC}_${mode}_${a//-/_}_vs_${b//-/_}_$([[ "$mode" == h2 ]] && echo mean_latency || echo p99)=$lr")
        fi
      done
    done
    if (( ${#ratio_rows[@]} > 0 )); then
      echo
      echo "### Ratios (req/s)"
      echo
      echo "Latency: the first contender's median p99 (h2: mean latency) over the second's (below 1: faster). CPU/request: the first contender's median CPU microseconds per request over the second's (below 1: cheaper)."
      echo
      echo "| ratio | mode | median / median | per-round range | latency | CPU/request |"
      echo "|---|---|---:|---:|---:|---:|"
      printf '%s\n' "${ratio_rows[@]}"
    fi
    echo
  } >>"$SUMMARY"
}

# trim_logs: server logs and light-4j audit files can grow to hundreds of MiB in a run.
trim_logs() {
  [[ "$KEEP_LOGS" == 1 ]] && return 0
  local f
  while IFS= read -r -d '' f; do
    if (( $(stat -c %s "$f") > 1048576 )); then
      { head -n 40 "$f"; echo "... (trimmed by run.sh; KEEP_LOGS=1 keeps whole logs) ..."; tail -n 40 "$f"; } >"$f.trimmed"
      mv "$f.trimmed" "$f"
    fi
  done < <(find "$RUN_DIR" -type f \( -name 'server-*.log' -o -name '*audit*.log' \) -print0)
}

# new_section <name> <path> <modes...>
new_section() {
  SEC="$1"; SEC_PATH="$2"; shift 2
  SEC_MODES=("$@"); SEC_IDS=(); SEC_STARTED=(); SEC_ALL=()
  C_PORT=(); C_LABEL=(); C_PID=(); C_CMD=(); C_H2=(); C_TOKEN=()
  bench_log "=== section $SEC ==="
}
# add_proxies <contender list> <h2 0|1>: the proxies of a section in front of UPSTREAM(_PORT).
add_proxies() {
  local c h2="$2"
  for c in $1; do
    case "$c" in
      lumen)   start_lumen lumen "Lumen proxy$([[ "$h2" == 1 ]] && echo " (h2c)")" "$LUMEN_HTTP_CONFIG" "$SEC_READY" "$h2";;
      nginx)   start_nginx "$h2";;
      haproxy) start_haproxy "$h2";;
      light4j) start_light4j light4j "light-4j 2.3.3 ingress proxy" proxy-config "$SEC_READY";;
      *) continue;;
    esac
    SEC_IDS+=("$c")
  done
}
in_list() { [[ " $2 " == *" $1 "* ]]; }

# mint <key> <kid> <file>: a 2 h RS256 token like run-embedded.sh's, with Lumen's DevTokens from
# TOKEN_JAR, else the first of LUMEN_JAR and the petstore jar that has it.
mint() {
  local jar candidates=()
  if [[ -n "$TOKEN_JAR" ]]; then candidates=("$TOKEN_JAR")
  else candidates=("$LUMEN_JAR" "$BENCH_REPO_ROOT/petstore-example/target/petstore.jar"); fi
  for jar in "${candidates[@]}"; do
    [[ -f "$jar" ]] || continue
    if "$BENCH_JAVA" -cp "$jar" io.lumen.security.tool.DevTokens token --key "$1" --kid "$2" \
         --scope "read:pets write:pets" --iss https://lumen.dev/issuer --aud petstore --ttl 7200 --client-id bench \
         >"$3" 2>"$RUN_DIR/mint.log" && [[ -s "$3" ]]; then
      TOKEN_JAR_USED="$jar"
      return 0
    fi
  done
  cat "$RUN_DIR/mint.log" >&2 || true
  bench_die "could not mint a token with $1: no jar with io.lumen.security.tool.DevTokens among ${candidates[*]} (build Lumen: ./mvnw -q -DskipTests package, or set TOKEN_JAR)"
}
TOKEN_JAR_USED=""

# --- sections ------------------------------------------------------------------------------------
section_front() {
  new_section front /v1/pets "${MODE_LIST[@]}"
  BACKEND_ID=backend
  SEC_READY=/v1/pets
  start_undertow backend false
  UPSTREAM_PORT="${C_PORT[backend]}"; UPSTREAM="http://127.0.0.1:$UPSTREAM_PORT"
  if in_list backend "$FRONT_CONTENDERS"; then SEC_IDS+=(backend); fi
  add_proxies "$FRONT_CONTENDERS" 0
  for id in "${SEC_ALL[@]}"; do check_reference "$id"; done
  measure
  stop_section
  report_section "front: proxies in front of undertow-baseline (HTTP/1.1 both sides)" \
    lumen/nginx lumen/haproxy lumen/light4j lumen/backend nginx/backend haproxy/backend light4j/backend
}

section_embedded() {
  new_section embedded '/v1/pets?limit=10' "${MODE_LIST[@]}"
  BACKEND_ID=backend
  start_undertow backend false
  UPSTREAM_PORT="$(port_of_role backend)"; UPSTREAM="http://127.0.0.1:$UPSTREAM_PORT"
  local c
  for c in $EMBEDDED_CONTENDERS; do
    case "$c" in
      lumen)
        mint "$LUMEN_TOKEN_KEY" "$LUMEN_TOKEN_KID" "$RUN_DIR/token-lumen.txt"
        C_TOKEN[lumen]="$RUN_DIR/token-lumen.txt"
        start_lumen lumen "Lumen proxy, $LUMEN_EMBEDDED_CONFIG" "$LUMEN_EMBEDDED_CONFIG" "$LUMEN_EMBEDDED_READY" 0;;
      light4j)
        mint "$LIGHT4J_KEY" l4jkid "$RUN_DIR/token-light4j.txt"
        C_TOKEN[light4j]="$RUN_DIR/token-light4j.txt"
        start_light4j light4j "light-4j 2.3.3 ingress proxy + chain" proxy-embedded-config /health;;
    esac
    SEC_IDS+=("$c")
  done
  for c in "${SEC_IDS[@]}"; do
    check_reference "$c" -H "Authorization: Bearer $(cat "${C_TOKEN[$c]}")"
    expect_status "$c" "$SEC_PATH" 401 "no token (security runs)"
    expect_status "$c" '/v1/pets?limit=101' 400 "limit=101 (validator runs)" -H "Authorization: Bearer $(cat "${C_TOKEN[$c]}")"
  done
  measure
  stop_section
  report_section "embedded: OpenAPI chain with JWT + proxy, in front of undertow-baseline" lumen/light4j
}

section_h2up() {
  new_section h2up /v1/pets "${MODE_LIST[@]}"
  BACKEND_ID=backend
  SEC_READY=/v1/pets
  start_undertow backend true
  UPSTREAM_PORT="$(port_of_role backend)"; UPSTREAM="http://127.0.0.1:$UPSTREAM_PORT"
  local c want
  for c in $H2UP_CONTENDERS; do
    case "$c" in
      lumen-h1) start_lumen lumen-h1 "Lumen proxy, HTTP/1.1 upstream" "$LUMEN_HTTP_CONFIG" /v1/pets 0 PROXY_HTTP2ENABLED=false;;
      lumen-h2) start_lumen lumen-h2 "Lumen proxy, HTTP/2 upstream (h2c)" "$LUMEN_HTTP_CONFIG" /v1/pets 0 PROXY_HTTP2ENABLED=true;;
    esac
    SEC_IDS+=("$c")
  done
  for c in "${SEC_IDS[@]}"; do
    check_reference "$c"
    # the backend answers /protocol with the HTTP version the proxy used towards it
    want=HTTP/1.1; [[ "$c" == lumen-h2 ]] && want=HTTP/2.0
    fetch "$c" /protocol
    [[ "$F_CODE" == 200 && "$F_BODY" == "$want" ]] \
      || bench_die "[$SEC] ${C_LABEL[$c]}: the backend saw '$F_BODY' (status $F_CODE) on /protocol, expected $want (an old undertow-baseline jar without /protocol answers 404: rebuild it)"
    bench_log "[$SEC] ${C_LABEL[$c]}: upstream protocol $F_BODY"
  done
  measure
  stop_section
  report_section "h2up: Lumen with an HTTP/1.1 vs an HTTP/2 (h2c) upstream, undertow-baseline HTTP2=true" lumen-h2/lumen-h1
}

section_spring() {
  new_section spring /v1/pets "${MODE_LIST[@]}"
  BACKEND_ID=spring
  SEC_READY=/v1/pets
  start_spring
  UPSTREAM_PORT="${C_PORT[spring]}"; UPSTREAM="http://127.0.0.1:$UPSTREAM_PORT"
  if in_list spring "$SPRING_CONTENDERS"; then SEC_IDS+=(spring); fi
  add_proxies "$SPRING_CONTENDERS" 0
  for id in "${SEC_ALL[@]}"; do check_reference "$id"; done
  measure
  stop_section
  report_section "spring: Spring Boot 3.5 backend alone and behind the proxies" \
    lumen/spring nginx/spring haproxy/spring light4j/spring lumen/nginx lumen/haproxy lumen/light4j
}

section_h2front() {
  new_section h2front /v1/pets h2
  BACKEND_ID=backend
  SEC_READY=/v1/pets
  local backend_h2=false
  if in_list backend "$H2FRONT_CONTENDERS"; then backend_h2=true; fi
  start_undertow backend "$backend_h2"
  UPSTREAM_PORT="${C_PORT[backend]}"; UPSTREAM="http://127.0.0.1:$UPSTREAM_PORT"
  if [[ "$backend_h2" == true ]]; then SEC_IDS+=(backend); C_H2[backend]=1; fi
  add_proxies "$H2FRONT_CONTENDERS" 1
  for id in "${SEC_IDS[@]}"; do check_reference "$id"; done
  measure
  stop_section
  report_section "h2front: HTTP/2 (h2c) fronts, HTTP/1.1 to undertow-baseline" lumen/nginx lumen/haproxy lumen/backend nginx/backend haproxy/backend
}

# --- run -------------------------------------------------------------------------------------------
est=0
for s in "${SECTION_LIST[@]}"; do
  read -ra ids <<<"$(section_contenders "$s")"
  nm=${#MODE_LIST[@]}; [[ "$s" == h2front ]] && nm=1
  est=$(( est + ${#ids[@]} * nm * (WARMUP_DURATION + COOLDOWN + ROUNDS * (REWARM + DURATION + COOLDOWN)) ))
done
bench_log "command: $CMDLINE"
bench_log "output: ${RUN_DIR#"$BENCH_REPO_ROOT"/}; load alone takes about $(( est / 60 )) min $(( est % 60 )) s, plus startups"

{
  echo "# Proxy benchmark ($TS)"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- Command: \`$CMDLINE\`"
  echo "- Machine: \`nproc\` = $(nproc), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM; the load generator, the proxy and the backend share the cores, so compare ratios within a run, not absolute figures across runs"
  echo "- JDK: \`$BENCH_JAVA_HOME\` ($BENCH_JAVA_DESC); JAVA_OPTS: \`${JAVA_OPTS:-none}\`"
  echo "- Tools: $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)$(command -v nginx >/dev/null && echo ", $(nginx -v 2>&1 | sed 's/.*: //')")$(command -v haproxy >/dev/null && echo ", HAProxy $(haproxy -v 2>&1 | awk 'NR == 1 {print $3}')")$(command -v h2load >/dev/null && echo ", $(h2load --version 2>&1 | head -n 1)")"
  echo "- Repo: $(git -C "$BENCH_REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$BENCH_REPO_ROOT" diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
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
    echo "\`proxy-bench ${HEADLINE_KV[*]} failed_runs=${#FAILED_RUNS[@]}\`"
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
