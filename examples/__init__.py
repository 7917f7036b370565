"""The example tournaments (`live demo --tournament …`), installed as the package `live.examples`.

Not code: this file only makes the folder a package, so that `live demo` finds the files with
importlib.resources in an editable install (where the folder stays here) as in a wheel.
"""
