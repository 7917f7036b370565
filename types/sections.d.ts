// Generated from docs/sections.schema.json by tests/pages/sections-dts.mjs — do not edit: run
// `node tests/pages/sections-dts.mjs --write` after the schema changes (docs/contributing.md#types-in-the-pages).
// The shapes of the sections the server sends (live/projections/wire.py), for the pages' JSDoc types.

/** A table a lateness threshold changed: who is missing, and whether it plays with a reserve, gets a walkover (to whom) or has no game. */
export interface AbsentTable {
  table: number;
  absent: string[];
  kind: string;
  walkover_to: string | null;
}

/** A line of `announcements` (and of `me`'s `notices`): an event the screens tell, its payload's keys beside `seq`, `ts` and `type` (live/core/state.py `_announcement`); which keys it has depends on its `type`. */
export interface Announcement {
  seq: number;
  ts: number;
  type: string;
  item?: string;
  round?: number | null;
  title?: string;
  items?: string[];
  text?: string;
  player?: string;
  name?: string;
  table?: number;
  starts_with?: number;
  absent?: string[];
  tables?: AbsentTable[];
  threshold?: string;
  due_at?: number;
  minutes?: number;
  ms?: number;
  part?: number;
  parts?: number;
  reason?: string;
  waiting_for?: string;
  start?: number;
  was?: number;
  shift_item?: string;
  shift_minutes?: number;
  at?: number;
}

/** The judges' decision on an appeal: the `appeal_decided` payload with its `seq` and `ts`. */
export interface AppealDecision {
  appeal: number;
  decision: string;
  seq: number;
  ts: number;
  player?: string;
  team?: string;
  item?: string;
  unanimous?: boolean;
  outcome?: string;
  correction?: number;
  reason?: string;
}

/** An appeal as lodged (the `appeal_lodged` payload with its `seq` and `ts`) and its `decision`, None while open. */
export interface AppealRecord {
  item: string;
  subject: string;
  seq: number;
  ts: number;
  decision: AppealDecision | null;
  player?: string;
  team?: string;
  number?: number;
  allowed?: number | null;
  match?: string[];
  signed_by?: string[];
  captain?: string;
  line_up?: number;
  to?: string;
}

/** When a team may appeal: the days after the results are published, and when that closes. */
export interface AppealWindow {
  days: number;
  published: number | null;
  published_on: string | null;
  closes: number | null;
  closes_on: string | null;
}

/** The best lady of a preferans tournament. */
export interface BestLady {
  id: string;
  name: string;
  rank: number;
}

/** `me`'s `boards` (bridge): the boards the player played of the team's, and what the individual ranking needs. */
export interface BoardsPlayed {
  played: number;
  of: number;
  percent: number | null;
  min_percent?: number;
  needed?: number;
  eligible?: boolean;
}

/** A bridge line of a check-in list: a team, how many of its members are in, its lateness once complete. */
export interface BridgeArrival {
  id: string;
  arrived_at: number | null;
  name: string;
  members_in: number;
  late_ms?: number;
  boards_removed?: number;
  compensation_imps?: number;
  forfeit?: boolean;
}

/** A bridge match's result of `results`: its IMPs and VP, or the team that forfeited it. */
export interface BridgeResult {
  home: string;
  away: string;
  seq: number;
  imps_home?: number;
  imps_away?: number;
  vp_home?: number;
  vp_away?: number;
  corrected?: boolean;
  late_imps?: LateImps;
  provisional?: boolean;
  forfeit?: string;
}

/** A bridge row of `standings`: `tied` when it shares the place of the row above. */
export interface BridgeRow {
  shared: boolean;
  team: string;
  name: string;
  vp: number;
  penalty_vp: number;
  imps_for: number;
  imps_against: number;
  imp_diff: number;
  played: number;
  awarded: number;
  decided_by: string | null;
  withdrawn: boolean;
  overtime?: Overtime[];
  tied?: boolean;
}

/** From `from_ms` late on, these numbers apply (a bridge team). */
export interface BridgeStep {
  from_ms: number;
  boards_removed?: number;
  compensation_imps?: number;
  forfeit: boolean;
}

