#!/usr/bin/env python3
"""Fit and leave-one-out cross-validation of the calibrated Ventus latencies
(docs/timing-accuracy.md, "What is calibrated").

The Ventus Verilog port (ventus-gpgpu-verilog) publishes in its README the
cycles its RTL simulation took for 21 test cases (testcase/test_gpgpu_top).
Fourteen latencies of the timing model are not RTL parameters; they are fitted
to those cycles.  This script is that fit, made reproducible:

  objective   mean absolute relative error |model - published| / published
              over the fit set (the 19 consistent entries; vecadd 4w8t and
              nn 4w8t are left out, docs/timing-accuracy.md explains why)
  procedure   coordinate descent: sweep the parameters in the order of PARAMS;
              for each, evaluate every value of its grid with the others
              fixed and keep the best (only a strict improvement moves it;
              among equal candidates the first of the grid wins); repeat sweeps until one changes nothing
  starts      STARTS below (best of four descents): round values and grid
              quantiles chosen before looking at any case, not the committed
              fit (so a held-out case cannot leak into its fold through the
              starting point); one descent from START alone ends in a worse
              local minimum (docs/timing-accuracy.md)

Modes:
  ventus_fit.py --tc DIR fit          in-sample fit on the 19 from START
  ventus_fit.py --tc DIR loo          the above, then for each of the 19: fit
                                      on the other 18 from START, score it
  ventus_fit.py --tc DIR check        the committed values (ventsim's built-in
                                      defaults): their 19-case error and that
                                      no single-coordinate grid step improves it
  ventus_fit.py selftest              the procedure on a synthetic model with a
                                      known answer (no simulator, no test cases)

DIR is the port's testcase/test_gpgpu_top directory (not part of this
repository); --tc defaults to $VENTUS_VERILOG_TC.  Every simulator run is
cached in --cache (JSON, keyed by parameter values and ventsim binary), so a
rerun is instant.  Exit status: 0 ok, 1 a check failed, 2 bad usage, 77 the
test cases are not available (check mode).
"""
import argparse
import concurrent.futures
import hashlib
import json
import math
import os
import random
import re
import subprocess
import sys

# (section.key, grid, START value).  The grids contain the committed values.
PARAMS = [
    ("sim.start_latency",      [0, 50, 100, 150, 200, 250, 300, 400], 100),
    ("sim.end_latency",        [0, 50, 100, 150, 200, 300], 100),
    ("dispatch.latency",       [0, 10, 20, 30, 40, 60], 10),
    ("dispatch.warp_interval", [1, 2, 4, 8, 12, 16, 24], 4),
    ("core.decode_latency",    [0, 1, 2, 3], 1),
    ("core.opc_latency",       [0, 1, 2, 3, 4, 5, 6, 8], 2),
    ("core.branch_latency",    [0, 1, 2, 4], 1),
    ("lsu.agu_latency",        [0, 2, 4, 6, 8, 10, 12], 4),
    ("dcache.hit_latency",     [1, 2, 4, 6, 8, 10, 12], 4),
    ("lds.latency",            [1, 2, 4, 8], 2),
    ("icnt.latency",           [0, 1, 2, 4, 6, 8], 4),
    ("l2.hit_latency",         [1, 2, 4, 6, 8], 4),
    ("exec.sfu_latency",       [4, 8, 12, 16, 24, 32], 16),
    ("exec.div_latency",       [8, 16, 24, 32, 40, 48, 64], 32),
]
NAMES = [p[0] for p in PARAMS]
START = tuple(p[2] for p in PARAMS)

