"""What a run asks of the operating system: signals turned into one clean stop, files written whole or not at all,
a private folder for the template cache. Standard library only (and the engine's errors)."""