/** A bridge team's bye in a published round. */
export interface ByeSeat {
  item: string;
  bye: boolean;
}

/** `final`, the Novi Sad final: the finalists, the carry-over, the IMPs once entered and the winner. */
export interface FinalView {
  item: string;
  first: string;
  second: string;
  carry_over: number;
  winner: string | null;
  imps_first?: number;
  imps_second?: number;
}

/** How late someone not yet in is at any instant: ms + max(0, now − at) while running, else ms. */
export interface LateClock {
  ms: number;
  at: number;
  running: boolean;
}

/** The IMPs a match's teams are given for boards removed for the other's lateness (Slovak §26.2). */
export interface LateImps {
  home: number;
  away: number;
}

/** One round's check-in list (`lateness` maps the rounds whose arrivals matter now to theirs). */
export interface LatenessReport {
  item: string;
  reference_start: number;
  pauses: ((number | null)[])[];
  late_clock: LateClock;
  players_needed: number | null;
  thresholds: Threshold[];
  rows: (PreferansArrival | BridgeArrival)[];
  steps: (PreferansStep | BridgeStep)[];
  matches?: string[][] | null;
}

/** `limits`: the longest texts the server takes, and the check-in code's letters and grouping. */
export interface Limits {
  name: number;
  title: number;
  reason: number;
  announcement: number;
  referee_name: number;
  code: number;
  code_group: number;
}

/** A bridge team's match of a published round: at home or away, against whom. */
export interface MatchSeat {
  item: string;
  home: boolean;
  opponent: string;
}

/** `me`, a player's own page: without their session only what the public sections show, picked out for them; with it (`session`), the notices' words, their check-ins and appeals. */
export interface MeSection {
  id: string;
  name: string;
  team: string | null;
  session: boolean;
  arrivals: (OwnPreferansArrival | OwnBridgeArrival)[];
  notices?: Announcement[];
  private_notices?: number;
  check_ins?: Record<string, number>;
  appeals?: PlayerAppeals | TeamAppeals | null;
  seats: (TableSeat | MatchSeat | ByeSeat)[];
  results: (OwnPreferansResult | OwnBridgeResult)[];
  penalties: Penalty[];
  boards: BoardsPlayed | null;
  standing: RankedPreferansRow | RankedBridgeRow | null;
}

export interface NowEntry {
  from: number;
  current: string | null;
  next: string | null;
  then: string | null;
  mode: "running" | "paused" | "held" | "until" | "ends" | "missed" | "idle";
  deadline: number | null;
  day: string[];
  checkin: string | null;
}

/** A Novi Sad league match run over its time: the VP its team lost (live/projections/standings.py). */
export interface Overtime {
  item: string;
  blocks: number;
  block_minutes: number;
  vp: number;
  at: number;
}

/** A bridge line of `me`'s `arrivals`: with its item. */
export interface OwnBridgeArrival {
  id: string;
  arrived_at: number | null;
  name: string;
  members_in: number;
  late_ms?: number;
  boards_removed?: number;
  compensation_imps?: number;
  forfeit?: boolean;
  item: string;
}

/** A bridge result of `me`'s `results`: with its item. */
export interface OwnBridgeResult {
  home: string;
  away: string;
  seq: number;
  imps_home?: number;
  imps_away?: number;
  vp_home?: number;
  vp_away?: number;
  corrected?: boolean;
  late_imps?: LateImps;
  provisional?: boolean;
  forfeit?: string;
  item: string;
}

/** A preferans line of `me`'s `arrivals`: with its item. */
export interface OwnPreferansArrival {
  id: string;
  arrived_at: number | null;
  name: string;
  excused: boolean;
  reserve: string | null;
  reserve_starts_with: number;
  reserve_from_ms: number | null;
  starts_with?: number;
  late_ms?: number;
  minutes?: number;
  bule?: number;
  deduction?: number;
  tolerated?: boolean;
  reserve_due?: boolean;
  item: string;
}

