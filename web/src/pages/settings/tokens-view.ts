// The settings page's "API tokens" card, a pure view: the signed-in account's personal API tokens
// (description, scopes, date, revoke with a confirm), the form that makes one, the new secret
// shown once with a copy button, and the button that turns a fresh account into a bot
// (tokens.ts keeps the state and calls the server).

import { t, addTexts, errorText, lang } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import type { ApiTokenList } from "../../contract/ApiTokenList.js";
import type { ApiTokenSummary } from "../../contract/ApiTokenSummary.js";

/** The scopes a token can grant, as the server names them (docs/bots.md). */
export const SCOPES = ["bot:play", "challenge:read", "challenge:write"] as const;

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "tok.title": "API tokens",
    "tok.intro": "A personal API token lets a program act for this account. Only its hash is stored.",
    "tok.hint": "puts an engine online.",
    "tok.none": "No tokens yet.",
    "tok.loading": "Loading the tokens…",
    "tok.description": "Description",
    "tok.scopes": "Scopes",
    "tok.created": "Made",
    "tok.revoke": "Revoke",
    "tok.revokeConfirm": "Revoke “{description}”? A program using it is signed out for good.",
    "tok.revokeYes": "Yes, revoke",
    "tok.new": "New token",
    "tok.descriptionHint": "What it is for, e.g. “my bridge” (1–100 characters)",
    "tok.scope.bot:play": "Play as a bot: its event stream, its games, moves, chat, and challenges",
    "tok.scope.challenge:read": "Read the account's event stream (challenges and games)",
    "tok.scope.challenge:write": "Make, accept and decline challenges",
    "tok.create": "Make token",
    "tok.secret": "Your new token:",
    "tok.secretOnce": "Copy it now: it is not shown again.",
    "tok.done": "Done",
    "tok.botAlready": "This account is a bot.",
    "tok.makeBot": "Turn this account into a bot",
    "tok.makeBotConfirm":
      "This is permanent: the account becomes a bot and can never be a person's again. Only a fresh account that has played no game can become a bot.",
    "tok.makeBotYes": "Yes, make it a bot for good",
  },
  de: {
    "tok.title": "API-Tokens",
    "tok.intro":
      "Mit einem persönlichen API-Token kann ein Programm für dieses Konto handeln. Gespeichert wird nur sein Hash.",
    "tok.hint": "bringt eine Engine online.",
    "tok.none": "Noch keine Tokens.",
    "tok.loading": "Die Tokens werden geladen …",
    "tok.description": "Beschreibung",
    "tok.scopes": "Bereiche",
    "tok.created": "Erstellt",
    "tok.revoke": "Widerrufen",
    "tok.revokeConfirm": "„{description}“ widerrufen? Ein Programm, das es nutzt, ist danach für immer abgemeldet.",
    "tok.revokeYes": "Ja, widerrufen",
    "tok.new": "Neues Token",
    "tok.descriptionHint": "Wofür es ist, z. B. „meine Brücke“ (1–100 Zeichen)",
    "tok.scope.bot:play": "Als Bot spielen: sein Ereignisstrom, seine Partien, Züge, Chat und Herausforderungen",
    "tok.scope.challenge:read": "Den Ereignisstrom des Kontos lesen (Herausforderungen und Partien)",
    "tok.scope.challenge:write": "Herausforderungen stellen, annehmen und ablehnen",
    "tok.create": "Token erstellen",
    "tok.secret": "Dein neues Token:",
    "tok.secretOnce": "Kopiere es jetzt: Es wird nicht noch einmal gezeigt.",
    "tok.done": "Fertig",
    "tok.botAlready": "Dieses Konto ist ein Bot.",
    "tok.makeBot": "Dieses Konto zum Bot machen",
    "tok.makeBotConfirm":
      "Das ist endgültig: Das Konto wird ein Bot und kann nie wieder das eines Menschen sein. Nur ein neues Konto, das noch keine Partie gespielt hat, kann ein Bot werden.",
    "tok.makeBotYes": "Ja, endgültig zum Bot machen",
  },
});

/** What the tokens card shows: the list, the secret just made, the open confirms, the errors. */
export interface TokensState {
  /** The account's tokens and whether it is a bot; null until loaded. */
  list: ApiTokenList | null;
  /** The secret of the token just made, shown until dismissed; null otherwise. */
  secret: string | null;
  /** Whether the secret was copied. */
  copied: boolean;
  /** The id of the token whose revoke waits for its confirm. */
  confirmRevoke: string | null;
  /** Whether the bot upgrade waits for its confirm. */
  confirmBot: boolean;
  /** Whether a call is under way (the buttons wait). */
  busy: boolean;
  /** The last refusal of loading, making or revoking a token. */
  error: UiError | null;
  /** The last refusal of the bot upgrade. */
  botError: UiError | null;
}

/** What the card does when clicked: the controller's calls (tokens.ts). */
export interface TokensActions {
  /** Makes a token with the form's description and scopes; `form` is reset when it is made. */
  create: (form: HTMLFormElement) => void;
  /** Opens (id) or closes (null) the confirm of revoking a token. */
  askRevoke: (id: string | null) => void;
  /** Revokes a token. */
  revoke: (id: string) => void;
  /** Copies the new secret. */
  copy: () => void;
  /** Hides the new secret. */
  dismiss: () => void;
  /** Opens or closes the confirm of the bot upgrade. */
  askBot: (open: boolean) => void;
  /** Turns the account into a bot. */
  makeBot: () => void;
}

/** An error line, if there is an error. */
function errorLine(key: string, error: UiError | null, id: string): VNode | null {
  return error ? v("p", { key, class: "error", role: "alert", id }, errorText(error)) : null;
}

