#!/usr/bin/env bash
# Times the stages of a script and ends it with a table: each stage, its wall time, what became of
# it, and the total. Sourced by setup.sh (so test.sh and serve.sh have it too).
#
#   stage NAME CMD ARGS...    runs CMD as the stage NAME, in the foreground, and times it
#   stage_bg NAME CMD ARGS... starts CMD as the stage NAME in the background (its output goes
#                             to a log printed when it is joined), so a build can run beside it
#   stage_join NAME           waits for a background stage; a failure fails the script here
#   stage_pause NAME          stops a background stage and all it started (SIGSTOP) ...
#   stage_resume NAME         ... and lets it go on (SIGCONT)
#   stage_note NAME SECONDS   adds a row measured elsewhere (an install skipped shows "present")
#   timed LABEL CMD ARGS...   runs one step of a stage and says in its row how long it took
#   counted CMD ARGS...       runs a cargo test command and says in its row how many tests passed
#   counted_e2e LABEL FILES... runs end-to-end suites (node:test, in tests/) and says the same
#
# The table is printed when the script exits, pass or fail, so a failing run still says where the
# time went and which stage failed. STAGE_TABLE=FILE also writes it to FILE (as tab-separated
# values: name, seconds, result).

STAGE_T0="${STAGE_T0:-$(date +%s.%N)}"
STAGE_ROWS=()        # "name<TAB>seconds<TAB>result"
STAGE_CURRENT=""     # the foreground stage running now, for a failure's row
STAGE_CURRENT_T0=""
declare -A STAGE_BG_PID=() STAGE_BG_T0=() STAGE_BG_LOG=()

stage_now() { date +%s.%N; }
stage_secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
stage_row() { STAGE_ROWS+=("$1"$'\t'"$2"$'\t'"$3"); }

# What a stage's command has to say in its row (a count of tests) goes to the file
# $STAGE_NOTE_FILE, one per stage, so a background stage can say it too.
stage_note_of() {
  local text=""
  [ -f "$1" ] && text="$(paste -sd ';' "$1" | sed 's/;/; /g')"
  rm -f "$1"
  echo "${text:+, $text}"
}

stage() {
  local name="$1"
  shift
  printf '\033[1m==> %s\033[0m\n' "$name"
  STAGE_CURRENT="$name"
  STAGE_CURRENT_T0="$(stage_now)"
  STAGE_NOTE_FILE="$(mktemp -t stage.XXXXXX.note)"
  export STAGE_NOTE_FILE
  "$@"
  stage_row "$name" "$(stage_secs "$STAGE_CURRENT_T0" "$(stage_now)")" "ok$(stage_note_of "$STAGE_NOTE_FILE")"
  STAGE_CURRENT=""
}

stage_bg() {
  local name="$1"
  shift
  local log
  log="$(mktemp -t stage.XXXXXX.log)"
  printf '\033[1m==> %s (in the background)\033[0m\n' "$name"
  STAGE_BG_T0[$name]="$(stage_now)"
  STAGE_BG_LOG[$name]="$log"
  # The end time is written by the job itself, so a join long after it finished still times it.
  ( set +e; export STAGE_NOTE_FILE="$log.note"; "$@" >"$log" 2>&1; rc=$?; stage_now >"$log.end"; exit $rc ) &
  STAGE_BG_PID[$name]=$!
}

stage_join() {
  local name="$1" rc=0
  printf '\033[1m==> %s: joined\033[0m\n' "$name"
  wait "${STAGE_BG_PID[$name]}" || rc=$?
  cat "${STAGE_BG_LOG[$name]}"
  local end
  end="$(cat "${STAGE_BG_LOG[$name]}.end" 2>/dev/null || stage_now)"
  local result="ok (background)"
  [ "$rc" -eq 0 ] || result="FAILED (background)"
  result="$result$(stage_note_of "${STAGE_BG_LOG[$name]}.note")"
  stage_row "$name" "$(stage_secs "${STAGE_BG_T0[$name]}" "$end")" "$result"
  rm -f "${STAGE_BG_LOG[$name]}" "${STAGE_BG_LOG[$name]}.end"
  unset "STAGE_BG_PID[$name]"
  if [ "$rc" -ne 0 ]; then
    echo "stage '$name' failed (exit $rc)" >&2
    return "$rc"
  fi
}

stage_note() { stage_row "$1" "$2" "${3:-ok}"; }

# Runs CMD and notes how long it took under LABEL: the steps of one stage, each timed.
timed() {
  local label="$1" t0
  shift
  t0="$(stage_now)"
  local rc=0
  "$@" || rc=$?
  echo "$label $(stage_secs "$t0" "$(stage_now)") s$([ "$rc" -eq 0 ] || echo " FAILED")" >>"${STAGE_NOTE_FILE:-/dev/null}"
  return "$rc"
}

