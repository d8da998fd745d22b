# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/sections/front.sh (sourced by proxy/run.sh; SECTIONS=front): the backend alone
# (undertow-baseline), then Lumen, nginx, HAProxy and light-4j in front of it.

section_front() {
  new_section front /v1/pets "${MODE_LIST[@]}"
  use_backend backend start_undertow backend false
  if in_list backend "$FRONT_CONTENDERS"; then SEC_IDS+=(backend); fi
  add_proxies "$FRONT_CONTENDERS" 0
  for id in "${SEC_ALL[@]}"; do check_reference "$id"; done
  finish_section "front: proxies in front of undertow-baseline (HTTP/1.1 both sides)" \
    lumen/nginx lumen/haproxy lumen/light4j lumen/backend nginx/backend haproxy/backend light4j/backend
}
