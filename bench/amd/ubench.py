#!/usr/bin/env python3
"""AMD microbenchmarks for the ventsim timing model (docs/amd-ubench.md).

One driver, three uses:
  ubench.py --check                 run every benchmark at small sizes on an
                                    OpenCL device (default: pocl) and check
                                    every result against a host reference
  ubench.py --predict [CONFIG]      print what the hardware numbers of
                                    docs/amd-hardware.md predict (no OpenCL)
  ubench.py --measure --config C    run the sweeps, turn the device's
                                    profiling times into cycles (x clock) and
                                    print measured beside predicted values
                                    (bench/amd/run_ubench.sh does this on the
                                    ventsim OpenCL platform in timing mode)
Exit status: 0 ok, 1 a check failed, 2 bad usage, 77 the device cannot run
AMD kernels yet (the ventsim platform before the AMD front end).
"""
import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(HERE, "ubench.json")
SKIP = 77


class CheckError(Exception):
    pass


class NotAvailable(Exception):
    pass


def load_configs():
    with open(MANIFEST) as f:
        return json.load(f)["configs"]


# ---------------------------------------------------------------- predictions
# Each returns the value the configuration intends for one sweep point, in the
# benchmark's unit; None where the configuration has no such level.

def level_of(cfg, ws):
    """The cache level a pointer chase over ws bytes hits (capacity only)."""
    for name, size in (("l1", "l1_bytes"), ("l1b", "l1b_bytes"), ("l2", "l2_bytes"),
                       ("llc", "llc_bytes")):
        if cfg.get(size) and ws <= cfg[size]:
            return name
    return "dram"


def p_chase_vector(cfg, pt):
    return cfg["lat_" + level_of(cfg, pt["ws"])] + cfg["chase_overhead"]


def p_chase_scalar(cfg, pt):
    lvl = level_of(cfg, pt["ws"])
    if pt["ws"] <= 16384:          # the scalar cache is 16 KiB on all three
        return cfg["lat_scalar"] + cfg["chase_overhead"]
    # a scalar-cache miss goes to the next shared level: GL1 on RDNA3, L2 on GCN
    if lvl in ("l1", "l1b"):
        lvl = "l1b" if cfg.get("l1b_bytes") else "l2"
    return cfg["lat_" + lvl] + cfg["chase_overhead"]


def p_overlap(cfg, pt):
    """loads_dep / loads_indep cycle ratio for 8 loads: 8 L / (L + 7 issue)."""
    lat = cfg["lat_" + level_of(cfg, pt["ws"])] + cfg["chase_overhead"]
    issue = cfg["valu_issue_f32"] * 2          # ~2 issue slots per load
    return 8.0 * lat / (lat + 7 * issue)


def p_bw(cfg, pt):
    lvl = level_of(cfg, pt["bytes"])
    if lvl in ("l1", "l1b"):
        return cfg["bw_l1_cu"] * cfg["cus"]
    return cfg.get("bw_" + lvl) or cfg["bw_dram"]


def p_strided(cfg, pt):
    """Useful bytes per cycle at DRAM for a 4-byte read with this stride: a
    line carries line/(4 stride) useful words when stride < line/4."""
    useful = min(1.0, 1.0 / pt["stride"]) if pt["stride"] else 1.0
    useful = max(useful, 4.0 / cfg["line_bytes"])
    return cfg["bw_dram"] * useful


def lds_degree(stride, banks=32, lanes=32, words=4096):
    """Conflict degree by brute force: the most distinct words one bank must
    deliver for one pass of `lanes` lanes (same word = broadcast)."""
    per_bank = {}
    for lane in range(lanes):
        w = (lane * stride) % words
        per_bank.setdefault(w % banks, set()).add(w)
    return max(len(s) for s in per_bank.values())


def p_lds(cfg, pt):
    """LDS cycles per wave-wide ds_read_b32 when LDS-bound."""
    passes = cfg["wave"] // cfg["lds_lanes_per_cycle"]
    return passes * math.gcd(pt["stride"], cfg["lds_banks"]) if pt["stride"] else passes


