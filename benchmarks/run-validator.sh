#!/usr/bin/env bash
# run-validator.sh: what do OpenAPI specification + validation cost, in Lumen and in light-4j?
#   bypass   - Lumen, no middleware (benchmarks/validator/lumen-bypass): GET /v1/pets?limit=10
#              (the petstore's PetsGetHandler parses limit itself) and POST /v1/pets (a benchmark
#              echo handler that parses and checks the pet itself and answers 201 with it)
#   lumenval - Lumen, the same handlers behind specification, body, validator only
#              (benchmarks/validator/lumen + config/petstore/embedded for the spec and the ymls)
#   l4jval   - light-4j 2.3.3 behind OpenApiHandler, BodyHandler and light-rest-4j's
#              openapi-validator ValidatorHandler (benchmarks/light4j-petstore/validator-config),
#              same spec, same requests, the same kind of handlers
#   jwt      - Lumen, config/petstore/embedded as shipped: the full chain with JWT verification,
#              one minted token for every request (GET only)
#   l4jccc   - light-4j 2.3.3, its full chain with JwtVerifyHandler (light4j-petstore/ccc-config)
#              and a token for kid l4jkid (GET only)
# All run side by side on loopback ports; wrk hits one (contender, request) pair at a time,
# alternating all pairs within each round. See benchmarks/README.md for the variables.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
bench_no_args $#

# ORDER fixed: the same pair order every round; rotate: start one later each round. KEEP_AUDIT_LOGS=1:
# keep every audit line of the two full chains (GiBs). JAVA_OPTS: extra JVM flags, for every server.
bench_knobs CONTENDERS="bypass lumenval l4jval jwt l4jccc" ORDER=fixed DURATION=10 WARMUP_DURATION=@DURATION ROUNDS=3 \
  SKIP_BUILD=0 KEEP_AUDIT_LOGS=0 JAVA_OPTS= LUMEN_JAR="$BENCH_PETSTORE_JAR" BYPASS_PORT=18111 LUMENVAL_PORT=18112 \
  L4JVAL_PORT=18113 JWT_PORT=18114 L4JCCC_PORT=18115 THREADS=2 CONNECTIONS=128 PIPELINE=16 STARTUP_TIMEOUT=30 COOLDOWN=1
LUMEN_JAR="$(realpath -m "$LUMEN_JAR")"

LIGHT4J_DIR="$BENCH_DIR/light4j-petstore"
LIGHT4J_JAR="$LIGHT4J_DIR/target/light4j-petstore.jar"
ECHO_SRC="$BENCH_DIR/validator/lumen-handler/src"
ECHO_CLASSES="$BENCH_DIR/validator/lumen-handler/target/classes"   # git-ignored (benchmarks/**/target/)
GET_LUA="$BENCH_DIR/pipeline.lua"
POST_LUA="$BENCH_DIR/post-pet.lua"
GET_PATH='/v1/pets?limit=10'
POST_PATH='/v1/pets'

# Config dirs (Lumen: relative to the repo root, its cwd; light-4j: to benchmarks/light4j-petstore).
declare -A CONFIG=(
  [bypass]="benchmarks/validator/lumen-bypass:benchmarks/validator/lumen:config/petstore/embedded"
  [lumenval]="benchmarks/validator/lumen:config/petstore/embedded"
  [jwt]="config/petstore/embedded"
  [l4jval]="validator-config"
  [l4jccc]="ccc-config"
)
declare -A PORT=([bypass]="$BYPASS_PORT" [lumenval]="$LUMENVAL_PORT" [l4jval]="$L4JVAL_PORT" [jwt]="$JWT_PORT" [l4jccc]="$L4JCCC_PORT")
declare -A LABEL=([bypass]="Lumen bypass" [lumenval]="Lumen validator" [l4jval]="light-4j validator"
                  [jwt]="Lumen full chain + JWT" [l4jccc]="light-4j full chain + JWT")
