-- puzzles: each puzzle's Glicko-2 rating (a row from its first rated attempt on; before that the set's rating holds), each account's puzzle rating per game, and the puzzles each account attempted (an attempt rates both once).
CREATE TABLE puzzle_ratings (
    puzzle_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL
);
CREATE INDEX puzzle_ratings_game ON puzzle_ratings(game);
CREATE TABLE puzzle_player_ratings (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE TABLE puzzle_attempts (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    puzzle_id TEXT NOT NULL,
    game TEXT NOT NULL,
    solved BOOLEAN NOT NULL,
    attempted_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_game ON puzzle_attempts(account_id, game);
