"""build.py's helpers, one job per module (the site's build, its compressed copies, its server)."""
