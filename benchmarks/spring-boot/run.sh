#!/usr/bin/env bash
# Lumen inside Spring Boot: one process (spring-boot/example's fat jar), three comparisons, alternated
# rounds, median ratios with their spread (min-max of the per-round ratios):
#   1. hello   - GET /light-4j (a plain Lumen handler on the IO thread) vs GET /spring-boot (a
#                @RestController), same 11 bytes; wrk pipelined PIPELINE deep and not pipelined.
#   2. secured - GET /v1/pets behind Lumen's chain (exception, metrics, correlation, specification,
#                security with a cached RS256 token, body, audit, validator, then the controller) vs
#                GET /spring-security/v1/pets (the same controller behind Spring Security's JWT resource
#                server, same token and key); wrk req/s (not pipelined), and p99 at equal offered load
#                (h2load --h1 open loop, RATE req/s per connection, RATE_CONNECTIONS connections).
#   3. chain   - GET /v1/pets (Lumen's chain + controller) vs GET /bare/v1/pets (the bare controller):
#                the chain's cost as a share of the bare controller's req/s.
# Knobs: SECTIONS ("hello secured chain"), DURATION (10 s per run), ROUNDS (3), WARMUP (10 s per route),
# THREADS (2), CONNECTIONS (128), PIPELINE (16), RATE (100 req/s per connection), RATE_CONNECTIONS (32),
# PORT (18095 on 127.0.0.1), SKIP_BUILD (0), JAVA_OPTS (-Xmx512m). Needs wrk, and h2load for the p99
# (Debian nghttp2-client, installed when missing and root). Results: a markdown table on stdout and
# the raw outputs under benchmarks/out/spring-boot-<time>/.
set -euo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
CMDLINE="$(bench_cmdline "${BASH_SOURCE[0]}" SECTIONS DURATION ROUNDS WARMUP THREADS CONNECTIONS PIPELINE RATE RATE_CONNECTIONS PORT SKIP_BUILD JAVA_OPTS)"

SECTIONS="${SECTIONS:-hello secured chain}"
DURATION="${DURATION:-10}"; ROUNDS="${ROUNDS:-3}"; WARMUP="${WARMUP:-10}"
THREADS="${THREADS:-2}"; CONNECTIONS="${CONNECTIONS:-128}"; PIPELINE="${PIPELINE:-16}"
RATE="${RATE:-100}"; RATE_CONNECTIONS="${RATE_CONNECTIONS:-32}"
PORT="${PORT:-18095}"; SKIP_BUILD="${SKIP_BUILD:-0}"; JAVA_OPTS="${JAVA_OPTS:--Xmx512m}"
ROOT="$BENCH_REPO_ROOT"; JAR="$ROOT/spring-boot/example/target/lumen-spring-boot-example.jar"
KEY="$ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem"
AUTH_LUA="$BENCH_DIR/spring-boot/auth-pipeline.lua"
RUN_DIR="$BENCH_DIR/out/spring-boot-$(date +%Y%m%d-%H%M%S)"; mkdir -p "$RUN_DIR"
BENCH_PIDS=(); trap bench_stop_all EXIT
for n in DURATION ROUNDS WARMUP THREADS CONNECTIONS PIPELINE RATE RATE_CONNECTIONS PORT; do
  [[ "${!n}" =~ ^[1-9][0-9]*$ ]] || bench_die "$n must be a positive integer, got '${!n}'"
done
for s in $SECTIONS; do case "$s" in hello|secured|chain) ;; *) bench_die "unknown section '$s' (hello secured chain)";; esac; done
has() { [[ " $SECTIONS " == *" $1 "* ]]; }

bench_find_java; bench_ensure_wrk
if has secured && ! command -v h2load >/dev/null 2>&1; then
  [[ "$(id -u)" -eq 0 ]] || bench_die "h2load is missing (Debian nghttp2-client); install it or leave 'secured' out of SECTIONS"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nghttp2-client; } >&2 || bench_die "apt-get install nghttp2-client failed"
fi
if [[ "$SKIP_BUILD" != 1 ]]; then
  bench_log "building the example (./mvnw -B -q -DskipTests install)"
  (cd "$ROOT" && JAVA_HOME="$BENCH_JAVA_HOME" ./mvnw -B -q -DskipTests install) >"$RUN_DIR/build.log" 2>&1 || bench_die "build failed: $RUN_DIR/build.log"
fi
[[ -f "$JAR" ]] || bench_die "$JAR is missing (run without SKIP_BUILD=1)"

