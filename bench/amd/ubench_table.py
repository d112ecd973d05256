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
                "intended; DRAM, vega64: 320 = 16 channels x 20 bytes, the configured rate (the intended 313 is "
                "the 484 GB/s at 1546 MHz); mi50: 561 = 94.7 % of 592, bound by L2 misses in flight (16 banks x "
                "128 MSHRs over a ~205-cycle miss; docs/timing-accuracy.md \"DRAM bandwidth and write-backs\")"),
    "bw_write": "L1 is write-through without write-allocate, so every level writes to the L2; from 4 MiB on, a miss that evicts a dirty line waits for one of l2.wb_buffers (16 per bank) to be free, i.e. for DRAM to take a line; 16 MiB reads above the DRAM rate (vega64 366, mi50 643) because the second pass of the benchmark partly hits the 4 MiB L2 (measured alone, vega64's writes run at 317)",
    "bw_copy": "1 MiB: reads hit the L1, writes go to L2; from 4 MiB (8 MiB with the destination) reads and write-backs share DRAM: vega64 320 (its DRAM rate), mi50 584-589",
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
    "chase_scalar": "scalar cache (16 KiB per 3 CUs) hit 45 + the loop = 68 against 65; beyond 16 KiB the scalar misses go to the L2 without the vector path's address unit and L1 (chase_vector less 72 at the first level, 76 beyond: L2 196, DRAM 400), while the prediction has only the vector path's latencies",
    "overlap": "ratio below the prediction: 8 independent loads queue in the model's in-order LSU (one cache access per cycle per load, 64 lanes' lines) and the prediction's 2 issue slots per load are too few",
    "bw_read": "small buffers: only a few work-groups have data (grid-stride loop), latency-bound; 1 MiB = 16 KiB per CU hits each CU's L1 (the prediction picks the level by the total size); DRAM: vega64 at its configured rate, mi50 94.7 % (L2 misses in flight)",
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

