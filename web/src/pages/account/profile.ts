// The profile page `/@/<name>`: the controller loads the profile with a page of its games (by the
// filters), the rating history and its charts; profile-view.ts draws them.

import { patch } from "../../vdom.js";
import type { Link, Navigate, Page, Registry } from "../../types.js";
import type { PlayerProfile } from "../../contract/PlayerProfile.js";
import { RatingHistory } from "./history.js";
import { noPlayerView, profileView } from "./profile-view.js";
import type { ProfileContext, ProfileFilter } from "./profile-view.js";
import { challengeDialog } from "../lobby/challenge-dialog.js";

/** The profile page `/@/<name>`: ratings per game and the games, paged and filtered. */
export function profilePage(
  main: HTMLElement,
  name: string,
  { link, navigate, registry }: { link: Link; navigate: Navigate; registry: Registry },
): Page {
  const filter: ProfileFilter = { game: "", result: "", aborted: "", page: 1 };
  let profile: PlayerProfile | null = null;
  let missing = false;
  let stopped = false;
  // The history may arrive after the page was left: then it draws nothing (it would replace the next page).
  const history = new RatingHistory(name, () => {
    if (!stopped) render();
  });

  async function load() {
    const { game, result, aborted } = filter;
    const query = new URLSearchParams({ game, result, page: String(filter.page), ...(aborted ? { aborted } : {}) });
    const response = await fetch(`/api/players/${encodeURIComponent(name)}?${query}`).catch(() => null);
    if (stopped) return;
    if (!response?.ok) {
      missing = true;
    } else {
      profile = await response.json();
    }
    render();
  }

  // Challenge: a dialog on the profile with the lobby's form for this player.
  const dialog = challengeDialog({
    registry,
    name: () => profile?.name ?? name,
    redraw: () => {
      if (!stopped) render();
    },
    link,
  });
  const ctx: Omit<ProfileContext, "profile" | "history" | "challengeDialog"> = {
    filter,
    registry,
    link,
    navigate,
    chartHost: () => history.host(),
    choose: (name, value) => {
      filter[name] = value;
      filter.page = 1;
      load();
    },
    turn: (step) => {
      filter.page += step;
      load();
    },
    openChallenge: () => dialog.open(),
  };

  function render() {
    if (missing) {
      patch(main, noPlayerView(link));
      return;
    }
    if (!profile) return;
    patch(main, profileView({ ...ctx, profile, history: history.games, challengeDialog: dialog.view() }));
    history.draw();
  }

  load();
  return {
    render,
    destroy() {
      stopped = true;
      history.destroy();
      dialog.destroy();
    },
  };
}