def p_valu(kind, dep):
    def f(cfg, pt):
        v = cfg[("valu_lat_" if dep else "valu_issue_") + kind]
        if kind == "imul" and cfg["target"].startswith("gfx9"):
            v += cfg["valu_issue_f32"]     # gfx9: v_mul_lo_u32 + v_add_u32 per op
        return v                           # gfx11: one v_mad_u64_u32 per op
    return f


def p_salu_dep(cfg, pt):
    return 2 * cfg["salu_lat"]             # s_mul_i32 + s_add_i32 per op


def p_salu_indep(cfg, pt):
    # one wave: GCN issues one instruction per wave every 4 cycles, RDNA3 one per cycle
    return 2 * (4 if cfg["target"].startswith("gfx9") else 1)


def p_barrier(cfg, pt):
    waves = -(-pt["local"] // cfg["wave"])
    per_simd = -(-waves // cfg["simds_per_cu"])
    # loop body (~4 instructions) issued by every wave on a SIMD, then release
    return per_simd * 4 * (4 if cfg["wave"] == 64 else 1) + cfg["barrier_release"]


def p_atomic_same(cfg, pt):
    # clang's atomic optimizer makes one atomic per wave (v_mbcnt/s_bcnt1):
    # lane-atomics per cycle = wave / (cycles per same-address L2 atomic = 1)
    return float(cfg["wave"])


def p_atomic_distinct(cfg, pt):
    return float(cfg["l2_atomics_per_cycle"])


# ------------------------------------------------------------ host references

def sattolo(n, rng):
    """A random cyclic permutation (one cycle through all n nodes)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = int(rng.integers(0, i))
        order[i], order[j] = order[j], order[i]
    return order


def make_chain(np, ws, stride, rng):
    """next[] of ws bytes: node k at word k*sw (sw = stride/4), one random
    cycle through all nodes.  Returns (next, order-of-word-indices)."""
    sw = stride // 4
    n = max(2, ws // stride)
    perm = sattolo(n, rng)
    nxt = np.zeros(n * sw, dtype=np.uint32)
    order = [0]
    for _ in range(n - 1):
        order.append(perm[order[-1]])
    words = [k * sw for k in order]
    for i, w in enumerate(words):
        nxt[w] = words[(i + 1) % n]
    return nxt, words


def chain_after(words, pos_of, start, steps):
    return words[(pos_of[start] + steps) % len(words)]


# ------------------------------------------------------------------- runner

class Runner:
    def __init__(self, args):
        import numpy as np
        import pyopencl as cl
        self.np, self.cl, self.args = np, cl, args
        plats = [p for p in cl.get_platforms() if args.platform.lower() in p.name.lower()]
        if not plats:
            raise NotAvailable("no OpenCL platform matching '%s'" % args.platform)
        devs = [d for p in plats for d in p.get_devices()
                if args.device.lower() in d.name.lower()]
        if not devs:
            raise NotAvailable("no device matching '%s' on %s" % (args.device, plats[0].name))
        self.dev = devs[0]
        self.ctx = cl.Context([self.dev])
        self.q = cl.CommandQueue(self.ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
        self.clock_mhz = args.clock_mhz or self.dev.max_clock_frequency
        self.fp64 = "cl_khr_fp64" in self.dev.extensions
        self.progs = {}
        self.rng = np.random.default_rng(15)

    def kernel_for(self, fname, name, lsz):
        """name, or its variant for exactly lsz work-items (name_wgN, with
        reqd_work_group_size) when lsz is above 256, the largest group a
        kernel without that attribute may have."""
        return self.kernel(fname, name if lsz <= 256 else "%s_wg%d" % (name, lsz))

    def kernel(self, fname, name):
        if fname not in self.progs:
            with open(os.path.join(HERE, fname)) as f:
                src = f.read()
            self.progs[fname] = self.cl.Program(self.ctx, src).build(options=self.args.build_options)
        return getattr(self.progs[fname], name)

    def buf(self, arr):
        mf = self.cl.mem_flags
        return self.cl.Buffer(self.ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=arr)

    def zeros(self, n, dtype):
        return self.buf(self.np.zeros(max(n, 1), dtype=dtype))

    def read(self, b, n, dtype):
        out = self.np.empty(n, dtype=dtype)
        self.cl.enqueue_copy(self.q, out, b)
        return out

    def run(self, k, gsz, lsz, *a):
        """Runs k once; returns its simulated cycles (profiling x clock)."""
        try:
            ev = k(self.q, (gsz,), (lsz,) if lsz else None, *a)
            ev.wait()
        except self.cl.Error as e:
            if "INVALID_OPERATION" in str(e):
                raise NotAvailable("the device does not run this kernel: %s" % e)
            raise
        return (ev.profile.end - ev.profile.start) * self.clock_mhz / 1000.0


def u32(x):
    import numpy as np
    return np.uint32(x)


# -------------------------------------------------------------- benchmarks
# Each bench function runs its sweep (small points with check=True), checks the
# results and yields (point, measured value).

def b_chase(r, check, kind):
    np = r.np
    k = r.kernel("ubench_mem.cl", "chase_" + kind)
    line = r.args.line
    pts = [4096, 65536] if check else [w for w in WS if w <= r.args.max_bytes]
    n1, n2 = (50, 150) if check else (1000, 5000)
    for ws in pts:
        nxt, words = make_chain(np, ws, line, r.rng)
        pos = {w: i for i, w in enumerate(words)}
        b_next, out = r.buf(nxt), r.zeros(1, np.uint32)
        start = words[len(words) // 3]
        c = []
        for steps in (n1, n2):
            if kind == "vector":
                b_st = r.buf(np.array([start], dtype=np.uint32))
                c.append(r.run(k, 1, 1, b_next, b_st, u32(steps), out))
            else:
                c.append(r.run(k, 1, 1, b_next, u32(start), u32(steps), out))
            got = int(r.read(out, 1, np.uint32)[0])
            want = chain_after(words, pos, start, steps)
            if got != want:
                raise CheckError("chase_%s ws=%d steps=%d: %d, expected %d" % (kind, ws, steps, got, want))
        yield {"ws": ws}, (c[1] - c[0]) / (n2 - n1)


def b_overlap(r, check):
    np = r.np
    kd = r.kernel("ubench_mem.cl", "loads_dep")
    ki = r.kernel("ubench_mem.cl", "loads_indep")
    pts = [65536] if check else [w for w in (16384, 4 << 20, 256 << 20) if w <= r.args.max_bytes]
    n1, n2 = (10, 30) if check else (100, 500)
    for ws in pts:
        nxt, words = make_chain(np, ws, r.args.line, r.rng)
        pos = {w: i for i, w in enumerate(words)}
        n = len(words)
        starts = np.array([words[(i * n) // 8] for i in range(8)], dtype=np.uint32)
        b_next, b_st, out = r.buf(nxt), r.buf(starts), r.zeros(1, np.uint32)
        cd, ci = [], []
        for it in (n1, n2):
            cd.append(r.run(kd, 1, 1, b_next, b_st, u32(it), out))
            got = int(r.read(out, 1, np.uint32)[0])
            want = chain_after(words, pos, int(starts[0]), 8 * it)
            if got != want:
                raise CheckError("loads_dep ws=%d iters=%d: %d, expected %d" % (ws, it, got, want))
            ci.append(r.run(ki, 1, 1, b_next, b_st, u32(it), out))
            got = int(r.read(out, 1, np.uint32)[0])
            want = 0
            for s in starts:
                want ^= chain_after(words, pos, int(s), it)
            if got != want:
                raise CheckError("loads_indep ws=%d iters=%d: %d, expected %d" % (ws, it, got, want))
        dep, ind = (cd[1] - cd[0]) / (n2 - n1), (ci[1] - ci[0]) / (n2 - n1)
        yield {"ws": ws}, dep / ind if ind > 0 else float("nan")


def grid(r, check):
    return 256 if check else r.dev.max_compute_units * 4 * 256


def b_bw(r, check, kind):
    np = r.np
    k = r.kernel("ubench_mem.cl", "bw_" + kind)
    pts = [1 << 14, 1 << 16] if check else [1 << e for e in range(14, 31, 2) if 1 << e <= r.args.max_bytes]
    gsz = grid(r, check)
    for nbytes in pts:
        n4 = nbytes // 16
        a = r.rng.integers(0, 2 ** 32, size=n4 * 4, dtype=np.uint32)
        b_a = r.buf(a)
        passes = (1, 3) if check else (1, 1 + max(1, r.args.moved // nbytes))
        c = []
        for p in passes:
            if kind == "read":
                out = r.zeros(gsz, np.uint32)
                c.append(r.run(k, gsz, 256, b_a, u32(n4), u32(p), out))
                if check:
                    got = int(r.read(out, gsz, np.uint32).astype(np.uint64).sum() % 2 ** 32)
                    want = 0
                    for q in range(p):
                        want += int((a ^ np.uint32(q)).astype(np.uint64).sum())
                    if got != want % 2 ** 32:
                        raise CheckError("bw_read %d B passes %d: sum %d, expected %d" % (nbytes, p, got, want % 2 ** 32))
            elif kind == "write":
                c.append(r.run(k, gsz, 256, b_a, u32(n4), u32(p)))
                if check:
                    got = r.read(b_a, n4 * 4, np.uint32).reshape(n4, 4)
                    i = np.arange(n4, dtype=np.uint32)
                    want = np.stack([i, np.full(n4, p - 1, np.uint32), i ^ np.uint32(p - 1),
                                     np.full(n4, 7, np.uint32)], axis=1)
                    if not (got == want).all():
                        raise CheckError("bw_write %d B passes %d: wrong contents" % (nbytes, p))
            else:
                b_b = r.zeros(n4 * 4, np.uint32)
                c.append(r.run(k, gsz, 256, b_a, b_b, u32(n4), u32(p)))
                if check:
                    got = r.read(b_b, n4 * 4, np.uint32)
                    if not (got == a + np.uint32(p - 1)).all():
                        raise CheckError("bw_copy %d B passes %d: wrong contents" % (nbytes, p))
        moved = nbytes * (2 if kind == "copy" else 1) * (passes[1] - passes[0])
        yield {"bytes": nbytes}, moved / (c[1] - c[0]) if c[1] > c[0] else float("nan")


def b_strided(r, check):
    np = r.np
    k = r.kernel("ubench_mem.cl", "bw_read_strided")
    n = 1 << (14 if check else 26)
    a = r.rng.integers(0, 2 ** 32, size=n, dtype=np.uint32)
    b_a = r.buf(a)
    gsz = grid(r, check)
    out = r.zeros(gsz, np.uint32)
    passes = (2, 6) if check else (4, 36)
    for stride in ([1, 16] if check else [1, 2, 4, 8, 16, 32]):
        c = []
        for p in passes:
            c.append(r.run(k, gsz, 256, b_a, u32(n), u32(stride), u32(p), out))
            if check:
                g = np.arange(gsz, dtype=np.uint64)
                want = np.zeros(gsz, dtype=np.uint64)
                for q in range(p):
                    want += (a[((g * stride + q * 4096) & (n - 1)).astype(np.int64)] ^ np.uint32(q)).astype(np.uint64)
                got = r.read(out, gsz, np.uint32)
                if not (got == (want % 2 ** 32).astype(np.uint32)).all():
                    raise CheckError("bw_read_strided stride %d passes %d: wrong sums" % (stride, p))
        yield {"stride": stride}, gsz * 4 * (passes[1] - passes[0]) / (c[1] - c[0]) if c[1] > c[0] else float("nan")


def b_lds(r, check):
    np = r.np
    lsz = 64 if check else 1024
    k = r.kernel_for("ubench_core.cl", "lds_stride", lsz)
    out = r.zeros(lsz, np.uint32)
    n1, n2 = (3, 9) if check else (100, 500)
    waves = lsz // r.args.wave
    table = (np.arange(4096, dtype=np.uint64) * 2654435761) % 2 ** 32
    for stride in ([0, 1, 2, 3, 32] if check else list(range(0, 33))):
        c = []
        for it in (n1, n2):
            c.append(r.run(k, lsz, lsz, out, u32(stride), u32(it)))
            lid = np.arange(lsz, dtype=np.uint64)
            want = np.zeros(lsz, dtype=np.uint64)
            for m in range(4 * it):
                want += table[((lid * stride + 32 * m) & 4095).astype(np.int64)]
            got = r.read(out, lsz, np.uint32)
            if not (got == (want % 2 ** 32).astype(np.uint32)).all():
                raise CheckError("lds_stride stride %d iters %d: wrong sums" % (stride, it))
        # cycles per wave-wide ds_read_b32 (4 per iteration per wave)
        yield {"stride": stride}, (c[1] - c[0]) / ((n2 - n1) * 4 * waves)


def b_valu(r, check, kind, dep):
    np = r.np
    if kind == "f64" and not r.fp64:
        return
    name = ("salu" if kind == "salu" else "valu_" + kind) + ("_dep" if dep else "_indep")
    k = r.kernel("ubench_core.cl", name)
    w = r.args.wave
    n1, n2 = (2, 6) if check else (100, 1100)
    ft = {"f32": np.float32, "f64": np.float64, "trans": np.float32}.get(kind, np.uint32)
    out = r.zeros(w, ft)
    c = []
    for it in (n1, n2):
        if kind in ("f32", "f64"):
            a, b = ft(0.5), ft(1.0)
            c.append(r.run(k, w, w, out, u32(it), a, b))
        elif kind == "trans":
            c.append(r.run(k, w, w, out, u32(it)))
        elif kind == "imul":
            a, b = 1664525, 1013904223
            c.append(r.run(k, w, w, out, u32(it), u32(a), u32(b)))
        else:
            a, b, seed = 22695477, 1, 12345
            c.append(r.run(k, w, w, out, u32(it), u32(seed), u32(a), u32(b)))
        got = r.read(out, w, ft)
        want = valu_reference(np, kind, dep, it, w)
        ok = (np.allclose(got, want, rtol=1e-3, atol=1e-3) if kind == "trans"
              else np.allclose(got, want, rtol=1e-6) if ft != np.uint32 else (got == want).all())
        if not ok:
            raise CheckError("%s iters %d: %s, expected %s" % (name, it, got[:4], want[:4]))
    yield {"ops": 8}, (c[1] - c[0]) / ((n2 - n1) * 8)


def valu_reference(np, kind, dep, it, w):
    g = np.arange(w)
    if kind in ("f32", "f64"):
        ft = np.float32 if kind == "f32" else np.float64
        xs = [g.astype(ft) + ft(i) for i in (range(1) if dep else range(8))]
        for _ in range(8 * it if dep else it):
            xs = [x * ft(0.5) + ft(1.0) for x in xs]
        return sum(xs[1:], xs[0])
    if kind == "trans":
        xs = [g.astype(np.float64) + 2.0 + i for i in (range(1) if dep else range(8))]
        for _ in range(8 * it if dep else it):
            xs = [1.0 / np.sqrt(x) for x in xs]
        return sum(xs[1:], xs[0]).astype(np.float32)
    if kind == "imul":
        a, b, x0 = 1664525, 1013904223, [int(v) for v in g]
    else:
        a, b, x0 = 22695477, 1, [12345] * w
    res = []
    for x in x0:
        xs = [x] if dep else [x + i for i in range(8)]
        for _ in range(8 * it if dep else it):
            xs = [(v * a + b) % 2 ** 32 for v in xs]
        acc = 0
        for v in xs:
            acc ^= v
        res.append(acc)
    return np.array(res, dtype=np.uint32)


def b_barrier(r, check, kind):
    np = r.np
    n1, n2 = (2, 5) if check else (100, 1100)
    for lsz in ([64, 256, 1024] if check else [64, 128, 256, 512, 1024]):
        k = r.kernel_for("ubench_core.cl", "barrier_" + kind, lsz)
        out = r.zeros(lsz, np.uint32)
        c = []
        for it in (n1, n2):
            c.append(r.run(k, lsz, lsz, out, u32(it)))
            got = r.read(out, lsz, np.uint32)
            if kind == "only":
                want = np.full(lsz, it, np.uint32)
            else:
                acc = np.arange(lsz, dtype=np.uint64)
                for i in range(it):
                    acc = (acc + np.roll(acc, -1) + i) % 2 ** 32
                want = acc.astype(np.uint32)
            if not (got == want).all():
                raise CheckError("barrier_%s local %d iters %d: wrong result" % (kind, lsz, it))
        yield {"local": lsz}, (c[1] - c[0]) / (n2 - n1)


def b_atomic(r, check, kind):
    np = r.np
    k = r.kernel("ubench_core.cl", "atomic_" + kind)
    gsz = 256 if check else r.dev.max_compute_units * 256
    n1, n2 = (2, 6) if check else (10, 50)
    spacing = 16
    c = []
    for it in (n1, n2):
        if kind == "same":
            ctr = r.zeros(1, np.uint32)
            c.append(r.run(k, gsz, 256, ctr, u32(it)))
            got = r.read(ctr, 1, np.uint32)
            if int(got[0]) != gsz * it:
                raise CheckError("atomic_same iters %d: %d, expected %d" % (it, got[0], gsz * it))
        else:
            ctr = r.zeros(gsz * spacing, np.uint32)
            c.append(r.run(k, gsz, 256, ctr, u32(spacing), u32(it)))
            got = r.read(ctr, gsz * spacing, np.uint32).reshape(gsz, spacing)
            if not ((got[:, 0] == it).all() and (got[:, 1:] == 0).all()):
                raise CheckError("atomic_distinct iters %d: wrong counters" % it)
    yield {"items": gsz}, gsz * (n2 - n1) / (c[1] - c[0]) if c[1] > c[0] else float("nan")


def _fmt_pt(pt):
    return " ".join("%s=%s" % kv for kv in pt.items())


# name: (bench function, predictor, unit, sweep points for --predict)
WS = [2 ** e for e in range(12, 29)]
BENCHES = {
    "chase_vector": (lambda r, c: b_chase(r, c, "vector"), p_chase_vector, "cycles/load", [{"ws": w} for w in WS]),
    "chase_scalar": (lambda r, c: b_chase(r, c, "scalar"), p_chase_scalar, "cycles/load", [{"ws": w} for w in WS]),
    "overlap": (b_overlap, p_overlap, "dep/indep", [{"ws": w} for w in (16384, 4 << 20, 256 << 20)]),
    "bw_read": (lambda r, c: b_bw(r, c, "read"), p_bw, "bytes/cycle", [{"bytes": 1 << e} for e in range(14, 31, 2)]),
    "bw_write": (lambda r, c: b_bw(r, c, "write"), p_bw, "bytes/cycle", [{"bytes": 1 << e} for e in range(14, 31, 2)]),
    "bw_copy": (lambda r, c: b_bw(r, c, "copy"), p_bw, "bytes/cycle", [{"bytes": 1 << e} for e in range(14, 31, 2)]),
    "bw_read_strided": (b_strided, p_strided, "useful bytes/cycle", [{"stride": s} for s in (1, 2, 4, 8, 16, 32)]),
    "lds_stride": (b_lds, p_lds, "cycles/ds_read", [{"stride": s} for s in range(0, 33)]),
    "valu_f32_dep": (lambda r, c: b_valu(r, c, "f32", True), p_valu("f32", True), "cycles/op", [{"ops": 8}]),
    "valu_f32_indep": (lambda r, c: b_valu(r, c, "f32", False), p_valu("f32", False), "cycles/op", [{"ops": 8}]),
    "valu_f64_dep": (lambda r, c: b_valu(r, c, "f64", True), p_valu("f64", True), "cycles/op", [{"ops": 8}]),
    "valu_f64_indep": (lambda r, c: b_valu(r, c, "f64", False), p_valu("f64", False), "cycles/op", [{"ops": 8}]),
    "valu_trans_dep": (lambda r, c: b_valu(r, c, "trans", True), p_valu("trans", True), "cycles/op", [{"ops": 8}]),
    "valu_trans_indep": (lambda r, c: b_valu(r, c, "trans", False), p_valu("trans", False), "cycles/op", [{"ops": 8}]),
    "valu_imul_dep": (lambda r, c: b_valu(r, c, "imul", True), p_valu("imul", True), "cycles/op", [{"ops": 8}]),
    "valu_imul_indep": (lambda r, c: b_valu(r, c, "imul", False), p_valu("imul", False), "cycles/op", [{"ops": 8}]),
    "salu_dep": (lambda r, c: b_valu(r, c, "salu", True), p_salu_dep, "cycles/op", [{"ops": 8}]),
    "salu_indep": (lambda r, c: b_valu(r, c, "salu", False), p_salu_indep, "cycles/op", [{"ops": 8}]),
    "barrier_only": (lambda r, c: b_barrier(r, c, "only"), p_barrier, "cycles/iteration", [{"local": n} for n in (64, 128, 256, 512, 1024)]),
    "barrier_exchange": (lambda r, c: b_barrier(r, c, "exchange"), None, "cycles/iteration", []),
    "atomic_same": (lambda r, c: b_atomic(r, c, "same"), p_atomic_same, "lane-atomics/cycle", [{"items": 0}]),
    "atomic_distinct": (lambda r, c: b_atomic(r, c, "distinct"), p_atomic_distinct, "lane-atomics/cycle", [{"items": 0}]),
}


def predict(configs, names):
    print("| benchmark | point | unit | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for bname, (_, pred, unit, pts) in BENCHES.items():
        if pred is None:
            continue
        for pt in pts:
            vals = []
            for n in names:
                v = pred(configs[n], pt)
                vals.append("-" if v is None else ("%.3g" % v))
            ptxt = _fmt_pt(pt) if pt not in ({"ops": 8}, {"items": 0}) else ""
            print("| %s | %s | %s | %s |" % (bname, ptxt, unit, " | ".join(vals)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="small sizes, check every result")
    mode.add_argument("--measure", action="store_true", help="full sweeps, print cycles beside predictions")
    mode.add_argument("--predict", nargs="?", const="all", metavar="CONFIG", help="print predictions (markdown)")
    ap.add_argument("--platform", default="Portable Computing Language", help="platform name substring")
    ap.add_argument("--device", default="", help="device name substring")
    ap.add_argument("--config", help="configuration of ubench.json for predictions and wave size")
    ap.add_argument("--bench", help="comma-separated benchmark names (default all)")
    ap.add_argument("--clock-mhz", type=float, help="cycles = profiling ns x this / 1000 (default: the device's clock)")
    ap.add_argument("--max-bytes", type=int, default=1 << 30,
                    help="--measure: largest working set / buffer of the chase, overlap and bandwidth sweeps")
    ap.add_argument("--moved", type=int, default=1 << 27,
                    help="--measure: bytes the bandwidth sweeps move between their two runs (at least one pass)")
    ap.add_argument("--build-options", default="", help="OpenCL build options")
    args = ap.parse_args()
    configs = load_configs()

    if args.predict:
        names = list(configs) if args.predict == "all" else [args.predict]
        for n in names:
            if n not in configs:
                ap.error("unknown configuration '%s' (have: %s)" % (n, ", ".join(configs)))
        predict(configs, names)
        return 0

    cfg = None
    if args.config:
        if args.config not in configs:
            ap.error("unknown configuration '%s' (have: %s)" % (args.config, ", ".join(configs)))
        cfg = configs[args.config]
    args.wave = cfg["wave"] if cfg else 64
    args.line = cfg["line_bytes"] if cfg else 64
    names = args.bench.split(",") if args.bench else list(BENCHES)
    for n in names:
        if n not in BENCHES:
            ap.error("unknown benchmark '%s'" % n)
    try:
        import numpy  # noqa: F401
        import pyopencl  # noqa: F401
    except ImportError as e:
        print("SKIP: %s" % e)
        return SKIP
    try:
        r = Runner(args)
    except NotAvailable as e:
        print("SKIP: %s" % e)
        return SKIP
    print("# device %s on %s, clock %g MHz%s" % (r.dev.name, r.dev.platform.name, r.clock_mhz,
          ", predictions: " + args.config if cfg else ""))
    passed = failed = 0
    for n in names:
        fn, pred, unit, _ = BENCHES[n]
        try:
            for pt, val in fn(r, args.check):
                if args.measure:
                    p = pred(cfg, pt) if (cfg and pred) else None
                    print("%-18s %-16s %12.3f %s   predicted %s" % (n, _fmt_pt(pt), val, unit,
                          "-" if p is None else "%.3f" % p))
            passed += 1
            if args.check:
                print("ok   %s" % n)
        except CheckError as e:
            failed += 1
            print("FAIL %s: %s" % (n, e))
        except NotAvailable as e:
            print("SKIP: %s" % e)
            return SKIP
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
