#!/usr/bin/env bash
# benchmarks/codegen/run.sh: the code generator's figures (issue 19).
#   part gen  - generation time of the whole CLI process (JVM start to exit, `java -jar
#               codegen/target/lumen-codegen.jar generate`), GEN_RUNS fresh runs each: the petstore
#               (config/petstore/embedded/openapi.yaml; target < 1 s) and a synthetic spec of
#               SYNTHETIC_RESOURCES x 4 operations (default 125 x 4 = 500; target < 5 s)
#   part large - (issue 26) a large public spec, LARGE_SPEC (Box's 1.7 MB, 296 operations, from
#               codegen-it/public-specs), GEN_RUNS alternated pairs: the JVM's default flags against
#               LARGE_JAVA_OPTS (C1 only, serial GC: what docs/codegen.md recommends); wall and CPU
#               seconds of the whole process; target < 2 s
#   part versus - (issue 26 item 9) the Lumen CLI (cli/bin/lumen generate: its launcher's JVM settings
#               and class-data-sharing archive, made by a first run, reported apart) against openapi-generator
#               (OPENAPI_GENERATOR_VERSION, -g OPENAPI_GENERATOR_NAME, fetched with Maven) on VERSUS_SPECS
#               (Box 1.7 MB JSON, OpenAI 3 MB YAML), GEN_RUNS alternated pairs; wall and CPU of the whole
#               process; target: Lumen < 2 s
#   part load - the generated petstore (typed records and adapters, routes generated:
#               config/petstore/embedded) against the hand-written one (untyped handlers reading the
#               validator's JsonNodes: benchmarks/codegen/handwritten layered on the same folder, so
#               the same chain: exception ... specification, security, body, audit, validator) on
#               GET /v1/pets and POST /v1/pets, one JWT for every request; target >= 0.9x
# Both petstores run from the same petstore.jar side by side on loopback; rounds alternate them.
# Variables: PARTS (gen load; large and versus on request), GEN_RUNS (5), LARGE_SPEC, LARGE_JAVA_OPTS,
# VERSUS_SPECS, OPENAPI_GENERATOR_VERSION (7.17.0), OPENAPI_GENERATOR_NAME (spring), VERSUS_JAVA_HOME, SYNTHETIC_RESOURCES (125), DURATION (10),
# WARMUP_DURATION (=DURATION), ROUNDS (3, at least 3), THREADS (2), CONNECTIONS (128), PIPELINE (16),
# GENERATED_PORT (18131), HANDWRITTEN_PORT (18132), SKIP_BUILD (0), JAVA_OPTS, BENCH_JAVA_HOME.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#

bench_knobs PARTS="gen load" GEN_RUNS=5 SYNTHETIC_RESOURCES=125 DURATION=10 WARMUP_DURATION=@DURATION ROUNDS=3 THREADS=2 \
  CONNECTIONS=128 PIPELINE=16 GENERATED_PORT=18131 HANDWRITTEN_PORT=18132 SKIP_BUILD=0 JAVA_OPTS= \
  LARGE_SPEC=codegen-it/public-specs/box/openapi.json.gz LARGE_JAVA_OPTS='-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' \
  VERSUS_SPECS='codegen-it/public-specs/box/openapi.json.gz codegen-it/public-specs/openai/openapi.yaml.gz' \
  OPENAPI_GENERATOR_VERSION=7.17.0 OPENAPI_GENERATOR_NAME=spring VERSUS_JAVA_HOME=
bench_words_in PARTS gen load large versus
bench_at_least 3 ROUNDS
bench_at_least 1 GEN_RUNS DURATION THREADS
(( THREADS <= 9 )) || bench_die "THREADS must be 1..9 (post-pet.lua's id ranges), got $THREADS"
bench_distinct GENERATED_PORT HANDWRITTEN_PORT

bench_require curl awk sort date python3
bench_find_java
bench_out codegen
RUN_DIR="$BENCH_RUN_DIR"
REPORT="$BENCH_REPORT"
CODEGEN_JAR="$BENCH_REPO_ROOT/codegen/target/lumen-codegen.jar"
LUMEN_JAR="$BENCH_PETSTORE_JAR"
REQUIRED_JAR="$CODEGEN_JAR"   # the petstore jar only for the load part
[[ " $PARTS " == *" load "* ]] && REQUIRED_JAR="$LUMEN_JAR"
bench_build_lumen "$REQUIRED_JAR" -B -q -DskipTests install
[[ -f "$CODEGEN_JAR" ]] || bench_die "build first (codegen/target/lumen-codegen.jar) or drop SKIP_BUILD=1"
LOAD_BEFORE="$(bench_loadavg)"
{
  echo "# Code generator benchmark $BENCH_TS"
  echo
  echo "Command: \`$BENCH_CMDLINE\`; commit $(bench_commit);"
  echo "$("$BENCH_JAVA" -version 2>&1 | head -n 1); $(nproc) cores; load average before: $LOAD_BEFORE."
  echo
} >"$REPORT"
SUMMARY=()   # the key=value words of the last line

