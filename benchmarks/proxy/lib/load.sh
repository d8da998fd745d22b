# shellcheck shell=bash disable=SC2154,SC2034  # globals shared with proxy/run.sh and the other parts
# proxy/lib/load.sh: the load runs of a section (sourced by proxy/run.sh): which command each mode
# runs, one bounded run with its figures, and the warm-up and rounds of a section.

# load_cmd <id> <mode> <duration> [show]: fills LOAD with the wrk / h2load command line (for wrk,
# WRK_ARGS holds what follows bench_wrk's common options); with "show", for printing: placeholders
# instead of the token text and the run's log file.
load_cmd() {
  local id="$1" mode="$2" d="$3" base="http://127.0.0.1:${C_PORT[$1]}" tok="${C_TOKEN[$1]:-}"
  local show="${4:-}" log auth
  case "$mode" in
    plain|pipeline)
      local depth=1; [[ "$mode" == pipeline ]] && depth="$PIPELINE"
      if [[ -n "$tok" ]]; then
        WRK_ARGS=(-s "$AUTH_LUA" "$base" -- "$SEC_PATH" "$depth" "$tok")
      elif [[ "$mode" == pipeline ]]; then
        WRK_ARGS=(-s "$PIPELINE_LUA" "$base" -- "$SEC_PATH" "$PIPELINE")
      else
        WRK_ARGS=("$base$SEC_PATH")
      fi
      bench_wrk_cmd "$d" "${WRK_ARGS[@]}"
      LOAD=("${BENCH_WRK[@]}");;
    rate)   # one latency per request in LOAD_LOG (h2load's log: start, status, duration in us)
      log="$LOAD_LOG"; auth=""
      if [[ -n "$tok" ]]; then auth="Authorization: Bearer $(cat "$tok")"; fi
      if [[ "$show" == show ]]; then
        log="<round file>.requests.tsv"
        if [[ -n "$tok" ]]; then auth="Authorization: Bearer <token file's text>"; fi
      fi
      LOAD=(h2load --h1 "-t$THREADS" "-c$CONNECTIONS" "--rps=$RATE" -D "$d" "--log-file=$log")
      if [[ -n "$auth" ]]; then LOAD+=(-H "$auth"); fi
      LOAD+=("$base$SEC_PATH");;
    h2)
      LOAD=(h2load "-t$H2_THREADS" "-c$H2_CLIENTS" "-m$H2_STREAMS" -D "$d" "$base$SEC_PATH");;
  esac
}
LOAD_LOG=/dev/null

# run_load <id> <mode> <duration> <file>: one bounded run; sets L_RPS L_LAT L_ERR L_OK (1 = clean).
# Also sets L_CPU and L_BCPU: CPU microseconds per request of the contender's processes and of the
# section's backend (NA when the contender is the backend itself).
run_load() {
  local id="$1" mode="$2" d="$3" f="$4" rc=0 ndone reqs c0 c1 b0=NA b1=NA
  local bpid="${C_PID[${BACKEND_ID:-}]:-}"
  [[ "$bpid" == "${C_PID[$id]}" ]] && bpid=""
  LOAD_LOG="${f%.txt}.requests.tsv"
  load_cmd "$id" "$mode" "$d"
  c0="$(bench_cpu_ticks "${C_PID[$id]}")"; [[ -n "$bpid" ]] && b0="$(bench_cpu_ticks "$bpid")"
  if [[ "$mode" == h2 || "$mode" == rate ]]; then
    timeout $(( d + 30 )) "${LOAD[@]}" >"$f" 2>&1 || rc=$?
  else
    bench_wrk "$f" "$d" "${WRK_ARGS[@]}" || rc=$?
  fi
  c1="$(bench_cpu_ticks "${C_PID[$id]}")"; [[ -n "$bpid" ]] && b1="$(bench_cpu_ticks "$bpid")"
  bench_alive "${C_PID[$id]}" "[$SEC] ${C_LABEL[$id]}" "$RUN_DIR/server-$SEC-$id.log"
  L_OK=1
  if [[ "$mode" == h2 || "$mode" == rate ]]; then
    read -r L_RPS L_LAT L_ERR ndone < <(bench_h2load_parse "$f")
    (( ndone > 0 )) || L_OK=0
    reqs="$ndone"
    if [[ "$mode" == rate ]]; then
      L_LAT="$(bench_h2load_p99 "$LOAD_LOG")"
      gzip -f "$LOAD_LOG"   # 300K+ lines a run; kept for other percentiles (zcat)
    fi
  else
    # W_P99 is NA when wrk 4.1.0 printed its "99% 0.00us" glitch (see bench_wrk)
    # shellcheck disable=SC2153  # the W_* figures are bench_wrk's
    L_RPS="$W_RPS"; L_LAT="$W_P99"; L_ERR="$W_ERRORS"; reqs="$W_REQUESTS"
    (( reqs > 0 )) || L_OK=0
  fi
  if (( rc != 0 )) || [[ "$L_RPS" == NA ]] || (( L_ERR > 0 )); then L_OK=0; fi
  L_CPU="$(bench_cpu_us_per_req "$c0" "$c1" "$reqs")"
  L_BCPU="$(bench_cpu_us_per_req "$b0" "$b1" "$reqs")"
  if (( L_OK == 0 )); then
    bench_log "[$SEC] FAILED RUN: ${C_LABEL[$id]} $mode: exit $rc, $L_ERR errors (non-2xx/socket errors/failed streams), req/s $L_RPS ($f)"
    sed -n '1,40p' "$f" >&2
  fi
}

