// @ts-check
// A printed slip's QR code opens /player#code=ABCDEFGH (a check-in slip) or /captain#code=… (a captain's slip):
// the code is taken and cleared from the address bar at once (a fragment never reaches a server's log; neither
// the history nor the screen keeps it), then exchanged for the session like a code typed on the page. Its own
// module with no imports, so that the entry evaluates it first, before the page waits for its words.

/** The slip's code, or "" when the page was not opened from a slip. */
export const slipCode = takeSlipCode();

function takeSlipCode() {
  const found = /^#code=([A-Za-z0-9-]{1,40})$/.exec(location.hash);
  if (location.hash.startsWith("#code=")) history.replaceState(history.state, "", location.pathname + location.search);
  return found ? found[1] : "";
}
