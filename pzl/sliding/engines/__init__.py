"""The sliding family's search engines: IDA* on tiles (`tiles`, `ida_kernel`, `tile_bounds`), pattern
databases and their files (`pattern_db`, `pdb_file`, `tables`), the fast solver (`fast*`, `windows`), the
bytes sweep (`sweep`). They take plain values (positions, adjacency, caps), never a request, and import
of the family only each other and its geometry (`board`, `position`); `plan` and `service` call them.
"""
