#!/usr/bin/env bash
# codegen-it/public-specs/run.sh: the public-spec suite (issue 26). For each public spec of a real API
# (sources in README.md beside this script): generate a project with the CLI (timed, whole process),
# build it offline with Maven running its generated tests, start its jar the README's way, and run
# schemathesis (the version conformance/run.sh pins) against it with the checks not_a_server_error and
# response_schema_conformance, bounded in examples and time.
#
#   codegen-it/public-specs/run.sh            every spec
#   codegen-it/public-specs/run.sh --ci       the CI subset (CI_SPECS below, a few minutes)
#   codegen-it/public-specs/run.sh museum openai
#   PHASES=examples,coverage FUZZ_SECONDS=900 codegen-it/public-specs/run.sh box   (bounded phases, larger cap)
#   BUILD_SECONDS=5400 FUZZ_SECONDS=1800 codegen-it/public-specs/run.sh discord   (caps for a loaded machine)
#
# Time per spec on the shared 2-core machine at a load average of 15-35 (2026-11-28; generation, then the
# generated project's Maven build with its tests, then schemathesis; the build dominates for large specs):
#   discord         7 s + 497 s build (242 tests); schemathesis does not end within FUZZ_SECONDS=900 (coverage
#                   phase alone > 14 min); fuzzing + stateful phases alone 558 s
#   adyen-checkout 24 s + 352 s build (28 tests) + 601 s schemathesis (all phases end)
#   lago           11 s + 373 s build (202 tests) + 732 s schemathesis (all phases end)
#   adyen-transfers 8 s + 142 s build (12 tests) + 25 s schemathesis (all phases end)
#   kratos         13 s + 197 s build (60 tests) + 40 s schemathesis (all phases end)
#   hydra           4 s + 216 s build (52 tests) + 128 s schemathesis (all phases end)
#   mastodon       22 s + 478 s build (210 tests); coverage phase 128 s, fuzzing not done within FUZZ_SECONDS=300
#   qdrant          5 s + 196 s build (69 tests); coverage phase not done within FUZZ_SECONDS=300
#   petstore2       3 s + 280 s build (20 tests) + 41 s schemathesis (Swagger 2.0; all phases end)
#   slack           9 s + 482 s build (174 tests) + 202 s schemathesis (Swagger 2.0; all phases end)
#   docker          3 s + 35 s build at a load of 15 (108 tests) + 50 s schemathesis (Swagger 2.0; tar bodies it cannot make)
#   xero-bankfeeds  6 s + 221 s build (7 tests) + 117 s schemathesis (all phases end)    (session 5, load 20-35)
#   xero-files      5 s + 173 s build (18 tests) + 28 s schemathesis (all phases end)
#   xero-projects   1 s + 15 s build (16 tests) + 10 s schemathesis (all phases end; quiet machine)
#   twilio-verify   6 s + 235 s build (57 tests) + 240 s schemathesis (all phases end)
#   frigate         6 s + 116 s build (179 tests) + 44 s schemathesis (all phases end)
#   petstore3 78 s build (19 tests) at a load of 17; the others of the full set: docs/codegen.md, "The public-spec suite".
# BUILD_SECONDS (default 3600) caps one generated project's build; FUZZ_SECONDS caps schemathesis, which is then
# stopped with SIGINT so it still prints the failures it found.
#
# A spec split over files is stored as <name>/<anything>.tar.gz with <name>/ENTRY naming the file to generate from.
# Needs Lumen installed in the Maven repository (MAVEN_REPO, default ~/.m2/repository: ./mvnw install),
# python3 and curl. Prints a table and "N passed, N failed"; exits 1 when any spec failed.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/codegen-it/target/public-specs"
MAVEN_REPO="${MAVEN_REPO:-$HOME/.m2/repository}"
SCHEMATHESIS_VERSION="4.32.5"            # the version conformance/run.sh and validator/fuzz/run.sh pin
MAX_EXAMPLES="${MAX_EXAMPLES:-10}"
FUZZ_SECONDS="${FUZZ_SECONDS:-300}"      # per spec
BUILD_SECONDS="${BUILD_SECONDS:-3600}"   # cap on one generated project's Maven build with its tests (header: measured times)
PHASES="${PHASES:-}"                     # schemathesis --phases (examples,coverage,fuzzing,stateful); empty: its default
ALL_SPECS=(petstore3 train-travel museum spotify box openai discord adyen-checkout adyen-transfers lago kratos hydra mastodon qdrant
  xero-files xero-bankfeeds xero-projects twilio-verify frigate petstore2 slack docker)
