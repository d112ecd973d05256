#!/usr/bin/env python3
"""Independent checker of ventsim timelines (Chrome Trace Event JSON, object
form).  Standard library only.

  check_trace.py TRACE.json [--stats STATS.json] [options]

Format rules (always): valid JSON object with a "traceEvents" list; every
event has name, ph, ts, pid, tid of the right types; "X" has a
non-negative dur; "B"/"E" pair up per track; "C" has numeric args;
timestamps are non-decreasing per track in file order; spans on a track
nest or are disjoint; every pid has a process_name and every pid/tid a
thread_name record, written before the first event that uses them.

With --stats, ties the trace to the run (docs/timeline.md): one launch span
per launch with its cycles, one work-group span per work-group, the warps
of the run, warp-cycles per stall reason and per SM equal to the stats'
(all reasons but "starting"), and nothing after the last cycle.

Bounding: --window S:E (every event inside; with --reference FULL.json the
spans and counters are exactly FULL's clipped to the window) and
--max-events N (at most N events; with --reference, they are FULL's first
N).  Exits 0 if every check passes, 1 with the reasons otherwise.
"""
import argparse
import json
import sys
from collections import defaultdict

PHASES = set("BEXiIMCbnesftPONDcR")
errors = []


def fail(msg):
    errors.append(msg)


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check_format(doc, allow_unfinished):
    """The Trace Event format rules; returns the non-metadata events."""
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("top level is not an object with a traceEvents list")
        return []
    if "displayTimeUnit" in doc and doc["displayTimeUnit"] not in ("ms", "ns"):
        fail("displayTimeUnit is %r" % doc["displayTimeUnit"])
    pnames, tnames = set(), set()
    last_ts = {}
    stacks = defaultdict(list)  # B/E per track
    spans = defaultdict(list)   # X per track, in file order
    events = []
    for n, e in enumerate(doc["traceEvents"]):
        where = "event %d" % n
        if not isinstance(e, dict):
            fail("%s is not an object" % where)
            continue
        for k, typ in (("name", str), ("ph", str)):
            if not isinstance(e.get(k), typ):
                fail("%s: missing or bad %r" % (where, k))
        ph = e.get("ph")
        if ph not in PHASES:
            fail("%s: unknown phase %r" % (where, ph))
            continue
        for k in ("pid", "tid"):
            if not isinstance(e.get(k), int) or isinstance(e.get(k), bool):
                fail("%s: missing or non-integer %r" % (where, k))
        if not is_num(e.get("ts")) or e["ts"] < 0:
            fail("%s: missing or negative ts" % where)
            continue
        pid, tid = e.get("pid"), e.get("tid")
        if ph == "M":
            a = e.get("args")
            if e["name"] in ("process_name", "thread_name"):
                if not isinstance(a, dict) or not isinstance(a.get("name"), str):
                    fail("%s: %s without args.name" % (where, e["name"]))
                (pnames if e["name"] == "process_name" else tnames).add(
                    pid if e["name"] == "process_name" else (pid, tid))
            elif e["name"] in ("process_sort_index", "thread_sort_index"):
                if not isinstance(a, dict) or not isinstance(a.get("sort_index"), int):
                    fail("%s: %s without an integer args.sort_index" % (where, e["name"]))
            continue
        if pid not in pnames:
            fail("%s: pid %s has no process_name before it" % (where, pid))
        if (pid, tid) not in tnames:
            fail("%s: pid %s tid %s has no thread_name before it" % (where, pid, tid))
        track = (pid, "C", e["name"]) if ph == "C" else (pid, tid)
        if track in last_ts and e["ts"] < last_ts[track]:
            fail("%s: ts %s goes back on track %s (was %s)" % (where, e["ts"], track, last_ts[track]))
        last_ts[track] = e["ts"]
        if ph == "X":
            if not is_num(e.get("dur")) or e["dur"] < 0:
                fail("%s: X without a non-negative dur" % where)
                continue
            spans[track].append((e["ts"], e["ts"] + e["dur"]))
        elif ph == "B":
            stacks[track].append(e["ts"])
        elif ph == "E":
            if not stacks[track]:
                fail("%s: E without B on track %s" % (where, track))
            elif stacks[track].pop() > e["ts"]:
                fail("%s: E before its B" % where)
        elif ph == "C":
            a = e.get("args")
            if not isinstance(a, dict) or not a or not all(is_num(v) for v in a.values()):
                fail("%s: counter without numeric args" % where)
        args = e.get("args", {})
        if isinstance(args, dict) and args.get("unfinished") and not allow_unfinished:
            fail("%s: unfinished span in a run that completed" % where)
        events.append(e)
    for track, st in stacks.items():
        if st:
            fail("track %s: %d B events without E" % (track, len(st)))
    # spans on one track must nest or be disjoint
    for track, sp in spans.items():
        open_ends = []
        for b, e in sorted(sp, key=lambda x: (x[0], -x[1])):
            while open_ends and open_ends[-1] <= b:
                open_ends.pop()
            if open_ends and e > open_ends[-1]:
                fail("track %s: span [%s,%s) overlaps one ending at %s" % (track, b, e, open_ends[-1]))
            open_ends.append(e)
    return events


