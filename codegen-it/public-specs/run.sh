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
PHASES="${PHASES:-}"                     # schemathesis --phases (examples,coverage,fuzzing,stateful); empty: its default
ALL_SPECS=(petstore3 train-travel museum spotify box openai discord adyen-checkout adyen-transfers lago kratos hydra mastodon qdrant)
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
servers = doc.get("servers") or [{"url": "/"}]
url = servers[0].get("url", "/")
for var, spec in (servers[0].get("variables") or {}).items():  # {hostname}, {port}: their defaults, as Lumen does
    url = url.replace("{%s}" % var, str(spec.get("default", "")))
base = urllib.parse.urlparse(url).path.rstrip("/")
scopes = set()
for scheme in ((doc.get("components") or {}).get("securitySchemes") or {}).values():
    for flow in (scheme.get("flows") or {}).values():
        scopes.update((flow.get("scopes") or {}).keys())
print("%s|%d|%s|%s" % (doc.get("openapi"), ops, base, " ".join(sorted(scopes))))
EOF
}

# schemes <spec file>: one line per apiKey or http basic scheme the operations use: "name|kind|in|parameter"
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
for req in doc.get("security") or []:
    used.update(req.keys())
for item in (doc.get("paths") or {}).values():
    for op in item.values():
        if isinstance(op, dict):
            for req in op.get("security") or []:
                used.update(req.keys())
for name, s in ((doc.get("components") or {}).get("securitySchemes") or {}).items():
    if name not in used:
        continue
    if s.get("type") == "apiKey":
        print("%s|apiKey|%s|%s" % (name, s.get("in"), s.get("name")))
    elif s.get("type") == "http" and str(s.get("scheme", "")).lower() == "basic":
        print("%s|basic||" % name)
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
  if ! timeout 900 "$ROOT/mvnw" -B -o -Dmaven.repo.local="$MAVEN_REPO" -f "$project/pom.xml" verify >"$dir/build.log" 2>&1; then
    local summary
    summary="$(grep -E 'Tests run: [0-9]+, Failures' "$dir/build.log" | tail -1 | sed 's/^\[[A-Z]*\] //' || true)"
    echo "$name|$version|$ops|$gen|${summary:-build failed}|-|FAIL: build (see $dir/build.log)" >>"$RESULTS"; return
  fi
  local tests
  tests="$(grep -E 'Tests run: [0-9]+, Failures: 0, Errors: 0' "$dir/build.log" | tail -1 | sed -E 's/.*Tests run: ([0-9]+).*/\1/')"
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
  local auth=()
  # the spec's apiKey and http basic schemes: a key and a password for this run, their digest and hash
  # in values.yml as the generated security.yml asks; schemathesis sends the key where the spec says
  # and the password as HTTP Basic (a spec with both basic and JWT schemes gets the Basic credentials)
  local basic=no
  while IFS='|' read -r sname skind sin sparam; do
    [[ -n "$sname" ]] || continue
    local key="security.schemes.${sname//[^A-Za-z0-9_-]/_}"
    if [[ $skind == apiKey ]]; then
      local made apikey stored
      made="$(java -cp "$project/target/$name.jar" io.lumen.security.password.HashTool apikey)"
      apikey="$(sed -n 's/^key: *//p' <<<"$made")"; stored="$(sed -n 's/^stored: *//p' <<<"$made")"
      echo "$key.apiKeys: ['$stored']" >>"$project/config/values.yml"
      case "$sin" in
        header) auth+=(--header "$sparam: $apikey") ;;
        cookie) auth+=(--header "Cookie: $sparam=$apikey") ;;
        *) echo "$name: schemathesis has no option for an API key in the $sin; operations that need it get 401" >&2 ;;
      esac
    else
      local hash
      hash="$(echo suite-password | java -cp "$project/target/$name.jar" io.lumen.security.password.HashTool bcrypt 4)"
      echo "$key.users: [{username: suite, password: '$hash'}]" >>"$project/config/values.yml"
      basic=yes
    fi
  done < <(PATH="$VENV/bin:$PATH" schemes "$spec")
  if [[ $basic == yes ]]; then auth+=(--auth suite:suite-password); fi
  if [[ $basic == no ]] && { grep -q 'security' "$project/config/values.yml" 2>/dev/null || [[ -f "$project/config/security.yml" ]]; }; then
    # a development key, as the generated README shows, trusted by this run only
    java -cp "$project/target/$name.jar" io.lumen.security.tool.DevTokens keygen --dir "$dir/keys" --kid suite >/dev/null
    local token
    token="$(java -cp "$project/target/$name.jar" io.lumen.security.tool.DevTokens token --key "$dir/keys/dev-only/suite.key.pem" \
      --kid suite --scope "$scopes" --iss https://lumen.dev/issuer --aud "$name" --ttl 3600)"
    auth+=(--header "Authorization: Bearer $token")
  fi
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
  (cd "$dir" && timeout "$FUZZ_SECONDS" "$VENV/bin/schemathesis" run "$spec" --url "http://127.0.0.1:$port$base" "${auth[@]}" \
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
