#!/usr/bin/env bash
# Training run for the JVM's class-data-sharing / AOT cache, used at image build time.
# Starts the service with the given java options, waits until /health/readiness answers 200,
# sends a few requests through the routes named in TRAIN_PATHS so their classes are loaded
# (and, on Java 25, profiled), then sends SIGTERM: the JVM exits normally and writes the cache.
# Needs only bash (its /dev/tcp), so it runs in a plain JRE image without curl.
#
#   train.sh <port> <java args...>
#   TRAIN_PATHS="/v1/pets /health" train.sh 8080 -XX:AOTCacheOutput=app.aot -jar app.jar
set -euo pipefail
port=$1; shift
paths=${TRAIN_PATHS:-/health/readiness}
rounds=${TRAIN_ROUNDS:-200}

get() { # prints the status code of GET $1 on 127.0.0.1:$port, or nothing when it cannot connect
  local status
  exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null || return 0
  printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$1" >&3
  IFS=' ' read -r _ status _ <&3 || true
  exec 3>&- 3<&-
  printf '%s' "${status:-}"
}

java "$@" &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do # up to 30 s
  [ "$(get /health/readiness)" = 200 ] && break
  kill -0 "$pid" 2>/dev/null || { echo "train.sh: the service exited before it was ready" >&2; exit 1; }
  sleep 0.1
done
[ "$(get /health/readiness)" = 200 ] || { echo "train.sh: not ready after 30 s" >&2; exit 1; }
for _ in $(seq 1 "$rounds"); do
  for p in $paths; do get "$p" >/dev/null; done
done
kill -TERM "$pid"
trap - EXIT
wait "$pid"
