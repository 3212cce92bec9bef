"""Any request, however malformed, gets a result or an error a person can read — never an internal error."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pzl import api

VALUES = {
    "puzzle": st.sampled_from(["hoppers", "triangle-10", "triangle-15", "nonsense", "", None, 7]),
    "mask": st.sampled_from([None, "ooooo", "o/oo/ooo/oooo", "ooo/oxo", "", "o.o/.o.", ["ooo", "ooo", "ooo"], 5]),
    "lattice": st.sampled_from([None, "square", "square-diagonal", "triangular", "hex", 3]),
    "empty": st.sampled_from([None, "0", "6", "3,7", [1, 2], "", "x", "99", -1, True, "1 2 3 4 5 6 7 8 9 10 11 12"]),
    "finish": st.sampled_from([None, "any", "6", 0, "pattern:0,5", [2, 6], "pattern:", "77", "x", "", {}]),
    "first": st.sampled_from([None, "0-6", "0-2", "6-0", "0", "a-b", [0, 6], "3-5", "0-99", ""]),
    "pegs": st.sampled_from([None, "0,1,2", "1111110111111", "", "99", "6", [0, 1], "x", "101"]),
    "algorithm": st.sampled_from([None, "auto", "minimal", "fast", "beam", "magic"]),
    "all": st.sampled_from([None, True, False, "yes", "0"]),
    "max_solutions": st.sampled_from([None, 0, 3, "2", -1, "x"]),
}


@st.composite
def requests(draw):
    request = {"command": draw(st.sampled_from(["solve", "analyse"])), "family": "peg"}
    for key, values in VALUES.items():
        value = draw(values)
        if value is not None:
            request[key] = value
    return request


@given(request=requests())
@settings(max_examples=150)
def test_any_peg_request_ends_in_a_result_or_a_readable_error(request):
    final = api.answer(request)
    assert final["event"] in ("result", "error")
    if final["event"] == "error":
        assert final["error"] != "InternalError", final["message"]
