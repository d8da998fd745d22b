# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/lib/report.sh: a section's part of summary.md (sourced by proxy/run.sh): the contenders, a
# table per load mode, the ratios, and Lumen's ratios collected for the last line (HEADLINE_KV).

good_values() {  # good_values <array> <mode> <id>: the values of the clean runs, one a line
  local -n arr="$1"
  local r k
  for (( r = 1; r <= ROUNDS; r++ )); do
    k="$SEC|$2|$3|$r"
    [[ "${OK[$k]:-0}" == 1 && "${arr[$k]:-NA}" != NA ]] && printf '%s\n' "${arr[$k]}"
  done
  return 0
}
median_of() { local v; mapfile -t v < <(good_values "$@"); bench_median "${v[@]}"; }

mode_title() {
  case "$1" in
    plain) echo "wrk, no pipelining";;
    pipeline) echo "wrk, pipeline $PIPELINE";;
    h2) echo "h2load, h2c prior knowledge, $H2_CLIENTS connections x $H2_STREAMS streams";;
    rate) echo "h2load --h1, open loop: $CONNECTIONS connections x $RATE req/s = $(( CONNECTIONS * RATE )) req/s offered to every contender";;
  esac
}

# report_section <title> <ratio pairs "a/b" ...>: appends the section to the summary.
report_section() {
  local title="$1"; shift
  local mode id v mn mx med r k a b pair ma mb cr lr rr lines=() ratio_rows=()
  {
    echo "## $title"
    echo
    echo "Request: \`GET $SEC_PATH\`$([[ -n "${C_TOKEN[${SEC_IDS[0]}]:-}" ]] && echo " with \`Authorization: Bearer <token>\`"). Load average (1, 5, 15 min) at the first round: ${LOAD_START[$SEC]}; after the last: ${LOAD_END[$SEC]}."
    echo
    echo "| contender | port | launched as | RSS after load (MiB) |"
    echo "|---|---:|---|---:|"
    for id in "${SEC_ALL[@]}"; do
      # shellcheck disable=SC2016  # the backquotes are Markdown
      printf '| %s | %s | `%s` | %s |\n' "${C_LABEL[$id]}" "${C_PORT[$id]}" "${C_CMD[$id]}" \
        "$(bench_fmt '%.1f' "$(bench_calc "${C_RSS[$SEC:$id]:-0}/1024")")"
    done
    for mode in "${SEC_MODES[@]}"; do
      load_cmd "${SEC_IDS[0]}" "$mode" "$DURATION" show
      echo
      echo "### $(mode_title "$mode")"
      echo
      echo "Load: \`${LOAD[*]}\` (port and token file per contender)."
      echo
      echo "| contender | median req/s | min - max | spread | $([[ "$mode" == h2 ]] && echo "mean latency median (ms)" || echo "p99 median (ms)") | CPU µs/request | backend CPU µs/request | req/s per round | errors |"
      echo "|---|---:|---:|---:|---:|---:|---:|---|---:|"
      for id in "${SEC_IDS[@]}"; do
        mapfile -t v < <(good_values RPS "$mode" "$id")
        lines=()
        for (( r = 1; r <= ROUNDS; r++ )); do
          k="$SEC|$mode|$id|$r"
          if [[ "${OK[$k]:-0}" == 1 ]]; then lines+=("$(bench_fmt '%.0f' "${RPS[$k]}")"); else lines+=("FAILED"); fi
        done
        if (( ${#v[@]} > 0 )); then
          med="$(bench_median "${v[@]}")"; mn="$(bench_min "${v[@]}")"; mx="$(bench_max "${v[@]}")"
          printf '| %s | %s | %s - %s | %s%% | %s | %s | %s | %s | %s |\n' "${C_LABEL[$id]}" "$(bench_fmt '%.0f' "$med")" \
            "$(bench_fmt '%.0f' "$mn")" "$(bench_fmt '%.0f' "$mx")" \
            "$(bench_fmt '%.1f' "$(bench_calc "($mx-$mn)*100/$med")")" \
            "$(bench_fmt '%.2f' "$(median_of LAT "$mode" "$id")")" \
            "$(bench_fmt '%.1f' "$(median_of CPU "$mode" "$id")")" "$(bench_fmt '%.1f' "$(median_of BCPU "$mode" "$id")")" \
            "${lines[*]}" "${ERRSUM[$SEC|$mode|$id]:-0}"
        else
          printf '| %s | NA | NA | NA | NA | NA | NA | %s | %s |\n' "${C_LABEL[$id]}" "${lines[*]}" "${ERRSUM[$SEC|$mode|$id]:-0}"
        fi
      done
    done
    ratio_rows=()
    for pair in "$@"; do
      a="${pair%/*}"; b="${pair#*/}"
      if ! in_list "$a" "${SEC_IDS[*]}" || ! in_list "$b" "${SEC_IDS[*]}"; then continue; fi
      for mode in "${SEC_MODES[@]}"; do
        rr=()
        for (( r = 1; r <= ROUNDS; r++ )); do
          if [[ "${OK[$SEC|$mode|$a|$r]:-0}" == 1 && "${OK[$SEC|$mode|$b|$r]:-0}" == 1 ]]; then
            rr+=("$(bench_calc "${RPS[$SEC|$mode|$a|$r]}/${RPS[$SEC|$mode|$b|$r]}")")
          fi
        done
        ma="$(median_of RPS "$mode" "$a")"; mb="$(median_of RPS "$mode" "$b")"
        cr="$(bench_fmt '%.3f' "$(bench_div "$(median_of CPU "$mode" "$a")" "$(median_of CPU "$mode" "$b")")")"
        lr="$(bench_fmt '%.3f' "$(bench_div "$(median_of LAT "$mode" "$a")" "$(median_of LAT "$mode" "$b")")")"
        if [[ "$ma" == NA || "$mb" == NA || ${#rr[@]} -eq 0 ]]; then
          ratio_rows+=("| ${C_LABEL[$a]} / ${C_LABEL[$b]} | $mode | NA | NA | $lr | $cr |")
        else
          ratio_rows+=("$(printf '| %s / %s | %s | %s | %s - %s | %s | %s |' "${C_LABEL[$a]}" "${C_LABEL[$b]}" "$mode" \
            "$(bench_fmt '%.3f' "$(bench_calc "$ma/$mb")")" \
            "$(bench_fmt '%.3f' "$(bench_min "${rr[@]}")")" "$(bench_fmt '%.3f' "$(bench_max "${rr[@]}")")" "$lr" "$cr")")
        fi
        if [[ "$a" == lumen* ]]; then
          HEADLINE+=("| $SEC | ${ratio_rows[-1]#| }")
          HEADLINE_KV+=("${SEC}_${mode}_${a//-/_}_vs_${b//-/_}=$( if [[ "$ma" == NA || "$mb" == NA || ${#rr[@]} -eq 0 ]]; then echo NA; else bench_fmt '%.3f' "$(bench_calc "$ma/$mb")"; fi)")
          HEADLINE_KV+=("${SEC}_${mode}_${a//-/_}_vs_${b//-/_}_$([[ "$mode" == h2 ]] && echo mean_latency || echo p99)=$lr")
        fi
      done
    done
    if (( ${#ratio_rows[@]} > 0 )); then
      echo
      echo "### Ratios (req/s)"
      echo
      echo "Latency: the first contender's median p99 (h2: mean latency) over the second's (below 1: faster). CPU/request: the first contender's median CPU microseconds per request over the second's (below 1: cheaper)."
      echo
      echo "| ratio | mode | median / median | per-round range | latency | CPU/request |"
      echo "|---|---|---:|---:|---:|---:|"
      printf '%s\n' "${ratio_rows[@]}"
    fi
    echo
  } >>"$SUMMARY"
}

# trim_logs: server logs and light-4j audit files can grow to hundreds of MiB in a run.
trim_logs() {
  [[ "$KEEP_LOGS" == 1 ]] && return 0
  local f
  while IFS= read -r -d '' f; do
    if (( $(stat -c %s "$f") > 1048576 )); then
      { head -n 40 "$f"; echo "... (trimmed by run.sh; KEEP_LOGS=1 keeps whole logs) ..."; tail -n 40 "$f"; } >"$f.trimmed"
      mv "$f.trimmed" "$f"
    fi
  done < <(find "$RUN_DIR" -type f \( -name 'server-*.log' -o -name '*audit*.log' \) -print0)
}

