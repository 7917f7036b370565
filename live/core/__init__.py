"""The plan and the fold: the events, the tournament file read as the initial plan, and the state every
event folds into. Pure (the clock comes in as `now`); everything else in `live` is built on this."""
