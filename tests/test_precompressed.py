"""Pre-compressed copies: which copy a request's Accept-Encoding chooses (tools/precompressed.py)."""

from __future__ import annotations

import pytest

from tools.precompressed import NOT_ACCEPTABLE, chosen_coding, is_compressible

BOTH = ("br", "gzip")


@pytest.mark.parametrize(("accept", "available", "chosen"), [
    (None, BOTH, None),                                    # no header: the file as it is
    ("", BOTH, None),                                      # an empty header: identity only
    ("identity", BOTH, None),
    ("gzip", BOTH, "gzip"),
    ("br", BOTH, "br"),
    ("gzip, deflate, br, zstd", BOTH, "br"),               # a browser's: the smaller copy at equal q
    ("gzip, deflate", BOTH, "gzip"),
    ("gzip, br", ("gzip",), "gzip"),                       # only the copies there are
    ("gzip, br", (), None),
    ("br;q=0.5, gzip;q=0.8", BOTH, "gzip"),                # the higher q wins
    ("br;q=1.0, gzip;q=1", BOTH, "br"),
    ("gzip;q=0, br;q=0", BOTH, None),                      # refused codings: the file as it is
    ("br;q=0", ("br",), None),
    ("*", BOTH, "br"),                                     # any coding
    ("*;q=0.5, gzip", BOTH, "gzip"),                       # gzip named at 1, br by * at 0.5
    ("x-gzip", BOTH, "gzip"),                              # x-gzip is gzip
    ("GZIP;Q=0.7", BOTH, "gzip"),                          # case does not matter
    ("br ; q=0.9 , gzip ; q=0.2", BOTH, "br"),             # spaces around the separators
    ("br;q=2, gzip", BOTH, "gzip"),                        # an invalid q-value counts as refused
    ("br;q=abc, gzip;q=0.1", BOTH, "gzip"),
    ("br;q=0.0001", BOTH, None),                           # more than three decimals: invalid
    ("identity;q=0, gzip", BOTH, "gzip"),
    ("identity;q=0.1, gzip;q=0.5", (), None),              # identity still acceptable at 0.1
    (",,br,,", BOTH, "br"),                                # empty list items are ignored
])
def test_the_best_accepted_copy_is_chosen(accept: str | None, available: tuple[str, ...], chosen: str | None) -> None:
    assert chosen_coding(accept, available) == chosen


@pytest.mark.parametrize(("accept", "available"), [
    ("identity;q=0", ()),
    ("*;q=0", BOTH),
    ("gzip;q=0, identity;q=0", ("gzip",)),
    ("br, identity;q=0", ("gzip",)),
])
def test_nothing_acceptable_is_said_so(accept: str, available: tuple[str, ...]) -> None:
    assert chosen_coding(accept, available) is NOT_ACCEPTABLE


@pytest.mark.parametrize(("name", "worth"), [
    ("pyodide/1/pyodide.asm.wasm", True), ("web/app.js", True), ("index.html", True), ("a.mjs", True),
    ("build.json", True), ("web/style.css", True), ("web/icon.svg", True), ("stdlib/x/python_stdlib.zip", True),
    ("tables/4x4-663.abc.pzt", True), ("snapshots/x/pzl.bin", True),
    ("wheels/x/pzl-0.1.0-py3-none-any.whl", False), ("a.png", False), ("a.br", False), ("a.gz", False),
])
def test_compressible_files_are_chosen_by_suffix(name: str, worth: bool) -> None:
    assert is_compressible(name) is worth
