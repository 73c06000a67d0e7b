// A profile's Challenge, as lichess's: a dialog on the profile itself (a bottom sheet on a phone)
// with the lobby's own new-game form in its challenge way for that one player — the game, the time
// control (a clock or days per move), the side, rated and takebacks, the game's own options under
// "More options" — and its button sends the challenge (`POST /api/challenges`, as the lobby's
// form does). Then the dialog shows the challenge waiting, with Withdraw, and its answer as the
// account's event stream brings it (notify.ts); an accepted challenge takes the challenger to the
// game (notify.ts does, on every page).

import { t, lang, addTexts, errorText } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VChild, VNode } from "../../vdom.js";
import { api } from "../../api.js";
import { accountName } from "../../account.js";
import { challengeTerms, onChallenges } from "../../notify.js";
import { SAVED_FORM_KEY, challengeBody, keptForm, restoredLobbyForm } from "./pairing-form.js";
import type { LobbyForm, Way } from "./pairing-form.js";
import { gameField, newGameForm } from "./view.js";
import type { FormContext } from "./view.js";
import type { Link, Registry } from "../../types.js";
import type { Challenge } from "../../contract/Challenge.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "chd.title": "Challenge {name}",
    "chd.close": "Close",
    "chd.again": "Change and send again",
  },
  de: {
    "chd.title": "{name} herausfordern",
    "chd.close": "Schließen",
    "chd.again": "Ändern und neu senden",
  },
});

/** What the profile needs of its challenge dialog. */
export interface ChallengeDialog {
  /** The dialog's vnode while it is open, else null. */
  view(): VNode | null;
  /** Opens the dialog with the form as the lobby last kept it. */
  open(): void;
  /** Stops following the account's challenges. */
  destroy(): void;
}

/** What the dialog is given: the registry, the player challenged, how to redraw the page, and links. */
export interface DialogSetup {
  registry: Registry;
  /** The player challenged (the profile's name as the server spells it, once loaded). */
  name: () => string;
  /** Draws the page (and with it the dialog) anew. */
  redraw: () => void;
  link: Link;
}

/** The dialog of a profile's Challenge (see the module comment). */
export function challengeDialog(setup: DialogSetup): ChallengeDialog {
  return new ChallengeDialogBox(setup);
}

/** The lobby's kept form (the dialog starts from it and keeps its choices there), if the browser keeps one. */
function keptText(): string | null {
  try {
    return localStorage.getItem(SAVED_FORM_KEY);
  } catch {
    return null;
  }
}

/** How often a waiting challenge's answer is asked for, besides the event stream. */
const ANSWER_CHECK_MS = 4000;

/** The dialog's state: open or not, the form, the refusal, and the challenge sent. */
class ChallengeDialogBox implements ChallengeDialog {
  shown = false;
  form: LobbyForm;
  /** The way the lobby's form was kept in: kept again with the dialog's choices, so the lobby opens as it was left. */
  lobbyWay: Way = "engine";
  error: UiError | null = null;
  moreOpen = false;
  /** The challenge sent, as the event stream (or the check behind it) last told of it. */
  sent: Challenge | null = null;
  readonly stopListening: () => void;
  /** The check of a waiting challenge's answer, every `ANSWER_CHECK_MS`. */
  readonly checker: ReturnType<typeof setInterval>;

  constructor(readonly setup: DialogSetup) {
    this.form = restoredLobbyForm(setup.registry, null);
    this.stopListening = onChallenges((list) => this.told(list.outgoing.find((c) => c.id === this.sent?.id)));
    this.checker = setInterval(() => void this.checkAnswer(), ANSWER_CHECK_MS);
  }

  /** Takes what the stream or the check says of the challenge sent, while the dialog shows it. */
  told(mine: Challenge | undefined) {
    if (!this.shown || !this.sent || !mine || mine.id !== this.sent.id || mine.status === this.sent.status) return;
    this.sent = mine;
    this.setup.redraw();
  }

  /**
   * Asks for the waiting challenge's answer (`GET /api/challenges/{id}`): the event stream leaves out
   * an answer given while it was reconnecting, and the dialog would wait for good.
   */
  async checkAnswer() {
    const waiting = this.shown && this.sent?.status === "open" ? this.sent : null;
    if (!waiting) return;
    try {
      this.told(await api<Challenge>("GET", `/api/challenges/${waiting.id}`));
    } catch {
      // The next check, or the stream, tells it.
    }
  }

  /** Opens the dialog with the lobby's kept settings, in the challenge way, for the profile's player. */
  open() {
    this.form = restoredLobbyForm(this.setup.registry, keptText());
    this.lobbyWay = this.form.way;
    Object.assign(this.form, { way: "challenge", challengeName: this.setup.name() });
    Object.assign(this, { shown: true, sent: null, error: null });
    this.setup.redraw();
  }

  /** Keeps the form's choices for the lobby (in the way the lobby was left). */
  keep() {
    try {
      localStorage.setItem(SAVED_FORM_KEY, keptForm({ ...this.form, way: this.lobbyWay }));
    } catch {
      // A browser that keeps nothing starts each time with the fresh form.
    }
  }

