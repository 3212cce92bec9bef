"""Peg solitaire: boards from geometry, tasks, impossibility proofs and the solve/analyse service.

The search engine lives in `pzl.peg.solve` and `pzl.peg.pagoda`.
"""
