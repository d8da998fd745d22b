# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/lib/servers.sh: the servers of a section (sourced by proxy/run.sh): the bookkeeping of the
# section being run, starting the backends and the JVM proxies, stopping them, and minting tokens.
# nginx and HAProxy, whose configs are generated, are in fronts.sh.

# --- bookkeeping ---------------------------------------------------------------------
declare -A C_PORT=() C_LABEL=() C_PID=() C_CMD=() C_H2=() C_TOKEN=() C_RSS=()
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

# new_section <name> <path> <modes...>
new_section() {
  SEC="$1"; SEC_PATH="$2"; shift 2
  SEC_MODES=("$@"); SEC_IDS=(); SEC_STARTED=(); SEC_ALL=()
  C_PORT=(); C_LABEL=(); C_PID=(); C_CMD=(); C_H2=(); C_TOKEN=()
  bench_log "=== section $SEC ==="
}
in_list() { [[ " $2 " == *" $1 "* ]]; }
# use_backend <id> <start command...>: starts the section's backend (whose CPU per request is recorded
# beside each proxy's) and points the proxies at it (UPSTREAM, UPSTREAM_PORT); ready on /v1/pets.
use_backend() {
  BACKEND_ID="$1"; shift
  SEC_READY=/v1/pets
  "$@"
  UPSTREAM_PORT="${C_PORT[$BACKEND_ID]}"; UPSTREAM="http://127.0.0.1:$UPSTREAM_PORT"
}
# finish_section <title> <ratio pairs "a/b" ...>: the measured rounds, then stop the servers and report.
finish_section() {
  measure
  stop_section
  report_section "$@"
}

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
    env -C "$BENCH_DIR/undertow-baseline" PORT="$p" HOST=127.0.0.1 HTTP2="$2" "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$UNDERTOW_JAR"
}
start_spring() {
  local p; p="$(port_of_role spring)"
  start spring "Spring Boot 3.5 alone" "$p" /v1/pets 0 \
    env -C "$BENCH_DIR/spring-backend" PORT="$p" "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$SPRING_JAR" "${SPRING_ARG_LIST[@]}"
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
  bench_lumen_cmd "$p" "$cfg" SERVER_IOTHREADS="$PROXY_THREADS" SERVER_ENABLEHTTP2="$([[ "$h2" == 1 ]] && echo true || echo false)" \
    PROXY_HOSTS="$UPSTREAM" "${PROXY_ENV[@]}" "$@" "${LUMEN_ENV_LIST[@]}" -- -jar "$LUMEN_JAR"
  start "$id" "$label" "$p" "$ready" "$h2" "${BENCH_CMD[@]}"
}
# start_light4j <id> <label> <config dir under light4j-petstore> <ready path>
start_light4j() {
  local id="$1" p; p="$(port_of_role light4j)"
  mkdir -p "$RUN_DIR/light4j-tmp-$SEC"   # its logback writes the audit file to java.io.tmpdir
  start "$id" "$2" "$p" "$4" 0 \
    env -C "$LIGHT4J_DIR" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 SERVER_IOTHREADS="$PROXY_THREADS" PROXY_HOSTS="$UPSTREAM" "${PROXY_ENV[@]}" \
    "$BENCH_JAVA" "${BENCH_JOPTS[@]}" "-Djava.io.tmpdir=$RUN_DIR/light4j-tmp-$SEC" "-Dlight-4j-config-dir=$3" -jar "$LIGHT4J_JAR"
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

# mint <key> <kid> <file>: a 2 h RS256 token (bench_token) with Lumen's DevTokens from TOKEN_JAR,
# else the first of LUMEN_JAR and the petstore jar that has it.
mint() {
  local jar candidates=()
  if [[ -n "$TOKEN_JAR" ]]; then candidates=("$TOKEN_JAR")
  else candidates=("$LUMEN_JAR" "$BENCH_PETSTORE_JAR"); fi
  for jar in "${candidates[@]}"; do
    [[ -f "$jar" ]] || continue
    if bench_token "$jar" "$1" "$2" --client-id bench >"$3" 2>"$RUN_DIR/mint.log" && [[ -s "$3" ]]; then
      TOKEN_JAR_USED="$jar"
      return 0
    fi
  done
  cat "$RUN_DIR/mint.log" >&2 || true
  bench_die "could not mint a token with $1: no jar with io.lumen.security.tool.DevTokens among ${candidates[*]} (build Lumen: ./mvnw -q -DskipTests package, or set TOKEN_JAR)"
}
TOKEN_JAR_USED=""