declare -A CHAIN=(
  [bypass]="(none: the handler parses and checks the input)"
  [lumenval]="specification, body, validator"
  [l4jval]="OpenApiHandler, BodyHandler, ValidatorHandler (openapi-validator)"
  [jwt]="exception, metrics, correlation, header, cors, limit, specification, security, body, audit, validator"
  [l4jccc]="exception, metrics, correlation, specification, security (JwtVerifyHandler), body, audit, validator"
)
ALL_PAIRS=(bypass:get lumenval:get l4jval:get bypass:post lumenval:post l4jval:post jwt:get l4jccc:get)

# --- validate the knobs --------------------------------------------------------
bench_one_of ORDER fixed rotate
bench_at_least 3 ROUNDS
bench_at_least 1 DURATION THREADS
(( THREADS <= 9 )) || bench_die "THREADS must be 1..9 (post-pet.lua's id ranges), got $THREADS"
bench_words_in CONTENDERS bypass lumenval l4jval jwt l4jccc
read -ra CLIST <<<"$CONTENDERS"
declare -A ON=()
for c in "${CLIST[@]}"; do ON[$c]=1; done
bench_distinct BYPASS_PORT LUMENVAL_PORT L4JVAL_PORT JWT_PORT L4JCCC_PORT
PAIRS=()
for pair in "${ALL_PAIRS[@]}"; do [[ -z "${ON[${pair%%:*}]:-}" ]] || PAIRS+=("$pair"); done

c_of() { echo "${1%%:*}"; }     # lumenval:post -> lumenval
m_of() { echo "${1#*:}"; }      # lumenval:post -> post
is_lumen() { [[ "$1" == bypass || "$1" == lumenval || "$1" == jwt ]]; }
req_of() { if [[ "$(m_of "$1")" == get ]]; then echo "GET $GET_PATH"; else echo "POST $POST_PATH"; fi; }
plabel() { echo "${LABEL[$(c_of "$1")]} $(req_of "$1")"; }

# --- tools, JDK, output dir --------------------------------------------------
bench_require curl awk sort date grep cmp
bench_ensure_wrk
bench_find_java 21 "light-4j 2.3.3 needs Java 21+"
[[ -x "$BENCH_JAVA_HOME/bin/javac" ]] || bench_die "$BENCH_JAVA_HOME has no javac (a JDK is needed for the echo handler)"
bench_out validator   # raw wrk outputs, server logs, response headers, build logs
RUN_DIR="$BENCH_RUN_DIR"
LIGHT4J_TMP="$RUN_DIR/light4j-tmp"  # the peer's logback writes its audit file to java.io.tmpdir
mkdir -p "$LIGHT4J_TMP"
LOAD_BEFORE="$(bench_loadavg)"

# Both sides must validate against the same document.
cmp -s "$BENCH_REPO_ROOT/config/petstore/embedded/openapi.yaml" "$LIGHT4J_DIR/validator-config/openapi.yaml" ||
  bench_die "benchmarks/light4j-petstore/validator-config/openapi.yaml differs from config/petstore/embedded/openapi.yaml: copy it again"

# --- build -------------------------------------------------------------------
bench_build_lumen "$LUMEN_JAR" -B -q -DskipTests package
bench_build_peer "$LIGHT4J_DIR" "$LIGHT4J_JAR"
# The benchmark-only POST handler of the two Lumen validator configs, compiled against the jar
# (always: a second, and it must match the jar).
rm -rf "$ECHO_CLASSES"; mkdir -p "$ECHO_CLASSES"
"$BENCH_JAVA_HOME/bin/javac" --release 17 -Xlint:all -Werror -cp "$LUMEN_JAR" -d "$ECHO_CLASSES" \
  "$ECHO_SRC/bench/lumen/PetsEchoPostHandler.java" >"$RUN_DIR/build-echo.log" 2>&1 ||
  { cat "$RUN_DIR/build-echo.log" >&2; bench_die "javac of the echo handler failed"; }

# --- tokens ---------------------------------------------------------------------
# Lumen's DevTokens reads PKCS#8 PEM keys, so it signs the light-4j peer's l4jkid key too. Every
# request of a run carries the same token (cache hits).
declare -A TOKEN=()
if [[ -n "${ON[jwt]:-}" ]]; then
  TOKEN[jwt]="$(bench_token "$LUMEN_JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --sub bench --client-id bench-client)" || bench_die "minting the Lumen token failed"
