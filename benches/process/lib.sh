# Shared by the whole-process benchmarks (run.sh, fbm.sh): sourced, not run.

# Milliseconds the command takes, start to exit.
time_ms() {
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

# The median of the numbers on standard input, one per line.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# "LOW to HIGH" of the numbers in file $1.
spread() { echo "$(sort -n "$1" | head -1) to $(sort -n "$1" | tail -1)"; }
