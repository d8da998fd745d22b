#!/usr/bin/env bash
# gateway-routes/run.sh: what the size of the gateway's route table costs, and the gateway against
# nginx with the same location blocks; everything on 127.0.0.1.
#   routes - Lumen's gateway (handler `gateway`, gateway.yml) with 1, 10, 100 and 1,000 routes
#            (ROUTE_COUNTS), all running side by side; each request goes to the LAST route of its
#            table (/svcNNNN/item/42, the same length whatever N), half the routes to each of two
#            backends. Issue 28's goal: req/s with 10, 100 and 1,000 routes within 5% of one route.
#   nginx  - the gateway with NGINX_ROUTES routes against nginx with the same prefixes as
#            `location /svcNNNN/ { proxy_pass ...; }` blocks (upstream keepalive), same backends.
#            Goal: >= 0.8x nginx's req/s (1.0x aimed for) at saturation (wrk, closed loop), and p99
#            within 1.5x at equal offered load: RATE > 0 adds a fixed-rate run per contender and round
#            (h2load --h1 --rps=RATE on each of the CONNECTIONS connections, an open loop: every
#            contender is offered RATE x CONNECTIONS req/s whether or not it keeps up).
# Like with like: nginx's front sends the X-Forwarded-For, -Proto, -Host and -Port headers Lumen's
# gateway sends (FORWARDED_HEADERS=1; 0: nginx's bare default, none), both keep upstream connections
# alive, neither writes an access log, nginx has NGINX_WORKERS workers and Lumen IO_THREADS IO
# threads, and both answer the backends' same 2-byte bodies.
# The backends are one nginx answering `return 200` on two ports, so the backend costs the same
# for every contender. Contenders alternate (each round rotates their order); one warm-up run per
# contender is discarded, and REWARM seconds of discarded load precede every measured run (an idle
# JVM drops its compiled event loop and recompiles it in the next run: see proxy/run.sh). Each
# run also gives the contender's CPU microseconds per request (user + system of its processes over
# the requests served), steadier than req/s on a box whose cores the load generator shares.
# HOST_HEADER: the Host header wrk sends to every contender (empty: wrk's own, 127.0.0.1:<port>). Undertow
# checks each HTTP/1.1 Host with a regular expression when it is an IPv4 literal and with a character
# loop when it is a name, so HOST_HEADER=gateway.test:80 shows what a client that sends a name costs.
# BASELINE_JAR: a second proxy fat jar (e.g. main's) run as contender base-NGINX_ROUTES with the same
# route table, alternated with the others: an A/B of two builds in one run (lumen_vs_base).
# Needs the proxy fat jar: ./mvnw -q -DskipTests install (SKIP_BUILD=0 builds it).
#
#   DURATION=10 ROUNDS=3 benchmarks/gateway-routes/run.sh
#   SECTIONS=nginx ROUNDS=5 benchmarks/gateway-routes/run.sh                   # the gateway vs nginx only
#   DURATION=2 ROUNDS=1 WARMUP_DURATION=1 REWARM=0 benchmarks/gateway-routes/run.sh   # a harness check only
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs SECTIONS="routes nginx" ROUTE_COUNTS="1 10 100 1000" NGINX_ROUTES=100 DURATION=10 WARMUP_DURATION=20 \
  ROUNDS=3 THREADS=2 CONNECTIONS=128 IO_THREADS=2 NGINX_WORKERS=2 NGINX_KEEPALIVE=64 PORT_BASE=18400 \
  SKIP_BUILD=1 JAVA_OPTS= STARTUP_TIMEOUT=60 REWARM=5 RATE=250 FORWARDED_HEADERS=1 \
  HOST_HEADER= LUMEN_JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar" BASELINE_JAR=