fi
if [[ -n "${ON[l4jccc]:-}" ]]; then
  TOKEN[l4jccc]="$(bench_token "$LUMEN_JAR" "$BENCH_PEER_KEY" "$BENCH_PEER_KID" --sub bench --client-id bench-client)" || bench_die "minting the light-4j token failed"
fi
auth_args() {  # auth_args <contender>: fills AUTH with curl/wrk -H arguments (empty without a token)
  AUTH=()
  if [[ -n "${TOKEN[$1]:-}" ]]; then AUTH=(-H "Authorization: Bearer ${TOKEN[$1]}"); fi
}

# --- start every contender side by side -----------------------------------------------
# Every server: HTTP/1.1 only, 2 IO threads, 127.0.0.1 (config/petstore/embedded's through env).
declare -A PID=() STARTUP=() RSS_IDLE=() RSS_AFTER=()
for c in "${CLIST[@]}"; do bench_port_free "${PORT[$c]}"; done
for c in "${CLIST[@]}"; do
  p="${PORT[$c]}"
  case "$c" in
    bypass|lumenval)
      bench_lumen_cmd "$p" "${CONFIG[$c]}" -- -cp "$LUMEN_JAR:$ECHO_CLASSES" io.lumen.service.Main
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p/health" "$STARTUP_TIMEOUT" "${BENCH_CMD[@]}" ;;
    jwt)
      bench_lumen_cmd "$p" "${CONFIG[$c]}" SERVER_ENABLEHTTP2=false SERVER_IOTHREADS=2 -- -jar "$LUMEN_JAR"
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p/health" "$STARTUP_TIMEOUT" "${BENCH_CMD[@]}" ;;
    l4jval|l4jccc)
      mkdir -p "$LIGHT4J_TMP/$c"
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p/health" "$STARTUP_TIMEOUT" \
        env -C "$LIGHT4J_DIR" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 \
        "$BENCH_JAVA" "${BENCH_JOPTS[@]}" "-Djava.io.tmpdir=$LIGHT4J_TMP/$c" "-Dlight-4j-config-dir=${CONFIG[$c]}" -jar "$LIGHT4J_JAR" ;;
  esac
  PID[$c]="$BENCH_PID"; STARTUP[$c]="$BENCH_STARTUP_MS"
  bench_log "${LABEL[$c]} up on 127.0.0.1:$p (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
done

# --- check every pair: status, body, Content-Type; and that the middleware really is there -------
# expect <what> <expected status> <curl args...>: bench_expect, the headers kept in a file named after <what>
expect() {
  HF="$RUN_DIR/headers-$(tr -c 'A-Za-z0-9' '_' <<<"$1").txt"
  bench_expect "$1" "$2" "$HF" "${@:3}"
}
PROBE_ID=$(( 9000000000 + $(date +%s) % 1000000 ))   # outside post-pet.lua's ranges
for pair in "${PAIRS[@]}"; do
  c="$(c_of "$pair")"; url="http://127.0.0.1:${PORT[$c]}"
  auth_args "$c"
  if [[ "$(m_of "$pair")" == get ]]; then
    expect "$(plabel "$pair")" 200 "${AUTH[@]}" "$url$GET_PATH"
    want="$BENCH_REFERENCE_BODY"
  else
    want="{\"id\":$PROBE_ID,\"name\":\"x\"}"
    expect "$(plabel "$pair")" 201 "${AUTH[@]}" -H 'Content-Type: application/json' --data-binary "$want" "$url$POST_PATH"
  fi
  [[ "$HTTP_BODY" == "$want" ]] || { printf 'expected: %s\n     got: %s\n' "$want" "$HTTP_BODY" >&2; bench_die "$(plabel "$pair") returned a different body"; }
  [[ "$HTTP_CT" == "$BENCH_REFERENCE_CT" ]] || bench_die "$(plabel "$pair") answered Content-Type '$HTTP_CT', expected '$BENCH_REFERENCE_CT'"