def check_stats(events, stats, args):
    launches = stats["launches"]
    total_cycles = sum(l["cycles"] for l in launches)
    if stats.get("cycles") != total_cycles:
        fail("stats: total cycles %s != sum of launches %s" % (stats.get("cycles"), total_cycles))
    lspans = sorted((e for e in events if e["ph"] == "X" and e.get("cat") == "launch"),
                    key=lambda e: e["ts"])
    if len(lspans) != len(launches):
        fail("%d launch spans for %d launches" % (len(lspans), len(launches)))
    t = 0
    for sp, l in zip(lspans, launches):
        if sp["ts"] != t or sp["dur"] != l["cycles"] or sp["name"] != l["name"]:
            fail("launch span %s [%s,+%s) != launch %s at %s, %s cycles"
                 % (sp["name"], sp["ts"], sp["dur"], l["name"], t, l["cycles"]))
        t += l["cycles"]
    end = max((e["ts"] + e.get("dur", 0) for e in events), default=0)
    if end > total_cycles:
        fail("trace ends at %s, after the run's %s cycles" % (end, total_cycles))

    def launch_of(ts):
        start = 0
        for i, l in enumerate(launches):
            if ts < start + l["cycles"]:
                return i
            start += l["cycles"]
        return len(launches) - 1

    wgs = [e for e in events if e["ph"] == "X" and e.get("cat") == "workgroup"]
    nwg = sum(l["workgroups"] for l in launches)
    if len(wgs) != nwg:
        fail("%d work-group spans, stats count %d work-groups" % (len(wgs), nwg))
    if args.expect_wgs is not None and len(wgs) != args.expect_wgs:
        fail("%d work-group spans, expected %d" % (len(wgs), args.expect_wgs))
    ids = set((launch_of(e["ts"]), e["args"]["wg"]) for e in wgs)
    if len(ids) != len(wgs):
        fail("a work-group has more than one span")

    warp_spans = [e for e in events if e["ph"] == "X" and e.get("cat") in ("run", "stall")]
    warps = set((launch_of(e["ts"]), e["args"]["wg"], e["args"]["warp"]) for e in warp_spans)
    nwarps = sum(l["warps"] for l in launches)
    if len(warps) != nwarps:
        fail("%d warps in the trace, stats count %d" % (len(warps), nwarps))
    # warp-cycles by reason, in total and per SM
    by_reason = defaultdict(int)
    by_sm = defaultdict(lambda: defaultdict(int))
    for e in warp_spans:
        r = e["args"]["reason"]
        if (r == "issued") != (e["name"] == "run"):
            fail("span %s has reason %s" % (e["name"], r))
        by_reason[r] += e["dur"]
        by_sm[e["pid"] - 1][r] += e["dur"]
    want = defaultdict(int)
    want_sm = defaultdict(lambda: defaultdict(int))
    for l in launches:
        for r, v in l["timing"]["stalls"].items():
            want[r] += v
        for s in l["timing"]["per_sm"]:
            for r, v in s["stalls"].items():
                want_sm[s["sm"]][r] += v
    for r in set(want) | set(by_reason):
        if r == "starting":  # before a warp starts: not on its track
            continue
        if want[r] != by_reason[r]:
            fail("warp-cycles '%s': trace %d, stats %d" % (r, by_reason[r], want[r]))
        for sm in want_sm:
            if want_sm[sm][r] != by_sm[sm][r]:
                fail("SM %d warp-cycles '%s': trace %d, stats %d" % (sm, r, by_sm[sm][r], want_sm[sm][r]))
    winsn = sum(l["warp_instructions"] for l in launches)
    if args.run_equals_insns and by_reason["issued"] != winsn:
        fail("run time %d warp-cycles != %d warp instructions" % (by_reason["issued"], winsn))
    if by_reason["issued"] > winsn:
        fail("run time %d warp-cycles > %d warp instructions" % (by_reason["issued"], winsn))
    # counters: one sample per SM and interval; IPC x interval = instructions
    # issued in the interval, i.e. run cycles of its warps (issue_per_warp 1)
    if args.sample_interval:
        iv = args.sample_interval
        nsm = launches[0]["timing"]["sms"]
        for sm in range(nsm):
            ipc = [e for e in events if e["ph"] == "C" and e["pid"] == sm + 1 and e["name"] == "ipc"]
            aw = [e for e in events if e["ph"] == "C" and e["pid"] == sm + 1 and e["name"] == "active_warps"]
            om = [e for e in events if e["ph"] == "C" and e["pid"] == sm + 1 and e["name"] == "outstanding_mem"]
            if not ipc or len(ipc) != len(aw) or len(aw) != len(om):
                fail("SM %d: %d/%d/%d ipc/active_warps/outstanding_mem samples"
                     % (sm, len(ipc), len(aw), len(om)))
                continue
            # the samples fall at multiples of the interval from each launch's start
            start, expect = 0, []
            for l in launches:
                expect += [start + k * iv for k in range(0, l["cycles"] // iv)]
                start += l["cycles"]
            got = [e["ts"] for e in ipc]
            if any(x not in expect for x in got) or len(got) < len(expect) - 2 * len(launches):
                fail("SM %d: IPC samples at %s, expected about %s" % (sm, got[:5], expect[:5]))
            for e in aw:
                if e["args"]["value"] > args.max_warps:
                    fail("SM %d: %s active warps" % (sm, e["args"]["value"]))
            if args.run_equals_insns:
                runs = [e for e in warp_spans if e["pid"] == sm + 1 and e["name"] == "run"]
                for c in ipc:
                    a, b = c["ts"], c["ts"] + iv
                    n = sum(max(0, min(b, e["ts"] + e["dur"]) - max(a, e["ts"])) for e in runs)
                    if abs(c["args"]["value"] * iv - n) > 1e-3 * max(1, n):
                        fail("SM %d: IPC %s over [%d,%d) but %d run cycles there"
                             % (sm, c["args"]["value"], a, b, n))


def key(e):
    return json.dumps(e, sort_keys=True)


def check_window(events, doc, ref_events, s, e):
    for ev in events:
        end = ev["ts"] + ev.get("dur", 0)
        if ev["ts"] < s or (e is not None and (end > e or (ev["ph"] != "X" and ev["ts"] >= e))):
            fail("event %s at [%s,%s) outside the window %s:%s" % (ev["name"], ev["ts"], end, s, e))
    w = doc.get("otherData", {}).get("window")
    if w != [s, e]:
        fail("otherData.window is %s" % w)
    if ref_events is None:
        return
    want = []
    for ev in ref_events:  # clip FULL's events to the window ourselves
        if ev["ph"] == "X":
            b, d = max(ev["ts"], s), min(ev["ts"] + ev["dur"], e if e is not None else 1 << 62)
            if d <= b:
                continue
            ev = dict(ev, ts=b, dur=d - b)
        elif ev["ts"] < s or (e is not None and ev["ts"] >= e):
            continue
        want.append(ev)
    a = sorted(key(x) for x in events)
    b = sorted(key(x) for x in want)
    if a != b:
        fail("window %s:%s: %d events, FULL clipped to it has %d (%d differ)"
             % (s, e, len(a), len(b), len(set(a) ^ set(b))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trace")
    ap.add_argument("--stats")
    ap.add_argument("--expect-wgs", type=int)
    ap.add_argument("--run-equals-insns", action="store_true",
                    help="issue_per_warp is 1: warp run cycles == warp instructions")
    ap.add_argument("--sample-interval", type=int, help="sim.sample_interval of the run")
    ap.add_argument("--max-warps", type=int, default=64)
    ap.add_argument("--allow-unfinished", action="store_true")
    ap.add_argument("--window")
    ap.add_argument("--max-events", type=int)
    ap.add_argument("--expect-truncated", action="store_true")
    ap.add_argument("--reference", help="the same run's trace without bounds")
    args = ap.parse_args()
    try:
        doc = load(args.trace)
    except (OSError, ValueError) as ex:
        print("FAIL: %s: not valid JSON: %s" % (args.trace, ex))
        return 1
    events = check_format(doc, args.allow_unfinished)
    ref = check_format(load(args.reference), False) if args.reference else None
    if not events:
        fail("no events")
    if args.stats:
        check_stats(events, load(args.stats), args)
    od = doc.get("otherData", {})
    if args.window:
        s, e = args.window.split(":")
        check_window(events, doc, ref, int(s or 0), int(e) if e else None)
    if args.max_events is not None:
        if len(events) > args.max_events:
            fail("%d events, more than --timeline-max-events %d" % (len(events), args.max_events))
        if ref is not None and [key(x) for x in events] != [key(x) for x in ref[:len(events)]]:
            fail("the bounded trace is not the start of the full one")
        if ref is not None and len(ref) > args.max_events and len(events) != args.max_events:
            fail("%d events written, the limit %d was not used up" % (len(events), args.max_events))
    if args.expect_truncated and od.get("truncated") is not True:
        fail("otherData.truncated is not true")
    if not args.expect_truncated and od.get("truncated") is not False:
        fail("otherData.truncated is %r" % od.get("truncated"))
    if od.get("events") != len(events):
        fail("otherData.events %r != %d events" % (od.get("events"), len(events)))
    if errors:
        for m in errors[:30]:
            print("FAIL: %s: %s" % (args.trace, m))
        if len(errors) > 30:
            print("FAIL: ... %d more" % (len(errors) - 30))
        return 1
    print("ok: %s: %d events" % (args.trace, len(events)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
