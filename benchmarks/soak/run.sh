#!/usr/bin/env bash
# benchmarks/soak/run.sh: the generated petstore behind its full embedded chain (config/petstore/embedded: exception,
# metrics, correlation, header, cors, limit, specification, security, body, audit, validator) under
# a steady load at about half of its capacity for DURATION seconds (600), and three questions:
#   - errors: every response 2xx (h2load's failed/errored counts and status classes), 0 expected;
#   - heap after GC: used heap right after a forced full GC, sampled every SAMPLE seconds; the last
#     sample may be at most 10% above the first one taken after the warm-up (flat: no leak);
#   - RSS: the process's resident size at each sample.
# Capacity is measured first (wrk, CALIBRATE seconds, closed loop, CONNECTIONS connections); the soak
# then offers FRACTION of it with h2load --h1 --rps, an open loop (the same rate whatever the
# latency). Requests: GET /v1/pets?limit=10 and, every POST_EVERY-th one, POST /v1/pets with a new pet
# (always the same id: one 201, then 409, so the in-memory store does not grow).
# It writes out/soak-<time>/RESULT.md and ends with a `soak-bench key=value` line (passed, errors,
# heap_growth_pct, RSS) for benchmarks/results.sh record. Knobs: DURATION, SAMPLE, CALIBRATE, WARMUP,
# FRACTION, CONNECTIONS, POST_EVERY, PORT, HEAP, JAVA_OPTS.
# Not part of CI. Loopback only; the server runs with -Xmx64m, the petstore's heap target.
#
#   DURATION=600 bash benchmarks/soak/run.sh                 # the real soak (coordinator)
#   DURATION=40 SAMPLE=10 CALIBRATE=5 bash benchmarks/soak/run.sh   # a smoke run
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs DURATION=600 SAMPLE=30 CALIBRATE=15 WARMUP=30 FRACTION=0.5 CONNECTIONS=32 POST_EVERY=10 PORT=18171 HEAP=64m JAVA_OPTS=
bench_at_least 1 DURATION SAMPLE CALIBRATE CONNECTIONS POST_EVERY
[[ "$FRACTION" =~ ^(0(\.[0-9]+)?|1(\.0+)?)$ ]] || bench_die "FRACTION must be from 0 to 1, got '$FRACTION'"
JAR="$BENCH_PETSTORE_JAR"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
# shellcheck disable=SC2153  # SAMPLE is a knob (bench_knobs)
(( DURATION > WARMUP + SAMPLE )) || WARMUP=$(( DURATION / 4 ))
bench_find_java
bench_ensure_tools wrk:wrk h2load:nghttp2-client
JCMD="$(dirname "$BENCH_JAVA")/jcmd"
[[ -x "$JCMD" ]] || bench_die "jcmd not found next to $BENCH_JAVA"
bench_out soak
OUT="$BENCH_RUN_DIR"

TOKEN="$(bench_token "$JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --ttl $(( DURATION + 3600 )) --client-id soak)"
# shellcheck disable=SC2153  # PORT is a knob (bench_knobs)
bench_port_free "$PORT"
bench_lumen_cmd "$PORT" config/petstore/embedded SERVER_ENABLEHTTP2=false -- "-Xmx$HEAP" -jar "$JAR"
bench_start "$OUT/server.log" "http://127.0.0.1:$PORT/health" 60 "${BENCH_CMD[@]}"
PID="$BENCH_PID"
URL="http://127.0.0.1:$PORT/v1/pets?limit=10"
bench_expect_reference "the petstore" "$OUT/headers.txt" -H "Authorization: Bearer $TOKEN" "$URL"

# 1. capacity: closed loop, no pipelining
cat >"$OUT/get.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $TOKEN"
LUA
THREADS=2   # bench_wrk's threads; CONNECTIONS is the soak's knob
bench_wrk "$OUT/calibrate-warmup.txt" "$CALIBRATE" -s "$OUT/get.lua" "$URL" || bench_die "wrk failed (calibration warm-up)"
bench_wrk "$OUT/calibrate.txt" "$CALIBRATE" -s "$OUT/get.lua" "$URL" || bench_die "wrk failed (calibration)"
capacity="$W_RPS"
(( W_ERRORS == 0 )) || bench_die "calibration: $W_NON2XX non-2xx, $W_SOCKERR socket errors"
RATE_PER_CONN="$(bench_calc "int($capacity * $FRACTION / $CONNECTIONS + 0.5)")"
(( RATE_PER_CONN >= 1 )) || RATE_PER_CONN=1
bench_log "capacity $capacity req/s; soak at $RATE_PER_CONN req/s x $CONNECTIONS connections for $DURATION s"

# 2. heap after GC and RSS, sampled while the load runs
printf 'GC.run\nGC.heap_info\n' >"$OUT/jcmd.txt"
sample() { # prints "seconds heap_used_kb rss_kb": both commands in one attach, so the load allocates
           # next to nothing between the full GC and the reading
  local used
  used="$("$JCMD" "$PID" -f "$OUT/jcmd.txt" 2>/dev/null | awk '/ used / { for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?$/, "", v); print v; exit } }')"
  echo "$1 ${used:-NA} $(bench_rss_kb "$PID")"
}
(
  t=0
  while (( t <= DURATION )); do
    sample "$t"
    sleep "$SAMPLE"
    t=$(( t + SAMPLE ))
  done
) >"$OUT/samples.txt" &
SAMPLER=$!