bench_at_least 1 DURATION WARMUP_DURATION ROUNDS THREADS IO_THREADS NGINX_WORKERS NGINX_ROUTES
[[ "$REWARM" =~ ^[0-9]+$ ]] || bench_die "REWARM must be a whole number of seconds (0: none)"
[[ "$RATE" =~ ^[0-9]+$ ]] || bench_die "RATE must be a whole number of requests a second per connection (0: no fixed-rate runs)"
[[ "$FORWARDED_HEADERS" == 0 || "$FORWARDED_HEADERS" == 1 ]] || bench_die "FORWARDED_HEADERS must be 0 or 1"
[[ -z "$HOST_HEADER" || "$HOST_HEADER" =~ ^[A-Za-z0-9.-]+(:[0-9]{1,5})?$ ]] || bench_die "HOST_HEADER must be host[:port], got '$HOST_HEADER'"
HOST_ARGS=(); [[ -z "$HOST_HEADER" ]] || HOST_ARGS=(-H "Host: $HOST_HEADER")
bench_words_in SECTIONS routes nginx
read -ra SECTION_LIST <<<"$SECTIONS"
read -ra COUNTS <<<"$ROUTE_COUNTS"
for n in "${COUNTS[@]}"; do [[ "$n" =~ ^[1-9][0-9]{0,3}$ ]] || bench_die "ROUTE_COUNTS: '$n' is not 1..9999"; done
[[ " $ROUTE_COUNTS " == *" 1 "* ]] || bench_die "ROUTE_COUNTS must include 1 (the baseline)"
(( PORT_BASE >= 1024 && PORT_BASE <= 65000 )) || bench_die "PORT_BASE must be in 1024..65000"
has_section() { [[ " ${SECTION_LIST[*]} " == *" $1 "* ]]; }

JAR="$LUMEN_JAR"
bench_find_java
bench_out gateway-routes
if [[ "$SKIP_BUILD" != 1 ]]; then
  bench_mvn_build "$BENCH_REPO_ROOT" "$BENCH_RUN_DIR/build.log" -B -q -DskipTests package -pl proxy -am
fi
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests install (needs $JAR), or SKIP_BUILD=0"
for j in "$JAR" ${BASELINE_JAR:+"$BASELINE_JAR"}; do
  unzip -l "$j" io/lumen/proxy/gateway/GatewayHandler.class >/dev/null 2>&1 || bench_die "$j has no gateway handler: rebuild it"
done
bench_require curl awk sort unzip
bench_ensure_tools wrk:wrk nginx:nginx
(( RATE == 0 )) || bench_ensure_tools h2load:nghttp2-client
OUT="$BENCH_RUN_DIR"
BACKEND_A=$PORT_BASE; BACKEND_B=$(( PORT_BASE + 1 )); NGINX_PORT=$(( PORT_BASE + 2 ))
# prefix <i>: the i-th route's prefix, zero-padded so that every table's last path has the same length
prefix() { printf '/svc%04d' "$1"; }

# --- the backends: one nginx, two ports ------------------------------------------------------------
nginx_conf() {  # nginx_conf <dir> <server blocks>
  mkdir -p "$1"
  cat >"$1/nginx.conf" <<CONF
worker_processes $NGINX_WORKERS;
pid $1/nginx.pid;
error_log $1/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  client_body_temp_path $1; proxy_temp_path $1; fastcgi_temp_path $1; uwsgi_temp_path $1; scgi_temp_path $1;
$2
}
CONF
}
nginx_conf "$OUT/backend" "  server { listen 127.0.0.1:$BACKEND_A; location / { return 200 'a\n'; } }
  server { listen 127.0.0.1:$BACKEND_B; location / { return 200 'b\n'; } }"
bench_port_free "$BACKEND_A"; bench_port_free "$BACKEND_B"
bench_start "$OUT/backend.log" "http://127.0.0.1:$BACKEND_A/" 30 nginx -c "$OUT/backend/nginx.conf" -e "$OUT/backend/error.log"
BACKEND_PID="$BENCH_PID"

