#!/usr/bin/env python3
"""Checks a replayed AMD launch (tests/cli/amd_capture.sh) independently of
the simulator's code: the launch directory's launch.json has the format and
version, its code.hsaco has the SHA-256 it names, every bufN.bin has its size;
and the words of `ventsim run --dump` at the address of argument ARG (a
buffer) equal the bytes the host program read (OUT.bin).

    compare_dump.py LAUNCH_DIR ARG OUT.bin DUMP"""
import hashlib
import json
import os
import struct
import sys

d, arg, outbin, dump = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
j = json.load(open(os.path.join(d, "launch.json")))
assert j["format"] == "ventsim-amd-launch" and j["version"] == 1, j.get("format")
code = open(os.path.join(d, j["code_object"]["file"]), "rb").read()
assert hashlib.sha256(code).hexdigest() == j["code_object"]["sha256"], "sha256"
for b in j["buffers"]:
    assert os.path.getsize(os.path.join(d, b["file"])) == b["size"], b
a = j["args"][arg]
assert a["kind"] == "buffer", a
base = int(a["address"], 16)
words = {}
for line in open(dump):
    if line.startswith("#") or not line.strip():
        continue
    ad, w = line.split()
    words[int(ad, 16)] = int(w, 16)
host = open(outbin, "rb").read()
n = len(host) // 4
got = [words.get(base + 4 * i) for i in range(n)]
want = list(struct.unpack("<%dI" % n, host))
bad = [i for i in range(n) if got[i] != want[i]]
if bad:
    i = bad[0]
    sys.exit("word %d at 0x%x: dump %s, host read %08x (%d words differ)" %
             (i, base + 4 * i, "missing" if got[i] is None else "%08x" % got[i], want[i], len(bad)))
print("dump matches the host's %d words at 0x%x" % (n, base))