# 3. the load: GETs with a POST every POST_EVERY requests (a timing script would fix the order;
#    two h2load processes, one per request kind, keep each an open loop at its own rate)
POST_RATE="$(( RATE_PER_CONN / POST_EVERY ))"
(( POST_RATE >= 1 )) || POST_RATE=1
printf '{"id": 900000, "name": "soak", "tag": "load"}' >"$OUT/pet.json"
h2load --h1 -t1 -c"$CONNECTIONS" --rps="$RATE_PER_CONN" -D "$DURATION" -H "Authorization: Bearer $TOKEN" \
  "$URL" >"$OUT/h2load-get.txt" 2>&1 &
GET_LOAD=$!
h2load --h1 -t1 -c4 --rps="$POST_RATE" -D "$DURATION" -H "Authorization: Bearer $TOKEN" \
  -H "Content-Type: application/json" -d "$OUT/pet.json" "http://127.0.0.1:$PORT/v1/pets" >"$OUT/h2load-post.txt" 2>&1 &
POST_LOAD=$!
wait "$GET_LOAD" "$POST_LOAD"
kill "$SAMPLER" 2>/dev/null || true
wait "$SAMPLER" 2>/dev/null || true

# 4. verdict
h2stats() { # prints "done succeeded failed errored 2xx 3xx 4xx 5xx" of one h2load output
  awk '/^requests: / { d = $6; s = $8; f = $10; e = $12 }
       /^status codes: / { gsub(/,/, ""); c2 = $3; c3 = $5; c4 = $7; c5 = $9 }
       END { printf "%d %d %d %d %d %d %d %d\n", d, s, f, e, c2, c3, c4, c5 }' "$1"
}
read -r gdone _ gfail gerr g2 g3 g4 g5 < <(h2stats "$OUT/h2load-get.txt")
read -r pdone _ _ perr p2 p3 p4 p5 < <(h2stats "$OUT/h2load-post.txt")
# the POSTs repeat one id (the store stays bounded): one 201, then 409 for the taken id. h2load
# counts a 4xx as "failed", and a 409 cannot be told from another 4xx by its status classes; the
# GETs, the bulk of the load, must all be 2xx, the POSTs must have no 5xx, 3xx, errors or second 201.
errors=$(( gfail + gerr + g3 + g4 + g5 + perr + p3 + p5 + (p2 > 1 ? p2 - 1 : 0) + (pdone - p2 - p3 - p4 - p5) ))
first="$(awk -v w="$WARMUP" '$1 >= w && $2 != "NA" { print $2; exit }' "$OUT/samples.txt")"
last="$(awk '$2 != "NA" { v = $2 } END { print v }' "$OUT/samples.txt")"
growth=NA
if [[ -n "$first" && -n "$last" ]]; then growth="$(bench_calc "($last - $first) * 100 / $first")"; fi
rss_first="$(awk -v w="$WARMUP" '$1 >= w { print $3; exit }' "$OUT/samples.txt")"
rss_last="$(awk '{ v = $3 } END { print v }' "$OUT/samples.txt")"
get_rps="$(awk '/^finished in / { print $4 }' "$OUT/h2load-get.txt")"
{
  echo "### Soak $(date -u +%Y-%m-%d): config/petstore/embedded, ${DURATION} s at ${FRACTION} of capacity"
  echo
  echo "| measure | value |"
  echo "|---|---|"
  echo "| capacity (wrk, ${CONNECTIONS} connections, no pipelining) | $capacity req/s |"
  echo "| offered | $(( RATE_PER_CONN * CONNECTIONS )) GET/s + $(( POST_RATE * 4 )) POST/s; achieved GET ${get_rps} |"
  echo "| GET answered | $gdone ($g2 2xx, $g4 4xx, $g5 5xx, $gfail failed, $gerr errored) |"
  echo "| POST answered | $pdone ($p2 201, $p4 4xx: 409 for the repeated id, $p5 5xx, $perr errored) |"
  echo "| errors | $errors |"
  echo "| heap after GC, first sample after ${WARMUP} s warm-up -> last | ${first:-NA} KB -> ${last:-NA} KB (${growth}%) |"
  echo "| RSS, after warm-up -> last | ${rss_first:-NA} KB -> ${rss_last:-NA} KB |"
  echo
  echo "Samples (seconds, heap used after GC KB, RSS KB): $(tr '\n' ';' <"$OUT/samples.txt")"
} | tee "$OUT/RESULT.md"
ok=1
(( errors == 0 )) || { bench_log "FAILED: $errors errors"; ok=0; }
if [[ "$growth" == NA ]] || awk -v g="$growth" 'BEGIN { exit !(g >= 10) }'; then
  bench_log "FAILED: heap after GC grew ${growth}% (limit 10%)"
  ok=0
fi
bench_summary soak "passed=$ok" "errors=$errors" "heap_growth_pct=$growth" "rss_after_warmup_kib=${rss_first:-NA}" \
  "rss_last_kib=${rss_last:-NA}" "capacity_rps=$(bench_fmt '%.0f' "$capacity")" "get_rps=${get_rps:-NA}" | tee -a "$OUT/RESULT.md"
(( ok == 1 )) && bench_log "soak passed; record its last line: benchmarks/results.sh record soak --line '<the soak-bench line>' --command '<the command>' (see benchmarks/README.md)"
(( ok == 1 ))
