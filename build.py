"""Build, serve and test pzl's static site: the one entry point a developer needs.

    python build.py                          build the deployable site into site/ (and the pattern tables, once)
    python build.py tables                   make the pattern tables (cached in ~/.cache/pzl/build/tables/)
    python build.py serve [--port N] [--host [ADDR]] [--prefix /sub/path/]
    python build.py test [pytest args...]    venv + Chromium, Firefox, WebKit + build + every test
    python build.py lint                     ruff over the project

Each job is a module of tools/: project (paths, pyproject), install (.venv, npm, apt), browsers,
wheel, tables, site (plan and sync site/), server, testing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # tools/ beside this script, wherever it is run from
    sys.path.insert(0, str(ROOT))

from tools import server, site, tables, testing  # noqa: E402 - needs ROOT on the path
from tools.project import BuildError  # noqa: E402


def parse(argv: list[str]) -> argparse.Namespace:
    """The command and its options; everything after `test` belongs to pytest, unparsed."""
    if argv[:1] == ["test"]:
        return argparse.Namespace(command="test", pytest_args=argv[1:])
    parser = argparse.ArgumentParser(prog="python build.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build site/ (the default)")
    commands.add_parser("tables", help="make and install the pattern tables (cached in ~/.cache/pzl/build/tables/)")
    serving = commands.add_parser("serve", help="build, then serve site/ over HTTP")
    serving.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serving.add_argument("--host", nargs="?", default="127.0.0.1", const="0.0.0.0",
                         help="address to listen on (default 127.0.0.1; --host alone means every interface)")
    serving.add_argument("--prefix", default="/", help="serve the site under this URL path, e.g. /pzl/")
    commands.add_parser("test", help="set up .venv and Chromium, build, run every test (args go to pytest)")
    commands.add_parser("lint", help="ruff check")
    args = parser.parse_args(argv)
    args.command = args.command or "build"
    return args


def main(argv: list[str] | None = None) -> int:
    """Run one build.py command; returns the exit status."""
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "build":
            site.build()
        elif args.command == "tables":
            tables.print_tables()
        elif args.command == "serve":
            server.serve(args.port, args.host, args.prefix)
        elif args.command == "lint":
            return testing.lint()
        else:
            return testing.test(args.pytest_args)
        return 0
    except BuildError as problem:
        print(f"build.py: {problem}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as stopped:   # Ctrl+C (or a signal tools/tables.py turns into one): no traceback
        print(f"build.py: {str(stopped) or 'interrupted'}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
