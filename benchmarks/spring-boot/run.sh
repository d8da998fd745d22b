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
# STARTER picks the Boot line: boot3 (spring-boot/example: Boot 3.5, lumen-spring-boot-starter on Boot's
# Undertow 2.3) or boot4 (spring-boot/example-boot4: the same application on Boot 4.1,
# lumen-spring-boot4-starter, Lumen's server on Undertow 2.4 + undertow-ee); record a boot4 run with
# `--suffix _boot4` so that both lines sit side by side.
# Knobs: STARTER (boot3), SECTIONS ("hello secured chain"), DURATION (10 s per run), ROUNDS (3), WARMUP (10 s per route),
# THREADS (2), CONNECTIONS (128), PIPELINE (16), RATE (100 req/s per connection), RATE_CONNECTIONS (32),
# PORT (18095 on 127.0.0.1), SKIP_BUILD (0), JAVA_OPTS (-Xmx512m). Needs wrk, and h2load for the p99
# (Debian nghttp2-client, installed when missing and root). Results: a markdown table on stdout and
# the raw outputs under benchmarks/out/spring-boot-<time>/.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs STARTER=boot3 SECTIONS="hello secured chain" DURATION=10 ROUNDS=3 WARMUP=10 THREADS=2 CONNECTIONS=128 PIPELINE=16 \
  RATE=100 RATE_CONNECTIONS=32 PORT=18095 SKIP_BUILD=0 JAVA_OPTS=-Xmx512m
bench_at_least 1 DURATION ROUNDS WARMUP THREADS CONNECTIONS PIPELINE RATE RATE_CONNECTIONS PORT
bench_words_in SECTIONS hello secured chain
bench_words_in STARTER boot3 boot4
has() { [[ " $SECTIONS " == *" $1 "* ]]; }
JAR="$BENCH_REPO_ROOT/spring-boot/example/target/lumen-spring-boot-example.jar"
if [[ "$STARTER" == boot4 ]]; then JAR="$BENCH_REPO_ROOT/spring-boot/example-boot4/target/lumen-spring-boot4-example.jar"; fi
AUTH_LUA="$BENCH_DIR/auth-pipeline.lua"

bench_find_java; bench_ensure_wrk
if has secured; then bench_ensure_tools h2load:nghttp2-client; fi
bench_out spring-boot
RUN_DIR="$BENCH_RUN_DIR"
bench_build_lumen "$JAR" -B -q -DskipTests install

# one token for both protected routes: Lumen's security middleware and Spring Security check the same
# key (petstore-dev-1), issuer, audience and scope
bench_token "$JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --scope "read:pets" --client-id bench-client --sub bench \
  >"$RUN_DIR/token" 2>"$RUN_DIR/token.log" || bench_die "minting the token failed: $RUN_DIR/token.log"
TOKEN="$(head -n 1 "$RUN_DIR/token")"

# shellcheck disable=SC2153  # PORT is a knob (bench_knobs)
bench_port_free "$PORT"
BASE="http://127.0.0.1:$PORT"
bench_start "$RUN_DIR/server.log" "$BASE/light-4j" 120 env "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$JAR" \
  --server.port="$PORT" --server.address=127.0.0.1
SERVER_PID="$BENCH_PID"
bench_log "example started in ${BENCH_STARTUP_MS} ms (pid $SERVER_PID)"

# check <path> <auth: 0|1> <expected status>: a contender that does not answer as it should is no contender
check() {
  local auth=(); [[ "$2" == 1 ]] && auth=(-H "Authorization: Bearer $TOKEN")
  bench_expect "GET $1" "$3" "$RUN_DIR/check-headers.txt" "${auth[@]}" "$BASE$1"
}
check /light-4j 0 200; check /spring-boot 0 200; check /bare/v1/pets 0 200
check /v1/pets 1 200; check /spring-security/v1/pets 1 200; check /v1/pets 0 401; check /spring-security/v1/pets 0 401

