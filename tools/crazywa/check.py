#!/usr/bin/env python3
"""Independent legality check of CrazyWa self-play records (Wa shogi with drops).

Replays each game of the given PSN files with its own move generator (Wa shogi
rules: piece moves, promotion zone = far three ranks, optional promotion except
Sparrow Pawn / Oxcart on the last rank, drops with the pawn-file / last-rank /
pawn-drop-mate restrictions, no move may leave the own Crane King attacked) and
reports, per game, every move that is not legal, and whether a game that ends
with the engine's result claim really ends in a position without legal moves.

Usage:
    python3 tools/crazywa/check.py GAME.psn...                 # report
    python3 tools/crazywa/check.py --copy-clean DIR GAME.psn...  # also copy the
                                           # games without any problem to DIR

Python 3 standard library only.
"""
import argparse, os, shutil
import re, sys, glob
FILES = "abcdefghijk"
def V(spec):
    out = []
    for tok in spec:
        dirs, rng, leap = tok
        out += [(dx, dy, rng, leap) for dx, dy in dirs]
    return out
W4 = [(0,1),(0,-1),(1,0),(-1,0)]; F4 = [(1,1),(-1,1),(1,-1),(-1,-1)]
f=[(0,1)]; b=[(0,-1)]; s=[(1,0),(-1,0)]; v=[(0,1),(0,-1)]
fF=[(1,1),(-1,1)]; bF=[(1,-1),(-1,-1)]
INF = 20
MOVES = {
 'K': V([(W4+F4,1,0)]),
 'E': V([(v,INF,0),(fF,3,0),(bF,1,0),(s,1,0)]),
 'X': V([(F4,1,0),([(2,2),(-2,2),(2,-2),(-2,-2)],1,1),(v,1,0),([(0,2),(0,-2)],1,1)]),
 'F': V([(F4,INF,0),(f,1,0)]),
 '+F': V([(F4,INF,0),(v,INF,0),(s,1,0)]),
 'R': V([(f,INF,0),(F4,1,0),(b,1,0)]),
 'S': V([(s,INF,0),(v,1,0)]),
 '+S': V([(W4,INF,0)]),
 'H': V([(f,INF,0),(b,2,0)]),
 '+H': V([([(1,2),(-1,2),(1,-2),(-1,-2)],1,1)]),
 'O': V([(f,INF,0)]),
 'W': V([(W4,1,0),(fF,1,0)]),
 'V': V([(F4,1,0),(f,1,0)]),
 '+V': V([(F4,1,0),(f,1,0),(s,1,0)]),
 'G': V([(v,1,0),(fF,1,0)]),
 'C': V([(s,1,0),(fF,1,0)]),
 '+C': V([(v,INF,0),(s,1,0),(fF,1,0)]),
 'U': V([(f,1,0),(bF,1,0)]),
 'L': V([(f,1,0),(bF,1,0)]),
 'D': V([(fF,1,0),(s,1,0),(b,1,0)]),
 'M': V([(v,1,0),(fF,1,0)]),
 'P': V([(f,1,0)]),
}
MOVES['+R'] = MOVES['X']; MOVES['+O'] = MOVES['K']; MOVES['+W'] = MOVES['K']
MOVES['+G'] = MOVES['S']; MOVES['+U'] = MOVES['F']; MOVES['+L'] = MOVES['E']
MOVES['+D'] = MOVES['W']; MOVES['+M'] = MOVES['V']; MOVES['+P'] = MOVES['W']
PROMOTABLE = set('FRSHOWVGCULDMP')
def key(p): return ('+' if p[0]=='+' else '') + p[-1].upper()
def side(p): return p[-1].isupper()
class Pos:
    def __init__(s):
        s.bd = {}
        rows = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH".split('/')
        for i,row in enumerate(rows):
            r = 11-i; fi = 0
            for tok in re.findall(r'\d+|\+?[A-Za-z]', row):
                if tok.isdigit(): fi += int(tok)
                else: s.bd[(fi,r)] = tok; fi += 1
        s.hand = {True:{}, False:{}}; s.stm = True
    def targets(s, sq, p):
        sd = side(p); dirn = 1 if sd else -1
        for dx,dy,rng,leap in MOVES[key(p)]:
            dy *= dirn
            x,y = sq
            for k in range(rng):
                x += dx; y += dy
                if not (0<=x<11 and 1<=y<=11): break
                q = s.bd.get((x,y))
                if q is not None and side(q)==sd: break
                yield (x,y)
                if q is not None or leap: break
    def attacked(s, sq, by):
        for fr,p in s.bd.items():
            if side(p)==by and sq in s.targets(fr,p): return True
        return False
    def king(s, sd):
        for sq,p in s.bd.items():
            if p == ('K' if sd else 'k'): return sq
    def in_check(s, sd): return s.attacked(s.king(sd), not sd)
    def do(s, mv):
        """apply without checks, return undo info"""
        return mv
    def legal_moves(s):
        sd = s.stm; out = []
        for fr,p in list(s.bd.items()):
            if side(p)!=sd: continue
            for to in list(s.targets(fr,p)):
                for pr in s.promo_options(p, fr, to):
                    out.append(('m',fr,to,pr))
        for L,n in s.hand[sd].items():
            if n<=0: continue
            for x in range(11):
                for y in range(1,12):
                    if (x,y) not in s.bd and s.drop_ok(L,(x,y),sd,check_mate=False): out.append(('d',L,(x,y)))
        res = []
        for m in out:
            u = s.make(m)
            if not s.in_check(sd): res.append(m)
            s.unmake(u)
        return res
    def promo_options(s, p, fr, to):
        sd = side(p); last = 11 if sd else 1
        zone = (lambda y: y>=9) if sd else (lambda y: y<=3)
        k = key(p)
        can = k in PROMOTABLE and (zone(fr[1]) or zone(to[1]))
        must = k in ('P','O') and to[1]==last
        if must: return ['+']
        return ['', '+'] if can else ['']
    def drop_ok(s, L, sq, sd, check_mate=True):
        last = 11 if sd else 1
        if L in 'PO' and sq[1]==last: return False
        if L=='P':
            for y in range(1,12):
                if s.bd.get((sq[0],y)) == ('P' if sd else 'p'): return False
        return True
    def make(s, m):
        sd = s.stm
        if m[0]=='d':
            _,L,sq = m
            s.bd[sq] = L if sd else L.lower(); s.hand[sd][L]-=1
            u = ('d',L,sq)
        else:
            _,fr,to,pr = m
            p = s.bd.pop(fr); cap = s.bd.get(to)
            if cap: s.hand[sd][cap[-1].upper()] = s.hand[sd].get(cap[-1].upper(),0)+1
            s.bd[to] = ('+'+p) if pr=='+' else p
            u = ('m',fr,to,p,cap)
        s.stm = not s.stm
        return u
    def unmake(s, u):
        s.stm = not s.stm; sd = s.stm
        if u[0]=='d':
            _,L,sq = u; del s.bd[sq]; s.hand[sd][L]+=1
        else:
            _,fr,to,p,cap = u
            s.bd[fr] = p
            if cap: s.bd[to] = cap; s.hand[sd][cap[-1].upper()]-=1
            else: del s.bd[to]
