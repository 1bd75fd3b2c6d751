"""Fillable audits as forms: the names of their fields and the game their hidden field says (`fields`), and a
filled one read back as a game record with pypdf (`filled`)."""
