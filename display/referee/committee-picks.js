// @ts-check
// What the sanctions, appeals, penalties, announcement and slips cards offer to choose from, out of the
// server's sections: the rounds already played or being played, the players of a round's tables found by
// name or by table number, who may be given a penalty, lodge an appeal or get a notice, the entries of the audit that may carry out an appeal's decision, and which round's
// slips to show first. Pure (no DOM, no clock): the server decides every step, amount and refusal;
// these only pick and order what it sent.
import { byName } from "../lib/name-order.js";
import { matchesQuery } from "../lib/roster.js";
import { gameOf } from "../lib/standings.js";
/** @import { AuditEntry, OpenAppeal, PlayerLine, RefereeView, TeamLine, TimetableItem } from "../../types/sections" */

/**
 * Rounds (and matches) that have started, in timetable order: a sanction or an appeal is about one.
 * @param {Partial<RefereeView>} sections
 * @returns {TimetableItem[]}
 */
export function startedRounds(sections) {
  const items = Array.isArray(sections?.timetable) ? sections.timetable : [];
  return items.filter((i) => i.playing && i.started_at !== null && i.started_at !== undefined);
}

/**
 * Which round a card shows, in `pick.item`: the server's round in play (`sections.in_play`: the one being
 * played, else the last one started), or the round the referee picked on the card's tabs. A pick stands
 * until the round in play changes — the next round starts, and the card goes with it — or it is no longer
 * among the `offered` ids. `pick.inPlay` keeps the round in play the card last followed. True when the card
 * moved to another round (what was chosen in the old one goes).
 * @param {{ item: string | null, inPlay?: string | null }} pick
 * @param {Partial<RefereeView>} sections
 * @param {(string | null)[]} offered
 * @returns {boolean}
 */
export function followRoundInPlay(pick, sections, offered) {
  const inPlay = sections?.in_play ?? null;
  if (pick.inPlay === inPlay && offered.includes(pick.item)) return false;
  const was = pick.item;
  pick.inPlay = inPlay;
  if (offered.includes(inPlay)) pick.item = inPlay;
  else if (!offered.includes(pick.item)) pick.item = offered[offered.length - 1] ?? null; // (a server without it)
  return pick.item !== was;
}

/**
 * The players a referee may pick for a sanction in `item`, grouped by table: [{table, players: [{id,
 * name, table}]}], tables in order. Only players still in the tournament (the server's `withdrawn`
 * flag on the roster). `query` is a name (any script, no diacritics needed) or a table
 * number: digits alone find that table. A round without a published seating has one group, table null,
 * its players by name as a page in `lang` shows them (lib/name-order.js).
 * @param {Partial<RefereeView>} sections
 * @param {string} item
 * @param {string} [query]
 * @param {string} [lang]
 * @returns {{ table: number | null, players: { id: string, name: string, table: number | null }[] }[]}
 */
export function seatedPlayers(sections, item, query = "", lang = "en") {
  const players = sections?.players || [];
  const next = Object.fromEntries(players.filter((p) => !p.withdrawn).map((p) => [p.id, true])); // still in it
  const names = new Map(players.map((p) => [p.id, String(p.name ?? p.id)]));
  const person = (id, table) => ({ id, name: names.get(id) ?? id, table });
  const seating = sections?.seating?.[item];
  const q = String(query || "").trim();
  const byTable = /^\d+$/.test(q) ? Number(q) : null;
  let groups;
  if (seating && Array.isArray(seating.tables)) {
    groups = [...seating.tables].sort((a, b) => a.table - b.table).map((t) => ({
      table: t.table, players: t.players.filter((id) => id in next).map((id) => person(id, t.table)),
    }));
  } else {
    const all = Object.keys(next).map((id) => person(id, null)).sort(byName(lang));
    groups = [{ table: null, players: all }];
  }
  if (byTable !== null) return groups.filter((g) => g.table === byTable);
  if (!q) return groups.filter((g) => g.players.length);
  return groups.map((g) => ({ ...g, players: g.players.filter((p) => matchesQuery(p.name, q)) }))
    .filter((g) => g.players.length);
}

