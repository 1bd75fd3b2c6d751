"""Page plans: what each printed page shows (finished words from the templates, boards, lines), drawn by nothing."""
