// Amakta Infinit: the same board module as Amakta (it draws the pannable
// plane, the bidding and the stone creation when the view says
// "amakta-infinit"); the lobby keeps the generic option fields.

export { createBoard, seatInfo, moveWords, moveGeometry } from "./amakta.js";
