// @ts-check
// Which rule a refusal applied, said in the page's language: the server names it in `detail.cite`
// ({doc, section} — "§17.1" of a document with numbered articles — or {doc, topic}, the topic (a page of
// docs/rules/) of one without; live/rules/citations.py) and the catalogue has the documents' and the headings' names
// (STRINGS.refused.cite). Pure (no DOM): the node tests call it.

/**
 * The citation's words, "(Pravila lige, §17.1)", or "" when there is none the catalogue can say: `cite`
 * the refusal's detail.cite, `C` the catalogue's cite section ({section, topic, docs, topics}).
 */
export function citationWords(cite, C) {
  if (!cite || typeof cite !== "object" || !C || !C.docs) return "";
  const doc = C.docs[cite.doc];
  if (typeof doc !== "string" || !doc) return "";
  if (typeof cite.section === "string" && typeof C.section === "function") return C.section(doc, cite.section);
  const topic = C.topics && C.topics[cite.topic];
  if (typeof topic === "string" && topic && typeof C.topic === "function") return C.topic(doc, topic);
  return "";
}

/** The sentence with its citation: before the sentence's last full stop ("… 3 times (…)."), else after it. */
export function withCitation(sentence, cite, C) {
  const words = citationWords(cite, C);
  if (!words) return sentence;
  return sentence.endsWith(".") ? `${sentence.slice(0, -1)} ${words}.` : `${sentence} ${words}`;
}
