"""The catalog's words as the page shows them: sentences for people, no notes meant for developers."""

from __future__ import annotations

import re

import pytest

from pzl import catalog

ENTRIES = catalog.entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry["id"] for entry in ENTRIES])
def test_descriptions_and_notes_are_sentences_for_people(entry):
    for key in ("description", "notes", "start_note"):
        text = entry.get(key)
        if text is None:
            continue
        assert text[0].isupper() or text[0].isdigit(), (key, text)
        assert text.endswith("."), (key, text)
        assert "`" not in text and "|x|" not in text, (key, text)  # no code names, no formulas
        assert not re.search(r"\b(id|ids)\b", text), (key, text)


def test_a_start_note_is_only_about_the_default_start():
    """What is true of the default start only lives in `start_note`, which the page hides once the start changes."""
    for entry in ENTRIES:
        for key in ("description", "notes"):
            text = entry.get(key, "").lower()
            assert "the start is" not in text and "default start" not in text, (entry["id"], text)
