"""build.py's jobs, one a module: project (paths, pyproject.toml), install (.venv, npm, apt), browsers,
wheel, tables, site (plan and sync site/, with precompressed, snapshot and stdlib), server, testing."""
