"""The drawing toolkit: PDF files, fonts, setting and pouring text, grids, tables, fields to fill in on screen."""