# rx7900xtx (RDNA3): its own published column and notes (amd-hardware.md's
# sources; the hand derivations from rx7900xtx.ini are in
# docs/timing-accuracy.md "AMD RDNA3 configuration").  Filled in from the
# run of 2026-11-27; a benchmark without an entry prints an empty cell.
PUBLISHED_RDNA3 = {
    "chase_vector": "CC-RDNA3-lat (amd-hardware.md §5): Infinity Cache 150.3 ns = 376 cycles, VRAM 234.55 ns = 587 (vector, high power state); L0, GL1 and L2 only as plots (CC-RDNA3), so the .ini's 110/180/280 are estimates",
    "chase_scalar": "CC-RDNA3: scalar cache 15.4 ns = 38 cycles; CC-RDNA3-lat: Infinity Cache 128.4 ns = 321, VRAM 221.24 ns = 553 (scalar path)",
    "overlap": "none found",
    "bw_read": "vendor peaks only (not measurements): Infinity Cache 5.3 TB/s = 2120 B/cycle, GDDR6 960 GB/s = 384 B/cycle (amd-hardware.md §1, §5)",
    "bw_write": "as bw_read",
    "bw_copy": "as bw_read",
    "lds_stride": "CC-RDNA3: 32 banks x 4 bytes per 64 KiB half; latency 'very low' (plot only)",
    "valu_f32_dep": "LLVM GFX11 scheduling model (not a measurement): FMA latency 5; CC-RDNA3 gives no cycle count in text",
    "valu_f32_indep": "as valu_f32_dep (issue 1 per cycle per SIMD32)",
    "valu_f64_dep": "LLVM GFX11: f64 FMA latency 38; vendor rate 1/16 (amd-hardware.md §4)",
    "valu_f64_indep": "as valu_f64_dep",
    "valu_trans_dep": "LLVM GFX11: transcendental latency 10, quarter rate (amd-hardware.md §4)",
    "valu_trans_indep": "as valu_trans_dep",
    "valu_imul_dep": "LLVM GFX11: v_mad_u64_u32 / 32-bit multiply quarter rate, latency 8 (amd-hardware.md §4)",
    "valu_imul_indep": "as valu_imul_dep",
    "salu_dep": "LLVM GFX11: SALU latency 2",
    "salu_indep": "as salu_dep",
    "barrier_only": "none found",
    "barrier_exchange": "none found",
    "atomic_same": "none found",
    "atomic_distinct": "none found",
}
# Hand derivations from rx7900xtx.ini and the loop code the OpenCL device
# compiles for gfx1100 (llvm-objdump-19 of the cached code object): a
# dependent VALU 5 cycles, SALU 2, one instruction per cycle per wave, the
# loop's s_cmp + s_cbranch 2 cycles and a taken branch 14 more (SALU 2 +
# core.branch_latency 8 + I-cache hit 4; tests/amd/timing/README.md "RDNA3").
NOTES_RDNA3 = {
    "chase_vector": "L0 (<= 32 KiB) and GL1 (64-128 KiB) as intended + 6 (the model's chase loop costs 16 cycles per load, the estimate 10); 256 KiB = the GL1's capacity: part misses; 512 KiB-8 MiB show the DRAM latency 603 = 587 + 16 (the measured 587 + the loop), not the L2 (290) or the Infinity Cache (386): the model's caches are cold at every launch and the sweep's launches touch most lines for the first time (as on vega64/mi50)",
    "chase_scalar": "the scalar cache (16 KiB per WGP) hit 38 + the loop 6 = 44 against 48 (38 + the estimated 10); beyond 16 KiB the scalar misses go to the shader array's GL1 (114) and on to DRAM, 521 = the vector chase's 603 less the address unit and the L0 (82); the published scalar-path VRAM latency is 553 (6 % above); the prediction has only the vector path's latencies",
    "overlap": "16 KiB (L0): 5.0 against 7.2, the 8 independent loads take longer than the prediction's 2 issue cycles each (their address and loop instructions; not analysed cycle by cycle); 4 MiB (DRAM in the model, see chase_vector): within 7 %",
    "bw_read": "16-256 KiB: the grid-stride loop gives work to size/16 items only (a few CUs busy, latency-bound); 1 MiB = 11 KiB per CU stays in each CU's L0 (48.5 B/cycle per CU of the 128), while the prediction picks the L2 by the total size; 4 MiB: L2 as intended (+4.5 %); DRAM (> 96 MiB) not run",
    "bw_write": "small sizes as bw_read; the L0 is write-through without write-allocate, so from 1 MiB every store goes to the L2, which the stream fills to about 1490 B/cycle at 4 MiB, 73 % of the L2's 2048 -- below the intended value by more than 10 %, probably bound by the interconnect's 12 ports x 128 B = 1536 per cycle (not verified)",
    "bw_copy": "reads as bw_read, writes as bw_write",
    "lds_stride": "the OpenCL device compiles in WGP mode: the work-group's waves run on both CUs of the WGP and each CU's LDS half serves its own waves (docs/timing-model.md \"WGP mode\": capacity pooled, bandwidth per CU), so conflicts of degree 8, 16, 32 cost half the per-CU prediction (4, 8, 16 cycles per read); degree 1, 2 and 4 (2.79-2.90) are bound by the loop's own instructions (VALU address arithmetic, waits, branch), not the banks",
    "valu_f32_dep": "loop overhead: 8 dependent FMAs = 7 x 5 + s_cmp 1 + s_cbranch 1 + taken branch 14 = 51 per 8 = 6.375 (the prediction counts the FMAs only)",
    "valu_f32_indep": "8 FMAs in 8 cycles + s_add, s_cmp after it (SALU 2), s_cbranch + 14 = 25 per 8 = 3.125",
    "valu_f64_dep": "as intended: 8 x 38, the loop instructions hidden under the chain",
    "valu_f64_indep": "8 x 16 (exec.fpu_ii) + s_waitcnt + loop overhead past the last FMA's issue: 131 per 8",
    "valu_trans_dep": "8 x 10 (3 more passes + sfu_latency 7) + loop 7 = 87 per 8",
    "valu_trans_indep": "8 x 4 passes + s_add, s_cmp, s_cbranch + 14 = 46 per 8",
    "valu_imul_dep": "model flaw (known for GCN too): v_mad_u64_u32 runs at full rate with the f32 latency 5 (the front end has one VALU class), so as valu_f32_dep 51 per 8; LLVM's 8-cycle quarter-rate multiply would give about 8 x 8 + 16 = 80 per 8 = 10",
    "valu_imul_indep": "as valu_imul_dep: full rate; each v_mad_u64_u32 writes a register pair that overlaps the next one's (v[10:11], v[11:12], ...), so the 8 serialise at the 5-cycle latency, then 8 moves and the loop: 58 per 8",
    "salu_dep": "16 dependent SALU x 2 + s_cmp, s_cbranch + 14 = 46 per 8 = 5.75 (the prediction counts the 16 SALU only)",
    "salu_indep": "one wave issues one instruction per cycle: 19 SALU + 14 = 32 per 8 = 4 (the prediction assumes 2 SALU per cycle, which needs two waves)",
    "barrier_only": "loop (2 SALU, s_barrier, buffer_gl0_inv, s_cbranch) + 16 release + taken branch 14 for one wave per SIMD; more waves per SIMD add their SALU turns; in WGP mode the waves spread over the WGP's 4 SIMDs (1024 work-items: 65; 79 when every work-group ran on one CU); not derived cycle by cycle",
    "barrier_exchange": "no prediction",
    "atomic_same": "not analysed",
    "atomic_distinct": "not analysed",
}
FAMILY = {"vega64": "gcn", "mi50": "gcn", "rx7900xtx": "rdna3"}
TEXTS = {"gcn": (PUBLISHED, NOTES), "rdna3": (PUBLISHED_RDNA3, NOTES_RDNA3)}

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
    fams = {FAMILY.get(c) for c in configs}
    if len(fams) != 1 or None in fams:
        raise SystemExit("ubench_table.py: one table per family: %s (%s)" % (
            ", ".join(sorted(FAMILY)), "gcn: vega64,mi50; rdna3: rx7900xtx"))
    published, notes = TEXTS[fams.pop()]
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
            published.get(k[0], "") if first else "〃", notes.get(k[0], "") if first else "〃"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