# --fix-rtl: parameters the RTL determines, held at the value derived from the
# port's source instead of fitted (each on its grid).  Derivations
# (ventus-gpgpu-verilog, src/gpgpu_top/sm/pipeline/sfu_v2/):
#   exec.sfu_latency = 12: an fp32 divide / square root goes through
#     float_div_mvp/div_sqrt_top_mvp.sv with three iteration units
#     (defs_div_sqrt_mvp.sv: Iteration_unit_num_S = 2'b10); control_mvp.sv
#     counts Crtl_cnt_S 0 .. State_ctl_S = 8 for FP32 at full precision (9
#     cycles), one cycle after the start (Div/Sqrt_start_dly_S), and raises
#     Done_SO the cycle after the last count: 11 cycles from start to done;
#     sfu_exe.v leaves S_BUSY for S_FINISH when the result passes its output
#     arbiter: +1 = 12 per pass, independent of the data.
# Not fixed: exec.div_latency (int_div.v iterates d_lez - a_lez + 1 times,
# data-dependent), and the pipeline latencies whose RTL count depends on
# handshakes the model folds together (see docs/timing-accuracy.md).
RTL_FIXED = {"exec.sfu_latency": 12}
# Multi-start: one descent from each, the best result wins.  START, then
# every parameter at the same quantile of its grid (low, middle, high): all
# chosen from the grids alone, none from a case.
STARTS = [START] + [tuple(g[int(q * (len(g) - 1) + 0.5)] for _, g, _ in PARAMS)
                    for q in (0.25, 0.5, 0.75)]

# (kernel, label, tc.v case macro, directory, published cycles, in the fit).
# Published: the port's README table ("当前执行周期数"); the directory is
# the one tc.v names for the case.
CASES = [
    ("vecadd", "4w16t", "CASE_4W16T", "tc_vecadd", 1800, True),
    ("vecadd", "4w8t", "CASE_4W8T", "tc_vecadd", 2696, False),
    ("vecadd", "4w32t", "CASE_4W32T", "tc_vecadd", 2164, True),
    ("vecadd", "8w4t", "CASE_8W4T", "tc_vecadd", 2899, True),
    ("matadd", "1w32t", "CASE_1W32T", "tc_matadd", 2808, True),
    ("matadd", "1w16t", "CASE_1W16T", "tc_matadd", 2500, True),
    ("matadd", "2w8t", "CASE_2W8T", "tc_matadd", 2640, True),
    ("matadd", "4w4t", "CASE_4W4T", "tc_matadd", 4054, True),
    ("nn", "2w16t", "CASE_2W16T", "tc_nn", 2031, True),
    ("nn", "4w8t", "CASE_4W8T", "tc_nn", 4033, False),
    ("nn", "4w16t", "CASE_4W16T", "tc_nn", 2269, True),
    ("nn", "8w4t", "CASE_8W4T", "tc_nn", 3382, True),
    ("nn", "8w8t", "CASE_8W8T", "tc_nn", 2038, True),
    ("gaussian", "1w16t", "CASE_1W16T", "tc_gaussian", 10151, True),
    ("gaussian", "2w8t", "CASE_2W8T", "tc_gaussian", 11670, True),
    ("gaussian", "4w4t", "CASE_4W4T", "tc_gaussian", 11537, True),
    ("gaussian", "4w8t", "CASE_4W8T", "tc_gaussian", 15940, True),
    ("bfs", "2w16t", "CASE_2W16T", "tc_bfs", 20938, True),
    ("bfs", "4w8t", "CASE_4W8T", "tc_bfs", 22730, True),
    ("bfs", "4w32t", "CASE_4W32T", "tc_bfs", 36114, True),
    ("bfs", "8w4t", "CASE_8W4T", "tc_bfs", 40888, True),
]
CASE_NAMES = ["%s %s" % (c[0], c[1]) for c in CASES]
FIT = [i for i, c in enumerate(CASES) if c[5]]


class Failure(Exception):
    pass


# ------------------------------------------------------------- the procedure

def mae(cycles, published, idx):
    return sum(abs(cycles[i] - published[i]) / published[i] for i in idx) / len(idx)


def mlog(cycles, published, idx):
    """Mean |ln(model / published)|: symmetric in over- and under-prediction
    (mae counts a factor 2 too many as 100 %, too few as 50 %)."""
    return sum(abs(math.log(cycles[i] / published[i])) for i in idx) / len(idx)


OBJECTIVES = {"abs": mae, "log": mlog}