# one token for both protected routes: Lumen's security middleware and Spring Security check the same
# key (petstore-dev-1), issuer, audience and scope
"$BENCH_JAVA" -cp "$JAR" -Dloader.main=io.lumen.security.tool.DevTokens org.springframework.boot.loader.launch.PropertiesLauncher \
  token --key "$KEY" --kid petstore-dev-1 --scope "read:pets" --iss https://lumen.dev/issuer --aud petstore \
  --client-id bench-client --sub bench --ttl 7200 >"$RUN_DIR/token" 2>"$RUN_DIR/token.log" || bench_die "minting the token failed: $RUN_DIR/token.log"
TOKEN="$(head -n 1 "$RUN_DIR/token")"

bench_port_free "$PORT"
BASE="http://127.0.0.1:$PORT"
# shellcheck disable=SC2086
bench_start "$RUN_DIR/server.log" "$BASE/light-4j" 120 env "$BENCH_JAVA" $JAVA_OPTS -jar "$JAR" \
  --server.port="$PORT" --server.address=127.0.0.1
SERVER_PID="$BENCH_PID"
bench_log "example started in ${BENCH_STARTUP_MS} ms (pid $SERVER_PID)"

# check <path> <auth: 0|1> <expected status>: a contender that does not answer as it should is no contender
check() {
  local auth=() code; [[ "$2" == 1 ]] && auth=(-H "Authorization: Bearer $TOKEN")
  code="$(curl -s -o "$RUN_DIR/check.body" -w '%{http_code}' "${auth[@]}" "$BASE$1")"
  [[ "$code" == "$3" ]] || { cat "$RUN_DIR/check.body" >&2; bench_die "GET $1 answered $code, expected $3"; }
}
check /light-4j 0 200; check /spring-boot 0 200; check /bare/v1/pets 0 200
check /v1/pets 1 200; check /spring-security/v1/pets 1 200; check /v1/pets 0 401; check /spring-security/v1/pets 0 401

# wrk_run <path> <auth 0|1> <depth> <seconds> <out>: sets W_RPS (NA for a run with errors)
wrk_run() {
  local args=(-t"$THREADS" -c"$CONNECTIONS" -d"${4}s" --latency -s "$AUTH_LUA" "$BASE" -- "$1" "$3")
  [[ "$2" == 1 ]] && args+=("$RUN_DIR/token")
  timeout $(( $4 + 30 )) wrk "${args[@]}" >"$5" 2>&1 || true
  local non2xx sockerr
  read -r W_RPS _ _ _ _ non2xx sockerr < <(bench_wrk_parse "$5")
  if (( non2xx + sockerr > 0 )); then bench_log "FAILED RUN $1: $non2xx non-2xx, $sockerr socket errors ($5)"; W_RPS=NA; fi
  kill -0 "$SERVER_PID" 2>/dev/null || bench_die "the example died under load (log: $RUN_DIR/server.log)"
}

# rate_run <path> <seconds> <out>: open loop, RATE req/s per connection; sets R_P99 (ms) and R_ERR
rate_run() {
  local log="${3%.txt}.requests.tsv"
  timeout $(( $2 + 30 )) h2load --h1 -t"$THREADS" -c"$RATE_CONNECTIONS" --rps="$RATE" -D "$2" --log-file="$log" \
    -H "Authorization: Bearer $TOKEN" "$BASE$1" >"$3" 2>&1 || true
  # errors: failed + errored + timed-out requests, and 3xx/4xx/5xx answers
  R_ERR="$(awk '/^requests: / { gsub(/,/, ""); e = $10 + $12 + $14 } /^status codes: / { gsub(/,/, ""); s = $5 + $7 + $9; seen = 1 }
    END { if (seen) print e + s; else print "NA" }' "$3")"
  R_P99="$(awk -F'\t' '{ print $3 }' "$log" | sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "NA"; exit } i = int(NR * 0.99 + 0.5); if (i < 1) i = 1; if (i > NR) i = NR; printf "%.3f\n", v[i] / 1000 }')"
  gzip -f "$log"
}

# non_na <values...>: the values that are not NA, one per line
non_na() { local v; for v in "$@"; do [[ "$v" == NA ]] || echo "$v"; done; }

