-- What a game between people keeps besides its moves (the server's
-- core::people): when the first moves are due, whether takebacks are
-- allowed and the pending request, each seat's last draw offer, and who
-- left the game when; one JSON text per game.
CREATE TABLE game_people (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    state TEXT NOT NULL
) WITHOUT ROWID;