# --- part gen: the whole CLI process, fresh output folder each run ---------------------------
gen_time() {  # gen_time <label> <spec> <target ms>: GEN_RUNS runs, median and max wall ms
  local label="$1" spec="$2" target="$3" i t0 t1 out ms=()
  for (( i = 1; i <= GEN_RUNS; i++ )); do
    out="$RUN_DIR/gen-$label-$i"
    rm -rf "$out"
    t0="$(bench_now_ms)"
    "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$CODEGEN_JAR" generate -i "$spec" -o "$out" >"$out.log" 2>&1 ||
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
  SUMMARY+=("gen_${label%%-*}_ms=$med")
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

# --- part large: a large public spec, default JVM flags vs the recommended ones, alternated --------
if [[ " $PARTS " == *" large "* ]]; then
  base="${LARGE_SPEC%.gz}"
  large="$RUN_DIR/large-spec.${base##*.}"
  case "$LARGE_SPEC" in
    *.gz) gunzip -c "$BENCH_REPO_ROOT/$LARGE_SPEC" >"$large" ;;
    *) cp "$BENCH_REPO_ROOT/$LARGE_SPEC" "$large" ;;
  esac
  read -r -a tuned <<<"$LARGE_JAVA_OPTS"
  declare -A WALL=() CPU=()
  for (( i = 1; i <= GEN_RUNS; i++ )); do
    for v in default tuned; do
      out="$RUN_DIR/large-$v-$i"
      rm -rf "$out"
      opts=(); [[ $v == tuned ]] && opts=("${tuned[@]}")
      /usr/bin/time -f '%e %U %S' -o "$out.time" "$BENCH_JAVA" "${opts[@]}" -jar "$CODEGEN_JAR" generate -i "$large" -o "$out" \
        >"$out.log" 2>&1 || { cat "$out.log" >&2; bench_die "generation of $LARGE_SPEC failed"; }
      read -r wall user sys <"$out.time"
      WALL[$v]+="$(awk -v w="$wall" 'BEGIN { printf "%d", w * 1000 }') "
      CPU[$v]+="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }') "
      bench_log "large $v run $i: wall ${wall}s, cpu $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')s"
    done
  done
  {
    echo "## Large spec ($LARGE_SPEC; whole CLI process, ms; runs alternated)"
    echo
    echo "| JVM flags | wall per run | wall median | CPU (user+sys) median | target |"
    echo "|---|---|---|---|---|"
  } >>"$REPORT"
  for v in default tuned; do
    read -r -a w <<<"${WALL[$v]}"; read -r -a c <<<"${CPU[$v]}"
    label="$v"; [[ $v == tuned ]] && label="$LARGE_JAVA_OPTS"
    echo "| $label | ${w[*]} | $(bench_median "${w[@]}") | $(bench_median "${c[@]}") | 2000 |" >>"$REPORT"
    SUMMARY+=("gen_large_${v}_ms=$(bench_median "${w[@]}")" "gen_large_${v}_cpu_ms=$(bench_median "${c[@]}")")
  done
  echo >>"$REPORT"
fi

