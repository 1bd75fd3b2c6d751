"""The web page of `sos-print serve`: the forms of the commands, their jobs, and the guard on every request.

It knows nothing of Typer: the command line hands it the forms it builds from its own
declarations and the function that runs a command (`cli/serving.py`). werkzeug and pypdfium2
are imported here only, so that no other command loads them.
"""
