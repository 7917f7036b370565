"""What the screens show, derived from the folded state: standings, lateness, the desk, the team sheets,
the committee's files and each page's sections. Pure and read-only: nothing here decides a command
(`live.commands`) or touches the log, the network or the clock (`live.edges`)."""