done
# The validators must reject what the spec forbids (limit is at most 100 in both specs; id an integer), the JWT
# chains a request without a token: a chain that silently lost its middleware would look fast.
for c in "${CLIST[@]}"; do
  url="http://127.0.0.1:${PORT[$c]}"
  auth_args "$c"
  case "$c" in
    lumenval|l4jval|jwt|l4jccc) expect "${LABEL[$c]} GET /v1/pets?limit=101" 400 "${AUTH[@]}" "$url/v1/pets?limit=101" ;;
  esac
  case "$c" in
    lumenval|l4jval) expect "${LABEL[$c]} POST string id" 400 -H 'Content-Type: application/json' --data-binary '{"id":"a","name":"x"}' "$url$POST_PATH" ;;
    jwt|l4jccc) expect "${LABEL[$c]} GET without token" 401 "$url$GET_PATH" ;;
  esac
done
for c in "${CLIST[@]}"; do RSS_IDLE[$c]="$(bench_rss_kb "${PID[$c]}")"; done
bench_log "every pair answers as expected; the validators reject limit=101 and a string id, the JWT chains a missing token"

# --- load ----------------------------------------------------------------------------
wrk_args() {  # wrk_args <pair> <port>: fills WRK_ARGS, what follows bench_wrk's common options (the token, if any, through AUTH)
  auth_args "$(c_of "$1")"
  if [[ "$(m_of "$1")" == get ]]; then
    WRK_ARGS=("${AUTH[@]}" -s "$GET_LUA" "http://127.0.0.1:$2" -- "$GET_PATH" "$PIPELINE")
  else
    WRK_ARGS=("${AUTH[@]}" -s "$POST_LUA" "http://127.0.0.1:$2" -- "$POST_PATH" "$PIPELINE")
  fi
}
declare -A RPS=() P99=() NON2XX=() SOCKERR=() FAIL=()   # keys: <pair>|<round>
FAILURES=()
BAD_P99=()   # runs whose p99 wrk printed as zero or less than a lower percentile
run_wrk() {  # run_wrk <pair> <duration> <outfile>: one wrk run (bench_wrk: its figures in W_*)
  local c
  c="$(c_of "$1")"
  wrk_args "$1" "${PORT[$c]}"
  bench_wrk "$3" "$2" "${WRK_ARGS[@]}" || { cat "$3" >&2; bench_die "wrk failed against $(plabel "$1")"; }
  bench_alive "${PID[$c]}" "${LABEL[$c]}" "$RUN_DIR/server-$c.log"
}
# measure <pair> <round>: a run with non-2xx answers or socket errors is a failure: reported,
# and left out of the medians and ratios.
measure() {
  local pair="$1" r="$2" f rps p99
  f="$RUN_DIR/wrk-${pair/:/-}-round$r.txt"
  run_wrk "$pair" "$DURATION" "$f"
  [[ "$W_RPS" != NA ]] || { cat "$f" >&2; bench_die "could not parse wrk output $f"; }
  rps="$W_RPS"; p99="$W_P99"
  if (( W_P99_GLITCH )); then BAD_P99+=("round $r $(plabel "$pair") ($(basename "$f"))"); fi
  # shellcheck disable=SC2034  # NON2XX, SOCKERR and P99 are read through the nameref in series()
  { NON2XX[$pair|$r]="$W_NON2XX"; SOCKERR[$pair|$r]="$W_SOCKERR"; }
  if (( W_ERRORS > 0 )); then
    FAIL[$pair|$r]=1
    FAILURES+=("round $r $(plabel "$pair"): $W_NON2XX non-2xx/3xx responses, $W_SOCKERR socket errors ($rps req/s, $(basename "$f"))")
    bench_log "FAILED round $r $(plabel "$pair"): non-2xx $W_NON2XX, socket errors $W_SOCKERR"
    rps=NA; p99=NA
  fi
  # shellcheck disable=SC2034
  { RPS[$pair|$r]="$rps"; P99[$pair|$r]="$p99"; }
  bench_log "round $r/$ROUNDS $(plabel "$pair"): $rps req/s, p99 $p99 ms"
  sleep "$COOLDOWN"
}

