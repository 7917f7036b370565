"""Where the server meets the world: the event log backends (`log/`), the running hall that wires log,
fold, hub and scheduler together (`hall.py`), the WebSocket hub, the HTTP and WebSocket endpoints
(`web/`), the demo and the command line. All I/O lives here."""