# --- part versus: the Lumen CLI against openapi-generator on the same large specs, alternated ----
if [[ " $PARTS " == *" versus "* ]]; then
  LUMEN_CLI="$BENCH_REPO_ROOT/cli/bin/lumen"
  [[ -f "$BENCH_REPO_ROOT/cli/target/lumen.jar" ]] || bench_die "build first (cli/target/lumen.jar) or drop SKIP_BUILD=1"
  bench_mvn_build "$BENCH_REPO_ROOT" "$RUN_DIR/openapi-generator.log" -B -q dependency:copy \
    -Dartifact="org.openapitools:openapi-generator-cli:$OPENAPI_GENERATOR_VERSION" -DoutputDirectory="$RUN_DIR/lib"
  OAG_JAR="$RUN_DIR/lib/openapi-generator-cli-$OPENAPI_GENERATOR_VERSION.jar"
  # the launcher's class-data-sharing archive lives in the run folder; the first spec's first run makes it
  # as a user's first run does (each spec's first run is timed apart, not in the medians)
  VERSUS_JAVA="$BENCH_JAVA"   # VERSUS_JAVA_HOME: another JDK for both tools (Java 17, which BENCH_JAVA_HOME refuses)
  [[ -n "$VERSUS_JAVA_HOME" ]] && VERSUS_JAVA="$VERSUS_JAVA_HOME/bin/java"
  [[ -x "$VERSUS_JAVA" ]] || bench_die "no $VERSUS_JAVA"
  LUMEN_CMD=(env "LUMEN_CDS_DIR=$RUN_DIR/cds" "JAVA=$VERSUS_JAVA" "$LUMEN_CLI")
  {
    echo "## Lumen CLI vs openapi-generator $OPENAPI_GENERATOR_VERSION (-g $OPENAPI_GENERATOR_NAME), whole process, ms, runs alternated"
    echo
    echo "JDK: $("$VERSUS_JAVA" -version 2>&1 | head -n 1)."
    echo
    echo "Lumen: \`cli/bin/lumen generate\` (its launcher's JVM settings and class-data-sharing archive); openapi-generator:"
    echo "\`java -jar openapi-generator-cli.jar generate -g $OPENAPI_GENERATOR_NAME\` with the JVM's defaults, as its docs run it."
    echo
    echo "| spec | size | operations | Lumen first run (wall / CPU) | Lumen wall per run | Lumen wall median | Lumen CPU median | openapi-generator wall per run | its wall median | its CPU median | Lumen / openapi-generator (wall) |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
  } >>"$REPORT"
  timed() {  # timed <out> <command...>: WALL_MS and CPU_MS of the whole process; TIMED_MAY_FAIL=1: FAILED=1 instead of dying
    local out="$1"; shift
    rm -rf "$out"
    FAILED=0
    if ! /usr/bin/time -f '%e %U %S' -o "$out.time" "$@" >"$out.log" 2>&1; then
      tail -n 20 "$out.log" >&2
      [[ "${TIMED_MAY_FAIL:-0}" == 1 ]] || bench_die "$* failed"
      FAILED=1; bench_log "FAILED (see $out.log): $*"; return 0
    fi
    read -r wall user sys <"$out.time"
    WALL_MS="$(awk -v w="$wall" 'BEGIN { printf "%d", w * 1000 }')"
    CPU_MS="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }')"
  }
  for spec_gz in $VERSUS_SPECS; do
    name="$(basename "$(dirname "$spec_gz")")"
    base="${spec_gz%.gz}"
    spec="$RUN_DIR/versus-$name.${base##*.}"
    case "$spec_gz" in *.gz) gunzip -c "$BENCH_REPO_ROOT/$spec_gz" >"$spec" ;; *) cp "$BENCH_REPO_ROOT/$spec_gz" "$spec" ;; esac
    timed "$RUN_DIR/versus-$name-lumen-first" "${LUMEN_CMD[@]}" generate -i "$spec" -o "$RUN_DIR/versus-$name-lumen-first"
    first="$WALL_MS / $CPU_MS"
    ops="$(tail -n 1 "$RUN_DIR/versus-$name-lumen-first.log" | awk '{print $1}')"
    lw=(); lc=(); ow=(); oc=()
    for (( i = 1; i <= GEN_RUNS; i++ )); do
      timed "$RUN_DIR/versus-$name-lumen-$i" "${LUMEN_CMD[@]}" generate -i "$spec" -o "$RUN_DIR/versus-$name-lumen-$i"
      lw+=("$WALL_MS"); lc+=("$CPU_MS")
      bench_log "versus $name lumen run $i: wall $WALL_MS ms, cpu $CPU_MS ms"
      # --skip-validate-spec: openapi-generator refuses OpenAI's spec (x-oai-* "reserved" attributes) otherwise;
      # a generator that fails on a spec (7.17.0 -g spring: an NPE on OpenAI's webhooks) is reported as failed
      [[ "${oag_failed:-0}" == 1 ]] && continue
      TIMED_MAY_FAIL=1 timed "$RUN_DIR/versus-$name-oag-$i" "$VERSUS_JAVA" -jar "$OAG_JAR" generate -g "$OPENAPI_GENERATOR_NAME" -i "$spec" \
        --skip-validate-spec -o "$RUN_DIR/versus-$name-oag-$i"
      if [[ "$FAILED" == 1 ]]; then oag_failed=1; continue; fi
      ow+=("$WALL_MS"); oc+=("$CPU_MS")
      bench_log "versus $name openapi-generator run $i: wall $WALL_MS ms, cpu $CPU_MS ms"
    done
    lmed="$(bench_median "${lw[@]}")"
    if [[ "${oag_failed:-0}" == 1 ]]; then
      omed=NA; ocpu=NA; ratio="openapi-generator failed"
    else
      omed="$(bench_median "${ow[@]}")"; ocpu="$(bench_median "${oc[@]}")"
      ratio="$(awk -v l="$lmed" -v o="$omed" 'BEGIN { printf "%.3f", l / o }')"
    fi
    oag_failed=0
    echo "| $name | $(( $(wc -c <"$spec") / 1024 )) KB | $ops | $first | ${lw[*]} | $lmed | $(bench_median "${lc[@]}") | ${ow[*]:-failed} | $omed | $ocpu | $ratio |" >>"$REPORT"
    SUMMARY+=("gen_versus_${name}_lumen_ms=$lmed" "gen_versus_${name}_lumen_cpu_ms=$(bench_median "${lc[@]}")"
      "gen_versus_${name}_oag_ms=$omed" "gen_versus_${name}_oag_cpu_ms=$ocpu")
  done
  echo >>"$REPORT"