/** One token's row: its description, scopes and date, and revoke with its confirm. */
function tokenRow(token: ApiTokenSummary, s: TokensState, a: TokensActions): VNode {
  const confirming = s.confirmRevoke === token.id;
  const date = new Date(token.created_ms).toLocaleDateString(lang());
  return v("li", { key: token.id, class: "token", "data-token": token.id }, [
    v("strong", { key: "description", class: "token-description" }, token.description),
    v("span", { key: "scopes", class: "token-scopes muted" }, [
      `${t("tok.scopes")}: `,
      ...token.scopes.flatMap((scope, i) => [i ? ", " : "", v("code", { key: scope }, scope)]),
    ]),
    v("span", { key: "date", class: "token-date muted" }, `${t("tok.created")}: ${date}`),
    confirming
      ? v("span", { key: "confirm", class: "token-confirm", role: "group" }, [
          v("span", { key: "q" }, t("tok.revokeConfirm", { description: token.description })),
          v(
            "button",
            {
              key: "yes",
              type: "button",
              class: "danger",
              "data-revoke-yes": "",
              disabled: s.busy,
              on: { click: () => a.revoke(token.id) },
            },
            t("tok.revokeYes"),
          ),
          v("button", { key: "no", type: "button", on: { click: () => a.askRevoke(null) } }, t("cancel")),
        ])
      : v(
          "button",
          { key: "revoke", type: "button", "data-revoke": "", on: { click: () => a.askRevoke(token.id) } },
          t("tok.revoke"),
        ),
  ]);
}

/** The secret just made, with its copy button and the warning that it is not shown again. */
function secretBox(secret: string, s: TokensState, a: TokensActions): VNode {
  return v("div", { key: "secret", class: "token-secret", id: "token-secret", role: "status" }, [
    v("p", { key: "label" }, t("tok.secret")),
    v("code", { key: "value", class: "token-value", id: "token-value" }, secret),
    v("p", { key: "once", class: "warning" }, t("tok.secretOnce")),
    v(
      "button",
      { key: "copy", type: "button", id: "token-copy", on: { click: a.copy } },
      s.copied ? t("copied") : t("copy"),
    ),
    v("button", { key: "done", type: "button", id: "token-done", on: { click: a.dismiss } }, t("tok.done")),
  ]);
}

/** The form that makes a token: its description and a checkbox per scope, each explained. */
function createForm(s: TokensState, a: TokensActions): VNode {
  return v(
    "form",
    {
      key: "create",
      id: "token-form",
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          a.create(e.target as HTMLFormElement);
        },
      },
    },
    [
      v("fieldset", { key: "fields" }, [
        v("legend", {}, t("tok.new")),
        v("label", { key: "description", class: "field" }, [
          t("tok.description"),
          v("input", { key: "input", name: "description", required: true, maxlength: 100, autocomplete: "off" }),
          v("small", { key: "hint", class: "muted" }, t("tok.descriptionHint")),
        ]),
        ...SCOPES.map((scope) =>
          v("label", { key: scope, class: "check token-scope" }, [
            v("input", { key: "input", type: "checkbox", name: "scope", value: scope }),
            v("code", { key: "name" }, scope),
            v("span", { key: "help", class: "muted" }, t(`tok.scope.${scope}`)),
          ]),
        ),
        v("button", { key: "submit", type: "submit", disabled: s.busy }, t("tok.create")),
      ]),
    ],
  );
}

/** The bot upgrade: a note for a bot, else a button with a confirm that says it is permanent. */
function botPart(s: TokensState, a: TokensActions): VNode | null {
  if (!s.list) return null;
  if (s.list.bot) return v("p", { key: "bot", id: "token-bot", class: "muted" }, t("tok.botAlready"));
  return v("div", { key: "bot", id: "token-bot", class: "token-bot" }, [
    s.confirmBot
      ? v("div", { key: "confirm", role: "group" }, [
          v("p", { key: "q", class: "warning" }, t("tok.makeBotConfirm")),
          v(
            "button",
            {
              key: "yes",
              type: "button",
              id: "make-bot-yes",
              class: "danger",
              disabled: s.busy,
              on: { click: a.makeBot },
            },
            t("tok.makeBotYes"),
          ),
          v("button", { key: "no", type: "button", on: { click: () => a.askBot(false) } }, t("cancel")),
        ])
      : v(
          "button",
          { key: "ask", type: "button", id: "make-bot", class: "small", on: { click: () => a.askBot(true) } },
          t("tok.makeBot"),
        ),
    errorLine("error", s.botError, "make-bot-error"),
  ]);
}

/** The "API tokens" card of the signed-in account. */
export function tokensView(s: TokensState, a: TokensActions): VNode {
  const tokens = s.list?.tokens ?? [];
  return v(
    "section",
    { key: "tokens", class: "card tokens", id: "api-tokens", "aria-labelledby": "api-tokens-title" },
    [
      v("h2", { key: "title", id: "api-tokens-title" }, t("tok.title")),
      v("p", { key: "intro", class: "muted" }, t("tok.intro")),
      v("p", { key: "hint", class: "muted" }, [
        v("code", { key: "cmd" }, "spielwerk bot --token …"),
        ` ${t("tok.hint")}`,
      ]),
      s.secret ? secretBox(s.secret, s, a) : null,
      s.list
        ? tokens.length
          ? v(
              "ul",
              { key: "list", class: "token-list", id: "token-list" },
              tokens.map((token) => tokenRow(token, s, a)),
            )
          : v("p", { key: "list", class: "muted", id: "token-list" }, t("tok.none"))
        : v("p", { key: "list", class: "muted" }, t("tok.loading")),
      errorLine("error", s.error, "token-error"),
      createForm(s, a),
      botPart(s, a),
    ],
  );
}
