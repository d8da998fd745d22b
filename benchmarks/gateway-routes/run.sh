#!/usr/bin/env bash
# gateway-routes/run.sh: what the size of the gateway's route table costs, and the gateway against
# nginx with the same location blocks; everything on 127.0.0.1.
#   routes - Lumen's gateway (handler `gateway`, gateway.yml) with 1, 10, 100 and 1,000 routes
#            (ROUTE_COUNTS), all running side by side; each request goes to the LAST route of its
#            table (/svcNNNN/item/42, the same length whatever N), half the routes to each of two
#            backends. Issue 28's goal: req/s with 10, 100 and 1,000 routes within 5% of one route.
#   nginx  - the gateway with NGINX_ROUTES routes against nginx with the same prefixes as
#            `location /svcNNNN/ { proxy_pass ...; }` blocks (upstream keepalive), same backends.
#            Goal: >= 0.8x nginx's req/s (1.0x aimed for).
# The backends are one nginx answering `return 200` on two ports, so the backend costs the same
# for every contender. Contenders alternate (each round rotates their order); one warm-up run per
# contender is discarded. Needs the proxy fat jar: ./mvnw -q -DskipTests install (SKIP_BUILD=0 builds it).
#
#   DURATION=10 ROUNDS=3 benchmarks/gateway-routes/run.sh
#   DURATION=2 ROUNDS=1 WARMUP_DURATION=1 benchmarks/gateway-routes/run.sh     # a harness check only
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs SECTIONS="routes nginx" ROUTE_COUNTS="1 10 100 1000" NGINX_ROUTES=100 DURATION=10 WARMUP_DURATION=20 \
  ROUNDS=3 THREADS=2 CONNECTIONS=128 IO_THREADS=2 NGINX_WORKERS=2 NGINX_KEEPALIVE=64 PORT_BASE=18400 \
  SKIP_BUILD=1 JAVA_OPTS= STARTUP_TIMEOUT=60
bench_at_least 1 DURATION WARMUP_DURATION ROUNDS THREADS IO_THREADS NGINX_WORKERS NGINX_ROUTES
bench_words_in SECTIONS routes nginx
read -ra SECTION_LIST <<<"$SECTIONS"
read -ra COUNTS <<<"$ROUTE_COUNTS"
for n in "${COUNTS[@]}"; do [[ "$n" =~ ^[1-9][0-9]{0,3}$ ]] || bench_die "ROUTE_COUNTS: '$n' is not 1..9999"; done
[[ " $ROUTE_COUNTS " == *" 1 "* ]] || bench_die "ROUTE_COUNTS must include 1 (the baseline)"
(( PORT_BASE >= 1024 && PORT_BASE <= 65000 )) || bench_die "PORT_BASE must be in 1024..65000"
has_section() { [[ " ${SECTION_LIST[*]} " == *" $1 "* ]]; }

JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar"
bench_find_java
bench_out gateway-routes
if [[ "$SKIP_BUILD" != 1 ]]; then
  bench_mvn_build "$BENCH_REPO_ROOT" "$BENCH_RUN_DIR/build.log" -B -q -DskipTests package -pl proxy -am
fi
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests install (needs $JAR), or SKIP_BUILD=0"
unzip -l "$JAR" io/lumen/proxy/gateway/GatewayHandler.class >/dev/null 2>&1 || bench_die "$JAR has no gateway handler: rebuild it"
bench_require curl awk sort unzip
bench_ensure_tools wrk:wrk nginx:nginx
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
start_gateway() {  # start_gateway <id> <routes>
  local id="$1" n="$2" dir="$OUT/$1" i
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
  bench_lumen_cmd "${PORT[$id]}" "$dir" -- -jar "$JAR"
  bench_start "$OUT/$id.log" "http://127.0.0.1:${PORT[$id]}${TARGET[$id]}" "$STARTUP_TIMEOUT" "${BENCH_CMD[@]}"
  PID[$id]="$BENCH_PID"
  bench_log "$id: $n routes on port ${PORT[$id]}, GET ${TARGET[$id]}, started in ${BENCH_STARTUP_MS} ms"
}
start_nginx_front() {  # start_nginx_front <id> <routes>
  local id="$1" n="$2" i blocks
  blocks="  upstream a { server 127.0.0.1:$BACKEND_A; keepalive $NGINX_KEEPALIVE; }
  upstream b { server 127.0.0.1:$BACKEND_B; keepalive $NGINX_KEEPALIVE; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    proxy_http_version 1.1;
    proxy_set_header Connection \"\";"
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

declare -A RPS P99
run() {  # run <contender> <round>
  local c="$1" f="$OUT/wrk-$1-$2.txt" d="$DURATION"
  [[ "$2" == warmup ]] && d="$WARMUP_DURATION"
  bench_wrk "$f" "$d" "http://127.0.0.1:${PORT[$c]}${TARGET[$c]}" || { cat "$f" >&2; bench_die "wrk failed: $c"; }
  (( W_ERRORS == 0 )) || bench_die "$c round $2: $W_NON2XX non-2xx, $W_SOCKERR socket errors ($f)"
  bench_alive "${PID[$c]}" "$c" "$OUT/$c.log"
  if [[ "$2" != warmup ]]; then
    RPS[$c]+="$W_RPS "; P99[$c]+="$W_P99 "
    bench_log "round $2 $c: $W_RPS req/s, p99 $W_P99 ms"
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
  # shellcheck disable=SC2046,SC2086  # several words; the per-round values
  KV+=($(bench_spread_words lumen_vs_nginx ${RPS[lumen-$NGINX_ROUTES]} -- ${RPS[nginx-$NGINX_ROUTES]})
       "lumen_vs_nginx_p99=$(bench_div "$(p99 "lumen-$NGINX_ROUTES")" "$(p99 "nginx-$NGINX_ROUTES")")"
       "nginx_routes=$NGINX_ROUTES" "nginx_rps=$(med "nginx-$NGINX_ROUTES")")
fi
LINE="$(bench_summary gateway-routes "${KV[@]}")"
{
  echo "# gateway route table size, and gateway vs nginx ($(date -u +%F), commit $(bench_commit))"
  echo
  bench_report_header "wrk, the gateways, nginx and the backend share the cores"
  echo "- Settings: DURATION=$DURATION WARMUP_DURATION=$WARMUP_DURATION ROUNDS=$ROUNDS THREADS=$THREADS CONNECTIONS=$CONNECTIONS IO_THREADS=$IO_THREADS NGINX_WORKERS=$NGINX_WORKERS ROUTE_COUNTS='$ROUTE_COUNTS' NGINX_ROUTES=$NGINX_ROUTES"
  echo "- Load average: $LOAD0 at the start, $LOAD1 at the end"
  echo "- Each request goes to the last route of its table; p99 is wrk's at saturation (closed loop), not at equal offered load"
  echo "- req/s per round: $(for i in "${ITEMS[@]}"; do printf '%s [%s] ' "$i" "${RPS[$i]% }"; done)"
  echo "- p99 ms per round: $(for i in "${ITEMS[@]}"; do printf '%s [%s] ' "$i" "${P99[$i]% }"; done)"
  echo
  echo "\`$LINE\`"
} >"$BENCH_REPORT"
bench_log "report: $BENCH_REPORT"
echo "$LINE"
