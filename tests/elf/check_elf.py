#!/usr/bin/env python3
"""Compares vs_elfdump's view of an ELF file (argv[1]) with llvm-readobj's
JSON view of it (argv[2]): header, sections, PT_LOAD segments and the
.symtab symbols must agree field by field.  Exit 0 if they do."""
import json
import sys

ours = {"section": [], "segment": [], "symbol": []}
with open(sys.argv[1]) as f:
    for line in f:
        kind, *rest = line.split()
        if kind == "file":
            ours["file"] = [int(x) for x in rest]
        else:
            ours[kind].append(rest)

with open(sys.argv[2]) as f:
    ro = json.load(f)[0]

def val(x):
    """A number as llvm-readobj's JSON gives it: a number, {"Value": n} or "Name (0xN)"."""
    if isinstance(x, dict):
        return val(x["Value"])
    if isinstance(x, str):
        return int(x[x.rindex("(") + 1:x.rindex(")")], 0) if "(" in x else int(x, 0)
    return int(x)


want = {}
eh = ro["ElfHeader"]
cls = 64 if ro["FileSummary"]["AddressSize"] == "64bit" else 32
want["file"] = [cls, val(eh["Type"]), val(eh["Machine"]), val(eh["Flags"]), val(eh["Entry"])]
want["section"] = [[str(s["Section"]["Index"]), s["Section"]["Name"]["Name"] or "-",
                    str(s["Section"]["Type"]["Value"]), str(s["Section"]["Flags"]["Value"]),
                    str(s["Section"]["Address"]), str(s["Section"]["Size"])] for s in ro["Sections"]]
want["segment"] = [[str(p["ProgramHeader"]["VirtualAddress"]), str(p["ProgramHeader"]["FileSize"]),
                    str(p["ProgramHeader"]["MemSize"]), str(p["ProgramHeader"]["Flags"]["Value"])]
                   for p in ro["ProgramHeaders"] if p["ProgramHeader"]["Type"]["Value"] == 1]
syms = []
for s in ro["Symbols"][1:]:  # the null symbol is not reported
    s = s["Symbol"]
    sec = s["Section"]["Value"]
    syms.append([s["Name"]["Name"] or "-", str(s["Value"]), str(s["Size"]), str(s["Type"]["Value"]),
                 str(s["Binding"]["Value"]), str(sec)])
want["symbol"] = syms

bad = 0
for key in ("file", "section", "segment", "symbol"):
    if ours.get(key) != want[key]:
        print(f"{key}: ventsim {ours.get(key)}\n{'':{len(key)}}  llvm   {want[key]}")
        bad = 1
if not ours["symbol"] or not ours["section"]:
    print("no symbols or sections: nothing was compared")
    bad = 1
sys.exit(bad)
