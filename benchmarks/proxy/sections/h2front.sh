# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/sections/h2front.sh (sourced by proxy/run.sh; SECTIONS=h2front): h2load (h2c, prior
# knowledge) against Lumen, nginx and HAProxy as HTTP/2 fronts.

section_h2front() {
  new_section h2front /v1/pets h2
  local backend_h2=false
  if in_list backend "$H2FRONT_CONTENDERS"; then backend_h2=true; fi
  use_backend backend start_undertow backend "$backend_h2"
  if [[ "$backend_h2" == true ]]; then SEC_IDS+=(backend); C_H2[backend]=1; fi
  add_proxies "$H2FRONT_CONTENDERS" 1
  for id in "${SEC_IDS[@]}"; do check_reference "$id"; done
  finish_section "h2front: HTTP/2 (h2c) fronts, HTTP/1.1 to undertow-baseline" lumen/nginx lumen/haproxy lumen/backend nginx/backend haproxy/backend
}