def parse(mv):
    m = re.match(r'^([A-Z])@([a-k])(\d+)$', mv)
    if m: return ('d', m.group(1), (FILES.index(m.group(2)), int(m.group(3))))
    m = re.match(r'^([a-k])(\d+)([a-k])(\d+)([+=]?)$', mv)
    return ('m', (FILES.index(m.group(1)), int(m.group(2))), (FILES.index(m.group(3)), int(m.group(4))), m.group(5).replace('=',''))
def check_game(moves, result, term, name=''):
    pos = Pos(); problems = []
    stats = dict(capt=0, drops=0, prom=0, defer=0, checks=0)
    for i,mv in enumerate(moves):
        m = parse(mv)
        legal = pos.legal_moves()
        if m not in legal:
            why = 'not in legal list'
            if m[0]=='m' and m[1] in pos.bd:
                p = pos.bd[m[1]]
                alts = [x for x in legal if x[0]=='m' and x[1]==m[1] and x[2]==m[2]]
                if alts: why = 'promotion suffix wrong; legal: %s' % [x[3] or 'none' for x in alts]
                elif m[2] not in pos.targets(m[1],p): why = 'piece %s cannot reach' % p
                else: why = 'leaves king in check'
            if m[0]=='d' and m[1]=='P':
                why = 'pawn drop problem'
            problems.append((i+1, mv, why)); 
            # try to continue
            if m[0]=='m' and m[1] not in pos.bd: break
        if m[0]=='d':
            stats['drops']+=1
            if m[1]=='P':
                pass
        else:
            if m[2] in pos.bd: stats['capt']+=1
            if m[3]=='+': stats['prom']+=1
            elif len(pos.promo_options(pos.bd[m[1]], m[1], m[2]))>1: stats['defer']+=1
        pos.make(m)
        if pos.in_check(pos.stm): stats['checks']+=1
        # pawn-drop mate
        if m[0]=='d' and m[1]=='P' and pos.in_check(pos.stm) and not pos.legal_moves():
            problems.append((i+1, mv, 'pawn drop gives checkmate'))
    end = None
    if 'checkmate' in (term or ''):
        lm = pos.legal_moves()
        if lm: problems.append((len(moves), 'END', 'claimed no legal move but %d exist e.g. %s' % (len(lm), lm[:3])))
        loser_black = pos.stm
        exp = '0-1' if loser_black else '1-0'
        if result != exp: problems.append((len(moves), 'END', 'result %s but expected %s' % (result, exp)))
    return problems, stats
def read_psn(path):
    txt = open(path).read()
    games = re.split(r'\n(?=\[Event )', txt)
    out = []
    for g in games:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
        body = re.sub(r'\[.*?\]\n', '', g)
        toks = [t for t in body.split() if not re.match(r'^\d+\.$', t)]
        res = toks[-1]; out.append((tags, toks[:-1], res))
    return out
if __name__ == '__main__':
    ap = argparse.ArgumentParser(description="Check CrazyWa PSN game records for legality.")
    ap.add_argument("--copy-clean", metavar="DIR", help="copy files whose games all check out to DIR")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    tot = dict(capt=0, drops=0, prom=0, defer=0, checks=0); nd = np_ = 0; allp = []
    for path in a.files:
        before = len(allp)
        for tags, moves, res in read_psn(path):
            probs, st = check_game(moves, res, tags.get('Termination'))
            for k in tot: tot[k] += st[k]
            nd += st['drops']>0; np_ += st['prom']>0
            print(path, tags.get('Round'), res, len(moves), st, 'PROBLEMS: %s' % probs if probs else 'ok')
            allp += [(path,)+p for p in probs]
        if a.copy_clean and len(allp) == before:
            os.makedirs(a.copy_clean, exist_ok=True)
            shutil.copy(path, a.copy_clean)
    print('TOTAL', tot, 'games with drops', nd, 'with promotions', np_, 'problems', len(allp))
