#!/usr/bin/env bash
# JWT cost: the Lumen petstore with the embedded chain and a valid token (cache hits) vs the bypass
# config (config/petstore/http, no middleware), vs light-4j 2.3.3 with its openapi-security handler
# (benchmarks/light4j-petstore/ccc-config, kid l4jkid) on an equivalent token; then uncached
# verifications per second (io.lumen.security.bench.VerifyBench, one thread).
# Knobs: CONTENDERS ("bypass jwt light4j"), DURATION (10), ROUNDS (3), THREADS (2), CONNECTIONS (128),
# PIPELINE (16), SKIP_BUILD (0), VERIFY_SECONDS (5). Ports 18091-18093 on 127.0.0.1.
set -euo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

CONTENDERS="${CONTENDERS:-bypass jwt light4j}"
DURATION="${DURATION:-10}"; ROUNDS="${ROUNDS:-3}"; THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-128}"; PIPELINE="${PIPELINE:-16}"; SKIP_BUILD="${SKIP_BUILD:-0}"
VERIFY_SECONDS="${VERIFY_SECONDS:-5}"
ROOT="$BENCH_REPO_ROOT"; JAR="$ROOT/petstore-example/target/petstore.jar"
L4J_DIR="$BENCH_DIR/light4j-petstore"; L4J_JAR="$L4J_DIR/target/light4j-petstore.jar"
RUN_DIR="$BENCH_DIR/out/security-$(date +%Y%m%d-%H%M%S)"; mkdir -p "$RUN_DIR"
BENCH_PIDS=(); trap bench_stop_all EXIT

bench_find_java; bench_ensure_wrk
if [[ "$SKIP_BUILD" != 1 ]]; then
  (cd "$ROOT" && ./mvnw -B -q -DskipTests install) >"$RUN_DIR/build.log" 2>&1 || bench_die "build failed: $RUN_DIR/build.log"
  if [[ " $CONTENDERS " == *" light4j "* ]]; then
    (cd "$L4J_DIR" && "$ROOT/mvnw" -B -q -DskipTests package) >>"$RUN_DIR/build.log" 2>&1 || bench_die "light-4j build failed"
  fi
fi
mint() {  # mint <key pem> <kid> <iss> <aud>
  "$BENCH_JAVA" -cp "$JAR" io.lumen.security.tool.DevTokens token --key "$1" --kid "$2" --scope "read:pets write:pets" \
    --iss "$3" --aud "$4" --ttl 7200 --sub bench --client-id bench-client
}
LUMEN_TOKEN="$(mint "$ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem" petstore-dev-1 https://lumen.dev/issuer petstore)"
L4J_TOKEN="$(mint "$L4J_DIR/keys/l4jkid.key.pem" l4jkid https://lumen.dev/issuer petstore)"

start() {  # start <name> <port>
  case "$1" in
    bypass) bench_start "$RUN_DIR/$1.log" "http://127.0.0.1:$2/v1/pets" 60 env -C "$ROOT" SERVER_HTTPPORT="$2" SERVER_IP=127.0.0.1 \
              "$BENCH_JAVA" -Dlight-4j-config-dir=config/petstore/http -jar "$JAR";;
    jwt)    bench_start "$RUN_DIR/$1.log" "http://127.0.0.1:$2/health" 60 env -C "$ROOT" SERVER_HTTPPORT="$2" SERVER_IP=127.0.0.1 \
              "$BENCH_JAVA" -Dlight-4j-config-dir=config/petstore/embedded -jar "$JAR";;
    light4j) bench_start "$RUN_DIR/$1.log" "http://127.0.0.1:$2/health" 60 env -C "$L4J_DIR" SERVER_HTTPPORT="$2" SERVER_IP=127.0.0.1 \
              "$BENCH_JAVA" -Dlight-4j-config-dir=ccc-config -jar "$L4J_JAR";;
  esac
}
declare -A PORT=([bypass]=18091 [jwt]=18092 [light4j]=18093) TOKEN=([bypass]="" [jwt]="$LUMEN_TOKEN" [light4j]="$L4J_TOKEN")
read -ra CLIST <<<"$CONTENDERS"
for c in "${CLIST[@]}"; do bench_port_free "${PORT[$c]}"; start "$c" "${PORT[$c]}"; done
wrk_run() {  # wrk_run <name> <seconds> <out>
  local auth=(); [[ -z "${TOKEN[$1]}" ]] || auth=(-H "Authorization: Bearer ${TOKEN[$1]}")
  code="$(curl -s -o /dev/null -w '%{http_code}' "${auth[@]}" "http://127.0.0.1:${PORT[$1]}/v1/pets")"
  [[ "$code" == 200 ]] || bench_die "$1 answered $code with its token"
  timeout $(( $2 + 30 )) wrk "-t$THREADS" "-c$CONNECTIONS" "-d${2}s" --latency "${auth[@]}" -s "$BENCH_DIR/pipeline.lua" \
    "http://127.0.0.1:${PORT[$1]}" -- /v1/pets "$PIPELINE" >"$3" 2>&1
}
for c in "${CLIST[@]}"; do wrk_run "$c" "$DURATION" "$RUN_DIR/warmup-$c.txt"; done
declare -A RPS
for (( r = 1; r <= ROUNDS; r++ )); do
  for c in "${CLIST[@]}"; do
    wrk_run "$c" "$DURATION" "$RUN_DIR/wrk-$c-$r.txt"
    read -r rps _ _ _ _ non2xx _ < <(bench_wrk_parse "$RUN_DIR/wrk-$c-$r.txt")
    (( non2xx == 0 )) || bench_die "$c: $non2xx non-2xx answers (see $RUN_DIR/wrk-$c-$r.txt)"
    RPS[$c]+="$rps "; bench_log "round $r $c: $rps req/s"; sleep 1
  done
done
echo "| contender | median req/s | vs bypass |"; echo "|---|---|---|"
# shellcheck disable=SC2086
base="$(bench_median ${RPS[bypass]:-})"
for c in "${CLIST[@]}"; do
  # shellcheck disable=SC2086
  m="$(bench_median ${RPS[$c]})"; echo "| $c | $(bench_fmt '%.0f' "$m") | $( [[ "$base" == NA ]] && echo NA || bench_fmt '%.0f%%' "$(bench_calc "100*$m/$base")") |"
done
bench_stop_all
(cd "$ROOT" && ./mvnw -B -q -o dependency:build-classpath -pl security -Dmdep.outputFile="$RUN_DIR/cp.txt" -Dmdep.includeScope=test \
  && ./mvnw -B -q -o test-compile -pl security) >>"$RUN_DIR/build.log" 2>&1
"$BENCH_JAVA" -cp "$ROOT/security/target/test-classes:$ROOT/security/target/classes:$(cat "$RUN_DIR/cp.txt")" \
  io.lumen.security.bench.VerifyBench "$VERIFY_SECONDS" 2>/dev/null
echo "raw outputs: $RUN_DIR"
