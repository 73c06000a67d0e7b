// The views of the page `/tournaments` (list.ts keeps the state): the upcoming, running and
// finished tournaments, each with a link to its page, and the form that makes an arena or a Swiss
// — pure functions of the controller's `ListContext`.

import { errorText, lang, t } from "../../i18n.js";
import { daysText } from "../../correspondence.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { Link, Registry } from "../../types.js";
import type { ArenaBots } from "../../contract/ArenaBots.js";
import type { TournamentSummary } from "../../contract/TournamentSummary.js";
import type { TournamentsReply } from "../../contract/TournamentsReply.js";
import { termsText, whenText } from "./common-view.js";
import { countdownText } from "./model.js";

/** The fields of the create form, as typed or chosen. */
export interface CreateFields {
  /** An arena or a Swiss. */
  kind: "arena" | "swiss";
  name: string;
  game: string;
  clock: string;
  /** An arena's duration, minutes. */
  minutes: string;
  /** A Swiss's rounds. */
  rounds: string;
  /** A Swiss's days per move; empty for the clock. */
  days: string;
  startIn: string;
  minRating: string;
  maxRating: string;
  rated: boolean;
  /** Who may join: people only (the default), people and bots, or bots only. */
  bots: ArenaBots;
  /** Whether the maker joins it at once (ticked by default; unticked for a tournament of bots). */
  join: boolean;
}

/** The create form's fields as it opens: an arena of people, rated, on `game`. */
export function defaultFields(game: string): CreateFields {
  return {
    kind: "arena",
    name: "",
    game,
    clock: "3+2",
    minutes: "60",
    rounds: "5",
    days: "",
    startIn: "0",
    minRating: "",
    maxRating: "",
    rated: true,
    bots: "no",
    join: true,
  };
}

/** The durations offered, minutes, besides the server's shortest. */
export const DURATIONS = ["20", "30", "45", "60", "90", "120"];

/**
 * The durations the form offers, minutes: the server's shortest arena (`shortest`, from the list's
 * reply; unknown before it loads), then those of `DURATIONS` longer than it.
 */
export function durations(shortest: number | undefined): string[] {
  if (shortest === undefined) return DURATIONS;
  return [String(shortest), ...DURATIONS.filter((m) => Number(m) > shortest)];
}
/** The starts offered, minutes from now. */
export const STARTS = ["0", "5", "10", "30", "60"];
/** The rounds of a Swiss offered. */
export const ROUNDS = ["3", "4", "5", "6", "7", "8", "9", "11", "13", "15"];
/** A Swiss's days per move offered (the server's allowed ones); empty: a clock instead. */
export const DAYS = ["", "1", "2", "3", "5", "7", "14"];
/** Who may join, as the server words it: people only (the default), people and bots, bots only. */
export const BOTS: ArenaBots[] = ["no", "welcome", "only"];
/** The clocks offered. */
export const CLOCKS = ["1+0", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5"];

/** What the list page's views need: the controller's state and its actions. */
export interface ListContext {
  registry: Registry;
  /** The last reply of the list, if any. */
  list: TournamentsReply | null;
  /** Why loading or creating failed, if it did. */
  error: UiError | null;
  /** Now, ms since the epoch: the upcoming tournaments count down to their start. */
  now: number;
  /** Whether an account is signed in (only then the form shows). */
  signedIn: boolean;
  fields: CreateFields;
  /** Whether a creation is under way. */
  busy: boolean;
  link: Link;
  /** Sets a field of the form (no request yet). */
  setField: <K extends keyof CreateFields>(name: K, value: CreateFields[K]) => void;
  /** Creates the arena of the form. */
  submit: () => void;
}

/**
 * What an empty list says: that nothing runs, with the next tournament to join if one is upcoming
 * (the house's schedule keeps one); that nothing is scheduled; that nothing has finished.
 */
export function emptyText(key: "running" | "upcoming" | "finished", ctx: ListContext): VNode {
  const next = ctx.list?.upcoming[0];
  if (key === "running" && next) {
    return v("p", { class: "muted tour-empty" }, [
      `${t("tour.noRunningNext")} `,
      ctx.link(`/tournaments/${next.id}`, t("tour.nextAt", { name: next.name, time: clockTime(next.starts_ms) })),
    ]);
  }
  const texts = { running: t("tour.noRunning"), upcoming: t("tour.noUpcoming"), finished: t("tour.noFinished") };
  return v("p", { class: "muted tour-empty" }, ctx.list ? texts[key] : "…");
}

/** The time of day of `ms` as the page's language writes it (`14:30`). */
function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(lang() === "de" ? "de-DE" : "en-GB", { timeStyle: "short" });
}

/** The page: the explanation, the three lists, and the form (or a word on signing in). */
export function listView(ctx: ListContext): VNode {
  const { list } = ctx;
  const section = (key: "running" | "upcoming" | "finished", title: string, items: TournamentSummary[] | undefined) =>
    v("section", { key, class: "card tour-list", id: `tour-${key}` }, [
      v("h2", {}, title),
      items?.length
        ? v(
            "ul",
            {},
            items.map((tour) => tourItem(tour, ctx)),
          )
        : emptyText(key, ctx),
    ]);
  return v("div", { key: "tournaments", class: "page tour-page" }, [
    v("section", { key: "head", class: "card" }, [
      v("h1", {}, t("tour.title")),
      v("p", { class: "muted" }, t("tour.intro")),
      v("p", { class: "muted" }, t("tour.swissIntro")),
      ctx.error ? v("p", { class: "error", role: "alert", id: "tour-error" }, errorText(ctx.error)) : null,
    ]),
    section("running", t("tour.running"), list?.running),
    section("upcoming", t("tour.upcoming"), list?.upcoming),
    v("section", { key: "create", class: "card" }, [
      v("h2", {}, t("tour.create")),
      ctx.signedIn ? createForm(ctx) : v("p", { class: "muted" }, ctx.link("/login", t("tour.signIn"))),
    ]),
    section("finished", t("tour.finished"), list?.finished),
  ]);
}

