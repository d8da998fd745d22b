#!/usr/bin/env bash
# Offline checks of deploy/, run by .ci/run after the build (images cannot be built here):
#  1. every Kubernetes manifest validates against the Kubernetes schemas (kubernetes-validate,
#     strict: unknown fields are errors), and every kustomization lists files that exist;
#  2. every Dockerfile is consistent with the repository (check-dockerfiles.py);
#  3. the petstore on the pod's config layering (the ConfigMap over the image's config) serves the
#     Deployment's probe and scrape paths;
#  4. the image's training run works: train.sh writes an AOT cache (Java 25) or a CDS archive
#     (Java 19+) from the built fat jars, and a service started from it answers.
# Prints one line per check and "deploy: N passed, N failed"; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
KV_VERSION=1.37.0
venv=${DEPLOY_VENV:-target/deploy-venv}
passed=0; failed=0
ok()   { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

if [ ! -x "$venv/bin/kubernetes-validate" ]; then
  python3 -m venv "$venv" && "$venv/bin/pip" install -q "kubernetes-validate==$KV_VERSION" \
    || { echo "deploy: cannot install kubernetes-validate $KV_VERSION from PyPI" >&2; exit 1; }
fi
while IFS= read -r f; do
  if out=$("$venv/bin/kubernetes-validate" --strict --quiet "$f" 2>&1); then ok "manifest $f"; else fail "manifest $f: $out"; fi
done < <(find deploy/k8s -name '*.yaml' ! -name kustomization.yaml | sort)
while IFS= read -r k; do
  dir=$(dirname "$k"); missing=""
  for r in $(sed -n 's/^  - \(.*\.yaml\)$/\1/p' "$k"); do [ -f "$dir/$r" ] || missing="$missing $r"; done
  listed=$(sed -n 's/^  - \(.*\.yaml\)$/\1/p' "$k" | sort | tr '\n' ' ')
  present=$(cd "$dir" && ls *.yaml | grep -v '^kustomization.yaml$' | sort | tr '\n' ' ')
  if [ -z "$missing" ] && [ "$listed" = "$present" ]; then ok "kustomization $k"; else fail "kustomization $k: lists [$listed], folder has [$present]"; fi
done < <(find deploy/k8s -name kustomization.yaml | sort)

if out=$(python3 deploy/docker/check-dockerfiles.py 2>&1); then ok "dockerfiles: $out"; else fail "dockerfiles: $out"; fi

# The training run, as the images do it, on the newest JDK here (the images use Java 25).
java_bin=java
for j in /usr/lib/jvm/temurin-25-jdk-amd64/bin/java "${JAVA25_HOME:-/nonexistent}/bin/java"; do [ -x "$j" ] && java_bin=$j; done
train() { # <name> <jar> <config dir> <port> <paths>
  local name=$1 jar=$2 cfg=$3 port=$4 paths=$5 out="target/deploy-check/$1" cache_flag use_flag
  mkdir -p "$out"; rm -f "$out"/*
  if "$java_bin" -XX:AOTMode=off -version >/dev/null 2>&1; then
    cache_flag="-XX:AOTCacheOutput=$out/app.aot"; use_flag="-XX:AOTMode=on -XX:AOTCache=$out/app.aot"
  else
    cache_flag="-XX:ArchiveClassesAtExit=$out/app.jsa"; use_flag="-Xshare:on -XX:SharedArchiveFile=$out/app.jsa"
  fi
  [ -f "$jar" ] || { fail "training $name: $jar not built"; return; }
  if ! PATH="$(dirname "$java_bin"):$PATH" SERVER_HTTPPORT=$port TRAIN_ROUNDS=20 TRAIN_PATHS="$paths" \
      bash deploy/docker/train.sh "$port" "$cache_flag" -Dlight-4j-config-dir="$cfg" -jar "$jar" >"$out/train.log" 2>&1; then
    fail "training $name: see $out/train.log"; return
  fi
  # strict: the start fails if the cache cannot be used, so a passing check proves it was
  # shellcheck disable=SC2086
  SERVER_HTTPPORT=$port "$java_bin" $use_flag -Dlight-4j-config-dir="$cfg" -jar "$jar" >"$out/run.log" 2>&1 &
  local pid=$! status=""
  for _ in $(seq 1 100); do
    status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health/readiness" || true)
    [ "$status" = 200 ] && break; sleep 0.1
  done
  kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  if [ "$status" = 200 ]; then ok "training $name ($("$java_bin" -version 2>&1 | head -1), ${use_flag% *})"; else fail "training $name: no answer from the cached start, see $out/run.log"; fi
}
# The pod's config layering on the built jar (ConfigMap at /config, Secret at /secrets, the image's
# config/petstore/embedded last): the ConfigMap's values.yml replaces the image's whole, and the
# petstore's route table is generated into the jar and shaped by values.yml's handler.* keys, so the
# ConfigMap must carry them: the Deployment's probe and scrape paths answer, the API wants a token,
# and changing log levels (POST /adm/logger, the adminChange chain) wants one too.
# The Secret's placeholder certificate is replaced by the dev one.
pod_config() {
  local out=target/deploy-check/petstore-pod port=$(( ${DEPLOY_PORT:-18780} + 2 )) jar=petstore-example/target/petstore.jar
  rm -rf "$out"; mkdir -p "$out/config" "$out/secrets"
  [ -f "$jar" ] || { fail "pod config: $jar not built"; return; }
  if ! "$venv/bin/python" - "$out/config" deploy/k8s/petstore/configmap.yaml <<'PY'
import pathlib, sys, yaml
for name, text in yaml.safe_load(open(sys.argv[2]))["data"].items():
    pathlib.Path(sys.argv[1], name).write_text(text)
PY
  then fail "pod config: cannot read deploy/k8s/petstore/configmap.yaml"; return; fi
  cp config/petstore/embedded/petstore-dev-1.crt "$out/secrets/petstore-jwt.crt"
  SERVER_IP=127.0.0.1 SERVER_HTTPPORT=$port java -Dlight-4j-config-dir="$out/config:$out/secrets:config/petstore/embedded" \
    -jar "$jar" >"$out/run.log" 2>&1 &
  local pid=$! answers="" path
  for _ in $(seq 1 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health/readiness" || true)" = 200 ] && break
    kill -0 "$pid" 2>/dev/null || break; sleep 0.1
  done
  for path in /health/readiness /health/liveness /prometheus /v1/pets; do
    answers="$answers $path=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path" || true)"
  done
  answers="$answers POST/adm/logger=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    -d '[{"name":"audit","level":"OFF"}]' "http://127.0.0.1:$port/adm/logger" || true)"
  kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  if [ "$answers" = " /health/readiness=200 /health/liveness=200 /prometheus=200 /v1/pets=401 POST/adm/logger=401" ]; then
    ok "pod config: the ConfigMap's values.yml routes$answers"
  else
    fail "pod config: got$answers (see $out/run.log)"
  fi
}
pod_config
train petstore petstore-example/target/petstore.jar config/petstore/embedded "${DEPLOY_PORT:-18780}" "/v1/pets /health/readiness"
train proxy proxy/target/lumen-proxy.jar config/proxy/sidecar "$(( ${DEPLOY_PORT:-18780} + 1 ))" "/health/readiness /prometheus /unrouted"

echo "deploy: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
