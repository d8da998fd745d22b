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
(( $# == 0 )) || bench_die "run-validator.sh takes no arguments: configure it with variables (see benchmarks/README.md)"

# Record which knobs the caller set, before defaulting them, to print the exact command line.
KNOBS=(CONTENDERS ORDER DURATION WARMUP_DURATION ROUNDS SKIP_BUILD KEEP_AUDIT_LOGS BENCH_JAVA_HOME JAVA_OPTS
       LUMEN_JAR BYPASS_PORT LUMENVAL_PORT L4JVAL_PORT JWT_PORT L4JCCC_PORT THREADS CONNECTIONS PIPELINE
       STARTUP_TIMEOUT COOLDOWN)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"

CONTENDERS="${CONTENDERS:-bypass lumenval l4jval jwt l4jccc}"
ORDER="${ORDER:-fixed}"            # fixed: same pair order every round; rotate: start one later each round
DURATION="${DURATION:-10}"
WARMUP_DURATION="${WARMUP_DURATION:-$DURATION}"
ROUNDS="${ROUNDS:-3}"
SKIP_BUILD="${SKIP_BUILD:-0}"
KEEP_AUDIT_LOGS="${KEEP_AUDIT_LOGS:-0}"  # 1: keep every audit line of the two full chains (GiBs)
JAVA_OPTS="${JAVA_OPTS:-}"         # extra JVM flags, applied identically to every server
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"
PIPELINE="${PIPELINE:-16}"
STARTUP_TIMEOUT="${STARTUP_TIMEOUT:-30}"
COOLDOWN="${COOLDOWN:-1}"          # seconds of idle between two wrk runs
LUMEN_JAR="$(realpath -m "${LUMEN_JAR:-$BENCH_REPO_ROOT/petstore-example/target/petstore.jar}")"
BYPASS_PORT="${BYPASS_PORT:-18111}"
LUMENVAL_PORT="${LUMENVAL_PORT:-18112}"
L4JVAL_PORT="${L4JVAL_PORT:-18113}"
JWT_PORT="${JWT_PORT:-18114}"
L4JCCC_PORT="${L4JCCC_PORT:-18115}"

LIGHT4J_DIR="$BENCH_DIR/light4j-petstore"
LIGHT4J_JAR="$LIGHT4J_DIR/target/light4j-petstore.jar"
ECHO_SRC="$BENCH_DIR/validator/lumen-handler/src"
ECHO_CLASSES="$BENCH_DIR/validator/lumen-handler/target/classes"   # git-ignored (benchmarks/**/target/)
GET_LUA="$BENCH_DIR/pipeline.lua"
POST_LUA="$BENCH_DIR/post-pet.lua"
GET_PATH='/v1/pets?limit=10'
POST_PATH='/v1/pets'
REFERENCE_BODY='[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]'
REFERENCE_CT="application/json"

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
for k in DURATION WARMUP_DURATION ROUNDS THREADS CONNECTIONS PIPELINE STARTUP_TIMEOUT COOLDOWN \
         BYPASS_PORT LUMENVAL_PORT L4JVAL_PORT JWT_PORT L4JCCC_PORT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
[[ "$ORDER" == fixed || "$ORDER" == rotate ]] || bench_die "ORDER must be fixed or rotate, got '$ORDER'"
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3 (medians of fewer say little), got $ROUNDS"
(( DURATION >= 1 )) || bench_die "DURATION must be at least 1"
(( THREADS >= 1 && THREADS <= 9 )) || bench_die "THREADS must be 1..9 (post-pet.lua's id ranges), got $THREADS"
read -ra CLIST <<<"$CONTENDERS"
(( ${#CLIST[@]} > 0 )) || bench_die "CONTENDERS is empty"
declare -A ON=()
for c in "${CLIST[@]}"; do
  [[ -n "${PORT[$c]:-}" ]] || bench_die "unknown contender '$c' (known: bypass lumenval l4jval jwt l4jccc)"
  ON[$c]=1
done
if (( $(printf '%s\n' "${PORT[@]}" | sort -u | wc -l) != ${#PORT[@]} )); then bench_die "the *_PORT variables must all differ"; fi
PAIRS=()
for pair in "${ALL_PAIRS[@]}"; do [[ -z "${ON[${pair%%:*}]:-}" ]] || PAIRS+=("$pair"); done
read -ra JOPTS <<<"$JAVA_OPTS"

c_of() { echo "${1%%:*}"; }     # lumenval:post -> lumenval
m_of() { echo "${1#*:}"; }      # lumenval:post -> post
is_lumen() { [[ "$1" == bypass || "$1" == lumenval || "$1" == jwt ]]; }
req_of() { if [[ "$(m_of "$1")" == get ]]; then echo "GET $GET_PATH"; else echo "POST $POST_PATH"; fi; }
plabel() { echo "${LABEL[$(c_of "$1")]} $(req_of "$1")"; }

# --- tools, JDK, output dir --------------------------------------------------
bench_require curl awk sort date grep mvn cmp
bench_ensure_wrk
bench_find_java
(( BENCH_JAVA_MAJOR >= 21 )) || bench_die "light-4j 2.3.3 needs Java 21+, found $BENCH_JAVA_MAJOR: set BENCH_JAVA_HOME"
[[ -x "$BENCH_JAVA_HOME/bin/javac" ]] || bench_die "$BENCH_JAVA_HOME has no javac (a JDK is needed for the echo handler)"

TS="$(date -u +%Y%m%dT%H%M%SZ)"
OUT_DIR="$BENCH_DIR/out"
RUN_DIR="$OUT_DIR/validator-$TS"    # raw wrk outputs, server logs, response headers, build logs
REPORT="$OUT_DIR/validator-$TS.md"
LIGHT4J_TMP="$RUN_DIR/light4j-tmp"  # the peer's logback writes its audit file to java.io.tmpdir
mkdir -p "$RUN_DIR" "$LIGHT4J_TMP"
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"

# Whatever happens (error, Ctrl-C), stop every server we started.
trap 'bench_stop_all' EXIT
trap 'exit 130' INT TERM

# Both sides must validate against the same document.
cmp -s "$BENCH_REPO_ROOT/config/petstore/embedded/openapi.yaml" "$LIGHT4J_DIR/validator-config/openapi.yaml" ||
  bench_die "benchmarks/light4j-petstore/validator-config/openapi.yaml differs from config/petstore/embedded/openapi.yaml: copy it again"

# --- build -------------------------------------------------------------------
if [[ "$SKIP_BUILD" != 1 ]]; then
  bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build-lumen.log" -q -DskipTests package
fi
if [[ "$SKIP_BUILD" != 1 || ! -f "$LIGHT4J_JAR" ]]; then
  bench_mvn_build "$LIGHT4J_DIR" "$RUN_DIR/build-light4j.log" -q package
fi
[[ -f "$LUMEN_JAR" ]] || bench_die "Lumen jar not found: $LUMEN_JAR (build it, or drop SKIP_BUILD=1)"
[[ -f "$LIGHT4J_JAR" ]] || bench_die "light-4j jar not found: $LIGHT4J_JAR"
# The benchmark-only POST handler of the two Lumen validator configs, compiled against the jar
# (always: a second, and it must match the jar).
rm -rf "$ECHO_CLASSES"; mkdir -p "$ECHO_CLASSES"
"$BENCH_JAVA_HOME/bin/javac" --release 17 -Xlint:all -Werror -cp "$LUMEN_JAR" -d "$ECHO_CLASSES" \
  "$ECHO_SRC/bench/lumen/PetsEchoPostHandler.java" >"$RUN_DIR/build-echo.log" 2>&1 ||
  { cat "$RUN_DIR/build-echo.log" >&2; bench_die "javac of the echo handler failed"; }

# --- tokens ---------------------------------------------------------------------
# The same minting as run-security.sh: Lumen's DevTokens reads PKCS#8 PEM keys, so it signs the
# light-4j peer's l4jkid key too. Every request of a run carries the same token (cache hits).
mint() {  # mint <key pem> <kid>
  "$BENCH_JAVA" -cp "$LUMEN_JAR" io.lumen.security.tool.DevTokens token --key "$1" --kid "$2" \
    --scope "read:pets write:pets" --iss https://lumen.dev/issuer --aud petstore --ttl 7200 --sub bench --client-id bench-client
}
declare -A TOKEN=()
if [[ -n "${ON[jwt]:-}" ]]; then
  TOKEN[jwt]="$(mint "$BENCH_REPO_ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem" petstore-dev-1)" || bench_die "minting the Lumen token failed"
fi
if [[ -n "${ON[l4jccc]:-}" ]]; then
  TOKEN[l4jccc]="$(mint "$LIGHT4J_DIR/keys/l4jkid.key.pem" l4jkid)" || bench_die "minting the light-4j token failed"
fi
auth_args() {  # auth_args <contender>: fills AUTH with curl/wrk -H arguments (empty without a token)
  AUTH=()
  if [[ -n "${TOKEN[$1]:-}" ]]; then AUTH=(-H "Authorization: Bearer ${TOKEN[$1]}"); fi
}

# --- start every contender side by side -----------------------------------------------
# `env -C` sets the working directory without a subshell, so the background pid is the JVM's.
# Every server: HTTP/1.1 only, 2 IO threads, 127.0.0.1 (config/petstore/embedded's through env).
declare -A PID=() STARTUP=() RSS_IDLE=() RSS_AFTER=()
for c in "${CLIST[@]}"; do bench_port_free "${PORT[$c]}"; done
for c in "${CLIST[@]}"; do
  p="${PORT[$c]}"
  case "$c" in
    bypass|lumenval)
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p/health" "$STARTUP_TIMEOUT" \
        env -C "$BENCH_REPO_ROOT" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 \
        "$BENCH_JAVA" "${JOPTS[@]}" "-Dlight-4j-config-dir=${CONFIG[$c]}" -cp "$LUMEN_JAR:$ECHO_CLASSES" io.lumen.service.Main ;;
    jwt)
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p/health" "$STARTUP_TIMEOUT" \
        env -C "$BENCH_REPO_ROOT" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 SERVER_ENABLEHTTP2=false SERVER_IOTHREADS=2 \
        "$BENCH_JAVA" "${JOPTS[@]}" "-Dlight-4j-config-dir=${CONFIG[$c]}" -jar "$LUMEN_JAR" ;;
    l4jval|l4jccc)
      mkdir -p "$LIGHT4J_TMP/$c"
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$p/health" "$STARTUP_TIMEOUT" \
        env -C "$LIGHT4J_DIR" SERVER_HTTPPORT="$p" SERVER_IP=127.0.0.1 \
        "$BENCH_JAVA" "${JOPTS[@]}" "-Djava.io.tmpdir=$LIGHT4J_TMP/$c" "-Dlight-4j-config-dir=${CONFIG[$c]}" -jar "$LIGHT4J_JAR" ;;
  esac
  PID[$c]="$BENCH_PID"; STARTUP[$c]="$BENCH_STARTUP_MS"
  bench_log "${LABEL[$c]} up on 127.0.0.1:$p (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
done

# --- check every pair: status, body, Content-Type; and that the middleware really is there -------
header_value() {  # header_value <headers-file> <name>: the first value, CR stripped
  tr -d '\r' <"$1" | awk -F': *' -v h="$2" 'tolower($1) == tolower(h) {print $2; exit}'
}
status_of() { tr -d '\r' <"$1" | awk 'NR == 1 {print $2}'; }
# expect <what> <expected status> <curl args...>: one request; dies unless the status matches.
# Leaves the body in BODY and the headers file in HF.
expect() {
  local what="$1" want="$2" status; shift 2
  HF="$RUN_DIR/headers-$(tr -c 'A-Za-z0-9' '_' <<<"$what").txt"
  BODY="$(curl -s --max-time 5 -D "$HF" "$@")" || bench_die "$what: request failed"
  status="$(status_of "$HF")"
  [[ "$status" == "$want" ]] || { printf '%s\n' "$BODY" >&2; bench_die "$what answered $status, expected $want (headers: $HF)"; }
}
PROBE_ID=$(( 9000000000 + $(date +%s) % 1000000 ))   # outside post-pet.lua's ranges
for pair in "${PAIRS[@]}"; do
  c="$(c_of "$pair")"; url="http://127.0.0.1:${PORT[$c]}"
  auth_args "$c"
  if [[ "$(m_of "$pair")" == get ]]; then
    expect "$(plabel "$pair")" 200 "${AUTH[@]}" "$url$GET_PATH"
    want="$REFERENCE_BODY"
  else
    want="{\"id\":$PROBE_ID,\"name\":\"x\"}"
    expect "$(plabel "$pair")" 201 "${AUTH[@]}" -H 'Content-Type: application/json' --data-binary "$want" "$url$POST_PATH"
  fi
  [[ "$BODY" == "$want" ]] || { printf 'expected: %s\n     got: %s\n' "$want" "$BODY" >&2; bench_die "$(plabel "$pair") returned a different body"; }
  ct="$(header_value "$HF" Content-Type)"
  [[ "$ct" == "$REFERENCE_CT" ]] || bench_die "$(plabel "$pair") answered Content-Type '$ct', expected '$REFERENCE_CT'"
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
wrk_cmd() {  # wrk_cmd <pair> <duration> <port>: fills WRK (the token, if any, through AUTH)
  auth_args "$(c_of "$1")"
  if [[ "$(m_of "$1")" == get ]]; then
    WRK=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${2}s" --latency "${AUTH[@]}" -s "$GET_LUA" "http://127.0.0.1:$3" -- "$GET_PATH" "$PIPELINE")
  else
    WRK=(wrk "-t$THREADS" "-c$CONNECTIONS" "-d${2}s" --latency "${AUTH[@]}" -s "$POST_LUA" "http://127.0.0.1:$3" -- "$POST_PATH" "$PIPELINE")
  fi
}
declare -A RPS=() P99=() NON2XX=() SOCKERR=() FAIL=()   # keys: <pair>|<round>
FAILURES=()
BAD_P99=()   # runs whose p99 wrk printed as less than its p90
run_wrk() {  # run_wrk <pair> <duration> <outfile>: bounded by timeout in case wrk hangs
  local c
  c="$(c_of "$1")"
  wrk_cmd "$1" "$2" "${PORT[$c]}"
  timeout $(( $2 + 30 )) "${WRK[@]}" >"$3" 2>&1 || { cat "$3" >&2; bench_die "wrk failed against $(plabel "$1")"; }
  kill -0 "${PID[$c]}" 2>/dev/null || bench_die "${LABEL[$c]} died under load (log: $RUN_DIR/server-$c.log)"
}
# measure <pair> <round>: a run with non-2xx answers or socket errors is a failure: reported,
# and left out of the medians and ratios.
measure() {
  local pair="$1" r="$2" f rps p50 p75 p90 p99 non2xx sockerr
  f="$RUN_DIR/wrk-${pair/:/-}-round$r.txt"
  run_wrk "$pair" "$DURATION" "$f"
  read -r rps p50 p75 p90 p99 non2xx sockerr < <(bench_wrk_parse "$f")
  [[ "$rps" != NA ]] || { cat "$f" >&2; bench_die "could not parse wrk output $f"; }
  # wrk 4.1.0 sometimes prints `90%  0.00us` / `99%  0.00us` under heavy load, below the p50:
  # a p99 that is zero or below a lower percentile is that glitch, not a latency; leave it out.
  if [[ "$p99" != NA ]] && awk -v a="$p99" -v b="$p50" -v c="$p75" -v d="$p90" \
       'BEGIN { m = b + 0; if (c + 0 > m) m = c + 0; if (d + 0 > m) m = d + 0; exit !(a + 0 <= 0 || a + 0 < m) }'; then
    BAD_P99+=("round $r $(plabel "$pair") ($(basename "$f"))"); p99=NA
  fi
  # shellcheck disable=SC2034  # NON2XX, SOCKERR and P99 are read through the nameref in series()
  { NON2XX[$pair|$r]="$non2xx"; SOCKERR[$pair|$r]="$sockerr"; }
  if (( non2xx + sockerr > 0 )); then
    FAIL[$pair|$r]=1
    FAILURES+=("round $r $(plabel "$pair"): $non2xx non-2xx/3xx responses, $sockerr socket errors ($rps req/s, $(basename "$f"))")
    bench_log "FAILED round $r $(plabel "$pair"): non-2xx $non2xx, socket errors $sockerr"
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
  f="$RUN_DIR/wrk-warmup-${pair/:/-}.txt"
  run_wrk "$pair" "$WARMUP_DURATION" "$f"
  read -r _rps _p50 _p75 _p90 _p99 non2xx sockerr < <(bench_wrk_parse "$f")
  WARMUP_ERRORS=$(( WARMUP_ERRORS + non2xx + sockerr ))
  sleep "$COOLDOWN"
done
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"   # other processes on the box skew the figures
declare -A ROUND_LOAD=()
for (( r = 1; r <= ROUNDS; r++ )); do
  order=("${PAIRS[@]}")
  if [[ "$ORDER" == rotate ]]; then
    k=$(( (r - 1) % ${#PAIRS[@]} ))
    order=("${PAIRS[@]:k}" "${PAIRS[@]:0:k}")
  fi
  ROUND_LOAD[$r]="$(cut -d' ' -f1 /proc/loadavg)"
  for pair in "${order[@]}"; do measure "$pair" "$r"; done
done
LOAD_END="$(cut -d' ' -f1-3 /proc/loadavg)"
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
nums() { local v; for v in "$@"; do [[ "$v" == NA || -z "$v" ]] || echo "$v"; done; }
med() { local v; mapfile -t v < <(nums "$@"); bench_median "${v[@]}"; }
vmin() { local v; mapfile -t v < <(nums "$@"); (( ${#v[@]} )) && bench_min "${v[@]}" || echo NA; }
vmax() { local v; mapfile -t v < <(nums "$@"); (( ${#v[@]} )) && bench_max "${v[@]}" || echo NA; }
div() { if [[ "$1" == NA || "$2" == NA || -z "$1" || -z "$2" ]]; then echo NA; else bench_calc "$1/$2"; fi; }
series() {  # series <array-name> <pair>: the per-round values
  local -n arr="$1"
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do echo "${arr[$2|$r]:-NA}"; done
}
sum_of() { local s=0 v; for v in "$@"; do [[ "$v" == NA ]] || s=$(( s + v )); done; echo "$s"; }
ratios() {  # ratios <a> <b>: the per-round ratios a/b
  local r
  for (( r = 1; r <= ROUNDS; r++ )); do div "${RPS[$1|$r]:-NA}" "${RPS[$2|$r]:-NA}"; done
}
declare -A MED=()
for pair in "${PAIRS[@]}"; do mapfile -t v < <(series RPS "$pair"); MED[$pair]="$(med "${v[@]}")"; done
f0() { bench_fmt '%.0f' "$1"; }
f3() { bench_fmt '%.3f' "$1"; }
mib() { bench_fmt '%.1f' "$(div "$1" 1024)"; }

headline() {  # headline <a> <b> <goal or -> <what>
  local a="$1" b="$2" goal="$3" what="$4" m rr met="-"
  if [[ -z "${ON[$(c_of "$a")]:-}" || -z "${ON[$(c_of "$b")]:-}" ]]; then return 0; fi
  m="$(div "${MED[$a]}" "${MED[$b]}")"
  mapfile -t rr < <(ratios "$a" "$b")
  if [[ "$goal" != - && "$m" != NA ]]; then
    met="$(awk -v m="$m" -v g="$goal" 'BEGIN { print (m >= g ? "yes" : "**no**") }')"
  fi
  printf '| %s | %s / %s | %s | %s - %s | %s | %s |\n' "$what" "$(plabel "$a")" "$(plabel "$b")" "$(f3 "$m")" \
    "$(f3 "$(vmin "${rr[@]}")")" "$(f3 "$(vmax "${rr[@]}")")" "$([[ "$goal" == - ]] && echo - || echo ">= $goal")" "$met"
}

wrk_cmd bypass:get "$DURATION" PORT
WRK_GET="${WRK[*]}"
wrk_cmd bypass:post "$DURATION" PORT
WRK_POST="${WRK[*]}"
{
  echo "## Validator benchmark ($TS)"
  echo
  echo "- Date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "- Machine: \`nproc\` = $(nproc), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) RAM; wrk shares the cores with every server, so only ratios matter"
  echo "- Load average (1, 5, 15 min): $LOAD_BEFORE before the start; $LOAD_START when the measured rounds started; $LOAD_END when they ended (wrk and the server under load account for about 2 of it; more means other work shared the cores)"
  echo "- JDK (every server and the builds): \`$BENCH_JAVA_HOME\` ($BENCH_JAVA_DESC), via $BENCH_JAVA_SOURCE; JAVA_OPTS: \`${JAVA_OPTS:-none}\`"
  echo "- wrk: $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)"
  echo "- Repo: $(git -C "$BENCH_REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$BENCH_REPO_ROOT" diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
  echo "- Command: \`$CMDLINE\`"
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
  echo "| comparison | pairs | median / median | per-round range | goal | met |"
  echo "|---|---|---:|---:|---:|---|"
  headline lumenval:get bypass:get - "Lumen validator chain / Lumen bypass, GET"
  headline lumenval:post bypass:post - "Lumen validator chain / Lumen bypass, POST"
  headline lumenval:get l4jval:get - "Lumen validator / light-4j validator, GET"
  headline lumenval:post l4jval:post - "Lumen validator / light-4j validator, POST"
  headline jwt:get bypass:get 0.40 "Lumen full chain + JWT / Lumen bypass (issue 5)"
  headline jwt:get l4jccc:get - "Lumen full chain + JWT / light-4j full chain + JWT"
  headline l4jval:get bypass:get - "light-4j validator / Lumen bypass, GET (context)"
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
      "$(f0 "${MED[$pair]}")" "$(f0 "$(vmin "${v[@]}")")" "$(f0 "$(vmax "${v[@]}")")" \
      "$(bench_fmt '%.2f' "$(med "${p99s[@]}")")" "$(bench_fmt '%.2f' "$(vmin "${p99s[@]}")")" "$(bench_fmt '%.2f' "$(vmax "${p99s[@]}")")" \
      "$(sum_of "${n2[@]}")" "$(sum_of "${se[@]}")" "$fails"
  done
  echo
  echo "wrk records one latency per pipelined batch of $PIPELINE requests, so p99 is per batch."
  echo
  echo "### Per round (req/s, pipelined)"
  echo
  printf '| pair |'; for (( r = 1; r <= ROUNDS; r++ )); do printf ' round %d |' "$r"; done; echo
  printf '|---|'; for (( r = 1; r <= ROUNDS; r++ )); do printf -- '---:|'; done; echo
  printf '| *load average (1 min) at round start* |'; for (( r = 1; r <= ROUNDS; r++ )); do printf ' %s |' "${ROUND_LOAD[$r]}"; done; echo
  for pair in "${PAIRS[@]}"; do
    printf '| %s |' "$(plabel "$pair")"
    for (( r = 1; r <= ROUNDS; r++ )); do
      if [[ -n "${FAIL[$pair|$r]:-}" ]]; then printf ' FAILED |'; else printf ' %s |' "$(f0 "${RPS[$pair|$r]}")"; fi
    done
    echo
  done
  echo
  echo "### Failures"
  echo
  if (( ${#FAILURES[@]} == 0 )); then
    echo "None: no measured run had a non-2xx/3xx response or a socket error."
  else
    printf -- '- %s\n' "${FAILURES[@]}"
  fi
  echo "Warm-up runs (discarded): $WARMUP_ERRORS non-2xx responses and socket errors in total."
  if (( ${#BAD_P99[@]} > 0 )); then
    echo
    echo "p99 left out of these runs (wrk printed a p99 of zero or below a lower percentile, e.g. \`99% 0.00us\`; their req/s still count):"
    echo
    printf -- '- %s\n' "${BAD_P99[@]}"
  fi
  echo
  echo "Raw wrk outputs, response headers and server logs: \`benchmarks/out/validator-$TS/\`$([[ "$KEEP_AUDIT_LOGS" != 1 ]] && echo " (audit lines trimmed to the first 20; KEEP_AUDIT_LOGS=1 keeps them)")."
} >"$REPORT"

echo
cat "$REPORT"
bench_log "report written to $REPORT"
if (( ${#FAILURES[@]} > 0 )); then
  bench_die "${#FAILURES[@]} measured run(s) had non-2xx responses or socket errors (see the report)"
fi
