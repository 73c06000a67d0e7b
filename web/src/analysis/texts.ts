// The analysis board's texts for the evaluation bar, the graph's marks and accuracy, in English
// and German (the page's other texts are in pages/analysis/view.ts).

import { addTexts } from "../i18n.js";

/** This module's texts in English and German (their keys join `TextKey` through `text-keys.ts`). */
export const TEXTS = addTexts({
  en: {
    "ab.barCaption":
      "Evaluation from {name}'s view: + is good for {name}, 1.00 is 100 engine units. The bar is {name}'s expected score: half full is even.",
    "ab.graphX": "Move",
    "ab.graphY": "{name}'s expected score",
    "ab.graphAxis": "{name} (%)",
    "ab.mistake": "Mistake",
    "ab.blunder": "Blunder",
    "ab.mistakes": "Mistakes",
    "ab.blunders": "Blunders",
    "ab.accuracy": "Accuracy",
    "ab.player": "Player",
    "ab.thresholds":
      "A move is a mistake when it lowers the mover's expected score by {mistake} points of 100 or more, a blunder from {blunder} points (thresholds for {game}). Accuracy: 100 for a move that loses nothing, less the more it loses (lichess's formula), averaged over the player's moves.",
  },
  de: {
    "ab.barCaption":
      "Bewertung aus Sicht von {name}: + ist gut für {name}, 1,00 sind 100 Engine-Einheiten. Der Balken ist das erwartete Ergebnis von {name}: halb voll ist ausgeglichen.",
    "ab.graphX": "Zug",
    "ab.graphY": "Erwartetes Ergebnis von {name}",
    "ab.graphAxis": "{name} (%)",
    "ab.mistake": "Fehler",
    "ab.blunder": "Grober Fehler",
    "ab.mistakes": "Fehler",
    "ab.blunders": "Grobe Fehler",
    "ab.accuracy": "Genauigkeit",
    "ab.player": "Spieler",
    "ab.thresholds":
      "Ein Zug ist ein Fehler, wenn er das erwartete Ergebnis des Ziehenden um {mistake} von 100 Punkten oder mehr senkt, ein grober Fehler ab {blunder} Punkten (Schwellen für {game}). Genauigkeit: 100 für einen Zug, der nichts verliert, weniger, je mehr er verliert (Formel von lichess), gemittelt über die Züge des Spielers.",
  },
});
