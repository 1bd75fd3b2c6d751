"""One module per printed document: it lays out its plans with the drawing toolkit and returns the finished PDF."""