/**
 * The other players at `player`'s table in `item` (who write a misdeal's bule), by id.
 * @param {Partial<RefereeView>} sections
 * @param {string} item
 * @param {string} player
 * @returns {string[]}
 */
export function coPlayers(sections, item, player) {
  const table = (sections?.seating?.[item]?.tables || []).find((t) => t.players.includes(player));
  return table ? table.players.filter((id) => id !== player) : [];
}

/**
 * The audit entries the committee's decision on `appeal` may name as its correction, newest first:
 * commands in force entered after the appeal that concern its round — a result correction of it, or
 * an undo whose target is of that round (or names no round). The server checks the choice itself.
 * @param {AuditEntry[]} audit
 * @param {OpenAppeal} appeal
 * @returns {AuditEntry[]}
 */
export function correctionChoices(audit, appeal) {
  const entries = Array.isArray(audit) ? audit : [];
  const bySeq = new Map(entries.map((x) => [x.seq, x]));
  const ofRound = (payload) => !payload || payload.item === undefined || payload.item === appeal.item;
  return entries.filter((x) => {
    if (x.undone || x.seq <= appeal.seq) return false;
    // (The keys it reads of a result correction's payload and an undo's: live/core/payloads.py.)
    const p = /** @type {{ item?: string, target?: number }} */ (x.payload || {});
    if (x.type === "result_corrected") return p.item === appeal.item;
    if (x.type === "command_undone") {
      const target = bySeq.get(p.target);
      return Boolean(target) && target.type !== "command_undone" && ofRound(target.payload);
    }
    return false;
  }).reverse();
}

/**
 * Whom the announcement card may send a notice to (besides the whole hall), by name as a page in `lang`
 * shows it: the players of the day. One gone from it (the server's `gone`: withdrawn before playing) is
 * not; one who withdrew after playing still has a phone to tell.
 * @param {Partial<RefereeView>} sections
 * @param {string} [lang]
 * @returns {PlayerLine[]}
 */
export function noticeAddressees(sections, lang = "en") {
  return (sections?.players || []).filter((p) => !p.gone).sort(byName(lang)); // (the server's flag)
}

/**
 * Whom the penalty card may penalise, by name as a page in `lang` shows it: the teams in bridge (VP),
 * else the players still in the tournament (the server's `withdrawn`; one gone from the day is withdrawn too).
 * @param {Partial<RefereeView>} sections
 * @param {string} [lang]
 * @returns {(PlayerLine | TeamLine)[]}
 */
export function penaltyTargets(sections, lang = "en") {
  if (gameOf(sections) === "bridge") return [...(sections?.teams || [])].sort(byName(lang));
  return (sections?.players || []).filter((p) => !p.withdrawn).sort(byName(lang)); // (the server's flag)
}

/**
 * Who may lodge an appeal about `item`, by name as a page in `lang` shows it: a player with requests left
 * (the server's `appeals.left`, which has no one gone from the day), or in a team league a team with a
 * match in the round (`appeals.signers`, Slovak §28.3), named from the roster of teams.
 * @param {Partial<RefereeView>} sections
 * @param {string} item
 * @param {string} [lang]
 * @returns {{ id: string, name: string }[]}
 */
export function appellants(sections, item, lang = "en") {
  const v = sections?.appeals;
  if (!v) return [];
  if (v.by === "team") {
    const names = new Map((sections.teams || []).map((t) => [t.id, t.name]));
    return Object.keys(v.signers?.[item] || {}).map((id) => ({ id, name: names.get(id) ?? id })).sort(byName(lang));
  }
  return (sections.players || []).filter((p) => p.id in (v.left || {})).sort(byName(lang));
}
