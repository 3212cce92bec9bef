"""tools/stdlib.py: Pyodide's standard library split into what a booted pzl imports and the rest."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from tools.stdlib import split_stdlib, top_level_name


@pytest.mark.parametrize(("entry", "name"), [
    ("json/decoder.py", "json"), ("json/__init__.py", "json"), ("heapq.py", "heapq"),
    ("encodings/cp1252.py", "encodings"), ("_sysconfigdata__emscripten.py", "_sysconfigdata__emscripten"),
    ("importlib/metadata/_meta.py", "importlib"),
])
def test_an_entry_belongs_to_its_top_level_module(entry: str, name: str) -> None:
    assert top_level_name(entry) == name


def test_whole_top_level_packages_go_where_any_of_their_modules_was_loaded(tmp_path: Path) -> None:
    source = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as packed:
        for name in ("json/__init__.py", "json/tool.py", "heapq.py", "email/__init__.py", "csv.py", "email/"):
            packed.writestr(name, "" if name.endswith("/") else f"# {name}\n")
    library = split_stdlib(source, ["json", "json.decoder", "heapq", "sys", "pzl.api"])
    assert library.boot_names == ("heapq", "json") and library.rest_names == ("csv", "email")
    boot = zipfile.ZipFile(io.BytesIO(library.boot))
    assert boot.namelist() == ["heapq.py", "json/__init__.py", "json/tool.py"]  # json/tool.py too: whole packages
    assert {info.compress_type for info in boot.infolist()} == {zipfile.ZIP_STORED}
    assert boot.read("json/tool.py") == b"# json/tool.py\n"
    assert zipfile.ZipFile(io.BytesIO(library.rest)).namelist() == ["csv.py", "email/__init__.py"]
    assert split_stdlib(source, ["json", "heapq"]).boot == library.boot  # the same modules, the same bytes
