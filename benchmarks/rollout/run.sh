#!/usr/bin/env bash
# rollout/run.sh: zero-downtime rollouts behind the Lumen proxy, proven on loopback. A correctness
# run, not a performance measurement: it counts failed client requests, and the answer must be 0.
#
#   1. a DNS server of the run's own (DnsZone.java, dnsjava) names pets.rollout.test: three petstore
#      instances on 127.0.0.2, 127.0.0.3 and 127.0.0.4, one port;
#   2. the proxy (lumen-proxy.jar, config/proxy/http) finds them through DNS (discovery), checks
#      /health/readiness on each, and takes steady load (Load.java: GETs and POSTs that create pets);
#   3. one instance gets SIGTERM and is started again; then each in turn (a rolling restart);
#   4. a fourth instance (127.0.0.5) is started and added to DNS; then 127.0.0.2 is removed from DNS
#      and sent SIGTERM at the same moment (as Kubernetes does with a pod's endpoint);
#   5. the load stops and the run ends with one line: rollout-bench requests=<n> failed=<n>
#
# Knobs (environment): PORT (instances, 24180), PROXY_PORT (24100), DNS_PORT (24153), THREADS (4),
# RATE (requests/s, all threads, 100), SETTLE (s of load between steps, 3), SHUTDOWN_DELAY (the
# instances' server.shutdownDelay in ms, 1000; 0 leaves it all to the refusal and retry),
# HEALTH_INTERVAL (the proxy's health check interval in ms, 200), SKIP_BUILD (1: use the jars in
# target/), KEEP_LOGS (1: keep the run folder's logs, which a clean run deletes), JAVA_OPTS (extra
# flags for the instances and the proxy), MAVEN_ARGS (extra Maven arguments for the build and for
# fetching dnsjava), and lib.sh's BENCH_JAVA_HOME, MVN_ARGS, BENCH_MVN, OUT_DIR. Everything listens
# on 127.0.0.x; every wait is bounded; the exit trap stops every process the script started.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lib.sh"
HERE="$BENCH_DIR/rollout"
bench_no_args $#
bench_knobs PORT=24180 PROXY_PORT=24100 DNS_PORT=24153 THREADS=4 RATE=100 SETTLE=3 SHUTDOWN_DELAY=1000 \
  HEALTH_INTERVAL=200 SKIP_BUILD=0 KEEP_LOGS=0 JAVA_OPTS= MAVEN_ARGS=
bench_at_least 1 THREADS RATE
bench_distinct PROXY_PORT DNS_PORT
read -r -a MAVEN_EXTRA <<< "$MAVEN_ARGS"
NAME="pets.rollout.test"

bench_require curl
bench_find_java
bench_out rollout
WORK="$BENCH_RUN_DIR"
LOAD_PID=""
declare -A INSTANCE=()   # ip -> pid
STARTS=0
STEPS=()                 # the report's lines, one per step

stop_load() {
  touch "$WORK/stop" 2>/dev/null || true
  if [[ -n "$LOAD_PID" ]]; then kill -TERM "$LOAD_PID" 2>/dev/null || true; wait "$LOAD_PID" 2>/dev/null || true; fi
}
bench_on_exit stop_load

bench_log "command: $BENCH_CMDLINE"
bench_log "java: $BENCH_JAVA_DESC; run folder $WORK"

bench_build_lumen "$BENCH_PETSTORE_JAR" -B -q "${MAVEN_EXTRA[@]}" -pl petstore-example,proxy -am package -DskipTests
PROXY_JAR="$BENCH_REPO_ROOT/proxy/target/lumen-proxy.jar"
[[ -f "$PROXY_JAR" ]] || bench_die "missing $PROXY_JAR (run without SKIP_BUILD=1)"

# dnsjava (and the SLF4J API it logs through) for DnsZone.java: the versions the parent pom pins,
# copied out of the Maven repository
pinned() { grep -o "<$1.version>[^<$]*<" "$BENCH_REPO_ROOT/pom.xml" | head -n 1 | cut -d'>' -f2 | tr -d "<"; }
DNS_CP=""
for artifact in "dnsjava:dnsjava:$(pinned dnsjava)" "org.slf4j:slf4j-api:$(pinned slf4j)"; do
  bench_mvn_build "$BENCH_REPO_ROOT" "$WORK/deps.log" -B -q "${MAVEN_EXTRA[@]}" dependency:copy \
    -Dartifact="$artifact" -DoutputDirectory="$WORK/lib"
  coords="${artifact#*:}"
  DNS_CP+="${DNS_CP:+:}$WORK/lib/${coords%%:*}-${coords##*:}.jar"
