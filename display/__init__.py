"""The pages' files (HTML, modules, styles, catalogues), installed as the package `live.display`.

Not code: this file only makes the folder a package, so that the server finds it with importlib.resources
in an editable install (where the folder stays here) as in a wheel. The server serves every other file
here (live/edges/web/assets.py `served`).
"""
