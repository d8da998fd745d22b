#!/usr/bin/env bash
# validator/fuzz/run.sh: conformance fuzz run of the petstore against its own spec.
# Starts petstore.jar with config/petstore/embedded (specification + validator) on a free loopback
# port and runs schemathesis (pinned, installed with pip into validator/target/fuzz-venv) against
# /spec.yaml: no 5xx, status codes, content types and bodies conform to the spec, and invalid
# (negative) requests must be rejected with a 4xx. Exits non-zero on any failure. The quick run of
# one target: CI runs the same fuzz run inside conformance/run.sh (schemathesis-petstore, with the
# proxy gateway and the protocol probes), not this script. SKIP_BUILD=0 builds the jar here.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
SCHEMATHESIS_VERSION="4.32.5"
MAX_EXAMPLES="${MAX_EXAMPLES:-50}"
HARD_TIMEOUT="${HARD_TIMEOUT:-900}"
JAR="$ROOT/petstore-example/target/petstore.jar"
VENV="$ROOT/validator/target/fuzz-venv"
OUT="$ROOT/validator/target/fuzz"
mkdir -p "$OUT"

if [[ ! -f "$JAR" || "${SKIP_BUILD:-1}" == 0 ]]; then
  ./mvnw -B -q -DskipTests package
fi
if [[ ! -x "$VENV/bin/schemathesis" ]] || ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
SERVER_HTTPPORT="$PORT" SERVER_IP=127.0.0.1 java -Dlight-4j-config-dir=config/petstore/embedded -jar "$JAR" >"$OUT/petstore.log" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$PID" 2>/dev/null; then echo "petstore did not start:"; cat "$OUT/petstore.log"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null || { echo "petstore not healthy on port $PORT"; exit 1; }

# The embedded chain verifies JWTs: mint one with the folder's dev-only key (both scopes), so the
# fuzzer reaches specification and validation; 401s for tokenless calls are tested in the JUnit suite.
TOKEN="$(java -cp "$JAR" io.lumen.security.tool.DevTokens token \
  --key config/petstore/embedded/dev-only/petstore-dev-1.key.pem --kid petstore-dev-1 \
  --scope "read:pets write:pets" --iss https://lumen.dev/issuer --aud petstore --ttl 3600 --client-id fuzz)"

echo "fuzz: schemathesis $SCHEMATHESIS_VERSION against http://127.0.0.1:$PORT/spec.yaml (max-examples $MAX_EXAMPLES)"
set +e
timeout "$HARD_TIMEOUT" "$VENV/bin/schemathesis" run "http://127.0.0.1:$PORT/spec.yaml" \
  --url "http://127.0.0.1:$PORT/v1" --header "Authorization: Bearer $TOKEN" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection \
  --mode all --max-examples "$MAX_EXAMPLES" --generation-deterministic --request-timeout 10 \
  --workers 1 --no-color 2>&1 | tee "$OUT/schemathesis.log"
rc=${PIPESTATUS[0]}
set -e
if (( rc != 0 )); then
  echo "fuzz: FAILED (exit $rc); petstore log: $OUT/petstore.log"
  exit "$rc"
fi
echo "fuzz: passed"
