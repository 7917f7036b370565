// @ts-check
// Asking the server over HTTP: a GET for JSON, and an answer's JSON body read without throwing.

/** GET JSON from the server. */
export async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** An answer's JSON body, or null when it has none (a proxy's error page, a cut-off answer). */
export async function jsonOf(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
