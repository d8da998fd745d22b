#!/usr/bin/env bash
# web/run.sh: Lumen's web middleware against nginx on the same files, same machine, loopback only.
#   gzip    - GET a 10 KB JSON file with Accept-Encoding: gzip: Lumen `encode` + `static` compressing
#             on the fly at LEVEL vs nginx `gzip on; gzip_comp_level LEVEL`
#   plain   - the same file without Accept-Encoding (what compression costs: gzip / plain)
#   s4k     - a 4 KB file, no compression (`static` vs nginx's static files)
#   s1m     - a 1 MB file, no compression
# Both serve the files from one folder under /s/ with ETags; nginx with NGINX_WORKERS workers,
# Lumen with its default IO threads (the cores). Rounds rotate the contenders; CPU per response from
# /proc around each run. Needs the proxy fat jar (it packages lumen-web): ./mvnw -q -DskipTests install.
#
#   DURATION=8 ROUNDS=3 benchmarks/web/run.sh
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs DURATION=8 ROUNDS=3 THREADS=2 CONNECTIONS=64 LEVEL=6 NGINX_WORKERS=2 LUMEN_PORT=18330 NGINX_PORT=18331 \
  JAVA_OPTS=
bench_at_least 1 ROUNDS
bench_distinct LUMEN_PORT NGINX_PORT
[[ "$LEVEL" =~ ^[1-9]$ ]] || bench_die "LEVEL must be 1-9, got '$LEVEL'"

JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests install (needs $JAR)"
unzip -l "$JAR" io/lumen/web/encode/EncodeHandler.class >/dev/null 2>&1 || bench_die "$JAR has no lumen-web: rebuild it"
bench_require curl awk sort unzip
bench_find_java
bench_ensure_tools wrk:wrk nginx:nginx
bench_out web
OUT="$BENCH_RUN_DIR"
SITE="$OUT/site"
mkdir -p "$SITE" "$OUT/lumen" "$OUT/nginx"

# the files: a 10 KB JSON array of pets (compresses like real JSON does), 4 KB and 1 MB of random bytes
awk 'BEGIN { srand(7); printf "["; for (i = 0; ; i++) { s = sprintf("%s{\"id\":%d,\"name\":\"pet-%06d\",\"tag\":\"%s\"}", (i ? "," : ""), i, int(rand() * 1e6), (i % 3 ? "dog" : "cat")); if (n + length(s) > 10238) break; printf "%s", s; n += length(s) } print "]" }' >"$SITE/pets.json"
head -c 4096 /dev/urandom >"$SITE/f4k.bin"
head -c 1048576 /dev/urandom >"$SITE/f1m.bin"

cat >"$OUT/lumen/server.yml" <<YAML
ip: \${server.ip:127.0.0.1}
httpPort: \${server.httpPort:8080}
serviceId: web-bench
YAML
cat >"$OUT/lumen/handler.yml" <<YAML
paths:
  - {path: '/s/*', method: GET, exec: [encode, static]}
YAML
cat >"$OUT/lumen/static.yml" <<YAML
locations:
  - {prefix: /s, folder: '$SITE', precompressed: [], cacheControl: {/: no-cache}}
YAML
cat >"$OUT/lumen/response-encode.yml" <<YAML
level: $LEVEL
mediaTypes: [application/json]
YAML
cat >"$OUT/nginx/nginx.conf" <<CONF
worker_processes $NGINX_WORKERS;
pid $OUT/nginx/nginx.pid;
error_log $OUT/nginx/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  types { application/json json; }
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip on;
  gzip_comp_level $LEVEL;
  gzip_min_length 1024;
  gzip_types application/json;
  gzip_vary on;
  client_body_temp_path $OUT/nginx; proxy_temp_path $OUT/nginx; fastcgi_temp_path $OUT/nginx;
  uwsgi_temp_path $OUT/nginx; scgi_temp_path $OUT/nginx;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location /s/ { alias $SITE/; add_header Cache-Control no-cache; }
  }
}
CONF

bench_port_free "$LUMEN_PORT"
bench_port_free "$NGINX_PORT"
bench_lumen_cmd "$LUMEN_PORT" "$OUT/lumen" -- -jar "$JAR"
bench_start "$OUT/lumen.log" "http://127.0.0.1:$LUMEN_PORT/s/pets.json" 60 "${BENCH_CMD[@]}"
LUMEN_PID="$BENCH_PID"
bench_start "$OUT/nginx.log" "http://127.0.0.1:$NGINX_PORT/s/pets.json" 30 nginx -c "$OUT/nginx/nginx.conf" -e "$OUT/nginx/error.log"
NGINX_PID="$BENCH_PID"
declare -A PORT=([lumen]=$LUMEN_PORT [nginx]=$NGINX_PORT) PID=([lumen]=$LUMEN_PID [nginx]=$NGINX_PID)

