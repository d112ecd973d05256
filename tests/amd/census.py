#!/usr/bin/env python3
"""Static instruction census of the AMD corpus's code objects.

    census.py [--objdump PATH] [--check] [--mnemonics DIR] MANIFEST

MANIFEST is <build>/tests/amd/co/manifest.tsv.  Every code object is
disassembled with llvm-objdump-19; each instruction's encoding family is
decided from its first dword by the rules of spec amd-hsa.md section 3 (the
s_code_end padding of gfx11 is left out, s_nop padding is counted).  Prints,
per target, the static instructions and distinct mnemonics per family at
-O3 and over -O3 and -O0 together, next to the numbers spec section 3
measured on its own corpus.  --check fails (exit 1) when a target's distinct
mnemonics (all levels) are fewer than the spec's; --mnemonics DIR writes
DIR/<target>.txt, the sorted distinct mnemonics of each target.
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

# spec amd-hsa.md section 3: distinct mnemonics of its corpus
SPEC_ALL = {"gfx900": 305, "gfx906": 306, "gfx1100": 326, "gfx1100w64": 324}
SPEC_O3 = {"gfx900": 242, "gfx1100": 257}
SPEC_FAMILY_ALL = {  # family: (gfx900, gfx906, gfx1100, gfx1100w64)
    "SOP1": (13, 13, 13, 13), "SOP2": (22, 22, 19, 22), "SOPK": (2, 2, 3, 3), "SOPC": (7, 7, 6, 7),
    "SOPP": (11, 11, 16, 16), "SMEM": (4, 4, 4, 4), "VOP1": (35, 34, 34, 34), "VOP2": (33, 34, 25, 25),
    "VOPC": (18, 18, 22, 22), "VOP3": (122, 122, 133, 134), "VOP3P": (0, 1, 1, 1), "VOPD": (0, 0, 7, 0),
    "DS": (6, 6, 6, 6), "FLAT": (5, 5, 5, 5), "GLOBAL": (22, 22, 22, 22), "SCRATCH": (0, 0, 8, 8),
    "MUBUF": (5, 5, 2, 2),
}
TARGETS = ["gfx900", "gfx906", "gfx1100", "gfx1100w64"]
FAMILIES = list(SPEC_FAMILY_ALL) + ["MTBUF", "MIMG", "EXP", "VINTRP", "VINTERP", "LDSDIR", "?"]


def family(w, gfx11):
    """The encoding family of an instruction from its first dword w."""
    if w >> 25 == 0x3F:
        return "VOP1"
    if w >> 25 == 0x3E:
        return "VOPC"
    if w >> 31 == 0:
        return "VOP2"
    if w >> 23 == 0x17D:
        return "SOP1"
    if w >> 23 == 0x17E:
        return "SOPC"
    if w >> 23 == 0x17F:
        return "SOPP"
    if w >> 28 == 0xB:
        return "SOPK"
    if w >> 30 == 2:
        return "SOP2"
    top6 = w >> 26
    if gfx11:
        if top6 == 0x3D:
            return "SMEM"
        if w >> 24 == 0xCC:
            return "VOP3P"
        if w >> 24 == 0xCD:
            return "VINTERP"
        if w >> 24 == 0xCE:
            return "LDSDIR"
        if top6 == 0x35:
            return "VOP3"
        if top6 == 0x32:
            return "VOPD"
        seg = (w >> 16) & 3
    else:
        if top6 == 0x30:
            return "SMEM"
        if w >> 23 == 0x1A7:
            return "VOP3P"
        if top6 == 0x34:
            return "VOP3"
        if top6 == 0x35:
            return "VINTRP"
        seg = (w >> 14) & 3
    if top6 == 0x36:
        return "DS"
    if top6 == 0x37:
        return ["FLAT", "SCRATCH", "GLOBAL", "?"][seg]
    if top6 == 0x38:
        return "MUBUF"
    if top6 == 0x3A:
        return "MTBUF"
    if top6 == 0x3C:
        return "MIMG"
    if top6 == (0x3E if gfx11 else 0x31):
        return "EXP"
    return "?"


LINE = re.compile(r"^\s+([a-z][a-z0-9_]*)\b.*//\s*[0-9A-Fa-f]+:\s*([0-9A-Fa-f]{8})")


def disassemble(objdump, target, path):
    cpu = "gfx1100" if target.startswith("gfx1100") else target
    cmd = [objdump, "-d", "--mcpu=" + cpu]
    if target == "gfx1100w64":
        cmd.append("--mattr=+wavefrontsize64")
    out = subprocess.run(cmd + [path], check=True, capture_output=True, text=True).stdout
    insns = []
    for line in out.splitlines():
        m = LINE.match(line)
        if m and m.group(1) != "s_code_end":
            insns.append((m.group(1), int(m.group(2), 16)))
    return insns


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifest")
    ap.add_argument("--objdump", default="llvm-objdump-19")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--mnemonics")
    args = ap.parse_args()

    rows = []
    with open(args.manifest) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            build, target, level, path = line.rstrip("\n").split("\t")[:4]
            rows.append((build, target, level, path))
    if not rows:
        sys.exit("census: the manifest lists no code objects")

    # (target, level) -> family -> [count, set of mnemonics]
    stats = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, set()]))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        futs = {ex.submit(disassemble, args.objdump, t, p): (b, t, lv, p) for b, t, lv, p in rows}
        for fut in concurrent.futures.as_completed(futs):
            b, t, lv, p = futs[fut]
            for mn, w in fut.result():
                fam = family(w, t.startswith("gfx1100"))
                s = stats[(t, lv)][fam]
                s[0] += 1
                s[1].add(mn)

    def merged(t, levels):
        out = collections.defaultdict(lambda: [0, set()])
        for lv in levels:
            for fam, (n, ms) in stats[(t, lv)].items():
                out[fam][0] += n
                out[fam][1] |= ms
        return out

    targets = [t for t in TARGETS if any(k[0] == t for k in stats)]
    o3 = {t: merged(t, ["O3"]) for t in targets}
    alll = {t: merged(t, ["O3", "O0"]) for t in targets}
    print("Static instructions (distinct mnemonics) of %d code objects; spec section 3's corpus in brackets"
          % len(rows))
    hdr = "%-8s" % "family" + "".join("%20s" % (t + " O3") for t in targets) + \
        "".join("%24s" % (t + " all") for t in targets)
    print(hdr)
    for fam in FAMILIES:
        if not any(fam in o3[t] or fam in alll[t] for t in targets):
            continue
        line = "%-8s" % fam
        for t in targets:
            n, ms = o3[t].get(fam, [0, set()])
            line += "%20s" % ("%d (%d)" % (n, len(ms)) if n else "-")
        for t in targets:
            n, ms = alll[t].get(fam, [0, set()])
            spec = SPEC_FAMILY_ALL.get(fam, (0, 0, 0, 0))[TARGETS.index(t)]
            line += "%24s" % (("%d (%d) [%d]" % (n, len(ms), spec)) if n else "- [%d]" % spec)
        print(line)
    status = 0
    line = "%-8s" % "total"
    for t in targets:
        n = sum(v[0] for v in o3[t].values())
        d = len(set().union(*[v[1] for v in o3[t].values()]))
        line += "%20s" % ("%d (%d)%s" % (n, d, " [%d]" % SPEC_O3[t] if t in SPEC_O3 else ""))
    for t in targets:
        n = sum(v[0] for v in alll[t].values())
        d = len(set().union(*[v[1] for v in alll[t].values()]))
        line += "%24s" % ("%d (%d) [%d]" % (n, d, SPEC_ALL[t]))
        if d < SPEC_ALL[t]:
            print("census: %s: %d distinct mnemonics, fewer than the %d of spec section 3's corpus"
                  % (t, d, SPEC_ALL[t]), file=sys.stderr)
            status = 1
    print(line)
    if args.mnemonics:
        os.makedirs(args.mnemonics, exist_ok=True)
        for t in targets:
            with open(os.path.join(args.mnemonics, t + ".txt"), "w") as f:
                for mn in sorted(set().union(*[v[1] for v in alll[t].values()])):
                    f.write(mn + "\n")
    if args.check and status:
        sys.exit(1)


if __name__ == "__main__":
    main()
