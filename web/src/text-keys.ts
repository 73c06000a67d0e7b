// The keys of the texts that modules add (`addTexts` in i18n.ts), each module's exported `TEXTS`:
// with the dictionary's they make `TextKey`, so `t` with a key no module has fails the type check.
// A module that adds texts is listed here.

import type { TEXTS as account } from "./account.js";
import type { TEXTS as pagesAnalysisView } from "./pages/analysis/view.js";
import type { TEXTS as analysisMistakesView } from "./analysis/mistakes-view.js";
import type { TEXTS as analysisTexts } from "./analysis/texts.js";
import type { TEXTS as chat } from "./chat.js";
import type { TEXTS as correspondence } from "./correspondence.js";
import type { TEXTS as featured } from "./featured.js";
import type { TEXTS as engineLevels } from "./engine-levels.js";
import type { TEXTS as gamePeople } from "./game/people.js";
import type { TEXTS as gameView } from "./game/view.js";
import type { TEXTS as gamePhoneTabs } from "./game/phone-tabs.js";
import type { TEXTS as gamesAbalone } from "./games/abalone.js";
import type { TEXTS as gamesAmaktaLobby } from "./games/amakta-lobby.js";
import type { TEXTS as gamesAmaktaSetup } from "./games/amakta-setup.js";
import type { TEXTS as gamesAtaxx } from "./games/ataxx.js";
import type { TEXTS as gamesFormation } from "./games/formation.js";
import type { TEXTS as gamesFormationLobby } from "./games/formation-lobby.js";
import type { TEXTS as lazyPage } from "./lazy-page.js";
import type { TEXTS as main } from "./main.js";
import type { TEXTS as notify } from "./notify.js";
import type { TEXTS as pagesLearnView } from "./pages/learn-view.js";
import type { TEXTS as pagesLobbyPickerView } from "./pages/lobby/picker-view.js";
import type { TEXTS as pagesLobbyPairingForm } from "./pages/lobby/pairing-form.js";
import type { TEXTS as pagesLobbySeeksView } from "./pages/lobby/seeks-view.js";
import type { TEXTS as pagesLobbyView } from "./pages/lobby/view.js";
import type { TEXTS as pagesLobbyTournamentsCard } from "./pages/lobby/tournaments-card.js";
import type { TEXTS as pagesLobbyChallengeDialog } from "./pages/lobby/challenge-dialog.js";
import type { TEXTS as pagesPuzzleModesView } from "./pages/puzzle-modes-view.js";
import type { TEXTS as pagesPuzzlesView } from "./pages/puzzles-view.js";
import type { TEXTS as pagesSearchView } from "./pages/search/view.js";
import type { TEXTS as pagesSettingsView } from "./pages/settings/view.js";
import type { TEXTS as pagesSettingsTokensView } from "./pages/settings/tokens-view.js";
import type { TEXTS as pagesAccountProfileView } from "./pages/account/profile-view.js";
import type { TEXTS as pagesAccountCareView } from "./pages/account/care-view.js";
import type { TEXTS as rematch } from "./rematch.js";
import type { TEXTS as skipLink } from "./skip-link.js";
import type { TEXTS as spectatorChat } from "./spectator-chat.js";
import type { TEXTS as tags } from "./tags.js";
import type { TEXTS as pagesTournamentsTexts } from "./pages/tournaments/texts.js";
import type { TEXTS as pagesLeaguesTexts } from "./pages/leagues/texts.js";
import type { TEXTS as pagesBotsView } from "./pages/bots/view.js";
import type { TEXTS as turnBadge } from "./turn-badge.js";

/** A key of a text that a module adds. */
export type AddedTextKey =
  | keyof (typeof account)["en"]
  | keyof (typeof pagesAnalysisView)["en"]
  | keyof (typeof analysisMistakesView)["en"]
  | keyof (typeof analysisTexts)["en"]
  | keyof (typeof chat)["en"]
  | keyof (typeof correspondence)["en"]
  | keyof (typeof featured)["en"]
  | keyof (typeof gamePeople)["en"]
  | keyof (typeof gameView)["en"]
  | keyof (typeof engineLevels)["en"]
  | keyof (typeof gamePhoneTabs)["en"]
  | keyof (typeof gamesAbalone)["en"]
  | keyof (typeof gamesAmaktaLobby)["en"]
  | keyof (typeof gamesAmaktaSetup)["en"]
  | keyof (typeof gamesAtaxx)["en"]
  | keyof (typeof gamesFormation)["en"]
  | keyof (typeof gamesFormationLobby)["en"]
  | keyof (typeof lazyPage)["en"]
  | keyof (typeof main)["en"]
  | keyof (typeof notify)["en"]
  | keyof (typeof pagesLearnView)["en"]
  | keyof (typeof pagesLobbyPairingForm)["en"]
  | keyof (typeof pagesLobbyPickerView)["en"]
  | keyof (typeof pagesLobbySeeksView)["en"]
  | keyof (typeof pagesLobbyView)["en"]
  | keyof (typeof pagesLobbyTournamentsCard)["en"]
  | keyof (typeof pagesLobbyChallengeDialog)["en"]
  | keyof (typeof pagesPuzzleModesView)["en"]
  | keyof (typeof pagesPuzzlesView)["en"]
  | keyof (typeof pagesSearchView)["en"]
  | keyof (typeof pagesSettingsView)["en"]
  | keyof (typeof pagesSettingsTokensView)["en"]
  | keyof (typeof pagesAccountProfileView)["en"]
  | keyof (typeof pagesAccountCareView)["en"]
  | keyof (typeof rematch)["en"]
  | keyof (typeof skipLink)["en"]
  | keyof (typeof spectatorChat)["en"]
  | keyof (typeof tags)["en"]
  | keyof (typeof pagesTournamentsTexts)["en"]
  | keyof (typeof pagesLeaguesTexts)["en"]
  | keyof (typeof pagesBotsView)["en"]
  | keyof (typeof turnBadge)["en"];