# --- the gateways ----------------------------------------------------------------------------------
declare -A PORT PID TARGET
next_port=$(( PORT_BASE + 10 ))
start_gateway() {  # start_gateway <id> <routes> [<jar>]
  local id="$1" n="$2" jar="${3:-$JAR}" dir="$OUT/$1" i
  mkdir -p "$dir"
  printf 'ip: 127.0.0.1\nhttpPort: ${server.httpPort:8080}\nioThreads: %s\nserviceId: gateway-bench\nmaxTransferFileSize: 0\n' \
    "$IO_THREADS" >"$dir/server.yml"
  echo 'defaultHandlers: [gateway]' >"$dir/handler.yml"
  {
    echo "services:"
    echo "  a: {hosts: [http://127.0.0.1:$BACKEND_A]}"
    echo "  b: {hosts: [http://127.0.0.1:$BACKEND_B]}"
    echo "routes:"
    for (( i = 0; i < n; i++ )); do echo "  - {prefix: $(prefix "$i"), service: $( (( i % 2 )) && echo b || echo a)}"; done
  } >"$dir/gateway.yml"
  PORT[$id]=$next_port; next_port=$(( next_port + 1 ))
  TARGET[$id]="$(prefix $(( n - 1 )))/item/42"
  bench_port_free "${PORT[$id]}"
  bench_lumen_cmd "${PORT[$id]}" "$dir" -- -jar "$jar"
  bench_start "$OUT/$id.log" "http://127.0.0.1:${PORT[$id]}${TARGET[$id]}" "$STARTUP_TIMEOUT" "${BENCH_CMD[@]}"
  PID[$id]="$BENCH_PID"
  bench_log "$id: $n routes on port ${PORT[$id]}, GET ${TARGET[$id]}, started in ${BENCH_STARTUP_MS} ms ($jar)"
}
start_nginx_front() {  # start_nginx_front <id> <routes>
  local id="$1" n="$2" i blocks
  blocks="  upstream a { server 127.0.0.1:$BACKEND_A; keepalive $NGINX_KEEPALIVE; }
  upstream b { server 127.0.0.1:$BACKEND_B; keepalive $NGINX_KEEPALIVE; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    proxy_http_version 1.1;
    proxy_set_header Connection \"\";"
  if [[ "$FORWARDED_HEADERS" == 1 ]]; then   # what Lumen's gateway sends (reuseXForwarded: false)
    blocks+="
    proxy_set_header X-Forwarded-For \$remote_addr;
    proxy_set_header X-Forwarded-Proto \$scheme;
    proxy_set_header X-Forwarded-Host \$http_host;
    proxy_set_header X-Forwarded-Port \$server_port;"
  fi
  for (( i = 0; i < n; i++ )); do
    blocks+="
    location $(prefix "$i")/ { proxy_pass http://$( (( i % 2 )) && echo b || echo a); }"
  done
  blocks+="
  }"
  nginx_conf "$OUT/$id" "$blocks"
  PORT[$id]=$NGINX_PORT
  TARGET[$id]="$(prefix $(( n - 1 )))/item/42"
  bench_port_free "$NGINX_PORT"
  bench_start "$OUT/$id.log" "http://127.0.0.1:$NGINX_PORT${TARGET[$id]}" 30 nginx -c "$OUT/$id/nginx.conf" -e "$OUT/$id/error.log"
  PID[$id]="$BENCH_PID"
}

ITEMS=()
if has_section routes; then
  for n in "${COUNTS[@]}"; do start_gateway "lumen-$n" "$n"; ITEMS+=("lumen-$n"); done
fi
if has_section nginx; then
  if [[ -z "${PORT[lumen-$NGINX_ROUTES]:-}" ]]; then start_gateway "lumen-$NGINX_ROUTES" "$NGINX_ROUTES"; ITEMS+=("lumen-$NGINX_ROUTES"); fi
  if [[ -n "$BASELINE_JAR" ]]; then start_gateway "base-$NGINX_ROUTES" "$NGINX_ROUTES" "$BASELINE_JAR"; ITEMS+=("base-$NGINX_ROUTES"); fi
  start_nginx_front "nginx-$NGINX_ROUTES" "$NGINX_ROUTES"; ITEMS+=("nginx-$NGINX_ROUTES")
fi

# every contender must route its target to the backend the route names, and answer 404 off the table
for c in "${ITEMS[@]}"; do
  n="${c#*-}"; want="$( (( (n - 1) % 2 )) && echo b || echo a)"
  got="$(curl -s --max-time 5 "http://127.0.0.1:${PORT[$c]}${TARGET[$c]}")"
  [[ "$got" == "$want" ]] || bench_die "$c answered '$got' for ${TARGET[$c]}, expected backend $want"
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:${PORT[$c]}/nowhere/1")"
  [[ "$code" == 404 ]] || bench_die "$c answered $code for a path no route takes, expected 404"
done

declare -A RPS P99 CPU RATE_P99 RATE_RPS RATE_CPU
# rate runs: the contenders of the nginx section
RATED=()
if has_section nginx && (( RATE > 0 )); then
  for c in "${ITEMS[@]}"; do [[ "$c" == *-"$NGINX_ROUTES" ]] && RATED+=("$c"); done
fi
is_rated() { [[ " ${RATED[*]} " == *" $1 "* ]]; }
saturate() {  # saturate <contender> <seconds> <file>: one wrk run; sets W_* and CPU_US
  local c="$1" t0 t1
  t0="$(bench_cpu_ticks "${PID[$c]}")"
  bench_wrk "$3" "$2" "${HOST_ARGS[@]}" "http://127.0.0.1:${PORT[$c]}${TARGET[$c]}" || { cat "$3" >&2; bench_die "wrk failed: $c"; }
  t1="$(bench_cpu_ticks "${PID[$c]}")"
  CPU_US="$(bench_cpu_us_per_req "$t0" "$t1" "$W_REQUESTS")"
  (( W_ERRORS == 0 )) || bench_die "$c: $W_NON2XX non-2xx, $W_SOCKERR socket errors ($3)"
  bench_alive "${PID[$c]}" "$c" "$OUT/$c.log"
}
fixed_rate() {  # fixed_rate <contender> <seconds> <file>: one h2load open-loop run; sets H_RPS H_P99 CPU_US
  local c="$1" f="$3" log="${3%.txt}.requests.tsv" t0 t1 err ndone mean
  t0="$(bench_cpu_ticks "${PID[$c]}")"
  timeout $(( $2 + 30 )) h2load --h1 "-t$THREADS" "-c$CONNECTIONS" "--rps=$RATE" -D "$2" "--log-file=$log" \
    "http://127.0.0.1:${PORT[$c]}${TARGET[$c]}" >"$f" 2>&1 || { cat "$f" >&2; bench_die "h2load failed: $c"; }
  t1="$(bench_cpu_ticks "${PID[$c]}")"
  read -r H_RPS mean err ndone < <(bench_h2load_parse "$f")
  (( err == 0 && ndone > 0 )) || bench_die "$c at $RATE req/s per connection: $err errors, $ndone done ($f)"
  H_P99="$(bench_h2load_p99 "$log")"
  CPU_US="$(bench_cpu_us_per_req "$t0" "$t1" "$ndone")"
  gzip -f "$log"
  bench_alive "${PID[$c]}" "$c" "$OUT/$c.log"
}
run() {  # run <contender> <round>
  local c="$1" f="$OUT/wrk-$1-$2.txt" d="$DURATION"
  [[ "$2" == warmup ]] && d="$WARMUP_DURATION"
  if [[ "$2" != warmup ]] && (( REWARM > 0 )); then saturate "$c" "$REWARM" "$OUT/wrk-$c-$2-rewarm.txt"; fi
  saturate "$c" "$d" "$f"
  if [[ "$2" != warmup ]]; then
    RPS[$c]+="$W_RPS "; P99[$c]+="$W_P99 "; CPU[$c]+="$CPU_US "
    bench_log "round $2 $c: $W_RPS req/s, p99 $W_P99 ms, CPU/request $CPU_US us"
  fi
  if is_rated "$c"; then
    fixed_rate "$c" "$d" "$OUT/rate-$c-$2.txt"
    if [[ "$2" != warmup ]]; then
      RATE_RPS[$c]+="$H_RPS "; RATE_P99[$c]+="$H_P99 "; RATE_CPU[$c]+="$CPU_US "
      bench_log "round $2 $c at $(( RATE * CONNECTIONS )) req/s offered: $H_RPS req/s, p99 $H_P99 ms, CPU/request $CPU_US us"
    fi
  fi
}
for i in "${ITEMS[@]}"; do run "$i" warmup; done
LOAD0="$(bench_loadavg)"
bench_rounds 0 run "${ITEMS[@]}"
LOAD1="$(bench_loadavg)"

med() { bench_median ${RPS[$1]}; }
p99() { bench_median ${P99[$1]}; }
KV=()
if has_section routes; then
  for n in "${COUNTS[@]}"; do
    [[ "$n" == 1 ]] && continue
    # shellcheck disable=SC2046,SC2086  # several words; the per-round values
    KV+=($(bench_spread_words "r${n}_vs_r1" ${RPS[lumen-$n]} -- ${RPS[lumen-1]}))
  done
  for n in "${COUNTS[@]}"; do KV+=("r${n}_rps=$(med "lumen-$n")"); done
fi
if has_section nginx; then
  L="lumen-$NGINX_ROUTES"; N="nginx-$NGINX_ROUTES"; B="base-$NGINX_ROUTES"
  # shellcheck disable=SC2046,SC2086  # several words; the per-round values
  KV+=($(bench_spread_words lumen_vs_nginx ${RPS[$L]} -- ${RPS[$N]})
       "lumen_vs_nginx_p99=$(bench_fmt '%.3f' "$(bench_div "$(p99 "$L")" "$(p99 "$N")")")")
  if (( RATE > 0 )); then
    # shellcheck disable=SC2086  # the per-round values
    KV+=("rate_offered=$(( RATE * CONNECTIONS ))"
         "lumen_vs_nginx_rate_p99=$(bench_fmt '%.3f' "$(bench_div "$(bench_median ${RATE_P99[$L]})" "$(bench_median ${RATE_P99[$N]})")")"
         "lumen_rate_p99=$(bench_median ${RATE_P99[$L]})" "nginx_rate_p99=$(bench_median ${RATE_P99[$N]})")
  fi
  # shellcheck disable=SC2086  # the per-round values
  KV+=("lumen_cpu_us=$(bench_median ${CPU[$L]})" "nginx_cpu_us=$(bench_median ${CPU[$N]})")
  if [[ -n "$BASELINE_JAR" ]]; then
    # shellcheck disable=SC2046,SC2086  # several words; the per-round values
    KV+=($(bench_spread_words lumen_vs_base ${RPS[$L]} -- ${RPS[$B]}) "base_cpu_us=$(bench_median ${CPU[$B]})")
  fi
  KV+=("nginx_routes=$NGINX_ROUTES" "nginx_rps=$(med "$N")")
fi
LINE="$(bench_summary gateway-routes "${KV[@]}")"
per_round() {  # per_round <array name>: "contender [v1 v2 ...] " for every contender with values
  local -n __vals="$1"; local i
  for i in "${ITEMS[@]}"; do [[ -n "${__vals[$i]:-}" ]] && printf '%s [%s] ' "$i" "${__vals[$i]% }"; done
}
{
  echo "# gateway route table size, and gateway vs nginx ($(date -u +%F), commit $(bench_commit))"
  echo
  bench_report_header "wrk, h2load, the gateways, nginx and the backend share the cores"
  echo "- Settings: DURATION=$DURATION WARMUP_DURATION=$WARMUP_DURATION REWARM=$REWARM ROUNDS=$ROUNDS THREADS=$THREADS CONNECTIONS=$CONNECTIONS IO_THREADS=$IO_THREADS NGINX_WORKERS=$NGINX_WORKERS ROUTE_COUNTS='$ROUTE_COUNTS' NGINX_ROUTES=$NGINX_ROUTES RATE=$RATE FORWARDED_HEADERS=$FORWARDED_HEADERS${HOST_HEADER:+ HOST_HEADER=$HOST_HEADER (wrk only)}${BASELINE_JAR:+ BASELINE_JAR=$BASELINE_JAR}"
  echo "- Load average: $LOAD0 at the start, $LOAD1 at the end"
  echo "- Each request goes to the last route of its table; req/s and the first p99 are wrk's at saturation (closed loop)"
  if (( RATE > 0 )); then echo "- Fixed rate: h2load --h1 -t$THREADS -c$CONNECTIONS --rps=$RATE, $(( RATE * CONNECTIONS )) req/s offered to each of ${RATED[*]}; p99 from its per-request log (open loop: equal offered load)"; fi
  echo "- req/s per round: $(per_round RPS)"
  echo "- p99 ms per round (saturation): $(per_round P99)"
  echo "- CPU us per request per round (saturation): $(per_round CPU)"
  if (( RATE > 0 )); then
    echo "- req/s per round at the fixed rate: $(per_round RATE_RPS)"
    echo "- p99 ms per round at the fixed rate: $(per_round RATE_P99)"
    echo "- CPU us per request per round at the fixed rate: $(per_round RATE_CPU)"
  fi
  echo
  echo "\`$LINE\`"
} >"$BENCH_REPORT"
bench_log "report: $BENCH_REPORT"
echo "$LINE"
