# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/sections/h2up.sh (sourced by proxy/run.sh; SECTIONS=h2up): Lumen with an HTTP/1.1 upstream
# against Lumen with an HTTP/2 (h2c) upstream.

section_h2up() {
  new_section h2up /v1/pets "${MODE_LIST[@]}"
  use_backend backend start_undertow backend true
  local c want
  for c in $H2UP_CONTENDERS; do
    case "$c" in
      lumen-h1) start_lumen lumen-h1 "Lumen proxy, HTTP/1.1 upstream" "$LUMEN_HTTP_CONFIG" /v1/pets 0 PROXY_HTTP2ENABLED=false;;
      lumen-h2) start_lumen lumen-h2 "Lumen proxy, HTTP/2 upstream (h2c)" "$LUMEN_HTTP_CONFIG" /v1/pets 0 PROXY_HTTP2ENABLED=true;;
    esac
    SEC_IDS+=("$c")
  done
  for c in "${SEC_IDS[@]}"; do
    check_reference "$c"
    # the backend answers /protocol with the HTTP version the proxy used towards it
    want=HTTP/1.1; [[ "$c" == lumen-h2 ]] && want=HTTP/2.0
    fetch "$c" /protocol
    [[ "$HTTP_STATUS" == 200 && "$HTTP_BODY" == "$want" ]] \
      || bench_die "[$SEC] ${C_LABEL[$c]}: the backend saw '$HTTP_BODY' (status $HTTP_STATUS) on /protocol, expected $want (an old undertow-baseline jar without /protocol answers 404: rebuild it)"
    bench_log "[$SEC] ${C_LABEL[$c]}: upstream protocol $HTTP_BODY"
  done
  finish_section "h2up: Lumen with an HTTP/1.1 vs an HTTP/2 (h2c) upstream, undertow-baseline HTTP2=true" lumen-h2/lumen-h1
}
