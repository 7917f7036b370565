"""The type of a JSON value as it comes from outside: a request's body, a page's message, a command's field.

Why here: commands (above) take their fields from such values and the edges (further up) read them off the
wire; core is the lowest layer that needs the name. A value the server builds itself has its own, closer type
(live/projections/wire.py); this is for what nobody has checked yet, so a reader narrows it before use. Where a
function only reads an object, `Mapping[str, object]` takes any of them, a TypedDict too.
"""

from typing import TypeAlias

#: Any value `json.loads` gives (its objects' keys are always strings).
JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
#: A JSON object.
JSONObject: TypeAlias = dict[str, JSONValue]
