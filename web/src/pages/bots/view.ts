// The view of the page `/bots` (bots.ts loads the list): the bot accounts anyone can challenge, the
// connected ones first, each with its BOT mark, its ratings and a link that challenges it from the
// lobby's form — a pure function of the controller's `BotsContext`.

import { addTexts, errorText, lang, t } from "../../i18n.js";
import type { UiError } from "../../i18n.js";
import { v } from "../../vdom.js";
import type { VNode } from "../../vdom.js";
import { botMark, ratingText } from "../../account.js";
import type { Link } from "../../types.js";
import type { BotListing } from "../../contract/BotListing.js";
import type { BotsReply } from "../../contract/BotsReply.js";
import { challengePath } from "../lobby/pairing-form.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "bots.intro":
      "Programs that play here through the Bot API: challenge one from the lobby's form. The house engine's bots (Spielwerk-L1 … L10) answer whenever the server runs them. To put your own engine online: make a token with the scope bot:play under Settings → API tokens, then run spielwerk bot --token … with your engine.",
    "bots.online": "online",
    "bots.offline": "offline",
    "bots.unrated": "No rated games yet",
    "bots.challenge": "Challenge",
    "bots.none": "No bots yet.",
  },
  de: {
    "bots.intro":
      "Programme, die hier über die Bot-API spielen: Fordere einen im Formular der Lobby heraus. Die Bots der Haus-Engine (Spielwerk-L1 … L10) antworten, wann immer der Server sie laufen lässt. Deine eigene Engine bringst du so online: Lege unter Einstellungen → API-Tokens ein Token mit dem Bereich bot:play an und starte spielwerk bot --token … mit deiner Engine.",
    "bots.online": "online",
    "bots.offline": "offline",
    "bots.unrated": "Noch keine gewerteten Partien",
    "bots.challenge": "Herausfordern",
    "bots.none": "Noch keine Bots.",
  },
});

/** What the page's view needs: the last list, if any, and why loading failed, if it did. */
export interface BotsContext {
  list: BotsReply | null;
  error: UiError | null;
  link: Link;
}

/** One bot: its mark and name (to its profile), online or not, its ratings, and the challenge link. */
function botView(bot: BotListing, link: Link): VNode {
  const ratings = bot.ratings
    .filter((r) => !r.correspondence)
    .map((r) => `${r.titles[lang()]} ${ratingText(r.rating, r.provisional)}`);
  return v("li", { key: bot.name, class: "bot-line", "data-bot": bot.name, "data-online": String(bot.online) }, [
    v("div", { class: "bot-name" }, [
      v("span", { class: bot.online ? "bot-dot online" : "bot-dot", "aria-hidden": "true" }),
      link(`/@/${bot.name}`, [botMark(true), " ", bot.name]),
      v("small", { class: "muted" }, ` ${bot.online ? t("bots.online") : t("bots.offline")}`),
    ]),
    v("div", { class: "bot-ratings muted" }, ratings.length ? ratings.join(" · ") : t("bots.unrated")),
    link(challengePath(bot.name), t("bots.challenge"), { class: "button bot-challenge" }),
  ]);
}

/** The page: its title and explanation, then the bots (or a word that there are none, or the error). */
export function botsView({ list, error, link }: BotsContext): VNode {
  return v("div", { key: "bots", class: "bots-page" }, [
    v("section", { key: "card", class: "card" }, [
      v("h1", { key: "title" }, t("bots.title")),
      v("p", { key: "intro", class: "muted" }, t("bots.intro")),
      error ? v("p", { key: "error", class: "error", role: "alert" }, errorText(error)) : null,
      list && list.bots.length === 0 ? v("p", { key: "none", id: "no-bots" }, t("bots.none")) : null,
      list?.bots.length
        ? v(
            "ul",
            { key: "list", class: "bot-list", id: "bot-list" },
            list.bots.map((bot) => botView(bot, link)),
          )
        : null,
    ]),
  ]);
}