# measure: one warm-up per (contender, mode), discarded; then ROUNDS rounds; in each round every
# mode, and within a mode every contender, in rotated order when ORDER=rotate.
declare -A LOAD_START=() LOAD_END=()
# the figures of every measured run, keyed <section>|<mode>|<contender>|<round> (ERRSUM without the round)
declare -A RPS=() LAT=() OK=() ERRSUM=() CPU=() BCPU=()
measure() {
  local id mode r k f
  (( ${#SEC_IDS[@]} > 0 )) || bench_die "[$SEC] no contender selected (see ${SEC^^}_CONTENDERS)"
  for mode in "${SEC_MODES[@]}"; do
    for id in "${SEC_IDS[@]}"; do
      bench_log "[$SEC] warm-up ${C_LABEL[$id]} $mode (${WARMUP_DURATION}s, discarded)"
      run_load "$id" "$mode" "$WARMUP_DURATION" "$RUN_DIR/$SEC-$mode-$id-warmup.txt"
      if (( L_OK == 0 )); then WARMUP_ISSUES+=("$SEC $mode ${C_LABEL[$id]}: $L_ERR errors, $L_RPS req/s ($SEC-$mode-$id-warmup.txt)"); fi
      sleep "$COOLDOWN"
    done
  done
  LOAD_START[$SEC]="$(bench_loadavg)"
  for (( r = 1; r <= ROUNDS; r++ )); do
    BENCH_ORDER=("${SEC_IDS[@]}")
    if [[ "$ORDER" == rotate ]]; then bench_rotate $(( r - 1 )) "${SEC_IDS[@]}"; fi
    for mode in "${SEC_MODES[@]}"; do
      for id in "${BENCH_ORDER[@]}"; do
        f="$RUN_DIR/$SEC-$mode-$id-round$r.txt"
        if (( REWARM > 0 )); then   # discarded; see REWARM
          run_load "$id" "$mode" "$REWARM" "$RUN_DIR/$SEC-$mode-$id-round$r-rewarm.txt" >/dev/null 2>&1 || true
        fi
        run_load "$id" "$mode" "$DURATION" "$f"
        k="$SEC|$mode|$id|$r"
        # shellcheck disable=SC2034  # LAT is read through the nameref in good_values
        { RPS[$k]="$L_RPS"; LAT[$k]="$L_LAT"; OK[$k]="$L_OK"; CPU[$k]="$L_CPU"; BCPU[$k]="$L_BCPU"; }
        ERRSUM[$SEC|$mode|$id]=$(( ${ERRSUM[$SEC|$mode|$id]:-0} + L_ERR ))
        if (( L_OK == 0 )); then FAILED_RUNS+=("$SEC $mode ${C_LABEL[$id]} round $r: $L_ERR errors (${f#"$BENCH_DIR"/})"); fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$SEC" "$mode" "$id" "$r" "$L_RPS" "$L_LAT" "$L_ERR" "$L_OK" "${f#"$RUN_DIR"/}" >>"$RESULTS"
        bench_log "[$SEC] round $r/$ROUNDS $mode ${C_LABEL[$id]}: $L_RPS req/s, $([[ "$mode" == h2 ]] && echo mean || echo p99) ${L_LAT} ms, errors $L_ERR, CPU/request ${L_CPU} us (backend ${L_BCPU} us)"
        sleep "$COOLDOWN"
      done
    done
  done
  LOAD_END[$SEC]="$(bench_loadavg)"
}