# wrk_run <path> <auth 0|1> <depth> <seconds> <out>: sets W_RPS (NA for a run with errors)
wrk_run() {
  local args=(-s "$AUTH_LUA" "$BASE" -- "$1" "$3")
  [[ "$2" == 1 ]] && args+=("$RUN_DIR/token")
  bench_wrk "$5" "$4" "${args[@]}" || true
  if (( W_ERRORS > 0 )); then bench_log "FAILED RUN $1: $W_NON2XX non-2xx, $W_SOCKERR socket errors ($5)"; W_RPS=NA; fi
  bench_alive "$SERVER_PID" "the example" "$RUN_DIR/server.log"
}

# rate_run <path> <seconds> <out>: open loop, RATE req/s per connection; sets R_P99 (ms) and R_OK (1: no
# errors, and requests were done)
rate_run() {
  local log="${3%.txt}.requests.tsv" err ndone
  timeout $(( $2 + 30 )) h2load --h1 -t"$THREADS" -c"$RATE_CONNECTIONS" --rps="$RATE" -D "$2" --log-file="$log" \
    -H "Authorization: Bearer $TOKEN" "$BASE$1" >"$3" 2>&1 || true
  read -r _ _ err ndone < <(bench_h2load_parse "$3")
  R_OK=0; if (( err == 0 && ndone > 0 )); then R_OK=1; fi
  R_P99="$(bench_h2load_p99 "$log")"
  gzip -f "$log"
}

# ratio_stats <numerators...> -- <denominators...>: "median min max" of the per-round ratios
ratio_stats() {
  local r
  mapfile -t r < <(bench_round_ratios "$@")
  echo "$(bench_median "${r[@]}") $(bench_min "${r[@]}") $(bench_max "${r[@]}")"
}

SUMMARY=()   # the key=value words of the last line
# pair <label> <key> <path A> <auth A> <path B> <auth B> <depth>: alternated rounds of A and B; prints a
# table row "label | A median | B median | A/B median (min-max)", sets PAIR_RATIO (median A/B) and adds
# <key>, <key>_min and <key>_max to SUMMARY
# shellcheck disable=SC2153  # WARMUP is a knob (bench_knobs)
pair() {
  local label="$1" key="$2" pa="$3" aa="$4" pb="$5" ab="$6" depth="$7" r a=() b=()
  wrk_run "$pa" "$aa" "$depth" "$WARMUP" "$RUN_DIR/warmup-$label-a.txt"
  wrk_run "$pb" "$ab" "$depth" "$WARMUP" "$RUN_DIR/warmup-$label-b.txt"
  for (( r = 1; r <= ROUNDS; r++ )); do
    wrk_run "$pa" "$aa" "$depth" "$DURATION" "$RUN_DIR/$label-$r-a.txt"; a+=("$W_RPS")
    wrk_run "$pb" "$ab" "$depth" "$DURATION" "$RUN_DIR/$label-$r-b.txt"; b+=("$W_RPS")
    bench_log "$label round $r: $pa ${a[-1]} req/s, $pb ${b[-1]} req/s"
  done
  read -r PAIR_RATIO lo hi < <(ratio_stats "${a[@]}" -- "${b[@]}")
  local ma mb
  ma="$(bench_median "${a[@]}")"; mb="$(bench_median "${b[@]}")"
  printf '| %s | %s %s | %s %s | %s (%s-%s) |\n' "$label" "$pa" "$(bench_fmt '%.0f' "$ma")" "$pb" "$(bench_fmt '%.0f' "$mb")" \
    "$(bench_fmt '%.2fx' "$PAIR_RATIO")" "$(bench_fmt '%.2f' "$lo")" "$(bench_fmt '%.2f' "$hi")" >>"$RUN_DIR/table.md"
  SUMMARY+=("$key=$(bench_fmt '%.3f' "$PAIR_RATIO")" "${key}_min=$(bench_fmt '%.3f' "$lo")" "${key}_max=$(bench_fmt '%.3f' "$hi")")
}