def coordinate_descent(evaluate, published, idx, start, log=None, free=None, obj=mae):
    """evaluate(params) -> per-case cycles (list over CASES).  Returns the
    fitted params and their objective over idx.  free: the indices of the
    parameters searched (default all; the others keep their start value)."""
    cur = tuple(start)
    best = obj(evaluate(cur), published, idx)
    sweep = 0
    free = range(len(PARAMS)) if free is None else free
    while True:
        sweep += 1
        changed = False
        for k in free:
            grid = PARAMS[k][1]
            cands = [tuple(cur[:k]) + (v,) + tuple(cur[k + 1:]) for v in grid if v != cur[k]]
            if hasattr(evaluate, "prefetch"):
                evaluate.prefetch(cands)
            for cand in cands:
                err = obj(evaluate(cand), published, idx)
                if err < best - 1e-12:
                    best, cur, changed = err, cand, True
        if log:
            log("  sweep %d: %.4f %%  %s" % (sweep, 100 * best, fmt_params(cur)))
        if not changed:
            return cur, best


def fit(evaluate, published, idx, starts, log=None, free=None, obj=mae):
    """coordinate_descent from each start; the lowest objective wins (ties:
    the earlier start)."""
    best = None
    for k, st in enumerate(starts):
        if log:
            log(" start %d: %s" % (k, fmt_params(st)))
        p, err = coordinate_descent(evaluate, published, idx, st, log, free, obj)
        if best is None or err < best[1] - 1e-12:
            best = (p, err)
    return best


def fmt_params(p):
    return " ".join("%s=%d" % (n, v) for n, v in zip(NAMES, p))


# ------------------------------------------------------------ the simulator

def launches(tcdir, case):
    """The .metadata files tc.v runs for one case, in its order."""
    kernel, label, macro, sub, _, _ = case
    path = os.path.join(tcdir, sub, "tc.v")
    with open(path) as f:
        text = f.read()
    m = re.search(r"`ifdef\s+%s\b(.*?)`endif" % macro, text, re.S)
    while m and "meta_fname" not in m.group(1):
        m = re.search(r"`ifdef\s+%s\b(.*?)`endif" % macro, text[m.end():], re.S)
    if not m:
        raise Failure("%s: no `ifdef %s block with meta_fname" % (path, macro))
    files = re.findall(r'meta_fname\[(\d+)\]\s*=\s*"([^"]+)"', m.group(1))
    files.sort(key=lambda t: int(t[0]))
    return [os.path.join(tcdir, sub, f) for _, f in files]


class Simulator:
    def __init__(self, ventsim, tcdir, cache_path, jobs):
        self.ventsim, self.tcdir, self.jobs = ventsim, tcdir, jobs
        with open(ventsim, "rb") as f:
            self.tag = hashlib.sha256(f.read()).hexdigest()[:16]
        self.lists = [launches(tcdir, c) for c in CASES]
        for lst in self.lists:
            for m in lst:
                if not os.path.exists(m):
                    raise Failure("missing test case file %s" % m)
        self.cache_path, self.cache = cache_path, {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path) as f:
                data = json.load(f)
            if data.get("ventsim") == self.tag and data.get("names") == NAMES:
                self.cache = {tuple(json.loads(k)): v for k, v in data["runs"].items()}
        self.runs = 0

    def adopt(self, path, n, seed=15):
        """Reuse the runs of a cache written by another ventsim binary, if
        that binary's cycles are this one's: rerun n vectors drawn at random
        from it (all 21 cases each) and adopt the file only if every cycle
        count is equal.  Returns (adopted vectors, checked vectors)."""
        with open(path) as f:
            data = json.load(f)
        if data.get("names") != NAMES:
            raise Failure("%s: other parameter names" % path)
        runs = {tuple(json.loads(k)): v for k, v in data["runs"].items()}
        runs = {k: v for k, v in runs.items() if None not in v}
        keys = sorted(runs)
        sample = random.Random(seed).sample(keys, min(n, len(keys)))
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as ex:
            got = list(ex.map(lambda t: self.run_case(*t),
                              [(p, i) for p in sample for i in range(len(CASES))]))
        for k, p in enumerate(sample):
            mine = got[k * len(CASES):(k + 1) * len(CASES)]
            if mine != runs[p]:
                raise Failure("%s: not adopted, this ventsim gives %s for %s where it has %s"
                              % (path, mine, fmt_params(p), runs[p]))
        for k, v in runs.items():
            self.cache.setdefault(k, v)
        self.save()
        return len(runs), len(sample)

    def save(self):
        if not self.cache_path:
            return
        tmp = self.cache_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"ventsim": self.tag, "names": NAMES,
                       "runs": {json.dumps(list(k)): v for k, v in self.cache.items()}}, f)
        os.replace(tmp, self.cache_path)

    def run_case(self, params, i):
        cmd = [self.ventsim, "run", "-q", "--config", "ventus-verilog", "--stats", "-"]
        for n, v in zip(NAMES, params):
            cmd += ["--set", "%s=%d" % (n, v)]
        cmd += self.lists[i]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        if r.returncode != 0:
            raise Failure("ventsim failed (%d) on %s: %s" % (r.returncode, CASE_NAMES[i], r.stderr.strip()))
        return int(json.loads(r.stdout)["cycles"])

    def prefetch(self, plist):
        todo = [(p, i) for p in plist if tuple(p) not in self.cache for i in range(len(CASES))]
        if not todo:
            return
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as ex:
            res = list(ex.map(lambda t: self.run_case(*t), todo))
        for (p, i), c in zip(todo, res):
            self.cache.setdefault(tuple(p), [None] * len(CASES))[i] = c
        self.runs += len(todo)
        self.save()

    def __call__(self, params):
        params = tuple(params)
        if params not in self.cache:
            self.prefetch([params])
        return self.cache[params]


