// Types the pages' JSDoc shares beside the sections' own (sections.d.ts, generated from the schema); written by
// hand (docs/contributing.md#types-in-the-pages).
import type {
  BridgeArrival, BridgeResult, BridgeRow, BridgeStep, MeSection, PreferansArrival, PreferansResult, PreferansRow, PreferansStep,
  PublicSections, RefereeSections, RefereeView,
} from "./sections";

/**
 * The sections a page holds, as the shared modules (display/lib/) read them: the public ones, each of which may
 * be missing (before the first snapshot; a section sent empty when it failed to build, docs/protocol.md), the
 * player page's `me`, and the referees' own (the console's; absent on the other pages).
 */
export type PageSections = Partial<PublicSections> & { me?: MeSection | null } & Partial<RefereeSections>;

/**
 * One of two kinds of row, read as the pages read it: with either kind's keys, those of the other kind absent. A
 * page tells the kinds apart by the tournament's game (display/lib/standings.js `gameOf`), not by the row.
 */
export type EitherOf<A, B> =
  | (A & { [K in Exclude<keyof B, keyof A>]?: undefined })
  | (B & { [K in Exclude<keyof A, keyof B>]?: undefined });

/** A line of `standings`: a Preferans player's or a bridge team's. */
export type StandingsRow = EitherOf<PreferansRow, BridgeRow>;

/** A result of `results`: a Preferans table's or a bridge match's. */
export type Result = EitherOf<PreferansResult, BridgeResult>;

/** A line of a lateness report's `rows`: a Preferans player's or a bridge team's. */
export type Arrival = EitherOf<PreferansArrival, BridgeArrival>;

/** A penalty step of a lateness report's `steps`: Preferans bule or bridge boards. */
export type Step = EitherOf<PreferansStep, BridgeStep>;

/** An event of the log as the connection hands it to a page (live/core/events.py): its payload's keys depend on
 * its `type`, and the schema does not declare them. */
export interface LiveEvent {
  seq: number;
  ts: number;
  type: string;
  payload?: Record<string, any>;
}

/** An event a banner is drawn from: the log's, or one a page makes up without a place in the log (the player's
 * page, for a call it missed while closed: display/player/round-banner.js). */
export type SignalEvent = Pick<LiveEvent, "type" | "payload"> & Partial<LiveEvent>;

/**
 * What each card of the referee console is given (display/referee/cards.js): the console's words (`S`), its
 * sections as the server last sent them (`sections()`: the referees' view, each section missing until the
 * first snapshot) and the command sender (display/referee/commands.js `command`: the server's answer, or false
 * when it did not take the command). A card that needs more says what besides.
 */
export interface CardContext {
  S: Record<string, any>;
  sections: () => Partial<RefereeView>;
  command: (body: Record<string, unknown>, button?: EventTarget | null, errorBox?: Element | null) => Promise<any>;
}