CI_SPECS=(petstore3 museum spotify)   # permissive licences only (README.md); train-travel is CC BY-NC-SA
JAVA_OPTS=(-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1)
CLI_OPTS=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1)   # the flags docs/codegen.md recommends for the CLI (Speed)

if [[ "${1:-}" == "--ci" ]]; then SPECS=("${CI_SPECS[@]}"); elif [[ $# -gt 0 ]]; then SPECS=("$@"); else SPECS=("${ALL_SPECS[@]}"); fi
CLI="$ROOT/codegen/target/lumen-codegen.jar"
[[ -f "$CLI" ]] || (cd "$ROOT" && ./mvnw -B -q -Dmaven.repo.local="$MAVEN_REPO" -DskipTests install -pl codegen -am)
VENV="$ROOT/validator/target/fuzz-venv"  # shared with conformance/run.sh and validator/fuzz/run.sh
if [[ ! -x "$VENV/bin/schemathesis" ]] || ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
mkdir -p "$OUT"
RESULTS="$OUT/results.txt"
: > "$RESULTS"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

# facts <spec file>: "version|operations|base path|scopes" read from the spec
facts() {
  python3 - "$1" <<'EOF'
import json, sys, urllib.parse
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
import yaml  # schemathesis brings PyYAML into the venv
doc = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
import os
def load(file):
    text = open(file, encoding="utf-8").read()
    return json.loads(text) if file.endswith(".json") else yaml.safe_load(text)
def path_item(item):  # a path item $ref'd from another file (a spec split over files)
    ref = item.get("$ref", "")
    return load(os.path.join(os.path.dirname(path), ref)) if ref and not ref.startswith("#") else item
methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
ops = sum(1 for item in (doc.get("paths") or {}).values() for m in path_item(item) if m in methods)
servers = doc.get("servers") or [{"url": doc.get("basePath") or "/"}]  # Swagger 2.0: basePath
url = servers[0].get("url", "/")
for var, spec in (servers[0].get("variables") or {}).items():  # {hostname}, {port}: their defaults, as Lumen does
    url = url.replace("{%s}" % var, str(spec.get("default", "")))
base = urllib.parse.urlparse(url).path.rstrip("/")
scopes = set()
for scheme in ((doc.get("components") or {}).get("securitySchemes") or {}).values():
    for flow in (scheme.get("flows") or {}).values():
        scopes.update((flow.get("scopes") or {}).keys())
for scheme in (doc.get("securityDefinitions") or {}).values():  # Swagger 2.0
    scopes.update((scheme.get("scopes") or {}).keys())
version = doc.get("openapi") or "swagger " + str(doc.get("swagger"))
print("%s|%d|%s|%s" % (version, ops, base, " ".join(sorted(scopes))))
EOF
}

# schemes <spec file>: one line per security scheme the operations use: "name|kind|in|parameter", kind apiKey,
# basic or bearer (http bearer, oauth2 and openIdConnect: Lumen checks a JWT for each)
schemes() {
  python3 - "$1" <<'EOF'
import json, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
if path.endswith(".json"):
    doc = json.loads(text)
else:
    import yaml
    doc = yaml.safe_load(text)
used = set()
methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
for item in (doc.get("paths") or {}).values():
    ops = [{}] if "$ref" in item else [op for method, op in item.items() if method in methods and isinstance(op, dict)]
    for op in ops:  # a path item in another file (Lago): the document's security
        reqs = op.get("security", doc.get("security")) or []
        if all(reqs):  # an empty alternative ({}) lets anyone in: Lumen enforces nothing there (Qdrant)
            for req in reqs:
                used.update(req.keys())
declared = dict((doc.get("components") or {}).get("securitySchemes") or {})
for name, s in (doc.get("securityDefinitions") or {}).items():  # Swagger 2.0, as Lumen converts them
    declared[name] = {"type": "http", "scheme": "basic"} if s.get("type") == "basic" else s
for name, s in declared.items():
    if name not in used:
        continue
    kind = s.get("type")
    if kind == "apiKey":
        print("%s|apiKey|%s|%s" % (name, s.get("in"), s.get("name")))
    elif kind == "http" and str(s.get("scheme", "")).lower() == "basic":
        print("%s|basic||" % name)
    elif kind in ("oauth2", "openIdConnect") or (kind == "http" and str(s.get("scheme", "")).lower() == "bearer"):
        print("%s|bearer||" % name)
EOF
}

# run_spec <name>: one row in $RESULTS: name|version|operations|generation s|tests|schemathesis|result
run_spec() {
  local name=$1 dir="$OUT/$1" src="$HERE/$1"
  rm -rf "$dir" && mkdir -p "$dir/spec"
  cp -r "$src"/. "$dir/spec/"
  local spec
  spec="$(find "$dir/spec" -maxdepth 1 -name '*.tar.gz' | head -1)"
  if [[ -n "$spec" ]]; then tar -xzf "$spec" -C "$dir/spec" && rm "$spec"; fi   # a spec split over files
  spec="$(find "$dir/spec" -maxdepth 1 -name '*.gz' | head -1)"
  if [[ -n "$spec" ]]; then gunzip "$spec"; fi
  if [[ -f "$dir/spec/ENTRY" ]]; then
    spec="$dir/spec/$(cat "$dir/spec/ENTRY")"   # the file the others are $ref'd from
  else
    spec="$(find "$dir/spec" -maxdepth 1 \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | head -1)"
  fi
  local info version ops base scopes
  info="$(PATH="$VENV/bin:$PATH" facts "$spec")"
  IFS='|' read -r version ops base scopes <<<"$info"
  local project="$dir/project" start end gen
  start=$(date +%s%N)
  if ! java "${CLI_OPTS[@]}" -jar "$CLI" generate -i "$spec" -o "$project" --artifact "$name" --package "com.example.specs.${name//-/}" \
      >"$dir/generate.log" 2>&1; then
    echo "$name|$version|$ops|-|-|-|FAIL: generation ($(tail -1 "$dir/generate.log"))" >>"$RESULTS"; return
  fi
  end=$(date +%s%N)
  gen="$(python3 -c "print('%.1f' % (($end - $start) / 1e9))")"
  local brc=0 bstart bend
  bstart=$(date +%s)
  timeout "$BUILD_SECONDS" "$ROOT/mvnw" -B -o -Dmaven.repo.local="$MAVEN_REPO" -f "$project/pom.xml" verify >"$dir/build.log" 2>&1 || brc=$?
  bend=$(date +%s)
  echo "$name: build and generated tests took $((bend - bstart)) s" >&2
  if [[ $brc -ne 0 ]]; then
    local summary why="build"
    summary="$(grep -E 'Tests run: [0-9]+, Failures' "$dir/build.log" | tail -1 | sed 's/^\[[A-Z]*\] //' || true)"
    if [[ $brc -eq 124 ]]; then why="build stopped after ${BUILD_SECONDS}s (raise BUILD_SECONDS)"; fi
    echo "$name|$version|$ops|$gen|${summary:-build failed}|-|FAIL: $why (see $dir/build.log)" >>"$RESULTS"; return
  fi
  local tests
  tests="$(grep -E 'Tests run: [0-9]+, Failures: 0, Errors: 0' "$dir/build.log" | tail -1 | sed -E 's/.*Tests run: ([0-9]+).*/\1/') (build $((bend - bstart)) s)"
  local port
  port=$(free_port)
  (cd "$project" && SERVER_HTTPPORT=$port SERVER_IP=127.0.0.1 exec java "${JAVA_OPTS[@]}" -Dlight-4j-config-dir=config \
    -jar "target/$name.jar" >"$dir/service.log" 2>&1) &
  local pid=$!
  PIDS+=("$pid")
  local up=no
  for _ in $(seq 1 120); do
    if curl -sf -o /dev/null "http://127.0.0.1:$port/health"; then up=yes; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if [[ $up == no ]]; then
    echo "$name|$version|$ops|$gen|$tests|-|FAIL: did not start (see $dir/service.log)" >>"$RESULTS"; kill "$pid" 2>/dev/null || true; return
  fi
  # The spec's security schemes get credentials made for this run, trusted by the service as the generated
  # security.yml asks (an apiKey's digest and a basic user's hash appended to values.yml; a development key
  # whose certificate the service trusts for JWT schemes), and schemathesis gets them per scheme in a
  # schemathesis.toml ([auth.openapi.<scheme>]), so each operation is sent the credentials of one of its
  # own requirements: global headers cannot, when two schemes share a header (Discord's bot token and its
  # OAuth2 bearer token are both `Authorization`), and had no place for an API key in the query.
  local auth=() toml="$dir/schemathesis.toml" jwt=no
  : >"$toml"
  while IFS='|' read -r sname skind sin sparam; do
    [[ -n "$sname" ]] || continue
    local key="security.schemes.${sname//[^A-Za-z0-9_-]/_}"
    printf '[auth.openapi."%s"]\n' "$sname" >>"$toml"
    case "$skind" in
      apiKey)
        local made apikey stored
        made="$(java -cp "$project/target/$name.jar" io.lumen.security.password.HashTool apikey)"
        apikey="$(sed -n 's/^key: *//p' <<<"$made")"; stored="$(sed -n 's/^stored: *//p' <<<"$made")"
        echo "$key.apiKeys: ['$stored']" >>"$project/config/values.yml"
        printf 'api_key = "%s"\n' "$apikey" >>"$toml" ;;
      basic)
        local hash
        hash="$(echo suite-password | java -cp "$project/target/$name.jar" io.lumen.security.password.HashTool bcrypt 4)"
        echo "$key.users: [{username: suite, password: '$hash'}]" >>"$project/config/values.yml"
        printf 'username = "suite"\npassword = "suite-password"\n' >>"$toml" ;;
      bearer)
        if [[ $jwt == no ]]; then
          # a development key, as the generated README shows, trusted by this run only
          java -cp "$project/target/$name.jar" io.lumen.security.tool.DevTokens keygen --dir "$dir/keys" --kid suite >/dev/null
          jwt="$(java -cp "$project/target/$name.jar" io.lumen.security.tool.DevTokens token --key "$dir/keys/dev-only/suite.key.pem" \
            --kid suite --scope "$scopes" --iss https://lumen.dev/issuer --aud "$name" --ttl 3600)"
        fi
        printf 'bearer = "%s"\n' "$jwt" >>"$toml" ;;
    esac
  done < <(PATH="$VENV/bin:$PATH" schemes "$spec")
  if [[ -s "$toml" ]]; then auth=(--config-file "$toml"); fi
  if [[ ${#auth[@]} -gt 0 ]]; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
    local trust=()
    if [[ -f "$dir/keys/suite.crt" ]]; then cp "$dir/keys/suite.crt" "$project/config/"; trust=(SECURITY_CERTIFICATE="suite=suite.crt"); fi
    (cd "$project" && exec env SERVER_HTTPPORT=$port SERVER_IP=127.0.0.1 "${trust[@]}" java "${JAVA_OPTS[@]}" \
      -Dlight-4j-config-dir=config -jar "target/$name.jar" >"$dir/service.log" 2>&1) &
    pid=$!
    PIDS+=("$pid")
    for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/health" && break; sleep 0.5; done
  fi
  set +e
  # at the cap schemathesis gets SIGINT (Ctrl-C), so it still prints what it found (SIGTERM would lose it)
  (cd "$dir" && timeout -s INT -k 60 "$FUZZ_SECONDS" "$VENV/bin/schemathesis" "${auth[@]}" run "$spec" --url "http://127.0.0.1:$port$base" \
    --checks not_a_server_error,response_schema_conformance --max-examples "$MAX_EXAMPLES" --generation-deterministic \
    --request-timeout 10 --workers 1 --no-color ${PHASES:+--phases "$PHASES"} >"$dir/schemathesis.log" 2>&1)
  local rc=$?
  set -e
  kill "$pid" 2>/dev/null || true
  local fuzz
  fuzz="$(grep -E 'generated, ' "$dir/schemathesis.log" | tail -1 | xargs || true)"
  if [[ $rc -eq 124 ]]; then fuzz="stopped after ${FUZZ_SECONDS}s${fuzz:+: $fuzz}"; fi
  if [[ $rc -eq 0 ]]; then
    echo "$name|$version|$ops|$gen|$tests|${fuzz:-passed}|PASS" >>"$RESULTS"
  else
    local failures
    failures="$(grep -cE '^_+ .+ _+$' "$dir/schemathesis.log" || true)"
    echo "$name|$version|$ops|$gen|$tests|${fuzz:-exit $rc}; $failures operation(s) failing|FAIL: schemathesis (see $dir/schemathesis.log)" >>"$RESULTS"
  fi
}

for spec in "${SPECS[@]}"; do
  echo "== $spec" >&2
  run_spec "$spec"
done

python3 - "$RESULTS" <<'EOF'
import sys
rows = [line.rstrip("\n").split("|", 6) for line in open(sys.argv[1]) if line.strip()]
print("| spec | OpenAPI | operations | generation (s) | generated tests passed | schemathesis | result |")
print("|---|---|---|---|---|---|---|")
for row in rows:
    print("| " + " | ".join(row) + " |")
passed = sum(1 for r in rows if r[6] == "PASS")
print("%d passed, %d failed" % (passed, len(rows) - passed))
sys.exit(0 if passed == len(rows) else 1)
EOF