  /** Closes the dialog (×, or Escape: the dialog's own close). */
  readonly close = () => {
    this.shown = false;
    this.setup.redraw();
  };

  /** Sends the challenge; a refusal is shown in the form. */
  readonly send = async () => {
    this.error = null;
    try {
      this.sent = await api<Challenge>("POST", "/api/challenges", challengeBody(this.form));
    } catch (e) {
      this.error = e as UiError;
    }
    this.setup.redraw();
  };

  /** Withdraws the challenge sent: the form again. */
  readonly withdraw = async (challenge: Challenge) => {
    try {
      await api<Challenge>("DELETE", `/api/challenges/${challenge.id}`);
      this.sent = null;
    } catch (e) {
      this.error = e as UiError;
    }
    this.setup.redraw();
  };

  /** The form's context: the lobby's form, for the one player challenged. */
  formContext(): FormContext {
    const { setup, form } = this;
    return {
      registry: setup.registry,
      form,
      error: this.error,
      signedIn: Boolean(accountName()),
      render: setup.redraw,
      outcome: { sentTo: "", seekPosted: false },
      signInLink: () =>
        setup.link(`/login?${new URLSearchParams({ next: `/@/${setup.name()}` })}`, t("lobby.signInLink")),
      update: (change, redraw) => {
        Object.assign(form, change);
        this.keep();
        if (redraw) setup.redraw();
      },
      setOption: (name, value) => {
        form.options[name] = value;
        this.keep();
      },
      create: () => void this.send(),
      moreOpen: this.moreOpen,
      setMoreOpen: (open) => {
        this.moreOpen = open;
      },
      formId: "challenge-form",
      to: setup.name(),
    };
  }

  /** The challenge sent and its answer: waiting (Withdraw), accepted (to the game), declined or expired (send again). */
  sentView(c: Challenge): VChild[] {
    const again = v(
      "button",
      { key: "again", type: "button", id: "challenge-again", on: { click: () => this.withdrawn() } },
      t("chd.again"),
    );
    const line = (text: string) => v("p", { key: "status", id: "challenge-status", "data-status": c.status }, text);
    const error = this.error ? v("p", { key: "error", class: "error", role: "alert" }, errorText(this.error)) : null;
    switch (c.status) {
      case "open":
        return [
          line(t("ch.waiting", { name: c.to, game: challengeTerms(c) })),
          v(
            "button",
            { key: "withdraw", type: "button", id: "challenge-withdraw", on: { click: () => this.withdraw(c) } },
            t("ch.cancel"),
          ),
          error,
        ];
      case "accepted":
        return [
          line(t("ch.accepted", { name: c.to })),
          this.setup.link(`/play/${c.game_id}`, t("ch.toGame"), { class: "button", id: "challenge-to-game" }),
        ];
      case "declined":
        return [line(t("ch.declined", { name: c.to, reason: c.reason_text?.[lang()] ?? c.reason ?? "" })), again];
      default:
        return [line(t("ch.expired", { name: c.to })), again];
    }
  }

  /** Back to the form after an answer (or a withdrawal). */
  withdrawn() {
    this.sent = null;
    this.setup.redraw();
  }

  /** The dialog: its title and ×, then the form, or the challenge sent and its answer. */
  view(): VNode | null {
    if (!this.shown) return null;
    const ctx = this.formContext();
    const choose = (game: string) => {
      if (game === this.form.game) return;
      Object.assign(this.form, { game, options: {} });
      this.keep();
      this.setup.redraw();
    };
    return v(
      "dialog",
      {
        key: "challenge-dialog",
        id: "challenge-dialog",
        class: "challenge-dialog",
        "aria-labelledby": "challenge-dialog-title",
        hook: { insert: (node) => showModal(node.elm) },
        on: { close: this.close },
      },
      [
        v("div", { key: "head", class: "challenge-dialog-head" }, [
          v("h2", { key: "title", id: "challenge-dialog-title" }, t("chd.title", { name: this.setup.name() })),
          v(
            "button",
            {
              key: "close",
              type: "button",
              class: "challenge-dialog-close",
              id: "challenge-dialog-close",
              "aria-label": t("chd.close"),
              title: t("chd.close"),
              on: { click: this.close },
            },
            "×",
          ),
        ]),
        ...(this.sent ? this.sentView(this.sent) : [newGameForm(ctx, [gameField(ctx, choose)])]),
      ],
    );
  }

  /** Stops following the account's challenges (the profile was left). */
  destroy() {
    this.stopListening();
    clearInterval(this.checker);
  }
}

/** Opens `element` as a modal dialog (the page behind it inert, Escape closes it); as an open one where the browser has no modal dialogs. */
function showModal(element: Node | undefined) {
  if (!(element instanceof HTMLElement) || element.hasAttribute("open")) return;
  const dialog = element as HTMLDialogElement;
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}
