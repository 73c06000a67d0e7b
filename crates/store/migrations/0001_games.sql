-- games, their seats and their moves.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    setup TEXT,
    kind TEXT NOT NULL,
    level INTEGER,
    created_ms BIGINT NOT NULL,
    result TEXT,
    reason TEXT,
    draw_offer TEXT
);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    engine BOOLEAN NOT NULL,
    token_hash TEXT,
    invite_hash TEXT,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    mv TEXT NOT NULL,
    played_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
