#!/usr/bin/env python3
"""Checks every code object of the AMD corpus with llvm-readelf-19:

    check_code_objects.py [--readelf PATH] MANIFEST CASES_DIR

For each row of MANIFEST (<build>/tests/amd/co/manifest.tsv): the file is an
ELF for EM_AMDGPU whose e_flags name the target (spec amd-hsa.md section
1.4: 0x2C gfx900, 0x2F gfx906, 0x41 gfx1100, xnack/sramecc bits aside); the
metadata note's amdhsa.target names the processor; every kernel's
.wavefront_size is 32 for gfx1100 and 64 otherwise; a build whose source
calls printf has amdhsa.printf and a hidden_printf_buffer argument (the
four-step build of spec section 1.3); and every kernel that a case of
CASES_DIR launches from the build is in the code object.  Exit status 1
with one line per problem.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

MACH = {"gfx900": 0x2C, "gfx906": 0x2F, "gfx1100": 0x41, "gfx1100w64": 0x41}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest")
    ap.add_argument("cases")
    ap.add_argument("--readelf", default="llvm-readelf-19")
    args = ap.parse_args()

    launched = collections.defaultdict(set)  # build -> kernels the cases launch
    for name in sorted(os.listdir(args.cases)):
        if name.endswith(".json"):
            with open(os.path.join(args.cases, name)) as f:
                c = json.load(f)
            for l in c["launches"]:
                launched[c["build"]].add(l["kernel"])

    problems, count = [], 0
    seen_builds = set()
    with open(args.manifest) as f:
        rows = [l.rstrip("\n").split("\t") for l in f if l.strip() and not l.startswith("#")]
    for row in rows:
        build, target, level, path, source = row[:5]
        seen_builds.add(build)
        where = "%s (%s -%s)" % (path, target, level)
        if not os.path.isfile(path):
            problems.append("%s: missing" % where)
            continue
        count += 1
        r = subprocess.run([args.readelf, "--file-header", "--notes", path], capture_output=True, text=True)
        if r.returncode:
            problems.append("%s: llvm-readelf failed: %s" % (where, r.stderr.strip()))
            continue
        out = r.stdout
        m = re.search(r"Machine:\s+(\S+)", out)
        if not m or m.group(1) != "EM_AMDGPU":
            problems.append("%s: machine %s, expected EM_AMDGPU" % (where, m.group(1) if m else "?"))
        m = re.search(r"Flags:\s+0x([0-9a-fA-F]+)", out)
        if not m or int(m.group(1), 16) & 0xFF != MACH[target]:
            problems.append("%s: e_flags %s do not name %s" % (where, m.group(0) if m else "?", target))
        cpu = "gfx1100" if target.startswith("gfx1100") else target
        if not re.search(r"amdhsa\.target:\s+'?amdgcn-amd-amdhsa--%s\b" % cpu, out):
            problems.append("%s: amdhsa.target does not name %s" % (where, cpu))
        kernels = re.findall(r"^\s+\.name:\s+(\S+)", out, re.M)
        if not kernels:
            problems.append("%s: no kernels in the metadata" % where)
        want = 32 if target == "gfx1100" else 64
        for ws in re.findall(r"\.wavefront_size:\s+(\d+)", out):
            if int(ws) != want:
                problems.append("%s: wavefront size %s, expected %d" % (where, ws, want))
        with open(source) as s:
            calls_printf = re.search(r"\bprintf\s*\(", s.read()) is not None
        if calls_printf and ("amdhsa.printf:" not in out or "hidden_printf_buffer" not in out):
            problems.append("%s: calls printf but has no amdhsa.printf / hidden_printf_buffer "
                            "(the one-step build's stub?)" % where)
        for k in sorted(launched.get(build, ())):
            if k not in kernels:
                problems.append("%s: the cases launch '%s', which the code object lacks" % (where, k))
    for b in sorted(set(launched) - seen_builds):
        problems.append("cases use build '%s', which the manifest does not list" % b)
    for p in problems:
        print(p)
    print("%d code objects checked, %d problems" % (count, len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
