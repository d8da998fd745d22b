#!/usr/bin/env bash
# startup/run.sh: how fast and how small a petstore instance is, for autoscaling (issue 16).
#  1. Startup to first response: process launch to the first 200 of /health/readiness, for the
#     full chain (config/petstore/embedded), STARTS cold starts per variant, variants alternated:
#       j17-plain   Java 17, plain java -jar
#       j17-cds     Java 17 with an AppCDS archive written by the training run (-XX:SharedArchiveFile)
#       jNN-plain   the newest JDK here (25), plain
#       jNN-aot     the newest JDK with an AOT cache from the training run (-XX:AOTCache, JEP 483/514/515)
#     The archives come from deploy/docker/train.sh, exactly as the images build them.
#     BASE_JAR=<another petstore.jar> (e.g. a build of an earlier commit) starts that jar too, in the
#     same slots (which one goes first alternates), each with archives of its own: the table gains
#     the base's medians and the ratio of the medians with its spread (ratios of the same slots).
#  2. Footprint: the full chain under wrk load with -Xmx64m (newest JDK, AOT cache): req/s, errors,
#     RSS idle and after load, heap after a full GC before and after the load.
# Loopback only. Prints a markdown table and a last line "startup-bench ...".
#   STARTS=10 LOAD_SECONDS=20 benchmarks/startup/run.sh
#   STARTS=10 BASE_JAR=/tmp/petstore-b6e7c37.jar benchmarks/startup/run.sh
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
bench_no_args $#
bench_knobs STARTS=10 LOAD_SECONDS=20 PORT=18161 XMX=64m THREADS=2 CONNECTIONS=128 BASE_JAR=
bench_at_least 1 STARTS LOAD_SECONDS
JAR="$BENCH_PETSTORE_JAR"
CFG="$BENCH_REPO_ROOT/config/petstore/embedded"
[[ -f "$JAR" ]] || bench_die "build first: ./mvnw -q -DskipTests package"
[[ -z "$BASE_JAR" || -f "$BASE_JAR" ]] || bench_die "BASE_JAR $BASE_JAR is not a file"
JARS=(new); declare -A JAR_OF=([new]="$JAR")
if [[ -n "$BASE_JAR" ]]; then JARS+=(base); JAR_OF[base]="$(realpath "$BASE_JAR")"; fi
bench_find_java
bench_ensure_wrk
J17="$(command -v java)"
(( $(bench_java_major "$J17") == 17 )) || bench_log "note: 'java' on PATH is Java $(bench_java_major "$J17"), not 17"
JNEW="$BENCH_JAVA"; NEW="j$BENCH_JAVA_MAJOR"
bench_out startup
OUT="$BENCH_RUN_DIR"
# shellcheck disable=SC2153  # PORT is a knob (bench_knobs)
bench_port_free "$PORT"

train() { # <java> <flag> <log> <jar>
  PATH="$(dirname "$1"):$PATH" SERVER_HTTPPORT="$PORT" SERVER_IP=127.0.0.1 TRAIN_PATHS="/v1/pets /health/readiness" \
    bash "$BENCH_REPO_ROOT/deploy/docker/train.sh" "$PORT" "$2" -Dlight-4j-config-dir="$CFG" -jar "$4" >"$3" 2>&1 \
    || bench_die "training run failed: $3"
}
bench_log "training runs (the archives the images use)"
for j in "${JARS[@]}"; do
  train "$J17" "-XX:ArchiveClassesAtExit=$OUT/$j-j17.jsa" "$OUT/train-$j-j17.log" "${JAR_OF[$j]}"
  train "$JNEW" "-XX:AOTCacheOutput=$OUT/$j-$NEW.aot" "$OUT/train-$j-$NEW.log" "${JAR_OF[$j]}"
done

