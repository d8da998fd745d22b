#!/usr/bin/env bash
# datasource/run.sh: the petstore on PostgreSQL through the full chain (config/petstore/db: JWT,
# OpenAPI validation, metrics, audit, then a JDBC handler) in three contenders, against one
# PostgreSQL server that the script starts itself (a throwaway cluster on 127.0.0.1):
#   lumen-vt     - Lumen, blocking handlers on virtual threads (server.blockingExecutor=virtual)
#   lumen-worker - Lumen, blocking handlers on the XNIO worker pool (server.blockingExecutor=worker)
#   spring       - Spring Boot 3.5 (Tomcat) with JdbcTemplate, the same SQL, the same pool size
# Operations: GET /v1/pets/{id} over SEED_PETS seeded pets, and POST /v1/pets with a fresh id per
# request. Load: vegeta at a fixed RATE (an open loop: requests go out on schedule whether or not
# answers keep up, so every contender gets the same offered load and p99 compares at equal load).
# h2load's open loop (benchmarks/proxy/run.sh mode rate) sends one body for every request, and a
# POST of one id answers 409 after the first; vegeta takes a body per request.
# Within a round the contenders alternate (every one takes every slot). Each contender has its own
# database. Everything listens on 127.0.0.1; every wait and every load run is bounded; an EXIT trap
# stops every process the script started and removes the PostgreSQL cluster.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#

# RATE: requests a second offered to every contender. REWARM: seconds of discarded load right before
# each measured run. CONNECTIONS: vegeta's connections to the contender at most. POOL_SIZE: the JDBC
# pool size of every contender. PORT_BASE: lumen-vt, lumen-worker, spring, PostgreSQL on PORT_BASE + 0..3.
bench_knobs CONTENDERS="lumen-vt lumen-worker spring" OPERATIONS="get post" RATE=2000 DURATION=20 WARMUP_DURATION=20 \
  REWARM=3 ROUNDS=3 COOLDOWN=1 CONNECTIONS=64 POOL_SIZE=10 SEED_PETS=10000 SKIP_BUILD=0 JAVA_OPTS= PORT_BASE=18400 \
  STARTUP_TIMEOUT=90 PG_BIN= PG_OPTS="-c synchronous_commit=off -c max_connections=200" VEGETA= KEEP_LOGS=0
VEGETA_VERSION="v12.13.0"
bench_at_least 1 RATE DURATION ROUNDS CONNECTIONS POOL_SIZE SEED_PETS
(( PORT_BASE >= 1024 && PORT_BASE <= 65000 )) || bench_die "PORT_BASE must be in 1024..65000"
(( ROUNDS >= 3 )) || bench_log "WARNING: ROUNDS=$ROUNDS: medians of fewer than 3 rounds say little (fine for a harness check)"
bench_words_in CONTENDERS lumen-vt lumen-worker spring
bench_words_in OPERATIONS get post
read -ra CONTENDER_LIST <<<"$CONTENDERS"
read -ra OPERATION_LIST <<<"$OPERATIONS"

bench_out datasource
RUN_DIR="$BENCH_RUN_DIR"
LUMEN_JAR="$BENCH_PETSTORE_JAR"
SPRING_DIR="$BENCH_DIR/spring-jdbc"
SPRING_JAR="$SPRING_DIR/target/spring-jdbc.jar"
MIGRATIONS="$BENCH_REPO_ROOT/petstore-example/src/main/resources/db/petstore"
PG_PORT=$(( PORT_BASE + 3 ))
declare -A PORT=([lumen-vt]=$PORT_BASE [lumen-worker]=$(( PORT_BASE + 1 )) [spring]=$(( PORT_BASE + 2 )))
declare -A PID=()