done

for p in "$PROXY_PORT" "$DNS_PORT"; do bench_port_free "$p"; done

# --- DNS -------------------------------------------------------------------------------------
zone() { # zone IP...: the A records of $NAME (TTL 1 s), written atomically
  local ip
  : >"$WORK/zone.new"
  for ip in "$@"; do echo "$NAME 1 $ip" >>"$WORK/zone.new"; done
  mv "$WORK/zone.new" "$WORK/zone"
  bench_log "dns: $NAME -> $*"
}
zone 127.0.0.2 127.0.0.3 127.0.0.4
"$BENCH_JAVA" -Xmx32m -XX:+UseSerialGC -cp "$DNS_CP" "$HERE/DnsZone.java" 127.0.0.1 "$DNS_PORT" "$WORK/zone" >"$WORK/dns.log" 2>&1 &
DNS_PID=$!
BENCH_PIDS+=("$DNS_PID")   # stopped by the exit trap like the servers
for (( i = 0; i < 300; i++ )); do
  grep -q 'dns listening' "$WORK/dns.log" 2>/dev/null && break
  kill -0 "$DNS_PID" 2>/dev/null || bench_die "the DNS server ended: $(cat "$WORK/dns.log")"
  sleep 0.1
done
grep -q 'dns listening' "$WORK/dns.log" || bench_die "the DNS server did not start within 30 s"

# --- instances -------------------------------------------------------------------------------
JVM_OPTS=(-Xmx96m -XX:+UseSerialGC -XX:TieredStopAtLevel=1)
start_instance() { # start_instance IP: a petstore on IP:$PORT, waited for until ready
  local ip="$1"
  STARTS=$(( STARTS + 1 ))
  # shellcheck disable=SC2153  # PORT is a knob (bench_knobs)
  bench_lumen_cmd "$PORT" "$HERE/petstore:$BENCH_REPO_ROOT/config/petstore/http" \
    SERVER_IP="$ip" SERVER_IOTHREADS=1 SERVER_SHUTDOWNDELAY="$SHUTDOWN_DELAY" \
    SERVER_SHUTDOWNGRACEFULPERIOD=10000 SERVER_SERVICEID="petstore-$ip" -- "${JVM_OPTS[@]}" -jar "$BENCH_PETSTORE_JAR"
  bench_start "$WORK/petstore-$ip-$STARTS.log" "http://$ip:$PORT/health/readiness" 60 "${BENCH_CMD[@]}"
  INSTANCE[$ip]="$BENCH_PID"
  bench_log "instance $ip ready (pid $BENCH_PID, ${BENCH_STARTUP_MS} ms)"
  STEPS+=("| $ip started | ready in ${BENCH_STARTUP_MS} ms |")
}
stop_instance() { # stop_instance IP: SIGTERM, and wait for the process to end (bounded)
  local ip="$1" t0 ms
  t0="$(bench_now_ms)"
  bench_stop "${INSTANCE[$ip]}"
  unset "INSTANCE[$ip]"
  ms=$(( $(bench_now_ms) - t0 ))
  bench_log "instance $ip stopped after SIGTERM in $ms ms"
  STEPS+=("| $ip stopped (SIGTERM) | ended in $ms ms |")
}
for ip in 127.0.0.2 127.0.0.3 127.0.0.4 127.0.0.5; do
  timeout 2 bash -c "exec 3<>/dev/tcp/$ip/$PORT" 2>/dev/null && bench_die "$ip:$PORT is already in use"
done
for ip in 127.0.0.2 127.0.0.3 127.0.0.4; do start_instance "$ip"; done

