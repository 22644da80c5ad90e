#!/usr/bin/env bash
# Fuzz/run.sh <yaml|tokens|lint|selectors|rules> <seconds> — build one libFuzzer target with AddressSanitizer and run it for the
# given time, seeded from Tokens/, Rules/ and Examples/ (plus any crashes saved before). A crash stops the run
# with a non-zero exit and leaves its input as Fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: Fuzz/run.sh <yaml|tokens|lint|selectors|rules> <seconds>}"
seconds="${2:?usage: Fuzz/run.sh <yaml|tokens|lint|selectors|rules> <seconds>}"
case "$target" in yaml|tokens|lint|selectors|rules) ;; *) echo "unknown target $target" >&2; exit 2 ;; esac

HAIRLINE_FUZZ=1 swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address --product "fuzz-$target" \
    --build-path .build/fuzz 1>&2
binary=".build/fuzz/release/fuzz-$target"

corpus="Fuzz/corpus-$target"
mkdir -p "$corpus"
if [ "$target" = selectors ]; then
    # Every selector the rule sets use, one a file.
    grep -ho 'given: .*' Rules/*.yaml | sed 's/^given: *//; s/^"//; s/"$//' | sort -u | while IFS= read -r selector; do
        printf '%s' "$selector" > "$corpus/$(printf '%s' "$selector" | cksum | cut -d' ' -f1)"
    done
    seeds="Fuzz/Regressions/selectors-*"
elif [ "$target" = rules ]; then
    seeds="Rules/*.yaml Examples/PluginPackage/*.yaml Fuzz/Regressions/rules-*"
else
    seeds="Tokens/*.yaml Rules/*.yaml Examples/*/*.yaml Examples/*/violations/*.yaml Fuzz/Regressions/*"
fi
for file in $seeds; do
    [ -f "$file" ] && cp -n "$file" "$corpus/" 2>/dev/null || true
done

# -detect_leaks=0: Swift packs enum payload pointers into spare bits, so LeakSanitizer cannot see that long-lived
# values (the lint target's rule system) are still referenced, and reports them as leaks. AddressSanitizer's memory
# errors are still caught, and -rss_limit_mb stops any input that makes memory grow without bound.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$binary" "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -artifact_prefix="Fuzz/crash-$target-" -print_final_stats=1
