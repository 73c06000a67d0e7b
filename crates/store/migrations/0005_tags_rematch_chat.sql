-- imported records' tags, rematches, and the chat between the players.
ALTER TABLE games ADD COLUMN tags TEXT;
ALTER TABLE games ADD COLUMN rematch_offer TEXT;
ALTER TABLE games ADD COLUMN rematch_id TEXT;
CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