# Runs a cargo test command (native or wasm), its output shown as it comes, and notes how many
# tests passed in all its binaries and doc tests ("test result: ok. N passed").
counted() {
  local log
  log="$(mktemp -t counted.XXXXXX.log)"
  local rc=0
  "$@" 2>&1 | tee "$log" || rc=$?
  awk '/^test result: / { for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^passed/) n += $i } END { printf "%d tests passed\n", n }' \
    "$log" >>"${STAGE_NOTE_FILE:-/dev/null}"
  rm -f "$log"
  return "$rc"
}

# Node's test runner as the end-to-end stages run it: a suite at a time, and never held open.
# --test-force-exit ends a suite's process when its tests are done, even if a failed test left a
# browser or server open (one once held the test command until CI's 90 minutes ran out);
# --test-timeout fails a test that runs past 15 minutes instead of waiting on it forever.
E2E_NODE=(node --test --test-concurrency=1 --test-reporter=tap --test-force-exit --test-timeout=900000)

# Runs end-to-end suites with node's test runner in tests/ (LABEL names them in the stage's row)
# and notes how long they took and how many tests passed.
counted_e2e() {
  local label="$1" log t0
  shift
  log="$(mktemp -t counted.XXXXXX.log)"
  t0="$(stage_now)"
  local rc=0
  (cd "$ROOT/tests" && "${E2E_NODE[@]}" "$@") 2>&1 | tee "$log" || rc=$?
  awk -v label="$label" -v secs="$(stage_secs "$t0" "$(stage_now)")" \
    '/^# pass / { n = $3 } END { printf "%s: %d passed in %s s\n", label, n, secs }' "$log" >>"${STAGE_NOTE_FILE:-/dev/null}"
  rm -f "$log"
  return "$rc"
}

# Stops a process and everything it started (a background stage's browsers and servers); one
# that was paused is resumed, so it can end.
stage_kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do stage_kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
  kill -CONT "$1" 2>/dev/null || true
}

# Sends SIGNAL to a process and then to everything it started, parents first (a stopped parent
# starts nothing new while its children are reached).
stage_signal_tree() {
  local child
  kill -s "$2" "$1" 2>/dev/null || true
  for child in $(pgrep -P "$1" 2>/dev/null); do stage_signal_tree "$child" "$2"; done
}

# Pauses a background stage (SIGSTOP to all it runs) and resumes it (SIGCONT): a build beside
# the tests that time the page's main thread would stretch their tasks.
stage_pause() { [ -z "${STAGE_BG_PID[$1]:-}" ] || stage_signal_tree "${STAGE_BG_PID[$1]}" STOP; }
stage_resume() { [ -z "${STAGE_BG_PID[$1]:-}" ] || stage_signal_tree "${STAGE_BG_PID[$1]}" CONT; }

stage_table() {
  local rc=$1
  if [ -n "$STAGE_CURRENT" ]; then
    stage_row "$STAGE_CURRENT" "$(stage_secs "$STAGE_CURRENT_T0" "$(stage_now)")" "FAILED"
  fi
  local name
  for name in "${!STAGE_BG_PID[@]}"; do
    # One that finished before the failure is joined and reported as it ended.
    if [ -f "${STAGE_BG_LOG[$name]}.end" ]; then
      stage_join "$name" >/dev/null 2>&1 || true
      continue
    fi
    stage_kill_tree "${STAGE_BG_PID[$name]}"
    echo "--- the last lines of the stopped background stage '$name':" >&2
    tail -n 40 "${STAGE_BG_LOG[$name]}" >&2 || true
    stage_row "$name" "$(stage_secs "${STAGE_BG_T0[$name]}" "$(stage_now)")" "stopped (background)"
  done
  local total
  total="$(stage_secs "$STAGE_T0" "$(stage_now)")"
  {
    printf '\n%-72s %9s  %s\n' "stage" "seconds" "result"
    printf '%s\n' "${STAGE_ROWS[@]}" | awk -F'\t' 'NF { printf "%-72s %9s  %s\n", $1, $2, $3 }'
    printf '%-72s %9s  %s\n' "total (wall; background stages overlap the rest)" "$total" \
      "$([ "$rc" -eq 0 ] && echo passed || echo "FAILED (exit $rc)")"
  } >&2
  if [ -n "${STAGE_TABLE:-}" ]; then
    printf '%s\n' "${STAGE_ROWS[@]}" "total"$'\t'"$total"$'\t'"exit $rc" >"$STAGE_TABLE"
  fi
}

stage_on_exit() {
  local rc=$?
  stage_table "$rc"
  exit "$rc"
}
