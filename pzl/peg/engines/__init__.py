"""The peg family's search engines: the minimal search (`solve`, with `sides`, `chains`, `bulk`,
`pagodas`), the fast solver (`search_fast`, `beam`), their tables (`search_tables`), the census (`census`)
and what they return (`peg_outcome`). They take plain values (a board, positions, caps), never a request,
and import of the family only each other, its geometry (`board`, `lattice`) and its `bounds`.
"""
