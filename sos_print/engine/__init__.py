"""The rules of SOS and everything that reasons about games: grid, notation, rules, worked examples, checking.

The engine imports only the standard library, so anything can check a game with it.
"""