fi

# --- part load: generated vs hand-written petstore, same jar, same chain ---------------------
if [[ " $PARTS " == *" load "* ]]; then
  bench_ensure_wrk
  TOKEN="$(bench_token "$LUMEN_JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --client-id bench)"
  declare -A PORT=([generated]="$GENERATED_PORT" [handwritten]="$HANDWRITTEN_PORT")
  declare -A CONFIG=([generated]="config/petstore/embedded" [handwritten]="benchmarks/codegen/handwritten:config/petstore/embedded")
  declare -A PID=()
  for c in generated handwritten; do
    bench_port_free "${PORT[$c]}"
    bench_lumen_cmd "${PORT[$c]}" "${CONFIG[$c]}" SERVER_ENABLEHTTP2=false SERVER_IOTHREADS=2 AUDIT_ENABLED=false \
      PETSTORE_CAPACITY=100000000 -- -jar "$LUMEN_JAR"
    bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:${PORT[$c]}/health" 60 "${BENCH_CMD[@]}"
    PID[$c]="$BENCH_PID"
    bench_log "$c petstore up on 127.0.0.1:${PORT[$c]} (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
  done
  # which handler answers: the generated adapters vs the hand-written handlers (logged routes)
  grep -q "GET /v1/pets -> .*listPets" "$RUN_DIR/server-generated.log" || bench_die "generated petstore: no listPets route"
  # both answer the same bytes, and both validate and verify tokens
  for c in generated handwritten; do
    url="http://127.0.0.1:${PORT[$c]}"
    bench_expect_reference "$c GET /v1/pets" "$RUN_DIR/headers-$c.txt" -H "Authorization: Bearer $TOKEN" "$url/v1/pets"
    bench_expect "$c POST /v1/pets" 201 "$RUN_DIR/headers-$c.txt" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
      --data-binary '{"id":8999999999,"name":"x"}' "$url/v1/pets"
    bench_expect "$c GET /v1/pets?limit=101 (validation)" 400 "$RUN_DIR/headers-$c.txt" -H "Authorization: Bearer $TOKEN" "$url/v1/pets?limit=101"
    bench_expect "$c GET /v1/pets without a token (security)" 401 "$RUN_DIR/headers-$c.txt" "$url/v1/pets"
    curl -s -H "Authorization: Bearer $TOKEN" "$url/v1/pets/8999999999" -X DELETE -H 'key: k' >/dev/null
  done
  run_wrk() {  # run_wrk <contender> <get|post> <seconds> <outfile>: one wrk run, its figures in W_*
    local script="$BENCH_DIR/pipeline.lua"
    [[ "$2" == post ]] && script="$BENCH_DIR/post-pet.lua"
    bench_wrk "$4" "$3" -H "Authorization: Bearer $TOKEN" -s "$script" "http://127.0.0.1:${PORT[$1]}" -- /v1/pets "$PIPELINE" \
      || { cat "$4" >&2; bench_die "wrk failed"; }
    bench_alive "${PID[$1]}" "$1" "$RUN_DIR/server-$1.log"
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
        rps="$W_RPS"
        (( W_ERRORS == 0 )) || { bench_log "round $r $c $req: $W_NON2XX non-2xx, $W_SOCKERR socket errors"; rps=NA; }
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
    g=(); h=()
    for (( r = 1; r <= ROUNDS; r++ )); do g+=("${RPS[generated|$req|$r]}"); h+=("${RPS[handwritten|$req|$r]}"); done
    mapfile -t rr < <(bench_round_ratios "${g[@]}" -- "${h[@]}")
    ratios=(); for x in "${rr[@]}"; do ratios+=("$(bench_fmt %.3f "$x")"); done
    bench_ratio g h
    echo "| ${req^^} /v1/pets | $(bench_median "${g[@]}") | $(bench_median "${h[@]}") | $RATIO | ${ratios[*]} |" >>"$REPORT"
    mapfile -t -O "${#SUMMARY[@]}" SUMMARY < <(bench_ratio_words "${req}_generated_vs_handwritten")
  done
  echo >>"$REPORT"
  bench_stop_all
fi
{
  echo "Load average after: $(bench_loadavg). Raw outputs: ${RUN_DIR#"$BENCH_REPO_ROOT"/}"
  echo
  bench_summary codegen "${SUMMARY[@]}"
} >>"$REPORT"
cat "$REPORT"
