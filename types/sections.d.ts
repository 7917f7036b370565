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

/** A line of the desk (a player, or in bridge a team: `kind`): per kind of payment its line, the kinds the form offers (`whats`), what to take `next`, and the totals; a player's `team`, `lady` and `junior` besides. */
export interface Account {
  kind: string;
  id: string;
  name: string;
  withdrawn: boolean;
  whats: string[];
  lines: Record<string, AccountLine>;
  next: NextPayment | null;
  owed: number;
  paid: number;
  team?: string | null;
  lady?: boolean;
  junior?: boolean;
}

/** One kind of payment of a desk line: `due`, `paid`, `owed` (negative: paid beyond the due), the `most` the desk takes now (None for `other`) and what it may give back (`refundable`); a match fee's `matches` and `each`. */
export interface AccountLine {
  due: number;
  paid: number;
  owed: number;
  most: number | null;
  refundable: number;
  matches?: number;
  each?: number;
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

/** A line of `audit`, a command a referee (or a player's own check-in) gave: the console lists them, names the one "undo last" takes back, and reads the payloads it needs (an absence's, a penalty's, a correction's). `payload` is the event's, of any of its types (live/core/events.py); an undo sets `undone` (live/core/state.py `apply`). */
export interface AuditEntry {
  seq: number;
  ts: number;
  type: string;
  payload: Record<string, unknown>;
  by: string;
  undone: boolean;
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

/** What a deduction of points may take: above 0, in steps of `step`, at most `max`. */
export interface DeductionPoints {
  step: number;
  max: number;
}

/** `desk` (None without entry fees): the currency, who pays (`per`), the form's `methods` and `max_amount`, every line of the desk (`accounts`), who has not paid and how much is owed, the prize `fund` and the book of `payments` (display/referee/desk.js, desk-books.js). */
export interface DeskView {
  currency: string;
  per: string;
  methods: string[];
  max_amount: number;
  fund: Fund | null;
  accounts: Account[];
  unpaid: Unpaid[];
  owed: number;
  payments: Payment[];
}

/** A line of `faults`, what of the log today's code cannot use (display/referee/faults.js words it by `kind`): a rules value set aside (`key`, `value`, the value `kept`), an event passed over (`type`), or a section that fails to build (`section`); `error` says why. */
export interface Fault {
  kind: "rule" | "event" | "section";
  seq: number;
  error: string;
  key?: string;
  value?: string;
  kept?: unknown;
  type?: string;
  section?: string;
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

export interface Fund {
  amount: number;
  share: number;
  min_share: number;
  from: string[];
  collected: Record<string, number>;
  counted: number;
  payments: number;
  if_all_paid: number;
}

/** The Novi Sad individual ranking: the share a player needs (`percent`, the `rule` quoting it), by what the teams are ordered, the `ranking` and each team's working. */
export interface Individual {
  percent: number;
  rule: string;
  order: string;
  ranking: IndividualLine[];
  teams: IndividualTeam[];
}

/** A line of the individual ranking: an eligible player, sharing their team's place. */
export interface IndividualLine {
  rank: number;
  shared: boolean;
  player: string;
  name: string;
  team: string;
  team_name: string;
  boards: number;
  percent: number | null;
}

/** A team's player in the individual ranking's working: boards, share and what is `still_needed`. */
export interface IndividualPlayer {
  player: string;
  name: string;
  boards: number;
  percent: number | null;
  eligible: boolean;
  still_needed: number;
  withdrawn: boolean;
}

/** A team of the individual ranking's working: its boards, the boards a player `needed`, its players. */
export interface IndividualTeam {
  rank: number;
  team: string;
  name: string;
  boards: number;
  needed: number;
  players: IndividualPlayer[];
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

/** `lineups` (None without team sheets): the team sheets with the `rosters` beside them, team → its roster (the console's sheets and roster cards). */
export interface LineupsView {
  size: number;
  substitution_kinds: string[];
  matches: Record<string, MatchSheets>;
  boards: Record<string, PlayerBoards>;
  individual: Individual | null;
  substitutes: SubstituteRounds | null;
  rosters: Record<string, RosterTeam>;
}

/** A bridge team's match of a published round: at home or away, against whom. */
export interface MatchSeat {
  item: string;
  home: boolean;
  opponent: string;
}

/** A match of the sheets: its parts, each part's boards, how many have `begun`, and each team's. */
export interface MatchSheets {
  parts: number;
  part_boards: number[];
  begun: number;
  teams: Record<string, MatchTeam>;
}

/** One team of a match on the console's sheets card (display/referee/sheets.js): its `sheet` (None: none entered), the `line_ups` of every part as they count, which parts are still `changeable`, who is `barred` from which part, the substitute's boards left, the boards removed for lateness and the sheet its roster leaves no choice in (`forced`). */
export interface MatchTeam {
  sheet: TeamSheet | null;
  forfeited: boolean;
  line_ups: (string[] | null)[];
  changeable: number[];
  barred: Record<string, string[]>;
  substitute_boards_left: number | null;
  boards_removed: number;
  forced: string[][] | null;
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

/** What the desk's form proposes to take next: a kind and its amount (negative: a refund). */
export interface NextPayment {
  what: string;
  amount: number;
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

/** An open appeal of the referees' `appeals`: with the day its decision is `due`, where the rules give a term. */
export interface OpenAppeal {
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
  due?: number;
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

/** A payment in force: the `payment_recorded` payload with its `seq`, `ts` and the referee who took it (`by`); the desk's book lists them. */
export interface Payment {
  what: string;
  amount: number;
  seq: number;
  ts: number;
  by: string;
  player?: string;
  team?: string;
  currency?: string;
  method?: string;
  note?: string;
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
  to?: string;
}

/** `me`'s `appeals` where players appeal themselves (Čačak): their requests and how many are left. */
export interface PlayerAppeals {
  by: "player";
  allowed: number | null;
  used: number;
  left: number | null;
  requests: AppealRecord[];
}

/** A player's boards on the sheets: in all, and per match. */
export interface PlayerBoards {
  total: number;
  matches: Record<string, number>;
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
  standings_status?: StandingsStatus;
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

/** `appeals` (None without appeals), for the console's appeals card (display/referee/appeals.js): the body (`to`), who appeals (`by`), the limit (`allowed`, None: none), whether a decision must be unanimous, the term, the appeal `window`; the `open` and `decided` appeals; where players appeal, the requests each has `left`, where teams do, the `signers` of each team's match in every round played. */
export interface RefereeAppeals {
  to: string;
  by: string;
  allowed: number | null;
  unanimity: boolean;
  decision_days: number | null;
  window: AppealWindow | null;
  open: OpenAppeal[];
  decided: AppealRecord[];
  left?: Record<string, number | null>;
  signers?: Record<string, Record<string, Signers>>;
}

/** What only the referees see besides the public sections (live/projections/views.py `referee_only`): the `audit`, the command "undo last" takes back (the shared token's referee's, `undo_last`, and every referee's, `undo_last_by`), the round commands `allowed` now (display/referee/rounds.js enables those buttons), the `referees`; while the hall does not see the standings, the standings and `standings_hidden`; the parts of the rules in force (None without them), and `faults` (absent on a sound log). */
export interface RefereeSections {
  audit: AuditEntry[];
  undo_last: number | null;
  undo_last_by: Record<string, number>;
  allowed: Record<string, string[]>;
  referees: string[];
  sanctions: SanctionsView | null;
  appeals: RefereeAppeals | null;
  slips: Record<string, RoundSlips> | null;
  lineups: LineupsView | null;
  desk: DeskView | null;
  faults?: Fault[];
  standings?: (PreferansRow | BridgeRow)[];
  standings_hidden?: StandingsHidden;
}

/** What a referee's console is sent (live/projections/views.py `referee_sections`): the public sections with the referees' own, the standings the hall no longer sees in place of its empty list. */
export interface RefereeView {
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
  standings_status?: StandingsStatus;
  prizes?: PrizeList;
  seating: Record<string, Seating>;
  results: Record<string, (PreferansResult | BridgeResult)[]>;
  final: FinalView | null;
  lateness: Record<string, LatenessReport>;
  audit: AuditEntry[];
  undo_last: number | null;
  undo_last_by: Record<string, number>;
  allowed: Record<string, string[]>;
  referees: string[];
  sanctions: SanctionsView | null;
  appeals: RefereeAppeals | null;
  slips: Record<string, RoundSlips> | null;
  lineups: LineupsView | null;
  desk: DeskView | null;
  faults?: Fault[];
}

/** Whether a team may replace a player now (after half its league matches, `allowed` times), against which `average` rating. */
export interface Replacement {
  after_half: boolean;
  played: number;
  matches: number;
  allowed: number;
  used: number;
  open: boolean;
  average: number | null;
}

/** A member of a team's roster on the console's roster card (display/referee/roster.js). */
export interface RosterMember {
  player: string;
  name: string;
  rating: number | null;
  withdrawn: boolean;
  substitute: boolean;
  boards: number;
}

/** A team's roster: its members, the bounds, how many are still on it, whether it is `incomplete` and has `room` for one more (None: no most), and where the rules have them the `replacement`s. */
export interface RosterTeam {
  members: RosterMember[];
  min: number | null;
  max: number | null;
  current: number;
  incomplete: boolean;
  room: boolean | null;
  replacement?: Replacement;
}

/** A round of `slips` (round → its list, for display/referee/slips.js): the tables with a result, the seated ones still `missing`, whether the list is `complete`, the `fee` and the `fees` the desk takes. */
export interface RoundSlips {
  item: string;
  title: string;
  status: "scheduled" | "called" | "held" | "missed" | "running" | "paused" | "ended";
  fee: number;
  tables: SlipTable[];
  missing: number[];
  complete: boolean;
  fees: number;
}

/** A sanction in force: the `sanction_recorded` payload with its `seq` and `ts`. */
export interface Sanction {
  player: string;
  kind: string;
  item: string;
  penalties: SanctionPenalty[];
  seq: number;
  ts: number;
  step?: number;
  warning?: boolean;
  bule?: number;
  unit?: string;
  table?: number;
  reason?: string;
  measure?: string;
  points?: number;
}

/** A penalty line of a sanction: who pays what (`to`: the co-player a misdeal's bule go to). */
export interface SanctionPenalty {
  player: string;
  amount: number;
  unit: string;
  reason: string;
  to?: string;
}

/** What a player's next offence of a kind costs: its `step` (1st, 2nd …), the `bule` (for a misdeal to each co-player: `per_co_player`), whether it is a `warning`, and the signalling `measure`; the console's form proposes it and sends the step back. */
export interface SanctionStep {
  step: number;
  bule: number;
  warning: boolean;
  per_co_player: boolean;
  measure: string;
}

/** `sanctions` (None under rules without them), for the console's sanction form (display/referee/sanctions.js): the `kinds` and each one's ladder (`steps`: bule, or the signalling measures), the fields a kind `needs` besides the player and the round, the deduction's `points`, every sanction `recorded`, the next step of each kind for a player with none yet (`first`) and for each player who has some (`next`). */
export interface SanctionsView {
  kinds: string[];
  steps: Record<string, number[] | string[]>;
  needs: Record<string, string[]>;
  points: DeductionPoints;
  recorded: Sanction[];
  first: Record<string, SanctionStep>;
  next: Record<string, Record<string, SanctionStep>>;
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

/** Who may sign a team's appeal of a match: the `line_up` on its sheet (None: no sheet entered) and how many of them must (`needed`, Slovak §28.3). */
export interface Signers {
  line_up: string[] | null;
  needed: number | null;
}

/** Who brings a table's result slip and cards to the scoring desk. */
export interface SlipBearer {
  player: string;
  name: string;
}

/** Who pays a table's scoring fee, and how much. */
export interface SlipPayer {
  player: string;
  name: string;
  amount: number;
}

/** A table of a round's slips: who `brings` the slip, who `pays` the fee. */
export interface SlipTable {
  table: number;
  walkover: boolean;
  brings: SlipBearer[];
  pays: SlipPayer[];
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

/** `standings_status` (Slovak §24.1, live/projections/finality.py; absent while the results are running, not yet published): the results' `status` as of the state's last event, `since` when, and `final_at`, the instant they become final with nothing else happening (None: an appeal still to be decided) — from then on the status is `final`, which a page tells by comparing it with the server's clock; `open_appeals` holding them back, `why` (a word of `ResultsWhy`), when the overall results were `published` and when the term for complaints `closes`, the term's `days`, and the presidium's `approved` instant (None: no approval in force). */
export interface StandingsStatus {
  status: "provisional" | "final";
  since: number;
  final_at: number | null;
  open_appeals: number;
  why: "term" | "term_and_appeals" | "appeals" | "term_over" | "approved";
  published: number;
  closes: number;
  days: number;
  approved: number | null;
  rule: string;
}

/** Slovak §27.1 on the console: the competition's `rounds`, the most a substitute may play (`allowed`), and each substitute's rounds on the sheets so far. */
export interface SubstituteRounds {
  percent: number;
  rounds: number;
  allowed: number;
  played: Record<string, number[]>;
}

export interface Substitution {
  part: number;
  out: string;
  boards: number;
  in?: string;
  substitute?: string;
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

/** A team's sheet for a match in force: the `lineup_entered` payload with its `seq`, `ts` and the parts any sheet in force `fixed`. */
export interface TeamSheet {
  item: string;
  team: string;
  parts: string[][];
  seq: number;
  ts: number;
  fixed: number[];
  substitutions?: Substitution[];
  fixes?: number[];
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

/** A line of the desk's list of who has not paid: what they still owe, in all and `by_what`. */
export interface Unpaid {
  kind: string;
  id: string;
  name: string;
  withdrawn: boolean;
  owed: number;
  by_what: Record<string, number>;
}

/** The sections of the views (live/projections/wire.py) */
export type Sections = PublicSections;