/** A preferans result of `me`'s `results`: with its item. */
export interface OwnPreferansResult {
  table: number;
  seq: number;
  corrected: boolean;
  walkover: boolean;
  players: ScoredPlayer[];
  item: string;
}

/** A penalty of `me`'s `penalties`: the `penalty_applied` payload (or a sanction's line) with its `seq` and `ts`; `sanction` the seq of the sanction it came with. */
export interface Penalty {
  seq: number;
  ts: number;
  amount: number;
  unit: string;
  reason?: string;
  player?: string;
  team?: string;
  item?: string;
  kind?: string;
  sanction?: number;
}

/** `me`'s `appeals` where players appeal themselves (Čačak): their requests and how many are left. */
export interface PlayerAppeals {
  by: "player";
  allowed: number | null;
  used: number;
  left: number | null;
  requests: AppealRecord[];
}

/** A line of `players`, the roster: `withdrawn` offered for no round to come, `gone` withdrawn before playing. */
export interface PlayerLine {
  id: string;
  name: string;
  team: string | null;
  lady?: boolean;
  junior?: boolean;
  rating?: number;
  substitute?: boolean;
  enters?: string;
  withdrawn?: boolean;
  gone?: boolean;
}

/** A preferans line of a check-in list: the penalty's numbers once the player came. */
export interface PreferansArrival {
  id: string;
  arrived_at: number | null;
  name: string;
  excused: boolean;
  reserve: string | null;
  reserve_starts_with: number;
  reserve_from_ms: number | null;
  starts_with?: number;
  late_ms?: number;
  minutes?: number;
  bule?: number;
  deduction?: number;
  tolerated?: boolean;
  reserve_due?: boolean;
}

/** A preferans table's result of `results` (item → its results). */
export interface PreferansResult {
  table: number;
  seq: number;
  corrected: boolean;
  walkover: boolean;
  players: ScoredPlayer[];
}

/** A preferans row of `standings`: `tied` when it shares the place of the row above. */
export interface PreferansRow {
  shared: boolean;
  player: string;
  name: string;
  lady: boolean;
  points: number;
  bule: number;
  rounds: number;
  penalty_bule: number;
  penalty_points: number;
  tied?: boolean;
}

/** From `from_ms` late on, these numbers apply (a preferans player). */
export interface PreferansStep {
  from_ms: number;
  bule: number;
  starts_with: number;
  deduction: number;
  tolerated: boolean;
  reserve_due: boolean;
}

/** A prize of the list: the place's rank, who, and how much. */
export interface Prize {
  rank: number;
  id: string;
  name: string;
  amount: number;
}

/** `prizes`: the prize list while a referee has it on the screens (the desk's figures left out). */
export interface PrizeList {
  fund: number;
  shares: number[];
  prizes: Prize[];
  order: string;
  currency: string;
  sponsor_prizes: SponsorPrize[];
  best_lady: BestLady | null;
}

/** `standings_provisional`: the rounds and matches an open appeal holds back, and the rule that says so. */
export interface Provisional {
  items: string[];
  matches: ProvisionalMatch[];
  rule: string;
}

/** A match a team's open appeal holds back. */
export interface ProvisionalMatch {
  item: string;
  home: string;
  away: string;
}

/** What every screen sees (live/projections/views.py `public_sections`). */
export interface PublicSections {
  tournament: TournamentInfo;
  timetable: TimetableItem[];
  now: NowEntry[];
  in_play: string | null;
  limits: Limits;
  announcements: Announcement[];
  players: PlayerLine[];
  teams: TeamLine[];
  standings: (PreferansRow | BridgeRow)[];
  standings_hidden?: StandingsHidden;
  standings_provisional?: Provisional;
  prizes?: PrizeList;
  seating: Record<string, Seating>;
  results: Record<string, (PreferansResult | BridgeResult)[]>;
  final: FinalView | null;
  lateness: Record<string, LatenessReport>;
}

/** A bridge row with its place written out (`me`'s `standing`). */
export interface RankedBridgeRow {
  shared: boolean;
  team: string;
  name: string;
  vp: number;
  penalty_vp: number;
  imps_for: number;
  imps_against: number;
  imp_diff: number;
  played: number;
  awarded: number;
  decided_by: string | null;
  withdrawn: boolean;
  overtime?: Overtime[];
  rank: number;
}