def committed_values(ventsim):
    """The built-in defaults of the fitted parameters (ventsim config --dump
    with the ventus-verilog configuration, which leaves them unset)."""
    r = subprocess.run([ventsim, "config", "--dump", "--config", "ventus-verilog"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        r = subprocess.run([ventsim, "config", "--dump"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        raise Failure("ventsim config --dump failed: " + r.stderr.strip())
    sect, vals = None, {}
    for line in r.stdout.splitlines():
        line = line.split(";")[0].split("#")[0].strip()
        if line.startswith("[") and line.endswith("]"):
            sect = line[1:-1].strip()
        elif "=" in line and sect:
            k, v = (s.strip() for s in line.split("=", 1))
            vals["%s.%s" % (sect, k)] = v
    try:
        return tuple(int(vals[n]) for n in NAMES)
    except KeyError as e:
        raise Failure("ventsim config --dump has no %s" % e)


# ------------------------------------------------------------------- modes

def pct(x):
    return "%+.1f %%" % (100 * x)


def do_fit(sim, published, starts, log, free=None, obj=mae):
    log("in-sample fit on the %d consistent entries:" % len(FIT))
    return fit(sim, published, FIT, starts, log, free, obj)


def do_loo(sim, published, starts, log, nfolds=None, free=None, obj=mae):
    rows = []
    for i in FIT[:nfolds]:
        idx = [j for j in FIT if j != i]
        log("fold %-15s (fit on %d):" % (CASE_NAMES[i], len(idx)))
        p, err = fit(sim, published, idx, starts, log, free, obj)
        c = sim(p)[i]
        rows.append((i, p, err, c, (c - published[i]) / published[i]))
        log("fold %-15s held out: %d cycles, %s" % (CASE_NAMES[i], c, pct(rows[-1][4])))
    return rows


def report(sim, published, fitted, fit_err, rows, committed, out):
    cf = sim(fitted)
    cc = sim(committed)
    w = out.write
    w("\nparameters: committed | in-sample fit (19) | LOO folds: min-max\n")
    for k, n in enumerate(NAMES):
        vals = [r[1][k] for r in rows] if rows else []
        rng = "%d-%d" % (min(vals), max(vals)) if vals else "-"
        w("  %-24s %5d | %5d | %s\n" % (n, committed[k], fitted[k], rng))
    w("\n| kernel | config | published | committed | error | refit (19) | error | held-out (fit on 18) | error |\n")
    w("|---|---|---|---|---|---|---|---|---|\n")
    loo = {r[0]: r for r in rows}
    for i, c in enumerate(CASES):
        ho = loo.get(i)
        w("| %s | %s | %d | %d | %s | %d | %s | %s | %s |\n" % (
            c[0], c[1], published[i], cc[i], pct((cc[i] - published[i]) / published[i]),
            cf[i], pct((cf[i] - published[i]) / published[i]),
            ho[3] if ho else "(not fitted)", pct(ho[4]) if ho else "-"))
    ce = mae(cc, published, FIT)
    w("\nmean |error| over the 19: committed %.2f %%, refit in-sample %.2f %%" % (
        100 * ce, 100 * mae(cf, published, FIT)))
    if rows:
        errs = [abs(r[4]) for r in rows]
        worst = max(rows, key=lambda r: abs(r[4]))
        w(", leave-one-out %.2f %% (max %.1f %%: %s; %d of %d within 10 %%)" % (
            100 * sum(errs) / len(errs), 100 * max(errs), CASE_NAMES[worst[0]],
            sum(e <= 0.10 for e in errs), len(errs)))
        if len(rows) < len(FIT):
            w("\n(only %d of %d folds: --folds)" % (len(rows), len(FIT)))
            ins = [abs(cf[r[0]] - published[r[0]]) / published[r[0]] for r in rows]
            w("; the same entries in-sample: %.2f %%" % (100 * sum(ins) / len(ins)))
    w("\nsimulator runs this invocation: %d (cached: %d parameter vectors)\n" % (sim.runs, len(sim.cache)))


def doc_tables(path):
    """From docs/timing-accuracy.md: the calibrated values (its table of
    `section.key` | value rows), the "model (ventus-verilog)" cycles of the
    published-vs-modelled table per case, and the stated mean error over
    the 19."""
    with open(path) as f:
        text = f.read()
    cal = {m.group(1): int(m.group(2))
           for m in re.finditer(r"^\| `([a-z0-9_]+\.[a-z0-9_]+)` \| (\d+) \|", text, re.M)}
    model = {}
    for m in re.finditer(r"^\| (\w+) \| (\d+w\d+t) \| \d+ \| [\d ]+ \| ([\d ]+) \| ([\d ]+) \|", text, re.M):
        model["%s %s" % (m.group(1), m.group(2))] = (int(m.group(3).replace(" ", "")),
                                                      int(m.group(4).replace(" ", "")))
    m = re.search(r"(\d+\.\d) % over the 19", text)
    return cal, model, float(m.group(1)) if m else None


def check(sim, published, committed, a):
    """The committed fit against its documentation: always the calibrated
    values (docs table = ventsim's built-in defaults, each on its grid, the
    published cycles = CASES); with the test cases also the modelled cycles
    of every case and the stated mean error.  Single grid steps that lower
    the error are reported, not failed (the model changed after the fit:
    docs/timing-accuracy.md, "Leave-one-out cross-validation")."""
    bad = []
    cal, model, doc_mae = doc_tables(a.doc)
    for k, n in enumerate(NAMES):
        if n not in cal:
            bad.append("%s: not in the calibrated table of %s" % (n, a.doc))
        elif cal[n] != committed[k]:
            bad.append("%s: the document says %d, ventsim's default is %d" % (n, cal[n], committed[k]))
        if committed[k] not in PARAMS[k][1]:
            bad.append("%s = %d is not on its grid" % (n, committed[k]))
        if n in RTL_FIXED and RTL_FIXED[n] not in PARAMS[k][1]:
            bad.append("RTL_FIXED %s = %d is not on its grid" % (n, RTL_FIXED[n]))
    for i, name in enumerate(CASE_NAMES):
        if name not in model:
            bad.append("%s: no row in the document's table" % name)
        elif model[name][0] != published[i]:
            bad.append("%s: published %d in the document, %d here" % (name, model[name][0], published[i]))
    print("calibrated values and published cycles: %s" % ("ok" if not bad else "MISMATCH"))
    if sim is None:
        print("no test cases (--tc / VENTUS_VERILOG_TC): modelled cycles not checked")
    else:
        cyc = sim(committed)
        for i, name in enumerate(CASE_NAMES):
            if name in model and model[name][1] != cyc[i]:
                bad.append("%s: %d cycles, the document says %d" % (name, cyc[i], model[name][1]))
        base = mae(cyc, published, FIT)
        print("committed values: mean |error| over the 19 = %.2f %% (document: %s %%)" % (100 * base, doc_mae))
        if doc_mae is None or abs(100 * base - doc_mae) > 0.05:
            bad.append("the 19-case error %.2f %% is not the document's %s %%" % (100 * base, doc_mae))
        nbrs = []
        for k, (_, grid, _) in enumerate(PARAMS):
            if committed[k] in grid:
                g = grid.index(committed[k])
                nbrs += [committed[:k] + (grid[h],) + committed[k + 1:]
                         for h in (g - 1, g + 1) if 0 <= h < len(grid)]
        sim.prefetch(nbrs)
        for p in nbrs:
            e = mae(sim(p), published, FIT)
            if e < base - 1e-12:
                k = [j for j in range(len(p)) if p[j] != committed[j]][0]
                print("  note: %s = %d lowers it to %.2f %%" % (NAMES[k], p[k], 100 * e))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def selftest():
    """The procedure on synthetic models whose answers are known (no
    simulator, no test cases); each check can fail:
    1. separable model, two cases per parameter (case i: base + c * p[i % 14]),
       'published' = the model at TRUTH: the fit must find TRUTH exactly, and
       in every fold the held-out case must be predicted exactly (its
       parameter is still fixed by the other case);
    2. the held-out case really is held out: a fold's fit does not change when
       the held-out case's published value is replaced by nonsense;
    3. non-separable model (every case depends on every parameter, plus a
       max() term): coordinate descent promises only a point no single grid
       step improves; check that by trying every such step.
    4. a parameter outside the free set (--fix-rtl) never moves, and the
       others still find the truth when it is held at its true value."""
    import random
    rng = random.Random(15)
    np_ = len(PARAMS)
    truth = tuple(rng.choice(grid) for _, grid, _ in PARAMS)
    n = 2 * np_
    c1 = [rng.randint(1, 9) for _ in range(n)]
    b1 = [rng.randint(500, 5000) for _ in range(n)]

    def sep(p):
        return [b1[i] + c1[i] * p[i % np_] for i in range(n)]
    pub = sep(truth)
    ok = True
    p, err = coordinate_descent(sep, pub, list(range(n)), START)
    if p != truth or err > 1e-12:
        print("selftest 1: fit found %s (error %.3g), truth %s" % (p, err, truth))
        ok = False
    for i in range(n):
        idx = [j for j in range(n) if j != i]
        q, _ = coordinate_descent(sep, pub, idx, START)
        if sep(q)[i] != pub[i]:
            print("selftest 1: fold %d predicts %d, published %d" % (i, sep(q)[i], pub[i]))
            ok = False
        bad = list(pub)
        bad[i] = 10 * pub[i] + 7
        if coordinate_descent(sep, bad, idx, START)[0] != q:
            print("selftest 2: fold %d's fit depends on its held-out case" % i)
            ok = False
    # 4. a parameter held fixed (--fix-rtl) keeps its start value, and the
    #    others still reach the truth when it is fixed at its true value
    k0 = NAMES.index("exec.sfu_latency")
    st = START[:k0] + (truth[k0],) + START[k0 + 1:]
    free = [k for k in range(np_) if k != k0]
    p, err = coordinate_descent(sep, pub, list(range(n)), st, free=free)
    if p != truth or err > 1e-12:
        print("selftest 4: with %s fixed the fit found %s, truth %s" % (NAMES[k0], p, truth))
        ok = False
    st = START[:k0] + (max(PARAMS[k0][1]),) + START[k0 + 1:]
    p, _ = coordinate_descent(sep, pub, list(range(n)), st, free=free)
    if p[k0] != st[k0]:
        print("selftest 4: the fixed %s moved to %d" % (NAMES[k0], p[k0]))
        ok = False
    coef = [[rng.randint(1, 9) for _ in PARAMS] for _ in range(12)]
    base = [rng.randint(500, 5000) for _ in range(12)]

    def mix(p):
        return [base[i] + sum(a * v for a, v in zip(coef[i], p))
                + 3 * max(p[0], 5 * p[3]) for i in range(12)]
    pub = mix(truth)
    pub[0] = int(pub[0] * 1.5)
    idx = list(range(12))
    p, err = coordinate_descent(mix, pub, idx, START)
    for k, (_, grid, _) in enumerate(PARAMS):
        for v in grid:
            e = mae(mix(p[:k] + (v,) + p[k + 1:]), pub, idx)
            if e < err - 1e-12:
                print("selftest 3: %s = %d improves the fit's result" % (NAMES[k], v))
                ok = False
    print("selftest: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=["fit", "loo", "check", "selftest"])
    ap.add_argument("--tc", default=os.environ.get("VENTUS_VERILOG_TC"),
                    help="the port's testcase/test_gpgpu_top directory")
    ap.add_argument("--ventsim", default="build/src/ventsim")
    ap.add_argument("--cache", default=None, help="JSON file caching simulator runs")
    ap.add_argument("--start", choices=["multi", "neutral", "committed"], default="multi",
                    help="starting points of every fit: STARTS (default: best of four descents), "
                         "START alone, or the committed values (a warm start: they were fitted "
                         "on all 19, so a held-out case leaks into its fold through it)")
    ap.add_argument("--folds", type=int, default=None,
                    help="loo: only the first N folds (in the order of CASES; with --cache a "
                         "later full run reuses their runs)")
    ap.add_argument("--fix-rtl", action="store_true",
                    help="hold the parameters of RTL_FIXED at their values derived from the "
                         "port's RTL instead of fitting them")
    ap.add_argument("--objective", choices=sorted(OBJECTIVES), default="abs",
                    help="what the fit minimises: abs = mean |model - published| / published "
                         "(default), log = mean |ln(model / published)|; the report gives the "
                         "former either way")
    ap.add_argument("--adopt-cache", metavar="FILE",
                    help="reuse the runs of a cache FILE written by another ventsim build once "
                         "--adopt-check random vectors of it reproduce exactly with this one")
    ap.add_argument("--adopt-check", type=int, default=12)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--doc", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "docs", "timing-accuracy.md"),
                    help="check mode: the document whose tables are checked")
    a = ap.parse_args()
    if a.mode == "selftest":
        return selftest()
    have_tc = bool(a.tc) and os.path.isdir(a.tc)
    if not have_tc and a.mode != "check":
        print("SKIP: no Ventus Verilog test cases (--tc or VENTUS_VERILOG_TC: the port's "
              "testcase/test_gpgpu_top directory)")
        return 77
    log = lambda s: print(s, file=sys.stderr, flush=True)
    try:
        sim = Simulator(a.ventsim, a.tc, a.cache, a.jobs) if have_tc else None
        published = [c[4] for c in CASES]
        committed = committed_values(a.ventsim)
        if a.mode == "check":
            return check(sim, published, committed, a)
        if a.adopt_cache:
            n, k = sim.adopt(a.adopt_cache, a.adopt_check)
            log("adopted %d vectors of %s (%d rerun, all equal)" % (n, a.adopt_cache, k))
        starts = {"committed": [committed], "neutral": [START], "multi": STARTS}[a.start]
        free = None
        if a.fix_rtl:
            fixed = {NAMES.index(n): v for n, v in RTL_FIXED.items()}
            free = [k for k in range(len(NAMES)) if k not in fixed]
            starts = [tuple(fixed.get(k, v) for k, v in enumerate(st)) for st in starts]
            log("fixed from the RTL: " + ", ".join("%s=%d" % t for t in RTL_FIXED.items()))
        obj = OBJECTIVES[a.objective]
        fitted, fit_err = do_fit(sim, published, starts, log, free, obj)
        rows = do_loo(sim, published, starts, log, a.folds, free, obj) if a.mode == "loo" else []
        report(sim, published, fitted, fit_err, rows, committed, sys.stdout)
        return 0
    except Failure as e:
        print("ventus_fit.py: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
