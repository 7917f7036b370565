"""The HTTP API and the WebSocket endpoint, the pages' files, sign-in and the limits that keep an
abusive client from hurting the hall."""