# --- tools ------------------------------------------------------------------------------------
bench_find_java
bench_require curl jq
# vegeta (Go, from the Go module proxy, pinned) unless VEGETA names a binary
if [[ -z "$VEGETA" ]]; then
  if command -v vegeta >/dev/null 2>&1; then
    VEGETA="$(command -v vegeta)"
  else
    VEGETA="$BENCH_DIR/out/tools/bin/vegeta"
    if [[ ! -x "$VEGETA" ]]; then
      command -v go >/dev/null 2>&1 || bench_die "vegeta is not installed and there is no Go to build it: install Go or set VEGETA"
      bench_log "installing vegeta $VEGETA_VERSION with go install"
      GOBIN="$BENCH_DIR/out/tools/bin" go install "github.com/tsenart/vegeta/v12@$VEGETA_VERSION" >&2 \
        || bench_die "go install vegeta failed"
    fi
  fi
fi
# PostgreSQL's server binaries: PG_BIN, else the newest of Debian's /usr/lib/postgresql/*/bin
if [[ -z "$PG_BIN" ]]; then
  PG_BIN="$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1 || true)"
  if [[ -z "$PG_BIN" || ! -x "$PG_BIN/initdb" ]]; then
    [[ "$(id -u)" -eq 0 ]] || bench_die "PostgreSQL is not installed and we are not root: apt-get install postgresql, or set PG_BIN"
    bench_log "PostgreSQL missing: installing Debian's postgresql"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2 || bench_die "apt-get install postgresql failed"
    PG_BIN="$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)"
  fi
fi
[[ -x "$PG_BIN/initdb" && -x "$PG_BIN/pg_ctl" ]] || bench_die "no initdb/pg_ctl in PG_BIN=$PG_BIN"
PSQL="$PG_BIN/psql"; [[ -x "$PSQL" ]] || PSQL="$(command -v psql)" || bench_die "psql not found"

