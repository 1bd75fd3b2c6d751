"""Page plans: what each printed page shows (finished words from the templates, boards, lines), drawn by nothing.

One module per document (`boards`, `audit`, `rulesheet`, `teacher`, `worksheets`, `answers`, `replay`),
and the pieces they share: `options`, `layout`, `words`, `common`, `grids`, `tables`, `worked`, `strategy`.
"""
