#!/usr/bin/env python3
"""Regenerates the AMD microbenchmark table of docs/timing-accuracy.md.

    bench/amd/ubench_table.py BUILD_DIR [--configs vega64,mi50] [--bench a,b]
                              [--save DIR | --from DIR]

Runs bench/amd/run_ubench.sh BUILD_DIR CONFIG for each configuration (the
ventsim OpenCL platform in timing mode), with the sweeps cut to sizes the
simulator runs in minutes (--max-bytes, --moved), and prints one markdown
table: per benchmark and point the simulated value on each configuration
beside what the configuration intends (ubench.py's prediction from
bench/amd/ubench.json, the hardware numbers the .ini files cite), the
published hardware measurement where one exists, and a note (NOTES below)
saying why they differ.  --save DIR keeps each configuration's raw output
(DIR/CONFIG.txt); --from DIR makes the table from such files without
running anything.  Takes about 10 minutes for both configurations on one
host thread; not run by the CI.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BENCH = ("chase_vector,chase_scalar,overlap,bw_read,bw_write,bw_copy,lds_stride,"
                 "valu_f32_dep,valu_f32_indep,valu_f64_dep,valu_f64_indep,valu_trans_dep,"
                 "valu_trans_indep,valu_imul_dep,valu_imul_indep,salu_dep,salu_indep,"
                 "barrier_only,barrier_exchange,atomic_same,atomic_distinct")

# Published measurements of the hardware (text, not plots), per benchmark.
# Sources: docs/amd-hardware.md's source list; "none found" where a search
# found none (2026-11).
PUBLISHED = {
    "chase_vector": "none found (GCN latencies are published as plots only, amd-hardware.md §6.1)",
    "chase_scalar": "none found",
    "overlap": "below the prediction: the 8 independent loads issue about 20 cycles apart in the model (their address VALU instructions at one 4-cycle turn each, then the in-order LSU), not the 2 issue slots (8 cycles) the prediction assumes; at 4 MiB the model's cold L2 makes it DRAM (L = 476), where the ratio comes closer",
    "bw_read": ("16-256 KiB: the grid-stride loop gives work to size/16 items only (16 KiB: 4 CUs busy), "
                "so these points are latency-bound, not a cache level; 1 MiB = 16 KiB per CU stays in each "
                "CU's L1 on vega64 (77 % of 64 B x CUs; mi50's 60 CUs get 17.5 KiB: partly L2); 4 MiB: L2 as "
                "intended; DRAM, vega64: a channel moves a 64-byte line in ceil(64 / 20) = 4 whole cycles, "
                "16 x 16 = 256 (82 % of 313); mi50: below its ceil-limit of 512 at 322 (54 %), consistent "
                "with about 40 lines in flight per CU x 60 CUs x 64 B / 476 cycles (Little's law; not verified)"),
    "bw_write": "stores never reach the DRAM limit: L1 is write-through and the L2's dirty-line write-backs to DRAM are posted (nothing waits for them), so even 16 MiB streams at the L2's 1024 B/cycle -- a model defect (no write-back backpressure)",
    "bw_copy": "1 MiB: reads hit the L1, writes go to L2; from 4 MiB (8 MiB with the destination) the reads come from DRAM (vega64 at the 256 limit), the writes as in bw_write",
    "lds_stride": "none found for GCN5 (the 32-bank rule is the ISA guide's, LDS chapter)",
    "valu_f32_dep": "CLRX GcnTimings (GCN1-3 hardware): 4 cycles per wave64 VALU op; 2-dword (VOP3) ops may cost 4 more",
    "valu_f32_indep": "as valu_f32_dep",
    "valu_f64_dep": "CLRX GcnTimings: f64 FMA 4 x DPFACTOR cycles, DPFACTOR 8 (1/16 rate) on consumer GCN",
    "valu_f64_indep": "as valu_f64_dep",
    "valu_trans_dep": "CLRX GcnTimings: 16 cycles (quarter rate) for v_rsq/v_rcp/v_sqrt",
    "valu_trans_indep": "as valu_trans_dep",
    "valu_imul_dep": "CLRX GcnTimings: v_mul_lo_u32 16 cycles (quarter rate)",
    "valu_imul_indep": "as valu_imul_dep",
    "salu_dep": "CLRX GcnTimings: SALU 4 cycles per instruction",
    "salu_indep": "as salu_dep",
    "barrier_only": "none found",
    "barrier_exchange": "none found",
    "atomic_same": "as intended: one atomic per wave (clang's atomic optimizer), 64 lanes per L2 atomic cycle",
    "atomic_distinct": "as intended: one lane-atomic per cycle per L2 channel (16 channels)",
}

# Why simulated and intended differ (hand derivations: docs/timing-accuracy.md).
NOTES = {
    "chase_vector": "L1 and L2 as intended (+2 cycles: issue turns); 128 KiB-4 MiB reach DRAM: the model's caches are cold at every launch, the sweep's launches of 1000/5000 steps touch most lines for the first time",
    "chase_scalar": "scalar loads go through the vector L1 in the model (140 instead of the scalar cache's 65); beyond 16 KiB as chase_vector",
    "overlap": "ratio below the prediction: 8 independent loads queue in the model's in-order LSU (one cache access per cycle per load, 64 lanes' lines) and the prediction's 2 issue slots per load are too few",
    "bw_read": "small buffers: only a few work-groups have data (grid-stride loop), latency-bound; 1 MiB = 16 KiB per CU hits each CU's L1 (the prediction picks the level by the total size); DRAM 82 % of peak",
    "bw_write": "as bw_read; L1 is write-through without write-allocate, so every level writes to L2",
    "bw_copy": "as bw_read",
    "lds_stride": "degree >= 4 exact; below, the loop's 16 VALU instructions per 4 reads bound it at 4 cycles/read (4 SIMDs x 1 VALU per 4 cycles), +1 for LDS latency not hidden by 4 waves per SIMD",
    "valu_f32_dep": "loop overhead: 8 FMA + s_add + s_cmp = 10 turns of 4 cycles + taken branch 16 = 56 per 8 ops = 7.0 (the prediction counts the FMAs only)",
    "valu_f32_indep": "as valu_f32_dep",
    "valu_f64_dep": "vega64: 8 x 64 cycles, the scalar loop instructions hidden = 64; mi50: 8 x 8 + 2 turns + branch 16 = 80/8 = 10",
    "valu_f64_indep": "vega64 64 as intended; mi50: 8 FMA x 8 + s_add, s_cmp, branch after the last = 84/8 = 10.5",
    "valu_trans_dep": "8 x 16 + 2 scalar turns + branch: 132/8 = 16.5",
    "valu_trans_indep": "8 x 16 then s_add, s_cmp, branch: 140/8 = 17.5",
    "valu_imul_dep": "v_mul_lo_u32 is full rate in the model (the front end has one VALU class): 16 VALU + 2 SALU turns + branch = 88/8 = 11; hardware would take 8 x 16 + 8 x 4 + 8 + 16 = 184/8 = 23",
    "valu_imul_indep": "as valu_imul_dep",
    "salu_dep": "16 SALU + s_add + s_cmp = 18 turns x 4 + branch 16 = 88/8 = 11",
    "salu_indep": "as salu_dep (one wave: one instruction per 4-cycle turn either way)",
    "barrier_only": "2 SALU turns per wave on its SIMD's scalar port + 16 release + 16 taken branch + SIMD phase: 8 w + 32 + (SIMDs - 1), w = waves per SIMD: 40, 42, 43, 51, 67",
    "barrier_exchange": "no prediction: two barriers, an LDS store and load (64-cycle LDS latency each) and the loop per iteration",
    "atomic_same": "not analysed",
    "atomic_distinct": "not analysed",
}

LINE = re.compile(r"^(\w+)\s+(\S*=\S*)?\s*([-\d.nai]+) (\S+)\s+predicted (\S+)")


def run(build, config, bench, max_bytes, moved):
    cmd = [os.path.join(HERE, "run_ubench.sh"), build, config, "--bench", bench,
           "--max-bytes", str(max_bytes), "--moved", str(moved)]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.returncode not in (0,):
        sys.stderr.write(r.stdout)
        raise SystemExit("ubench_table.py: %s exited %d" % (" ".join(cmd), r.returncode))
    return r.stdout


def parse(text):
    rows = {}
    for line in text.splitlines():
        m = LINE.match(line)
        if m:
            rows[(m.group(1), m.group(2) or "")] = (float(m.group(3)), m.group(4), m.group(5))
    return rows


def fmt(v):
    if v != v:
        return "nan"
    return ("%.0f" % v) if abs(v) >= 100 else ("%.1f" % v) if abs(v) >= 10 else ("%.2f" % v)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build")
    ap.add_argument("--configs", default="vega64,mi50")
    ap.add_argument("--bench", default=DEFAULT_BENCH)
    ap.add_argument("--max-bytes", type=int, default=16 << 20)
    ap.add_argument("--moved", type=int, default=16 << 20)
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--save", help="keep each configuration's output in DIR/CONFIG.txt")
    g.add_argument("--from", dest="frm", help="read DIR/CONFIG.txt instead of running")
    a = ap.parse_args()
    configs = a.configs.split(",")
    res = {}
    for c in configs:
        if a.frm:
            with open(os.path.join(a.frm, c + ".txt")) as f:
                text = f.read()
        else:
            text = run(a.build, c, a.bench, a.max_bytes, a.moved)
            if a.save:
                os.makedirs(a.save, exist_ok=True)
                with open(os.path.join(a.save, c + ".txt"), "w") as f:
                    f.write(text)
        res[c] = parse(text)
    keys = []
    for c in configs:
        for k in res[c]:
            if k not in keys:
                keys.append(k)
    head = "| benchmark | point | unit | " + " | ".join("%s sim | %s intended" % (c, c) for c in configs)
    print(head + " | published (hardware) | why they differ |")
    print("|---|---|---|" + "---|---|" * len(configs) + "---|---|")
    last = None
    for k in keys:
        cells, unit = [], ""
        for c in configs:
            v = res[c].get(k)
            if v:
                unit = v[1]
                pred = v[2] if v[2] == "-" else fmt(float(v[2]))
                cells += [fmt(v[0]), pred]
            else:
                cells += ["", ""]
        first = k[0] != last
        last = k[0]
        print("| %s | %s | %s | %s | %s | %s |" % (
            k[0], k[1].replace("=", " "), unit, " | ".join(cells),
            PUBLISHED.get(k[0], "") if first else "〃", NOTES.get(k[0], "") if first else "〃"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
