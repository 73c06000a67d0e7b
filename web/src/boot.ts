// Runs in the page's <head> before anything is drawn (dist/boot.js, a plain blocking script):
// puts the player's theme on the root element, so a dark page does not flash light while the
// app's module loads.
import { applySettings } from "./settings.js";

applySettings();
