# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/sections/spring.sh (sourced by proxy/run.sh; SECTIONS=spring): a Spring Boot 3.5 backend
# alone against the proxies in front of it.

section_spring() {
  new_section spring /v1/pets "${MODE_LIST[@]}"
  use_backend spring start_spring
  if in_list spring "$SPRING_CONTENDERS"; then SEC_IDS+=(spring); fi
  add_proxies "$SPRING_CONTENDERS" 0
  for id in "${SEC_ALL[@]}"; do check_reference "$id"; done
  finish_section "spring: Spring Boot 3.5 backend alone and behind the proxies" \
    lumen/spring nginx/spring haproxy/spring light4j/spring lumen/nginx lumen/haproxy lumen/light4j
}