WARMUP_ERRORS=0
for pair in "${PAIRS[@]}"; do
  bench_log "warm-up $(plabel "$pair") (${WARMUP_DURATION}s, discarded)"
  run_wrk "$pair" "$WARMUP_DURATION" "$RUN_DIR/wrk-warmup-${pair/:/-}.txt"
  WARMUP_ERRORS=$(( WARMUP_ERRORS + W_ERRORS ))
  sleep "$COOLDOWN"
done
LOAD_START="$(bench_loadavg)"   # other processes on the box skew the figures
bench_rounds "$([[ "$ORDER" == rotate ]] && echo 0 || echo fixed)" measure "${PAIRS[@]}"
LOAD_END="$(bench_loadavg)"
for c in "${CLIST[@]}"; do RSS_AFTER[$c]="$(bench_rss_kb "${PID[$c]}")"; done
bench_stop_all

# The two full chains audit every request (Lumen to stdout, light-4j to a file in its tmpdir):
# millions of lines per run. Keep the servers' own lines and the first 20 audit lines.
if [[ "$KEEP_AUDIT_LOGS" != 1 ]]; then
  if [[ -f "$RUN_DIR/server-jwt.log" ]]; then
    awk '!/^\{"timestamp"/ || n++ < 20' "$RUN_DIR/server-jwt.log" >"$RUN_DIR/server-jwt.log.tmp"
    mv "$RUN_DIR/server-jwt.log.tmp" "$RUN_DIR/server-jwt.log"
  fi
  for f in "$LIGHT4J_TMP"/*/*.log; do
    [[ -f "$f" ]] || continue
    head -n 20 "$f" >"$f.tmp" && mv "$f.tmp" "$f"
  done
fi

# --- report ----------------------------------------------------------------------------
series() {  # series <array-name> <pair>: the per-round values
  local -n arr="$1"
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do echo "${arr[$2|$r]:-NA}"; done
}
sum_of() { local s=0 v; for v in "$@"; do [[ "$v" == NA ]] || s=$(( s + v )); done; echo "$s"; }
ratios() {  # ratios <a> <b>: the per-round ratios a/b
  local va vb
  mapfile -t va < <(series RPS "$1"); mapfile -t vb < <(series RPS "$2")
  bench_round_ratios "${va[@]}" -- "${vb[@]}"
}
declare -A MED=()
for pair in "${PAIRS[@]}"; do mapfile -t v < <(series RPS "$pair"); MED[$pair]="$(bench_median "${v[@]}")"; done
f0() { bench_fmt '%.0f' "$1"; }
f3() { bench_fmt '%.3f' "$1"; }
mib() { bench_fmt '%.1f' "$(bench_div "$1" 1024)"; }

SUMMARY=()   # the key=value words of the last line
headline() {  # headline <a> <b> <goal or -> <key> <what>: a row, and its words in SUMMARY
  local x="$1" y="$2" goal="$3" key="$4" what="$5" va vb pa pb
  if [[ -z "${ON[$(c_of "$x")]:-}" || -z "${ON[$(c_of "$y")]:-}" ]]; then return 0; fi
  # shellcheck disable=SC2034  # read by bench_ratio through their names
  {
    mapfile -t va < <(series RPS "$x"); mapfile -t vb < <(series RPS "$y")
    mapfile -t pa < <(series P99 "$x"); mapfile -t pb < <(series P99 "$y")
  }
  bench_ratio va vb pa pb
  printf '| %s | %s / %s | %s | %s - %s | %s | %s | %s |\n' "$what" "$(plabel "$x")" "$(plabel "$y")" "$RATIO" \
    "$RATIO_MIN" "$RATIO_MAX" "$RATIO_P99" "$([[ "$goal" == - ]] && echo - || echo ">= $goal")" "$(bench_goal_met "$RATIO" "$goal")"
  mapfile -t -O "${#SUMMARY[@]}" SUMMARY < <(bench_ratio_words "$key")
}

wrk_args bypass:get PORT
bench_wrk_cmd "$DURATION" "${WRK_ARGS[@]}"
WRK_GET="${BENCH_WRK[*]}"
wrk_args bypass:post PORT
bench_wrk_cmd "$DURATION" "${WRK_ARGS[@]}"
WRK_POST="${BENCH_WRK[*]}"
{
  echo "## Validator benchmark ($BENCH_TS)"
  echo
  bench_report_header "wrk shares the cores with every server"
  echo "- Load average (1, 5, 15 min): $LOAD_BEFORE before the start; $LOAD_START when the measured rounds started; $LOAD_END when they ended (wrk and the server under load account for about 2 of it; more means other work shared the cores)"
  echo "- GET load: \`$WRK_GET\`; POST load: \`$WRK_POST\` (bodies \`{\"id\":<fresh id>,\"name\":\"x\"}\`, \`Content-Type: application/json\`); the JWT contenders add \`-H 'Authorization: Bearer <token>'\`, one token per contender for the whole run"
  echo "- Tokens: \`java -cp petstore.jar io.lumen.security.tool.DevTokens token --key <pem> --kid <kid> --scope 'read:pets write:pets' --iss https://lumen.dev/issuer --aud petstore --ttl 7200 --sub bench --client-id bench-client\`, with \`config/petstore/embedded/dev-only/petstore-dev-1.key.pem\` / \`petstore-dev-1\` (Lumen) and \`benchmarks/light4j-petstore/keys/l4jkid.key.pem\` / \`l4jkid\` (light-4j)"
  echo "- Procedure: all contenders side by side (HTTP/1.1 only, 2 IO threads, 127.0.0.1); every pair checked (status, body, Content-Type), the validators checked to reject \`limit=101\` and a string id, the JWT chains a missing token; one ${WARMUP_DURATION}s warm-up per pair (discarded); $ROUNDS rounds of ${DURATION}s over all ${#PAIRS[@]} pairs ($([[ "$ORDER" == rotate ]] && echo "order rotated each round" || echo "same order every round"))"
  echo "- A run with any non-2xx/3xx response or socket error counts as failed: it is listed below and left out of medians and ratios"
  echo
  echo "### Contenders"
  echo
  echo "| contender | server and config (\`-Dlight-4j-config-dir\`) | in front of the handler | port | startup to first 200 (ms) | RSS idle / after load (MiB) |"
  echo "|---|---|---|---:|---:|---:|"
  for c in "${CLIST[@]}"; do
    if is_lumen "$c"; then srv="Lumen"; else srv="light-4j 2.3.3"; fi
    # shellcheck disable=SC2016  # the backquotes are markdown
    printf '| %s | %s, `%s` | %s | %s | %s | %s / %s |\n' "${LABEL[$c]}" "$srv" "${CONFIG[$c]}" "${CHAIN[$c]}" "${PORT[$c]}" \
      "${STARTUP[$c]}" "$(mib "${RSS_IDLE[$c]}")" "$(mib "${RSS_AFTER[$c]}")"
  done
  echo
  echo "Handlers: GET is the petstore's \`PetsGetHandler\` (Lumen; it reads the validated \`limit\`, or parses and range-checks it itself on the bypass) and \`peer.light4j.PetsGetHandler\` (constant body, ignores \`limit\`). POST is an echo on both sides, 201 with the pet encoded again by Jackson, nothing stored: \`bench.lumen.PetsEchoPostHandler\` (benchmarks/validator/lumen-handler; the validated body, or on the bypass its own parse and checks like the petstore's PetsPostHandler) and \`peer.light4j.PetsPostHandler\` (BodyHandler's parsed map). The petstore's real POST handler re-copies its whole store per add, so fresh ids would make it slower with every request (see benchmarks/README.md). Lumen's full chain (\`jwt\`) is measured on GET only, as light-4j's ccc-config has no POST route."
  echo
  echo "### Headline (pipelined, depth $PIPELINE)"
  echo
  echo "| comparison | pairs | median / median | per-round range | p99 median / p99 median | goal | met |"
  echo "|---|---|---:|---:|---:|---:|---|"
  headline lumenval:get bypass:get - val_get_vs_bypass "Lumen validator chain / Lumen bypass, GET"
  headline lumenval:post bypass:post - val_post_vs_bypass "Lumen validator chain / Lumen bypass, POST"
  headline lumenval:get l4jval:get - val_get_lumen_vs_light4j "Lumen validator / light-4j validator, GET"
  headline lumenval:post l4jval:post - val_post_lumen_vs_light4j "Lumen validator / light-4j validator, POST"
  headline jwt:get bypass:get 0.40 jwt_vs_bypass "Lumen full chain + JWT / Lumen bypass (issue 5)"
  headline jwt:get l4jccc:get - jwt_lumen_vs_light4j "Lumen full chain + JWT / light-4j full chain + JWT"
  headline l4jval:get bypass:get - l4jval_get_vs_lumen_bypass "light-4j validator / Lumen bypass, GET (context)"
  echo
  echo "### Per pair (pipelined)"
  echo
  echo "| contender | request | median req/s | min - max req/s | p99 median (ms) | p99 min - max (ms) | non-2xx (all rounds) | socket errors (all rounds) | failed runs |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  for pair in "${PAIRS[@]}"; do
    mapfile -t v < <(series RPS "$pair")
    mapfile -t p99s < <(series P99 "$pair")
    mapfile -t n2 < <(series NON2XX "$pair")
    mapfile -t se < <(series SOCKERR "$pair")
    fails=0
    for (( r = 1; r <= ROUNDS; r++ )); do [[ -z "${FAIL[$pair|$r]:-}" ]] || fails=$(( fails + 1 )); done
    # shellcheck disable=SC2016  # the backquotes are markdown
    printf '| %s | `%s` | %s | %s - %s | %s | %s - %s | %s | %s | %d |\n' "${LABEL[$(c_of "$pair")]}" "$(req_of "$pair")" \
      "$(f0 "${MED[$pair]}")" "$(f0 "$(bench_min "${v[@]}")")" "$(f0 "$(bench_max "${v[@]}")")" \
      "$(bench_fmt '%.2f' "$(bench_median "${p99s[@]}")")" "$(bench_fmt '%.2f' "$(bench_min "${p99s[@]}")")" "$(bench_fmt '%.2f' "$(bench_max "${p99s[@]}")")" \
      "$(sum_of "${n2[@]}")" "$(sum_of "${se[@]}")" "$fails"
  done
  echo
  echo "wrk records one latency per pipelined batch of $PIPELINE requests, so p99 is per batch."
  echo
  echo "### Per round (req/s, pipelined)"
  echo
  printf '| pair |'; for (( r = 1; r <= ROUNDS; r++ )); do printf ' round %d |' "$r"; done; echo
  printf '|---|'; for (( r = 1; r <= ROUNDS; r++ )); do printf -- '---:|'; done; echo
  printf '| *load average (1 min) at round start* |'; for (( r = 1; r <= ROUNDS; r++ )); do printf ' %s |' "${BENCH_ROUND_LOAD[$r]}"; done; echo
  for pair in "${PAIRS[@]}"; do
    printf '| %s |' "$(plabel "$pair")"
    for (( r = 1; r <= ROUNDS; r++ )); do
      if [[ -n "${FAIL[$pair|$r]:-}" ]]; then printf ' FAILED |'; else printf ' %s |' "$(f0 "${RPS[$pair|$r]}")"; fi
    done
    echo
  done
  echo
  bench_failures_md "$WARMUP_ERRORS" "${FAILURES[@]}"
  if (( ${#BAD_P99[@]} > 0 )); then
    echo
    echo "p99 left out of these runs (wrk printed a p99 of zero or below a lower percentile, e.g. \`99% 0.00us\`; their req/s still count):"
    echo
    printf -- '- %s\n' "${BAD_P99[@]}"
  fi
  echo
  echo "Raw wrk outputs, response headers and server logs: \`benchmarks/out/validator-$BENCH_TS/\`$([[ "$KEEP_AUDIT_LOGS" != 1 ]] && echo " (audit lines trimmed to the first 20; KEEP_AUDIT_LOGS=1 keeps them)")."
  echo
  echo "\`$(bench_summary validator "${SUMMARY[@]}" "failed_runs=${#FAILURES[@]}")\`"
} >"$BENCH_REPORT"

bench_finish_report "${#FAILURES[@]}"
