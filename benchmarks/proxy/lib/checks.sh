# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/lib/checks.sh: the checks before measuring (sourced by proxy/run.sh): every contender of a
# section answers the reference, and the embedded chains really verify tokens and validate.

# fetch_args <id>: fills FETCH with the headers file and curl options for contender <id> (h2c prior
# knowledge for an HTTP/2 front).
fetch_args() {
  FETCH=("$RUN_DIR/headers-$SEC-$1.txt")
  if [[ "${C_H2[$1]}" == 1 ]]; then FETCH+=(--http2-prior-knowledge); fi
}
# fetch <id> <path> [curl args...]: bench_http on the contender (HTTP_STATUS, HTTP_BODY, ...).
fetch() {
  local id="$1" path="$2"; shift 2
  fetch_args "$id"
  bench_http "${FETCH[@]}" "$@" "http://127.0.0.1:${C_PORT[$id]}$path" || bench_die "[$SEC] ${C_LABEL[$id]}: GET $path failed"
}
# check_reference <id> [curl args...]: 200, the reference body and media type on SEC_PATH (over
# HTTP/2 for an HTTP/2 front).
check_reference() {
  local id="$1"; shift
  fetch_args "$id"
  bench_expect_reference "[$SEC] ${C_LABEL[$id]} GET $SEC_PATH" "${FETCH[@]}" "$@" "http://127.0.0.1:${C_PORT[$id]}$SEC_PATH"
  if [[ "${C_H2[$id]}" == 1 && "$HTTP_PROTO" != 2* ]]; then
    bench_die "[$SEC] ${C_LABEL[$id]} answered over HTTP/$HTTP_PROTO, expected HTTP/2"
  fi
  bench_log "[$SEC] ${C_LABEL[$id]}: 200, reference body and Content-Type (HTTP/$HTTP_PROTO)"
}
# expect_status <id> <path> <status> <what> [curl args...]
expect_status() {
  local id="$1" path="$2" want="$3" what="$4"; shift 4
  fetch_args "$id"
  bench_expect "[$SEC] ${C_LABEL[$id]}: $what" "$want" "${FETCH[@]}" "$@" "http://127.0.0.1:${C_PORT[$id]}$path"
  bench_log "[$SEC] ${C_LABEL[$id]}: $what -> $HTTP_STATUS as expected"
}