/** A preferans row with its place written out (`me`'s `standing`). */
export interface RankedPreferansRow {
  shared: boolean;
  player: string;
  name: string;
  lady: boolean;
  points: number;
  bule: number;
  rounds: number;
  penalty_bule: number;
  penalty_points: number;
  rank: number;
}

/** A preferans player's line of a scored table. */
export interface ScoredPlayer {
  player: string;
  result: number;
  place: number;
  points: number;
  shared: boolean;
  absent: boolean;
}

/** A published seating of `seating` (item → seating): the `seating_published` payload with its `seq`. */
export interface Seating {
  item: string;
  seq: number;
  method?: string;
  round?: number;
  tables?: SeatingTable[];
  matches?: SeatingMatch[];
  bye?: string | null;
  seed?: number;
  after?: string;
  order?: string;
  carry_over?: number;
}

/** A bridge match of a seating. */
export interface SeatingMatch {
  home: string;
  away: string;
}

/** A preferans table of a seating: its players in seat order. */
export interface SeatingTable {
  table: number;
  players: string[];
}

/** A sponsor's prize: the place it is for, and who is there. */
export interface SponsorPrize {
  place: number;
  rank: number;
  id: string;
  name: string;
}

/** `standings_hidden`: since which round the hall does not see the standings. */
export interface StandingsHidden {
  from_round: number;
  title: string;
}

/** Where a preferans player sits in a published round (`me`'s `seats`). */
export interface TableSeat {
  item: string;
  table: number;
  seat: number;
}

/** One of a team's appeals on its players' page: about what, and where it stands. */
export interface TeamAppeal {
  appeal: number;
  item: string;
  title: string;
  match: string[] | null;
  subject: string;
  lodged: number;
  state: "open" | "decided";
  decision?: string;
  outcome?: string | null;
  decided?: number;
  due?: number | null;
  due_on?: string | null;
}

/** `me`'s `appeals` where a team appeals (Slovak §28.3): the team's appeals and the window. */
export interface TeamAppeals {
  by: "team";
  to: string;
  team: string;
  window: AppealWindow | null;
  appeals: TeamAppeal[];
}

/** A line of `teams` (bridge). */
export interface TeamLine {
  id: string;
  name: string;
}

/** A lateness threshold of a round that started: when it falls and how late that is. */
export interface Threshold {
  name: string;
  at: number;
  late_ms: number;
  minutes: number;
  boards_removed?: number;
  boards_removed_next?: number;
}

/** One item of `timetable`. A playing item (a round, a match) adds its clock, from `status` on. */
export interface TimetableItem {
  id: string;
  kind: string;
  title: string;
  round: number | null;
  start: number;
  end: number;
  playing: boolean;
  planned_start?: number;
  boards?: number;
  changeable: boolean;
  changeable_until: number | null;
  phase: ("upcoming" | "in_progress" | "done" | "missed") | null;
  status?: "scheduled" | "called" | "held" | "missed" | "running" | "paused" | "ended";
  started_at?: number | null;
  ended_at?: number | null;
  called_at?: number | null;
  held_at?: number | null;
  held_for?: ("previous" | "seating" | "past") | null;
  waiting_for?: string | null;
  ends_at?: number | null;
  paused_at?: number | null;
  extended_ms?: number;
  last_deals_at?: number | null;
  breaks?: number[];
  parts?: number;
  remaining_ms?: number;
}

/** `tournament`: the tournament and the rules durations the pages need, in clock milliseconds. */
export interface TournamentInfo {
  name: string;
  timezone: string;
  preset: string;
  game: string;
  language: string;
  languages: string[];
  speed: number;
  id: string;
  follow: string;
  call_before_ms: number;
  last_deals_warning_ms: number;
  checkin_opens_before_ms: number;
  minute_ms: number;
}

/** The sections of the views (live/projections/wire.py) */
export type Sections = PublicSections;
