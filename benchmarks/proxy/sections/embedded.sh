# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/sections/embedded.sh (sourced by proxy/run.sh; SECTIONS=embedded): Lumen
# config/proxy/embedded (OpenAPI chain + JWT + proxy) against light-4j with the same
# middleware before LightProxyHandler; GET /v1/pets?limit=10 with a token.

section_embedded() {
  new_section embedded '/v1/pets?limit=10' "${MODE_LIST[@]}"
  use_backend backend start_undertow backend false
  local c
  for c in $EMBEDDED_CONTENDERS; do
    case "$c" in
      lumen)
        mint "$LUMEN_TOKEN_KEY" "$LUMEN_TOKEN_KID" "$RUN_DIR/token-lumen.txt"
        C_TOKEN[lumen]="$RUN_DIR/token-lumen.txt"
        start_lumen lumen "Lumen proxy, $LUMEN_EMBEDDED_CONFIG" "$LUMEN_EMBEDDED_CONFIG" "$LUMEN_EMBEDDED_READY" 0;;
      light4j)
        mint "$BENCH_PEER_KEY" l4jkid "$RUN_DIR/token-light4j.txt"
        C_TOKEN[light4j]="$RUN_DIR/token-light4j.txt"
        start_light4j light4j "light-4j 2.3.3 ingress proxy + chain" proxy-embedded-config /health;;
    esac
    SEC_IDS+=("$c")
  done
  for c in "${SEC_IDS[@]}"; do
    check_reference "$c" -H "Authorization: Bearer $(cat "${C_TOKEN[$c]}")"
    expect_status "$c" "$SEC_PATH" 401 "no token (security runs)"
    expect_status "$c" '/v1/pets?limit=101' 400 "limit=101 (validator runs)" -H "Authorization: Bearer $(cat "${C_TOKEN[$c]}")"
  done
  finish_section "embedded: OpenAPI chain with JWT + proxy, in front of undertow-baseline" lumen/light4j
}
