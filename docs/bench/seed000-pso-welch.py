#!/usr/bin/env python3
"""Seed 000's PSO column of Table 2 against ours: Welch's t-test from the summary statistics
(scipy.stats.ttest_ind_from_stats, equal_var=False) of the paper's 100 runs and our runs of each
cell, for each cells.csv given. The paper's mean and std are read from the PSO paper column of
docs/experiments-papers.md's Table 2 (D = 10 and D = 30). A cell whose paper std is 0 gets no
test ("-"): both 0.0 (0.0) and our float32 floor mean "solved".

usage: seed000-pso-welch.py NAME=cells.csv ...   (prints a markdown table)
"""
import csv, re, sys
from scipy.stats import ttest_ind_from_stats

doc = open('docs/experiments-papers.md').read()
paper = {}
for D in (10, 30):
    part = doc.split(f'### D = {D}\n', 1)[1].strip().split('\n\n', 1)[0]
    for line in part.splitlines()[2:]:
        cols = [c.strip().strip('*') for c in line.strip('|').split('|')]
        name = cols[1].replace('\\_', '_').replace(' ‡', '')
        m = re.match(r'([-\d.e+]+) \(([-\d.e+]+)\)', cols[4].replace('*', ''))
        paper[(name, D)] = (float(m.group(1)), float(m.group(2)))

ours = {}
for arg in sys.argv[1:]:
    label, path = arg.split('=', 1)
    for r in csv.DictReader(open(path)):
        ours[(label, r['problem'], int(r['D']))] = (float(r['mean']), float(r['std']), int(r['runs']))

labels = [a.split('=', 1)[0] for a in sys.argv[1:]]
print('| function | D | paper (100 runs) | ' + ' | '.join(f'{l} (10 runs) | p' for l in labels) + ' |')
print('| --- | ---: | --- | ' + ' | '.join('--- | ---:' for _ in labels) + ' |')
counts = {l: [0, 0] for l in labels}
for (name, D), (pm, ps) in sorted(paper.items(), key=lambda kv: (kv[0][1], list(paper).index(kv[0]))):
    row = [name.replace('_', '\\_'), str(D), f'{pm:.1e} ({ps:.1e})']
    for l in labels:
        m, s, n = ours[(l, name, D)]
        if ps == 0:
            p = '-'
        else:
            p = ttest_ind_from_stats(m, s, n, pm, ps, 100, equal_var=False).pvalue
            counts[l][0] += 1
            counts[l][1] += p < 0.05
            p = f'{p:.2g}'
        row += [f'{m:.2e} ({s:.2e})', p]
    print('| ' + ' | '.join(row) + ' |')
print()
for l, (tested, sig) in counts.items():
    print(f'{l}: {sig} of {tested} tested cells differ at p < 0.05')

# Closeness, which the t-test does not give where both sides are near 0 (a paper std of 1e-28
# against our float32 floor makes a tiny p): cells whose means are within a factor of 10 of the
# paper's, or both below 1e-12 (solved to float32 and to the paper's print).
for l in labels:
    close = 0
    for (name, D), (pm, ps) in paper.items():
        m = ours[(l, name, D)][0]
        if (pm <= 1e-12 and m <= 1e-12) or (pm > 0 and m > 0 and 0.1 <= m / pm <= 10):
            close += 1
    print(f'{l}: {close} of {len(paper)} cells within a factor of 10 of the paper (or both below 1e-12)')