# --- PostgreSQL: a throwaway cluster; as root it runs as the 'postgres' user (it refuses root) ---
PG_DIR="$(mktemp -d /tmp/lumen-bench-pg-XXXXXX)"
PG_AS=()
if [[ "$(id -u)" -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || bench_die "running as root needs the 'postgres' user (Debian's postgresql package creates it)"
  chown postgres "$PG_DIR"; PG_AS=(runuser -u postgres --)
fi
pg_stop() {
  if [[ -f "$PG_DIR/data/postmaster.pid" ]]; then "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true; fi
}
pg_cleanup() {  # after bench_cleanup has stopped the contenders
  pg_stop
  if [[ "$KEEP_LOGS" == 1 ]]; then cp "$PG_DIR/postgres.log" "$RUN_DIR/" 2>/dev/null || true; fi
  rm -rf "$PG_DIR"
}
bench_on_exit pg_cleanup
bench_port_free "$PG_PORT"
printf 'bench\n' >"$PG_DIR/pw"; [[ ${#PG_AS[@]} -gt 0 ]] && chown postgres "$PG_DIR/pw"
"${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U bench --pwfile="$PG_DIR/pw" --auth-local=trust \
  --auth-host=scram-sha-256 -E UTF8 --locale=C --no-sync >"$RUN_DIR/initdb.log" 2>&1 || bench_die "initdb failed (log: $RUN_DIR/initdb.log)"
# shellcheck disable=SC2086  # PG_OPTS is a list of postgres options
"${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
  -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $PG_DIR $PG_OPTS" start >/dev/null || bench_die "PostgreSQL did not start (log: $PG_DIR/postgres.log)"
export PGPASSWORD=bench
psql_do() { "$PSQL" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U bench "$@"; }
bench_log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT ($PG_OPTS)"

# --- build --------------------------------------------------------------------------------------
bench_build_lumen "$LUMEN_JAR" -B -q -DskipTests package -pl petstore-example -am
bench_build_peer "$SPRING_DIR" "$SPRING_JAR"
TOKEN="$(bench_token "$LUMEN_JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --ttl 86400)"

# --- contenders: one database each, the petstore's own migrations, SEED_PETS pets ----------------
seed() {  # seed <database>: the pets of GET; ids from 1000 up (1 and 2 are the reference pets)
  psql_do -d "$1" -c "INSERT INTO pets (id, name, tag) SELECT g, 'pet' || g, 'bench' FROM generate_series(1000, $(( 999 + SEED_PETS ))) g" \
    || bench_die "seeding $1 failed"
}
start_contender() {
  local c="$1" db="bench_${1//-/_}" port="${PORT[$1]}"
  psql_do -d postgres -c "CREATE DATABASE $db" || bench_die "CREATE DATABASE $db failed"
  bench_port_free "$port"
  local url="jdbc:postgresql://127.0.0.1:$PG_PORT/$db"
  case "$c" in
    lumen-vt|lumen-worker)
      bench_lumen_cmd "$port" config/petstore/db SERVER_BLOCKINGEXECUTOR="$([[ "$c" == lumen-vt ]] && echo virtual || echo worker)" \
        DATASOURCE_PETSTORE_JDBCURL="$url" DATASOURCE_PETSTORE_USERNAME=bench DATASOURCE_PETSTORE_PASSWORD=bench \
        DATASOURCE_PETSTORE_MAXIMUMPOOLSIZE="$POOL_SIZE" DATASOURCE_PETSTORE_MINIMUMIDLE="$POOL_SIZE" -- -jar "$LUMEN_JAR"
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$port/health/readiness" "$STARTUP_TIMEOUT" "${BENCH_CMD[@]}";;
    spring)
      for f in "$MIGRATIONS"/V*.sql; do psql_do -d "$db" -f "$f" || bench_die "schema for spring failed"; done
      bench_start "$RUN_DIR/server-$c.log" "http://127.0.0.1:$port/v1/pets/1" "$STARTUP_TIMEOUT" \
        "$BENCH_JAVA" "${BENCH_JOPTS[@]}" -jar "$SPRING_JAR" --server.port="$port" --server.address=127.0.0.1 \
        --spring.datasource.url="$url" --spring.datasource.username=bench --spring.datasource.password=bench \
        --spring.datasource.hikari.maximum-pool-size="$POOL_SIZE" --spring.datasource.hikari.minimum-idle="$POOL_SIZE";;
  esac
  PID[$c]="$BENCH_PID"
  seed "$db"
  bench_log "$c: pid ${PID[$c]}, port $port, database $db, started in ${BENCH_STARTUP_MS} ms"
}
for c in "${CONTENDER_LIST[@]}"; do start_contender "$c"; done

# --- checks: each contender answers both operations correctly before any load -------------------
auth_args() { [[ "$1" == spring ]] || printf '%s\n' -H "Authorization: Bearer $TOKEN"; }
for c in "${CONTENDER_LIST[@]}"; do
  base="http://127.0.0.1:${PORT[$c]}"; mapfile -t AUTH < <(auth_args "$c")
  body="$(curl -s --max-time 10 "${AUTH[@]}" "$base/v1/pets/1000")"
  [[ "$body" == '{"id":1000,"name":"pet1000","tag":"bench"}' ]] || bench_die "$c: GET /v1/pets/1000 answered '$body'"
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${AUTH[@]}" -H 'Content-Type: application/json' -d '{"id":999,"name":"check"}' "$base/v1/pets")"
  [[ "$code" == 201 ]] || bench_die "$c: POST /v1/pets answered $code, expected 201"
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${AUTH[@]}" -H 'Content-Type: application/json' -d '{"id":999,"name":"check"}' "$base/v1/pets")"
  [[ "$code" == 409 ]] || bench_die "$c: a second POST of id 999 answered $code, expected 409"
  bench_log "$c: GET 200 with the seeded pet, POST 201 then 409: checked"
done

# --- load ---------------------------------------------------------------------------------------
NEXT_ID=1000000000   # POST ids: fresh for every run, never a seeded id
targets() {  # targets <contender> <op> <seconds>: vegeta's JSON targets on stdout
  local c="$1" op="$2" n=$(( RATE * $3 + RATE + 100 )) base="http://127.0.0.1:${PORT[$1]}" auth=""
  [[ "$c" == spring ]] || auth="Bearer $TOKEN"
  if [[ "$op" == get ]]; then
    jq -cn --arg base "$base" --arg auth "$auth" --argjson seed "$SEED_PETS" \
      'range(0; $seed) | {method: "GET", url: "\($base)/v1/pets/\(1000 + .)"} + (if $auth == "" then {} else {header: {Authorization: [$auth]}} end)'
  else
    jq -cn --arg base "$base" --arg auth "$auth" --argjson from "$NEXT_ID" --argjson n "$n" \
      'range($from; $from + $n) | {method: "POST", url: "\($base)/v1/pets", body: ({id: ., name: "bench"} | tojson | @base64),
        header: ({"Content-Type": ["application/json"]} + (if $auth == "" then {} else {Authorization: [$auth]} end))}'
    NEXT_ID=$(( NEXT_ID + n ))
  fi
}
# run_load <contender> <op> <seconds> <file>: one bounded run; sets L_RPS L_P99 L_ERR L_OK L_CPU
run_load() {
  local c="$1" op="$2" d="$3" f="$4" t="$4.targets" c0 c1 rc=0
  targets "$c" "$op" "$d" >"$t"
  c0="$(bench_cpu_ticks "${PID[$c]}")"
  # GET cycles through the seeded pets; POST reads its fresh-id targets lazily, one each
  local lazy=(); [[ "$op" == post ]] && lazy=(-lazy)
  timeout $(( d + 30 )) "$VEGETA" attack -format=json "${lazy[@]}" -targets="$t" -rate="$RATE/1s" \
    -duration="${d}s" -timeout=10s -max-connections="$CONNECTIONS" -connections="$CONNECTIONS" >"$f.bin" || rc=$?
  c1="$(bench_cpu_ticks "${PID[$c]}")"
  "$VEGETA" report -type=json <"$f.bin" >"$f"
  rm -f "$t" "$f.bin"
  bench_alive "${PID[$c]}" "$c" "$RUN_DIR/server-$c.log"
  L_RPS="$(jq -r '.throughput' "$f")"
  L_P99="$(jq -r '.latencies["99th"] / 1e6' "$f")"
  L_ERR="$(jq -r '.requests - (.status_codes["200"] // 0) - (.status_codes["201"] // 0)' "$f")"
  L_CPU="$(bench_cpu_us_per_req "$c0" "$c1" "$(jq -r '.requests' "$f")")"
  L_OK=1
  if (( rc != 0 || L_ERR > 0 )); then
    L_OK=0
    bench_log "FAILED RUN: $c $op: exit $rc, $L_ERR answers not 200/201: $(jq -c '.status_codes, .errors[:3]' "$f" | paste -sd ' ')"
  fi
}

declare -A RPS=() P99=() OK=() CPU=()
RESULTS="$RUN_DIR/results.tsv"
printf 'op\tcontender\tround\treq/s\tp99_ms\terrors\tok\tcpu_us_per_req\n' >"$RESULTS"
for op in "${OPERATION_LIST[@]}"; do
  for c in "${CONTENDER_LIST[@]}"; do
    bench_log "warm-up $c $op (${WARMUP_DURATION}s at $RATE req/s, discarded)"
    run_load "$c" "$op" "$WARMUP_DURATION" "$RUN_DIR/$op-$c-warmup.json"
    sleep "$COOLDOWN"
  done
done
for (( r = 1; r <= ROUNDS; r++ )); do
  bench_rotate $(( r - 1 )) "${CONTENDER_LIST[@]}"
  for op in "${OPERATION_LIST[@]}"; do
    for c in "${BENCH_ORDER[@]}"; do
      if (( REWARM > 0 )); then run_load "$c" "$op" "$REWARM" "$RUN_DIR/$op-$c-round$r-rewarm.json" >/dev/null 2>&1 || true; fi
      run_load "$c" "$op" "$DURATION" "$RUN_DIR/$op-$c-round$r.json"
      key="$op|$c|$r"
      # shellcheck disable=SC2034  # read through the nameref in median_of
      { RPS[$key]="$L_RPS"; P99[$key]="$L_P99"; OK[$key]="$L_OK"; CPU[$key]="$L_CPU"; }
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$op" "$c" "$r" "$L_RPS" "$L_P99" "$L_ERR" "$L_OK" "$L_CPU" >>"$RESULTS"
      bench_log "round $r/$ROUNDS $op $c: $(bench_fmt '%.0f' "$L_RPS") req/s, p99 $(bench_fmt '%.2f' "$L_P99") ms, errors $L_ERR, CPU/request $L_CPU us"
      sleep "$COOLDOWN"
    done
  done
done

# --- report: medians of the clean rounds --------------------------------------------------------
median_of() {  # median_of <array name> <op> <contender>
  local -n arr="$1"; local v=() r
  for (( r = 1; r <= ROUNDS; r++ )); do
    [[ "${OK[$2|$3|$r]:-0}" == 1 && "${arr[$2|$3|$r]:-NA}" != NA ]] && v+=("${arr[$2|$3|$r]}")
  done
  bench_median "${v[@]}"
}
SUMMARY_MD="$RUN_DIR/summary.md"
{
  echo "## Datasource benchmark $BENCH_TS"
  echo
  echo "- Command: \`$BENCH_CMDLINE\`; commit $(bench_commit)"
  echo "- Offered load: $RATE req/s per contender (vegeta open loop, at most $CONNECTIONS connections), ${DURATION}s rounds x $ROUNDS, alternated; JDBC pool $POOL_SIZE everywhere"
  echo "- JDK: $BENCH_JAVA_DESC; PostgreSQL on 127.0.0.1 ($PG_OPTS); $(nproc) cores; load $(bench_loadavg)"
  echo
  echo "| operation | contender | req/s (median) | p99 ms (median) | CPU us/request | clean rounds |"
  echo "|---|---|---|---|---|---|"
  for op in "${OPERATION_LIST[@]}"; do
    for c in "${CONTENDER_LIST[@]}"; do
      clean=0; for (( r = 1; r <= ROUNDS; r++ )); do [[ "${OK[$op|$c|$r]:-0}" == 1 ]] && clean=$(( clean + 1 )); done
      echo "| $op | $c | $(bench_fmt '%.0f' "$(median_of RPS "$op" "$c")") | $(bench_fmt '%.2f' "$(median_of P99 "$op" "$c")") | $(median_of CPU "$op" "$c") | $clean/$ROUNDS |"
    done
  done
} >"$SUMMARY_MD"
SUMMARY=()
for op in "${OPERATION_LIST[@]}"; do
  for pair in "lumen-vt spring" "lumen-worker spring" "lumen-vt lumen-worker"; do
    read -r a b <<<"$pair"
    [[ " ${CONTENDER_LIST[*]} " == *" $a "* && " ${CONTENDER_LIST[*]} " == *" $b "* ]] || continue
    ratio="$(bench_fmt '%.3f' "$(bench_div "$(median_of P99 "$op" "$b")" "$(median_of P99 "$op" "$a")")")"
    SUMMARY+=("${op}_${a}_vs_${b}_p99=$ratio")
  done
done
{ echo; echo "p99 ratios (the second contender's p99 over the first's: above 1 means the first is faster):"; echo "\`$(bench_summary datasource "${SUMMARY[@]}")\`"; } >>"$SUMMARY_MD"
cat "$SUMMARY_MD"
