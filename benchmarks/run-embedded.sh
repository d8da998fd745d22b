#!/usr/bin/env bash
# run-embedded.sh: the shipped config/petstore/embedded chain against the bypass, one question:
# what share of bypass throughput does the full chain keep on GET /v1/pets?limit=10?
#   bypass    - config/petstore/http (handler only)
#   embedded  - config/petstore/embedded as shipped (exception, metrics, correlation, header, cors,
#               limit, specification, security, body, audit, validator), with a minted dev token
#   nojwt     - the same folder with SECURITY_ENABLEVERIFYJWT=false (security dropped from the
#               chain): the chain of the OpenAPI issue, before JWT
# Rounds alternate the three (rotated), wrk pipelined like the other scripts. Loopback only.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
DURATION="${DURATION:-6}"
ROUNDS="${ROUNDS:-5}"
(( ROUNDS >= 3 )) || bench_die "ROUNDS must be at least 3"
JAR="$BENCH_REPO_ROOT/petstore-example/target/petstore.jar"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
bench_find_java
bench_ensure_wrk
OUT="$BENCH_DIR/out/embedded-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"
BENCH_PIDS=()
trap bench_stop_all EXIT

TOKEN="$("$BENCH_JAVA" -cp "$JAR" io.lumen.security.tool.DevTokens token \
  --key "$BENCH_REPO_ROOT/config/petstore/embedded/dev-only/petstore-dev-1.key.pem" --kid petstore-dev-1 \
  --scope "read:pets write:pets" --iss https://lumen.dev/issuer --aud petstore --ttl 7200 --client-id bench)"
cat > "$OUT/get-token.lua" <<LUA
init = function(args)
  local r = {}
  for i = 1, 16 do r[i] = wrk.format("GET", "/v1/pets?limit=10", {["Authorization"] = "Bearer $TOKEN"}) end
  req = table.concat(r)
end
request = function() return req end
LUA

declare -A PORT=([bypass]=18151 [embedded]=18152 [nojwt]=18153)
declare -A DIR=([bypass]=config/petstore/http [embedded]=config/petstore/embedded [nojwt]=config/petstore/embedded)
declare -A JWT=([bypass]=true [embedded]=true [nojwt]=false)
declare -A READY=([bypass]=/v1/pets [embedded]=/health [nojwt]=/health)  # the http config has no /health
NAMES=(bypass embedded nojwt)
for n in "${NAMES[@]}"; do
  bench_port_free "${PORT[$n]}"
  bench_start "$OUT/server-$n.log" "http://127.0.0.1:${PORT[$n]}${READY[$n]}" 60 \
    env -C "$BENCH_REPO_ROOT" SERVER_HTTPPORT="${PORT[$n]}" SERVER_IP=127.0.0.1 SERVER_ENABLEHTTP2=false \
    SECURITY_ENABLEVERIFYJWT="${JWT[$n]}" "$BENCH_JAVA" -Dlight-4j-config-dir="${DIR[$n]}" -jar "$JAR"
done
run() { # run <name> <round> : one wrk run, prints req/s
  local n="$1" f="$OUT/wrk-$1-$2.txt"
  wrk -t2 -c128 -d"${DURATION}s" --latency -s "$OUT/get-token.lua" "http://127.0.0.1:${PORT[$n]}" >"$f"
  read -r rps _ _ _ _ non2xx sockerr < <(bench_wrk_parse "$f")
  (( non2xx == 0 && sockerr == 0 )) || bench_die "$n round $2: $non2xx non-2xx, $sockerr socket errors ($f)"
  echo "$rps"
}
for n in "${NAMES[@]}"; do  # the body check (the bypass ignores the token)
  body="$(curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:${PORT[$n]}/v1/pets?limit=10")"
  [[ "$body" == '[{"id":1,"name":"catten","tag":"cat"},{"id":2,"name":"doggy","tag":"dog"}]' ]] || bench_die "$n answered $body"
  run "$n" warmup >/dev/null
done
declare -A R
LOAD0="$(cut -d' ' -f1-3 /proc/loadavg)"
for (( r = 1; r <= ROUNDS; r++ )); do
  for (( i = 0; i < 3; i++ )); do
    n="${NAMES[$(( (i + r) % 3 ))]}"
    R[$n]+="$(run "$n" "$r") "
    bench_log "round $r $n: $(bench_wrk_parse "$OUT/wrk-$n-$r.txt" | cut -d' ' -f1) req/s"
  done
done
LOAD1="$(cut -d' ' -f1-3 /proc/loadavg)"
{
  echo "## run-embedded $(date -u +%FT%TZ)"
  echo "Command: \`DURATION=$DURATION ROUNDS=$ROUNDS benchmarks/run-embedded.sh\`; load $LOAD0 -> $LOAD1; java $BENCH_JAVA"
  echo
  echo "| contender | req/s per round | median |"
  echo "|---|---|---:|"
  for n in "${NAMES[@]}"; do
    # shellcheck disable=SC2086
    echo "| $n | ${R[$n]} | $(bench_median ${R[$n]}) |"
  done
  # shellcheck disable=SC2086  # the per-round lists are meant to split
  b="$(bench_median ${R[bypass]})"
  # shellcheck disable=SC2086
  echo; echo "embedded / bypass = $(bench_calc "$(bench_median ${R[embedded]}) / $b"); nojwt / bypass = $(bench_calc "$(bench_median ${R[nojwt]}) / $b")"
} | tee "$OUT.md"
