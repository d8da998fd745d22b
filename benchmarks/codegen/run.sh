#!/usr/bin/env bash
# benchmarks/codegen/run.sh: the code generator's figures (issue 19).
#   part gen  - generation time of the whole CLI process (JVM start to exit, `java -jar
#               codegen/target/lumen-codegen.jar generate`), GEN_RUNS fresh runs each: the petstore
#               (config/petstore/embedded/openapi.yaml; target < 1 s) and a synthetic spec of
#               SYNTHETIC_RESOURCES x 4 operations (default 125 x 4 = 500; target < 5 s)
#   part load - the generated petstore (typed records and adapters, routes generated:
#               config/petstore/embedded) against the hand-written one (untyped handlers reading the
#               validator's JsonNodes: benchmarks/codegen/handwritten layered on the same folder, so
#               the same chain: exception ... specification, security, body, audit, validator) on
#               GET /v1/pets and POST /v1/pets, one JWT for every request; target >= 0.9x
# Both petstores run from the same petstore.jar side by side on loopback; rounds alternate them.
# Variables: PARTS (gen load), GEN_RUNS (5), SYNTHETIC_RESOURCES (125), DURATION (10),
# WARMUP_DURATION (=DURATION), ROUNDS (3, at least 3), THREADS (2), CONNECTIONS (128), PIPELINE (16),
# GENERATED_PORT (18131), HANDWRITTEN_PORT (18132), SKIP_BUILD (0), JAVA_OPTS, BENCH_JAVA_HOME.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
(( $# == 0 )) || bench_die "run.sh takes no arguments: configure it with variables (see its header)"

KNOBS=(PARTS GEN_RUNS SYNTHETIC_RESOURCES DURATION WARMUP_DURATION ROUNDS THREADS CONNECTIONS PIPELINE
       GENERATED_PORT HANDWRITTEN_PORT SKIP_BUILD JAVA_OPTS BENCH_JAVA_HOME)
CMDLINE="$(bench_cmdline "$0" "${KNOBS[@]}")"
PARTS="${PARTS:-gen load}"
GEN_RUNS="${GEN_RUNS:-5}"
SYNTHETIC_RESOURCES="${SYNTHETIC_RESOURCES:-125}"
DURATION="${DURATION:-10}"
WARMUP_DURATION="${WARMUP_DURATION:-$DURATION}"
ROUNDS="${ROUNDS:-3}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"
PIPELINE="${PIPELINE:-16}"
GENERATED_PORT="${GENERATED_PORT:-18131}"
HANDWRITTEN_PORT="${HANDWRITTEN_PORT:-18132}"
SKIP_BUILD="${SKIP_BUILD:-0}"
JAVA_OPTS="${JAVA_OPTS:-}"
for k in GEN_RUNS SYNTHETIC_RESOURCES DURATION WARMUP_DURATION ROUNDS THREADS CONNECTIONS PIPELINE GENERATED_PORT HANDWRITTEN_PORT; do
  [[ "${!k}" =~ ^[0-9]+$ ]] || bench_die "$k must be a non-negative integer, got '${!k}'"
done
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3 (medians of fewer say little), got $ROUNDS"
(( GEN_RUNS >= 1 && DURATION >= 1 )) || bench_die "GEN_RUNS and DURATION must be at least 1"
(( THREADS >= 1 && THREADS <= 9 )) || bench_die "THREADS must be 1..9 (post-pet.lua's id ranges), got $THREADS"
(( GENERATED_PORT != HANDWRITTEN_PORT )) || bench_die "GENERATED_PORT and HANDWRITTEN_PORT must differ"
read -ra JOPTS <<<"$JAVA_OPTS"

bench_require curl awk sort date python3
bench_find_java
TS="$(date -u +%Y%m%dT%H%M%SZ)"
RUN_DIR="$BENCH_DIR/out/codegen-$TS"
REPORT="$BENCH_DIR/out/codegen-$TS.md"
mkdir -p "$RUN_DIR"
trap 'bench_stop_all' EXIT
trap 'exit 130' INT TERM
CODEGEN_JAR="$BENCH_REPO_ROOT/codegen/target/lumen-codegen.jar"
LUMEN_JAR="$BENCH_REPO_ROOT/petstore-example/target/petstore.jar"
if [[ "$SKIP_BUILD" != 1 ]]; then
  BENCH_MVN=./mvnw bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/build.log" -B -q -DskipTests install
fi
[[ -f "$CODEGEN_JAR" && -f "$LUMEN_JAR" ]] || bench_die "build first (codegen/target/lumen-codegen.jar, petstore-example/target/petstore.jar) or drop SKIP_BUILD=1"
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
{
  echo "# Code generator benchmark $TS"
  echo
  echo "Command: \`$CMDLINE\`; commit $(git -C "$BENCH_REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown);"
  echo "$("$BENCH_JAVA" -version 2>&1 | head -n 1); $(nproc) cores; load average before: $LOAD_BEFORE."
  echo
} >"$REPORT"

# --- part gen: the whole CLI process, fresh output folder each run ---------------------------
gen_time() {  # gen_time <label> <spec> <target ms>: GEN_RUNS runs, median and max wall ms
  local label="$1" spec="$2" target="$3" i t0 t1 out ms=()
  for (( i = 1; i <= GEN_RUNS; i++ )); do
    out="$RUN_DIR/gen-$label-$i"
    rm -rf "$out"
    t0="$(bench_now_ms)"
    "$BENCH_JAVA" "${JOPTS[@]}" -jar "$CODEGEN_JAR" generate -i "$spec" -o "$out" >"$out.log" 2>&1 ||
      { cat "$out.log" >&2; bench_die "generation of $label failed"; }
    t1="$(bench_now_ms)"
    ms+=( $(( t1 - t0 )) )
    bench_log "gen $label run $i: $(( t1 - t0 )) ms"
  done
  local med max ops files verdict
  med="$(bench_median "${ms[@]}")"; max="$(bench_max "${ms[@]}")"
  ops="$(tail -n 1 "$out.log" | awk '{print $1}')"
  files="$(find "$out" -type f | wc -l)"
  verdict="$(awk -v m="$med" -v t="$target" 'BEGIN { print (m < t ? "below" : "ABOVE") }')"
  echo "| $label | $ops | $files | ${ms[*]} | $med | $max | $target | $verdict |" >>"$REPORT"
}
if [[ " $PARTS " == *" gen "* ]]; then
  SYNTHETIC="$RUN_DIR/synthetic-$(( SYNTHETIC_RESOURCES * 4 )).yaml"
  python3 "$BENCH_DIR/codegen/synthetic-spec.py" "$SYNTHETIC_RESOURCES" "$SYNTHETIC"
  {
    echo "## Generation time (whole CLI process, ms)"
    echo
    echo "| spec | operations | files | runs | median | max | target | median vs target |"
    echo "|---|---|---|---|---|---|---|---|"
  } >>"$REPORT"
  gen_time petstore "$BENCH_REPO_ROOT/config/petstore/embedded/openapi.yaml" 1000
  gen_time "synthetic-$(( SYNTHETIC_RESOURCES * 4 ))" "$SYNTHETIC" 5000
  echo >>"$REPORT"
fi

# --- part load: generated vs hand-written petstore, same jar, same chain ---------------------
if [[ " $PARTS " == *" load "* ]]; then
  bench_ensure_wrk
  TOKEN="$("$BENCH_JAVA" -cp "$LUMEN_JAR" io.lumen.security.tool.DevTokens token \
    --key "$BENCH_REPO_ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem" --kid petstore-dev-1 \
    --scope "read:pets write:pets" --iss https://lumen.dev/issuer --aud petstore --ttl 7200 --client-id bench)"
  declare -A PORT=([generated]="$GENERATED_PORT" [handwritten]="$HANDWRITTEN_PORT")
  declare -A CONFIG=([generated]="config/petstore/embedded" [handwritten]="benchmarks/codegen/handwritten:config/petstore/embedded")
  declare -A PID=()
  for c in generated handwritten; do
    bench_port_free "${PORT[$c]}"
    bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:${PORT[$c]}/health" 60 \
      env -C "$BENCH_REPO_ROOT" SERVER_HTTPPORT="${PORT[$c]}" SERVER_IP=127.0.0.1 SERVER_ENABLEHTTP2=false SERVER_IOTHREADS=2 \
      AUDIT_ENABLED=false PETSTORE_CAPACITY=100000000 "$BENCH_JAVA" "${JOPTS[@]}" "-Dlight-4j-config-dir=${CONFIG[$c]}" -jar "$LUMEN_JAR"
    PID[$c]="$BENCH_PID"
    bench_log "$c petstore up on 127.0.0.1:${PORT[$c]} (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
  done
  # which handler answers: the generated adapters vs the hand-written handlers (logged routes)
  grep -q "GET /v1/pets -> .*listPets" "$RUN_DIR/server-generated.log" || bench_die "generated petstore: no listPets route"
  # both answer the same bytes, and both validate and verify tokens
  for c in generated handwritten; do
    url="http://127.0.0.1:${PORT[$c]}"
    body="$(curl -s -H "Authorization: Bearer $TOKEN" "$url/v1/pets")"
    [[ "$body" == '[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]' ]] || bench_die "$c GET /v1/pets answered $body"
    status="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
      --data-binary '{"id":8999999999,"name":"x"}' "$url/v1/pets")"
    [[ "$status" == 201 ]] || bench_die "$c POST /v1/pets answered $status"
    [[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$url/v1/pets?limit=101")" == 400 ]] ||
      bench_die "$c does not validate"
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/v1/pets")" == 401 ]] || bench_die "$c does not verify tokens"
    curl -s -H "Authorization: Bearer $TOKEN" "$url/v1/pets/8999999999" -X DELETE -H 'key: k' >/dev/null
  done
  run_wrk() {  # run_wrk <contender> <get|post> <seconds> <outfile>
    local script path="/v1/pets"
    script="$BENCH_DIR/pipeline.lua"; [[ "$2" == post ]] && script="$BENCH_DIR/post-pet.lua"
    timeout $(( $3 + 30 )) wrk "-t$THREADS" "-c$CONNECTIONS" "-d${3}s" --latency -H "Authorization: Bearer $TOKEN" \
      -s "$script" "http://127.0.0.1:${PORT[$1]}" -- "$path" "$PIPELINE" >"$4" 2>&1 || { cat "$4" >&2; bench_die "wrk failed"; }
    kill -0 "${PID[$1]}" 2>/dev/null || bench_die "$1 died under load"
  }
  declare -A RPS=()
  for req in get post; do
    for c in generated handwritten; do run_wrk "$c" "$req" "$WARMUP_DURATION" "$RUN_DIR/warmup-$c-$req.txt"; done
  done
  for (( r = 1; r <= ROUNDS; r++ )); do
    for req in get post; do
      for c in generated handwritten; do
        f="$RUN_DIR/wrk-$c-$req-$r.txt"
        run_wrk "$c" "$req" "$DURATION" "$f"
        read -r rps _p50 _p75 _p90 _p99 non2xx sockerr < <(bench_wrk_parse "$f")
        (( non2xx + sockerr == 0 )) || { bench_log "round $r $c $req: $non2xx non-2xx, $sockerr socket errors"; rps=NA; }
        RPS[$c|$req|$r]="$rps"
        bench_log "round $r $c $req: $rps req/s"
        sleep 1
      done
    done
  done
  {
    echo "## Generated vs hand-written petstore (req/s, same jar, same chain, one token)"
    echo
    echo "| request | generated (median) | hand-written (median) | ratio | per-round ratios |"
    echo "|---|---|---|---|---|"
  } >>"$REPORT"
  for req in get post; do
    g=(); h=(); ratios=()
    for (( r = 1; r <= ROUNDS; r++ )); do
      g+=("${RPS[generated|$req|$r]}"); h+=("${RPS[handwritten|$req|$r]}")
      if [[ "${RPS[generated|$req|$r]}" != NA && "${RPS[handwritten|$req|$r]}" != NA ]]; then
        ratios+=("$(bench_fmt %.3f "$(bench_calc "${RPS[generated|$req|$r]}/${RPS[handwritten|$req|$r]}")")")
      fi
    done
    gm="$(bench_median "${g[@]/NA/}")"; hm="$(bench_median "${h[@]/NA/}")"
    echo "| ${req^^} /v1/pets | $gm | $hm | $(bench_fmt %.3f "$(bench_calc "$gm/$hm")") | ${ratios[*]} |" >>"$REPORT"
  done
  echo >>"$REPORT"
  bench_stop_all
fi
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg). Raw outputs: ${RUN_DIR#"$BENCH_REPO_ROOT"/}" >>"$REPORT"
cat "$REPORT"