# ratio_stats <numerators...> -- <denominators...>: "median min max" of the per-round ratios
ratio_stats() {
  local nums=() dens=() r=() i
  while [[ "$1" != -- ]]; do nums+=("$1"); shift; done; shift; dens=("$@")
  for i in "${!nums[@]}"; do
    [[ "${nums[$i]}" == NA || "${dens[$i]:-NA}" == NA ]] || r+=("$(bench_calc "${nums[$i]} / ${dens[$i]}")")
  done
  (( ${#r[@]} > 0 )) || { echo "NA NA NA"; return 0; }
  echo "$(bench_median "${r[@]}") $(bench_min "${r[@]}") $(bench_max "${r[@]}")"
}

# pair <label> <path A> <auth A> <path B> <auth B> <depth>: alternated rounds of A and B; prints a table row
# "label | A median | B median | A/B median (min-max)" and sets PAIR_RATIO (median A/B)
pair() {
  local label="$1" pa="$2" aa="$3" pb="$4" ab="$5" depth="$6" r a=() b=()
  wrk_run "$pa" "$aa" "$depth" "$WARMUP" "$RUN_DIR/warmup-$label-a.txt"
  wrk_run "$pb" "$ab" "$depth" "$WARMUP" "$RUN_DIR/warmup-$label-b.txt"
  for (( r = 1; r <= ROUNDS; r++ )); do
    wrk_run "$pa" "$aa" "$depth" "$DURATION" "$RUN_DIR/$label-$r-a.txt"; a+=("$W_RPS")
    wrk_run "$pb" "$ab" "$depth" "$DURATION" "$RUN_DIR/$label-$r-b.txt"; b+=("$W_RPS")
    bench_log "$label round $r: $pa ${a[-1]} req/s, $pb ${b[-1]} req/s"
  done
  read -r PAIR_RATIO lo hi < <(ratio_stats "${a[@]}" -- "${b[@]}")
  local ma mb
  # shellcheck disable=SC2046
  ma="$(bench_median $(non_na "${a[@]}"))"; mb="$(bench_median $(non_na "${b[@]}"))"
  printf '| %s | %s %s | %s %s | %s (%s-%s) |\n' "$label" "$pa" "$(bench_fmt '%.0f' "$ma")" "$pb" "$(bench_fmt '%.0f' "$mb")" \
    "$(bench_fmt '%.2fx' "$PAIR_RATIO")" "$(bench_fmt '%.2f' "$lo")" "$(bench_fmt '%.2f' "$hi")" >>"$RUN_DIR/table.md"
}

echo "| comparison | A: path req/s (median) | B: path req/s (median) | A/B median (min-max of rounds) |" >"$RUN_DIR/table.md"
echo "|---|---|---|---|" >>"$RUN_DIR/table.md"
if has hello; then
  pair "hello-pipelined-$PIPELINE" /light-4j 0 /spring-boot 0 "$PIPELINE"
  pair "hello-not-pipelined" /light-4j 0 /spring-boot 0 1
fi
if has secured; then
  pair "secured" /v1/pets 1 /spring-security/v1/pets 1 1
  rate_run /v1/pets "$WARMUP" "$RUN_DIR/warmup-rate-lumen.txt"
  rate_run /spring-security/v1/pets "$WARMUP" "$RUN_DIR/warmup-rate-spring.txt"
  p_l=(); p_s=()
  for (( r = 1; r <= ROUNDS; r++ )); do
    rate_run /v1/pets "$DURATION" "$RUN_DIR/rate-$r-lumen.txt"; [[ "$R_ERR" == 0 ]] && p_l+=("$R_P99") || p_l+=(NA)
    rate_run /spring-security/v1/pets "$DURATION" "$RUN_DIR/rate-$r-spring.txt"; [[ "$R_ERR" == 0 ]] && p_s+=("$R_P99") || p_s+=(NA)
    bench_log "rate round $r: p99 Lumen ${p_l[-1]} ms, Spring Security ${p_s[-1]} ms"
  done
  read -r pr plo phi < <(ratio_stats "${p_l[@]}" -- "${p_s[@]}")
  # shellcheck disable=SC2046
  printf '| secured p99 at %s req/s offered (open loop) | /v1/pets p99 %s ms | /spring-security/v1/pets p99 %s ms | %s (%s-%s) |\n' \
    "$(( RATE * RATE_CONNECTIONS ))" "$(bench_median $(non_na "${p_l[@]}"))" "$(bench_median $(non_na "${p_s[@]}"))" \
    "$(bench_fmt '%.2fx' "$pr")" "$(bench_fmt '%.2f' "$plo")" "$(bench_fmt '%.2f' "$phi")" >>"$RUN_DIR/table.md"
fi
if has chain; then
  pair "chain" /v1/pets 1 /bare/v1/pets 0 1
  echo "| chain cost | | | $(bench_fmt '%.1f%%' "$(bench_calc "100 * (1 - $PAIR_RATIO)")") of the bare controller's req/s |" >>"$RUN_DIR/table.md"
fi
bench_stop_all

cat "$RUN_DIR/table.md"
echo
echo "- Command: $CMDLINE"
echo "- JDK: $BENCH_JAVA_DESC; $(nproc) cores; example started in ${BENCH_STARTUP_MS} ms; JAVA_OPTS: $JAVA_OPTS"
echo "- wrk -t$THREADS -c$CONNECTIONS, ${DURATION}s runs after ${WARMUP}s warm-ups, $ROUNDS alternated rounds; rate: h2load --h1 -c$RATE_CONNECTIONS --rps=$RATE"
echo "- Raw outputs: ${RUN_DIR#"$BENCH_REPO_ROOT"/}"
