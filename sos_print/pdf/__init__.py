"""The drawing toolkit: fonts and their subsets, setting and pouring text, drawing pieces, PDF files, safe output."""