# --- the proxy -------------------------------------------------------------------------------
bench_lumen_cmd "$PROXY_PORT" "$BENCH_REPO_ROOT/config/proxy/http" \
  SERVER_IOTHREADS=2 PROXY_HOSTS="http://$NAME:$PORT" PROXY_MAXREQUESTTIME=10000 \
  PROXY_DISCOVERY_ENABLED=true PROXY_DISCOVERY_RESOLVERS="127.0.0.1:$DNS_PORT" \
  PROXY_DISCOVERY_MINTTL=200 PROXY_DISCOVERY_MAXTTL=1000 PROXY_DISCOVERY_INTERVAL=500 \
  PROXY_HEALTHCHECK_ENABLED=true PROXY_HEALTHCHECK_PATH=/health/readiness \
  PROXY_HEALTHCHECK_INTERVAL="$HEALTH_INTERVAL" PROXY_HEALTHCHECK_TIMEOUT=500 \
  -- "${JVM_OPTS[@]}" -jar "$PROXY_JAR"
bench_start "$WORK/proxy.log" "http://127.0.0.1:$PROXY_PORT/v1/pets" 60 "${BENCH_CMD[@]}"
bench_log "proxy ready on 127.0.0.1:$PROXY_PORT (pid $BENCH_PID)"

# --- load and the rollout --------------------------------------------------------------------
"$BENCH_JAVA" -Xmx64m -XX:+UseSerialGC "$HERE/Load.java" "http://127.0.0.1:$PROXY_PORT" "$THREADS" "$RATE" "$WORK/stop" 900 \
  >"$WORK/load.out" 2>"$WORK/load.err" &
LOAD_PID=$!
settle() { sleep "$SETTLE"; kill -0 "$LOAD_PID" 2>/dev/null || bench_die "the load generator ended early: $(cat "$WORK/load.err")"; }
settle

bench_log "step 1: one instance restarted"
STEPS+=("| **step 1: one instance restarted** | |")
stop_instance 127.0.0.3
start_instance 127.0.0.3
settle

bench_log "step 2: rolling restart"
STEPS+=("| **step 2: rolling restart** | |")
for ip in 127.0.0.2 127.0.0.3 127.0.0.4; do
  stop_instance "$ip"
  start_instance "$ip"
  settle
done

bench_log "step 3: one instance added through DNS, one removed"
STEPS+=("| **step 3: one instance added through DNS, one removed** | |")
start_instance 127.0.0.5
zone 127.0.0.2 127.0.0.3 127.0.0.4 127.0.0.5
settle
zone 127.0.0.3 127.0.0.4 127.0.0.5
stop_instance 127.0.0.2
settle

touch "$WORK/stop"
wait "$LOAD_PID" || bench_die "the load generator failed: $(cat "$WORK/load.err")"
LOAD_PID=""
sed 's/^/  /' "$WORK/load.err" >&2 || true
line="$(grep -o 'load requests=[0-9]* failed=[0-9]*' "$WORK/load.out")" || bench_die "no result from the load generator"
requests="${line#load requests=}"; requests="${requests%% *}"
failed="${line##*failed=}"
refused="$(grep -c 'is draining' "$WORK/proxy.log" || true)"
changes="$(grep -c 'endpoint(s), added' "$WORK/proxy.log" || true)"
bench_log "instances started: $STARTS; refused while draining (proxy log): $refused"
bench_log "DNS changes the proxy saw: $changes"
(( failed == 0 )) || bench_log "FAILED: $failed of $requests requests failed (load.err in the run folder)"

{
  echo "## Rollout $BENCH_TS"
  echo
  bench_report_header "the load generator, the proxy and the instances share the cores"
  echo "- Load: $THREADS threads, $RATE req/s in all; SETTLE ${SETTLE} s; SHUTDOWN_DELAY ${SHUTDOWN_DELAY} ms; HEALTH_INTERVAL ${HEALTH_INTERVAL} ms; load average at the end $(bench_loadavg)"
  echo
  echo "| what | how long |"
  echo "|---|---|"
  printf '%s\n' "${STEPS[@]}"
  echo
  echo "Requests: $requests; failed: $failed (must be 0). Instances started: $STARTS; requests the proxy"
  echo "refused on a draining instance and sent elsewhere (proxy log): $refused; DNS changes the proxy saw: $changes."
  echo
  bench_summary rollout "requests=$requests" "failed=$failed"
} >"$BENCH_REPORT"
if [[ "$KEEP_LOGS" != 1 && "$failed" == 0 ]]; then
  remove_logs() { rm -rf "$WORK"; }
  bench_on_exit remove_logs   # after the servers stop; the report beside the folder stays
else
  bench_log "logs kept in $WORK"
fi
cat "$BENCH_REPORT"
bench_log "report written to $BENCH_REPORT"
