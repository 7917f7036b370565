"""The referees', players' and scheduler's commands: each checked against the state and turned into
events, or refused with a reason the pages can say (`refusals.py`). Grouped by subject; `decide.py`
dispatches. They read the projections; nothing below them reads them."""