# both must answer the same bytes: the gzip bodies inflate to the file, the plain ones are the file
for c in lumen nginx; do
  for f in pets.json f4k.bin f1m.bin; do
    curl -s --max-time 10 "http://127.0.0.1:${PORT[$c]}/s/$f" | cmp -s - "$SITE/$f" || bench_die "$c answers other bytes for $f"
  done
  enc="$(curl -s --max-time 10 -o "$OUT/$c.gz" -D - -H 'Accept-Encoding: gzip' "http://127.0.0.1:${PORT[$c]}/s/pets.json" \
    | tr -d '\r' | awk -F': ' 'tolower($1) == "content-encoding" {print $2}')"
  [[ "$enc" == gzip ]] || bench_die "$c did not gzip pets.json (Content-Encoding '$enc')"
  gzip -dc "$OUT/$c.gz" | cmp -s - "$SITE/pets.json" || bench_die "$c's gzip body does not inflate to the file"
  bench_log "$c: pets.json $(stat -c %s "$SITE/pets.json") bytes -> $(stat -c %s "$OUT/$c.gz") gzipped"
done

declare -A ARGS=([gzip]="-H Accept-Encoding:gzip /s/pets.json" [plain]="/s/pets.json" [s4k]="/s/f4k.bin" [s1m]="/s/f1m.bin")
declare -A RPS CPU
run() {  # run <contender:case> <round>
  local c="${1%%:*}" k="${1#*:}" f="$OUT/wrk-${1/:/-}-$2.txt" a b
  read -ra words <<<"${ARGS[$k]}"
  local url="http://127.0.0.1:${PORT[$c]}${words[-1]}" hdr=()
  (( ${#words[@]} > 1 )) && hdr=(-H "${words[1]/:/: }")
  a="$(bench_cpu_ticks "${PID[$c]}")"
  bench_wrk "$f" "$DURATION" "${hdr[@]}" "$url" || { cat "$f" >&2; bench_die "wrk failed: $1"; }
  b="$(bench_cpu_ticks "${PID[$c]}")"
  (( W_ERRORS == 0 )) || bench_die "$1 round $2: $W_NON2XX non-2xx, $W_SOCKERR socket errors ($f)"
  bench_alive "${PID[lumen]}" "Lumen" "$OUT/lumen.log"
  if [[ "$2" != warmup ]]; then
    RPS[$1]+="$W_RPS "
    CPU[$1]+="$(bench_cpu_us_per_req "$a" "$b" "$W_REQUESTS") "
    bench_log "round $2 $1: $W_RPS req/s, p99 $W_P99 ms"
  fi
}
ITEMS=()
for k in gzip plain s4k s1m; do for c in lumen nginx; do ITEMS+=("$c:$k"); done; done
for i in "${ITEMS[@]}"; do run "$i" warmup; done
LOAD0="$(bench_loadavg)"
bench_rounds 0 run "${ITEMS[@]}"
LOAD1="$(bench_loadavg)"
bench_stop "$LUMEN_PID"
bench_stop "$NGINX_PID"

med() { bench_median ${RPS[$1]}; }
cpu() { bench_median ${CPU[$1]}; }
# ratio <key> <a> <b>: the median ratio and the range of the per-round ratios, as summary words
ratio() { bench_spread_words "$1" ${RPS[$2]} -- ${RPS[$3]}; }
# shellcheck disable=SC2046  # ratio prints several words
LINE="$(bench_summary web \
  $(ratio gzip_vs_nginx lumen:gzip nginx:gzip) $(ratio gzip_vs_plain lumen:gzip lumen:plain) \
  $(ratio nginx_gzip_vs_plain nginx:gzip nginx:plain) $(ratio s4k_vs_nginx lumen:s4k nginx:s4k) \
  $(ratio s1m_vs_nginx lumen:s1m nginx:s1m) \
  "lumen_gzip_rps=$(med lumen:gzip)" "nginx_gzip_rps=$(med nginx:gzip)" "lumen_plain_rps=$(med lumen:plain)" \
  "lumen_s4k_rps=$(med lumen:s4k)" "nginx_s4k_rps=$(med nginx:s4k)" "lumen_s1m_rps=$(med lumen:s1m)" \
  "nginx_s1m_rps=$(med nginx:s1m)" "lumen_gzip_cpu_us=$(cpu lumen:gzip)" "nginx_gzip_cpu_us=$(cpu nginx:gzip)" \
  "lumen_plain_cpu_us=$(cpu lumen:plain)" "nginx_plain_cpu_us=$(cpu nginx:plain)")"
{
  echo "# web middleware vs nginx ($(date -u +%F), commit $(bench_commit))"
  echo
  echo "- Command: \`$(bench_cmdline "$0")\` (DURATION=$DURATION ROUNDS=$ROUNDS THREADS=$THREADS CONNECTIONS=$CONNECTIONS LEVEL=$LEVEL NGINX_WORKERS=$NGINX_WORKERS)"
  echo "- Load average: $LOAD0 at the start, $LOAD1 at the end; $(nproc) cores shared by wrk and the servers"
  echo "- req/s per round: $(for i in "${ITEMS[@]}"; do printf '%s [%s] ' "$i" "${RPS[$i]% }"; done)"
  echo "- CPU us per response per round: $(for i in "${ITEMS[@]}"; do printf '%s [%s] ' "$i" "${CPU[$i]% }"; done)"
  echo
  echo "\`$LINE\`"
} >"$BENCH_REPORT"
bench_log "report: $BENCH_REPORT"
echo "$LINE"
