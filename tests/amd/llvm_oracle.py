#!/usr/bin/env python3
"""Random instruction words: ventsim's AMD decoder against LLVM as an oracle.

Generates seeded, reproducible cases biased so that every encoding and most
opcodes are hit (pick an encoding, fix its identifying bits, randomise the
rest, then add a random literal dword), for gfx900, gfx906, gfx1100 (wave32)
and gfx1100w64 (gfx1100 with --mattr=+wavefrontsize64), decodes them with
llvm-objdump-19
(one label per case, spec amd-hsa.md section 5) and with ventsim's decoder
(the amd_cases helper), and compares per case: same validity, same length,
same text (and the same trailing "; Warning" comment).  Batches on which
LLVM crashes (reserved SDWA fields) are bisected; the crashing cases are
counted as "crash" and skipped.

    llvm_oracle.py --tool build/tests/amd_cases --target gfx900 --count 100000 --seed 1

Exit status 0 when every case agrees, 1 otherwise (the first mismatches
are printed), 2 on usage or tool errors.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

LLVM_MC = os.environ.get('LLVM_MC', 'llvm-mc-19')
LLVM_OBJDUMP = os.environ.get('LLVM_OBJDUMP', 'llvm-objdump-19')
SLOT = 32

# (name, weight, number of dwords before the literal, fixed bits: (mask, value))
GFX9_FAMILIES = [
    ('VOP2', 6, 1, 0x80000000, 0x00000000),
    ('VOP1', 4, 1, 0xfe000000, 0x7e000000),
    ('VOPC', 4, 1, 0xfe000000, 0x7c000000),
    ('VOP2_SDWA', 2, 2, 0x800001ff, 0x000000f9),
    ('VOP1_SDWA', 1, 2, 0xfe0001ff, 0x7e0000f9),
    ('VOPC_SDWA', 1, 2, 0xfe0001ff, 0x7c0000f9),
    ('VOP2_DPP', 2, 2, 0x800001ff, 0x000000fa),
    ('VOP1_DPP', 1, 2, 0xfe0001ff, 0x7e0000fa),
    ('SOP2', 3, 1, 0xc0000000, 0x80000000),
    ('SOPK', 2, 1, 0xf0000000, 0xb0000000),
    ('SOP1', 3, 1, 0xff800000, 0xbe800000),
    ('SOPC', 2, 1, 0xff800000, 0xbf000000),
    ('SOPP', 3, 1, 0xff800000, 0xbf800000),
    ('SMEM', 3, 2, 0xfc000000, 0xc0000000),
    ('VOP3', 8, 2, 0xfc000000, 0xd0000000),
    ('VOP3P', 2, 2, 0xff800000, 0xd3800000),
    ('VINTRP', 1, 1, 0xfc000000, 0xd4000000),
    ('DS', 4, 2, 0xfc000000, 0xd8000000),
    ('FLAT', 4, 2, 0xfc000000, 0xdc000000),
    ('MUBUF', 3, 2, 0xfc000000, 0xe0000000),
    ('MTBUF', 1, 2, 0xfc000000, 0xe8000000),
    ('MIMG', 2, 2, 0xfc000000, 0xf0000000),
    ('EXP', 1, 2, 0xfc000000, 0xc4000000),
    ('RANDOM', 2, 1, 0, 0),
]


# gfx11 (RDNA3): the same idea with its own encodings; the number is the
# dwords before a possible literal (VOP3, VOP3P and VOPD take one, making
# 12-byte instructions; the DPP forms of VOP3 take a third DPP dword)
GFX11_FAMILIES = [
    ('VOP2', 6, 1, 0x80000000, 0x00000000),
    ('VOP1', 4, 1, 0xfe000000, 0x7e000000),
    ('VOPC', 4, 1, 0xfe000000, 0x7c000000),
    ('VOP2_DPP16', 2, 2, 0x800001ff, 0x000000fa),
    ('VOP1_DPP16', 1, 2, 0xfe0001ff, 0x7e0000fa),
    ('VOPC_DPP16', 1, 2, 0xfe0001ff, 0x7c0000fa),
    ('VOP2_DPP8', 2, 2, 0x800001fe, 0x000000e8),
    ('VOP1_DPP8', 1, 2, 0xfe0001fe, 0x7e0000e8),
    ('VOPC_DPP8', 1, 2, 0xfe0001fe, 0x7c0000e8),
    ('SOP2', 3, 1, 0xc0000000, 0x80000000),
    ('SOPK', 2, 1, 0xf0000000, 0xb0000000),
    ('SOP1', 3, 1, 0xff800000, 0xbe800000),
    ('SOPC', 2, 1, 0xff800000, 0xbf000000),
    ('SOPP', 3, 1, 0xff800000, 0xbf800000),
    ('SMEM', 3, 2, 0xfc000000, 0xf4000000),
    ('VOP3', 8, 2, 0xfc000000, 0xd4000000),
    ('VOP3_DPP', 3, 2, 0xfc000000, 0xd4000000),
    ('VOP3P', 2, 2, 0xff000000, 0xcc000000),
    ('VOPD', 3, 2, 0xfc000000, 0xc8000000),
    ('VINTERP', 1, 2, 0xff000000, 0xcd000000),
    ('LDSDIR', 1, 1, 0xff000000, 0xce000000),
    ('DS', 4, 2, 0xfc000000, 0xd8000000),
    ('FLAT', 4, 2, 0xfc000000, 0xdc000000),
    ('MUBUF', 3, 2, 0xfc000000, 0xe0000000),
    ('MTBUF', 1, 2, 0xfc000000, 0xe8000000),
    ('MIMG', 2, 2, 0xfc000000, 0xf0000000),
    ('EXP', 1, 2, 0xfc000000, 0xf8000000),
    ('RANDOM', 2, 1, 0, 0),
]


def is_gfx11(target):
    return target.startswith('gfx11')


def llvm_cpu(target):
    """--mcpu and --mattr options of llvm-mc/llvm-objdump for a target name"""
    if target == 'gfx1100w64':
        return ['--mcpu=gfx1100', '--mattr=+wavefrontsize64']
    return ['--mcpu=' + target]


def rand_word(rng, mask, value):
    return (rng.getrandbits(32) & ~mask) | value


def make_cases(target, count, seed):
    rng = random.Random('%s:%d' % (target, seed))
    fams = GFX9_FAMILIES
    weights = [f[1] for f in fams]
    cases = []
    for _ in range(count):
        name, _, ndw, mask, value = rng.choices(fams, weights)[0]
        ws = [rand_word(rng, mask, value)]
        for _ in range(ndw - 1):
            ws.append(rng.getrandbits(32))
        # bias source fields towards interesting values (constants, literal,
        # specials) in a quarter of the scalar/vector cases
        if name in ('VOP2', 'VOP1', 'VOPC', 'SOP2', 'SOP1', 'SOPC') and rng.random() < 0.25:
            ws[0] = (ws[0] & ~0xff) | rng.choice([255, 240, 248, 128, 193, 235, 251, 254, 106, 124, 126, 102])
        # most random words set a field the instruction does not use, which
        # LLVM rejects: clear such fields often enough to reach valid forms
        if name == 'VOP3' and rng.random() < 0.5:            # the defined opcode range
            ws[0] = (ws[0] & ~(0x3ff << 16)) | (rng.randrange(0x10, 0x2a0) << 16)
        if name == 'VOP3P' and rng.random() < 0.7:
            ws[0] = (ws[0] & ~(0x7f << 16)) | (rng.randrange(0, 0x30) << 16)
        if name == 'VOP1_SDWA' and rng.random() < 0.8:
            ws[1] &= ~0xbf000000                             # VOP1 has no src1
        if name in ('VOP3', 'VOP3P'):
            if rng.random() < 0.5: ws[0] &= ~0x0000ff00      # abs / neg_hi
            if rng.random() < 0.5: ws[1] &= ~(0x7 << 29)     # neg
            if rng.random() < 0.5: ws[1] &= ~(0x3 << 27)     # omod
            if rng.random() < 0.5: ws[0] &= ~(1 << 15)       # clamp
            if rng.random() < 0.5: ws[1] &= ~(0x1ff << 18)   # src2
            if rng.random() < 0.2: ws[1] &= ~(0x1ff << 9)    # src1
        if name == 'DS':
            for sh in (8, 16, 24):
                if rng.random() < 0.5: ws[1] &= ~(0xff << sh)
            if rng.random() < 0.3: ws[0] &= ~0xffff
        if name == 'FLAT':
            if rng.random() < 0.5: ws[0] &= ~(1 << 13)       # lds
            if rng.random() < 0.3: ws[1] &= ~(0xff << 8)
            if rng.random() < 0.3: ws[1] &= ~(0xff << 24)
            r = rng.random()
            if r < 0.3: ws[1] |= 0x7f << 16                  # saddr off
            elif r < 0.5: ws[1] &= ~(0x7f << 16)
        if name in ('VOP2_SDWA', 'VOP1_SDWA', 'VOPC_SDWA'):
            if rng.random() < 0.5:
                ws[1] &= ~((0x7 << 19) | (0x7 << 27))        # sext/neg/abs
            if rng.random() < 0.85:                          # mostly defined selects: a
                for sh in (8, 16, 24):                       # reserved one (7) may crash LLVM
                    if (ws[1] >> sh) & 7 == 7:
                        ws[1] = (ws[1] & ~(7 << sh)) | (rng.randrange(7) << sh)
        if name in ('VOP2_DPP', 'VOP1_DPP') and rng.random() < 0.5:
            ws[1] &= ~(0xf << 20)
        ws.append(rng.getrandbits(32))  # a literal, if the instruction wants one
        cases.append((name, b''.join(w.to_bytes(4, 'little') for w in ws)))
    return cases


def make_cases11(target, count, seed):
    rng = random.Random('%s:%d' % (target, seed))
    fams = GFX11_FAMILIES
    weights = [f[1] for f in fams]
    cases = []
    for _ in range(count):
        name, _, ndw, mask, value = rng.choices(fams, weights)[0]
        ws = [rand_word(rng, mask, value)]
        for _ in range(ndw - 1):
            ws.append(rng.getrandbits(32))
        if name in ('VOP2', 'VOP1', 'VOPC', 'SOP2', 'SOP1', 'SOPC') and rng.random() < 0.25:
            ws[0] = (ws[0] & ~0xff) | rng.choice([255, 240, 248, 128, 193, 235, 251, 254, 106, 124, 125, 126])
        if name.startswith('VOP1') and rng.random() < 0.5:   # the defined opcode range
            ws[0] = (ws[0] & ~(0xff << 9)) | (rng.randrange(0, 0x6c) << 9)
        if name.startswith('VOP3') and rng.random() < 0.5:
            ws[0] = (ws[0] & ~(0x3ff << 16)) | (rng.randrange(0, 0x368) << 16)
        if name == 'VOP3P' and rng.random() < 0.7:
            ws[0] = (ws[0] & ~(0x7f << 16)) | (rng.choice([rng.randrange(0, 0x23), rng.randrange(0x40, 0x46)]) << 16)
        if name.startswith('VOP3'):
            if rng.random() < 0.5: ws[0] &= ~0x0000ff00      # abs/neg_hi, op_sel
            if rng.random() < 0.5: ws[1] &= ~(0x7 << 29)     # neg
            if rng.random() < 0.5: ws[1] &= ~(0x3 << 27)     # omod
            if rng.random() < 0.5: ws[0] &= ~(1 << 15)       # clamp
            if rng.random() < 0.5: ws[1] &= ~(0x1ff << 18)   # src2
            if rng.random() < 0.2: ws[1] &= ~(0x1ff << 9)    # src1
            if rng.random() < 0.3:                           # a literal source
                k = rng.randrange(3)
                ws[1] = (ws[1] & ~(0x1ff << (9 * k))) | (255 << (9 * k))
        if name == 'VOP3_DPP':                               # DPP16 or DPP8 in src0, a third dword
            ws[1] = (ws[1] & ~0x1ff) | rng.choice([0xfa, 0xe9, 0xea])
            ws.append(rng.getrandbits(32))
            if rng.random() < 0.7: ws[1] &= ~(0x1ff << 9) | (0x100 << 9)  # src1 a VGPR
        if name == 'VOPD':
            if rng.random() < 0.5: ws[0] = (ws[0] & ~(0xf << 22)) | (rng.randrange(14) << 22)
            if rng.random() < 0.5: ws[0] = (ws[0] & ~(0x1f << 17)) | (rng.choice(list(range(14)) + [16, 17, 18]) << 17)
            for k in (0, 1):
                if rng.random() < 0.5: ws[k] |= 0x100            # src0 a VGPR
        if name.endswith('_DPP16') or name.endswith('_DPP8'):
            if rng.random() < 0.5: ws[1] &= ~(0xf << 20)
        if name == 'DS':
            for sh in (8, 16, 24):
                if rng.random() < 0.5: ws[1] &= ~(0xff << sh)
            if rng.random() < 0.3: ws[0] &= ~0xffff
        if name == 'FLAT':
            if rng.random() < 0.3: ws[1] &= ~(0xff << 8)
            if rng.random() < 0.3: ws[1] &= ~(0xff << 24)
            r = rng.random()
            if r < 0.4: ws[1] = (ws[1] & ~(0x7f << 16)) | (0x7c << 16)  # saddr off
            elif r < 0.5: ws[1] &= ~(0x7f << 16)
        if name in ('MUBUF', 'MTBUF') and rng.random() < 0.5:
            ws[1] &= ~(0x7 << 21)                            # tfe, offen, idxen
        if name == 'MIMG':
            if rng.random() < 0.7: ws[0] &= ~1                   # not NSA
            if rng.random() < 0.5: ws[1] &= ~(0x1f << 26)        # no sampler
            if rng.random() < 0.5: ws[0] &= ~(3 << 16)           # no a16/d16
            if ws[0] & 1: ws.append(rng.getrandbits(32))
        ws.append(rng.getrandbits(32))  # a literal, if the instruction wants one
        cases.append((name, b''.join(w.to_bytes(4, 'little') for w in ws)))
    return cases


LINE = re.compile(r'^\t(.*?)\s*// ([0-9A-F]{12}): ((?:[0-9A-F]{8} ?)+)(.*)$')


def llvm_decode(target, blobs, workdir, tag):
    """Returns a list of (text, nbytes, comment) or None (crash) for blobs."""
    s = os.path.join(workdir, tag + '.s')
    o = os.path.join(workdir, tag + '.o')
    with open(s, 'w') as f:
        f.write('.text\n')
        for i, b in enumerate(blobs):
            f.write('c%d:\n.byte %s\n.zero %d\n' % (i, ','.join(str(x) for x in b), SLOT - len(b)))
    subprocess.run([LLVM_MC, '-triple=amdgcn-amd-amdhsa', llvm_cpu(target)[0], '-filetype=obj', s,
                    '-o', o], check=True)
    r = subprocess.run([LLVM_OBJDUMP, '-d', '-z'] + llvm_cpu(target) + [o], capture_output=True,
                       text=True, errors='replace')
    if r.returncode != 0:
        return None
    res = [None] * len(blobs)
    cur = None
    for line in r.stdout.splitlines():
        m = re.match(r'^[0-9a-f]+ <c(\d+)>:', line)
        if m:
            cur = int(m.group(1))
            continue
        if cur is None or res[cur] is not None:
            continue
        m = LINE.match(line)
        if not m:
            continue
        text, addr, words, rest = m.group(1), int(m.group(2), 16), m.group(3).split(), m.group(4)
        rest = re.sub(r'^\s*<[^>]*>', '', rest).strip()
        comment = (' ' + rest) if rest else ''
        # a branch to a label: back to the 16-bit offset
        lm = re.search(r'\bc(\d+)$', text)
        if lm and re.match(r'^s_(branch|cbranch_|call_b64|subvector_loop_)', text):
            n = int(lm.group(1))
            off = ((n * SLOT - (addr + 4)) // 4) & 0xffff
            text = text[:lm.start()] + str(off)
        if text.startswith('.long'):
            res[cur] = ('invalid', 4, '')
        else:
            res[cur] = (text, 4 * len(words), comment)
    return res


def llvm_decode_isolating(target, blobs, workdir, tag, crashes):
    """Decodes; bisects batches on which LLVM crashes."""
    res = llvm_decode(target, blobs, workdir, tag)
    if res is not None:
        return res
    if len(blobs) == 1:
        crashes.append(blobs[0])
        return [('crash', 0, '')]
    mid = len(blobs) // 2
    return (llvm_decode_isolating(target, blobs[:mid], workdir, tag + 'a', crashes) +
            llvm_decode_isolating(target, blobs[mid:], workdir, tag + 'b', crashes))


def sdwa_suspect(b):
    if len(b) < 8:
        return False
    w0 = int.from_bytes(b[0:4], 'little')
    w1 = int.from_bytes(b[4:8], 'little')
    vop = (w0 >> 31) == 0 or (w0 >> 25) in (0x3e, 0x3f)
    if not vop or (w0 & 0x1ff) != 0xf9:
        return False
    return 7 in ((w1 >> 8) & 7, (w1 >> 16) & 7, (w1 >> 24) & 7)


def ours_decode(tool, target, blobs):
    # each case as LLVM sees it: in its slot, the rest of the slot zero
    inp = ''.join((b + bytes(SLOT - len(b))).hex() + '\n' for b in blobs)
    r = subprocess.run([tool, target], input=inp, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        raise SystemExit(2)
    out = []
    for line in r.stdout.split('\n')[:len(blobs)]:
        if line == 'invalid':
            out.append(('invalid', 4, ''))
        else:
            ln, text, com = line.split('\t')
            out.append((text, int(ln), com))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tool', required=True, help='the amd_cases helper')
    ap.add_argument('--target', required=True)
    ap.add_argument('--count', type=int, default=10000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--batch', type=int, default=2000)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--show', type=int, default=20, help='mismatches to print')
    ap.add_argument('--max-mismatch', type=int, default=0,
                    help='mismatches tolerated before failing')
    ap.add_argument('--known-gap', action='append', default=[],
                    help='a case family whose disagreements are reported, not failed '
                         '(documented in docs/amdgpu-decoder.md)')
    args = ap.parse_args()
    t0 = time.time()
    cases = (make_cases11 if is_gfx11(args.target) else make_cases)(args.target, args.count, args.seed)
    blobs = [b for _, b in cases]
    crashes = []
    # Words that LLVM 19 may crash on (SDWA with a reserved select) go into
    # small batches, so that isolating a crash costs few runs.  LLVM still
    # decides every case.
    suspect = [i for i, b in enumerate(blobs) if sdwa_suspect(b)]
    sus = set(suspect)
    normal = [i for i in range(len(blobs)) if i not in sus]
    groups = ([normal[i:i + args.batch] for i in range(0, len(normal), args.batch)] +
              [suspect[i:i + 4] for i in range(0, len(suspect), 4)])
    with tempfile.TemporaryDirectory() as wd:
        with ThreadPoolExecutor(max_workers=args.jobs) as ex:
            parts = list(ex.map(lambda ig: llvm_decode_isolating(
                args.target, [blobs[k] for k in ig[1]], wd, 'b%d' % ig[0], crashes), enumerate(groups)))
    llvm = [None] * len(blobs)
    for g, p in zip(groups, parts):
        for k, x in zip(g, p):
            llvm[k] = x
    ours = ours_decode(args.tool, args.target, blobs)
    stats = {}
    mismatches = []
    for (fam, b), l, o in zip(cases, llvm, ours):
        st = stats.setdefault(fam, {'cases': 0, 'valid': 0, 'ok': 0, 'crash': 0, 'bad': 0})
        st['cases'] += 1
        if l[0] == 'crash':
            st['crash'] += 1
            continue
        if l[0] != 'invalid':
            st['valid'] += 1
        if l == o:
            st['ok'] += 1
        else:
            st['bad'] += 1
            mismatches.append((fam, b, l, o))
    tot = {k: sum(s[k] for s in stats.values()) for k in ('cases', 'valid', 'ok', 'crash', 'bad')}
    mnemonics = {l[0].split()[0] for l in llvm if l[0] not in ('invalid', 'crash')}
    print('%s seed %d: %d cases, %d valid for LLVM (%d distinct mnemonics), %d agree, %d disagree, '
          '%d crash (LLVM), %.1f s'
          % (args.target, args.seed, tot['cases'], tot['valid'], len(mnemonics), tot['ok'], tot['bad'],
             tot['crash'], time.time() - t0))
    for fam in sorted(stats):
        s = stats[fam]
        print('  %-10s cases %6d valid %6d agree %6d disagree %5d crash %3d'
              % (fam, s['cases'], s['valid'], s['ok'], s['bad'], s['crash']))
    for fam, b, l, o in mismatches[:args.show]:
        print('MISMATCH %s %s\n  llvm: %r\n  ours: %r' % (fam, b.hex(), l, o))
    def family_of(fam, b):
        """the encoding of a RANDOM case that is an image instruction"""
        if fam == 'RANDOM' and (int.from_bytes(b[0:4], 'little') >> 26) == 0x3c:
            return 'MIMG'
        return fam
    failing = sum(1 for m in mismatches if family_of(m[0], m[1]) not in args.known_gap)
    if args.known_gap:
        print('disagreements outside the known gaps (%s): %d' % (', '.join(args.known_gap), failing))
    return 0 if failing <= args.max_mismatch else 1


if __name__ == '__main__':
    sys.exit(main())
