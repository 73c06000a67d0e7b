-- evaluation graphs: a requested evaluation of a whole game, and the engine's score and best move at each of its plies.
CREATE TABLE evaluation_jobs (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    total INTEGER NOT NULL,
    requested_ms BIGINT NOT NULL
) WITHOUT ROWID;
CREATE TABLE evaluations (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    score INTEGER NOT NULL,
    best TEXT,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
