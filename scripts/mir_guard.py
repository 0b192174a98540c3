#!/usr/bin/env python3
"""Finds the rustc 1.95 miscompile in optimised MIR: a `bool` local that is read but never set.

rustc 1.95's MIR pass SimplifyComparisonIntegral, after the MIR inliner (opt-level 2 and 3),
rewrites `_b = Eq(discr, 1); ... switchInt(_b)` into `switchInt(discr)` and deletes the
statement that set `_b`, even when `_b` is still read elsewhere (`flag |= b`, `field = b`).
The read is then of an uninitialised bool, and LLVM may make it `true`. BUILD.md
("The rustc 1.95 miscompile") has the story.

Usage: mir_guard.py FILE.mir [...]   prints each function with such a local; exit 1 if any.
"""
import os
import re
import sys

FN_START = re.compile(r"^(?:pub )?fn (\S+?)\((.*)\) -> .* \{$|^(?:pub )?fn (\S+?)\((.*)\) \{$")
LOCAL = re.compile(r"^\s+let (?:mut )?(_\d+): bool;")
ARG = re.compile(r"(_\d+):")


def functions(lines):
    """Yields (name, argument locals, body lines) for every function body in a MIR dump."""
    name, args, body = None, set(), []
    for line in lines:
        if name is None:
            m = FN_START.match(line)
            if m:
                name = m.group(1) or m.group(3)
                args = set(ARG.findall(m.group(2) or m.group(4) or ""))
                body = []
        elif line == "}":
            yield name, args, body
            name = None
        else:
            body.append(line)


ASSIGNED = re.compile(r"^\s+(_\d+) = ", re.M)
BORROWED = re.compile(r"&(?:mut |raw (?:mut|const) )?(_\d+)\b")
READ = re.compile(r"(?:copy|move) (_\d+)\b")


def unset_reads(body, args):
    """The bool locals of one body that are read, never assigned and never borrowed.

    One pass over the body finds every local assigned, borrowed and read; a body with no bool
    local of its own is not searched at all."""
    bools = []
    for line in body:
        m = LOCAL.match(line)
        if m and m.group(1) not in args:
            bools.append(m.group(1))
    if not bools:
        return []
    text = "\n".join(body)
    assigned = set(ASSIGNED.findall(text))
    borrowed = set(BORROWED.findall(text))
    read = set(READ.findall(text))
    return [local for local in bools if local in read and local not in assigned and local not in borrowed]


def main(paths):
    # A file that is not there (an unmatched glob: the compiler wrote no MIR) is no evidence
    # either way; say so with status 2, which the shell script treats as a failure of the guard,
    # never as a finding.
    missing = [path for path in paths if not os.path.isfile(path)]
    if not paths or missing:
        print(f"mir-guard: no MIR to read: {' '.join(missing) or '(no files given)'}", file=sys.stderr)
        return 2
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        for name, args, body in functions(lines):
            locals_ = unset_reads(body, args)
            if locals_:
                bad += 1
                print(f"{path}: fn {name}: bool {', '.join(locals_)} read but never set")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
