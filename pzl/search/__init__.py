"""One search core for every puzzle: breadth-first, bidirectional, iterative deepening, IDA*.

Algorithms are written once against `pzl.search.problem.Problem`; families add
specialised kernels where a benchmark shows they pay.
"""
