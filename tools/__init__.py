"""The project's own tooling, one job a module.

build.py's jobs: project (paths, pyproject.toml), install (.venv, npm, apt), browsers, wheel, tables,
site (plan and sync site/, with precompressed, snapshot and stdlib), server, testing.
Independent checkers the tests and the benchmarks share (no code shared with pzl's solvers):
sliding_replay, peg_replay, and fuzz_cases (random requests with their oracles).
"""