declare -A JAVA=([j17-plain]="$J17" [j17-cds]="$J17" ["$NEW-plain"]="$JNEW" ["$NEW-aot"]="$JNEW")
flags() { # <variant> <jar name>
  case "$1" in
    j17-cds) echo "-Xshare:on -XX:SharedArchiveFile=$OUT/$2-j17.jsa" ;;
    "$NEW-aot") echo "-XX:AOTMode=on -XX:AOTCache=$OUT/$2-$NEW.aot" ;;
  esac
}
VARIANTS=(j17-plain j17-cds "$NEW-plain" "$NEW-aot")
declare -A MS=()
for (( s = 1; s <= STARTS; s++ )); do
  order=("${JARS[@]}")
  if (( s % 2 == 0 && ${#JARS[@]} == 2 )); then order=(base new); fi
  for v in "${VARIANTS[@]}"; do
    for j in "${order[@]}"; do
      # shellcheck disable=SC2046
      bench_start "$OUT/start-$j-$v-$s.log" "http://127.0.0.1:$PORT/health/readiness" 30 \
        env SERVER_HTTPPORT="$PORT" SERVER_IP=127.0.0.1 "${JAVA[$v]}" $(flags "$v" "$j") -Dlight-4j-config-dir="$CFG" -jar "${JAR_OF[$j]}"
      MS[$j-$v]+="$BENCH_STARTUP_MS "
      bench_stop "$BENCH_PID"
    done
  done
  bench_log "start $s/$STARTS: $(for v in "${VARIANTS[@]}"; do for j in "${JARS[@]}"; do last="${MS[$j-$v]% }"; printf '%s %s %s ms  ' "$j" "$v" "${last##* }"; done; done)"
done

# --- footprint under load --------------------------------------------------------
TOKEN="$(bench_token "$JAR" "$BENCH_DEV_KEY" "$BENCH_DEV_KID" --client-id bench)"
cat > "$OUT/get-token.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $TOKEN"
LUA
heap_after_gc() { # <pid>: used heap in KiB after a full GC, from jcmd
  "$(dirname "$JNEW")/jcmd" "$1" GC.run >/dev/null 2>&1 || true
  "$(dirname "$JNEW")/jcmd" "$1" GC.heap_info 2>/dev/null | awk '/used/ {for (i = 1; i <= NF; i++) if ($i == "used") {v = $(i + 1); sub(/K,?/, "", v); print v; exit}}'
}
# shellcheck disable=SC2086
bench_start "$OUT/load.log" "http://127.0.0.1:$PORT/health/readiness" 30 \
  env SERVER_HTTPPORT="$PORT" SERVER_IP=127.0.0.1 SERVER_ENABLEHTTP2=false "$JNEW" -Xmx"$XMX" $(flags "$NEW-aot" new) \
  -Dlight-4j-config-dir="$CFG" -jar "$JAR"
PID=$BENCH_PID
bench_expect_reference "the petstore" "$OUT/headers.txt" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/v1/pets?limit=10"
RSS_IDLE=$(( $(bench_rss_kb "$PID") / 1024 )); HEAP_IDLE=$(( $(heap_after_gc "$PID") / 1024 ))
bench_wrk "$OUT/wrk.txt" "$LOAD_SECONDS" -s "$OUT/get-token.lua" "http://127.0.0.1:$PORT/v1/pets?limit=10" \
  || { cat "$OUT/wrk.txt" >&2; bench_die "wrk failed"; }
RPS="$W_RPS"; P99="$W_P99"; NON2XX="$W_NON2XX"; SOCKERR="$W_SOCKERR"
RSS_LOAD=$(( $(bench_rss_kb "$PID") / 1024 )); HEAP_LOAD=$(( $(heap_after_gc "$PID") / 1024 ))
bench_stop "$PID"

ratio_keys=(); declare -A ROW=()
for v in "${VARIANTS[@]}"; do
  # shellcheck disable=SC2206
  a=(${MS[new-$v]})
  ROW[$v]="| $v | $("${JAVA[$v]}" -version 2>&1 | head -1 | awk -F'"' '{print $2}') | $(bench_median "${a[@]}") | $(bench_min "${a[@]}") - $(bench_max "${a[@]}")"
  if [[ -n "$BASE_JAR" ]]; then
    # shellcheck disable=SC2206
    b=(${MS[base-$v]})
    bench_ratio a b
    ROW[$v]+=" | $(bench_median "${b[@]}") | $(bench_min "${b[@]}") - $(bench_max "${b[@]}") | $RATIO | $RATIO_MIN - $RATIO_MAX"
    k="${v//-/_}_vs_base"
    ratio_keys+=("${v//-/_}_base_ms=$(bench_median "${b[@]}")" "$k=$RATIO" "${k}_min=$RATIO_MIN" "${k}_max=$RATIO_MAX")
  fi
  ROW[$v]+=" | $STARTS |"
done
{
  echo "Command: \`$BENCH_CMDLINE\`; $(date -u +%FT%TZ); commit $(bench_commit); load: $(bench_loadavg)"
  echo
  if [[ -n "$BASE_JAR" ]]; then
    echo "Base: $BASE_JAR (its own archives, started in the same slots)"
    echo
    echo "| variant | JDK | first 200 of /health/readiness, median (ms) | min - max (ms) | base median (ms) | base min - max (ms) | this / base | spread (same slots) | runs |"
    echo "|---|---|---:|---|---:|---|---:|---|---:|"
  else
    echo "| variant | JDK | first 200 of /health/readiness, median (ms) | min - max (ms) | runs |"
    echo "|---|---|---:|---|---:|"
  fi
  for v in "${VARIANTS[@]}"; do echo "${ROW[$v]}"; done
  echo
  echo "Footprint, full chain (config/petstore/embedded), $NEW-aot with -Xmx$XMX, wrk -t$THREADS -c$CONNECTIONS ${LOAD_SECONDS}s GET /v1/pets?limit=10 with a token:"
  echo "$RPS req/s, p99 $P99 ms, $NON2XX non-2xx, $SOCKERR socket errors; RSS idle $RSS_IDLE MiB, after load $RSS_LOAD MiB; heap used after a full GC: $HEAP_IDLE MiB idle, $HEAP_LOAD MiB after load."
} | tee "$OUT/results.md"
med() { # <variant>: median of the new jar's starts
  # shellcheck disable=SC2086
  bench_median ${MS[new-$1]}
}
bench_summary startup "j17_plain_ms=$(med j17-plain)" "j17_cds_ms=$(med j17-cds)" \
  "${NEW}_plain_ms=$(med "$NEW-plain")" "${NEW}_aot_ms=$(med "$NEW-aot")" "${ratio_keys[@]}" \
  "xmx=$XMX" "rps=$RPS" "non2xx=$NON2XX" "sockerr=$SOCKERR" "rss_load_mib=$RSS_LOAD"