/**
 * One tournament of a list: its name as a link, its terms, its time (an upcoming one's counting
 * down to its start), its players and winner.
 */
function tourItem(tour: TournamentSummary, ctx: ListContext): VNode {
  const players = tour.players === 1 ? t("tour.onePlayer") : t("tour.players", { count: tour.players });
  const facts = [termsText(tour), whenText(tour), players];
  if (tour.winner) facts.push(t("tour.winner", { name: tour.winner }));
  const countdown =
    tour.status === "upcoming"
      ? v(
          "span",
          { class: "tour-countdown tour-starts-in" },
          `${t("tour.startsIn")} ${countdownText(tour.starts_ms - ctx.now)}`,
        )
      : null;
  return v("li", { key: tour.id, "data-tournament": tour.id }, [
    ctx.link(`/tournaments/${tour.id}`, tour.name),
    countdown ? " " : null,
    countdown,
    v("div", { class: "muted" }, facts.join(" · ")),
  ]);
}

/** A labelled control of the form. */
function field(label: string, control: VNode): VNode {
  return v("label", { key: label }, [v("span", {}, label), control]);
}

/** A choice among `choices` ([value, text]) for the field `name`. */
function select(
  ctx: ListContext,
  name: "kind" | "game" | "clock" | "minutes" | "rounds" | "days" | "startIn" | "bots",
  choices: [string, string][],
): VNode {
  return v(
    "select",
    { key: name, name, on: { change: (e: Event) => ctx.setField(name, (e.target as HTMLSelectElement).value) } },
    choices.map(([value, text]) => v("option", { key: value, value, selected: value === ctx.fields[name] }, text)),
  );
}

/** A ticked-or-not box for the field `name`, with its label after it. */
function checkbox(ctx: ListContext, name: "rated" | "join", checked: boolean, label: string): VNode {
  return v("label", { key: name, class: "tour-check" }, [
    v("input", {
      type: "checkbox",
      name,
      checked,
      on: { change: (e: Event) => ctx.setField(name, (e.target as HTMLInputElement).checked) },
    }),
    v("span", {}, label),
  ]);
}

/** A text or number input for the field `name`. */
function input(ctx: ListContext, name: "name" | "minRating" | "maxRating", type: string, placeholder: string): VNode {
  return v("input", {
    key: name,
    name,
    type,
    placeholder,
    value: ctx.fields[name],
    on: { input: (e: Event) => ctx.setField(name, (e.target as HTMLInputElement).value) },
  });
}

/** The fields that set the kinds apart: an arena's clock and duration, a Swiss's rounds, days or clock. */
function kindFields(ctx: ListContext): VNode[] {
  const clock = field(
    t("tour.clock"),
    select(
      ctx,
      "clock",
      CLOCKS.map((c): [string, string] => [c, c]),
    ),
  );
  if (ctx.fields.kind === "arena") {
    return [
      clock,
      field(
        t("tour.minutes"),
        select(
          ctx,
          "minutes",
          durations(ctx.list?.shortest_arena_minutes).map((m): [string, string] => [
            m,
            t("tour.minutesOption", { minutes: m }),
          ]),
        ),
      ),
    ];
  }
  const days = DAYS.map((d): [string, string] => [d, d ? daysText(Number(d)) : t("tour.useClock")]);
  return [
    field(
      t("tour.rounds"),
      select(
        ctx,
        "rounds",
        ROUNDS.map((r): [string, string] => [r, r]),
      ),
    ),
    field(t("tour.daysPerMove"), select(ctx, "days", days)),
    ctx.fields.days ? null : clock,
  ].filter((node): node is VNode => node !== null);
}

/** The form that makes an arena or a Swiss. */
function createForm(ctx: ListContext): VNode {
  const { fields } = ctx;
  const submit = (e: Event) => {
    e.preventDefault();
    ctx.submit();
  };
  const kinds: [string, string][] = [
    ["arena", t("tour.kindArena")],
    ["swiss", t("tour.kindSwiss")],
  ];
  return v("form", { key: "create-form", id: "tour-create", class: "tour-form", on: { submit } }, [
    field(t("tour.kind"), select(ctx, "kind", kinds)),
    field(t("tour.name"), input(ctx, "name", "text", t("tour.nameHint"))),
    field(
      t("game"),
      select(
        ctx,
        "game",
        ctx.registry.games.map((g): [string, string] => [g.name, g.title]),
      ),
    ),
    ...kindFields(ctx),
    field(
      t("tour.start"),
      select(
        ctx,
        "startIn",
        STARTS.filter((m) => fields.kind === "arena" || m !== "0").map((m): [string, string] => [
          m,
          m === "0" ? t("tour.now") : t("tour.inMinutes", { minutes: m }),
        ]),
      ),
    ),
    field(
      t("tour.bots"),
      select(
        ctx,
        "bots",
        BOTS.map((bots): [string, string] => [bots, t(`tour.bots.${bots}`)]),
      ),
    ),
    field(t("tour.minRating"), input(ctx, "minRating", "number", t("tour.any"))),
    field(t("tour.maxRating"), input(ctx, "maxRating", "number", t("tour.any"))),
    checkbox(ctx, "rated", fields.rated, t("tour.ratedLabel")),
    checkbox(ctx, "join", fields.join, t("tour.joinMyself")),
    v("button", { key: "make", type: "submit", class: "primary", disabled: ctx.busy }, t("tour.make")),
  ]);
}