echo "| comparison | A: path req/s (median) | B: path req/s (median) | A/B median (min-max of rounds) |" >"$RUN_DIR/table.md"
echo "|---|---|---|---|" >>"$RUN_DIR/table.md"
if has hello; then
  pair "hello-pipelined-$PIPELINE" hello_pipelined_lumen_vs_spring /light-4j 0 /spring-boot 0 "$PIPELINE"
  pair "hello-not-pipelined" hello_plain_lumen_vs_spring /light-4j 0 /spring-boot 0 1
fi
if has secured; then
  pair "secured" secured_lumen_vs_spring_security /v1/pets 1 /spring-security/v1/pets 1 1
  rate_run /v1/pets "$WARMUP" "$RUN_DIR/warmup-rate-lumen.txt"
  rate_run /spring-security/v1/pets "$WARMUP" "$RUN_DIR/warmup-rate-spring.txt"
  p_l=(); p_s=()
  for (( r = 1; r <= ROUNDS; r++ )); do
    rate_run /v1/pets "$DURATION" "$RUN_DIR/rate-$r-lumen.txt"; if (( R_OK )); then p_l+=("$R_P99"); else p_l+=(NA); fi
    rate_run /spring-security/v1/pets "$DURATION" "$RUN_DIR/rate-$r-spring.txt"; if (( R_OK )); then p_s+=("$R_P99"); else p_s+=(NA); fi
    bench_log "rate round $r: p99 Lumen ${p_l[-1]} ms, Spring Security ${p_s[-1]} ms"
  done
  read -r pr plo phi < <(ratio_stats "${p_l[@]}" -- "${p_s[@]}")
  printf '| secured p99 at %s req/s offered (open loop) | /v1/pets p99 %s ms | /spring-security/v1/pets p99 %s ms | %s (%s-%s) |\n' \
    "$(( RATE * RATE_CONNECTIONS ))" "$(bench_median "${p_l[@]}")" "$(bench_median "${p_s[@]}")" \
    "$(bench_fmt '%.2fx' "$pr")" "$(bench_fmt '%.2f' "$plo")" "$(bench_fmt '%.2f' "$phi")" >>"$RUN_DIR/table.md"
  SUMMARY+=("secured_lumen_vs_spring_security_rate_p99=$(bench_fmt '%.3f' "$pr")" \
    "secured_lumen_vs_spring_security_rate_p99_min=$(bench_fmt '%.3f' "$plo")" "secured_lumen_vs_spring_security_rate_p99_max=$(bench_fmt '%.3f' "$phi")")
fi
if has chain; then
  pair "chain" chain_vs_bare /v1/pets 1 /bare/v1/pets 0 1
  cost=NA; [[ "$PAIR_RATIO" == NA ]] || cost="$(bench_calc "100 * (1 - $PAIR_RATIO)")"
  echo "| chain cost | | | $(bench_fmt '%.1f%%' "$cost") of the bare controller's req/s |" >>"$RUN_DIR/table.md"
fi
bench_stop_all

cat "$RUN_DIR/table.md"
echo
echo "- Command: \`$BENCH_CMDLINE\`; commit $(bench_commit); load $(bench_loadavg)"
echo "- Starter: $STARTER ($(basename "$JAR")); JDK: $BENCH_JAVA_DESC; $(nproc) cores; example started in ${BENCH_STARTUP_MS} ms; JAVA_OPTS: $JAVA_OPTS"
echo "- wrk -t$THREADS -c$CONNECTIONS, ${DURATION}s runs after ${WARMUP}s warm-ups, $ROUNDS alternated rounds; rate: h2load --h1 -c$RATE_CONNECTIONS --rps=$RATE"
echo "- Raw outputs: ${RUN_DIR#"$BENCH_REPO_ROOT"/}"
echo
bench_summary spring-boot "${SUMMARY[@]}"
