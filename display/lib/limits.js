// @ts-check
// How long a typed text may be: the server's `sections.limits` (live/projections/views.py LIMITS), never a number of
// the page's own. Each field says which limit is its own (`data-limit="reason"`: name, title, reason,
// announcement, referee_name, code) and gets its maxlength from the sections when they arrive, and as it
// is added to the page later (the console draws its forms as they are opened).

/**
 * The most characters a field of `kind` takes under `limits`, or null when they do not say. A check-in
 * code is typed as the slip prints it, in groups with a dash between them ("ABCD-EFGH"), so its field
 * takes the code's letters and those dashes.
 */
export function limitOf(kind, limits) {
  if (!limits || typeof limits !== "object") return null;
  const count = (n) => (Number.isInteger(n) && n > 0 ? n : null);
  if (kind === "code") {
    const letters = count(limits.code);
    const group = count(limits.code_group);
    return letters && group ? letters + Math.ceil(letters / group) - 1 : letters;
  }
  return count(limits[kind]);
}

/** Give every field in `root` (and `root` itself) that names its limit the server's maxlength. */
export function applyLimits(root, limits) {
  if (!root || !limits) return;
  const fields = root.matches?.("[data-limit]") ? [root] : [];
  fields.push(...(root.querySelectorAll ? root.querySelectorAll("[data-limit]") : []));
  for (const field of fields) {
    const most = limitOf(field.dataset.limit, limits);
    if (most === null) field.removeAttribute("maxlength");
    else if (field.maxLength !== most) field.maxLength = most;
  }
}

/**
 * Keep the fields in `root` limited by `limitsNow()` (the page's current sections' limits): those there
 * now, and every one added later. Call `applyLimits` again when the limits themselves change.
 */
export function keepLimits(root, limitsNow) {
  applyLimits(root, limitsNow());
  const observer = new MutationObserver((records) => {
    const limits = limitsNow();
    if (!limits) return;
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === 1) applyLimits(node, limits);
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}
